package export

import (
	"iter"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine"
)

// visibleRanks are the ranks of the sources bylineScanner reads.
const visibleRanks = rankByLine - rankRelAuthor + 1

// bylineScanner follows the elements of scanPage's token stream: which
// are open, which are comment sections or sidebars (where names are
// commenters' or other stories' authors), which are bylines, and the
// few blocks of text after the headline.
type bylineScanner struct {
	stack      []openElem
	serial     int
	collecting int // open elements with a collector
	found      [visibleRanks]foundNames
	// The window after an h1: its next blocks of text, where a byline
	// without a telling class sits.
	window     strings.Builder
	windowLeft int // blocks still to read; 0 = outside the window
	headlines  int
	// The first date written in a byline, a post's meta line or the
	// window, in an element whose class says date: its text, while the
	// element (serial dateSerial) is open, then the date it reads as.
	dateText   strings.Builder
	dateSerial int
	date       string
	// The first <time datetime> there, not an update's.
	timeDate string
}

// readDate starts reading the date of e (its start tag t), an element
// of the byline or the lines under the headline whose class says date,
// and takes a <time>'s datetime at once; an update's date is none.
func (b *bylineScanner) readDate(t html.Token, e *openElem) {
	if e.update || !e.date && t.DataAtom != atom.Time {
		return
	}
	if v := clean(attr(t, "datetime")); t.DataAtom == atom.Time && v != "" {
		if b.timeDate == "" {
			b.timeDate = v
		}
		return
	}
	if e.date && b.date == "" && b.dateSerial == 0 {
		b.dateSerial = e.serial
		b.dateText.Reset()
	}
}

type openElem struct {
	tag      string
	serial   int
	comment  bool // in a comment section
	skip     bool // in navigation, a sidebar, a form, related stories
	byline   bool // in an element whose class says byline or author
	meta     bool // in a post's meta line, where a byline needs its "By"
	vcard    bool
	date     bool // its own class or id says date ("date-post", "published")
	update   bool // … or the date of an update ("updated", "modified")
	inline   bool
	raw      bool // script, style: no text
	collect  *strings.Builder
	rank     int  // of collect
	needBy   bool // collect's text needs "By" before the names
	anyCase  bool // collect's names may be lower case (a handle: the markup says author)
	groupSer int  // collect's group: the block it is in
}

// foundNames are the names one source gave, from one block: a byline
// of two authors has two rel="author" links, a page's sidebar of other
// stories more that are not this story's.
type foundNames struct {
	names []string
	group int // serial of the block the first came from
}

func newBylineScanner() *bylineScanner { return &bylineScanner{} }

var (
	// Not "widget": Blogger puts the posts themselves in div.widget.Blog.
	skipWords   = wordSet("sidebar related recommended popular trending nav navbar navigation menu breadcrumb breadcrumbs share sharing social promo newsletter subscribe footer-widgets")
	bylineWords = wordSet("byline bylines byl author authors writer writers contributor contributors")
	metaWords   = wordSet("meta postmeta entrymeta info dateline posted submitted")
	dateWords   = wordSet("date published pubdate timestamp dateline")
	updateWords = wordSet("updated modified update")
	inlineTags  = map[atom.Atom]bool{atom.A: true, atom.Span: true, atom.Strong: true, atom.B: true, atom.Em: true, atom.I: true,
		atom.Cite: true, atom.Small: true, atom.Time: true, atom.Abbr: true, atom.U: true, atom.Font: true, atom.Address: true}
	// Start tags that end an open <p>, as the HTML parser does.
	closesP = map[atom.Atom]bool{atom.Div: true, atom.P: true, atom.Ul: true, atom.Ol: true, atom.H1: true, atom.H2: true, atom.H3: true,
		atom.H4: true, atom.H5: true, atom.H6: true, atom.Table: true, atom.Section: true, atom.Article: true, atom.Header: true,
		atom.Footer: true, atom.Nav: true, atom.Aside: true, atom.Form: true, atom.Blockquote: true, atom.Pre: true, atom.Figure: true}
	profilePath = regexp.MustCompile(`/(author|authors|profile|profiles)/[^/?#]+`)
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// classWords are the letter runs of an element's lower-cased class and
// id, v ("entry-author-name" → entry, author, name), and its whole tokens.
func classWords(v string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for w := range strings.FieldsFuncSeq(v, func(r rune) bool { return r < 'a' || r > 'z' }) {
			if !yield(w) {
				return
			}
		}
		for w := range strings.FieldsSeq(v) {
			if !yield(w) {
				return
			}
		}
	}
}

