package mine

import (
	"strings"
	"unicode"

	"golang.org/x/net/html/atom"
)

// RegionOptions weighs what a DOM region is worth (docs/ALGORITHMS.md §7): its
// non-link text counts for it, its link text and template text against.
type RegionOptions struct {
	LinkPenalty     float64 // per character of link text; default 1
	TemplatePenalty float64 // per character of template text; default 1
}

func (o RegionOptions) withDefaults() RegionOptions {
	if o.LinkPenalty == 0 {
		o.LinkPenalty = 1
	}
	if o.TemplatePenalty == 0 {
		o.TemplatePenalty = 1
	}
	return o
}

// segmentValue is what one segment adds to the regions around it.
func segmentValue(s *Segment, o RegionOptions) float64 {
	if s.Template {
		return -o.TemplatePenalty * float64(s.Len)
	}
	return float64(s.Len-s.LinkLen) - o.LinkPenalty*float64(s.LinkLen)
}

// regionScores returns every node's score: the sum of its subtree's
// segment values (the cleaned tree's information coverage, WISDOM's ICT
// with f = non-link text minus penalties).
//
// Text inside a TOC box (boxed, may be nil) earns nothing: teasers of
// other stories are not this page's article.
func regionScores(p *Page, o RegionOptions, boxed map[*Node]bool) []float64 {
	scores := make([]float64, len(p.Nodes))
	for i := range p.Segments {
		s := &p.Segments[i]
		v := segmentValue(s, o)
		if boxed[s.Owner] && v > 0 {
			v = 0
		}
		scores[s.Owner.Index] += v
	}
	for i := len(p.Nodes) - 1; i >= 0; i-- { // children come after parents in preorder
		if n := p.Nodes[i]; n.Parent != nil {
			scores[n.Parent.Index] += scores[i]
		}
	}
	return scores
}

// bestRegion is the highest-scoring block element: the smallest subtree
// that holds most of the content and little of the rest.
func bestRegion(p *Page, scores []float64) *Node {
	var best *Node
	for _, n := range p.Nodes {
		if !n.Block {
			continue
		}
		if best == nil || scores[n.Index] > scores[best.Index] {
			best = n
		}
	}
	return best
}

// NodePath is a node's address for voting across pages: tag, id and
// first class of each ancestor from the root.
func NodePath(n *Node) string {
	var chain [48]*Node
	up := chain[:0]
	for ; n != nil; n = n.Parent {
		up = append(up, n)
	}
	size := 0
	for _, m := range up {
		id, class := m.names()
		size += len(m.Tag) + len(id) + len(class) + 3
	}
	var b strings.Builder
	b.Grow(size)
	for i := len(up) - 1; i >= 0; i-- {
		m := up[i]
		if i < len(up)-1 {
			b.WriteByte('/')
		}
		b.WriteString(m.Tag)
		id, class := m.names()
		if stableName(id) {
			b.WriteByte('#')
			b.WriteString(id)
		}
		for cls := range strings.FieldsSeq(class) {
			if stableName(cls) {
				b.WriteByte('.')
				b.WriteString(cls)
			}
			break // the first class only
		}
	}
	return b.String()
}

// stableName: a name a template gives every page ("content", "story-body"),
// not one made per page ("post-1234", a URL used as an id).
func stableName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// votePath is the end of a node's path that voting compares: its last
// three steps. Outer wrappers vary between pages of one template (a
// "national" or "international" class, a page-type class on body); the
// article's own container and its parents rarely do.
func votePath(n *Node) string {
	parts := strings.Split(NodePath(n), "/")
	return strings.Join(parts[max(0, len(parts)-3):], "/")
}

// findVotePath returns the first block of p whose votePath is path and
// that ok accepts: a path of bare tags ("div/div/div", a site with no
// names) fits a header's block before the one the vote is about.
func findVotePath(p *Page, path string, ok func(*Node) bool) *Node {
	for _, n := range p.Nodes {
		if n.Block && votePath(n) == path && ok(n) {
			return n
		}
	}
	return nil
}

// heading returns the article's title: the nearest non-template h1
// before region, or inside it when region starts with one; or, when no
// h1 is inside region, the page's headline (the h1–h3 its <title>
// repeats, pageHeadline) if it comes after that h1 and before region's
// end: a blog's post title in an h2 or h3, under the site's name in the
// h1, is the title as much as an h1 is.
func heading(p *Page, region *Node) *Segment {
	last := p.lastDescendant(region)
	var found *Segment
	for i := range p.Segments {
		s := &p.Segments[i]
		if s.Owner.Index > last {
			break
		}
		if s.Owner.H.DataAtom == atom.H1 && !s.Template {
			found = s
		}
	}
	if found != nil && p.contains(region, found.Owner) {
		return found
	}
	if h := pageHeadline(p); h != nil && h.Index <= last && (found == nil || h.Index > found.Owner.Index) {
		for _, i := range h.Segments {
			if s := &p.Segments[i]; !s.Template && s.Text != "" {
				return s
			}
		}
	}
	return found
}

// pageWide: the document's html and body elements, whose classes
// describe the whole page ("post", "feature_newcomments", "has-sidebar"),
// never one part of it.
func pageWide(n *Node) bool {
	return n.H.DataAtom == atom.Html || n.H.DataAtom == atom.Body
}

// notLetter splits lower-cased class and id names at what is not an
// ASCII letter; nonLetter splits text at what is not a letter of any
// script ("nächster", "précédent" stay whole).
func notLetter(r rune) bool { return r < 'a' || r > 'z' }

func nonLetter(r rune) bool { return !unicode.IsLetter(r) }
