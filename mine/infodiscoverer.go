package mine

import (
	"strings"

	"infocrawl/mine/entropy"
)

// InfoDiscoverer (Lin & Ho, docs/ALGORITHMS.md §2): a page's content blocks
// are its block elements' own text (a block's strings exclude those of
// its child blocks: the segments it owns); a block's entropy H(CB) is the
// mean EN of its terms across the cluster; blocks at or below the
// cluster's greedy threshold are informative.

// blockEntropy returns H(CB) of every block node with terms, and the
// number of distinct terms (features) in it.
func blockEntropy(p *Page, pt segmentTerms, stats *entropy.TermStats) (h map[*Node]float64, k map[*Node]int) {
	h, k = map[*Node]float64{}, map[*Node]int{}
	var blockTerms []string
	for _, n := range p.Nodes {
		if len(n.Segments) == 0 {
			continue
		}
		blockTerms = blockTerms[:0]
		for _, i := range n.Segments {
			blockTerms = append(blockTerms, pt.of(i)...)
		}
		distinct := map[string]bool{}
		sum := 0.0
		for _, t := range blockTerms {
			if !distinct[t] {
				distinct[t] = true
				sum += stats.EN(t)
			}
		}
		if len(distinct) > 0 {
			h[n] = sum / float64(len(distinct))
			k[n] = len(distinct)
		}
	}
	return h, k
}

// greedyThreshold picks the cluster's entropy threshold: for t = 0.1 …
// 0.9, count the features in blocks with H(CB) ≤ t; the threshold is the
// first t after which raising it no longer adds features (an increase of
// under 1% of all features counts as none, once a tenth of them are in).
func greedyThreshold(hs []map[*Node]float64, ks []map[*Node]int) float64 {
	total := 0
	for _, k := range ks {
		for _, c := range k {
			total += c
		}
	}
	count := func(t float64) int {
		c := 0
		for i, h := range hs {
			for n, e := range h {
				if e <= t+1e-9 {
					c += ks[i][n]
				}
			}
		}
		return c
	}
	prev := count(0.1)
	for step := 2; step <= 9; step++ {
		t := float64(step) / 10
		cur := count(t)
		// Convergence means something only once the count has grown: at
		// the lowest thresholds it barely moves because nothing is in yet.
		if float64(cur-prev) <= 0.01*float64(total) && float64(prev) >= 0.1*float64(total) {
			return t - 0.1
		}
		prev = cur
	}
	return 0.9
}

// infoText is the text of a page's informative blocks, in order.
func infoText(p *Page, h map[*Node]float64, threshold float64) string {
	var parts []string
	for i := range p.Segments {
		s := &p.Segments[i]
		if e, ok := h[s.Owner]; ok && e <= threshold+1e-9 {
			parts = append(parts, s.Text)
		}
	}
	return strings.Join(parts, "\n\n")
}
