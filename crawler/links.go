package crawler

import (
	"bytes"
	"io"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractLinks returns the href of every <a> and <area> in document order,
// resolved against the page URL or its <base href>. A tokenizer pass, not a
// DOM: the crawler needs only the links, and building a tree per page costs
// more than the fetch.
func extractLinks(page *url.URL, body []byte) []*url.URL {
	var out []*url.URL
	for _, l := range scanLinks(page, body, nil) {
		out = append(out, l.u)
	}
	return out
}

// scanLinks is extractLinks with the links' keys, resolved through c
// (nil: no cache).
func scanLinks(page *url.URL, body []byte, c *linkCache) []link {
	z := html.NewTokenizer(bytes.NewReader(body))
	base := page
	origins := originsOf(base)
	sawBase := false
	var out []link
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return out
			}
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if !hasAttr {
			continue
		}
		a := atom.Lookup(name)
		if a != atom.A && a != atom.Area && a != atom.Base {
			continue
		}
		href, ok := attr(z, "href")
		if !ok {
			continue
		}
		if a == atom.Base {
			if !sawBase {
				sawBase = true
				if b, err := page.Parse(strings.TrimSpace(href)); err == nil {
					base, origins = b, originsOf(b)
				}
			}
			continue
		}
		if l, ok := c.resolve(base, origins, href); ok {
			out = append(out, l)
		}
	}
}

func attr(z *html.Tokenizer, want string) (string, bool) {
	for {
		k, v, more := z.TagAttr()
		if string(k) == want {
			return string(v), true
		}
		if !more {
			return "", false
		}
	}
}
