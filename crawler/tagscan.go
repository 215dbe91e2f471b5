package crawler

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/internal/htmlscan"
)

// scanLinkTags calls fn, in document order, with every <a>, <area> and
// <base> start tag of body and its first href, as x/net/html's Tokenizer
// finds them (Next, then TagAttr), without its costs (htmlscan.StartTags);
// href values that need unescaping beyond "&amp;" go to the Tokenizer
// itself.
func scanLinkTags(body []byte, fn func(a atom.Atom, href string, ok bool)) {
	htmlscan.StartTags(body, func(t htmlscan.Tag) {
		if a := linkAtom(t.Name(body)); a != 0 {
			v, ok := hrefValue(body, t.Start, t.End, t.Href, t.HasHref)
			fn(a, v, ok)
		}
	})
}

// hrefValue returns the href as Tokenizer.TagAttr gives it: the value as
// written, with "&amp;" (common in query strings) unescaped, unless it
// holds something else TagAttr rewrites (another character reference, a
// carriage return, a NUL), which the Tokenizer itself reads from the
// tag's text.
func hrefValue(b []byte, p, end int, href htmlscan.Span, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	v := b[href.V0:href.V1]
	if bytes.IndexByte(v, '\r') < 0 && bytes.IndexByte(v, 0) < 0 {
		amps := bytes.Count(v, []byte("&"))
		if amps == 0 {
			return string(v), true
		}
		if amps == bytes.Count(v, []byte("&amp;")) {
			return string(bytes.ReplaceAll(v, []byte("&amp;"), []byte("&"))), true
		}
	}
	z := html.NewTokenizer(bytes.NewReader(b[p:end]))
	z.Next()
	return attr(z, "href")
}
