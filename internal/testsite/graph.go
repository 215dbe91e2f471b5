package testsite

import (
	"net/url"
	"sort"
	"strings"
)

// Kind classifies a canonical URI of the site as a crawler sees it.
type Kind int

const (
	// KindNotFound: the server answers 404.
	KindNotFound Kind = iota
	// KindHTML: the server answers 200 text/html (the flaky page included,
	// although its first request fails with 500).
	KindHTML
	// KindNonHTML: the server answers 200 with another content type
	// (robots.txt, the PDF, the JPEG).
	KindNonHTML
	// KindRedirect: the server answers 301 or 302; see RedirectTarget.
	KindRedirect
	// KindDisallowed: robots.txt forbids the path (anything under
	// /private/); a polite crawler never requests it.
	KindDisallowed
)

// String returns the name of the kind.
func (k Kind) String() string {
	switch k {
	case KindHTML:
		return "html"
	case KindNonHTML:
		return "non-html"
	case KindRedirect:
		return "redirect"
	case KindDisallowed:
		return "disallowed"
	}
	return "not-found"
}

// maxRedirects is the length of a redirect chain Reach gives up at (the
// net/http client default).
const maxRedirects = 10

// siteBase is the origin canonical URIs are resolved against.
var siteBase = &url.URL{Scheme: "http", Host: "testsite.invalid", Path: "/"}

// CanonicalURI returns the canonical form of a URL of the site: the escaped
// path ("/" if empty), then, if there are query parameters, '?' and the
// parameters sorted by key then value, each written as
// url.QueryEscape(key)=url.QueryEscape(value). Scheme, host and fragment are
// dropped. Example: "/world/?ref=nav&page=2#x" -> "/world/?page=2&ref=nav".
func CanonicalURI(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	q, _ := url.ParseQuery(u.RawQuery)
	var pairs []string
	for k, vs := range q {
		for _, v := range vs {
			pairs = append(pairs, url.QueryEscape(k)+"="+url.QueryEscape(v))
		}
	}
	if len(pairs) == 0 {
		return p
	}
	sort.Slice(pairs, func(i, j int) bool {
		ki, vi, _ := strings.Cut(pairs[i], "=")
		kj, vj, _ := strings.Cut(pairs[j], "=")
		if ki != kj {
			return ki < kj
		}
		return vi < vj
	})
	return p + "?" + strings.Join(pairs, "&")
}

// parseURI parses a site URI (root-relative, or absolute on any host).
func parseURI(uri string) (*url.URL, bool) {
	u, err := url.Parse(uri)
	if err != nil {
		return nil, false
	}
	return siteBase.ResolveReference(u), true
}

// resolve resolves href against the page at base and returns the canonical
// URI of the target, or false if it is not a link into the site.
func resolve(base *url.URL, href string) (string, bool) {
	ref, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	u := base.ResolveReference(ref)
	if u.Scheme != siteBase.Scheme || u.Host != siteBase.Host {
		return "", false
	}
	return CanonicalURI(u), true
}

// Kind classifies a site URI (canonical form expected; the fragment, if
// any, is ignored).
func (s *Site) Kind(uri string) Kind {
	u, ok := parseURI(uri)
	if !ok {
		return KindNotFound
	}
	if disallowed(u.Path) {
		return KindDisallowed
	}
	switch s.routeOf(u.Path, u.Query()).kind {
	case routeNotFound:
		return KindNotFound
	case routeRobots, routeFile, routeSitemap:
		return KindNonHTML
	case routeRedirect:
		return KindRedirect
	}
	return KindHTML
}

// RedirectTarget returns the canonical Location of a redirect URI, or "" if
// uri is not a redirect.
func (s *Site) RedirectTarget(uri string) string {
	u, ok := parseURI(uri)
	if !ok || disallowed(u.Path) {
		return ""
	}
	return s.routeOf(u.Path, u.Query()).target
}

// htmlPage returns the rendered page at uri and its parsed URL, or nil if
// uri is not an HTML page (disallowed pages included: they exist).
func (s *Site) htmlPage(uri string) (*rendered, *url.URL) {
	u, ok := parseURI(uri)
	if !ok {
		return nil, nil
	}
	return s.page(s.routeOf(u.Path, u.Query())), u
}

// canonicalLinks resolves hrefs against base, keeps the site's own URIs
// and removes duplicates, keeping document order.
func canonicalLinks(base *url.URL, hrefs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, h := range hrefs {
		if c, ok := resolve(base, h); ok && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// Links returns the canonical internal link targets of every <a href> of the
// HTML page at uri, in document order, without duplicates. Fragment-only
// links such as "#top" resolve to uri itself, so most pages link to
// themselves. External, mailto: and javascript: links are excluded. Links
// returns nil if uri is not an HTML page. The links of the disallowed page
// are returned, although a crawler never sees them.
func (s *Site) Links(uri string) []string {
	p, u := s.htmlPage(uri)
	if p == nil {
		return nil
	}
	return canonicalLinks(u, p.hrefs)
}

// Reach returns the sorted canonical URIs of the HTML pages a correct
// crawler stores when it starts at "/" and follows links up to depth hops
// (depth 0 = only "/"; a negative depth gives nil). The crawler honours
// robots.txt (disallowed URIs are neither fetched nor expanded), follows
// redirects as zero-cost edges (the final target is at the depth of the
// redirecting link and is reported instead of the redirect URI), treats a
// redirect loop as an error (nothing stored), skips non-HTML targets and
// 404s, and retries the flaky page (so it is stored). A URI already seen
// (as a link or redirect target) is not processed again.
func (s *Site) Reach(depth int) []string {
	pages, _ := s.bfs(depth)
	return pages
}

// ReachNonHTML returns the sorted canonical URIs of the non-HTML resources
// (KindNonHTML, after redirects) linked from the pages a crawl of that depth
// expands, i.e. the ones a crawler finds and skips.
func (s *Site) ReachNonHTML(depth int) []string {
	_, non := s.bfs(depth)
	return non
}

func (s *Site) bfs(depth int) (pages, nonHTML []string) {
	if depth < 0 {
		return nil, nil
	}
	type item struct {
		uri   string
		depth int
	}
	seen := map[string]bool{"/": true}
	non := map[string]bool{}
	queue := []item{{"/", 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		pages = append(pages, it.uri)
		if it.depth >= depth {
			continue
		}
		for _, l := range s.Links(it.uri) {
			if seen[l] {
				continue
			}
			seen[l] = true
			final, k := s.follow(l, seen)
			switch k {
			case KindHTML:
				queue = append(queue, item{final, it.depth + 1})
			case KindNonHTML:
				non[final] = true
			}
		}
	}
	for u := range non {
		nonHTML = append(nonHTML, u)
	}
	sort.Strings(pages)
	sort.Strings(nonHTML)
	return pages, nonHTML
}

// follow resolves a redirect chain starting at uri, marking the targets as
// seen. It returns KindNotFound for loops, over-long chains and targets
// already seen.
func (s *Site) follow(uri string, seen map[string]bool) (string, Kind) {
	chain := map[string]bool{uri: true}
	for hops := 0; ; hops++ {
		k := s.Kind(uri)
		if k != KindRedirect {
			return uri, k
		}
		t := s.RedirectTarget(uri)
		if hops >= maxRedirects || chain[t] || seen[t] {
			return "", KindNotFound
		}
		chain[t], seen[t] = true, true
		uri = t
	}
}
