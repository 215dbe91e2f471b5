package mine

import (
	"bytes"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// MarkdownOptions say what the Markdown of an article leaves out.
type MarkdownOptions struct {
	NoLinks  bool // links as their text only
	NoImages bool // no images (their captions stay: they are text)
}

// markdownOf renders the article held in region as CommonMark (with GFM
// tables): the same lines as text, which is what mining kept of region
// (its segments' Display joined by blank lines), with their structure.
// It walks region's DOM the way the builder made segments, so each run
// of inline text meets its segment and is kept or dropped with it. When
// the walk and the segments disagree, or text is not made of region's
// segments, the Markdown is text's paragraphs.
func (p *Page) markdownOf(region *Node, text, title string, opts MarkdownOptions) string {
	if text == "" {
		return ""
	}
	r := &mdRenderer{page: p, opts: opts, ok: true}
	r.keep, r.segs = keptSegments(p, region, text)
	if r.keep == nil {
		return plainMarkdown(text)
	}
	r.levels(region, title)
	var out []mdBlock
	r.flow(region.H, &out)
	if !r.ok || r.next != len(r.segs) {
		return plainMarkdown(text)
	}
	return joinBlocks(out, false)
}

// RenderMarkdown renders block, mined from the page body at u under
// title, as markdownOf does while mining: export calls it when it needs
// the Markdown with other options, or for a result mined before mining
// wrote Markdown. A block that is no single element of the page (or
// whose element the page no longer has) gets its text's paragraphs.
func RenderMarkdown(body []byte, u *url.URL, b Block, title string, opts MarkdownOptions) (string, error) {
	if b.Text == "" {
		return "", nil
	}
	if len(b.Paths) != 1 {
		return plainMarkdown(b.Text), nil
	}
	p, err := Parse(body, u)
	if err != nil {
		return "", fmt.Errorf("mine: markdown of %s: %w", u, err)
	}
	for _, n := range p.Nodes {
		if n.Block && NodePath(n) == b.Paths[0] {
			return p.markdownOf(n, b.Text, title, opts), nil
		}
	}
	return plainMarkdown(b.Text), nil
}

// keptSegments finds which of region's segments text is made of, in
// order: each kept segment's Display followed by a blank line or the
// end. A repeated line matches its first occurrence, which reads the
// same. nil when text is not made of them.
func keptSegments(p *Page, region *Node, text string) (map[int]bool, []int) {
	keep := map[int]bool{}
	var segs []int
	pos := 0
	first, last := p.segmentRange(region)
	end := p.lastDescendant(region)
	for i := first; i <= last; i++ {
		s := &p.Segments[i]
		if s.Owner.Index < region.Index || s.Owner.Index > end {
			continue
		}
		segs = append(segs, i)
		d := s.Display()
		if pos < len(text) && strings.HasPrefix(text[pos:], d) {
			if e := pos + len(d); e == len(text) || strings.HasPrefix(text[e:], "\n\n") {
				keep[i] = true
				pos = min(e+2, len(text))
			}
		}
	}
	if pos != len(text) {
		return nil, nil
	}
	return keep, segs
}

// plainMarkdown is text as Markdown paragraphs, each escaped.
func plainMarkdown(text string) string {
	parts := strings.Split(text, "\n\n")
	for i, t := range parts {
		parts[i] = escapeLines(escapeInline(t), true)
	}
	return strings.Join(parts, "\n\n")
}

type mdBlock struct {
	md   string
	list bool
}

type mdRenderer struct {
	page *Page
	opts MarkdownOptions
	keep map[int]bool
	segs []int // region's segments in document order
	next int   // the segment the next run of text is
	ok   bool  // the walk met the segments it expected
	// shift maps an HTML heading level to the Markdown one: the title is
	// "#", so the article's headings start at "##".
	shift int
}

// levels sets the heading shift: relative to the title's heading when
// the page has one, else the article's top heading becomes "##".
func (r *mdRenderer) levels(region *Node, title string) {
	top := 7
	last := r.page.lastDescendant(region)
	for _, n := range r.page.Nodes[region.Index : last+1] {
		if l := headingLevel(n.H); l > 0 && l < top {
			for _, s := range n.Segments {
				if r.keep[s] {
					top = l
				}
			}
		}
	}
	r.shift = 2 - top
	if title = strings.TrimSpace(title); title == "" {
		return
	}
	for _, n := range r.page.Nodes[:last+1] {
		if l := headingLevel(n.H); l > 0 && len(n.Segments) > 0 && r.page.Segments[n.Segments[0]].Text == title {
			r.shift = 1 - l
			return
		}
	}
}

func headingLevel(h *html.Node) int {
	switch h.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return int(h.Data[1] - '0')
	}
	return 0
}

