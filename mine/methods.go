package mine

import (
	"maps"
	"slices"

	"infocrawl/mine/entropy"
)

func infoDiscovererCluster(g []*minedPage, stats *entropy.TermStats, opts Options) []*Result {
	hs := make([]map[*Node]float64, len(g))
	ks := make([]map[*Node]int, len(g))
	for i, p := range g {
		hs[i], ks[i] = blockEntropy(p.page, p.terms, stats)
	}
	th := greedyThreshold(hs, ks)
	out := make([]*Result, 0, len(g))
	for i, p := range g {
		res := newResult(p, opts)
		if text := infoText(p.page, hs[i], th); textChars(text) >= opts.MinArticleChars {
			res.Kind = KindArticle
			res.Article = []Block{{Paths: []string{"informative blocks"}, Text: text, Scores: map[string]float64{
				"threshold": th, "h_cb": meanEntropy(hs[i], th)}}}
		}
		out = append(out, res)
	}
	return out
}

// wisdomCluster: WISDOM's informative structure, with API from the other
// pages of the cluster (the offline stand-in for "the linked page is in
// the store").
func wisdomCluster(g []*minedPage, stats *entropy.TermStats, opts Options) []*Result {
	byURL := map[string]*minedPage{}
	for _, p := range g {
		if p.in.URL != nil {
			byURL[p.in.URL.String()] = p
		}
	}
	// Each linked page's terms are read once, however many anchors point
	// to it.
	sets := map[string]map[string]bool{}
	linked := func(u string) map[string]bool {
		if set, ok := sets[u]; ok {
			return set
		}
		p, ok := byURL[u]
		if !ok {
			return nil
		}
		set := make(map[string]bool, len(p.terms.all))
		for _, t := range p.terms.all {
			set[t] = true
		}
		sets[u] = set
		return set
	}
	out := make([]*Result, 0, len(g))
	for _, p := range g {
		res := newResult(p, opts)
		w := mineWISDOM(p.page, p.terms, stats, linked, opts.WISDOM)
		keep := func(n *Node) bool {
			return !w.f.hasT[n.Index] || w.f.cii[n.Index] > 1-opts.WISDOM.withDefaults().TCArticle
		}
		if text := condensedText(p.page, w.article, keep); textChars(text) >= opts.MinArticleChars {
			res.Article = []Block{{Paths: pathsOf(w.article), Text: text, Scores: wisdomScores(w, w.article, func(n *Node) float64 { return float64(n.CLenA) })}}
		}
		if links := tocLinks(w.toc); len(links) >= opts.MinTOCLinks {
			res.TOC = []Block{{Paths: pathsOf(w.toc), Links: links, Scores: wisdomScores(w, w.toc, func(n *Node) float64 { return float64(n.ALenA) })}}
		}
		res.Kind = kindOf(len(res.Article) > 0, len(res.TOC) > 0)
		out = append(out, res)
	}
	return out
}

// wisdomScores are the first block's measures, for a person to see why:
// CII, API_A and SII (of f over its children), and whether API worked.
func wisdomScores(w *wisdomPage, blocks []*Node, f func(*Node) float64) map[string]float64 {
	if len(blocks) == 0 {
		return nil
	}
	n := blocks[0]
	api := 0.0
	if w.apiWorks {
		api = 1
	}
	return map[string]float64{"cii": w.f.cii[n.Index], "api": w.f.api[n.Index], "sii": sii(n, f), "api_works": api}
}

// meanEntropy is the mean H(CB) of a page's informative blocks.
func meanEntropy(h map[*Node]float64, th float64) float64 {
	// Summed in document order: a float sum in map order differs in its
	// last digits from run to run.
	nodes := slices.SortedFunc(maps.Keys(h), func(a, b *Node) int { return a.Index - b.Index })
	sum, n := 0.0, 0
	for _, nd := range nodes {
		if e := h[nd]; e <= th+1e-9 {
			sum += e
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
