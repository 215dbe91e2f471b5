package testsite

import (
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// frontURI is the canonical URI of page n of a section front.
func frontURI(sec *section, n int) string {
	if n <= 1 {
		return "/" + sec.name + "/"
	}
	return "/" + sec.name + "/?page=" + strconv.Itoa(n)
}

func (s *Site) renderHome() *rendered {
	f := frame{key: "home", title: "News from around the world", bodyClass: "home front-page",
		canonical: "/", pageType: "home"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w("<h1 class=\"visually-hidden\">", siteName, "</h1>\n")
		for i, sec := range s.sections {
			p.w(`<div class="section-block" id="block-`, sec.name, "\">\n<h2 class=\"block-title\">")
			p.a("/"+sec.name, "", sec.title) // no trailing slash: 301 to the front
			p.w("</h2>\n")
			top := sec.articles[:min(5, len(sec.articles))]
			if s.opts.DeepArchive { // the front's whole first page
				top = sec.articles[:min(s.opts.PageSize, len(sec.articles))]
			}
			lead := top[0]
			p.w(`<div class="lead-story">`)
			if lead.image {
				p.w(`<div class="thumb"><img src="`, staticHost, "/photos/thumb/", lead.slug, `.jpg" alt=""></div>`)
			}
			p.w(`<h3 class="headline">`)
			p.tocA(lead.path, "", lead.title)
			p.w(`</h3><p class="summary">`)
			p.esc(lead.teaser())
			p.w("</p></div>\n<ul class=\"story-list\">\n")
			for _, a := range top[1:] {
				p.w(`<li class="story"><div class="story-inner">`)
				p.tocA(a.path, `class="headline"`, a.title)
				p.w(` <span class="teaser">`)
				p.esc(a.teaser())
				p.w("</span></div></li>\n")
			}
			p.w("</ul>\n")
			if s.opts.DeepArchive { // and its second page
				p.w("<h3 class=\"block-title\">More stories</h3>\n<ul class=\"story-list more-stories\">\n")
				for _, a := range sec.articles[min(s.opts.PageSize, len(sec.articles)):min(2*s.opts.PageSize, len(sec.articles))] {
					p.w(`<li class="story">`)
					p.tocA(a.path, `class="headline"`, a.title)
					p.w("</li>\n")
				}
				p.w("</ul>\n")
			}
			more := "/" + sec.name + "/"
			if s.frontPages(sec) > 1 && !s.opts.DeepArchive {
				more += "?page=2&ref=nav"
			}
			p.a(more, `class="more-link"`, "More "+sec.title+" \u00bb")
			p.w("\n</div>\n")
			if i == 1 {
				p.ad("home", "inline", 468, 60)
			}
		}
	})
}

// writeFrontItems writes a section front's list of teasers: its page of
// the section's stories, or a filter variant's.
func (s *Site) writeFrontItems(p *pageBuilder, key string, sec *section, page int, filter string) {
	ui := sec.ui
	p.w("<div class=\"article-list\">\n")
	size := s.opts.PageSize
	items := sec.articles[(page-1)*size : min(page*size, len(sec.articles))]
	if filter != "" {
		items = variantItems(sec.articles[:min(size, len(sec.articles))], filter)
	}
	for i, a := range items {
		p.w(fmt.Sprintf(`<div class="item clearfix" id="item-%d">`, a.idx+1))
		if a.image {
			p.w(`<div class="thumb"><img src="`, staticHost, "/photos/thumb/", a.slug, `.jpg" alt=""></div>`)
		}
		p.w(`<h3 class="item-title">`)
		p.tocA(a.path, "", a.title)
		p.w(`</h3><div class="item-meta"><span class="date">`)
		p.esc(ui.date(a.published))
		p.w(`</span> <span class="sep">|</span> `)
		p.tocA(a.path+"#comments", `class="comment-count"`, ui.comments(len(a.comments)))
		p.w(`</div><p class="teaser">`)
		p.esc(a.teaser())
		p.w("</p></div>\n")
		if i == 4 && len(items) > 5 {
			p.ad(key, "inline", 468, 60)
		}
	}
	p.w("</div>\n")
}

func (s *Site) renderFront(sec *section, page int, filter string) *rendered {
	n := s.frontPages(sec)
	ui := sec.ui
	title := sec.title
	if filter != "" {
		title += " (" + filter + ")"
	}
	if page > 1 {
		title += " - " + fmt.Sprintf(ui.pageOf, page, n)
	}
	key := fmt.Sprintf("front/%s/%d", sec.name, page)
	if filter != "" {
		key += "/" + filter
	}
	f := frame{key: key, title: title, sec: sec,
		bodyClass: "section-front section-" + sec.name, canonical: filteredFrontURI(sec, page, filter), pageType: "section"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w(`<div class="breadcrumb">`)
		p.a("/", "", "Home")
		p.w(` <span class="sep">&rsaquo;</span> <span class="current">`)
		p.esc(sec.title)
		p.w("</span></div>\n<h1 class=\"section-title\">")
		p.esc(sec.title)
		p.w("</h1>\n")
		if page > 1 {
			p.w(`<p class="page-info">`)
			p.esc(fmt.Sprintf(ui.pageOf, page, n))
			p.w("</p>\n")
		}
		if s.opts.DeepArchive {
			writeFilterTabs(p, sec, filter)
		}
		s.writeFrontItems(p, f.key, sec, page, filter)
		switch {
		case n > 1 && s.opts.DeepArchive:
			writeDeepPagination(p, ui, page, n, func(k int) string { return filteredFrontURI(sec, k, filter) })
		case n > 1:
			s.writePagination(p, sec, page, n)
		}
	})
}

