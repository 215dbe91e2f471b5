package crawler

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"net/url"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/internal/shared"
	"infocrawl/internal/testsite"
)

// linkTagsByName is what scanLinks picked before linkTag: the start tags
// whose TagName is a, area or base.
func linkTagsByName(body []byte) []atom.Atom {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []atom.Atom
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			if a := atom.Lookup(name); a == atom.A || a == atom.Area || a == atom.Base {
				out = append(out, a)
			}
		}
	}
}

func linkTagsByRaw(body []byte) []atom.Atom {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []atom.Atom
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			if a := linkTag(z.Raw()); a != 0 {
				out = append(out, a)
			}
		}
	}
}

var linkTagCases = []string{
	`<a href=x><A HREF=y><a/><a>`,
	"<a\thref=x><a\nhref=y><a\rhref=z><a\fhref=w>",
	`<abbr title=t><address><aside><b><br/><base href=/b/><BASE/>`,
	`<area href=/m><AREA><Area shape=rect><areas><are><bases><basef>`,
	"<a\x00 href=x><\x00a href=y><ab\x00>",
	`<script>var s = "<a href=no>";</script><a href=yes>`,
	`<textarea><a href=no></textarea><title><a href=no></title><a href=yes>`,
	`<!-- <a href=no> --><![CDATA[<a href=no>]]><a href=yes>`,
	`<a`, `<a `, `<area`, `<`,
	`<svg><a href=in-svg></a></svg><math><a/></math>`,
	"<\u017fa><ba\u017fe href=x><ba\xc5\xbfe>",
}

func TestLinkTagMatchesTagName(t *testing.T) {
	for _, c := range linkTagCases {
		got, want := linkTagsByRaw([]byte(c)), linkTagsByName([]byte(c))
		if len(got) != len(want) {
			t.Errorf("%q: linkTag found %v, TagName %v", c, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: linkTag found %v, TagName %v", c, got, want)
				break
			}
		}
	}
}

// FuzzLinkTag: linkTag picks the same tags as TagName does.
func FuzzLinkTag(f *testing.F) {
	for _, c := range linkTagCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, want := linkTagsByRaw(body), linkTagsByName(body)
		if len(got) != len(want) {
			t.Fatalf("linkTag found %v, TagName %v", got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("linkTag found %v, TagName %v", got, want)
			}
		}
	})
}

// tokenizerLinkTags is what scanLinks read before scanLinkTags: every
// link tag and its href, from x/net/html's Tokenizer.
func tokenizerLinkTags(body []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			if a := linkTag(z.Raw()); a != 0 {
				href, ok := attr(z, "href")
				out = append(out, fmt.Sprintf("%v %q %v", a, href, ok))
			}
		}
	}
}

func scannedLinkTags(body []byte) []string {
	var out []string
	scanLinkTags(body, func(a atom.Atom, href string, ok bool) {
		out = append(out, fmt.Sprintf("%v %q %v", a, href, ok))
	})
	return out
}

func sameLinkTags(t *testing.T, name string, body []byte) {
	t.Helper()
	got, want := scannedLinkTags(body), tokenizerLinkTags(body)
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || got[i] != want[i] {
			g, w := "(none)", "(none)"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			t.Fatalf("%s: link tag %d of %d/%d: scanned %s, Tokenizer %s", name, i, len(got), len(want), g, w)
		}
	}
}

var scanCases = []string{
	`<a href="x&amp;y">a</a><a href='q?a=1&copy=2'>b</a><a href=u&lt;v>c</a>`,
	"<a href=\"line\r\nbreak\">x</a><a href=\"nul\x00\">y</a><a HREF=up>",
	`<a href=one href=two><a hReF="three" HREF=four><a x=1 href>`,
	`<a =href=x href=y><a href = "spaced" ><a href= unq ><a href =>`,
	`<a/href=x><a href=x/><a/ href=y><a href='x'/><a href="a"b>`,
	`<a title="> <a href=no>" href=yes><a title='>' href=yes2>`,
	`<!-- <a href=no> --><a href=y1><!--> <a href=y2><!---> <a href=y3>`,
	`<!-- a --!> <a href=y4><!-- --!x <a href=no> --><a href=y5>`,
	`<!DOCTYPE html><a href=y><!x <a href=no>><? <a href=no> ?><a href=y2>`,
	`</ <a href=no>><a href=y></><a href=y2></a foo="<a href=no>"><a href=y3>`,
	`<style>a{} <a href=no></style><a href=y><STYLE></stylex><a href=no></Style ><a href=y2>`,
	`<title><a href=no></title><a href=y><textarea></textarea/><a href=y2>`,
	`<script>var a = "<a href=no>"; if (a<b) {}</script><a href=y>`,
	`<script><!-- <script> <a href=no> </script> <a href=no> --></script><a href=y>`,
	`<script src=x /><a href=no></script><a href=y>`,
	`<script><!--<script>--></script><a href=no></script><a href=y><script><!-- --!></script><a href=y2>`,
	`<script><!--<script x></script--></script><a href=y><script><!--</SCRIPT ><a href=y2>`,
	`<script><!--<scrip></script><a href=y><script><!- <a href=n></script><a href=y2><script></scrip><a href=n>`,
	`<script><!--<script/>-x--><-</script><a href=y><script><!--<scriptx</script><a href=y2>`,
	`<script>` + "<!--<script\t<</script\f-->" + `</script><a href=y><script><!--<`,
	`<noscript><a href=no></noscript><a href=y><xmp><a href=no></xmp><iframe><a href=no></iframe>`,
	`<noembed></noembed><noframes></noframes><a href=y><plaintext><a href=no>`,
	`<base href=/b/><base href=/c/><area href=m><AREA HREF=n><area>`,
	`<a href=x`, `<a href="x`, `<a href=x `, `<a `, `<!--`, `<!-- x -`, `<script>`, `<style><a href=no>`,
	`<a href="unterminated><a href=next>`,
	`<svg><a href=in-svg /></svg><![CDATA[<a href=no>]]><a href=y>`,
	"<a\thref=t\fx><a\nhref\n=\nn>",
	`<a href=&#x41;&#66;&amp;&foo;&amp>`,
	`<a href="?a=1&amp;b=2&amp;amp;c"><a href="?a=1&amp;b=2&c=3"><a href='&AMP;&amp'>`,
}

