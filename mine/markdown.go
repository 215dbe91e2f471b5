package mine

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
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
// order: each kept segment's Display followed by a separator (paraSep,
// rowSep or cellSep, as articleText joins them) or the end. A repeated
// line matches its first occurrence, which reads the same. nil when text
// is not made of them.
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
			if e := pos + len(d); e == len(text) {
				keep[i] = true
				pos = e
			} else if sep := leadingSep(text[e:]); sep > 0 {
				keep[i] = true
				pos = e + sep
			}
		}
	}
	if pos != len(text) {
		return nil, nil
	}
	return keep, segs
}

// textSeps are the separators articleText puts between segments,
// paraSep before rowSep, its prefix.
var textSeps = [...]string{paraSep, cellSep, rowSep}

// leadingSep is the length of the segment separator text starts with, 0
// if none.
func leadingSep(text string) int {
	for _, sep := range textSeps {
		if strings.HasPrefix(text, sep) {
			return len(sep)
		}
	}
	return 0
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
	// plain is the open run's non-space characters, to check against its
	// segment. One run is open at a time (a block flushes the run before
	// it), and an inline element's inner run adds to it in order, so
	// they share this buffer.
	plain []byte
	// shift maps an HTML heading level to the Markdown one: the title is
	// "#", so the article's headings start at "##".
	shift int
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

// flush ends a run: with words it is the next segment, kept or dropped
// with it; images alone go with the next line of text (a figure's
// caption, the paragraph they illustrate), or the last when none follows.
func (r *mdRenderer) flush(cur *run, out *[]mdBlock) {
	defer func() { *cur, r.plain = run{}, r.plain[:0] }()
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
	if !sameWithoutSpace(r.plain, s.Text) {
		r.ok = false
		return
	}
	if r.keep[r.segs[r.next-1]] {
		*out = append(*out, mdBlock{md: escapeLines(md, false)})
	}
}

// sameWithoutSpace: a is b with b's spaces left out (what
// strings.Join(strings.FieldsFunc(b, isSpace), "") gives, without
// building it).
func sameWithoutSpace(a []byte, b string) bool {
	i := 0
	for j := 0; j < len(b); {
		if c := b[j]; c < utf8.RuneSelf { // ASCII, most text
			if !isSpace(rune(c)) {
				if i >= len(a) || a[i] != c {
					return false
				}
				i++
			}
			j++
			continue
		}
		r, w := utf8.DecodeRuneInString(b[j:])
		if !isSpace(r) {
			if i+w > len(a) || string(a[i:i+w]) != b[j:j+w] {
				return false
			}
			i += w
		}
		j += w
	}
	return i == len(a)
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
