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
	for _, l := range scanLinks(page, body, nil, nil) {
		out = append(out, l.u)
	}
	return out
}

// scanLinks is extractLinks with the links' keys, resolved through c
// (nil: no cache), less the hrefs that skip reports before they are
// resolved (nil: none).
func scanLinks(page *url.URL, body []byte, c *linkCache, skip func(href string) bool) []link {
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
		case skip != nil && skip(href):
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

// offScope reports an href that plainly leads out of a crawl's scope (the
// host entryHost, and allow with their subdomains, as run.inScope reads
// them): an absolute http or https URL whose host, as written, is a plain
// lower-cased name that is none of them. Share buttons, ads and links to
// other sites are most of a page's links that its own site does not
// repeat, and resolving them is most of what resolving costs. A host it
// cannot read so (user info, a port-less IPv6 address, escapes,
// non-ASCII, the entry's own name) is left to resolve and inScope.
func offScope(href, entryHost string, allow []string) bool {
	href = strings.TrimSpace(href)
	var rest string
	switch {
	case len(href) > 8 && strings.EqualFold(href[:8], "https://"):
		rest = href[8:]
	case len(href) > 7 && strings.EqualFold(href[:7], "http://"):
		rest = href[7:]
	default:
		return false
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			return false // upper case, user info, IPv6, escapes, non-ASCII: resolve it
		}
	}
	if host == entryHost {
		return false
	}
	for _, d := range allow {
		if host == d || strings.HasSuffix(host, "."+d) {
			return false
		}
	}
	return true
}
