package store_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"infocrawl/store"
)

// A crawl's writes go through a Writer; reads see what it committed.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "store-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	db, err := store.Open(filepath.Join(dir, "news.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	w := db.NewWriter(store.WriterOptions{})
	w.Enqueue(store.Request{URL: "http://news.example/"})
	w.PutPage(&store.Page{URL: "http://news.example/", Status: 200, Body: []byte("<html>…</html>")})
	w.PutFailure(store.Failure{URL: "http://news.example/gone", Reason: "http-404", Status: 404})
	if err := w.Close(); err != nil { // commits what is pending
		log.Fatal(err)
	}

	p, err := db.Page("http://news.example/")
	if err != nil {
		log.Fatal(err)
	}
	pages, failures, queued, err := db.Counts()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d %s\n", p.Status, p.Body)
	fmt.Printf("pages %d, failures %d, queued %d\n", pages, failures, queued)
	// Output:
	// 200 <html>…</html>
	// pages 1, failures 1, queued 0
}
