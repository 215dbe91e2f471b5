package view

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// fixture is the test site crawled to depth 2 and mined, shared by the
// package's tests; the site keeps serving so the view's <base> resolves.
var fixture struct {
	site *testsite.Site
	srv  *httptest.Server
	db   *store.DB
}

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "infocrawl-view-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	fixture.site = testsite.New(testsite.Options{})
	fixture.srv = httptest.NewServer(fixture.site.Handler())
	defer fixture.srv.Close()
	db, err := store.Open(filepath.Join(dir, "site.db"), &store.Options{NoSync: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := crawler.New(db, crawler.Options{Depth: 2, Parallel: 8}).Run(ctx, fixture.srv.URL+"/"); err != nil {
		fmt.Fprintln(os.Stderr, "crawl:", err)
		return 1
	}
	if _, err := focus.MineStore(ctx, db, mine.Options{}, false, nil); err != nil {
		fmt.Fprintln(os.Stderr, "mine:", err)
		return 1
	}
	fixture.db = db
	return m.Run()
}

// siteKey is the store key of a test site URI.
func siteKey(t testing.TB, uri string) string {
	t.Helper()
	key, err := crawler.Canonical(fixture.srv.URL + uri)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// articleURI is a stored article page of the test site.
func articleURI(t testing.TB) string {
	t.Helper()
	for _, a := range fixture.site.Articles() {
		if r, err := mine.LoadResult(fixture.db, siteKey(t, a.URI)); err == nil && r.Kind != mine.KindTOC {
			return a.URI
		}
	}
	t.Fatal("no article page stored")
	return ""
}

// outlined parses a rendered view and returns its outlined elements' paths
// by kind, and the elements themselves.
func outlined(t testing.TB, page []byte) (map[string][]string, *html.Node) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, k := range strings.Fields(attr(n, "data-ic-kind")) {
				got[k] = append(got[k], attr(n, "data-ic-path"))
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return got, doc
}
