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
// headline in a list), not in a template line nor inside prose, where a
// link is a citation.
func tocAnchor(p *Page, a *Node) bool {
	if !storyAnchor(anchorText(a)) {
		return false
	}
	s := segmentOf(p, a)
	return s == nil || (!s.Template && 2*s.LinkLen >= s.Len-s.LinkLen)
}

// addTOC finds the page's TOC blocks and decides its kind: a region that
// is mostly story links with little text each is a listing, not an
// article.
func addTOC(res *Result, p *parsed, opts Options) {
	page := p.page
	alen, clean, stories := cleanLinks(page)
	fA := func(n *Node) float64 { return alen[n.Index] }
	// A list of headlines with teasers is a quarter links or more; a
	// column of prose with a few citations and a related box is less.
	isTOC := func(n *Node) bool {
		return stories[n.Index] >= opts.MinTOCLinks && alen[n.Index] >= 0.25*clean[n.Index]
	}
	w := opts.WISDOM.withDefaults()
	blocks := kMIB(page.Root, w.K, w.ST, fA, isTOC)
	if !w.NoExpand {
		blocks = expand(blocks, fA, isTOC)
	}
	links := tocLinksClean(page, blocks)
	if len(links) >= opts.MinTOCLinks {
		res.TOC = []Block{{Path: pathsOf(blocks), Links: links}}
	}
	article := len(res.Article) > 0
	if article && p.region != nil && isListing(page, p.region, blocks, stories[p.region.Index], isTOC) {
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

// tocLinksClean lists the story anchors of the blocks outside template
// segments.
func tocLinksClean(p *Page, blocks []*Node) []Link {
	var out []Link
	seen := map[string]bool{}
	for _, b := range sortByIndex(blocks) {
		collectLinks(b, func(a *Node) {
			text := anchorText(a)
			if seen[a.Href] || !tocAnchor(p, a) {
				return
			}
			seen[a.Href] = true
			out = append(out, Link{URL: a.Href, Text: text})
		})
	}
	return out
}