// run is inline content between two block boundaries: one segment of
// the builder's when it has words.
type run struct {
	md     strings.Builder
	plain  strings.Builder // its non-space characters, to check against the segment
	words  bool
	images bool
	space  bool // a collapsed space is pending
	lead   bool // a space came before the first word
}

func (r *mdRenderer) isBlock(h *html.Node) bool { return blockTags[h.DataAtom] }

// flow renders h's children as blocks appended to out.
func (r *mdRenderer) flow(h *html.Node, out *[]mdBlock) {
	var cur run
	r.children(h, &cur, out, false)
	r.flush(&cur, out)
}

// children renders h's children: inline ones into cur, block ones as
// blocks of their own after flushing cur.
func (r *mdRenderer) children(h *html.Node, cur *run, out *[]mdBlock, code bool) {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			r.text(cur, c.Data, code)
		case html.ElementNode:
			if Skipped(c) {
				continue
			}
			if r.isBlock(c) {
				r.flush(cur, out)
				r.block(c, out)
				continue
			}
			r.inline(c, cur, out, code)
		}
	}
}

func (r *mdRenderer) text(cur *run, s string, code bool) {
	start := -1
	emit := func(w string) {
		cur.plain.WriteString(w)
		if cur.md.Len() == 0 {
			cur.lead = cur.lead || cur.space
		} else if cur.space && !endsLine(cur) {
			cur.md.WriteByte(' ')
		}
		if code {
			cur.md.WriteString(w)
		} else {
			cur.md.WriteString(escapeInline(w))
		}
		cur.space, cur.words = false, true
	}
	for i, c := range s {
		switch {
		case !isSpace(c):
			if start < 0 {
				start = i
			}
		case start >= 0:
			emit(s[start:i])
			start = -1
			fallthrough
		default:
			cur.space = true
		}
	}
	if start >= 0 {
		emit(s[start:])
	}
}

func endsLine(cur *run) bool {
	s := cur.md.String()
	return s == "" || s[len(s)-1] == '\n'
}

func isSpaceRune(s string) bool {
	for _, r := range s {
		return isSpace(r)
	}
	return false
}

// inline renders an inline element into cur.
func (r *mdRenderer) inline(h *html.Node, cur *run, out *[]mdBlock, code bool) {
	switch h.DataAtom {
	case atom.Br:
		if cur.md.Len() > 0 {
			cur.md.WriteString("\\\n")
		}
		cur.space = false
		return
	case atom.Img:
		r.image(h, cur)
		return
	}
	if code || hasBlock(h) {
		r.children(h, cur, out, code)
		return
	}
	var open, close string
	switch h.DataAtom {
	case atom.Em, atom.I, atom.Cite, atom.Var:
		open, close = "*", "*"
	case atom.Strong, atom.B:
		open, close = "**", "**"
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		r.codeSpan(h, cur)
		return
	case atom.A:
		href := resolveHref(r.page.base, htmlnode.Attr(h, "href"))
		if href != "" && !r.opts.NoLinks {
			open, close = "[", "]("+mdURL(href)+")"
		}
	}
	if open == "" {
		r.children(h, cur, out, false)
		return
	}
	var inner run
	r.children(h, &inner, out, false)
	cur.plain.WriteString(inner.plain.String())
	md := strings.TrimSpace(inner.md.String())
	if md == "" {
		cur.space = cur.space || inner.space || inner.lead
		return
	}
	if cur.md.Len() == 0 {
		cur.lead = cur.lead || cur.space || inner.lead
	} else if (cur.space || inner.lead) && !endsLine(cur) {
		cur.md.WriteByte(' ')
	}
	cur.md.WriteString(open + md + close)
	cur.words = cur.words || inner.words
	cur.images = cur.images || inner.images
	cur.space = inner.space
}

