package testsite

import (
	"sort"
	"time"
)

// staticPages maps the static page URIs to their titles.
var staticPages = map[string]string{
	AboutURI:   "About us",
	ContactURI: "Contact",
	PrivacyURI: "Privacy policy",
	TermsURI:   "Terms of use",
}

func (s *Site) renderStatic(uri string) *rendered {
	title := staticPages[uri]
	f := frame{key: "static" + uri, title: title, bodyClass: "page page-static", canonical: uri, pageType: "page"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w("<div class=\"page-content\">\n<h1 class=\"page-title\">")
		p.esc(title)
		p.w("</h1>\n")
		switch uri {
		case AboutURI:
			p.w("<p>", siteName, " is an independent newsroom covering world affairs, business, technology, Taiwan and Japan.</p>\n")
			p.w("<p>Our reporters work from offices in London, Taipei and Tokyo. ")
			p.a(JPEGURI, `class="photo-link"`, "See a photo of our newsroom")
			p.w(", read our ")
			p.a(PDFURI, `class="file-link"`, "annual report 2024 (PDF, 1 page)")
			p.w(" or ")
			p.a("./contact.html", "", "get in touch")
			p.w(".</p>\n<p>Looking for the pages of our old website? ")
			p.a(LoopAURI, "", "Visit the old office page")
			p.w(". We are also on ")
			p.a("https://www.linkedin.com/company/daily-example", `rel="noopener"`, "LinkedIn")
			p.w(".</p>\n<h2 id=\"subscribe\">Subscribe</h2>\n<p>Subscriptions start at $4.99 a month. ")
			p.a("mailto:subscriptions@daily-example.com", "", "Email our subscription team")
			p.w(".</p>\n<h2 id=\"community-guidelines\">Community guidelines</h2>\n")
			p.w("<p>Be civil, stay on topic and do not post personal information.</p>\n")
		case ContactURI:
			p.w("<p>Send news tips to ")
			p.a("mailto:tips@daily-example.com", "", "tips@daily-example.com")
			p.w(". For corrections write to ")
			p.a("mailto:corrections@daily-example.com", "", "corrections@daily-example.com")
			p.w(".</p>\n<p>Phone: +44 20 7946 0000 (weekdays 9:00-18:00)</p>\n<p>")
			p.a("./about.html", "", "More about us")
			p.w("</p>\n")
		case PrivacyURI:
			p.w("<p>We use cookies to measure our audience and to show advertising. ")
			p.w("Our advertising partner processes data according to its own ")
			p.a("https://policies.example-adnet.com/privacy", `rel="nofollow"`, "privacy policy")
			p.w(".</p>\n<p>See also our ")
			p.a("./terms.html", "", "terms of use")
			p.w(".</p>\n")
		case TermsURI:
			p.w("<p>All content is protected by copyright. You may link to our articles freely.</p>\n<p>See also our ")
			p.a("./privacy.html", "", "privacy policy")
			p.w(".</p>\n")
		}
		p.w("</div>\n")
	})
}

func (s *Site) renderPrivate() *rendered {
	f := frame{key: "private", title: "Subscriber area", bodyClass: "page page-private", canonical: PrivateURI, pageType: "page"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w("<div class=\"page-content paywall\">\n<h1 class=\"page-title\">Subscriber area</h1>\n")
		p.w("<p>Welcome back. Your subscription is active until 31 December 2024.</p>\n<p>")
		p.a("/about.html#subscribe", "", "Manage your subscription")
		p.w("</p>\n</div>\n")
	})
}

// archiveDay parses a calendar page date; ok only for the canonical
// YYYY-MM-DD form of a real date.
func archiveDay(s string) (time.Time, bool) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil || t.Format("2006-01-02") != s {
		return time.Time{}, false
	}
	return t, true
}

// renderArchive renders the calendar page of one day: it links the previous
// and next day (an endless trap), the articles of the day and three older
// picks.
func (s *Site) renderArchive(day time.Time) *rendered {
	ds := day.Format("2006-01-02")
	uri := ArchivePath + ds
	f := frame{key: "archive/" + ds, title: "Archive: " + day.Format("Monday, 2 January 2006"),
		bodyClass: "archive archive-day", canonical: uri, pageType: "archive"}
	return s.renderPage(f, func(p *pageBuilder) {
		p.w("<h1 class=\"archive-title\">Archive: ", day.Format("Monday, 2 January 2006"), "</h1>\n<div class=\"archive-nav\">")
		if prev := day.AddDate(0, 0, -1); prev.Year() >= 0 {
			p.a("./"+prev.Format("2006-01-02"), `class="prev-day" rel="prev"`, "\u00ab "+prev.Format("2 January 2006"))
		}
		if next := day.AddDate(0, 0, 1); next.Year() <= 9999 {
			p.w(" | ")
			p.a(ArchivePath+next.Format("2006-01-02"), `class="next-day" rel="next"`, next.Format("2 January 2006")+" \u00bb")
		}
		p.w("</div>\n<h2>Published on this day</h2>\n")
		list := append([]*article(nil), s.byDay[ds]...)
		sort.SliceStable(list, func(i, j int) bool { return list[i].published.After(list[j].published) })
		if len(list) == 0 {
			p.w("<p class=\"empty\">No articles were published on this day.</p>\n")
		} else {
			writeArchiveList(p, list)
		}
		if len(s.articles) > 0 {
			p.w("<h2>From the archive</h2>\n")
			r := s.newRand("archive/" + ds)
			var picks []*article
			for _, j := range r.Perm(len(s.articles))[:min(3, len(s.articles))] {
				picks = append(picks, s.articles[j])
			}
			writeArchiveList(p, picks)
		}
	})
}

func writeArchiveList(p *pageBuilder, list []*article) {
	p.w("<ul class=\"archive-list\">\n")
	for _, a := range list {
		p.w(`<li><span class="archive-section">`)
		p.esc(a.sec.title)
		p.w("</span> ")
		p.tocA(a.path, "", a.title)
		p.w(` <span class="date">`, a.published.Format("15:04"), "</span></li>\n")
	}
	p.w("</ul>\n")
}

// notFoundPage is the body of every 404 answer.
const notFoundPage = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Page not found | The Daily Example</title></head>
<body><h1>Page not found</h1><p>Sorry, we could not find that page.</p></body>
</html>
`