func (b *bylineScanner) top() *openElem {
	if len(b.stack) == 0 {
		return &openElem{}
	}
	return &b.stack[len(b.stack)-1]
}

// start opens an element; void and self-closing ones open and close.
func (b *bylineScanner) start(t html.Token, selfClosing bool) {
	a := t.DataAtom
	b.closeImplied(t)
	parent := b.top()
	b.serial++
	e := openElem{tag: t.Data, serial: b.serial, comment: parent.comment, skip: parent.skip, byline: parent.byline,
		meta: parent.meta, vcard: parent.vcard, inline: inlineTags[a], raw: parent.raw}
	switch a {
	case atom.Nav, atom.Aside, atom.Form, atom.Select, atom.Button:
		e.skip = true
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Textarea:
		e.raw = true
	}
	names, fn := e.readClass(t, parent)
	void := selfClosing || voidElement(a)
	if !e.comment && !e.skip && !e.raw && !void {
		b.collectFor(&e, t, parent, names, fn)
		// After the headline only: a masthead shows today's date.
		if b.headlines > 0 && (parent.byline || parent.meta || e.meta || b.windowLeft > 0) {
			b.readDate(t, &e)
		}
	}
	if void {
		return
	}
	b.stack = append(b.stack, e)
}

// closeImplied closes what t's start tag ends, as the HTML parser does
// (an open <p>, a sibling <li>), and ends a block of the window.
func (b *bylineScanner) closeImplied(t html.Token) {
	a := t.DataAtom
	if top := b.top(); top.tag == "p" && closesP[a] || (a == atom.Li || a == atom.Dt || a == atom.Dd || a == atom.Option) && top.tag == t.Data {
		b.pop()
	}
	if a == atom.Br || closesP[a] || a == atom.Li || a == atom.Td || a == atom.Dd {
		b.windowBreak()
	}
}

// readClass sets e's flags from the words of its id and class; names
// says the class names the author itself, fn that it is an hCard's name.
func (e *openElem) readClass(t html.Token, parent *openElem) (names, fn bool) {
	id, class := attr(t, "id"), attr(t, "class")
	// html and body describe the whole page ("one-sidebar"), as in mine.
	if id == "" && class == "" || e.comment || t.DataAtom == atom.Html || t.DataAtom == atom.Body {
		return false, false
	}
	lc := strings.ToLower(id + " " + class)
	// mine decides; the words it looks for say whether to ask.
	if strings.Contains(lc, "comment") || strings.Contains(lc, "disqus") || strings.Contains(lc, "respond") {
		e.comment = mine.CommentSection(t.Data, id, class)
	}
	for w := range classWords(lc) {
		switch {
		case skipWords[w]:
			e.skip = true
		case w == "vcard":
			e.vcard = true
		case w == "fn":
			fn = true
		case bylineWords[w]:
			e.byline = true
		case metaWords[w]:
			e.meta = true
		}
		e.date = e.date || dateWords[w]
		e.update = e.update || updateWords[w]
		// "author-name", "entry-author", "byline__author": the element
		// holds the name, not a byline around it.
		// Drupal's "Submitted by <a class=username>" names its author
		// by the user's name.
		if w == "username" && (parent.byline || parent.meta) {
			names = true
		}
		if w == "author" || strings.HasSuffix(w, "author-name") || strings.HasSuffix(w, "author_name") ||
			strings.HasSuffix(w, "-author") || strings.HasSuffix(w, "__author") || w == "authorname" {
			names = true
		}
	}
	return names, fn
}

