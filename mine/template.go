package mine

import "math"

// TemplateStats counts, for one cluster, in how many pages each
// normalised segment occurs: InfoDiscoverer's idea with exact features
// (docs/ALGORITHMS.md §7). A segment found in half the cluster's pages is
// template: menus, footers, stock phrases, with no hand-written rule.
// Counts only grow, so pages can be added as a crawl goes on.
//
// Placed counts, for the segments that are paragraphs of prose, the pages
// that have each in each place (the tags from its block up to the root):
// a template repeats its paragraphs in the same place, where a story's
// lede that other pages show as a teaser ("Latest", a sidebar's excerpt)
// is in the story's body on its own page only. A state counted before
// Placed existed has it nil and goes by DF alone.
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

// AddPage counts each distinct segment of p once.
func (t *TemplateStats) AddPage(p *Page) {
	t.Pages++
	seen := make(map[uint64]bool, 2*len(p.Segments))
	for i := range p.Segments {
		s := &p.Segments[i]
		if !seen[s.Hash] {
			seen[s.Hash] = true
			t.DF[s.Hash]++
		}
		if t.Placed != nil && prose(s) {
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

// Mark sets Template on p's segments that recur across the cluster (a
// paragraph of prose in the same place on two pages or more) and returns
// how many characters it marked.
func (t *TemplateStats) Mark(p *Page, share float64, minPages int) int {
	th := t.Threshold(share, minPages)
	marked := 0
	for i := range p.Segments {
		s := &p.Segments[i]
		s.Template = t.DF[s.Hash] >= th && (t.Placed == nil || !prose(s) || t.Placed[placedKey(s)] >= 2)
		if s.Template {
			marked += len(s.Text)
		}
	}
	return marked
}
