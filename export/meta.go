package export

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine"
)

// Meta is what a page says about its article: when it was published and
// by whom, as the page writes it (no date normalisation: pages mix
// layouts and time zones, and a wrong guess is worse than the original).
type Meta struct {
	Published string
	Author    string
}

// Ranks of the sources, best first: a field keeps the value of the best
// source that gave one. Explicit article metadata beats generic tags, and
// a date as the byline writes it in words is the last resort.
const (
	rankOG       = iota // article:published_time, og:article:author
	rankJSONLD          // JSON-LD datePublished / author
	rankItemprop        // microdata itemprop="datePublished" / "author"
	rankName            // <meta name=author|date|pubdate|…>
	// Then what a reader sees (byline.go): structured data first, as it
	// names the author without a layout to guess.
	rankRelAuthor   // <a rel="author">
	rankHCard       // hCard fn in a vcard; an element whose class names the author
	rankAuthorLink  // a link to /author/… or /profile/… in the byline
	rankByLine      // a "By NAME" line in the byline
	rankMarked      // a date marked as the post's: hAtom class "published", RDFa dc:created
	rankBylineTime  // <time datetime> in the byline, after the headline
	rankTime        // <time datetime> in the article
	rankWrittenDate // a date as text, in an element whose class says date, in the byline
	rankURL         // an author given only as a profile URL
	rankNone
)

// candidates keeps the best value seen for each field.
type candidates struct {
	published, author         string
	publishedRank, authorRank int
}

func newCandidates() *candidates {
	return &candidates{publishedRank: rankNone, authorRank: rankNone}
}

func (c *candidates) offerPublished(v string, rank int) {
	if v = isoPrefix(clean(v)); v != "" && rank < c.publishedRank {
		c.published, c.publishedRank = v, rank
	}
}

func (c *candidates) offerAuthor(v string, rank int) {
	v = clean(v)
	if v == "" {
		return
	}
	// A tag that carries the byline as printed ("By JANE DOE and JOHN
	// ROE") gives its names.
	if byPrefix.MatchString(v) {
		if names := parseByline(v, true, true); len(names) > 0 {
			v = strings.Join(names, ", ")
		}
	}
	if strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
		rank = rankURL
	}
	if rank < c.authorRank {
		c.author, c.authorRank = v, rank
	}
}

