package focus_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"

	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// Run a focused crawl of the built-in test news site: learn from the
// pages one link from the home page, then follow only story lists, to
// three links deep. Every page stored is mined on the way.
func ExampleRun() {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	dir, err := os.MkdirTemp("", "focus-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "news.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	err = focus.Run(context.Background(), db, focus.Options{
		Entry:      srv.URL + "/",
		Crawl:      crawler.Options{Depth: 3, Parallel: 8},
		LearnDepth: 1,
	})
	if err != nil {
		log.Fatal(err)
	}

	pages, mined, articles := 0, 0, 0
	db.Pages(false, func(*store.Page) error { pages++; return nil })
	mine.EachResult(db, func(_ string, r *mine.Result) error {
		mined++
		if r.Kind == mine.KindArticle || r.Kind == mine.KindArticleTOC {
			articles++
		}
		return nil
	})
	phase, _ := db.Phase()
	fmt.Printf("phase %s; every page mined: %v; 250 articles or more: %v\n", phase, mined == pages, articles >= 250)
	// Output:
	// phase focus; every page mined: true; 250 articles or more: true
}
