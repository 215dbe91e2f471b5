package testsite

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The deep archive (Options.DeepArchive) is what makes a real news site
// hard for a focused crawl: every story is listed on the first pages of
// several lists (home, the "popular" and "random" variants of a front),
// while the older stories are listed only page by page, deep in a
// section's, an author's or a tag's archive. Related lists name only a
// section's newest stories, so nothing else leads to the old ones.

// URIs served with Options.Sitemaps.
const (
	SitemapIndexURI = "/sitemap_index.xml"      // sitemap index of the two post sitemaps
	PostsSitemapURI = "/sitemap-posts-1.xml"    // the newer half of the stories, and the home page
	PostsGzipURI    = "/sitemap-posts-2.xml.gz" // the older half, gzip'd
	NewsSitemapURI  = "/news-sitemap.xml"       // Google News sitemap of the newest stories
	FeedURI         = "/feed/"                  // RSS 2.0 feed of the newest stories
)

var sitemapFiles = map[string]bool{SitemapIndexURI: true, PostsSitemapURI: true, PostsGzipURI: true, NewsSitemapURI: true, FeedURI: true}

// newsItems is how many of the newest stories the news sitemap and the
// feed list.
const newsItems = 10

// archiveList is an author's or a tag's archive: its stories, newest first.
type archiveList struct {
	kind     string // "author" or "tag"
	slug     string
	title    string
	articles []*article
}

func (l *archiveList) uri(page int) string {
	u := "/" + l.kind + "/" + l.slug + "/"
	if page > 1 {
		u += "?page=" + strconv.Itoa(page)
	}
	return u
}

func slugOf(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func authorURI(name string, page int) string {
	return (&archiveList{kind: "author", slug: slugOf(name)}).uri(page)
}

func tagURI(tag string, page int) string {
	return (&archiveList{kind: "tag", slug: slugOf(tag)}).uri(page)
}

// buildDeepArchive makes the author and tag archives and points every
// related list at its section's newest stories.
func (s *Site) buildDeepArchive() {
	s.lists = map[string]*archiveList{}
	add := func(kind, title string, a *article) {
		key := kind + "/" + slugOf(title)
		l := s.lists[key]
		if l == nil {
			l = &archiveList{kind: kind, slug: slugOf(title), title: title}
			s.lists[key] = l
		}
		l.articles = append(l.articles, a)
	}
	for _, a := range s.byTime {
		add("author", a.author, a)
		for _, t := range a.tags {
			add("tag", t, a)
		}
	}
	for _, sec := range s.sections {
		for _, a := range sec.articles {
			a.related = a.related[:0]
			for _, r := range sec.articles[:min(4, len(sec.articles))] {
				if r != a && len(a.related) < 3 {
					a.related = append(a.related, r)
				}
			}
		}
	}
}

func (s *Site) listPages(l *archiveList) int {
	return max(1, (len(l.articles)+s.opts.PageSize-1)/s.opts.PageSize)
}

// deepRoute resolves the author and tag archive pages.
func (s *Site) deepRoute(path string, q url.Values) (route, bool) {
	rest, ok := strings.CutPrefix(path, "/")
	if !ok {
		return route{}, false
	}
	kind, rest, _ := strings.Cut(rest, "/")
	if kind != "author" && kind != "tag" {
		return route{}, false
	}
	slug, ok := strings.CutSuffix(rest, "/")
	l := s.lists[kind+"/"+slug]
	if !ok || l == nil {
		return route{}, true
	}
	page, ok := pageParam(q, s.listPages(l))
	if !ok {
		return route{}, true
	}
	return route{kind: routeList, list: l, page: page}, true
}

// filteredFrontURI is the canonical URI of page n of a section front's
// variant ("" for the front itself).
func filteredFrontURI(sec *section, n int, filter string) string {
	if filter == "" {
		return frontURI(sec, n)
	}
	u := "/" + sec.name + "/?filter_by=" + filter
	if n > 1 {
		u += "&page=" + strconv.Itoa(n)
	}
	return u
}

// variantItems is what every page of a front's variant lists: its first
// page's stories, in another order.
func variantItems(first []*article, filter string) []*article {
	out := make([]*article, 0, len(first))
	switch filter {
	case "popular":
		for i := len(first) - 1; i >= 0; i-- {
			out = append(out, first[i])
		}
	default: // random: rotated by two
		for i := range first {
			out = append(out, first[(i+2)%len(first)])
		}
	}
	return out
}

func writeFilterTabs(p *pageBuilder, sec *section, filter string) {
	p.w(`<ul class="filter-tabs">`)
	for _, f := range [][2]string{{"", "Latest"}, {"popular", "Popular"}, {"random", "Random posts"}} {
		if f[0] == filter {
			p.w(`<li class="active"><span>`, f[1], "</span></li>")
			continue
		}
		p.w("<li>")
		p.a(filteredFrontURI(sec, 1, f[0]), `class="filter"`, f[1])
		p.w("</li>")
	}
	p.w("</ul>\n")
}

// writeDeepPagination writes WordPress's pagination: previous, the first
// page, the pages around this one, the last page, next. The middle of a
// long list is reached only page by page.
func writeDeepPagination(p *pageBuilder, ui *uiText, page, n int, uri func(int) string) {
	p.w("<nav class=\"pagination nav-links\">\n")
	if page > 1 {
		p.a(uri(page-1), `class="prev page-numbers" rel="prev"`, ui.prev)
	}
	last := 0
	for _, k := range []int{1, page - 1, page, page + 1, n} {
		if k <= last || k < 1 || k > n {
			continue
		}
		if k > last+1 {
			p.w(`<span class="page-numbers dots">…</span>`)
		}
		last = k
		if k == page {
			p.w(fmt.Sprintf(`<span class="page-numbers current">%d</span>`, k))
			continue
		}
		p.a(uri(k), `class="page-numbers"`, strconv.Itoa(k))
	}
	if page < n {
		p.a(uri(page+1), `class="next page-numbers" rel="next"`, ui.next)
	}
	p.w("</nav>\n")
}

func (s *Site) renderList(l *archiveList, page int) *rendered {
	n := s.listPages(l)
	label := "Author: "
	if l.kind == "tag" {
		label = "Tag: "
	}
	title := label + l.title
	if page > 1 {
		title += " - " + fmt.Sprintf(uiEnglish.pageOf, page, n)
	}
	f := frame{key: "list/" + l.kind + "/" + l.slug + "/" + strconv.Itoa(page), title: title,
		bodyClass: "archive archive-" + l.kind, canonical: l.uri(page), pageType: l.kind}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w("<h1 class=\"archive-title\">")
		p.esc(title)
		p.w("</h1>\n<div class=\"article-list\">\n")
		size := s.opts.PageSize
		for _, a := range l.articles[(page-1)*size : min(page*size, len(l.articles))] {
			p.w(`<div class="item clearfix"><h3 class="item-title">`)
			p.tocA(a.path, "", a.title)
			p.w(`</h3><div class="item-meta"><span class="date">`)
			p.esc(uiEnglish.date(a.published))
			p.w(`</span></div><p class="teaser">`)
			p.esc(a.teaser())
			p.w("</p></div>\n")
		}
		p.w("</div>\n")
		if n > 1 {
			writeDeepPagination(p, uiEnglish, page, n, l.uri)
		}
	})
}