// collectFor gives e a collector when its text is a byline source: a
// rel="author" link, an hCard or author name, a profile link, a byline
// or meta block.
func (b *bylineScanner) collectFor(e *openElem, t html.Token, parent *openElem, names, fn bool) {
	a := t.DataAtom
	rel, href := attr(t, "rel"), attr(t, "href")
	switch {
	case a == atom.A && hasToken(rel, "author"):
		e.collectAs(rankRelAuthor, false, true)
	case fn && parent.vcard, names:
		e.collectAs(rankHCard, false, true)
	case a == atom.A && (parent.byline || parent.meta || b.windowLeft > 0) && profilePath.MatchString(href):
		e.collectAs(rankAuthorLink, false, true)
	case e.byline && !parent.byline:
		e.collectAs(rankByLine, false, false)
	case e.meta && !parent.meta && !e.byline:
		e.collectAs(rankByLine, true, false)
	}
	if e.collect != nil {
		e.groupSer = b.group()
		b.collecting++
	}
}

func (e *openElem) collectAs(rank int, needBy, anyCase bool) {
	e.collect, e.rank, e.needBy, e.anyCase = &strings.Builder{}, rank, needBy, anyCase
}

// group is the serial of the nearest open block: names from one source
// count together only while they share it.
func (b *bylineScanner) group() int {
	for i := len(b.stack) - 1; i >= 0; i-- {
		if !b.stack[i].inline {
			return b.stack[i].serial
		}
	}
	return 0
}

// end closes the nearest open element named tag; a stray end tag
// closes nothing.
func (b *bylineScanner) end(tag string) {
	for i := len(b.stack) - 1; i >= 0 && i >= len(b.stack)-64; i-- {
		if b.stack[i].tag == tag {
			for len(b.stack) > i {
				b.pop()
			}
			if tag == "h1" && b.headlines < 3 && !b.top().skip && !b.top().comment {
				b.headlines++
				b.window.Reset()
				b.windowLeft = 4
			}
			return
		}
	}
}

func (b *bylineScanner) pop() {
	e := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	if e.serial == b.dateSerial {
		b.date, b.dateSerial = writtenDate(b.dateText.String()), 0
	}
	if !e.inline {
		b.windowBreak()
	}
	if e.collect == nil {
		return
	}
	b.collecting--
	text := e.collect.String()
	if e.rank == rankHCard && utf8.RuneCountInString(clean(text)) > maxNameChars {
		return // a box about the author ("author-bio"): sentences, not a name
	}
	b.add(e.rank, parseByline(text, e.needBy, e.anyCase), e.groupSer)
}

func (b *bylineScanner) add(rank int, names []string, group int) {
	f := &b.found[rank-rankRelAuthor]
	switch {
	case len(names) == 0:
		return
	case len(f.names) == 0:
		f.group = group
	case f.group != group:
		return
	}
	for _, n := range names {
		if !slices.Contains(f.names, n) {
			f.names = append(f.names, n)
		}
	}
}

func (b *bylineScanner) text(s []byte) {
	if len(b.stack) > 0 && (b.top().raw) {
		return
	}
	if b.dateSerial != 0 {
		b.dateText.Write(s)
	}
	if b.collecting > 0 {
		for i := range b.stack {
			if b.stack[i].collect != nil {
				b.stack[i].collect.Write(s)
			}
		}
	}
	if b.windowLeft > 0 && !b.top().skip && !b.top().comment {
		b.window.Write(s)
		if b.window.Len() > 400 {
			b.windowLeft = 0 // a paragraph of the story: the byline is above it
		}
	}
}

// windowBreak ends a block of text in the window after a headline.
func (b *bylineScanner) windowBreak() {
	if b.windowLeft == 0 {
		return
	}
	line := clean(b.window.String())
	b.window.Reset()
	if line == "" {
		return
	}
	b.windowLeft--
	b.add(rankByLine, parseByline(line, true, false), -b.serial) // one line, one group
}

// offer gives c the names of the best visible source that found any,
// and the date written in the byline.
func (b *bylineScanner) offer(c *candidates) {
	c.offerPublished(b.timeDate, rankBylineTime)
	c.offerPublished(b.date, rankWrittenDate)
	for i, f := range b.found {
		if len(f.names) > 0 {
			c.offerAuthor(strings.Join(f.names, ", "), rankRelAuthor+i)
			return
		}
	}
}

// maxNameChars is the longest text of an element whose class names the
// author (three names with "and" are well under it; a bio is over).
const maxNameChars = 100

