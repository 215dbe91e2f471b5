package mine

import (
	"bytes"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// Node is an element of a parsed page, with the text measures the mining
// methods share. Text belongs to its nearest element; the *A fields
// aggregate the subtree (WISDOM's information coverage tree).
type Node struct {
	H        *html.Node
	Tag      string
	Parent   *Node
	Kids     []*Node // element children that are not dummies
	Index    int     // preorder position in Page.Nodes
	Href     string  // an <a>'s resolved link target, "" if none
	Segments []int   // indexes into Page.Segments of the segments this block owns

	CLen    int // text directly in the element, outside links
	ALen    int // for an <a>: its text length
	CLenA   int // CLEN aggregated over the subtree
	ALenA   int // ALEN aggregated over the subtree
	Anchors int // <a> elements with an href in the subtree

	// text caches anchorText: TOC and API tests ask for an anchor's text
	// several times each.
	text string
	// id and class cache the element's attributes, which the class and id
	// hints read many times per element.
	id, class string

	Block      bool // a block-level element: it starts a new segment
	textCached bool
	namesRead  bool
}

// names returns the element's id and class attributes.
func (n *Node) names() (id, class string) {
	if !n.namesRead {
		n.id, n.class = htmlnode.Attr(n.H, "id"), htmlnode.Attr(n.H, "class")
		n.namesRead = true
	}
	return n.id, n.class
}

// Segment is a run of text between two block boundaries: a paragraph, a
// list item, a menu entry. It is the unit of template detection.
type Segment struct {
	Text string // whitespace collapsed
	// Lines is the text as the page lays it out when that differs from
	// Text: the lines and indentation of <pre> and white-space:pre, a
	// <br> as a line break. "" when Text is it. Mining compares Text;
	// Lines is only what the article's text shows.
	Lines    string
	Owner    *Node  // the innermost block element around it
	Inner    *Node  // the innermost element around all of its text (Owner or below)
	Len      int    // characters (runes) of Text, spaces included
	LinkLen  int    // characters of Text inside links, spaces excluded
	Hash     uint64 // of the normalised text (lower case, digits as 0)
	Template bool   // set by template detection
}

// Page is a parsed page.
type Page struct {
	URL      *url.URL // nil when unknown (an offline file)
	Root     *Node
	Nodes    []*Node // every kept element, preorder
	Segments []Segment
	Title    string          // from <title>
	titleKey string          // Title lower-cased (titleLower), once asked for
	base     *url.URL        // resolves links: the page's <base>, else URL
	site     string          // siteOf(URL.Host), once asked for
	offSites map[string]bool // offSite by link host, once asked for
	self     string          // URL as a link's Href reads it, once asked for (selfHref)
	selfDone bool
	// headline is the page's headline (pageHeadline), once asked for:
	// underTitle, proseRuns, headlineStory and the standfirst each ask.
	headline     *Node
	headlineDone bool
	// sections are the outermost comment sections, once asked for
	// (commentSections).
	sections     []*Node
	sectionsDone bool
	// units are the furniture words that name the units of the page's
	// story (unitWords), once asked for.
	units     map[string]bool
	unitsDone bool
}

// blockTags start a new segment (docs/ALGORITHMS.md §2's block elements, plus
// the other elements browsers lay out as blocks).
var blockTags = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true, atom.Body: true,
	atom.Dd: true, atom.Details: true, atom.Dialog: true, atom.Div: true, atom.Dl: true, atom.Dt: true,
	atom.Fieldset: true, atom.Figcaption: true, atom.Figure: true, atom.Footer: true, atom.Form: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Header: true, atom.Hr: true, atom.Html: true, atom.Li: true, atom.Main: true, atom.Nav: true,
	atom.Ol: true, atom.P: true, atom.Pre: true, atom.Section: true, atom.Summary: true,
	atom.Table: true, atom.Tbody: true, atom.Td: true, atom.Tfoot: true, atom.Th: true, atom.Thead: true,
	atom.Tr: true, atom.Ul: true, atom.Caption: true, atom.Center: true, atom.Frameset: true, atom.Title: true,
}

// dummyTags hold no readable text: their subtrees are skipped (WISDOM's
// dummy nodes, plus the elements no reader sees).
var dummyTags = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Iframe: true, atom.Select: true, atom.Textarea: true, atom.Button: true, atom.Object: true,
	atom.Embed: true, atom.Canvas: true, atom.Audio: true, atom.Video: true, atom.Map: true,
	atom.Head: true, atom.Math: true,
	// The parser reads their content as raw text, markup and all, which
	// browsers never show (an ad's fallback <a><img> in <noembed>).
	atom.Noembed: true, atom.Noframes: true,
}

