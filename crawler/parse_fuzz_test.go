package crawler

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzExtractLinks: any bytes give links that are canonical http(s) URLs.
func FuzzExtractLinks(f *testing.F) {
	f.Add([]byte(`<base href="/x/"><a href="../a?b=2&a=1#f">x</a><area href="//h/">`))
	f.Add([]byte(`<a href=javascript:alert(1)><a href="mailto:x"><a href="">`))
	page, _ := url.Parse("http://news.example/world/story.html")
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, u := range extractLinks(page, body) {
			c, err := Canonical(u.String())
			if err != nil || c != u.String() {
				t.Fatalf("extracted %q, which canonicalises to %q (%v)", u, c, err)
			}
		}
	})
}

// FuzzToUTF8: whatever the bytes and header, decoding never panics, and a
// body decoded from another charset is valid UTF-8.
func FuzzToUTF8(f *testing.F) {
	f.Add([]byte("<meta charset=big5>\xa4\xa4\xa4\xe5"), "text/html")
	f.Add([]byte("caf\xe9"), "")
	f.Add([]byte("\xef\xbb\xbfhello"), "text/html; charset=shift_jis")
	f.Fuzz(func(t *testing.T, body []byte, ct string) {
		out, cs := toUTF8(body, ct)
		if headerCharset(ct) == "" && cs != "utf-8" && !utf8.Valid(out) {
			t.Fatalf("decoded from %s but not UTF-8: %q", cs, out)
		}
		if strings.TrimSpace(cs) == "" && len(body) > 0 {
			t.Fatal("no charset name")
		}
	})
}
