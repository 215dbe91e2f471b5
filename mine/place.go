package mine

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// declaredBody is the element a page declares its article body with
// schema.org microdata (itemprop="articleBody", or on a Q&A page the
// question's text: questionText), when it holds the page's content;
// several such elements of one item (the item whose itemscope is
// nearest) give their nearest common ancestor. Bodies of
// several items are a list of cards (each teaser its own BlogPosting)
// unless one item's holds most of their text: a story beside its
// related cards. Nil when the page declares none.
func declaredBody(p *Page) *Node {
	type item struct {
		body  *Node
		chars int
	}
	var items []*item
	byScope := map[*Node]*item{}
	total := 0
	for _, n := range p.Nodes {
		if !hasToken(htmlnode.Attr(n.H, "itemprop"), "articlebody") && !questionText(n) {
			continue
		}
		chars := contentChars(p, n)
		if chars == 0 {
			continue
		}
		scope := itemScope(n)
		it := byScope[scope]
		switch {
		case it == nil:
			it = &item{body: n}
			byScope[scope] = it
			items = append(items, it)
		case !p.contains(it.body, n):
			it.body = commonAncestor(it.body, n)
		}
		it.chars += chars
		total += chars
	}
	var found *item
	for _, it := range items {
		if found == nil || it.chars > found.chars {
			found = it
		}
	}
	if found == nil || 2*found.chars <= total {
		return nil
	}
	n := found.body
	for n != nil && !n.Block {
		n = n.Parent
	}
	return n
}

// questionText: n is the text (itemprop="text") of the schema.org
// Question that is the page's main entity: a Q&A page is about its
// question, and its answers are the replies (schema.org Answer items,
// pageComments).
func questionText(n *Node) bool {
	if !hasToken(htmlnode.Attr(n.H, "itemprop"), "text") {
		return false
	}
	s := itemScope(n)
	return s != nil && schemaType(s.H, "Question") && hasToken(htmlnode.Attr(s.H, "itemprop"), "mainentity")
}

// schemaType: h's itemtype is the schema.org type name, over http or
// https.
func schemaType(h *html.Node, name string) bool {
	t := strings.TrimSuffix(strings.TrimSpace(htmlnode.Attr(h, "itemtype")), "/")
	i := strings.LastIndexByte(t, '/')
	return i >= 0 && strings.EqualFold(t[i+1:], name) && strings.Contains(strings.ToLower(t[:i]), "schema.org")
}

// itemScope is the nearest element at or above n that opens a microdata
// item (itemscope), nil when none does.
func itemScope(n *Node) *Node {
	for ; n != nil; n = n.Parent {
		if htmlnode.Has(n.H, "itemscope") {
			return n
		}
	}
	return nil
}

// entryContent is the page's one block element of class entry-content,
// the hAtom microformat's name for a post's content (WordPress, Blogger
// and Typepad themes write it); nil when there is none, or several (a
// list of posts), or it holds no content.
func entryContent(p *Page) *Node {
	var found *Node
	for _, n := range p.Nodes {
		if _, class := n.names(); !hasToken(class, "entry-content") {
			continue
		}
		if found != nil {
			return nil
		}
		found = n
	}
	if found == nil || !found.Block || contentChars(p, found) == 0 {
		return nil
	}
	return found
}

// oneArticle is the page's one <article> element, holding a sentence;
// nil when there is none, or several (a listing's teasers, comments).
func oneArticle(p *Page) *Node {
	var found *Node
	for _, n := range p.Nodes {
		if n.Tag != "article" {
			continue
		}
		if found != nil {
			return nil
		}
		found = n
	}
	if found == nil || !hasSentence(p.textOf(found)) {
		return nil
	}
	return found
}

// hasToken: token (lower case) is one of list's words, in any case.
func hasToken(list, token string) bool {
	if len(list) < len(token) {
		return false // most elements: no attribute, or a shorter one
	}
	for f := range strings.FieldsSeq(list) {
		if strings.EqualFold(f, token) {
			return true
		}
	}
	return false
}

