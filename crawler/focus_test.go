package crawler

import (
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// With Follow set, the crawl fetches the entry, the seeds and what Follow
// picks, nothing else; Follow sees every page, even at the last depth.
func TestFollowAndSeeds(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	var mu sync.Mutex
	var saw []string
	opts := fastOptions(2)
	seed := srv.URL + "/about.html"
	opts.Seeds = []store.Request{{URL: seed, Depth: 1, Referrer: srv.URL + "/"}, {URL: srv.URL + "/contact.html", Depth: 3}}
	opts.Follow = func(p *store.Page) []string {
		mu.Lock()
		saw = append(saw, siteURI(t, p.FinalURL))
		mu.Unlock()
		if siteURI(t, p.URL) == "/" {
			// Only section fronts, and one off-site link that scope drops.
			var out []string
			for _, l := range site.Links("/") {
				if strings.Count(l, "/") == 2 && strings.HasSuffix(l, "/") && l != "/" {
					out = append(out, srv.URL+l)
				}
			}
			return append(out, "http://elsewhere.example/x.html")
		}
		return nil
	}
	c := crawlSite(t, srv, opts, filepath.Join(t.TempDir(), "f.db"))
	got := keys(c.pages)
	want := []string{"/", "/about.html"}
	for _, l := range site.Links("/") {
		if strings.Count(l, "/") == 2 && strings.HasSuffix(l, "/") && l != "/" {
			want = append(want, l)
		}
	}
	sort.Strings(want)
	want = slices.Compact(want)
	if len(want) < 4 {
		t.Fatalf("the home page links %d section fronts; the test needs several", len(want)-2)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("stored %v, want %v (the seed beyond --depth is not fetched)", got, want)
	}
	sort.Strings(saw)
	if !slices.Equal(saw, got) {
		t.Errorf("Follow saw %v, want every stored page %v", saw, got)
	}
}