// isoTimestamp is an ISO 8601 date, with its time and zone when given.
var isoTimestamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`)

// isoPrefix is v cut after the ISO 8601 timestamp it starts with when
// letters follow it with no space between (a template's format string
// printed after the date: "2015-11-13T10:15:18.000Zyyyy-MM-dd"); v as it
// is otherwise.
func isoPrefix(v string) string {
	loc := isoTimestamp.FindStringIndex(v)
	if loc == nil || loc[1] == len(v) {
		return v
	}
	if r, _ := utf8.DecodeRuneInString(v[loc[1]:]); unicode.IsLetter(r) {
		return v[:loc[1]]
	}
	return v
}

// clean collapses white space; an author spread over lines reads as one.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

// publishedName ranks a meta name (property, name or itemprop, lower
// case) that gives the publication date.
func publishedName(name string) (int, bool) {
	switch name {
	case "article:published_time", "og:article:published_time":
		return rankOG, true
	case "datepublished":
		return rankItemprop, true
	case "pubdate", "publishdate", "publish-date", "date", "dc.date.issued", "dc.date",
		"dcterms.created", "sailthru.date", "parsely-pub-date":
		return rankName, true
	}
	return 0, false
}

// authorName ranks a meta name that gives the author.
func authorName(name string) (int, bool) {
	switch name {
	case "article:author", "og:article:author":
		return rankOG, true
	case "author", "byl", "dc.creator", "sailthru.author", "parsely-author":
		return rankName, true
	}
	return 0, false
}

// extractMeta reads a page's published date and author from its meta
// tags, JSON-LD and microdata, then from the dates and bylines a reader
// sees (outside navigation, sidebars and comments), and last from a
// <time datetime> in article (the HTML of the article blocks).
func extractMeta(page, article []byte) Meta {
	c := newCandidates()
	scanPage(page, c)
	if c.publishedRank > rankTime {
		c.offerPublished(firstTime(article), rankTime)
	}
	return Meta{Published: c.published, Author: c.author}
}

// scanPage tokenizes the page once: no tree is built, so a large page
// costs its tokens, not a DOM.
func scanPage(page []byte, c *candidates) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var author *textCollector // open itemprop="author" element, if any
	by := newBylineScanner()
	var attrs []html.Attribute
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			by.offer(c)
			return
		case html.TextToken:
			text := z.Text()
			if author != nil {
				author.write(text)
			}
			by.text(text)
		case html.EndTagToken:
			name, _ := z.TagName()
			by.end(string(name))
			if author != nil && author.end() {
				c.offerAuthor(author.author(), rankItemprop)
				author = nil
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			var t html.Token
			t, attrs = startTag(z, tt, attrs[:0])
			by.start(t, tt == html.SelfClosingTagToken)
			if e := by.top(); !e.skip && !e.comment && c.publishedRank > rankMarked {
				c.offerPublished(markedDate(t), rankMarked)
			}
			if author != nil {
				author.start(t, tt == html.StartTagToken && !voidElement(t.DataAtom))
			}
			switch t.DataAtom {
			case atom.Meta:
				metaTag(t, c)
			case atom.Script:
				if attr(t, "type") == "application/ld+json" && tt == html.StartTagToken && z.Next() == html.TextToken {
					scanJSONLD(z.Text(), c)
				}
			default:
				prop := strings.ToLower(attr(t, "itemprop"))
				switch {
				case prop == "datepublished":
					c.offerPublished(firstNonEmpty(attr(t, "datetime"), attr(t, "content")), rankItemprop)
				case prop == "author" && author == nil:
					if v := attr(t, "content"); v != "" {
						c.offerAuthor(v, rankItemprop)
					} else if tt == html.StartTagToken && !voidElement(t.DataAtom) {
						author = &textCollector{depth: 1}
					}
				}
			}
		}
	}
}

// markedDate is the date an element marks as its post's publication,
// outside meta tags: hAtom's "published" class on a <time datetime> or
// an <abbr title> (WordPress and Blogger themes), RDFa's dc:date or
// dc:created property with its content (Drupal). "" when t marks none.
func markedDate(t html.Token) string {
	if v := attr(t, "content"); v != "" {
		for _, p := range strings.Fields(strings.ToLower(attr(t, "property"))) {
			switch p {
			case "dc:date", "dc:created", "dcterms:created", "dcterms:issued", "schema:datepublished":
				return v
			}
		}
	}
	var v string
	switch t.DataAtom {
	case atom.Time:
		v = attr(t, "datetime")
	case atom.Abbr:
		v = attr(t, "title")
	}
	if v == "" || !hasToken(attr(t, "class"), "published") {
		return ""
	}
	return v
}

// textCollector gathers the text of one element, counting nested start
// and end tags to find its end.
type textCollector struct {
	text  strings.Builder
	depth int
	// name is the text of the element's itemprop="name" (a microdata
	// Person's name, where the element holds a whole card), nameDepth
	// its open elements while it is read.
	name      strings.Builder
	nameDepth int
	hasName   bool
}

func (tc *textCollector) write(s []byte) {
	tc.text.Write(s)
	if tc.nameDepth > 0 {
		tc.name.Write(s)
	}
}

// start counts a start tag inside the element and starts reading its
// first itemprop="name".
func (tc *textCollector) start(t html.Token, opens bool) {
	if opens {
		tc.depth++
		if tc.nameDepth > 0 {
			tc.nameDepth++
		}
	}
	if tc.hasName || !strings.EqualFold(attr(t, "itemprop"), "name") {
		return
	}
	tc.hasName = true
	if v := attr(t, "content"); v != "" {
		tc.name.WriteString(v)
	} else if opens {
		tc.nameDepth = 1
	}
}

func (tc *textCollector) end() bool {
	if tc.nameDepth > 0 {
		tc.nameDepth--
	}
	tc.depth--
	return tc.depth <= 0
}

// author is the name the element gives: its itemprop="name", else its
// text when that is short enough to be a name and not a bio.
func (tc *textCollector) author() string {
	if name := clean(tc.name.String()); name != "" {
		return name
	}
	if text := clean(tc.text.String()); utf8.RuneCountInString(text) <= maxNameChars {
		return text
	}
	return ""
}

func metaTag(t html.Token, c *candidates) {
	content := attr(t, "content")
	if content == "" {
		return
	}
	for _, key := range []string{"property", "name", "itemprop"} {
		name := strings.ToLower(strings.TrimSpace(attr(t, key)))
		if name == "" {
			continue
		}
		if r, ok := publishedName(name); ok {
			c.offerPublished(content, r)
		}
		if r, ok := authorName(name); ok {
			if key == "itemprop" {
				r = rankItemprop
			}
			c.offerAuthor(content, r)
		}
	}
}

// firstTime returns the datetime of the first <time> in fragment.
func firstTime(fragment []byte) string {
	z := html.NewTokenizer(bytes.NewReader(fragment))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			if t.DataAtom == atom.Time {
				if v := clean(attr(t, "datetime")); v != "" {
					return v
				}
			}
		}
	}
}

// startTag is z.Token() for the start tag z is at, with only the
// attributes the scan reads, appended to attrs: Token copies every
// attribute of every element (styles, sources, data-*), which cost the
// scan as much as tokenizing the page.
func startTag(z *html.Tokenizer, tt html.TokenType, attrs []html.Attribute) (html.Token, []html.Attribute) {
	name, more := z.TagName()
	t := html.Token{Type: tt, DataAtom: atom.Lookup(name)}
	if t.DataAtom != 0 {
		t.Data = t.DataAtom.String()
	} else {
		t.Data = string(name)
	}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		if key, ok := readAttrs[string(k)]; ok {
			attrs = append(attrs, html.Attribute{Key: key, Val: string(v)})
		}
	}
	t.Attr = attrs
	return t, attrs
}

// readAttrs are the attributes attr is asked for in the scan, each
// mapped to its own name: the key kept is this string, not a copy.
var readAttrs = map[string]string{"class": "class", "id": "id", "content": "content", "datetime": "datetime", "href": "href",
	"itemprop": "itemprop", "property": "property", "rel": "rel", "title": "title", "type": "type", "name": "name"}

func attr(t html.Token, name string) string {
	for _, a := range t.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// PageMeta is the published date and author of a mined page, as the
// JSONL export gives them: for writers of results outside a store
// (extract's NAME.json).
func PageMeta(page []byte, r *mine.Result) Meta {
	return extractMeta(page, []byte(blockHTML(r.Article)))
}
