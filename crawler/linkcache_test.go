package crawler

import (
	"fmt"
	"net/url"
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
				want := scanLinks(page, []byte(body), nil)
				got := scanLinks(page, []byte(body), &c)
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