// sitemapFile returns the content type and body of a sitemap or the feed,
// with absolute URLs on origin.
func (s *Site) sitemapFile(path, origin string) (string, []byte) {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	half := (len(s.byTime) + 1) / 2
	urlset := func(list []*article, home bool) {
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		if home {
			fmt.Fprintf(&b, "<url><loc>%s/</loc><changefreq>hourly</changefreq></url>\n", origin)
		}
		for _, a := range list {
			fmt.Fprintf(&b, "<url><loc>%s%s</loc><lastmod>%s</lastmod></url>\n", origin, a.path, a.published.Format(time.RFC3339))
		}
		b.WriteString("</urlset>\n")
	}
	switch path {
	case SitemapIndexURI:
		b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		for _, u := range []string{PostsSitemapURI, PostsGzipURI} {
			fmt.Fprintf(&b, "<sitemap><loc>%s%s</loc><lastmod>%s</lastmod></sitemap>\n", origin, u, baseTime.Format(time.RFC3339))
		}
		b.WriteString("</sitemapindex>\n")
	case PostsSitemapURI:
		urlset(s.byTime[:half], true)
	case PostsGzipURI:
		urlset(s.byTime[half:], false)
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(b.Bytes())
		zw.Close()
		return "application/gzip", z.Bytes()
	case NewsSitemapURI:
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">` + "\n")
		for _, a := range s.byTime[:min(newsItems, len(s.byTime))] {
			fmt.Fprintf(&b, "<url><loc>%s%s</loc><news:news><news:publication><news:name>%s</news:name><news:language>%s</news:language></news:publication>"+
				"<news:publication_date>%s</news:publication_date><news:title>%s</news:title></news:news></url>\n",
				origin, a.path, siteName, a.sec.ui.lang, a.published.Format(time.RFC3339), escape(a.title))
		}
		b.WriteString("</urlset>\n")
	case FeedURI:
		fmt.Fprintf(&b, "<rss version=\"2.0\"><channel><title>%s</title><link>%s/</link><description>The latest stories</description>\n", siteName, origin)
		for _, a := range s.byTime[:min(newsItems, len(s.byTime))] {
			fmt.Fprintf(&b, "<item><title>%s</title><link>%s%s</link><guid>%s%s</guid><pubDate>%s</pubDate></item>\n",
				escape(a.title), origin, a.path, origin, a.path, a.published.Format(time.RFC1123Z))
		}
		b.WriteString("</channel></rss>\n")
		return "application/rss+xml; charset=utf-8", b.Bytes()
	}
	return "application/xml; charset=utf-8", b.Bytes()
}