// Parse parses a UTF-8 HTML page. u, when known, resolves links.
func Parse(body []byte, u *url.URL) (*Page, error) {
	doc, err := parseHTML(body)
	if err != nil {
		return nil, err
	}
	return FromDOM(doc, u), nil
}

// parseHTML parses a page for mining, its script and style text cut out
// first (emptyRawText).
func parseHTML(body []byte) (*html.Node, error) {
	return parseCut(emptyRawText(body))
}

// parseCut parses a page whose raw text is already cut, read as UTF-8.
func parseCut(body []byte) (*html.Node, error) {
	return html.Parse(bytes.NewReader(validUTF8(body)))
}

// validUTF8 is body with each run of bytes that are not UTF-8 replaced
// by U+FFFD: a page that says UTF-8 and is not (a stray Latin-1 byte, a
// cut sequence) gives texts, titles and block HTML that are UTF-8 all
// the same, as a browser shows it. body itself when it is valid.
func validUTF8(body []byte) []byte {
	if utf8.Valid(body) {
		return body
	}
	return bytes.ToValidUTF8(body, []byte("\uFFFD"))
}

// titleHolds: text, three words or more, is in the page's <title> (both
// lower-cased, white space collapsed): the page's own headline.
func (p *Page) titleHolds(text string) bool {
	t := lowerClean(text)
	key := p.titleLower()
	return key != "" && spokenWords(t) >= 3 && strings.Contains(key, t)
}

// titlePart: text, two words or more, is a whole part of the page's
// <title> between the separators a CMS joins the site's name and the
// headline with ("The Curious Brain » Sam Falconer"): a headline too
// short for titleHolds, which a longer text's words could hold by chance.
func (p *Page) titlePart(text string) bool {
	t := lowerClean(text)
	if spokenWords(t) < 2 {
		return false
	}
	parts := strings.FieldsFunc(strings.ReplaceAll(p.titleLower(), " - ", " | "), func(r rune) bool { return strings.ContainsRune(titleSeparators, r) })
	return len(parts) >= 2 && slices.ContainsFunc(parts, func(part string) bool { return strings.TrimSpace(part) == t })
}

// titleLower is the page's <title> lower-cased, white space collapsed,
// worked out once.
func (p *Page) titleLower() string {
	if p.titleKey == "" {
		p.titleKey = lowerClean(p.Title)
	}
	return p.titleKey
}

// lowerClean is text lower-cased, white space collapsed.
func lowerClean(text string) string { return strings.ToLower(clean(text)) }

// titleSeparators split a <title> into its site's name and its headline;
// a hyphen does only between spaces.
const titleSeparators = "»«|–—·•"

// titleNear: text, six words or more, is an <h1> whose words are nearly
// all (five sixths) the <title>'s (titleWords): an editor gives the
// page's title a word or two more or other than its headline
// ("Součkovu práci" for "Součka"), for search engines.
func titleNear(title map[string]bool, text string) bool {
	words := strings.Fields(strings.ToLower(text))
	if len(words) < 6 {
		return false
	}
	in := 0
	for _, w := range words {
		if title[strings.Trim(w, titlePunct)] {
			in++
		}
	}
	return 6*in >= 5*len(words)
}

// titleWords is the set of a <title>'s words, lower-cased, titlePunct
// trimmed.
func titleWords(title string) map[string]bool {
	set := map[string]bool{}
	for w := range strings.FieldsSeq(strings.ToLower(title)) {
		set[strings.Trim(w, titlePunct)] = true
	}
	return set
}

// titlePunct is trimmed off a title's words before they are compared.
const titlePunct = ".,:;!?\"'“”‘’«»()[]"

// FromDOM builds a Page from an already parsed document. With no URL
// given (a file saved from the web), the page's URL is the one it
// declares, if any.
func FromDOM(doc *html.Node, u *url.URL) *Page {
	if u == nil {
		u = declaredURL(doc)
	}
	b := &builder{page: &Page{URL: u}, base: u}
	b.page.Title = findTitle(doc)
	if base := findBase(doc, u); base != nil {
		b.base = base
	}
	b.page.base = b.base
	root := htmlnode.Find(doc, atom.Html)
	if root == nil {
		root = doc
	}
	n := 1 + b.countElements(root)
	b.slab, b.page.Nodes, b.kids = make([]Node, 0, n), make([]*Node, 0, n), make([]*Node, n)
	b.page.Segments = make([]Segment, 0, n/2) // pages have a third to a half as many
	b.page.Root = b.element(root, nil)
	b.flush()
	aggregate(b.page.Root)
	return b.page
}