func TestScanLinkTagsMatchesTokenizer(t *testing.T) {
	for i, c := range append(scanCases, linkTagCases...) {
		sameLinkTags(t, fmt.Sprintf("case %d %q", i, c), []byte(c))
	}
	for _, opts := range []testsite.Options{{}, {DeepArchive: true, Sitemaps: true}, {PageBytes: 30_000}} {
		site := testsite.New(opts)
		srv := httptest.NewServer(site.Handler())
		for _, uri := range site.Reach(3) {
			resp, err := srv.Client().Get(srv.URL + uri)
			if err != nil {
				t.Fatal(err)
			}
			var body bytes.Buffer
			body.ReadFrom(resp.Body)
			resp.Body.Close()
			sameLinkTags(t, uri, body.Bytes())
		}
		srv.Close()
	}
}

// The same on every page of the data sets beside the repository.
func TestScanLinkTagsDataSets(t *testing.T) {
	n := shared.EachHTMLPage(t, func(path string, body []byte) { sameLinkTags(t, path, body) })
	t.Logf("%d pages", n)
}

// FuzzScanLinkTags: scanLinkTags finds the link tags and hrefs the
// Tokenizer finds.
func FuzzScanLinkTags(f *testing.F) {
	for _, c := range append(scanCases, linkTagCases...) {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sameLinkTags(t, "input", body)
	})
}

// A canonical URL that parsedAgain lets through is one the WHATWG parser
// (Colly's) takes, and a punycode host it refuses is parsed again, so that
// considerKey records it as a bad URL.
func TestParsedAgain(t *testing.T) {
	for _, tt := range []struct {
		url     string
		refused bool // by the WHATWG parser, once canonical
	}{
		{"http://news.example/2024/05/story.html?id=3&b=a%20b", false},
		{"https://WWW.news-site.example:8443/a/b/", false},
		{"http://news.example:65535/", false},
		{"http://127.0.0.1:8080/", false},
		{"http://[::1]:80/", false},
		{"http://a_b.example/", false},
		{"http://news.example/path with space", false},
		{"http://bücher.example/", false},
		{"http://xn--nxasmq6b.example/", false},
		{"http://xn--a.example/", true}, // bad punycode
	} {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		c, err := canonicalize(u)
		if err != nil {
			t.Fatalf("canonicalize(%s): %v", tt.url, err)
		}
		_, err = whatwgParser.Parse(c.String())
		if (err != nil) != tt.refused {
			t.Errorf("WHATWG parser on %s: %v, want refused %v", c, err, tt.refused)
		}
		if err != nil && !parsedAgain(c) {
			t.Errorf("parsedAgain(%s) = false, but the WHATWG parser refuses it", c)
		}
	}
	// Refused before they are canonical: never considered.
	for _, s := range []string{"http://news.example:65536/", "http://1.2.3.999/", "http://example.123/", "http://a..b/", "http://-a.example/"} {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		if c, err := canonicalize(u); err == nil {
			t.Errorf("canonicalize(%s) = %s, want an error", s, c)
		}
	}
}

// FuzzParsedAgain: whatever canonicalize makes of a URL, the WHATWG parser
// takes it unless parsedAgain asks it.
func FuzzParsedAgain(f *testing.F) {
	for _, s := range []string{"http://a.example/", "http://a.example:80/x?y#z", "http://1.example/", "http://a-.example/", "https://-a.example/%zz", "http://192.168.0.1:99/", "http://[::1]:80/x", "http://a_b.example:8080/p?q#f", "http://a.example/ä ö?x=ü", "http://xn--a.example/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		c, err := canonicalize(u)
		if err != nil || parsedAgain(c) {
			return
		}
		if _, err := whatwgParser.Parse(c.String()); err != nil {
			t.Fatalf("canonical %q (from %q) is refused by the WHATWG parser, and parsedAgain lets it through: %v", c.String(), s, err)
		}
	})
}
