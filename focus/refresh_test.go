package focus

import (
	"context"
	"errors"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"infocrawl/crawler"
	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// refreshSite is the deep-archive test site (hundreds of lists) with
// cache validators.
func refreshSite(ignoreConditional bool) *testsite.Site {
	return testsite.New(testsite.Options{Sections: []string{"world", "tech"},
		ArticlesPerSection: 200, PageSize: 10, DeepArchive: true, Validators: true, IgnoreConditional: ignoreConditional})
}

// crawlForRefresh runs a focused crawl of the site served at srv into a
// new store.
func crawlForRefresh(t *testing.T, srvURL string, sitemaps bool) (*store.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.db")
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	err = Run(context.Background(), db, Options{Entry: srvURL + "/", Crawl: crawler.Options{Depth: 30, Parallel: 8}, LearnDepth: 1, Sitemaps: sitemaps})
	if err != nil {
		t.Fatal(err)
	}
	return db, path
}

// TestRefreshMeasured: after the site publishes N stories (and changes
// every page's "Breaking" box), a refresh fetches the N stories and the
// lists it revisits, nothing else (counted by the server), revisits at
// most 15% of the site's lists, and mines the new stories as well as the
// first crawl mined its own; a second refresh right after fetches only
// lists, answered 304 where the server honours conditional requests.
func TestRefreshMeasured(t *testing.T) {
	for _, tt := range []struct {
		name   string
		ignore bool
	}{{"conditional GET honoured", false}, {"server ignores conditional GET", true}} {
		t.Run(tt.name, func(t *testing.T) {
			site := refreshSite(tt.ignore)
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			db, _ := crawlForRefresh(t, srv.URL, false)
			var crawled []string
			db.Pages(false, func(p *store.Page) error { crawled = append(crawled, uriOf(p.URL)); return nil })
			firstF1, _, _, _ := siteScore(site, db, srv.URL, crawled)

			const n = 6
			ch := site.Advance(n * time.Hour)
			if len(ch.New) != n {
				t.Fatalf("Advance published %d stories, want %d", len(ch.New), n)
			}
			site.ResetHits()
			r1, err := Refresh(context.Background(), db, RefreshOptions{Crawl: crawler.Options{Parallel: 8}})
			if err != nil {
				t.Fatal(err)
			}
			hits := site.Hits()
			isNew := map[string]bool{}
			for _, u := range ch.New {
				isNew[u] = true
				if hits[u] != 1 {
					t.Errorf("new story %s fetched %d times, want 1", u, hits[u])
				}
			}
			lists, other, revisited := 0, []string{}, []string{}
			for u, k := range hits {
				switch {
				case isNew[u]:
				case u == testsite.RobotsURI:
				case site.PageKind(u) == "toc":
					lists += k
					revisited = append(revisited, u)
				default:
					other = append(other, u)
				}
			}
			sort.Strings(other)
			if len(other) > 0 {
				t.Errorf("round 1 fetched pages that are neither new stories nor lists: %v", other)
			}
			sort.Strings(revisited)
			t.Logf("round 1 revisited %v", revisited)
			siteLists := len(site.Lists())
			share := float64(lists) / float64(siteLists)
			t.Logf("round 1: %d fetches (server): %d new stories, %d lists of the site's %d (%.1f%%), robots.txt %d; store: %+v",
				total(hits), n, lists, siteLists, 100*share, hits[testsite.RobotsURI], *r1)
			if share > 0.15 {
				t.Errorf("revisited %.1f%% of the lists, want ≤ 15%%", 100*share)
			}
			if r1.New != n {
				t.Errorf("round 1 stored %d new pages, want %d", r1.New, n)
			}
			newF1, _, _, kinds := siteScore(site, db, srv.URL, ch.New)
			t.Logf("article F1: first crawl %.3f, new stories %.3f", firstF1, newF1)
			if len(kinds) != n || newF1 < firstF1-0.01 {
				t.Errorf("new stories: %d mined, F1 %.3f; want %d, ≥ the first crawl's %.3f", len(kinds), newF1, n, firstF1)
			}

			site.ResetHits()
			r2, err := Refresh(context.Background(), db, RefreshOptions{Crawl: crawler.Options{Parallel: 8}})
			if err != nil {
				t.Fatal(err)
			}
			hits = site.Hits()
			for u := range hits {
				if u != testsite.RobotsURI && site.PageKind(u) != "toc" {
					t.Errorf("round 2 fetched %s, not a list", u)
				}
			}
			t.Logf("round 2: %d fetches (server); store: %+v", total(hits), *r2)
			wantNotModified := r2.Fetched
			if tt.ignore {
				wantNotModified = 0
			}
			if r2.New != 0 || r2.NotModified != wantNotModified || r2.Fetched == 0 {
				t.Errorf("round 2: %d new, %d of %d not modified; want 0 new, %d not modified", r2.New, r2.NotModified, r2.Fetched, wantNotModified)
			}
		})
	}
}

func total(hits map[string]int) int {
	n := 0
	for _, k := range hits {
		n += k
	}
	return n
}

// uriOf is a stored key's request URI on the test site.
func uriOf(key string) string {
	u, err := url.Parse(key)
	if err != nil {
		return key
	}
	return testsite.CanonicalURI(u)
}

// TestRefreshSitemaps: a crawl that used sitemaps and feeds reads them
// again each round; the new stories are fetched once each, whether a
// list or the feed gave them, and nothing but lists, robots.txt and the
// sitemaps and feed is fetched besides.
func TestRefreshSitemaps(t *testing.T) {
	site := testsite.New(testsite.Options{Sections: []string{"world", "tech"},
		ArticlesPerSection: 200, PageSize: 10, DeepArchive: true, Sitemaps: true, Validators: true})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	db, _ := crawlForRefresh(t, srv.URL, true)
	ch := site.Advance(4 * time.Hour)
	site.ResetHits()
	r, err := Refresh(context.Background(), db, RefreshOptions{Crawl: crawler.Options{Parallel: 8}})
	if err != nil {
		t.Fatal(err)
	}
	hits := site.Hits()
	for _, u := range ch.New {
		if hits[u] != 1 {
			t.Errorf("new story %s fetched %d times, want 1", u, hits[u])
		}
		delete(hits, u)
	}
	files := 0
	for u, k := range hits {
		switch {
		case u == testsite.RobotsURI, u == testsite.SitemapIndexURI, u == testsite.PostsSitemapURI,
			u == testsite.PostsGzipURI, u == testsite.NewsSitemapURI, u == testsite.FeedURI:
			files += k
		case site.PageKind(u) != "toc":
			t.Errorf("fetched %s (%d times): not a new story, a list or a sitemap", u, k)
		}
	}
	t.Logf("round 1 with sitemaps: %d new stories, %d fetches in all, %d of them robots.txt, sitemaps and the feed; store: %+v", len(ch.New), total(site.Hits()), files, *r)
	if r.New != len(ch.New) {
		t.Errorf("round stored %d new pages, want %d", r.New, len(ch.New))
	}
}

// TestRefreshRefusesUnfinished: a crawl with work left is not refreshed.
func TestRefreshRefusesUnfinished(t *testing.T) {
	db := openStore(t)
	w := db.NewWriter(store.WriterOptions{})
	w.Enqueue(store.Request{URL: "http://x/"})
	w.Close()
	db.SetEntry("http://x/")
	db.SetPhase(phaseFocus)
	if _, err := Refresh(context.Background(), db, RefreshOptions{}); !errors.Is(err, ErrUnfinished) {
		t.Fatalf("refresh of an unfinished crawl: %v, want ErrUnfinished", err)
	}
}
