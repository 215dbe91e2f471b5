package mine

import (
	"container/heap"
	"math"
	"strings"

	"infocrawl/mine/entropy"
	"infocrawl/mine/terms"
)

// WISDOMOptions are WISDOM's parameters (docs/ALGORITHMS.md §3). Zero values
// mean the paper's defaults.
type WISDOMOptions struct {
	K         int     // blocks k-MIB looks for; default 1
	ST        float64 // SII threshold; default 0.8
	TCTOC     float64 // TOC: API_A / anchors must exceed it; default 1.25
	TCArticle float64 // article: CII must exceed 1 − TCArticle; default 0.8
	// NoExpand turns off DSTM and 1-CSTM (the skeleton alone).
	NoExpand bool
}

func (o WISDOMOptions) withDefaults() WISDOMOptions {
	if o.K <= 0 {
		o.K = 1
	}
	if o.ST <= 0 {
		o.ST = 0.8
	}
	if o.TCTOC <= 0 {
		o.TCTOC = 1.25
	}
	if o.TCArticle <= 0 {
		o.TCArticle = 0.8
	}
	return o
}

// features are WISDOM's per-node measures on one page.
type features struct {
	cii  []float64 // content information index of each node's subtree
	api  []float64 // anchor precision index, aggregated (API_A)
	hasT []bool    // the subtree has terms (CII is defined)
}

// wisdomFeatures computes CII and API_A for every node of p. stats are the
// page's cluster statistics; linked gives the terms of a linked page that
// is in the store (nil: API is 0 everywhere).
func wisdomFeatures(p *Page, pt segmentTerms, stats *entropy.TermStats, linked func(url string) map[string]bool) *features {
	f := &features{cii: make([]float64, len(p.Nodes)), api: make([]float64, len(p.Nodes)), hasT: make([]bool, len(p.Nodes))}
	sumW := make([]float64, len(p.Nodes))
	count := make([]int, len(p.Nodes))
	for i := range p.Segments {
		s := &p.Segments[i]
		segTerms := pt.of(i)
		for _, t := range segTerms {
			sumW[s.Owner.Index] += stats.W(t)
		}
		count[s.Owner.Index] += len(segTerms)
	}
	for _, n := range p.Nodes {
		if n.Href == "" || linked == nil {
			continue
		}
		target := linked(n.Href)
		if target == nil {
			continue
		}
		f.api[n.Index] = anchorPrecision(p, n, target, stats)
	}
	for i := len(p.Nodes) - 1; i >= 0; i-- {
		n := p.Nodes[i]
		if count[i] > 0 {
			f.cii[i] = sumW[i] / float64(count[i])
			f.hasT[i] = true
		}
		if n.Parent != nil {
			sumW[n.Parent.Index] += sumW[i]
			count[n.Parent.Index] += count[i]
			f.api[n.Parent.Index] += f.api[i]
		}
	}
	return f
}

// anchorPrecision is API(a): Σ 1/EN(t) over the terms t of the anchor's
// text (and of the segment around it, a bounded window) that also occur
// in the linked page.
func anchorPrecision(p *Page, a *Node, target map[string]bool, stats *entropy.TermStats) float64 {
	text := anchorText(a)
	if owner := segmentOf(p, a); owner != nil && len(owner.Text) < 400 {
		text = owner.Text
	}
	api := 0.0
	seen := map[string]bool{}
	for _, t := range terms.Of(text) {
		if seen[t] || !target[t] {
			continue
		}
		seen[t] = true
		if en := stats.EN(t); en > 0 {
			api += 1 / en
		}
	}
	return api
}

// segmentOf returns the segment holding a's text.
func segmentOf(p *Page, a *Node) *Segment {
	owner := a
	for owner != nil && !owner.Block {
		owner = owner.Parent
	}
	if owner == nil {
		return nil
	}
	want := anchorText(a)
	for _, i := range owner.Segments {
		if s := &p.Segments[i]; want != "" && strings.Contains(s.Text, want) {
			return s
		}
	}
	return nil
}

// sii is the structure information index of n for the measure f: the
// entropy (base m) of f_A's spread over n's m children holding some.
func sii(n *Node, fA func(*Node) float64) float64 {
	var vals []float64
	total := 0.0
	for _, k := range n.Kids {
		if v := fA(k); v > 0 {
			vals = append(vals, v)
			total += v
		}
	}
	m := len(vals)
	if m <= 1 {
		return 0
	}
	h := 0.0
	for _, v := range vals {
		w := v / total
		h -= w * math.Log(w)
	}
	return h / math.Log(float64(m))
}

// kMIB is WISDOM's k-maximum informative block mining: greedy, top-down
// by f_A, stopping at nodes whose children share f evenly (SII > ST) or at
// leaves, and keeping those that meet the type constraint.
func kMIB(root *Node, k int, st float64, fA func(*Node) float64, meets func(*Node) bool) []*Node {
	h := &nodeHeap{f: fA}
	heap.Push(h, root)
	var found []*Node
	for len(found) < k && h.Len() > 0 {
		n := heap.Pop(h).(*Node)
		if sii(n, fA) > st || len(liveKids(n, fA)) == 0 {
			if meets(n) {
				found = append(found, n)
			}
			continue
		}
		for _, c := range liveKids(n, fA) {
			heap.Push(h, c)
		}
	}
	return found
}

func liveKids(n *Node, fA func(*Node) float64) []*Node {
	var out []*Node
	for _, k := range n.Kids {
		if fA(k) > 0 {
			out = append(out, k)
		}
	}
	return out
}

// expand applies DSTM to each skeleton node and 1-CSTM to its first
// ancestor that has siblings: siblings meeting the type constraint with
// less f than the node join the structure.
func expand(skeleton []*Node, fA func(*Node) float64, meets func(*Node) bool) []*Node {
	in := map[*Node]bool{}
	var out []*Node
	add := func(n *Node) {
		if !in[n] {
			in[n] = true
			out = append(out, n)
		}
	}
	dstm := func(s *Node) {
		if s.Parent == nil {
			return
		}
		for _, sib := range s.Parent.Kids {
			if sib != s && fA(sib) > 0 && fA(sib) < fA(s) && meets(sib) {
				add(sib)
			}
		}
	}
	for _, s := range skeleton {
		add(s)
		dstm(s)
		p1 := s.Parent
		for p1 != nil && (p1.Parent == nil || len(liveKids(p1.Parent, fA)) < 2) {
			p1 = p1.Parent
		}
		if p1 != nil && p1.Parent != nil {
			dstm(p1)
		}
	}
	return out
}

type nodeHeap struct {
	nodes []*Node
	f     func(*Node) float64
}

func (h *nodeHeap) Len() int           { return len(h.nodes) }
func (h *nodeHeap) Less(i, j int) bool { return h.f(h.nodes[i]) > h.f(h.nodes[j]) }
func (h *nodeHeap) Swap(i, j int)      { h.nodes[i], h.nodes[j] = h.nodes[j], h.nodes[i] }
func (h *nodeHeap) Push(x any)         { h.nodes = append(h.nodes, x.(*Node)) }
func (h *nodeHeap) Pop() any {
	n := h.nodes[len(h.nodes)-1]
	h.nodes = h.nodes[:len(h.nodes)-1]
	return n
}
