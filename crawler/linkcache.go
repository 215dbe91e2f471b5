package crawler

import (
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
)

// link is a link found on a page: its canonical URL and that URL's string,
// the key it is seen, queued and stored under.
type link struct {
	u   *url.URL
	key string
}

// linkCache keeps what resolve made of the hrefs whose resolution does
// not depend on the page's query: absolute URLs, root-relative and
// scheme-relative ones on one origin, and relative paths in one
// directory of it. A site repeats those on every page
// (menus, footers, tickers, lists of stories), and parsing and
// canonicalising them again cost more than finding them (BenchmarkCrawl's
// profile: resolve took more CPU than the tokenizer on the test site).
// The URLs it hands out are shared: callers only read them.
type linkCache struct {
	m sync.Map     // linkCacheKey -> link; u nil: resolve failed
	n atomic.Int64 // entries stored; none are added past linkCacheMax
}

type linkCacheKey struct {
	origin string // "" for absolute hrefs, the base's scheme for "//…", scheme://host for "/…"
	href   string // trimmed
}

// linkCacheMax bounds the cache (about 300 bytes an entry): a site's
// template links come early, the rest is mostly seen once.
const linkCacheMax = 1 << 16

// resolve is resolve(base, href) and the result's string, from the cache
// when href's resolution depends only on origins, which the caller
// computes once per base with linkOrigins.
func (c *linkCache) resolve(base *url.URL, o *linkOrigins, href string) (link, bool) {
	href = strings.TrimSpace(href)
	k, ok := linkCacheKey{href: href}, c != nil && o.ok
	if ok {
		switch {
		case hasScheme(href):
		case strings.HasPrefix(href, "//"):
			// "//", "//?q" and "///p" have no host and take the
			// page's path or host: not cached.
			ok = len(href) > 2 && !strings.ContainsRune("/?#", rune(href[2]))
			k.origin = o.scheme
		case strings.HasPrefix(href, "/"):
			k.origin = o.host
		case href == "" || href[0] == '?' || href[0] == '#':
			ok = false // the base's own path and query count
		default:
			// A relative path resolves against the base's directory: the
			// links of a section's pages to one another.
			k.origin = o.dir
		}
	}
	if ok {
		if v, hit := c.m.Load(k); hit {
			l := v.(link)
			return l, l.u != nil
		}
	}
	var l link
	if u, err := resolve(base, href); err == nil {
		l = link{u: u, key: u.String()}
	}
	if ok && c.n.Load() < linkCacheMax {
		if _, loaded := c.m.LoadOrStore(k, l); !loaded {
			c.n.Add(1)
		}
	}
	return l, l.u != nil
}

// linkOrigins are the parts of a base URL that the cached hrefs depend on.
type linkOrigins struct {
	scheme, host string
	dir          string // host and the base's escaped path up to its last '/'
	ok           bool   // false: do not use the cache (user info in the base)
}

func originsOf(base *url.URL) *linkOrigins {
	host := base.Scheme + "://" + base.Host
	p := base.EscapedPath()
	return &linkOrigins{scheme: base.Scheme, host: host, dir: host + p[:strings.LastIndexByte(p, '/')+1],
		ok: base.User == nil && base.Opaque == ""}
}

// hasScheme reports whether href starts with a URL scheme and a colon, as
// net/url reads one: then it resolves against no base.
func hasScheme(href string) bool {
	for i := 0; i < len(href); i++ {
		c := href[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
			if i == 0 {
				return false
			}
		case c == ':':
			return i > 0
		default:
			return false
		}
	}
	return false
}
