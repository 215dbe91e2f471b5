package testsite

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func deepSite() *Site {
	return New(Options{Sections: []string{"world", "business", "tech"}, ArticlesPerSection: 100, PageSize: 5, DeepArchive: true, Sitemaps: true})
}

// The deep archive: every story is reachable, the old ones only through
// deep list pages, and a crawl that follows every link fetches far more
// pages than there are stories.
func TestDeepArchive(t *testing.T) {
	s := deepSite()
	kinds := map[string]int{}
	reach := s.Reach(30)
	for _, u := range reach {
		kinds[s.PageKind(u)]++
	}
	t.Logf("Reach(30): %d pages %v", len(reach), kinds)
	if kinds["article"] != 300 {
		t.Errorf("%d articles reachable, want 300", kinds["article"])
	}
	if share := float64(kinds["article"]) / float64(len(reach)); share > 0.45 {
		t.Errorf("articles are %.2f of the pages; a deep archive has many more list and trap pages", share)
	}
	shallow := 0
	for _, u := range s.Reach(3) {
		if s.PageKind(u) == "article" {
			shallow++
		}
	}
	if shallow > 150 {
		t.Errorf("%d stories within 3 links of home; the old ones should be deep", shallow)
	}
	// A variant lists the first page's stories on every page.
	first := s.TOCLinks("/world/")
	for _, u := range []string{"/world/?filter_by=popular", "/world/?filter_by=random&page=7"} {
		got := s.TOCLinks(u)
		if len(got) != len(first) || s.PageKind(u) != "toc" {
			t.Errorf("%s: %d TOC links (kind %s), want the first page's %d", u, len(got), s.PageKind(u), len(first))
		}
	}
	if k := s.PageKind(s.Articles()[0].URI + "?replytocom=100000"); k != "other" {
		t.Errorf("replytocom page kind %q, want other", k)
	}
	for _, u := range []string{"/author/grace-liu/", "/tag/ai/?page=2"} {
		if s.PageKind(u) != "toc" || len(s.TOCLinks(u)) == 0 {
			t.Errorf("%s: kind %s with %d TOC links", u, s.PageKind(u), len(s.TOCLinks(u)))
		}
	}
	// The default site does not change.
	if New(Options{}).Kind(AuthorProbe) != KindNotFound {
		t.Errorf("%s exists on the default site", AuthorProbe)
	}
}

// AuthorProbe is an author archive URI of the deep archive.
const AuthorProbe = "/author/grace-liu/"

// The sitemaps and the feed name every story once, with absolute URLs.
func TestSitemapFiles(t *testing.T) {
	s := deepSite()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(uri string) []byte {
		resp, err := http.Get(srv.URL + uri)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", uri, resp.StatusCode)
		}
		return b
	}
	robots := string(get(RobotsURI))
	if !strings.Contains(robots, "Sitemap: "+srv.URL+SitemapIndexURI) {
		t.Errorf("robots.txt has no Sitemap line: %q", robots)
	}
	locs := func(b []byte) []string {
		var v struct {
			URL []struct{ Loc string } `xml:"url"`
		}
		if err := xml.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, u := range v.URL {
			out = append(out, u.Loc)
		}
		return out
	}
	zr, err := gzip.NewReader(bytes.NewReader(get(PostsGzipURI)))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	all := append(locs(get(PostsSitemapURI)), locs(unzipped)...)
	if len(all) != 301 {
		t.Errorf("post sitemaps list %d URLs, want 300 stories and the home page", len(all))
	}
	if n := len(locs(get(NewsSitemapURI))); n != newsItems {
		t.Errorf("news sitemap lists %d, want %d", n, newsItems)
	}
	if !bytes.Contains(get("/"), []byte(`type="application/rss+xml"`)) || !bytes.Contains(get(FeedURI), []byte("<item>")) {
		t.Error("no feed link in the home page, or no item in the feed")
	}
}