type builder struct {
	page   *Page
	base   *url.URL
	cur    textBuf // the segment being collected
	curLen int     // its length in characters (textChars) of collapsed text
	link   int     // characters inside links in cur
	space  bool    // a space is pending before the next word
	owner  *Node
	inner  *Node // the innermost element around cur's text so far
	inLink *Node
	// lines is cur with the page's line breaks; shaped says it differs.
	lines  textBuf
	shaped bool
	inPre  bool // lines ends with text written as it is
	pre    int  // depth of elements that keep their white space
	// slab holds the page's nodes, allocated at once: they live and die
	// together. kids holds their Kids slices the same way.
	slab  []Node
	kids  []*Node
	stack []*Node // the children of the elements being built
	// skips is Skipped of each element child, in the order of the walk;
	// nskip of them are read.
	skips []bool
	nskip int
}

// countElements counts the elements below h that element makes nodes of,
// once it has opened the <noscript> elements that hold a story
// (openNoscript). It records Skipped for each element it meets in
// b.skips, in the order element meets them, which then reads them there
// instead of asking again (hidden reads every attribute).
func (b *builder) countElements(h *html.Node) int {
	n := 0
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.Noscript {
			if d := openNoscript(c); d != nil {
				c = d
			}
		}
		skip := Skipped(c)
		b.skips = append(b.skips, skip)
		if !skip && c.DataAtom != atom.Br && c.DataAtom != atom.Img {
			n += 1 + b.countElements(c)
		}
	}
	return n
}

// skipped is Skipped(c) for the next element child element meets, as
// countElements recorded it.
func (b *builder) skipped(c *html.Node) bool {
	if b.nskip < len(b.skips) {
		b.nskip++
		return b.skips[b.nskip-1]
	}
	return Skipped(c) // not counted: cannot happen, but safe
}

// openNoscript puts in place of h, a <noscript> that holds a story (two
// paragraphs or more, 500 characters of text outside links), a <div> of its content
// parsed as HTML, and returns it; nil, changing nothing, for any other
// <noscript>. A page that its scripts write gives readers without
// scripts the story there (Blogger's dynamic templates); the parser,
// as a browser with scripts on, keeps the content as text. A
// <noscript>'s usual content, a tracking pixel or "Please enable
// JavaScript", stays out.
func openNoscript(h *html.Node) *html.Node {
	if h.Parent == nil || h.FirstChild == nil || len(h.FirstChild.Data) < 500 && h.FirstChild.NextSibling == nil {
		return nil
	}
	frag := noscriptNodes(h)
	paras, chars := 0, 0 // chars: text outside links
	var count func(d *html.Node)
	count = func(d *html.Node) {
		switch {
		case d.Type == html.ElementNode && d.DataAtom == atom.A:
			return
		case d.Type == html.ElementNode && d.DataAtom == atom.P:
			paras++
		case d.Type == html.TextNode:
			chars += len(strings.TrimSpace(d.Data))
		}
		for c := d.FirstChild; c != nil; c = c.NextSibling {
			count(c)
		}
	}
	for _, f := range frag {
		count(f)
	}
	if paras < 2 || chars < 500 {
		return nil
	}
	div := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	for _, f := range frag {
		div.AppendChild(f)
	}
	h.Parent.InsertBefore(div, h)
	h.Parent.RemoveChild(h)
	return div
}

func (b *builder) element(h *html.Node, parent *Node) *Node {
	if len(b.slab) == cap(b.slab) { // not counted: cannot happen, but safe
		b.slab = make([]Node, 0, 64)
	}
	b.slab = b.slab[:len(b.slab)+1]
	n := &b.slab[len(b.slab)-1]
	*n = Node{H: h, Tag: h.Data, Parent: parent, Index: len(b.page.Nodes), Block: blockTags[h.DataAtom] || h.Type == html.DocumentNode}
	b.page.Nodes = append(b.page.Nodes, n)
	if h.DataAtom == atom.A {
		if href := htmlnode.Attr(h, "href"); href != "" {
			n.Href = resolveHref(b.base, href)
			n.Anchors = 1
		}
	}
	prevOwner := b.owner
	if n.Block {
		b.flush()
		b.owner = n
	}
	prevLink := b.inLink
	if h.DataAtom == atom.A && b.inLink == nil && !(headingTag(b.owner) && fragmentHref(h)) {
		b.inLink = n
	}
	pre := keepsSpace(h)
	if pre {
		b.pre++
	}
	// The children go on a stack while they are built, then into a
	// slice of kids: their number is known only then.
	first := len(b.stack)
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			b.text(n, c.Data)
		case html.ElementNode:
			if b.skipped(c) {
				continue
			}
			if c.DataAtom == atom.Br {
				b.space = true
				if !headingTag(b.owner) {
					b.lineBreak()
				}
				continue
			}
			if c.DataAtom == atom.Img {
				if letter, ok := dropCap(c); ok {
					b.text(n, letter)
				}
				continue
			}
			b.stack = append(b.stack, b.element(c, n))
		}
	}
	if k := len(b.stack) - first; k > 0 {
		if k > len(b.kids) { // counted in FromDOM: cannot happen, but safe
			b.kids = make([]*Node, k)
		}
		n.Kids, b.kids = b.kids[:k:k], b.kids[k:]
		copy(n.Kids, b.stack[first:])
		b.stack = b.stack[:first]
	}
	if pre {
		b.pre--
	}
	b.inLink = prevLink
	if n.Block {
		b.flush()
		b.owner = prevOwner
	}
	return n
}

