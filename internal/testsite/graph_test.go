package testsite

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestCanonicalURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h/", "/"},
		{"http://h", "/"},
		{"/world/?ref=nav&page=2", "/world/?page=2&ref=nav"},
		{"/world/?page=2&ref=nav#top", "/world/?page=2&ref=nav"},
		{"/a?b=2&a=1&b=1", "/a?a=1&b=1&b=2"},
		{"/a?", "/a"},
		{"/a?x", "/a?x="},
		{"/a?q=hello+world", "/a?q=hello+world"},
		{"/tech/2024/03/14/x.html#comments", "/tech/2024/03/14/x.html"},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := CanonicalURI(u); got != tt.want {
			t.Errorf("CanonicalURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestKind(t *testing.T) {
	s := New(Options{})
	tests := []struct {
		uri    string
		kind   Kind
		target string
	}{
		{"/", KindHTML, ""},
		{"/world/", KindHTML, ""},
		{"/world/?page=6&ref=nav", KindHTML, ""},
		{"/world/?page=7", KindNotFound, ""},
		{s.Articles()[0].URI, KindHTML, ""},
		{s.FlakyURI(), KindHTML, ""},
		{AboutURI, KindHTML, ""},
		{"/archive/1999-12-31", KindHTML, ""},
		{"/archive/1999-02-30", KindNotFound, ""},
		{PrivateURI, KindDisallowed, ""},
		{"/private/other.html", KindDisallowed, ""},
		{RobotsURI, KindNonHTML, ""},
		{PDFURI, KindNonHTML, ""},
		{JPEGURI, KindNonHTML, ""},
		{OldNewsURI, KindRedirect, "/world/"},
		{LoopAURI, KindRedirect, LoopBURI},
		{LoopBURI, KindRedirect, LoopAURI},
		{"/world", KindRedirect, "/world/"},
		{RemovedURI, KindNotFound, ""},
		{"/nope", KindNotFound, ""},
	}
	for _, tt := range tests {
		if got := s.Kind(tt.uri); got != tt.kind {
			t.Errorf("Kind(%q) = %v, want %v", tt.uri, got, tt.kind)
		}
		if got := s.RedirectTarget(tt.uri); got != tt.target {
			t.Errorf("RedirectTarget(%q) = %q, want %q", tt.uri, got, tt.target)
		}
	}
}

// TestLinksMatchServedHTML parses the <a href> of served pages and compares
// them, in order, with Links.
func TestLinksMatchServedHTML(t *testing.T) {
	for _, opts := range []Options{{}, {Sections: []string{"tech", "local-news"}, ArticlesPerSection: 7, PageSize: 3, Seed: 9}} {
		s := New(opts)
		srv := httptest.NewServer(s.Handler())
		c := rawClient(srv)
		base, _ := url.Parse(srv.URL)
		pages := append(s.Reach(3), PrivateURI, "/archive/2001-01-01", "/archive/0000-01-01", "/archive/9999-12-31")
		for _, uri := range pages {
			resp, body := get(t, c, srv, uri, nil)
			if resp.StatusCode == http.StatusInternalServerError {
				resp, body = get(t, c, srv, uri, nil) // the flaky page
			}
			if resp.StatusCode != 200 {
				t.Errorf("%s: status %d", uri, resp.StatusCode)
				continue
			}
			pageURL := base.ResolveReference(&url.URL{Path: "/"})
			pageURL, _ = pageURL.Parse(uri)
			got := servedLinks(t, parseHTML(t, string(body)), pageURL, nil)
			if want := s.Links(uri); !equalStrings(got, want) {
				t.Errorf("%s: served links differ from Links\nserved: %v\nLinks:  %v", uri, got, want)
			}
		}
		srv.Close()
	}
}

func TestLinksOfNonPages(t *testing.T) {
	s := New(Options{})
	for _, uri := range []string{PDFURI, RobotsURI, OldNewsURI, LoopAURI, RemovedURI, "/world/?page=0"} {
		if l := s.Links(uri); l != nil {
			t.Errorf("Links(%q) = %v, want nil", uri, l)
		}
	}
	home := s.Links("/")
	for _, want := range []string{"/", "/world/", AboutURI, PrivateURI, ArchiveURI, OldNewsURI, "/world", "/world/?page=2&ref=nav"} {
		if !slices.Contains(home, want) {
			t.Errorf("Links(/) lacks %q", want)
		}
	}
	for _, l := range home {
		if strings.Contains(l, "#") || strings.HasPrefix(l, "mailto:") || strings.Contains(l, "example-adnet") {
			t.Errorf("Links(/) has non-canonical or external %q", l)
		}
	}
}

func TestReach(t *testing.T) {
	s := New(Options{})
	if got := s.Reach(0); !equalStrings(got, []string{"/"}) {
		t.Fatalf("Reach(0) = %v", got)
	}
	if got := s.Reach(-1); got != nil {
		t.Errorf("Reach(-1) = %v", got)
	}
	prev := s.Reach(0)
	for d := 1; d <= 5; d++ {
		r := s.Reach(d)
		if !sort.StringsAreSorted(r) {
			t.Errorf("Reach(%d) not sorted", d)
		}
		if len(r) <= len(prev) {
			t.Errorf("Reach(%d) has %d pages, Reach(%d) %d: must grow", d, len(r), d-1, len(prev))
		}
		for _, u := range prev {
			if _, ok := slices.BinarySearch(r, u); !ok {
				t.Errorf("Reach(%d) lacks %s of Reach(%d)", d, u, d-1)
			}
		}
		calendar := 0
		for _, u := range r {
			if k := s.Kind(u); k != KindHTML {
				t.Errorf("Reach(%d) has %s of kind %v", d, u, k)
			}
			if strings.HasPrefix(u, ArchivePath) {
				calendar++
			}
		}
		if calendar != 2*d-1 {
			t.Errorf("Reach(%d) has %d calendar pages, want %d", d, calendar, 2*d-1)
		}
		prev = r
	}
	r3 := s.Reach(3)
	t.Logf("Reach(1)=%d Reach(2)=%d Reach(3)=%d pages", len(s.Reach(1)), len(s.Reach(2)), len(r3))
	for _, a := range s.Articles() {
		if _, ok := slices.BinarySearch(r3, a.URI); !ok {
			t.Errorf("Reach(3) lacks article %s", a.URI)
		}
	}
	if got := s.ReachNonHTML(1); len(got) != 0 {
		t.Errorf("ReachNonHTML(1) = %v, want none", got)
	}
	if got, want := s.ReachNonHTML(2), []string{PDFURI, JPEGURI}; !equalStrings(got, want) {
		t.Errorf("ReachNonHTML(2) = %v, want %v", got, want)
	}
}

// TestReachMatchesCrawl crawls the served site with a minimal polite
// crawler and compares the stored pages with Reach.
func TestReachMatchesCrawl(t *testing.T) {
	for _, depth := range []int{1, 2, 3} {
		s := New(Options{})
		srv := httptest.NewServer(s.Handler())
		pages, non := crawl(t, srv, depth)
		if want := s.Reach(depth); !equalStrings(pages, want) {
			t.Errorf("depth %d: crawl stored %d pages, Reach %d\ncrawl: %v\nReach: %v", depth, len(pages), len(want), pages, want)
		}
		if want := s.ReachNonHTML(depth); !equalStrings(non, want) {
			t.Errorf("depth %d: crawl found non-HTML %v, ReachNonHTML %v", depth, non, want)
		}
		for uri := range s.Hits() {
			if strings.HasPrefix(uri, "/private/") {
				t.Errorf("depth %d: crawler fetched disallowed %s", depth, uri)
			}
		}
		srv.Close()
	}
}

// crawl is a minimal BFS crawler: robots.txt, redirects by net/http (a loop
// is an error), one retry on 5xx, dedup by canonical URI.
func crawl(t *testing.T, srv *httptest.Server, depth int) (pages, nonHTML []string) {
	t.Helper()
	client := srv.Client()
	base, _ := url.Parse(srv.URL + "/")
	var disallow []string
	resp, body := get(t, client, srv, RobotsURI, nil)
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		if p, ok := strings.CutPrefix(sc.Text(), "Disallow:"); ok && resp.StatusCode == 200 {
			disallow = append(disallow, strings.TrimSpace(p))
		}
	}
	allowed := func(u string) bool {
		for _, p := range disallow {
			if strings.HasPrefix(u, p) {
				return false
			}
		}
		return true
	}
	type item struct {
		uri string
		d   int
	}
	seen := map[string]bool{"/": true}
	queue := []item{{"/", 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		var resp *http.Response
		var err error
		for try := 0; try < 2; try++ {
			resp, err = client.Get(srv.URL + it.uri)
			if err != nil || resp.StatusCode < 500 {
				break
			}
			resp.Body.Close()
		}
		if err != nil {
			continue // redirect loop
		}
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		final := CanonicalURI(resp.Request.URL)
		if final != it.uri {
			if seen[final] {
				continue
			}
			seen[final] = true
		}
		if resp.StatusCode != 200 {
			continue
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			nonHTML = append(nonHTML, final)
			continue
		}
		pages = append(pages, final)
		if it.d >= depth {
			continue
		}
		pageURL := base.ResolveReference(resp.Request.URL)
		for _, l := range servedLinks(t, parseHTML(t, buf.String()), pageURL, nil) {
			if !seen[l] && allowed(l) {
				seen[l] = true
				queue = append(queue, item{l, it.d + 1})
			}
		}
	}
	sort.Strings(pages)
	sort.Strings(nonHTML)
	return pages, nonHTML
}
