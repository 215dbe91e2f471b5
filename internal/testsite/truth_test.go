package testsite

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// TestArticlesMatchServedPages extracts headline, author and body
// paragraphs from every served (and decoded) article page.
func TestArticlesMatchServedPages(t *testing.T) {
	s := New(Options{})
	arts := s.Articles()
	if len(arts) != 300 {
		t.Fatalf("%d articles, want 300", len(arts))
	}
	s.ResetHits()
	serveRec(s, s.FlakyURI(), nil) // consume the failure
	for _, a := range arts {
		rec := serveRec(s, a.URI, nil)
		if rec.Code != 200 {
			t.Fatalf("%s: status %d", a.URI, rec.Code)
		}
		doc := parseHTML(t, decodeBody(t, rec.Header().Get("Content-Type"), rec.Body.Bytes()))
		var title, author string
		var paras []string
		walk(doc, nil, func(n *html.Node, anc []*html.Node) {
			switch {
			case n.Data == "h1" && hasClass(n, "headline"):
				title = textOf(n)
			case n.Data == "span" && hasClass(n, "author"):
				author = textOf(n)
			case n.Data == "p" && len(anc) > 0 && hasClass(anc[len(anc)-1], "article-body"):
				paras = append(paras, textOf(n))
			}
		})
		if title != a.Title || author != a.Author || !equalStrings(paras, a.Paragraphs) {
			t.Errorf("%s: served title %q author %q paragraphs %q\ntruth: %q %q %q", a.URI, title, author, paras, a.Title, a.Author, a.Paragraphs)
		}
		if n := len(a.Paragraphs); n < 4 || n > 10 {
			t.Errorf("%s: %d paragraphs, want 4..10", a.URI, n)
		}
		wantPrefix := fmt.Sprintf("/%s/%s/", a.Section, a.Published.Format("2006/01/02"))
		if !strings.HasPrefix(a.URI, wantPrefix) || !strings.HasSuffix(a.URI, ".html") {
			t.Errorf("%s: URI does not match /<section>/<yyyy>/<mm>/<dd>/<slug>.html", a.URI)
		}
		got, ok := s.Article(a.URI)
		if !ok || got.Title != a.Title || !got.Published.Equal(a.Published) {
			t.Errorf("Article(%q) = %v, %v", a.URI, got, ok)
		}
	}
	if _, ok := s.Article("/world/"); ok {
		t.Error("Article(/world/) found an article")
	}
	arts[0].Paragraphs[0] = "changed"
	if s.Articles()[0].Paragraphs[0] == "changed" {
		t.Error("Articles() shares its slices with the site")
	}
}

// TestCJKTextEncodable checks the CJK truth text is encoded natively, not
// as numeric character references.
func TestCJKTextEncodable(t *testing.T) {
	s := New(Options{})
	for _, a := range s.Articles() {
		enc := map[string]func([]byte) ([]byte, error){
			"taiwan": traditionalchinese.Big5.NewEncoder().Bytes,
			"japan":  japanese.ShiftJIS.NewEncoder().Bytes,
		}[a.Section]
		if enc == nil {
			continue
		}
		for _, text := range append([]string{a.Title, a.Author}, a.Paragraphs...) {
			if _, err := enc([]byte(text)); err != nil {
				t.Errorf("%s: %q not encodable: %v", a.URI, text, err)
			}
		}
	}
}

// tocContainer reports whether an element is one of the TOC blocks of the
// markup.
func tocContainer(n *html.Node) bool {
	for _, c := range []string{"lead-story", "story-list", "article-list", "related-articles", "archive-list"} {
		if hasClass(n, c) {
			return true
		}
	}
	return false
}