// hasBlock: an inline element wraps a block (a link around a card), so
// its Markdown cannot be one inline span.
func hasBlock(h *html.Node) bool {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !Skipped(c) && (blockTags[c.DataAtom] || hasBlock(c)) {
			return true
		}
	}
	return false
}

func (r *mdRenderer) codeSpan(h *html.Node, cur *run) {
	var raw strings.Builder
	var collect func(*html.Node)
	collect = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				raw.WriteString(c.Data)
			} else if c.Type == html.ElementNode && !Skipped(c) {
				collect(c)
			}
		}
	}
	collect(h)
	words := strings.FieldsFunc(raw.String(), isSpace)
	if len(words) == 0 {
		return
	}
	for _, w := range words {
		cur.plain.WriteString(w)
	}
	s := strings.Join(words, " ")
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if s[0] == '`' || s[len(s)-1] == '`' {
		s = " " + s + " "
	}
	if cur.md.Len() > 0 && (cur.space || isSpaceRune(raw.String())) && !endsLine(cur) {
		cur.md.WriteByte(' ')
	}
	cur.md.WriteString(fence + s + fence)
	cur.words = true
	cur.space = strings.TrimRightFunc(raw.String(), isSpace) != raw.String()
}

func longestRun(s string, b byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

func (r *mdRenderer) image(h *html.Node, cur *run) {
	if r.opts.NoImages {
		return
	}
	src := strings.TrimSpace(htmlnode.Attr(h, "src"))
	if src == "" || strings.HasPrefix(src, "data:") {
		src = strings.TrimSpace(htmlnode.Attr(h, "data-src"))
	}
	if w, hh := htmlnode.Attr(h, "width"), htmlnode.Attr(h, "height"); w == "1" || hh == "1" || w == "0" || hh == "0" {
		return // a tracking pixel
	}
	u := resolveHref(r.page.base, src)
	if u == "" || strings.HasPrefix(u, "data:") {
		return
	}
	alt := strings.Join(strings.FieldsFunc(htmlnode.Attr(h, "alt"), isSpace), " ")
	if cur.md.Len() > 0 && !endsLine(cur) {
		cur.md.WriteByte(' ')
	}
	cur.md.WriteString("![" + escapeInline(alt) + "](" + mdURL(u) + ")")
	cur.images = true
}

// flush ends a run: with words it is the next segment, kept or dropped
// with it; images alone go with the next line of text (a figure's
// caption, the paragraph they illustrate), or the last when none follows.
func (r *mdRenderer) flush(cur *run, out *[]mdBlock) {
	defer func() { *cur = run{} }()
	md := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(cur.md.String()), "\\"))
	if !cur.words {
		if cur.images && md != "" {
			if r.next < len(r.segs) && r.keep[r.segs[r.next]] || r.next == len(r.segs) && r.next > 0 && r.keep[r.segs[r.next-1]] {
				*out = append(*out, mdBlock{md: md})
			}
		}
		return
	}
	if r.next >= len(r.segs) {
		r.ok = false
		return
	}
	s := &r.page.Segments[r.segs[r.next]]
	r.next++
	if cur.plain.String() != strings.Join(strings.FieldsFunc(s.Text, isSpace), "") {
		r.ok = false
		return
	}
	if r.keep[r.segs[r.next-1]] {
		*out = append(*out, mdBlock{md: escapeLines(md, false)})
	}
}

