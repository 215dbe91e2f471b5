package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"infocrawl/mine"
	"infocrawl/store"
)

// benchStore holds n pages made from mine's Markdown fixtures (a news
// story, a blog post with code, a documentation page, a recipe), each
// with its mining result; withMarkdown false stores the results as
// mining wrote them before it wrote Markdown.
func benchStore(b *testing.B, n int, withMarkdown bool) *store.DB {
	b.Helper()
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), &store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	var bodies [][]byte
	var results []*mine.Result
	for _, name := range []string{"news", "blog", "docs", "recipe"} {
		body, err := os.ReadFile(filepath.Join("..", "mine", "testdata", "markdown", name+".html"))
		if err != nil {
			b.Fatal(err)
		}
		u, _ := url.Parse("https://example.org/" + name + ".html")
		bodies = append(bodies, body)
		results = append(results, mine.ExtractSite([]mine.Input{{Key: u.String(), URL: u, Body: body}}, mine.Options{}, true)[0])
	}
	w := db.NewWriter(store.WriterOptions{})
	var mined []store.Mined
	for i := range n {
		k := i % len(bodies)
		u := fmt.Sprintf("https://example.org/%05d.html", i)
		if err := w.PutPage(&store.Page{URL: u, FinalURL: u, Status: 200, Charset: "utf-8", FetchedAt: fetched, Body: bodies[k]}); err != nil {
			b.Fatal(err)
		}
		r := *results[k]
		r.Key, r.URL = u, u
		r.Article = append([]mine.Block(nil), r.Article...)
		if !withMarkdown {
			for j := range r.Article {
				r.Article[j].Markdown = ""
			}
		}
		data, _ := json.Marshal(&r)
		mined = append(mined, store.Mined{URL: u, Data: data})
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	if err := db.PutMined("c", nil, mined); err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkExport: the JSONL export without the markdown field (the
// export before it had one, from results without Markdown) and with it,
// side by side; and the md format, and Markdown rendered again from the
// stored pages (--no-links). ns/op is per export of 400 pages.
func BenchmarkExport(b *testing.B) {
	const n = 400
	for _, c := range []struct {
		name     string
		markdown bool
		opts     Options
	}{
		{"jsonl-without-markdown", false, Options{noMarkdown: true}},
		{"jsonl", true, Options{}},
		{"md", true, Options{Format: Markdown}},
		{"jsonl-no-links", true, Options{Markdown: mine.MarkdownOptions{NoLinks: true}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			db := benchStore(b, n, c.markdown)
			b.ResetTimer()
			for b.Loop() {
				sum, err := Write(context.Background(), io.Discard, db, c.opts)
				if err != nil || sum.Records != n {
					b.Fatal(sum, err)
				}
			}
		})
	}
}
