package mine

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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
