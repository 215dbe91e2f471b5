package testsite

import (
	"net/url"
	"strconv"
	"strings"
	"time"
)

// routeKind is what a path and query resolve to. The handler and the graph
// functions share the same routing, so they cannot disagree.
type routeKind int

const (
	routeNotFound routeKind = iota
	routeHome
	routeFront
	routeArticle
	routeStatic
	routePrivate
	routeArchive
	routeRobots
	routeFile
	routeRedirect
	routeList    // DeepArchive: an author or tag archive page
	routeSitemap // Sitemaps: a sitemap or the feed
)

type route struct {
	kind   routeKind
	sec    *section
	page   int          // section-front page, from 1
	art    *article     // article pages
	path   string       // static pages and files
	day    time.Time    // archive pages
	target string       // redirect target (canonical)
	status int          // redirect status code
	list   *archiveList // author and tag archives
	filter string       // section-front variant: "popular", "random" or ""
}

// routeOf resolves a decoded path and its query. Query parameters are
// ignored everywhere except the section-front "page" parameter, which must
// appear at most once with a value in 1..pages written without leading
// zeros.
func (s *Site) routeOf(path string, q url.Values) route {
	if rt, ok := s.fixedRoute(path); ok {
		return rt
	}
	if s.opts.Sitemaps && sitemapFiles[path] {
		return route{kind: routeSitemap, path: path}
	}
	if s.opts.DeepArchive {
		if rt, ok := s.deepRoute(path, q); ok {
			return rt
		}
	}
	if _, ok := staticPages[path]; ok {
		return route{kind: routeStatic, path: path}
	}
	if rest, ok := strings.CutPrefix(path, ArchivePath); ok {
		if day, ok := archiveDay(rest); ok {
			return route{kind: routeArchive, day: day}
		}
		return route{}
	}
	if a := s.byPath[path]; a != nil {
		return route{kind: routeArticle, art: a, sec: a.sec}
	}
	return s.frontRoute(path, q)
}

// fixedRoute resolves the site's fixed paths: home, robots.txt, the
// private page, the files and the redirects.
func (s *Site) fixedRoute(path string) (route, bool) {
	switch path {
	case "/":
		return route{kind: routeHome}, true
	case RobotsURI:
		return route{kind: routeRobots}, true
	case PrivateURI:
		return route{kind: routePrivate}, true
	case PDFURI, JPEGURI:
		return route{kind: routeFile, path: path}, true
	case OldNewsURI:
		sec := s.secBy["world"]
		if sec == nil {
			sec = s.sections[0]
		}
		return route{kind: routeRedirect, status: 301, target: "/" + sec.name + "/"}, true
	case LoopAURI:
		return route{kind: routeRedirect, status: 302, target: LoopBURI}, true
	case LoopBURI:
		return route{kind: routeRedirect, status: 302, target: LoopAURI}, true
	}
	return route{}, false
}

// frontRoute resolves a section front ("/world/", "?page=N", a filter
// variant), or nothing.
func (s *Site) frontRoute(path string, q url.Values) route {
	name, rest, slash := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	sec := s.secBy[name]
	if sec == nil {
		return route{}
	}
	if !slash {
		return route{kind: routeRedirect, status: 301, target: "/" + name + "/"}
	}
	if rest != "" {
		return route{}
	}
	page, ok := pageParam(q, s.frontPages(sec))
	if !ok {
		return route{}
	}
	rt := route{kind: routeFront, sec: sec, page: page}
	if s.opts.DeepArchive {
		if f := q.Get("filter_by"); f == "popular" || f == "random" {
			rt.filter = f
		}
	}
	return rt
}

// pageParam reads the "page" parameter of a list of n pages: at most once,
// with a value in 1..n written without leading zeros; 1 when absent.
func pageParam(q url.Values, n int) (int, bool) {
	vs, ok := q["page"]
	if !ok {
		return 1, true
	}
	if len(vs) != 1 {
		return 0, false
	}
	k, err := strconv.Atoi(vs[0])
	if err != nil || strconv.Itoa(k) != vs[0] || k < 1 || k > n {
		return 0, false
	}
	return k, true
}

// disallowed reports whether robots.txt forbids the path.
func disallowed(path string) bool {
	return strings.HasPrefix(path, "/private/")
}

// robotsTxt is the body of /robots.txt.
const robotsTxt = "User-agent: *\nDisallow: /private/\n"

// robotsBody is /robots.txt as served to host: with Sitemaps, it names
// the sitemap index and the news sitemap.
func (s *Site) robotsBody(host string) []byte {
	if !s.opts.Sitemaps {
		return []byte(robotsTxt)
	}
	return []byte(robotsTxt + "\nSitemap: http://" + host + SitemapIndexURI + "\nSitemap: http://" + host + NewsSitemapURI + "\n")
}

// renderKey returns the cache key of an HTML route, or "" when the route
// must not be cached (the calendar pages are unbounded).
func renderKey(rt route) string {
	switch rt.kind {
	case routeHome:
		return "home"
	case routeFront:
		key := "front/" + rt.sec.name + "/" + strconv.Itoa(rt.page)
		if rt.filter != "" {
			key += "/" + rt.filter
		}
		return key
	case routeList:
		return "list/" + rt.list.kind + "/" + rt.list.slug + "/" + strconv.Itoa(rt.page)
	case routeArticle:
		return "article" + rt.art.path
	case routeStatic:
		return "static" + rt.path
	case routePrivate:
		return "private"
	}
	return ""
}

// page returns the rendered page of an HTML route, or nil for other routes.
func (s *Site) page(rt route) *rendered {
	key := renderKey(rt)
	if key != "" {
		if v, ok := s.cache.Load(key); ok {
			return v.(*rendered)
		}
	}
	var r *rendered
	switch rt.kind {
	case routeHome:
		r = s.renderHome()
	case routeFront:
		r = s.renderFront(rt.sec, rt.page, rt.filter)
	case routeList:
		r = s.renderList(rt.list, rt.page)
	case routeArticle:
		r = s.renderArticle(rt.art)
	case routeStatic:
		r = s.renderStatic(rt.path)
	case routePrivate:
		r = s.renderPrivate()
	case routeArchive:
		return s.renderArchive(rt.day)
	default:
		return nil
	}
	v, _ := s.cache.LoadOrStore(key, r)
	return v.(*rendered)
}
