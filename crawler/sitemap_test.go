package crawler

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// discover runs Discover against srv with a store it does not touch.
func discover(t *testing.T, srv *httptest.Server, o DiscoverOptions) []Found {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "d.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	found, err := New(db, fastOptions(1)).Discover(context.Background(), srv.URL+"/", o)
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// The test site's robots.txt names a sitemap index (two children, one
// gzip'd) and a news sitemap; its pages announce an RSS feed. Every story
// comes out once, with its date, from the sitemaps; the feed adds nothing
// new but is read.
func TestDiscoverTestSite(t *testing.T) {
	site := testsite.New(testsite.Options{Sections: []string{"world", "tech"}, ArticlesPerSection: 30, DeepArchive: true, Sitemaps: true})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	found := discover(t, srv, DiscoverOptions{Feeds: []string{srv.URL + testsite.FeedURI}})
	byURI := map[string]Found{}
	for _, f := range found {
		u, _ := url.Parse(f.URL)
		if _, dup := byURI[u.RequestURI()]; dup {
			t.Errorf("%s found twice", f.URL)
		}
		byURI[u.RequestURI()] = f
	}
	for _, a := range site.Articles() {
		f, ok := byURI[a.URI]
		switch {
		case !ok:
			t.Errorf("story %s not found", a.URI)
		case f.Origin != OriginSitemap || !f.Lastmod.Equal(a.Published):
			t.Errorf("%s: origin %q lastmod %v, want sitemap and %v", a.URI, f.Origin, f.Lastmod, a.Published)
		}
	}
	if len(found) != len(site.Articles())+1 {
		t.Errorf("found %d URLs, want the %d stories and the home page", len(found), len(site.Articles()))
	}
	hits := site.Hits()
	for _, uri := range []string{testsite.SitemapIndexURI, testsite.PostsSitemapURI, testsite.PostsGzipURI, testsite.NewsSitemapURI, testsite.FeedURI} {
		if hits[uri] != 1 {
			t.Errorf("%s fetched %d times, want once", uri, hits[uri])
		}
	}
}

// Sitemaps and feeds gone wrong: what can be read is kept, the rest is
// skipped, and nothing off the crawl's hosts comes back.
func TestDiscoverBadInput(t *testing.T) {
	urlset := func(origin string, paths ...string) string {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for _, p := range paths {
			fmt.Fprintf(&b, "<url><loc>%s%s</loc><lastmod>2024-03-01</lastmod></url>", origin, p)
		}
		return b.String() + "</urlset>"
	}
	win1252, _ := charmap.Windows1252.NewEncoder().String(`<?xml version="1.0" encoding="windows-1252"?>
<rss version="2.0"><channel><title>Caf` + "\u00e9" + ` news</title><link>/</link>
<item><title>D` + "\u00e9" + `j` + "\u00e0" + ` vu</title><link>ORIGIN/a.html</link><pubDate>Fri, 15 Mar 2024 10:00:00 +0000</pubDate></item>
<item><title>Elsewhere</title><link>http://elsewhere.example/b.html</link></item>
</channel></rss>`)
	cases := []struct {
		name  string
		files map[string]string // path -> body; ORIGIN is replaced by the server's URL
		opts  DiscoverOptions
		want  []string // paths found
	}{
		{"no sitemap at all", map[string]string{}, DiscoverOptions{}, nil},
		{"sitemap.xml without robots.txt line", map[string]string{"/sitemap.xml": urlset("ORIGIN", "/a.html", "/b.html")}, DiscoverOptions{}, []string{"/a.html", "/b.html"}},
		{"malformed XML keeps what came before", map[string]string{"/sitemap.xml": urlset("ORIGIN", "/a.html")[:len(urlset("ORIGIN", "/a.html"))-9] + "<url><loc>ORIGIN/b.html</loc></url><url><loc>"}, DiscoverOptions{}, []string{"/a.html", "/b.html"}},
		{"index pointing to itself", map[string]string{
			"/sitemap.xml": `<sitemapindex><sitemap><loc>ORIGIN/sitemap.xml</loc></sitemap><sitemap><loc>ORIGIN/s2.xml</loc></sitemap></sitemapindex>`,
			"/s2.xml":      urlset("ORIGIN", "/a.html")}, DiscoverOptions{}, []string{"/a.html"}},
		{"index nesting past MaxDepth", map[string]string{
			"/sitemap.xml": `<sitemapindex><sitemap><loc>ORIGIN/i2.xml</loc></sitemap></sitemapindex>`,
			"/i2.xml":      `<sitemapindex><sitemap><loc>ORIGIN/s3.xml</loc></sitemap></sitemapindex>`,
			"/s3.xml":      urlset("ORIGIN", "/a.html")}, DiscoverOptions{MaxDepth: 2}, nil},
		{"off-site URLs and sitemaps", map[string]string{
			"/robots.txt":  "User-agent: *\nDisallow: /private/\nSitemap: http://elsewhere.example/sitemap.xml\nSitemap: ORIGIN/s.xml\n",
			"/s.xml":       urlset("ORIGIN", "/a.html", "/private/x.html") + urlset("http://elsewhere.example", "/c.html"),
			"/sitemap.xml": urlset("ORIGIN", "/never.html")}, DiscoverOptions{}, []string{"/a.html"}},
		{"URL limit", map[string]string{"/sitemap.xml": urlset("ORIGIN", "/a.html", "/b.html", "/c.html")}, DiscoverOptions{MaxURLs: 2}, []string{"/a.html", "/b.html"}},
		{"feed in Windows-1252", map[string]string{"/feed": win1252}, DiscoverOptions{Feeds: []string{"ORIGIN/feed"}}, []string{"/a.html"}},
		{"feed that is not a feed", map[string]string{"/feed": "<html><body>hello</body></html>"}, DiscoverOptions{Feeds: []string{"ORIGIN/feed"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var srv *httptest.Server
			srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, ok := c.files[r.URL.Path]
				if !ok {
					http.NotFound(w, r)
					return
				}
				w.Write([]byte(strings.ReplaceAll(body, "ORIGIN", srv.URL)))
			}))
			defer srv.Close()
			for i, f := range c.opts.Feeds {
				c.opts.Feeds[i] = strings.ReplaceAll(f, "ORIGIN", srv.URL)
			}
			var got []string
			for _, f := range discover(t, srv, c.opts) {
				u, _ := url.Parse(f.URL)
				if u.Host != strings.TrimPrefix(srv.URL, "http://") {
					t.Errorf("off-site URL %s", f.URL)
				}
				got = append(got, u.Path)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("found %v, want %v", got, c.want)
			}
		})
	}
}

