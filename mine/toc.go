package mine

// The default method's TOC blocks: WISDOM's k-MIB on ALEN_A over the
// cleaned tree (links in template segments do not count), so that menus,
// tickers and "most read" lists, identical across the cluster, drop out
// without entropy, and what remains are the lists of links to stories.

// cleanLinks returns, per node, the link characters and all characters of
// its subtree's non-template segments, and the story anchors among them.
func cleanLinks(p *Page) (alen, clean []float64, stories []int) {
	alen = make([]float64, len(p.Nodes))
	clean = make([]float64, len(p.Nodes))
	stories = make([]int, len(p.Nodes))
	for _, n := range p.Nodes {
		for _, i := range n.Segments {
			if s := &p.Segments[i]; !s.Template {
				alen[n.Index] += float64(s.LinkLen)
				clean[n.Index] += float64(s.Len)
			}
		}
	}
	for i := len(p.Nodes) - 1; i >= 0; i-- {
		n := p.Nodes[i]
		if n.Href != "" && tocAnchor(p, n) {
			stories[i]++
		}
		if n.Parent != nil {
			alen[n.Parent.Index] += alen[i]
			clean[n.Parent.Index] += clean[i]
			stories[n.Parent.Index] += stories[i]
		}
	}
	return alen, clean, stories
}

// tocAnchor: a link to a story that stands in a line of its own (a
// headline in a list), not inside prose, where a link is a citation. Its
// line may be template: a headline of the ticker repeated in a related
// list is still a story link there.
func tocAnchor(p *Page, a *Node) bool {
	if !storyAnchor(anchorText(a)) {
		return false
	}
	s := segmentOf(p, a)
	return s == nil || 2*s.LinkLen >= s.Len-s.LinkLen
}

// links holds a page's cleaned link measures, per node.
type links struct {
	alen, clean []float64
	stories     []int
	min         int
}

func newLinks(p *Page, minTOCLinks int) *links {
	l := &links{min: minTOCLinks}
	l.alen, l.clean, l.stories = cleanLinks(p)
	return l
}

func (l *links) fA(n *Node) float64 { return l.alen[n.Index] }

// isTOC: a list of headlines. Either it is mostly links (a related box,
// a link list), or its links are spread over its items: most of its
// children with text carry a story link (headlines with teasers, whose
// teasers can outweigh the headlines). A column of prose with a related
// box has its links in one child, not across them.
func (l *links) isTOC(n *Node) bool {
	if l.stories[n.Index] < l.min || l.alen[n.Index] < 0.1*l.clean[n.Index] {
		return false
	}
	if l.alen[n.Index] >= 0.4*l.clean[n.Index] {
		return true
	}
	withText, withStory, teaserText := 0, 0, 0.0
	for _, k := range n.Kids {
		c := l.clean[k.Index]
		if c == 0 {
			continue
		}
		withText++
		// An item is a teaser: a headline or two and a few lines, not
		// a row of a page layout that holds a whole story.
		if st := l.stories[k.Index]; st > 0 && c <= 500*float64(st) {
			withStory++
			teaserText += c
		}
	}
	return withText >= l.min && float64(withStory) >= 0.6*float64(withText) && teaserText >= 0.7*l.clean[n.Index]
}

// inTOC marks the nodes strictly below region that lie in a TOC box (a
// "related stories" box, a teaser list): not the article's. A box is a
// TOC-like node whose text is mostly its own list, not a wrapper that
// passes the test only because it holds a box beside a story.
func (l *links) inTOC(p *Page, region *Node) map[*Node]bool {
	boxed := make([]float64, len(p.Nodes)) // clean text inside boxes, per subtree
	box := make([]bool, len(p.Nodes))
	last := p.lastDescendant(region)
	for i := last; i > region.Index; i-- {
		n := p.Nodes[i]
		inKids := 0.0
		for _, k := range n.Kids {
			inKids += boxed[k.Index]
		}
		box[i] = l.isTOC(n) && (inKids == 0 || l.clean[i]-inKids <= 0.5*l.clean[i])
		if box[i] {
			boxed[i] = l.clean[i]
		} else {
			boxed[i] = inKids
		}
	}
	out := map[*Node]bool{}
	for i := region.Index + 1; i <= last; i++ {
		n := p.Nodes[i]
		if box[i] || (n.Parent != nil && out[n.Parent]) {
			out[n] = true
		}
	}
	return out
}

// addTOC finds the page's TOC blocks (WISDOM's k-MIB over the cleaned
// ALEN) and decides the page's kind.
//
// Alone (no cluster to compare with), only a region that is itself a TOC
// makes the page a listing: losing a whole article costs more than
// keeping a listing's teasers.
func addTOC(res *Result, p *parsed, opts Options, alone bool) {
	page, l := p.page, p.links
	w := opts.WISDOM.withDefaults()
	blocks := kMIB(page.Root, w.K, w.ST, l.fA, l.isTOC)
	if !w.NoExpand {
		blocks = expand(blocks, l.fA, l.isTOC)
	}
	if found := tocLinksClean(page, blocks); len(found) >= opts.MinTOCLinks {
		res.TOC = []Block{{Path: pathsOf(blocks), Links: found}}
	}
	article := len(res.Article) > 0
	listing := p.region != nil && isListing(page, p.region, blocks, l.stories[p.region.Index], l.isTOC)
	if alone {
		listing = p.region != nil && l.isTOC(p.region)
	}
	if article && listing {
		res.Article = nil
		article = false
	}
	res.Kind = kindOf(article, len(res.TOC) > 0)
}

// isListing: a region whose TOC blocks hold most of its text (headlines
// with teasers) is a listing, not an article; an article with a related
// box beside its prose is not one. A TOC block around the region counts
// only when the region itself passes as a TOC.
func isListing(p *Page, region *Node, blocks []*Node, stories int, isTOC func(*Node) bool) bool {
	if stories < 5 {
		return false
	}
	inTOC := 0
	for _, b := range blocks {
		switch {
		case p.contains(b, region):
			return isTOC(region)
		case p.contains(region, b):
			inTOC += contentChars(p, b)
		}
	}
	return float64(inTOC) >= 0.6*float64(contentChars(p, region))
}

// tocLinksClean lists the story anchors of the blocks, list by list: a
// list (the anchors under one parent element) counts if one of its
// headlines is not template, so a related list keeps the story that is
// also in the ticker, while the ticker itself, all template, stays out.
func tocLinksClean(p *Page, blocks []*Node) []Link {
	type anchor struct {
		a    *Node
		text string
		tmpl bool
	}
	var anchors []anchor
	live := map[*Node]bool{} // lists with a non-template headline
	for _, b := range sortByIndex(blocks) {
		collectLinks(b, func(a *Node) {
			if !tocAnchor(p, a) {
				return
			}
			s := segmentOf(p, a)
			tmpl := s != nil && s.Template
			anchors = append(anchors, anchor{a, anchorText(a), tmpl})
			if !tmpl {
				live[listOf(a)] = true
			}
		})
	}
	var out []Link
	seen := map[string]bool{}
	for _, x := range anchors {
		if seen[x.a.Href] || (x.tmpl && !live[listOf(x.a)]) {
			continue
		}
		seen[x.a.Href] = true
		out = append(out, Link{URL: x.a.Href, Text: x.text})
	}
	return out
}

// listOf is the element holding an anchor's list: the parent of the
// anchor's nearest block (its <li>, <h3>, <div class=item>).
func listOf(a *Node) *Node {
	n := a
	for n.Parent != nil && !n.Block {
		n = n.Parent
	}
	if n.Parent != nil {
		return n.Parent
	}
	return n
}
