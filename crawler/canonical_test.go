package crawler

import (
	"net/url"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

func TestCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{"HTTP://Example.COM:80/a/b?x=1#frag", "http://example.com/a/b?x=1"},
		{"https://example.com:443", "https://example.com/"},
		{"http://example.com:8080/", "http://example.com:8080/"},
		{"http://example.com/a/./b/../c", "http://example.com/a/c"},
		{"http://example.com/?b=2&a=1&a=0", "http://example.com/?a=0&a=1&b=2"},
		{"http://example.com/%7euser/%2fx%2F", "http://example.com/~user/%2Fx%2F"},
		{"http://example.com/caf%c3%a9", "http://example.com/caf%C3%A9"},
		{"http://example.com/café", "http://example.com/caf%C3%A9"},
		{"http://example.com/a b", "http://example.com/a%20b"},
		{"http://example.com/?q=a+b&&", "http://example.com/?q=a+b"},
		{"http://bücher.de/", "http://xn--bcher-kva.de/"},
		{"http://example.com./x", "http://example.com/x"},
		{"http://[::1]:8080/x", "http://[::1]:8080/x"},
	}
	for _, c := range cases {
		got, err := Canonical(c.in)
		if err != nil {
			t.Errorf("Canonical(%q): %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("Canonical(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, bad := range []string{"mailto:a@b.c", "javascript:void(0)", "ftp://x/", "http://", "http://x:y/"} {
		if got, err := Canonical(bad); err == nil {
			t.Errorf("Canonical(%q) = %q, want an error", bad, got)
		}
	}
}

func TestResolve(t *testing.T) {
	base, _ := url.Parse("http://news.example/world/2024/story.html")
	cases := []struct{ href, want string }{
		{"../sport/", "http://news.example/world/sport/"},
		{"/tech/?page=2&ref=nav#top", "http://news.example/tech/?page=2&ref=nav"},
		{"./other.html", "http://news.example/world/2024/other.html"},
		{"//cdn.example/x.js", "http://cdn.example/x.js"},
		{"?page=3", "http://news.example/world/2024/story.html?page=3"},
	}
	for _, c := range cases {
		u, err := resolve(base, c.href)
		if err != nil || u.String() != c.want {
			t.Errorf("resolve(%q) = %v, %v; want %q", c.href, u, err, c.want)
		}
	}
	if _, err := resolve(base, "#comments"); err == nil {
		t.Error("a fragment-only link must not resolve to a new URL")
	}
}

// FuzzCanonical: canonical URLs are fixed points, and Colly (which parses
// every request URL with whatwg-url) must accept them unchanged in meaning.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"http://a.b/c?d=e#f", "HTTP://X:80/%7e/../a b", "https://[::1]:443/?&&", "http://ü.de/ä?ö=ü"} {
		f.Add(s)
	}
	parser := whatwg.NewParser(whatwg.WithPercentEncodeSinglePercentSign())
	f.Fuzz(func(t *testing.T, s string) {
		c1, err := Canonical(s)
		if err != nil {
			return
		}
		c2, err := Canonical(c1)
		if err != nil {
			t.Fatalf("Canonical(%q) = %q, which does not canonicalise: %v", s, c1, err)
		}
		if c1 != c2 {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, c1, c2)
		}
		if _, err := parser.Parse(c1); err != nil {
			t.Fatalf("whatwg rejects canonical URL %q: %v", c1, err)
		}
	})
}