// writePagination writes prev/number/next links. The variants are on purpose:
// "prev" is query-relative, numbers are root-relative, "next" is dot-relative
// with the parameters in the order ref, page.
func (s *Site) writePagination(p *pageBuilder, sec *section, page, n int) {
	p.w("<div class=\"pagination\"><ul>\n")
	if page == 2 {
		p.w(`<li class="prev">`)
		p.a("/"+sec.name+"/", `rel="prev"`, sec.ui.prev)
		p.w("</li>\n")
	} else if page > 2 {
		p.w(`<li class="prev">`)
		p.a("?page="+strconv.Itoa(page-1), `rel="prev"`, sec.ui.prev)
		p.w("</li>\n")
	}
	for k := 1; k <= n; k++ {
		if k == page {
			p.w(fmt.Sprintf("<li class=\"active\"><span>%d</span></li>\n", k))
			continue
		}
		p.w("<li>")
		p.a(frontURI(sec, k), "", strconv.Itoa(k))
		p.w("</li>\n")
	}
	if page < n {
		p.w(`<li class="next">`)
		p.a("./?ref=nav&page="+strconv.Itoa(page+1), `rel="next"`, sec.ui.next)
		p.w("</li>\n")
	}
	p.w("</ul></div>\n")
}

// relatedHref links article r from article a with a relative URL.
func relatedHref(a, r *article) string {
	if a.published.Format("2006/01/02") == r.published.Format("2006/01/02") {
		return r.slug + ".html"
	}
	return "../../../" + r.published.Format("2006/01/02") + "/" + r.slug + ".html"
}

func (s *Site) renderArticle(a *article) *rendered {
	sec := a.sec
	f := frame{key: "article" + a.path, title: a.title, sec: sec,
		bodyClass: "article-page single section-" + sec.name, canonical: a.path, pageType: "article"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w(`<div class="breadcrumb">`)
		p.a("/", "", "Home")
		p.w(` <span class="sep">&rsaquo;</span> `)
		p.a("../../../", "", sec.title)
		p.w("</div>\n")
		p.w(fmt.Sprintf(`<div class="article" id="article-%d-%d" itemscope itemtype="https://schema.org/NewsArticle">`, sec.index+1, a.idx+1))
		writeArticleHead(p, a, s.opts.DeepArchive)
		writeShareTools(p, a)
		if a.image {
			p.w(`<div class="article-image"><img src="`, staticHost, "/photos/", a.slug, `.jpg" alt="`, escape(a.title), "\">")
			p.w("<span class=\"caption\">Photo: ", siteName, "</span></div>\n")
		}
		writeArticleBody(p, f.key, a)
		s.writeSpecialLinks(p, a)
		writeTags(p, a, s.opts.DeepArchive)
		p.w("</div>\n") // the article
		writeRelated(p, a, s.opts.DeepArchive)
		writeComments(p, a, s.opts.DeepArchive)
	})
}

// writeArticleHead writes the headline and the byline, date and comment
// count under it.
// With deep set the byline links the author's archive.
func writeArticleHead(p *pageBuilder, a *article, deep bool) {
	ui := a.sec.ui
	p.w("\n<h1 class=\"headline\" itemprop=\"headline\">")
	p.esc(a.title)
	p.w("</h1>\n<div class=\"article-meta\"><span class=\"byline\">")
	author := `<span class="author" itemprop="author">` + escape(a.author) + `</span>`
	if deep {
		p.hrefs = append(p.hrefs, authorURI(a.author, 1))
		author = `<a href="` + authorURI(a.author, 1) + `" rel="author">` + author + `</a>`
	}
	p.w(fmt.Sprintf(ui.byline, author))
	p.w(`</span> <span class="date"><time datetime="`, a.published.Format("2006-01-02T15:04:05Z07:00"), `" itemprop="datePublished">`)
	p.esc(ui.date(a.published) + " " + a.published.Format("15:04"))
	p.w(`</time></span> `)
	p.a("#comments", `class="comment-count"`, ui.comments(len(a.comments)))
	p.w("</div>\n")
}

