package export_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"infocrawl/export"
	"infocrawl/focus"
	"infocrawl/mine"
	"infocrawl/store"
)

// story is a page of a small news site: its template around a story.
func story(headline, topic string) []byte {
	return []byte(`<html><head><title>` + headline + `</title></head><body>
<nav><a href="/">Home</a> <a href="/world/">World</a> <a href="/sport/">Sport</a></nav>
<article><h1>` + headline + `</h1>
<p>Residents gathered on the quay to hear what the harbour master had to say about the ` + topic + `, and most stayed long after.</p>
<p>The ` + topic + ` has divided the town: shopkeepers welcome it, while the older fishermen say the harbour was never built for it.</p>
<p>A public meeting about the ` + topic + ` is planned for next month in the town hall, where the council will answer questions.</p>
</article><footer>© Harbour News. All rights reserved.</footer></body></html>`)
}

// Write exports a mined store: here, three stories as JSONL.
func ExampleWrite() {
	dir, err := os.MkdirTemp("", "export-example-")
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
	for i, topic := range []string{"new ferry", "storm damage", "regatta"} {
		u := fmt.Sprintf("http://news.example/world/%d.html", i+1)
		w.PutPage(&store.Page{URL: u, FinalURL: u, Status: 200, FetchedAt: time.Date(2026, 11, 23, 9, i, 0, 0, time.UTC),
			Body: story("Harbour town talks about the "+topic, topic)})
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	if _, err := focus.MineStore(context.Background(), db, mine.Options{}, false, nil); err != nil {
		log.Fatal(err)
	}

	var out strings.Builder
	sum, err := export.Write(context.Background(), &out, db, export.Options{Format: export.JSONL})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var rec export.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s %s %q, %d characters, fetched %s\n", rec.URL, rec.Kind, rec.Title, len(rec.Text), rec.FetchedAt)
	}
	fmt.Println(sum.Records, "records")
	// Output:
	// http://news.example/world/1.html article "Harbour town talks about the new ferry", 372 characters, fetched 2026-11-23T09:00:00Z
	// http://news.example/world/2.html article "Harbour town talks about the storm damage", 381 characters, fetched 2026-11-23T09:01:00Z
	// http://news.example/world/3.html article "Harbour town talks about the regatta", 366 characters, fetched 2026-11-23T09:02:00Z
	// 3 records
}
