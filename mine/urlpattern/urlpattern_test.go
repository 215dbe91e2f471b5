package urlpattern

import (
	"net/url"
	"strings"
	"testing"
)

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return u
}

func TestOf(t *testing.T) {
	long := strings.Repeat("abcdefghij", 10)
	tests := []struct{ in, want string }{
		// The brief's examples.
		{"http://news.example/world/2024/03/15/markets-rally-as-rates-fall.html", "news.example/world/{n}/{n}/{n}/{slug}.html"},
		{"https://x.com/a/12345", "x.com/a/{n}"},
		{"http://s.example/story.php?id=881&sid=9f8e7d6c5b4a3f2e", "s.example/story.php?id={n}&sid={id}"},
		{"http://s.example/world/?page=2&ref=nav", "s.example/world/?page={n}&ref=nav"},
		{"http://b.example/2009/05/08/absolute-beginners-guide-to-google-maps-javascript/index.html", "b.example/{n}/{n}/{n}/{slug}/index.html"},
		{"http://b.example/tag/javascript/", "b.example/tag/javascript/"},
		// Segment rules.
		{"http://x.com/a/12345.htm", "x.com/a/{n}.htm"},
		{"http://x.com/2024-03-15/", "x.com/{n}-{n}-{n}"},
		{"http://x.com/20240315/a", "x.com/{n}/a/"},
		{"http://x.com/page2", "x.com/page{n}"},
		{"http://x.com/article12345.html", "x.com/article{n}.html"},
		{"http://x.com/u/550e8400-e29b-41d4-a716-446655440000", "x.com/u/{id}"},
		{"http://x.com/u/deadbeef", "x.com/u/deadbeef/"}, // no digit: a word
		{"http://x.com/u/a1b2c3d4", "x.com/u/{id}"},
		{"http://x.com/v/dQw4w9WgXcQ", "x.com/v/{id}"},
		{"http://x.com/about-us", "x.com/about-us/"}, // two short words: a section
		{"http://x.com/arts_and_culture", "x.com/{slug}"},
		{"http://x.com/a/Story.HTML", "x.com/a/Story.html"},
		{"http://x.com/v1.2.3", "x.com/v{n}.{n}.{n}"},
		// Query.
		{"http://x.com/list?id=123&cat=world", "x.com/list/?cat=world&id={n}"},
		{"http://x.com/s?q=rates+fall+again", "x.com/s/?q={slug}"},
		{"http://x.com/s?tok=" + long, "x.com/s/?tok={id}"},
		{"http://x.com/s?b=1&a&b=2&&", "x.com/s/?a=&b={n}"},
		{"http://x.com/s?k=%zz", "x.com/s/?k=%25zz"},
		// Edge cases.
		{"http://x.com", "x.com/"},
		{"http://x.com/", "x.com/"},
		{"HTTP://News.EXAMPLE:8080/World", "news.example:8080/World/"},
		{"http://x.com/caf%C3%A9/", "x.com/caf%C3%A9/"},
		{"http://x.com/a%2Fb/c", "x.com/a%2Fb/c/"},
		{"http://x.com/a%20b%20c", "x.com/{slug}"},
		{"http://x.com//a///b", "x.com/a/b/"},
		{"http://x.com/a#frag", "x.com/a/"},
		{"http://user:pw@x.com/a", "x.com/a/"},
		{"http://x.com/" + long, "x.com/{id}"},
		{"http://x.com/" + long + "-x", "x.com/{slug}"},
		{"/rel/123", "/rel/{n}"},
	}
	for _, tt := range tests {
		if got := Of(mustURL(t, tt.in)); got != tt.want {
			t.Errorf("Of(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Of(nil); got != "" {
		t.Errorf("Of(nil) = %q, want empty", got)
	}
}

func TestOfTrailingSlash(t *testing.T) {
	pairs := [][2]string{
		{"http://x.com/world", "http://x.com/world/"},
		{"http://x.com/a/12345", "http://x.com/a/12345/"},
		{"http://x.com/a/some-long-story-slug", "http://x.com/a/some-long-story-slug/"},
		{"http://x.com", "http://x.com/"},
	}
	for _, p := range pairs {
		a, b := Of(mustURL(t, p[0])), Of(mustURL(t, p[1]))
		if a != b {
			t.Errorf("%q → %q but %q → %q, want equal", p[0], a, p[1], b)
		}
	}
}

func TestPatternSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"x.com/", nil},
		{"x.com/world/?page={n}", []string{"world", "?page={n}"}},
		{"x.com/a/{n}", []string{"a", "{n}"}},
		{"", nil},
	}
	for _, tt := range tests {
		got := patternSegments(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("patternSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzOf(f *testing.F) {
	for _, s := range []string{
		"http://news.example/world/2024/03/15/markets-rally-as-rates-fall.html",
		"https://x.com/a/12345",
		"/story.php?id=881&sid=9f8e7d6c5b4a3f2e",
		"/world/?page=2&ref=nav",
		"http://x.com/caf%C3%A9/%31%32/a%2Fb?x=%zz&&=",
		"mailto:someone@example.com",
		"http://[::1]:80/a/b.c.d",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		pat := Of(u)
		if strings.Contains(pat, "#") {
			t.Errorf("pattern %q of %q holds '#'", pat, s)
		}
		// A URL made from the pattern is patterned without panic.
		if v, err := url.Parse("http://" + pat); err == nil {
			Of(v)
		}
		if v, err := url.Parse(pat); err == nil {
			Of(v)
		}
		checkDigitSegments(t, u, pat)
	})
}

// checkDigitSegments checks that each all-digit path segment of u is "{n}"
// in its pattern, segment for segment.
func checkDigitSegments(t *testing.T, u *url.URL, pat string) {
	t.Helper()
	host := strings.ToLower(u.Host)
	if !strings.HasPrefix(pat, host+"/") {
		t.Fatalf("pattern %q does not start with host %q and '/'", pat, host)
	}
	path, _, _ := strings.Cut(pat[len(host):], "?")
	var in []string
	for _, raw := range strings.Split(u.EscapedPath(), "/") {
		if raw != "" {
			in = append(in, raw)
		}
	}
	out := strings.Split(strings.Trim(path, "/"), "/")
	if len(in) == 0 {
		return
	}
	if len(out) != len(in) {
		t.Fatalf("pattern %q has %d segments, path %q has %d", pat, len(out), u.EscapedPath(), len(in))
	}
	for i, raw := range in {
		seg, err := url.PathUnescape(raw)
		if err != nil {
			seg = raw
		}
		if allASCIIDigits(seg) && out[i] != placeNum {
			t.Errorf("all-digit segment %q became %q in %q", raw, out[i], pat)
		}
		if strings.ContainsAny(out[i], "0123456789") && allASCIIDigits(seg) {
			t.Errorf("digit kept in segment %q of %q", out[i], pat)
		}
	}
}