// text adds a text node's words to the current segment and to the
// nearest element's CLEN or its link's ALEN. Whitespace is collapsed the
// way a browser shows it: "<b>a</b>b" is one word, "a <b>b</b>" two.
func (b *builder) text(n *Node, s string) {
	added := 0
	if b.pre > 0 {
		b.preText(s)
	}
	word := func(w string) {
		if b.curLen > 0 && b.space {
			b.cur.AppendByte(' ')
			b.curLen++
			if b.shaped && b.pre == 0 && !b.atLineStart() {
				b.lines.AppendByte(' ')
			}
		}
		if b.shaped && b.pre == 0 {
			b.lines.AppendString(w)
			b.inPre = false
		}
		b.cur.AppendString(w)
		chars := textChars(w)
		b.curLen += chars
		added += chars
		b.space = false
	}
	eachWord(s, &b.space, word)
	if added == 0 {
		return // only spaces: b.space is set if there were any
	}
	b.inner = commonAncestor(b.inner, n)
	if b.inLink != nil {
		b.link += added
		b.inLink.ALen += added
		return
	}
	n.CLen += added
}

// eachWord calls word with each of s's words, as strings.Fields splits
// them, and sets *space at each space, so that word sees whether a space
// came before its word (since it last cleared *space). No slice of
// words: the builder runs it for every text node of every page.
func eachWord(s string, space *bool, word func(string)) {
	start := -1
	for i, r := range s {
		switch {
		case !isSpace(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			word(s[start:i])
			start = -1
			fallthrough
		default:
			*space = true
		}
	}
	if start >= 0 {
		word(s[start:])
	}
}

// textChars is s's length in characters as the mining thresholds count
// them: a character of Chinese, Japanese or Korean counts two, since it
// says what two to four Latin letters do ("80 characters of a sentence"
// is 40 of Chinese, a full line of a paragraph there).
func textChars(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n++
		if wideRune(r) {
			n++
		}
		i += size
	}
	return n
}

// wideRune: r is a character of Chinese (Han), Japanese (kana) or
// Korean (Hangul syllables), by the blocks that hold them.
func wideRune(r rune) bool {
	switch {
	case r < 0x2E80:
		return false
	case r <= 0x2FDF, 0x3040 <= r && r <= 0x30FF, 0x3400 <= r && r <= 0x4DBF, 0x4E00 <= r && r <= 0x9FFF,
		0xF900 <= r && r <= 0xFAFF, 0x20000 <= r && r <= 0x3FFFF:
		return true
	}
	return hangulSyllable(r)
}

// hangulSyllable: r is a Korean syllable block.
func hangulSyllable(r rune) bool { return 0xAC00 <= r && r <= 0xD7A3 }

// isSpace is strings.Fields' notion of space, Unicode's (U+00A0
// included): an ASCII-only test glued the words on either side of a
// non-breaking space.
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || r >= '\t' && r <= '\r'
	}
	return unicode.IsSpace(r)
}

func (b *builder) flush() {
	if b.curLen > 0 && b.owner != nil {
		text := b.cur.String()
		var lines string
		if b.shaped {
			if lines = trimLines(b.lines.String()); lines == text {
				lines = ""
			}
		}
		b.owner.Segments = append(b.owner.Segments, len(b.page.Segments))
		b.page.Segments = append(b.page.Segments, Segment{Text: text, Lines: lines, Owner: b.owner, Inner: b.inner, Len: b.curLen, LinkLen: b.link, Hash: normHash(text)})
	}
	b.cur.Reset()
	b.lines.Reset()
	b.curLen, b.link, b.space, b.inner, b.shaped, b.inPre = 0, 0, false, nil, false, false
}