// commonAncestor of a and b; b when a is nil.
func commonAncestor(a, b *Node) *Node {
	// The DOM builder asks for every text node, mostly of the element
	// it already has or of a child of it.
	switch {
	case a == nil:
		return b
	case a == b || b.Parent == a:
		return a
	}
	depth := func(n *Node) int {
		d := 0
		for ; n.Parent != nil; n = n.Parent {
			d++
		}
		return d
	}
	da, db := depth(a), depth(b)
	for ; da > db; da-- {
		a = a.Parent
	}
	for ; db > da; db-- {
		b = b.Parent
	}
	for a != b {
		a, b = a.Parent, b.Parent
	}
	return a
}

// pastTeasers moves a region that is a list of teasers (a column of
// other stories with their summaries outweighs a short story) to the
// best-scoring element beside it, neither in nor around it, that is no
// list of teasers and holds half of the page's running prose, when the
// page has 500 characters of it outside the list: the story is there.
func pastTeasers(p *Page, region *Node, l *links, scores []float64) *Node {
	if region == nil || pageWide(region) || !l.isTOC(region) {
		return nil
	}
	items := map[*Node]int{} // running prose: not in a story item (runningProse)
	prose := proseWhere(p, func(s *Segment) bool { return !inStoryItem(s.Owner, p.Root, l, items) })
	total := prose[p.Root.Index]
	if total-prose[region.Index] < headlineStoryChars {
		return nil
	}
	var best *Node
	for _, n := range p.Nodes {
		if !n.Block || l.isTOC(n) || p.contains(region, n) || p.contains(n, region) || 2*prose[n.Index] < total {
			continue
		}
		if best == nil || scores[n.Index] > scores[best.Index] {
			best = n
		}
	}
	return best
}