// block renders a block element.
func (r *mdRenderer) block(h *html.Node, out *[]mdBlock) {
	if l := headingLevel(h); l > 0 {
		var inner []mdBlock
		r.flow(h, &inner)
		for i, b := range inner {
			if i == 0 && !b.list {
				level := min(6, max(2, l+r.shift))
				b.md = strings.Repeat("#", level) + " " + strings.ReplaceAll(strings.ReplaceAll(b.md, "\\\n", " "), "\n", " ")
			}
			*out = append(*out, b)
		}
		return
	}
	if codeBlock(h) {
		r.code(h, out)
		return
	}
	switch h.DataAtom {
	case atom.Ul, atom.Ol:
		r.list(h, out)
		return
	case atom.Blockquote:
		r.quote(h, out)
		return
	case atom.Table:
		if r.table(h, out) {
			return
		}
	case atom.Dt:
		var inner []mdBlock
		r.flow(h, &inner)
		for _, b := range inner {
			if !b.list && !strings.Contains(b.md, "\n") {
				b.md = "**" + b.md + "**"
			}
			*out = append(*out, b)
		}
		return
	case atom.Hr:
		return
	}
	if h.DataAtom == atom.Div || h.DataAtom == atom.Aside {
		if admonition(h) {
			r.quote(h, out)
			return
		}
	}
	r.flow(h, out)
}

// admonition: a documentation page's note or warning box.
func admonition(h *html.Node) bool {
	for _, c := range strings.Fields(htmlnode.Attr(h, "class")) {
		switch strings.ToLower(c) {
		case "admonition", "note", "warning", "tip", "caution", "important", "callout", "alert", "pullquote", "pull-quote":
			return true
		}
	}
	return false
}

func (r *mdRenderer) quote(h *html.Node, out *[]mdBlock) {
	var inner []mdBlock
	r.flow(h, &inner)
	if len(inner) == 0 {
		return
	}
	*out = append(*out, mdBlock{md: prefixLines(joinBlocks(inner, false), "> ", "> ", ">")})
}

// code renders a <pre> as a fenced code block of its kept lines.
func (r *mdRenderer) code(h *html.Node, out *[]mdBlock) {
	n := r.nodeOf(h)
	if n == nil {
		r.ok = false
		return
	}
	var lines []string
	r.page.walkSegments(n, func(s *Segment) {
		if r.next >= len(r.segs) || &r.page.Segments[r.segs[r.next]] != s {
			r.ok = false
			return
		}
		if r.keep[r.segs[r.next]] {
			lines = append(lines, s.Display())
		}
		r.next++
	})
	if len(lines) == 0 {
		return
	}
	body := strings.Join(lines, "\n")
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	*out = append(*out, mdBlock{md: fence + codeLanguage(h) + "\n" + body + "\n" + fence})
}

// codeBlock: a block shown as written, a code sample. (white-space:
// pre-wrap keeps the lines of prose too: not code.)
func codeBlock(h *html.Node) bool {
	switch h.DataAtom {
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		return true
	}
	v := strings.ReplaceAll(strings.ToLower(htmlnode.Attr(h, "style")), " ", "")
	return strings.Contains(v, "white-space:pre;") || strings.HasSuffix(v, "white-space:pre")
}

// nodeOf finds the mined Node of an element of the page.
func (r *mdRenderer) nodeOf(h *html.Node) *Node {
	for _, n := range r.page.Nodes {
		if n.H == h {
			return n
		}
	}
	return nil
}

