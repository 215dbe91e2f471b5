package mine

import (
	"math"
	"strings"
	"unicode"
)

// TemplateStats counts, for one cluster, in how many pages each
// normalised segment occurs: InfoDiscoverer's idea with exact features
// (docs/ALGORITHMS.md §7). A segment found in half the cluster's pages is
// template: menus, footers, stock phrases, with no hand-written rule.
// Counts only grow, so pages can be added as a crawl goes on.
//
// Placed counts the pages that have each segment in each place (the tags
// from its block up to the root): a template repeats its lines in the
// same place, where a story's lede that other pages show as a teaser
// ("Latest", a sidebar's excerpt) is in the story's body on its own page
// only (see Mark). A state counted before Placed existed has it nil and
// goes by DF alone; one that counted places for prose only goes by DF
// alone for the shorter lines.
type TemplateStats struct {
	Pages  int
	DF     map[uint64]int
	Placed map[uint64]int
}

// NewTemplateStats returns empty statistics.
func NewTemplateStats() *TemplateStats {
	return &TemplateStats{DF: map[uint64]int{}, Placed: map[uint64]int{}}
}

// placedKey joins s's text hash with its place: FNV-1a over the tags
// from its block up to the root, whatever their classes and ids, which
// a template may number per page.
func placedKey(s *Segment) uint64 {
	h := s.Hash ^ 0xcbf29ce484222325
	for n := s.Owner; n != nil; n = n.Parent {
		for i := 0; i < len(n.Tag); i++ {
			h ^= uint64(n.Tag[i])
			h *= 0x100000001b3
		}
		h ^= '/'
		h *= 0x100000001b3
	}
	return h
}

// prose: a paragraph of its own (80+ characters, a sentence, mostly
// outside links), not a link's text or a label.
func prose(s *Segment) bool {
	return s.Len >= 80 && 2*s.LinkLen < s.Len && sentence(s.Text)
}

// AddPage counts each distinct segment of p once, and each distinct
// segment in its place once.
func (t *TemplateStats) AddPage(p *Page) {
	t.Pages++
	seen := make(map[uint64]bool, 2*len(p.Segments))
	for i := range p.Segments {
		s := &p.Segments[i]
		if !seen[s.Hash] {
			seen[s.Hash] = true
			t.DF[s.Hash]++
		}
		if t.Placed != nil {
			if k := placedKey(s); !seen[k] {
				seen[k] = true
				t.Placed[k]++
			}
		}
	}
}

// Threshold is the document frequency from which a segment is template:
// max(minPages, ceil(share · pages)). Below 3 pages nothing is template:
// two pages cannot tell a template from a shared story.
func (t *TemplateStats) Threshold(share float64, minPages int) int {
	if t.Pages < 3 {
		return math.MaxInt
	}
	return max(minPages, int(math.Ceil(share*float64(t.Pages))))
}

// Mark sets Template on p's segments that recur across the cluster and
// returns how many characters it marked. A paragraph of prose must also
// be in the same place on two pages or more. A shorter line goes by its
// text, but for a copy the page writes as its own (ownWords) beside the
// template's copy in its usual place: a story that lists the cities the
// menu lists.
func (t *TemplateStats) Mark(p *Page, share float64, minPages int) int {
	th := t.Threshold(share, minPages)
	marked := 0
	// placed: the segment is template in its place; usual: the page has
	// the segment's text in such a place.
	placed := make([]bool, len(p.Segments))
	usual := map[uint64]bool{}
	for i := range p.Segments {
		s := &p.Segments[i]
		if t.Placed != nil && t.DF[s.Hash] >= th && t.Placed[placedKey(s)] >= 2 {
			placed[i] = true
			usual[s.Hash] = true
		}
	}
	for i := range p.Segments {
		s := &p.Segments[i]
		switch {
		case t.DF[s.Hash] < th:
			s.Template = false
		case t.Placed == nil || placed[i]:
			s.Template = true
		case prose(s):
			s.Template = false
		default:
			s.Template = !usual[s.Hash] || !ownWords(s)
		}
		if s.Template {
			marked += len(s.Text)
		}
	}
	return marked
}

// ownWords: s is a paragraph, or an item of a list or table, with a
// letter in it: where a story writes its own lines. Headlines, kickers
// and datelines stand in headings and bare elements, a pager's numbers
// have no letter.
func ownWords(s *Segment) bool {
	switch s.Owner.Tag {
	case "p", "li", "dd", "dt", "td", "blockquote", "pre":
	default:
		return false
	}
	return strings.IndexFunc(s.Text, unicode.IsLetter) >= 0
}
