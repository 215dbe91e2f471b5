package mine

import (
	"net/url"
	"regexp"
	"strings"

	"infocrawl/mine/internal/htmlnode"
)

// A list of stories is often split over pages ("Older posts", "2 3 4 …
// 24", rel="next"). The links to the other pages are not stories, so they
// are not in a TOC block; but a focused crawl that follows only the TOC
// would never see the stories listed past the first page. Pagination keeps
// them apart, for the crawl to follow.

// pageWords are the words and arrows of links to the next or previous
// page of a list, lower-cased.
var pageWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"next", "prev", "previous", "older", "newer", "more", "next page", "previous page", "load more",
		"»", "›", "«", "‹", "→", "←", ">>", "<<"} {
		m[w] = true
	}
	for _, kind := range []string{"posts", "entries", "stories", "articles"} {
		m["older "+kind], m["newer "+kind] = true, true
	}
	return m
}()

// pageWord: text, its spaces collapsed, is a page number (1 to 4
// digits) or a word that leads to another page of a list ("Next",
// "Older posts", "»"), in any case.
func pageWord(text string) bool {
	if n := len(text); n >= 1 && n <= 4 && strings.Trim(text, "0123456789") == "" {
		return true
	}
	return len(text) <= maxPageWordBytes && pageWords[strings.ToLower(text)]
}

// maxPageWordBytes is the longest of pageWords, in bytes: longer text
// needs no lower-casing to be ruled out.
var maxPageWordBytes = func() int {
	n := 0
	for w := range pageWords {
		n = max(n, len(w))
	}
	return n
}()

// pageInURL is a page number in a URL: /page/3, /p/3, ?page=3, ?p=3, ?paged=3, ?start=20, ?offset=20, -p3.
var pageInURL = regexp.MustCompile(`(?i)(/(page|p|pg|seite|pagina)/?\d+|[?&](page|p|pg|paged|pagenum|start|offset|pn)=\d+|[-_]p(age)?\d+(\.\w+)?$|/\d{1,4}/?$)`)

// pagerWords are class or id words of a pagination container.
var pagerWords = []string{"pagination", "pager", "paging", "page-numbers", "pagenav", "nav-links", "wp-pagenavi"}

// maxPagerDepth bounds how far up from a link its pagination container is looked for.
const maxPagerDepth = 4

// paginationLinks returns the page's links to the other pages of its
// list, each once, in document order.
func paginationLinks(p *Page) []Link {
	seen := map[string]bool{}
	var out []Link
	for _, n := range p.Nodes {
		if n.Tag != "a" || n.Href == "" || seen[n.Href] {
			continue
		}
		// The cheap tests first: most anchors are headlines and menus,
		// too long for a page word, and need no URL parse.
		rel := relPage(n)
		if !rel && n.ALenA > maxPageWord {
			continue
		}
		text := anchorText(n) // its white space collapsed already
		if !rel && !pageWord(text) {
			continue
		}
		u, err := url.Parse(n.Href)
		if err != nil || (p.URL != nil && (u.Host != p.URL.Host || samePage(u, p.URL))) {
			continue
		}
		// Without rel, a page word needs a page number in the URL or a
		// pagination container.
		if !rel && !pageInURL.MatchString(u.Path+queryPart(u)) && !inPager(n) {
			continue
		}
		seen[n.Href] = true
		out = append(out, Link{URL: n.Href, Text: text})
	}
	return out
}

// maxPageWord bounds the text pageWord accepts (its longest, "older
// articles", is 13 characters without the space, as ALen counts them).
const maxPageWord = 16

// relPage: rel="next" or "prev" says the link goes to another page of
// the list.
func relPage(n *Node) bool {
	for rel := range strings.FieldsSeq(htmlnode.Attr(n.H, "rel")) {
		if strings.EqualFold(rel, "next") || strings.EqualFold(rel, "prev") {
			return true
		}
	}
	return false
}

func inPager(n *Node) bool {
	for a, i := n, 0; a != nil && i <= maxPagerDepth; a, i = a.Parent, i+1 {
		if containsAny(strings.ToLower(htmlnode.Attr(a.H, "class")+" "+htmlnode.Attr(a.H, "id")), pagerWords) {
			return true
		}
	}
	return false
}

func queryPart(u *url.URL) string {
	if u.RawQuery == "" {
		return ""
	}
	return "?" + u.RawQuery
}

func samePage(a, b *url.URL) bool {
	return a.Path == b.Path && a.RawQuery == b.RawQuery
}
