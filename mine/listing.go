package mine

// Listing or story: whether a region whose links pass as a list of
// stories holds a story all the same.

// storyProse: region's text is a story's running prose, whatever lists of
// links stand beside it: 1,000 characters of it, or most of the region's
// text and 400 characters.
func storyProse(p *Page, region *Node, l *links) bool {
	n := runningProse(p, region, l)
	return n >= 1000 || (n >= 400 && 2*n >= contentChars(p, region))
}

// runningProse counts the characters of region's prose lines (sentences,
// few links) outside the items of lists of story links: a teaser's
// sentences are another story's.
func runningProse(p *Page, region *Node, l *links) int {
	if region == nil {
		return 0
	}
	items := map[*Node]int{} // a node's children that hold story links
	n := 0
	p.walkSegments(region, func(s *Segment) {
		if isProse(s) && !inStoryItem(s.Owner, region, l, items) {
			n += s.Len - s.LinkLen
		}
	})
	return n
}

// inStoryItem: n is inside an item of a list of stories: its nearest
// ancestor below region that holds a story link holds one or two (one
// story's headline and "more" link), and a sibling holds one too. A
// container of prose and a related box holds the box's many links. An
// ancestor whose story links only say "read more", with no sibling
// holding one, is a teaser's excerpt: the item is further up.
func inStoryItem(n, region *Node, l *links, items map[*Node]int) bool {
	for ; n != nil && n != region && n.Parent != nil; n = n.Parent {
		if l.stories[n.Index] == 0 {
			continue
		}
		if l.stories[n.Index] > 2 {
			return false
		}
		k, ok := items[n.Parent]
		if !ok {
			for _, c := range n.Parent.Kids {
				if l.stories[c.Index] > 0 {
					k++
				}
			}
			items[n.Parent] = k
		}
		if k == 1 && l.more[n.Index] == l.stories[n.Index] {
			continue
		}
		return k >= 2
	}
	return false
}

// isListing: a region whose TOC blocks hold most of its text (headlines
// with teasers) is a listing, not an article; an article with a related
// box beside its prose is not one. A TOC block around the region counts
// only when the region itself passes as a TOC.
func isListing(p *Page, region *Node, blocks []*Node, stories int, isTOC func(*Node) bool) bool {
	// Whole stories under their headlines make a page article+toc.
	if stories < 5 || contentChars(p, region) > 600*stories {
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