var (
	byPrefix = regexp.MustCompile(`(?i)^(?:(?:written|posted|submitted|words|story|text|reporting|report|published|compiled|edited|article)\s+)?(?:by|authors?)\b[:\s]*`)
	// The parts of a byline that are no names: a "for The Times", a
	// trailing role or agency line.
	forSuffix = regexp.MustCompile(`(?i)\s+(for|of|at|in)\s+.*$`)
	nameSep   = regexp.MustCompile(`(?i)\s*(?:\||/|•|·|;|,|\band\b|&|\s–\s|\s—\s|\s-\s)\s*`)
	roleWords = wordSet("writer writers reporter reporters correspondent correspondents editor editors columnist columnists " +
		"contributor contributors contributing staff producer producers photographer photographers analyst chief bureau " +
		"intern freelance journalist journalists senior deputy associate special desk team updated posted published min read " +
		"share comments comment follow email")
	// Words that start no name: a sentence after "By".
	lowerParticles = wordSet("de da del della der den van von bin al la le du dos das y e ter ten")
)

// parseByline reads the names of a byline: "By Jane Doe and John Roe |
// Staff Writers" → Jane Doe, John Roe. needBy: the text must start with
// "By" (a meta line, the text under a headline). anyCase: a name may be
// a lower-case handle, because the markup says it is the author.
func parseByline(s string, needBy, anyCase bool) []string {
	s = clean(s)
	if s == "" || utf8.RuneCountInString(s) > 200 {
		return nil
	}
	loc := byPrefix.FindStringIndex(s)
	if loc == nil && needBy {
		return nil
	}
	if loc != nil {
		s = s[loc[1]:]
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "Author:"), "Authors:")
	var names []string
	for _, part := range nameSep.Split(s, -1) {
		part = strings.Trim(part, " .:,()[]-–—")
		if part == "" {
			continue
		}
		if hasDigit(part) {
			break // a date or "5 min read": the byline's names are over
		}
		part = forSuffix.ReplaceAllString(part, "")
		if n, ok := personName(part, anyCase); ok {
			names = append(names, n)
		}
	}
	return names
}

// personName accepts one to five words that read as a name.
func personName(s string, anyCase bool) (string, bool) {
	words := strings.Fields(s)
	if len(words) == 0 || !strings.ContainsFunc(s, unicode.IsLetter) || len(words) > 5 || len(s) > 60 {
		return "", false
	}
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, ".,"))
		if roleWords[lw] {
			return "", false
		}
		if strings.ContainsAny(w, "@<>=") {
			return "", false
		}
		r, _ := utf8.DecodeRuneInString(w)
		if !anyCase && unicode.IsLower(r) && !lowerParticles[lw] {
			return "", false
		}
	}
	if first, _ := utf8.DecodeRuneInString(words[0]); !anyCase && !unicode.IsUpper(first) && !unicode.Is(unicode.Han, first) &&
		!unicode.Is(unicode.Hiragana, first) && !unicode.Is(unicode.Katakana, first) && !unicode.Is(unicode.Hangul, first) {
		return "", false
	}
	return s, true
}

func hasDigit(s string) bool {
	return strings.ContainsFunc(s, unicode.IsDigit)
}

func hasToken(list, token string) bool {
	for _, f := range strings.Fields(strings.ToLower(list)) {
		if f == token {
			return true
		}
	}
	return false
}

var (
	datePrefix  = regexp.MustCompile(`(?i)^(?:(?:posted|published|date|dated)\b[:\s]*)?(?:on\b\s*)?`)
	numericDate = regexp.MustCompile(`\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b`)
	yearNumber  = regexp.MustCompile(`\b(?:19|20)\d\d\b`)
)

// writtenDate is s, the text of a date element, as the date it writes
// ("Posted on May 8, 2009" → "May 8, 2009"): a numeric date, or a few
// words with a year in them. "" when s reads as no date ("3 hours ago",
// "Nov 20" without its year, an "Updated" line).
func writtenDate(s string) string {
	s = clean(s)
	if s == "" || utf8.RuneCountInString(s) > 60 || strings.Contains(strings.ToLower(s), "updated") {
		return ""
	}
	s = strings.Trim(s[len(datePrefix.FindString(s)):], " |·•-–—,")
	if numericDate.MatchString(s) || yearNumber.MatchString(s) && len(strings.Fields(s)) <= 6 {
		return s
	}
	return ""
}