// preText adds text whose white space the page keeps to lines as it is.
func (b *builder) preText(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if s == "" {
		return
	}
	b.shape()
	if b.lines.Len() > 0 && b.space && !b.inPre && !b.atLineStart() && !isSpace(rune(s[0])) {
		b.lines.AppendByte(' ') // a collapsed space before the <pre> run
	}
	b.lines.AppendString(s)
	b.inPre = true
}

// shape starts keeping lines apart from cur. Until a segment's first line
// break or <pre> run its lines are its text, so they are only written from
// then on: most segments never need them.
func (b *builder) shape() {
	if !b.shaped {
		b.lines.b = append(b.lines.b[:0], b.cur.b...)
		b.shaped = true
	}
}

// lineBreak ends a line of lines (a <br>).
func (b *builder) lineBreak() {
	if b.curLen > 0 || b.lines.Len() > 0 {
		b.shape()
		b.lines.AppendByte('\n')
	}
}

func (b *builder) atLineStart() bool {
	n := b.lines.Len()
	return n == 0 || b.lines.b[n-1] == '\n'
}

// textBuf collects a segment's text as a strings.Builder would, but keeps
// its memory from one segment to the next: a page's text is mostly short
// segments, and a fresh Builder grows each one from nothing, an
// allocation per doubling.
type textBuf struct{ b []byte }

func (t *textBuf) AppendByte(c byte)     { t.b = append(t.b, c) }
func (t *textBuf) AppendString(s string) { t.b = append(t.b, s...) }
func (t *textBuf) Len() int              { return len(t.b) }
func (t *textBuf) Reset()                { t.b = t.b[:0] }

// String is a copy of the text: the buffer is written again.
func (t *textBuf) String() string { return string(t.b) }

// trimLines drops blank lines at the ends and spaces at line ends.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// Display is the segment's text as the article's text shows it: with the
// page's line breaks.
func (s *Segment) Display() string {
	if s.Lines != "" {
		return s.Lines
	}
	return s.Text
}

// aggregate fills the *A fields bottom-up.
func aggregate(n *Node) {
	n.CLenA, n.ALenA = n.CLen, n.ALen
	for _, k := range n.Kids {
		aggregate(k)
		n.CLenA += k.CLenA
		n.ALenA += k.ALenA
		n.Anchors += k.Anchors
	}
}

// Skipped reports an element child whose subtree holds no text of the
// page: a dummy, a hidden element, a heading's permalink mark.
func Skipped(h *html.Node) bool {
	return dummyTags[h.DataAtom] || hidden(h) || permalink(h)
}

// keepsSpace: <pre>, <textarea>-like white-space:pre styles and <listing>
// keep their lines and indentation.
func keepsSpace(h *html.Node) bool {
	switch h.DataAtom {
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		return true
	}
	v := htmlnode.Attr(h, "style")
	if v == "" {
		return false
	}
	v = strings.ReplaceAll(strings.ToLower(v), " ", "")
	return strings.Contains(v, "white-space:pre") && !strings.Contains(v, "white-space:pre-line")
}

func headingTag(n *Node) bool {
	if n == nil {
		return false
	}
	switch n.H.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// fragmentHref: h links to a named place in its own page ("#syntax").
// In a heading such a link is the heading's own anchor, as documentation
// sites write their section titles: the heading's text, not a link. A
// bare "#" (or "#!") is a script's button ("More comments"), a link.
func fragmentHref(h *html.Node) bool {
	f, ok := inPage(h)
	return ok && f != "" && f[0] != '!'
}

// inPage returns the fragment of h's href when it links to its own page
// ("#syntax" → "syntax").
func inPage(h *html.Node) (fragment string, ok bool) {
	return strings.CutPrefix(strings.TrimSpace(htmlnode.Attr(h, "href")), "#")
}

// permalink reports a heading's permalink mark: an in-page link whose
// only text is a mark (¶, #, §, 🔗…), as Sphinx (a.headerlink), GitHub
// and Hugo (a.anchor) and Docusaurus (a.hash-link) write them. Its mark
// is no part of the title or the text.
func permalink(h *html.Node) bool {
	if _, ok := inPage(h); h.DataAtom != atom.A || !ok {
		return false
	}
	marks := 0
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			for _, r := range c.Data {
				switch {
				case isSpace(r) || r == '\u200b' || r == '\ufe0f':
				case strings.ContainsRune("¶#§🔗⚓", r):
					marks++
				default:
					return false
				}
			}
		case html.ElementNode:
			if !dummyTags[c.DataAtom] && c.DataAtom != atom.Span && c.DataAtom != atom.I {
				return false
			}
			if c.DataAtom != atom.Svg && !permalinkSpan(c) {
				return false
			}
		}
	}
	if marks > 0 {
		return true
	}
	cls := " " + htmlnode.Attr(h, "class") + " "
	return strings.Contains(cls, " headerlink ") || strings.Contains(cls, " anchor ") || strings.Contains(cls, " hash-link ") || strings.Contains(cls, " anchor-link ")
}