// codeLanguage reads a code block's language from its class or its
// code child's (language-x, lang-x) or a wrapper's (Sphinx's
// highlight-x).
func codeLanguage(h *html.Node) string {
	var names []string
	names = append(names, strings.Fields(htmlnode.Attr(h, "class"))...)
	if c := htmlnode.Find(h, atom.Code); c != nil {
		names = append(names, strings.Fields(htmlnode.Attr(c, "class"))...)
	}
	for a, i := h.Parent, 0; a != nil && i < 3; a, i = a.Parent, i+1 {
		names = append(names, strings.Fields(htmlnode.Attr(a, "class"))...)
	}
	for _, c := range names {
		for _, prefix := range []string{"language-", "lang-", "highlight-", "brush:"} {
			if lang, ok := strings.CutPrefix(c, prefix); ok && lang != "" && lang != "default" && !strings.ContainsAny(lang, "`~ ") {
				return lang
			}
		}
	}
	return ""
}

func (r *mdRenderer) list(h *html.Node, out *[]mdBlock) {
	ordered := h.DataAtom == atom.Ol
	num := 1
	if v, err := strconv.Atoi(htmlnode.Attr(h, "start")); ordered && err == nil && v >= 0 {
		num = v
	}
	var items []string
	loose := false
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || Skipped(c) {
			if c.Type == html.TextNode && strings.TrimFunc(c.Data, isSpace) != "" {
				var stray []mdBlock
				var cur run
				r.text(&cur, c.Data, false)
				r.flush(&cur, &stray)
				for _, b := range stray {
					items = append(items, "- "+b.md)
				}
			}
			continue
		}
		var inner []mdBlock
		if c.DataAtom == atom.Li {
			r.flow(c, &inner)
		} else {
			r.block(c, &inner)
		}
		if len(inner) == 0 {
			continue
		}
		marker := "- "
		if ordered {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		if len(inner) > 1 && !inner[1].list {
			loose = true
		}
		pad := strings.Repeat(" ", len(marker))
		items = append(items, prefixLines(joinBlocks(inner, true), marker, pad, ""))
	}
	if len(items) == 0 {
		return
	}
	sep := "\n"
	if loose {
		sep = "\n\n"
	}
	*out = append(*out, mdBlock{md: strings.Join(items, sep), list: true})
}

// table renders a data table as a GFM pipe table, its header the first
// row; it reports false for a layout table (cells holding blocks), left
// to the caller to render as blocks. A table with row or column spans
// has no pipe form: its cells become paragraphs in row order.
func (r *mdRenderer) table(h *html.Node, out *[]mdBlock) bool {
	var rows [][]*html.Node
	var caption *html.Node
	spans := false
	var walk func(*html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || Skipped(c) {
				if c.Type == html.TextNode && strings.TrimFunc(c.Data, isSpace) != "" {
					return false
				}
				continue
			}
			switch c.DataAtom {
			case atom.Thead, atom.Tbody, atom.Tfoot:
				if !walk(c) {
					return false
				}
			case atom.Caption:
				caption = c
			case atom.Colgroup, atom.Col:
			case atom.Tr:
				var row []*html.Node
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.Type == html.ElementNode && !Skipped(d) {
						if d.DataAtom != atom.Td && d.DataAtom != atom.Th || complexCell(d) {
							return false
						}
						if htmlnode.Attr(d, "rowspan") > "1" || htmlnode.Attr(d, "colspan") > "1" {
							spans = true
						}
						row = append(row, d)
					} else if d.Type == html.TextNode && strings.TrimFunc(d.Data, isSpace) != "" {
						return false
					}
				}
				rows = append(rows, row)
			default:
				return false
			}
		}
		return true
	}
	if !walk(h) || len(rows) == 0 {
		return false
	}
	if caption != nil {
		r.flow(caption, out)
	}
	var lines [][]string
	cols := 0
	for _, row := range rows {
		var cells []string
		any := false
		for _, cell := range row {
			var inner []mdBlock
			r.flow(cell, &inner)
			var parts []string
			for _, b := range inner {
				parts = append(parts, b.md)
			}
			s := strings.Join(parts, " ")
			any = any || s != ""
			cells = append(cells, s)
		}
		if !any {
			continue
		}
		if spans {
			for _, s := range cells {
				if s != "" {
					*out = append(*out, mdBlock{md: s})
				}
			}
			continue
		}
		lines = append(lines, cells)
		cols = max(cols, len(cells))
	}
	if spans || len(lines) == 0 {
		return true
	}
	var b strings.Builder
	for i, cells := range lines {
		b.WriteString("|")
		for j := range cols {
			s := ""
			if j < len(cells) {
				s = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(cells[j], "\\\n", " "), "\n", " "), "|", `\|`)
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
		}
	}
	*out = append(*out, mdBlock{md: strings.TrimSuffix(b.String(), "\n")})
	return true
}

