package crawler

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/internal/htmlscan"
)

// extractLinks returns the href of every <a> and <area> in document order,
// resolved against the page URL or its <base href>. A scan of the tags
// (scanLinkTags), not a DOM: the crawler needs only the links, and
// building a tree per page costs more than the fetch.
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
	base := page
	origins := originsOf(base)
	sawBase := false
	var out []link
	scanLinkTags(body, func(a atom.Atom, href string, ok bool) {
		switch {
		case !ok:
		case a == atom.Base:
			if !sawBase {
				sawBase = true
				if b, err := page.Parse(strings.TrimSpace(href)); err == nil {
					base, origins = b, originsOf(b)
				}
			}
		default:
			if l, ok := c.resolve(base, origins, href); ok {
				out = append(out, l)
			}
		}
	})
	return out
}

// linkTag returns linkAtom of a raw start tag's name, read as the
// tokenizer reads it (up to a space, '/' or '>').
func linkTag(raw []byte) atom.Atom {
	if len(raw) < 2 || raw[0] != '<' {
		return 0
	}
	n := 1
	for n < len(raw) && !htmlscan.EndsTagName(raw[n]) {
		n++
	}
	return linkAtom(raw[1:n])
}

// linkAtom returns atom.A, atom.Area or atom.Base when a tag's name is
// one of those (ASCII letters in any case), else 0: Tokenizer.TagName
// copies the name of every tag, and most tags are none of these.
func linkAtom(name []byte) atom.Atom {
	switch {
	case len(name) == 1 && name[0]|0x20 == 'a':
		return atom.A
	case htmlscan.FoldedIs(name, "area"):
		return atom.Area
	case htmlscan.FoldedIs(name, "base"):
		return atom.Base
	}
	return 0
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
