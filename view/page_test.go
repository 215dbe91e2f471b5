package view

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"infocrawl/crawler"
	"infocrawl/mine"
	"infocrawl/store"
)

func TestPageOutlines(t *testing.T) {
	cases := []struct {
		name     string
		uri      string
		kind     string   // every block of this kind is outlined at its path
		template []string // paths' last steps outlined grey
	}{
		{"article", articleURI(t), "article", []string{"div#header.site-header", "div#footer.site-footer"}},
		{"section front", "/world/", "toc", []string{"div#footer.site-footer"}},
		{"home", "/", "toc", []string{"div#footer.site-footer"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			key := siteKey(t, c.uri)
			res, err := mine.LoadResult(fixture.db, key)
			if err != nil {
				t.Fatal(err)
			}
			page, err := Page(fixture.db, key, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, doc := outlined(t, page)
			blocks := res.Article
			if c.kind == "toc" {
				blocks = res.TOC
			}
			if len(blocks) == 0 {
				t.Fatalf("%s mined as %s: no %s blocks", c.uri, res.Kind, c.kind)
			}
			for _, b := range blocks {
				for _, p := range b.Paths {
					if !slices.Contains(got[c.kind], p) {
						t.Errorf("%s block %s not outlined; outlined %v", c.kind, p, got[c.kind])
					}
				}
			}
			for _, want := range c.template {
				if !hasSuffix(got["template"], "/"+want) {
					t.Errorf("template %s not outlined; outlined %v", want, got["template"])
				}
			}
			checkInert(t, doc)
		})
	}
}

func hasSuffix(paths []string, suffix string) bool {
	for _, p := range paths {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

// checkInert: the only script is the view's counter, no element has an
// event handler or a javascript: link, and the view's base and style are
// in the head.
func checkInert(t *testing.T, doc *html.Node) {
	t.Helper()
	var scripts, bases, styles int
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script":
				scripts++
				if n.FirstChild == nil || !strings.Contains(n.FirstChild.Data, "data-ic-rendered") {
					t.Errorf("a script of the page survived: %v", n.Attr)
				}
			case "base":
				bases++
			case "style":
				styles++
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || strings.HasPrefix(strings.TrimSpace(a.Val), "javascript:") {
					t.Errorf("<%s %s=%q> survived", n.Data, a.Key, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if scripts != 1 || bases != 1 || styles < 1 {
		t.Errorf("got %d scripts, %d bases, %d styles; want 1, 1, ≥1", scripts, bases, styles)
	}
}

func TestPageErrors(t *testing.T) {
	// A store crawled but not mined: one page, the entry.
	db, err := store.Open(filepath.Join(t.TempDir(), "unmined.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := crawler.New(db, crawler.Options{Depth: 0}).Run(context.Background(), fixture.srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		db   *store.DB
		url  string
		want error
		msg  string
	}{
		{"unknown url", fixture.db, fixture.srv.URL + "/no/such/page.html", ErrNotStored, "page not stored"},
		{"not mined", db, siteKey(t, "/"), ErrNotMined, "run infocrawl mine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Page(c.db, c.url, Options{})
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want %v (%q)", err, c.want, c.msg)
			}
		})
	}
}