// proseCenter narrows a page-wide region (a page mined alone whose
// menus and columns outweigh a short story) to the smallest element that
// holds four fifths of the page's running prose, teaser boxes aside, when
// that is 500 characters or more: the story is where its paragraphs are.
// It stops above a lone paragraph, whose headings and lists stand beside it.
func proseCenter(p *Page, region *Node, l *links) *Node {
	if region == nil || !pageWide(region) {
		return nil
	}
	prose := proseByNode(p, l.inTOC(p, region))
	total := prose[region.Index]
	if total < headlineStoryChars {
		return nil
	}
	n := region
	for {
		var next *Node
		for _, k := range n.Kids {
			if 5*prose[k.Index] >= 4*total && k.Tag != "p" { // a paragraph is not a story
				next = k
				break
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	if n = blockOf(n); pageWide(n) {
		return nil
	}
	return n
}

// proseByNode is, for every node, the characters of prose in its
// subtree (isProse lines, less their link text), skipping the lines of
// the owners in skip (may be nil).
func proseByNode(p *Page, skip map[*Node]bool) []int {
	return proseWhere(p, func(s *Segment) bool { return !skip[s.Owner] })
}

// proseWhere is proseByNode over the prose lines keep takes.
func proseWhere(p *Page, keep func(*Segment) bool) []int {
	out := make([]int, len(p.Nodes))
	for i := range p.Segments {
		if s := &p.Segments[i]; isProse(s) && keep(s) {
			out[s.Owner.Index] += s.Len - s.LinkLen
		}
	}
	for i := len(p.Nodes) - 1; i > 0; i-- {
		if n := p.Nodes[i]; n.Parent != nil {
			out[n.Parent.Index] += out[i]
		}
	}
	return out
}

// outOfQuote: a region in a blockquote is the quoted text of a story that
// goes on around it (a post that quotes a paper and comments on it); the
// story is the quote's parent when that holds sentences of its own.
func outOfQuote(p *Page, region *Node) *Node {
	var quote *Node
	for a := region; a != nil; a = a.Parent {
		if a.H.DataAtom == atom.Blockquote {
			quote = a
		}
	}
	if quote == nil || quote.Parent == nil || pageWide(quote.Parent) {
		return region
	}
	if sentenceChars(p, quote.Parent) > sentenceChars(p, quote) {
		return quote.Parent
	}
	return region
}

// titledRegion narrows a page's region to the element around its
// headline (the heading that the page's <title> repeats, linked to the
// post itself or not) when that
// element holds the region's prose, teaser boxes aside: a column that
// holds a ticker of teasers above the story is not the story.
func titledRegion(p *Page, region *Node, l *links) *Node {
	if region == nil {
		return nil
	}
	var head *Node
	last := p.lastDescendant(region)
	for i := region.Index + 1; i <= last && head == nil; i++ {
		n := p.Nodes[i]
		if n.Tag != "h1" && n.Tag != "h2" {
			continue
		}
		var text []string
		p.walkSegments(n, func(s *Segment) { text = append(text, s.Text) })
		if p.titleHolds(strings.Join(text, " ")) {
			head = n
		}
	}
	if head == nil {
		return nil
	}
	prose := proseByNode(p, l.inTOC(p, region))
	total := prose[region.Index]
	if total == 0 {
		return nil
	}
	for a := head.Parent; a != nil && a != region; a = a.Parent {
		if a.Block && 5*prose[a.Index] >= 4*total {
			return a
		}
	}
	return nil
}

// headlineStory is, for a page mined alone whose best region lies away
// from its headline (a column of promotional slides outweighs a short
// post), the nearest element around the headline that holds 500
// characters of running prose, or 300 and more prose than the region:
// the story is where its headline is. Nil when the region is inside that
// element, when the headline is under an element named as furniture, or
// when no element short of the whole page holds such prose.
func headlineStory(p *Page, region *Node, l *links) *Node {
	head := pageHeadline(p)
	if head == nil || region == nil || p.contains(region, head) || namedAway(p, head) {
		return nil
	}
	// A short post under its headline, with more prose than the region
	// away from it (a sidebar's note about the author); else a story's
	// length of it, found on from there, as the prose only grows upwards.
	post, prose := headlineBody(p, head, nil, l, headlinePostChars)
	if post == nil || p.contains(post, region) {
		return nil
	}
	if prose >= headlineStoryChars || proseChars(p, post) > proseChars(p, region) {
		return post
	}
	if story, _ := headlineBody(p, post, nil, l, headlineStoryChars); story != nil && !p.contains(story, region) {
		return story
	}
	return nil
}

// wholePageStory is, for a region that is still the whole page, the
// story under the page's headline: the nearest element around it with a
// story's running prose (headlineStoryChars), when that is three
// quarters of the page's. A page whose prose no one element holds four
// fifths of (proseCenter's share: a shop's testimonials and notices
// below a post) has its story where its headline is; a page whose prose
// runs on past that element keeps it all.
func wholePageStory(p *Page, region *Node, l *links) *Node {
	if region == nil || !pageWide(region) {
		return nil
	}
	head := pageHeadline(p)
	if head == nil || namedAway(p, head) {
		return nil
	}
	story, prose := headlineBody(p, head, nil, l, headlineStoryChars)
	if story == nil || 4*prose < 3*runningProse(p, p.Root, l) {
		return nil
	}
	return story
}

// headlinePlaces: region holds the page's headline and lies in the story
// under it, the nearest element around the headline with a story's
// running prose (headlineStoryChars): the headline places the story
// there as surely as when a step of placeAlone moves the region to it (a
// region that is the headline's column and no more needs no move). A
// region away from the headline, inside its story or not, is placed by
// nothing.
func headlinePlaces(p *Page, region *Node, l *links) bool {
	head := pageHeadline(p)
	if head == nil || region == nil || !p.contains(region, head) || namedAway(p, head) {
		return false
	}
	story, _ := headlineBody(p, head, nil, l, headlineStoryChars)
	return story != nil && p.contains(story, region)
}

// proseChars counts the characters of n's prose lines outside links,
// in teaser lists too: a story whose paragraphs link other stories is no
// shorter for it.
func proseChars(p *Page, n *Node) int {
	c := 0
	p.walkSegments(n, func(s *Segment) {
		if isProse(s) {
			c += s.Len - s.LinkLen
		}
	})
	return c
}

// headlineBody is the nearest block element around head, below stop (nil:
// short of the whole page), that holds chars of running prose, and that
// prose: the story under a headline.
func headlineBody(p *Page, head, stop *Node, l *links, chars int) (*Node, int) {
	for a := head.Parent; a != nil && a != stop && !pageWide(a); a = a.Parent {
		if !a.Block {
			continue
		}
		if n := runningProse(p, a, l); n >= chars {
			return a, n
		}
	}
	return nil, 0
}

// namedContainer widens a region that is one paragraph to its parent
// when the parent's class or id names it as content ("article-content")
// and holds more text, or when the parent holds more running prose: a
// story is its paragraphs, and one of them outweighs the others only when
// the lists beside them (a deals post's shop links, a list of earlier
// episodes) cost more in links than they bring.
func namedContainer(p *Page, region *Node, l *links) *Node {
	if region == nil || region.Tag != "p" || region.Parent == nil || pageWide(region.Parent) {
		return nil
	}
	c := region.Parent
	h := hintScore(p, c)
	if h > 0 && contentChars(p, c) > contentChars(p, region) || h >= 0 && runningProse(p, c, l) > runningProse(p, region, l) {
		return c
	}
	return nil
}

// headlineStoryChars is the running prose that makes an element a
// story: a short post's.
const headlineStoryChars = 500

// headlinePostChars is the running prose that makes the element around
// the page's headline its story when the region away from it has less:
// three sentences, a short post's under its title.
const headlinePostChars = 300

// pageHeadline is the first h1–h3 whose text (three words or more, links
// included: old blog themes link the title to the post) the page's
// <title> holds; failing that, the first h1 of six words or more nearly
// all of whose words the title has (titleNear); failing that, the first
// h1–h3 that is a whole part of the title (titlePart) and does not link
// the home page, as the site's name does; or nil.
func pageHeadline(p *Page) *Node {
	if p.headlineDone {
		return p.headline
	}
	p.headlineDone = true
	for _, n := range p.Nodes {
		if (n.Tag == "h1" || n.Tag == "h2" || n.Tag == "h3") && p.titleHolds(p.textOf(n)) {
			p.headline = n
			return n
		}
	}
	var title map[string]bool // the <title>'s words, once an h1 asks
	for _, n := range p.Nodes {
		if n.Tag != "h1" {
			continue
		}
		if title == nil {
			title = titleWords(p.Title)
		}
		if titleNear(title, p.textOf(n)) {
			p.headline = n
			return n
		}
	}
	for _, n := range p.Nodes {
		if (n.Tag == "h1" || n.Tag == "h2" || n.Tag == "h3") && p.titlePart(p.textOf(n)) && !homeLinked(p, n) {
			p.headline = n
			return n
		}
	}
	return nil
}

// namedAway: the nearest of n's ancestors whose class or id says
// anything says navigation, sharing, comments…
func namedAway(p *Page, n *Node) bool {
	for a := n; a != nil; a = a.Parent {
		if h := hintScore(p, a); h != 0 {
			return h < 0
		}
	}
	return false
}

// headlineColumn narrows a page's region that holds its headline to the
// nearest element around the headline that holds the story's body — 500
// characters of running prose in minRun prose lines or more; one long
// paragraph under a headline is a header's standfirst, with the body
// beside it — when no prose runs on from that element: the nearest line
// outside it on either side that is prose, a link line or template is
// not prose outside a story item. A region that also took a second
// column beside the story (a live page's feed, a blog's notes) is the
// headline's column. A region that is still the whole page is left to
// proseCenter.
func headlineColumn(p *Page, region *Node, l *links) *Node {
	if region == nil || pageWide(region) { // proseCenter's
		return nil
	}
	head := pageHeadline(p)
	if head == nil || !p.contains(region, head) {
		return nil
	}
	body, _ := headlineBody(p, head, region, l, headlineStoryChars)
	if body == nil {
		return nil
	}
	lines := 0
	p.walkSegments(body, func(s *Segment) {
		if isProse(s) {
			lines++
		}
	})
	if lines < minRun || proseRunsOn(p, body, region, l) {
		return nil
	}
	return body
}

// proseRunsOn: in region, the nearest line outside col, after it or
// before it, that is prose, a link line or template is prose outside a
// story item: the story goes on past col. No line of col's lies outside
// its segment range.
func proseRunsOn(p *Page, col, region *Node, l *links) bool {
	items := map[*Node]int{}
	first, last := p.segmentRange(col)
	rFirst, rLast := p.segmentRange(region)
	side := func(from, to, step int) bool {
		for i := from; i != to+step; i += step {
			s := &p.Segments[i]
			if !p.contains(region, s.Owner) {
				continue
			}
			switch {
			case isProse(s):
				return !inStoryItem(s.Owner, region, l, items)
			case s.Template || 2*s.LinkLen >= s.Len:
				return false
			}
		}
		return false
	}
	return last >= first && (side(last+1, rLast, 1) || side(first-1, rFirst, -1))
}
