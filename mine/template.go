package mine

import "math"

// TemplateStats counts, for one cluster, in how many pages each
// normalised segment occurs: InfoDiscoverer's idea with exact features
// (docs/ALGORITHMS.md §7). A segment found in half the cluster's pages is
// template: menus, footers, stock phrases, with no hand-written rule.
// Counts only grow, so pages can be added as a crawl goes on.
type TemplateStats struct {
	Pages int
	DF    map[uint64]int
}

// NewTemplateStats returns empty statistics.
func NewTemplateStats() *TemplateStats { return &TemplateStats{DF: map[uint64]int{}} }

// AddPage counts each distinct segment of p once.
func (t *TemplateStats) AddPage(p *Page) {
	t.Pages++
	seen := make(map[uint64]bool, len(p.Segments))
	for _, s := range p.Segments {
		if !seen[s.Hash] {
			seen[s.Hash] = true
			t.DF[s.Hash]++
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
// returns how many characters it marked.
func (t *TemplateStats) Mark(p *Page, share float64, minPages int) int {
	th := t.Threshold(share, minPages)
	marked := 0
	for i := range p.Segments {
		s := &p.Segments[i]
		s.Template = t.DF[s.Hash] >= th
		if s.Template {
			marked += len(s.Text)
		}
	}
	return marked
}
