package mine

import (
	"net/url"
	"strings"
)

// offSite: href leads to another site than the page's (known only when
// the page's URL is): a list of such links is references or a blogroll,
// not a list of the site's stories.
func offSite(p *Page, href string) bool {
	if p.URL == nil || p.URL.Host == "" {
		return false
	}
	host, ok := hostOf(href)
	if !ok {
		return false
	}
	if p.site == "" {
		p.site = siteOf(p.URL.Host)
	}
	if strings.EqualFold(host, p.URL.Host) {
		return false
	}
	off, ok := p.offSites[host]
	if !ok {
		if p.offSites == nil {
			p.offSites = map[string]bool{}
		}
		off = siteOf(host) != p.site
		p.offSites[host] = off
	}
	return off
}

// hostOf is the host of an absolute http or https href, as written; ok
// is false for any other href.
func hostOf(href string) (host string, ok bool) {
	rest, ok := strings.CutPrefix(href, "http://")
	if !ok {
		if rest, ok = strings.CutPrefix(href, "https://"); !ok {
			return "", false
		}
	}
	host, _, _ = strings.Cut(rest, "/")
	return host, true
}

// socialSites are the social networks and sharing services whose links
// follow, like or share rather than cite.
var socialSites = []string{"facebook.com", "twitter.com", "x.com", "instagram.com", "pinterest.com",
	"linkedin.com", "plus.google.com", "tumblr.com", "reddit.com", "digg.com", "stumbleupon.com",
	"addthis.com", "sharethis.com", "feedburner.com", "feedburner.google.com"}

// socialLink: href leads to one of socialSites or a host below one.
func socialLink(href string) bool {
	host, ok := hostOf(href)
	if !ok {
		return false
	}
	host = strings.ToLower(host)
	for _, site := range socialSites {
		if host == site || strings.HasSuffix(host, "."+site) {
			return true
		}
	}
	return false
}

// secondLevels are the labels under a two-letter country code that sites
// register beneath ("bbc.co.uk", "abc.net.au").
var secondLevels = map[string]bool{"co": true, "com": true, "org": true, "net": true, "ac": true, "gov": true, "edu": true, "ne": true, "or": true}

// siteOf is the registrable part of host: "news.bbc.co.uk" → "bbc.co.uk",
// "www.example.com:8080" → "example.com".
func siteOf(host string) string {
	host = strings.ToLower(host)
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	if last := labels[len(labels)-1]; last != "" && last[0] >= '0' && last[0] <= '9' {
		return host // an IP address
	}
	n := 2
	if k := len(labels); k >= 3 && len(labels[k-1]) == 2 && secondLevels[labels[k-2]] {
		n = 3
	}
	if len(labels) <= n {
		return host
	}
	return strings.Join(labels[len(labels)-n:], ".")
}

// actsOnPage: href's query carries the page's own address or headline
// (share?url=…, an email-a-friend form, a reprint licence's title=…):
// the link does something with this page (share, mail, license it) and
// cites nothing, wherever it leads.
func actsOnPage(p *Page, href string) bool {
	_, query, ok := strings.Cut(href, "?")
	if !ok {
		return false
	}
	values, err := url.ParseQuery(query)
	if err != nil {
		return false
	}
	var self string
	if p.URL != nil && len(p.URL.Path) > 1 {
		self = strings.ToLower(p.URL.Host + p.URL.Path)
	}
	for _, vs := range values {
		for _, v := range vs {
			if self != "" && strings.Contains(strings.ToLower(v), self) || p.titleHolds(v) {
				return true
			}
		}
	}
	return false
}
