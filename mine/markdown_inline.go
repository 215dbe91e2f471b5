package mine

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// run is inline content between two block boundaries: one segment of
// the builder's when it has words.
type run struct {
	md     strings.Builder
	words  bool
	images bool
	space  bool // a collapsed space is pending
	lead   bool // a space came before the first word
}

func (r *mdRenderer) text(cur *run, s string, code bool) {
	emit := func(w string) {
		r.plain = append(r.plain, w...)
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
	cur.md.Grow(len(s)) // escapes aside, the words take no more room than s
	eachWord(s, &cur.space, emit)
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
		if letter, ok := dropCap(h); ok {
			r.text(cur, letter, code)
			return
		}
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
	r.children(h, &inner, out, false) // its plain text goes on cur's
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
		r.plain = append(r.plain, w...)
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