// A 20 MB sitemap is streamed and cut at MaxBytes: the URLs before the cut
// are kept, and neither the body nor the URLs past the limit are held.
func TestDiscoverHugeSitemap(t *testing.T) {
	var body bytes.Buffer // made once: the race detector makes Fprintf slow
	var srv *httptest.Server
	srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sitemap.xml" {
			http.NotFound(w, r)
			return
		}
		w.Write(body.Bytes())
	}))
	srv.Start()
	body.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for i := 0; body.Len() < 20<<20; i++ {
		fmt.Fprintf(&body, "<url><loc>%s/story/%07d.html</loc></url>\n", srv.URL, i)
	}
	body.WriteString("</urlset>")
	defer srv.Close()
	start := time.Now()
	found := discover(t, srv, DiscoverOptions{MaxBytes: 2 << 20, MaxURLs: 1 << 20})
	perURL := len(fmt.Sprintf("<url><loc>%s/story/0000000.html</loc></url>\n", srv.URL))
	if want := (2 << 20) / perURL; len(found) < want-1 || len(found) > want+1 {
		t.Errorf("found %d URLs in the first 2 MiB, want about %d", len(found), want)
	}
	capped := discover(t, srv, DiscoverOptions{MaxURLs: 1000})
	if len(capped) != 1000 {
		t.Errorf("found %d URLs with MaxURLs 1000", len(capped))
	}
	t.Logf("two reads of a 20 MB sitemap in %s", time.Since(start).Round(time.Millisecond))
}