// complexCell: a table cell holding more than lines of text (a list, a
// nested table, code), which a pipe table cannot hold.
func complexCell(h *html.Node) bool {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || Skipped(c) {
			continue
		}
		switch c.DataAtom {
		case atom.Table, atom.Ul, atom.Ol, atom.Dl, atom.Li, atom.Pre, atom.Blockquote,
			atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return true
		}
		if complexCell(c) {
			return true
		}
	}
	return false
}

// joinBlocks separates blocks by blank lines; in a list item (tight), a
// sublist follows its paragraph on the next line.
func joinBlocks(blocks []mdBlock, tight bool) string {
	var b strings.Builder
	for i, bl := range blocks {
		if i > 0 {
			if tight && bl.list && !blocks[i-1].list && (strings.HasPrefix(bl.md, "- ") || strings.HasPrefix(bl.md, "1. ")) {
				b.WriteString("\n")
			} else {
				b.WriteString("\n\n")
			}
		}
		b.WriteString(bl.md)
	}
	return b.String()
}

// prefixLines puts first before the first line and rest before the
// others (empty lines get empty, so no trailing spaces).
func prefixLines(s, first, rest, empty string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			lines[i] = first + l
		case l == "":
			lines[i] = empty
		default:
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}

// escapeInline escapes what would start Markdown inline syntax.
func escapeInline(s string) string {
	if !strings.ContainsAny(s, "\\`*_[]<&~") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '[', ']', '<', '~':
			b.WriteByte('\\')
		case '_':
			// Inside a word (snake_case) it cannot start emphasis.
			if i == 0 || i == len(s)-1 || !wordByte(s[i-1]) || !wordByte(s[i+1]) {
				b.WriteByte('\\')
			}
		case '&':
			if i+1 < len(s) && (s[i+1] == '#' || s[i+1] < 0x80 && unicode.IsLetter(rune(s[i+1]))) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func wordByte(c byte) bool {
	return c >= 0x80 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// escapeLines escapes what would make a line a heading, a list item, a
// quote or a thematic break; all says the lines are plain text (no hard
// breaks of ours).
func escapeLines(s string, all bool) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if all && i < len(lines)-1 {
			l += "\\" // a line break of the text is a hard break
		}
		lines[i] = escapeLineStart(l)
	}
	return strings.Join(lines, "\n")
}

func escapeLineStart(l string) string {
	t := strings.TrimLeft(l, " ")
	if t == "" || len(l)-len(t) >= 4 {
		return strings.TrimLeft(l, " ")
	}
	switch t[0] {
	case '#', '-', '+', '=', '>':
		return `\` + t
	}
	j := 0
	for j < len(t) && j < 10 && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j > 0 && j < len(t) && (t[j] == '.' || t[j] == ')') {
		return t[:j] + `\` + t[j:]
	}
	return t
}

// mdURL writes a link destination CommonMark reads back unchanged.
func mdURL(u string) string {
	if !strings.ContainsAny(u, " ()<>\\") {
		return u
	}
	var b bytes.Buffer
	for i := 0; i < len(u); i++ {
		switch c := u[i]; c {
		case ' ', '(', ')', '<', '>', '\\':
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
