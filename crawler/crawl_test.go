package crawler

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// fastOptions keeps retries but makes their waits short.
func fastOptions(depth int) Options {
	return Options{Depth: depth, Parallel: 8, RetryBackoff: 5 * time.Millisecond, Timeout: 5 * time.Second}
}

type crawled struct {
	db    *store.DB
	res   *Result
	pages map[string]*store.Page // by site URI of the final URL
	fails map[string]store.Failure
}

func crawlSite(t *testing.T, srv *httptest.Server, opts Options, path string) *crawled {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "crawl.db")
	}
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, err := New(db, opts).Run(context.Background(), srv.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	c := &crawled{db: db, res: res, pages: map[string]*store.Page{}, fails: map[string]store.Failure{}}
	err = db.Pages(true, func(p *store.Page) error {
		c.pages[siteURI(t, p.FinalURL)] = p
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Failures(func(f store.Failure) error { c.fails[siteURI(t, f.URL)] = f; return nil })
	return c
}

func siteURI(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if u.RawQuery != "" {
		return u.EscapedPath() + "?" + u.RawQuery
	}
	return u.EscapedPath()
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func diff(got, want []string) (missing, extra []string) {
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			extra = append(extra, g)
		}
	}
	return missing, extra
}

// The stored set is exactly what a BFS over the site's own link graph
// reaches, and no URL is requested twice (the flaky page's retry aside).
func TestCrawlMatchesSiteGraph(t *testing.T) {
	for _, depth := range []int{0, 1, 3} {
		t.Run("depth"+string(rune('0'+depth)), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			c := crawlSite(t, srv, fastOptions(depth), "")

			missing, extra := diff(keys(c.pages), site.Reach(depth))
			if len(missing)+len(extra) > 0 {
				t.Fatalf("stored set differs from the site's BFS at depth %d:\nmissing %v\nextra %v", depth, missing, extra)
			}
			for uri, n := range site.Hits() {
				if n > 1 && uri != site.FlakyURI() {
					t.Errorf("%s fetched %d times", uri, n)
				}
			}
			skipped := 0
			for _, f := range c.fails {
				if f.Reason == ReasonContentType {
					skipped++
				}
			}
			if want := len(site.ReachNonHTML(depth)); skipped != want || c.res.Skipped != int64(want) {
				t.Errorf("non-HTML skipped: %d recorded, %d counted, want %d", skipped, c.res.Skipped, want)
			}
		})
	}
}

func TestCrawlRobotsTrapCharsetsRetry(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	const depth = 3
	c := crawlSite(t, srv, fastOptions(depth), "")
	hits := site.Hits()

	t.Run("robots", func(t *testing.T) {
		if hits["/robots.txt"] != 1 {
			t.Errorf("robots.txt fetched %d times, want 1", hits["/robots.txt"])
		}
		for uri, f := range c.fails {
			if strings.HasPrefix(uri, "/private/") {
				if f.Reason != ReasonRobots || hits[uri] != 0 {
					t.Errorf("%s: reason %q after %d hits; want robots and no fetch", uri, f.Reason, hits[uri])
				}
				return
			}
		}
		t.Error("no robots failure recorded for /private/")
	})
	t.Run("trap", func(t *testing.T) {
		for uri, p := range c.pages {
			if strings.HasPrefix(uri, "/archive/") && p.Depth > depth {
				t.Errorf("calendar page %s at depth %d beyond %d", uri, p.Depth, depth)
			}
		}
	})
	t.Run("charsets", func(t *testing.T) {
		want := map[string]struct{ charset, text string }{
			"/taiwan/": {"big5", testsite.TaiwanSectionTitle},
			"/japan/":  {"shift_jis", testsite.JapanSectionTitle},
		}
		for uri, w := range want {
			p, ok := c.pages[uri]
			if !ok {
				t.Fatalf("%s not stored", uri)
			}
			if p.Charset != w.charset || !strings.Contains(string(p.Body), w.text) {
				t.Errorf("%s: charset %q, body has %q: %v; want %q", uri, p.Charset, w.text, strings.Contains(string(p.Body), w.text), w.charset)
			}
		}
		// Every page of both sections is decoded as x/text decodes it,
		// and keeps its Content-Type as received.
		decoders := map[string]encoding.Encoding{"/taiwan/": traditionalchinese.Big5, "/japan/": japanese.ShiftJIS}
		for uri, p := range c.pages {
			var enc encoding.Encoding
			for prefix, e := range decoders {
				if strings.HasPrefix(uri, prefix) {
					enc = e
				}
			}
			if enc == nil {
				continue
			}
			resp, err := srv.Client().Get(srv.URL + uri)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			want, _ := enc.NewDecoder().Bytes(raw)
			if !bytes.Equal(p.Body, want) {
				t.Errorf("%s: stored body differs from x/text's decoding", uri)
			}
			if ct := resp.Header.Get("Content-Type"); p.ContentType != ct || p.Header.Get("Content-Type") != ct {
				t.Errorf("%s: content type %q, header %q; served %q", uri, p.ContentType, p.Header.Get("Content-Type"), ct)
			}
		}
	})
	t.Run("retry", func(t *testing.T) {
		flaky := site.FlakyURI()
		if p, ok := c.pages[flaky]; !ok || p.Status != 200 || hits[flaky] != 2 {
			t.Errorf("flaky page %s: stored %v after %d hits; want stored after 2", flaky, ok, hits[flaky])
		}
	})
	t.Run("redirects", func(t *testing.T) {
		if f, ok := c.fails["/loop/a"]; !ok || f.Reason != ReasonRedirectLoop {
			t.Errorf("/loop/a: %+v; want a redirect-loop failure", f)
		}
	})
}

// --max-pages stops at the limit; a second run with a larger limit goes on
// without fetching a stored page again.
func TestMaxPagesThenContinue(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "crawl.db")
	opts := fastOptions(3)
	opts.MaxPages = 40
	c := crawlSite(t, srv, opts, path)
	if len(c.pages) != 40 || !c.res.Limited || c.res.Frontier == 0 {
		t.Fatalf("first run: %d pages, limited %v, frontier %d; want 40, true, >0", len(c.pages), c.res.Limited, c.res.Frontier)
	}
	c.db.Close()
	first := site.Hits()
	opts.MaxPages = 0
	c = crawlSite(t, srv, opts, path)
	if got, want := keys(c.pages), site.Reach(3); !slices.Equal(got, want) {
		t.Fatalf("after the second run: %d pages, want %d", len(got), len(want))
	}
	for uri, n := range site.Hits() {
		if n > 1 && uri != "/robots.txt" && uri != site.FlakyURI() {
			t.Errorf("%s fetched %d times (%d in the first run)", uri, n, first[uri])
		}
	}
}
