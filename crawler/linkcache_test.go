package crawler

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// TestLinkCacheSame: links resolved through the cache, on a first page
// and on others that hit it, are the links resolved without it.
func TestLinkCacheSame(t *testing.T) {
	hrefs := []string{
		"/a", " /a?b=2&a=1#f ", "//other.example/x", "//News.Example:80/y", "https://x.example/./a/../b",
		"HTTP://news.example/Z", "mailto:x@y", "javascript:void(0)", "a1+b:c", "1a:b", ":x", "../up",
		"rel.html", "?page=2", "#top", "", "/%7euser/%41", "http://[::1]:8080/", "http://bad host/",
		"/\x00", "ftp://files.example/", "//", "//?q", "//#f", "///p", "//@h/", "//:80/x", "/../a",
	}
	pages := []string{
		"http://news.example/world/story.html", "http://news.example/tech/", "https://news.example/a/b/c",
		"http://news.example:8080/x", "http://user:pw@news.example/p", "http://other.example/q",
		"http://news.example/world/other.html?page=2", "http://news.example", "http://news.example/a%2Fb/c",
	}
	var c linkCache
	for round := 0; round < 2; round++ {
		for _, p := range pages {
			page, _ := url.Parse(p)
			for _, withBase := range []string{"", `<base href="/base/dir/">`, `<base href="https://cdn.example/b/">`} {
				body := withBase
				for _, h := range hrefs {
					body += fmt.Sprintf(`<a href="%s">x</a>`, url.PathEscape(h)) + "<a href='" + h + "'>y</a>"
				}
				want := scanLinks(page, []byte(body), nil, nil)
				got := scanLinks(page, []byte(body), &c, nil)
				if len(got) != len(want) {
					t.Fatalf("%s %q: %d links through the cache, want %d", p, withBase, len(got), len(want))
				}
				for i := range want {
					if got[i].key != want[i].key || got[i].u.String() != want[i].u.String() || want[i].key != want[i].u.String() {
						t.Errorf("%s %q: link %d is %q through the cache, want %q", p, withBase, i, got[i].key, want[i].key)
					}
				}
			}
		}
	}
	if c.n.Load() == 0 {
		t.Error("nothing cached")
	}
}

// TestOffScope: offScope drops only links that inScope rejects. Every
// href of TestLinkCacheSame's list and of more tricky hosts, on pages of
// several entries and allowed domains, is resolved and scoped as the
// crawl does; a link in scope must never be one offScope drops, and the
// plain off-site links of a page must be dropped.
func TestOffScope(t *testing.T) {
	hrefs := []string{
		"https://twitter.com/intent/tweet?url=http://news.example/a", "http://www.facebook.com/sharer.php?u=x",
		"http://news.example/a", "HTTP://news.example/a", "http://NEWS.example/a", "http://news.example./a",
		"http://news.example:8080/a", "https://news.example:443/a", "http://cdn.news.example/a",
		"http://static.example.com/x", "http://img.static.example.com/x", "http://xstatic.example.com/x",
		"http://user@news.example/a", "http://[::1]:80/", "http://n%65ws.example/", "http://news.exämple/",
		"  https://other.example/x  ", "https://other.example", "http://other.example?q", "http://other.example#f",
		"http:other.example/x", "http://", "https://:80/", "/a", "rel.html", "//other.example/x",
	}
	for _, tt := range []struct {
		entry string
		allow []string
	}{
		{"http://news.example/", nil},
		{"http://news.example:8080/", nil},
		{"https://news.example/", []string{"static.example.com"}},
		{"http://127.0.0.1:40123/", []string{"news.example"}},
	} {
		entry, _ := url.Parse(tt.entry)
		entry, _ = canonicalize(entry)
		r := &run{entry: entry, opts: Options{AllowDomains: tt.allow}}
		for _, h := range hrefs {
			u, err := resolve(entry, strings.TrimSpace(h))
			in := err == nil && r.inScope(u)
			if in && offScope(h, entry.Hostname(), tt.allow) {
				t.Errorf("entry %s, allow %v: offScope drops %q, which is in scope", tt.entry, tt.allow, h)
			}
		}
	}
	for _, h := range []string{"https://twitter.com/intent/tweet?url=x", "http://www.facebook.com/sharer.php?u=x", "https://other.example"} {
		if !offScope(h, "news.example", nil) {
			t.Errorf("offScope(%q) = false, want true", h)
		}
	}
}

// TestNeedless: a link to the page itself or plainly out of scope is not
// followed; one that may reach a page in scope is.
func TestNeedless(t *testing.T) {
	entry, _ := url.Parse("http://news.example/")
	r := &run{entry: entry, opts: Options{AllowDomains: []string{"cdn.example"}}}
	for href, want := range map[string]bool{
		"#top": true, "  #comments": true, "https://twitter.com/share?u=x": true,
		"/world/": false, "?page=2": false, "story.html#top": false, "http://img.cdn.example/a": false, "": false,
	} {
		if got := r.needless(href); got != want {
			t.Errorf("needless(%q) = %v, want %v", href, got, want)
		}
	}
}
