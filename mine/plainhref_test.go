package mine

import (
	"net/url"
	"testing"
)

// slowHref is resolveHref through net/url alone: what plainHref must
// give whenever it answers.
func slowHref(base *url.URL, href string) string {
	ref, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if base != nil {
		ref = base.ResolveReference(ref)
	}
	ref.Fragment, ref.RawFragment = "", ""
	return ref.String()
}

var hrefBases = []string{"https://news.example.com/world/2024/05/story.html", "http://127.0.0.1:8080/a/b/", "https://Example.COM/x", "file:///tmp/a.html", ""}

func TestPlainHref(t *testing.T) {
	for _, tt := range []struct {
		href string
		fast bool
	}{
		{"https://news.example.com/world/2024/05/other-story.html", true},
		{"/world/2024/05/other-story.html?page=2&utm=x", true},
		{"http://127.0.0.1:8080/tag/harbour", true},
		{"https://news.example.com", true},
		{"https://news.example.com?x=1", true},
		{"/a/../b", false},
		{"/a/./b", false},
		{"//cdn.example.com/x.js", false},
		{"https://news.example.com//x", false},
		{"https://News.Example.com/x", false},
		{"/caf%C3%A9", false},
		{"/story#comments", true},
		{"/", true},
		{"https://www.youtube.com/@daily", true},
		{"https://user:pw@news.example.com/x", false},
		{"relative/path", false},
		{"https://user@news.example.com/x", false},
		{"/path with space", false},
		{"/é", false},
	} {
		for _, b := range hrefBases {
			var base *url.URL
			if b != "" {
				base, _ = url.Parse(b)
			}
			got, ok := plainHref(base, tt.href)
			if ok && got != slowHref(base, tt.href) {
				t.Errorf("plainHref(%q, %q) = %q, net/url gives %q", b, tt.href, got, slowHref(base, tt.href))
			}
			if b == hrefBases[0] && ok != tt.fast {
				t.Errorf("plainHref(%q, %q): ok %v, want %v", b, tt.href, ok, tt.fast)
			}
		}
	}
}

// FuzzPlainHref: whenever plainHref answers, net/url gives the same.
func FuzzPlainHref(f *testing.F) {
	for _, s := range []string{"/a/b?c=d", "https://x.example/a", "http://h:80", "/a/..", "https://a.b/c;d=e,f+g"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, href string, bi int) {
		var base *url.URL
		if b := hrefBases[uint(bi)%uint(len(hrefBases))]; b != "" {
			base, _ = url.Parse(b)
		}
		if got, ok := plainHref(base, href); ok && got != slowHref(base, href) {
			t.Errorf("plainHref(%v, %q) = %q, net/url gives %q", base, href, got, slowHref(base, href))
		}
	})
}