// permalinkSpan: an icon element inside a permalink, holding no words.
func permalinkSpan(h *html.Node) bool {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimFunc(c.Data, func(r rune) bool { return isSpace(r) || strings.ContainsRune("¶#§🔗⚓\u200b\ufe0f", r) }) != "" {
			return false
		}
		if c.Type == html.ElementNode && c.DataAtom != atom.Svg {
			return false
		}
	}
	return true
}

// hidden reports elements a reader never sees, and controls that say
// what a click does ("Settings", "Full Screen", "High (HD)"): an element
// with a control's ARIA role is a <button> whatever its tag.
func hidden(h *html.Node) bool {
	for _, a := range h.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "aria-hidden":
			if a.Val == "true" {
				return true
			}
		case "style":
			if !containsFold(a.Val, "none") && !containsFold(a.Val, "hidden") && !farNegative(a.Val) {
				continue // most styles: no need to normalise them
			}
			v := strings.ReplaceAll(strings.ToLower(a.Val), " ", "")
			if strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden") || offScreen(v) {
				return true
			}
		case "class":
			// A page that fades in hides its body with a class until its
			// scripts run: html and body are shown.
			if hiddenClass(a.Val) && h.DataAtom != atom.Body && h.DataAtom != atom.Html {
				return true
			}
		case "role":
			if controlRole(a.Val) && !inAccordion(h, a.Val) {
				return true
			}
		}
	}
	return false
}