func TestTOCLinks(t *testing.T) {
	s := New(Options{})
	arts := s.Articles()
	art := arts[10]
	tests := []struct {
		uri      string
		pageKind string
		min, max int
	}{
		{"/", "toc", 25, 25},
		{"/world/", "toc", 10, 10},
		{"/japan/?page=6&ref=nav", "toc", 10, 10},
		{ArchiveURI, "toc", 4, 30},
		{art.URI, "article", 3, 5},
		{AboutURI, "other", 0, 0},
		{PrivateURI, "other", 0, 0},
		{PDFURI, "other", 0, 0},
		{OldNewsURI, "other", 0, 0},
		{RemovedURI, "other", 0, 0},
	}
	base, _ := url.Parse("http://testsite.invalid/")
	for _, tt := range tests {
		if got := s.PageKind(tt.uri); got != tt.pageKind {
			t.Errorf("PageKind(%q) = %q, want %q", tt.uri, got, tt.pageKind)
		}
		toc := s.TOCLinks(tt.uri)
		if len(toc) < tt.min || len(toc) > tt.max {
			t.Errorf("TOCLinks(%q) has %d links, want %d..%d", tt.uri, len(toc), tt.min, tt.max)
		}
		links := s.Links(tt.uri)
		for _, l := range toc {
			if s.PageKind(l) != "article" || !slices.Contains(links, l) {
				t.Errorf("TOCLinks(%q): %s is not an article linked from the page", tt.uri, l)
			}
			if strings.HasPrefix(tt.uri, "/japan/") && !strings.HasPrefix(l, "/japan/") {
				t.Errorf("TOCLinks(%q): %s is outside the section", tt.uri, l)
			}
		}
		rec := serveRec(s, tt.uri, nil)
		if rec.Code != 200 {
			continue
		}
		pageURL, _ := base.Parse(tt.uri)
		doc := parseHTML(t, decodeBody(t, rec.Header().Get("Content-Type"), rec.Body.Bytes()))
		if got := servedLinks(t, doc, pageURL, tocContainer); !equalStrings(got, toc) {
			t.Errorf("%s: links in TOC markup %v, TOCLinks %v", tt.uri, got, toc)
		}
	}
	var related []string
	for _, l := range s.TOCLinks(art.URI) {
		a, _ := s.Article(l)
		if a.Section != art.Section || l == art.URI {
			t.Errorf("related link %s of %s is not another article of the section", l, art.URI)
		}
		related = append(related, l)
	}
	if len(related) == 0 {
		t.Error("no related links")
	}
}

func TestDeterminism(t *testing.T) {
	a, b := New(Options{}), New(Options{})
	uris := append(a.Reach(3), PrivateURI, "/archive/2020-02-29", RobotsURI, PDFURI, JPEGURI, RemovedURI, OldNewsURI)
	if !equalStrings(uris[:len(uris)-7], b.Reach(3)) {
		t.Fatal("Reach(3) differs between two sites")
	}
	hdr := map[string]string{"Accept-Encoding": "gzip, deflate"}
	for _, uri := range uris {
		for try := 0; try < 2; try++ { // the flaky page: compare both answers
			ra, rb := serveRec(a, uri, hdr), serveRec(b, uri, hdr)
			if ra.Code != rb.Code || !bytes.Equal(ra.Body.Bytes(), rb.Body.Bytes()) ||
				ra.Header().Get("Content-Encoding") != rb.Header().Get("Content-Encoding") {
				t.Errorf("%s: responses differ between two sites", uri)
			}
		}
	}
	c := New(Options{Seed: 2})
	if bytes.Equal(serveRec(a, "/", nil).Body.Bytes(), serveRec(c, "/", nil).Body.Bytes()) {
		t.Error("a different seed gives the same home page")
	}
}

func TestOptions(t *testing.T) {
	s := New(Options{Sections: []string{"business", "local-news"}, ArticlesPerSection: 7, PageSize: 3, Seed: 5})
	if got := s.Sections(); !equalStrings(got, []string{"business", "local-news"}) {
		t.Errorf("Sections() = %v", got)
	}
	if n := len(s.Articles()); n != 14 {
		t.Errorf("%d articles, want 14", n)
	}
	for uri, want := range map[string]Kind{
		"/local-news/?page=3": KindHTML, "/local-news/?page=4": KindNotFound, "/world/": KindNotFound,
	} {
		if got := s.Kind(uri); got != want {
			t.Errorf("Kind(%q) = %v, want %v", uri, got, want)
		}
	}
	if got := s.RedirectTarget(OldNewsURI); got != "/business/" {
		t.Errorf("RedirectTarget(%q) = %q without a world section", OldNewsURI, got)
	}
	if got := len(s.TOCLinks("/local-news/?page=3")); got != 1 {
		t.Errorf("last front page lists %d articles, want 1", got)
	}
	if d := New(Options{}); len(d.Articles()) != 300 || len(d.Sections()) != 5 {
		t.Errorf("defaults: %d articles in %d sections", len(d.Articles()), len(d.Sections()))
	}
	one := New(Options{Sections: []string{"tech"}, ArticlesPerSection: 1})
	if got := one.Reach(2); len(got) == 0 || one.FlakyURI() != one.Articles()[0].URI {
		t.Errorf("one-article site: Reach(2) = %v, flaky %q", got, one.FlakyURI())
	}
	for _, bad := range [][]string{{"world", "world"}, {"files"}, {"Bad"}, {""}, {"a/b"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New with sections %q did not panic", bad)
				}
			}()
			New(Options{Sections: bad})
		}()
	}
}
