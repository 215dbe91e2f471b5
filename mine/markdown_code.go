package mine

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

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