// farNegative: s holds a minus sign before four digits or more, as an
// offScreen style does.
func farNegative(s string) bool {
	for i := strings.IndexByte(s, '-'); i >= 0; {
		d := i + 1
		for d < len(s) && s[d] == ' ' {
			d++
		}
		n := d
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n-d >= 4 {
			return true
		}
		j := strings.IndexByte(s[i+1:], '-')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// offScreen: a normalised inline style moves the element a thousand
// pixels or more off the screen ("position:absolute;left:-9999px",
// "text-indent:-9999px"): links planted for search engines, a logo's
// text behind its picture. The reader never sees it.
func offScreen(style string) bool {
	for _, prop := range [...]string{"left:-", "top:-", "text-indent:-", "margin-left:-"} {
		for rest := style; ; {
			i := strings.Index(rest, prop)
			if i < 0 {
				break
			}
			rest = rest[i+len(prop):]
			digits := 0
			for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
				digits++
			}
			if digits >= 4 {
				return true
			}
		}
	}
	return false
}

// controlRole: the ARIA role of a control or a bar of them (a video
// player's menus and sliders, a tab strip, a toolbar): what it says is
// what a click does, whatever the element's tag. A tab's panel
// (tabpanel) is content.
func controlRole(role string) bool {
	switch strings.ToLower(strings.TrimSpace(role)) {
	case "button", "menu", "menubar", "menuitem", "menuitemradio", "menuitemcheckbox",
		"slider", "spinbutton", "scrollbar", "progressbar", "switch", "checkbox", "radio",
		"tab", "tablist", "toolbar", "listbox", "option", "tooltip":
		return true
	}
	return false
}

// inAccordion: h, of a control's role, is an accordion's tab list, one
// that holds its tabs' panels (Bootstrap's "panel-group": role=tablist
// around headings and their role=tabpanel bodies), or a tab or button in
// one: a story's sections and their headings, not a bar of controls.
func inAccordion(h *html.Node, role string) bool {
	switch strings.ToLower(strings.TrimSpace(role)) {
	case "tablist":
		return holdsPanel(h)
	case "tab", "button":
		for a := h.Parent; a != nil; a = a.Parent {
			if hasRole(a, "tablist") {
				return holdsPanel(a)
			}
		}
	}
	return false
}

func holdsPanel(h *html.Node) bool {
	return hasDescendant(h, func(d *html.Node) bool { return hasRole(d, "tabpanel") })
}

// hasRole: h is an element of this ARIA role.
func hasRole(h *html.Node, role string) bool {
	return h.Type == html.ElementNode && strings.EqualFold(strings.TrimSpace(htmlnode.Attr(h, "role")), role)
}

// hiddenClass: a class word that the common style sheets keep off the
// screen and give to screen readers only (Bootstrap's and Tailwind's
// "sr-only", WordPress's "screen-reader-text"): "Continue reading <span
// class=screen-reader-text>TITLE</span>", "Posted on", "(opens in a new
// tab)"; or one they do not display ("hidden", "is-hidden", "d-none": an
// empty ad slot's "Advertisement", a widget a script shows later), unless
// another class shows the element at some screen width ("hidden
// md:block", "d-none d-lg-block", "hidden visible-lg"), but on paper
// ("d-none d-print-block": a citation line for printing), or one they
// show on paper only (MediaWiki's "printfooter", "Retrieved from URL" under
// every article of every wiki; Bootstrap's "visible-print", Foundation's
// "show-for-print"). The page's reader never sees it.
func hiddenClass(class string) bool {
	if !hidingParts.in(class) {
		return false // most class attributes: no need to split them
	}
	hide, shown := false, false
	for w := range strings.FieldsSeq(class) { // class names are case-sensitive
		switch {
		case screenReaderOnly[w]:
			return true
		case w == "hidden" || w == "is-hidden" || w == "d-none" || printOnly(w):
			hide = true
		case strings.Contains(w, "print"):
			// "d-print-block", "print:block", "visible-print": shown on paper only.
		case strings.Contains(w, ":") || strings.HasPrefix(w, "d-") || strings.HasPrefix(w, "visible-"):
			shown = true
		}
	}
	return hide && !shown
}

// hidingParts are parts of every class word hiddenClass hides by
// (TestHidingWords holds them to it).
var hidingParts = newNeedleSet("hid", "only", "reader", "none", "print", "invisible", "assistive", "offscreen")

// A needleSet finds any of a few ASCII words in a string, case counting,
// in one pass: the words are filed by their first byte, so most bytes go
// by with one load. hiddenClass asks it of every class attribute, where
// a Contains for each word would read the attribute once a word.
type needleSet [256][]string

func newNeedleSet(words ...string) *needleSet {
	var s needleSet
	for _, w := range words {
		s[w[0]] = append(s[w[0]], w)
	}
	return &s
}

func (s *needleSet) in(text string) bool {
	for i := 0; i < len(text); i++ {
		for _, w := range s[text[i]] {
			if strings.HasPrefix(text[i:], w) {
				return true
			}
		}
	}
	return false
}

// screenReaderOnly are the class words of the common style sheets for
// text kept off the screen for screen readers: Bootstrap's and
// Tailwind's, WordPress's, Drupal's ("element-invisible"), and the text
// an image replaces ("text-hide").
var screenReaderOnly = map[string]bool{
	"sr-only": true, "visually-hidden": true, "visuallyhidden": true, "visually-hidden-focusable": true,
	"screen-reader-text": true, "screen-reader-only": true, "screenreader-only": true, "assistive-text": true,
	"element-invisible": true, "element-hidden": true, "offscreen": true, "text-hide": true,
}

// printOnly: a class word that a common style sheet defines as shown on
// paper only (MediaWiki's, Bootstrap's, Foundation's). A theme's own
// "print-only" is not one: many mark with it what to print, shown on the
// screen too (a story's "entry-content print-only").
func printOnly(w string) bool {
	return w == "printfooter" || w == "show-for-print" || strings.HasPrefix(w, "visible-print")
}

func resolveHref(base *url.URL, href string) string {
	href = strings.TrimSpace(href)
	if href == "" || href[0] == '#' || len(href) >= 11 && strings.EqualFold(href[:11], "javascript:") {
		return ""
	}
	if s, ok := plainHref(base, href); ok {
		return s
	}
	ref, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if base != nil {
		ref = base.ResolveReference(ref)
	}
	ref.Fragment, ref.RawFragment = "", ""
	return ref.String()
}

// plainHref resolves, without net/url, the hrefs most links have: an
// absolute http(s) URL, or a path from the root of an http(s) base, in
// plain ASCII, with no escapes, user, empty or dot segments (the
// fragment dropped):
// those that parsing, resolving and printing would give back unchanged
// (FuzzPlainHref checks it). ok is false for any other href.
func plainHref(base *url.URL, href string) (string, bool) {
	href, frag, _ := strings.Cut(href, "#") // the fragment is dropped, once valid
	for i := 0; i < len(frag); i++ {
		if !plainURLBytes[frag[i]] {
			return "", false
		}
	}
	var prefix, rest string
	switch {
	case strings.HasPrefix(href, "https://"):
		prefix, rest = "https://", href[len("https://"):]
	case strings.HasPrefix(href, "http://"):
		prefix, rest = "http://", href[len("http://"):]
	case href != "" && href[0] == '/' && (len(href) == 1 || href[1] != '/') && base != nil &&
		(base.Scheme == "http" || base.Scheme == "https") && base.User == nil && base.Opaque == "" && plainHost(base.Host):
		prefix, rest = base.Scheme+"://"+base.Host, href
	default:
		return "", false
	}
	if prefix[len(prefix)-1] == '/' { // absolute: the host comes first
		end := strings.IndexAny(rest, "/?")
		if end < 0 {
			end = len(rest)
		}
		if !plainHost(rest[:end]) {
			return "", false
		}
		prefix, rest = prefix+rest[:end], rest[end:]
	}
	path, _, _ := strings.Cut(rest, "?")
	if strings.Contains(path, "//") || strings.Contains(path, "/./") || strings.Contains(path, "/../") ||
		strings.HasSuffix(path, "/.") || strings.HasSuffix(path, "/..") {
		return "", false
	}
	for i := 0; i < len(rest); i++ {
		if !plainURLBytes[rest[i]] {
			return "", false
		}
	}
	if len(prefix)+len(rest) == len(href) { // absolute: href itself
		return href, true
	}
	return prefix + rest, true
}

// plainHost: a non-empty lower-case host name or IPv4 address, with or
// without a port.
func plainHost(h string) bool {
	name, port, hasPort := strings.Cut(h, ":")
	if name == "" || hasPort && port == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// plainURLBytes: letters, digits and the delimiters that net/url
// neither escapes nor unescapes in a path or query ('@' is safe there:
// the host is checked apart).
var plainURLBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~/?=&:;,+@", byte(c)) >= 0
	}
	return t
}()