// writeShareTools writes the share links: off-site and javascript: links
// a crawler must not follow.
func writeShareTools(p *pageBuilder, a *article) {
	p.w("<div class=\"share-tools\">")
	public := url.QueryEscape(publicHost + a.path)
	p.a("https://twitter.com/intent/tweet?url="+public+"&text="+url.QueryEscape(a.title), `class="share share-twitter" target="_blank" rel="noopener"`, "Tweet")
	p.w(" ")
	p.a("https://www.facebook.com/sharer/sharer.php?u="+public, `class="share share-facebook" target="_blank" rel="noopener"`, "Share")
	p.w(" ")
	p.a("mailto:?subject="+url.PathEscape(a.title)+"&body="+public, `class="share share-email"`, "Email")
	p.w(" ")
	p.a("javascript:window.print()", `class="share share-print"`, "Print")
	p.w("</div>\n")
}

// writeArticleBody writes the story's paragraphs, with an ad after the
// second of a long story.
func writeArticleBody(p *pageBuilder, key string, a *article) {
	p.w("<div class=\"article-body\" itemprop=\"articleBody\">\n")
	for i, para := range a.paragraphs {
		p.w("<p>")
		p.esc(para)
		p.w("</p>\n")
		if i == 1 && len(a.paragraphs) > 3 {
			p.ad(key, "inline", 300, 250)
		}
	}
	p.w("</div>\n")
}

// writeTags writes the article's tag line.
func writeTags(p *pageBuilder, a *article, deep bool) {
	p.w(`<div class="tags"><span class="tag-label">Tags:</span>`)
	for _, t := range a.tags {
		p.w(` <span class="tag">`)
		if deep {
			p.a(tagURI(t, 1), `rel="tag"`, t)
		} else {
			p.esc(t)
		}
		p.w("</span>")
	}
	p.w("</div>\n")
}

// writeRelated writes the list of related stories, if any. With deep set
// it names the section's newest stories, the same on every story: a
// template box like "most read", not a TOC block.
func writeRelated(p *pageBuilder, a *article, deep bool) {
	if len(a.related) == 0 {
		return
	}
	p.w("<div class=\"related-articles\"><h3>")
	p.esc(a.sec.ui.related)
	p.w("</h3>\n<ul>\n")
	for _, r := range a.related {
		p.w("<li>")
		if deep {
			p.a(relatedHref(a, r), "", r.title)
			p.w("</li>\n")
			continue
		}
		p.tocA(relatedHref(a, r), "", r.title)
		p.w("</li>\n")
	}
	p.w("</ul></div>\n")
}

func (s *Site) writeSpecialLinks(p *pageBuilder, a *article) {
	special := s.special[a]
	if special == "" {
		return
	}
	for _, kind := range []string{"pdf", "jpeg", "removed"} {
		if !containsWord(special, kind) {
			continue
		}
		p.w(`<p class="see-also">`)
		switch kind {
		case "pdf":
			p.w("Read the full ")
			p.a(PDFURI, `class="file-link"`, "annual report (PDF)")
		case "jpeg":
			p.w("See ")
			p.a(JPEGURI, "", "a photo of our newsroom")
		case "removed":
			p.w("Earlier coverage: ")
			p.a(RemovedURI, "", "original report")
		}
		p.w(".</p>\n")
	}
}

// With deep set each comment has a WordPress ?replytocom= link: the story
// again under another URL, a trap for a crawler that follows every link.
func writeComments(p *pageBuilder, a *article, deep bool) {
	ui := a.sec.ui
	p.w("<div id=\"comments\" class=\"comments-section\"><h3>")
	p.esc(fmt.Sprintf(ui.commentsTitle, len(a.comments)))
	p.w("</h3>\n")
	if len(a.comments) == 0 {
		p.w(`<p class="no-comments">`)
		p.esc(ui.noComments)
		p.w("</p>\n")
	} else {
		p.w("<ul class=\"comment-list\">\n")
		for i, c := range a.comments {
			posted := a.published.Add(time.Duration(2+5*i) * time.Hour)
			p.w(`<li class="comment"><span class="comment-author">`)
			p.esc(c.user)
			p.w(`</span> <span class="comment-date">`)
			p.esc(ui.date(posted) + " " + posted.Format("15:04"))
			p.w(`</span><p class="comment-text">`)
			p.esc(c.text)
			p.w("</p>")
			if deep {
				p.a(fmt.Sprintf("?replytocom=%d", (a.sec.index+1)*100000+a.idx*10+i), `class="comment-reply-link" rel="nofollow"`, "Reply")
			}
			p.w("</li>\n")
		}
		p.w("</ul>\n")
	}
	p.w(`<div class="comment-note">Please read our `)
	p.a("/about.html#community-guidelines", "", "community guidelines")
	p.w(" before commenting.</div>\n</div>\n")
}

func escape(s string) string { return html.EscapeString(s) }

// containsWord reports whether the space-separated list has word.
func containsWord(list, word string) bool {
	for _, w := range strings.Fields(list) {
		if w == word {
			return true
		}
	}
	return false
}
