package mine

import (
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Annotation is an element of a page that mining outlined: part of its
// article, a TOC block, or template.
type Annotation struct {
	Node   *html.Node         // the element, in the document given to Annotate
	Path   string             // its NodePath
	Kind   Kind               // KindArticle, KindTOC or KindTemplate
	Scores map[string]float64 // the block's scores; for template, what marked it
}

// Annotate finds, in doc (the page res was mined from, parsed with
// html.Parse), the elements of res's article and TOC blocks and the
// page's template elements, in document order. It only reads doc and
// state.
//
// A block's Path is matched against the NodePath of every element; when
// several elements share a path, the ones holding the block's text or
// links win. Blocks without an element path (the one-page methods) give
// nothing. Template elements are the outermost elements all of whose
// text is template: marked by the cluster's statistics as mining marks
// them (by class and id hints when the cluster is too small), so a menu
// is one grey box, not one per entry.
func Annotate(doc *html.Node, u *url.URL, res *Result, state *ClusterState, opts Options) []Annotation {
	page := FromDOM(doc, u)
	opts = opts.withDefaults()
	var out []Annotation
	byPath := map[string][]*Node{}
	for _, n := range page.Nodes {
		byPath[NodePath(n)] = append(byPath[NodePath(n)], n)
	}
	informative := map[*Node]bool{}
	for _, set := range []struct {
		kind   Kind
		blocks []Block
	}{{KindArticle, res.Article}, {KindTOC, res.TOC}} {
		for _, b := range set.blocks {
			for _, n := range blockNodes(page, byPath, b) {
				informative[n] = true
				out = append(out, Annotation{Node: n.H, Path: NodePath(n), Kind: set.kind, Scores: b.Scores})
			}
		}
	}
	for _, a := range templateNodes(page, state, opts) {
		if !informative[a.n] {
			out = append(out, Annotation{Node: a.n.H, Path: NodePath(a.n), Kind: KindTemplate, Scores: a.scores})
		}
	}
	index := map[*html.Node]int{}
	for _, n := range page.Nodes {
		index[n.H] = n.Index
	}
	slices.SortStableFunc(out, func(a, b Annotation) int { return index[a.Node] - index[b.Node] })
	return out
}

// blockNodes returns the elements of b: for each of its paths, the
// element with that path, or, among several, those holding
// most of b's links (a TOC) or text (an article).
func blockNodes(p *Page, byPath map[string][]*Node, b Block) []*Node {
	want := map[string]int{}
	var order []string
	for _, path := range b.Paths {
		if want[path] == 0 {
			order = append(order, path)
		}
		want[path]++
	}
	var out []*Node
	for _, path := range order {
		cands, k := byPath[path], want[path]
		if len(cands) <= k {
			out = append(out, cands...)
			continue
		}
		score := make(map[*Node]int, len(cands))
		for _, n := range cands {
			score[n] = blockScore(p, n, b)
		}
		ranked := slices.Clone(cands)
		slices.SortStableFunc(ranked, func(x, y *Node) int { return score[y] - score[x] })
		for _, n := range ranked[:k] {
			if score[n] > 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// blockScore: how much of b is inside n, in links found (a TOC block) or
// characters of text found (an article block).
func blockScore(p *Page, n *Node, b Block) int {
	if len(b.Links) > 0 {
		urls := make(map[string]bool, len(b.Links))
		for _, l := range b.Links {
			urls[l.URL] = true
		}
		found := 0
		for _, d := range p.Nodes[n.Index : p.lastDescendant(n)+1] {
			if d.Href != "" && urls[d.Href] {
				found++
			}
		}
		return found
	}
	chars := 0
	p.walkSegments(n, func(s *Segment) {
		if strings.Contains(b.Text, s.Text) {
			chars += s.Len
		}
	})
	return chars
}

type templateNode struct {
	n      *Node
	scores map[string]float64
}

// templateNodes marks p's template segments as mineDefault does, without
// changing state (Mark only reads it), and returns the outermost
// elements whose segments are all template.
func templateNodes(p *Page, state *ClusterState, opts Options) []templateNode {
	clustered := state != nil && state.Template != nil && state.Template.Pages >= opts.MinClusterPages
	threshold := 0
	if clustered {
		state.Template.Mark(p, opts.TemplateShare, opts.TemplateMinDF)
		threshold = state.Template.Threshold(opts.TemplateShare, opts.TemplateMinDF)
	} else {
		markByHints(p)
	}
	markComments(p)
	total, tmpl, chars := make([]int, len(p.Nodes)), make([]int, len(p.Nodes)), make([]int, len(p.Nodes))
	for i := len(p.Nodes) - 1; i >= 0; i-- { // preorder reversed: kids before parents
		n := p.Nodes[i]
		for _, si := range n.Segments {
			total[i]++
			if s := &p.Segments[si]; s.Template {
				tmpl[i]++
				chars[i] += s.Len
			}
		}
		if n.Parent != nil {
			total[n.Parent.Index] += total[i]
			tmpl[n.Parent.Index] += tmpl[i]
			chars[n.Parent.Index] += chars[i]
		}
	}
	all := func(n *Node) bool { return total[n.Index] > 0 && tmpl[n.Index] == total[n.Index] }
	var out []templateNode
	for _, n := range p.Nodes {
		if !all(n) || n.Parent == nil || all(n.Parent) {
			continue
		}
		scores := map[string]float64{"segments": float64(total[n.Index]), "chars": float64(chars[n.Index])}
		if clustered {
			scores["threshold"] = float64(threshold)
			scores["min_df"] = float64(minDF(p, n, state.Template))
			scores["cluster_pages"] = float64(state.Template.Pages)
		}
		out = append(out, templateNode{n: n, scores: scores})
	}
	return out
}

// minDF is the lowest document frequency of n's segments: how sure the
// cluster is that the whole element is template.
func minDF(p *Page, n *Node, t *TemplateStats) int {
	low := -1
	p.walkSegments(n, func(s *Segment) {
		if df := t.DF[s.Hash]; low < 0 || df < low {
			low = df
		}
	})
	return low
}