// declaredURL is the address a page gives itself in its head, its
// <link rel="canonical"> or else its og:url, when absolute http(s); nil
// when it gives none. It tells the site's own links from links off it.
func declaredURL(doc *html.Node) *url.URL {
	head := htmlnode.Find(doc, atom.Head)
	if head == nil {
		return nil
	}
	var canonical, og string
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type != html.ElementNode:
		case c.DataAtom == atom.Link && canonical == "" && hasToken(htmlnode.Attr(c, "rel"), "canonical"):
			canonical = htmlnode.Attr(c, "href")
		case c.DataAtom == atom.Meta && og == "" && strings.EqualFold(htmlnode.Attr(c, "property"), "og:url"):
			og = htmlnode.Attr(c, "content")
		}
	}
	return firstAbsolute(canonical, og)
}

// firstAbsolute is the first of vs that is an absolute http(s) URL, nil
// when none is.
func firstAbsolute(vs ...string) *url.URL {
	for _, v := range vs {
		if u, err := url.Parse(strings.TrimSpace(v)); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
			return u
		}
	}
	return nil
}

func findTitle(doc *html.Node) string {
	t := htmlnode.Find(doc, atom.Title)
	if t == nil {
		return ""
	}
	var sb strings.Builder
	for c := t.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}

func findBase(doc *html.Node, u *url.URL) *url.URL {
	b := htmlnode.Find(doc, atom.Base)
	if b == nil || u == nil {
		return nil
	}
	if href := htmlnode.Attr(b, "href"); href != "" {
		if r, err := u.Parse(strings.TrimSpace(href)); err == nil {
			return r
		}
	}
	return nil
}

// dropCap is the letter an image stands for as a word's first: an <img>
// whose alt text is one letter, alone or with a quote or bracket
// ("\"S"), right before text that goes on with a lower-case letter.
// Older layouts drew a story's first letter as a picture ("tar Wars,"
// after the picture of an S).
func dropCap(h *html.Node) (string, bool) {
	next := h.NextSibling
	if next == nil || next.Type != html.TextNode {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(next.Data)
	if !unicode.IsLower(r) {
		return "", false
	}
	alt := strings.TrimSpace(htmlnode.Attr(h, "alt"))
	letters, others := 0, 0
	for _, c := range alt {
		switch {
		case unicode.IsLetter(c):
			letters++
		case strings.ContainsRune("\"'“‘«([", c):
			others++
		default:
			return "", false
		}
	}
	if letters != 1 || others > 1 {
		return "", false
	}
	return alt, true
}

// selfHref is the page's own address as a link's Href reads it, "" when
// the address is unknown.
func (p *Page) selfHref() string {
	if !p.selfDone {
		p.selfDone = true
		if p.URL != nil {
			p.self = resolveHref(nil, p.URL.String())
		}
	}
	return p.self
}
