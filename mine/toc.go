package mine

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// The default method's TOC blocks: WISDOM's k-MIB on ALEN_A over the
// cleaned tree (links in template segments do not count), so that menus,
// tickers and "most read" lists, identical across the cluster, drop out
// without entropy, and what remains are the lists of links to stories.

// cleanLinks returns, per node, the link characters and all characters of
// its subtree's non-template segments, the characters of its links that
// lead off the site, the story anchors among them, those in headings and
// the "read more" links (moreLink) among the story anchors.
func cleanLinks(p *Page) (alen, clean, off []float64, stories, heads, more []int) {
	alen = make([]float64, len(p.Nodes))
	off = make([]float64, len(p.Nodes))
	clean = make([]float64, len(p.Nodes))
	stories = make([]int, len(p.Nodes))
	heads = make([]int, len(p.Nodes))
	more = make([]int, len(p.Nodes))
	for _, n := range p.Nodes {
		for _, i := range n.Segments {
			if s := &p.Segments[i]; !s.Template {
				alen[n.Index] += float64(s.LinkLen)
				clean[n.Index] += float64(s.Len)
			}
		}
	}
	var sections listMemo
	for i := len(p.Nodes) - 1; i >= 0; i-- {
		n := p.Nodes[i]
		switch {
		case n.Href == "":
		case offSite(p, n.Href):
			if cardHeadline(p, n) {
				stories[i]++
				heads[i]++
			} else if s := segmentOf(p, n); s != nil && !s.Template {
				off[i] += float64(linkChars(anchorText(n)))
			}
		case onSiteTOCAnchor(p, n) && !inSectionList(p, n, &sections):
			stories[i]++
			if headlineAnchor(n) {
				heads[i]++
			}
		case moreLink(p, n):
			stories[i]++
			more[i]++
		}
		if n.Parent != nil {
			off[n.Parent.Index] += off[i]
			alen[n.Parent.Index] += alen[i]
			clean[n.Parent.Index] += clean[i]
			stories[n.Parent.Index] += stories[i]
			heads[n.Parent.Index] += heads[i]
			more[n.Parent.Index] += more[i]
		}
	}
	return alen, clean, off, stories, heads, more
}

// moreLink: a, a link to another page of the site, says only "read
// more" ("Read more...", "Continue reading →", "Weiterlesen"): it leads
// a teaser whose headline is no link to its story.
func moreLink(p *Page, a *Node) bool {
	return moreLabel(anchorText(a)) && a.Href != p.selfHref()
}

// moreLabel: text, its white space collapsed, is one of moreLabels
// outside the marks around it ("Read more…", "Continue reading →").
func moreLabel(text string) bool {
	text = strings.TrimFunc(text, nonLetter)
	if len(text) < minMoreLabel || len(text) > maxMoreLabel {
		return false // most texts, cheaply
	}
	return moreLabels[strings.ToLower(text)]
}

var moreLabels = phraseSet("read more", "continue reading", "read the full story", "full story", "read full story",
	"read the rest", "read the rest of this entry", "read full article", "read the full article", "weiterlesen", "mehr lesen", "artikel lesen",
	"lire la suite", "lire l'article", "leer más", "seguir leyendo", "continua a leggere", "leggi tutto", "lees meer", "lees verder",
	"ler mais", "leia mais", "continue lendo", "czytaj więcej", "czytaj dalej", "läs mer", "læs mere", "les mer", "číst dále", "čítať ďalej",
	"citește mai mult", "citeşte mai mult", "citește toată știrea", "citeşte toată ştirea", "читать далее", "читати далі", "devamını oku")

// moreLine: s is one link that says only "read more", wherever it leads
// (the source's site too): a teaser's or an excerpt's way on, never a
// line of the story.
func moreLine(s *Segment) bool {
	return s.LinkLen > 0 && moreLabel(s.Text) && linkedFrom(s, 0)
}

// minMoreLabel and maxMoreLabel are the byte lengths of the shortest and
// longest of moreLabels.
var minMoreLabel, maxMoreLabel = func() (lo, hi int) {
	lo = 1 << 30
	for l := range moreLabels {
		lo, hi = min(lo, len(l)), max(hi, len(l))
	}
	return lo, hi
}()

// cardHeadline: a, a link off the site, is the one headline link of the
// <article> around it: a card of an aggregator's feed (digg, a news
// portal), a story's teaser however far it links. A post that reviews
// several pages under linked headings holds them in one <article>.
func cardHeadline(p *Page, a *Node) bool {
	if !titledHeadline(a) {
		return false
	}
	art := articleAround(a, nil)
	if art == nil {
		return false
	}
	for j, last := art.Index, p.lastDescendant(art); j <= last; j++ {
		if k := p.Nodes[j]; k != a && titledHeadline(k) {
			return false
		}
	}
	return true
}

// titledHeadline: n is a link in a heading with two words or more.
func titledHeadline(n *Node) bool {
	return n.Href != "" && headlineAnchor(n) && len(strings.Fields(anchorText(n))) >= 2
}

// articleAround is the nearest <article> element that is n or holds it,
// below stop (nil: up to the root); nil when there is none.
func articleAround(n, stop *Node) *Node {
	for ; n != nil && n != stop; n = n.Parent {
		if n.Tag == "article" {
			return n
		}
	}
	return nil
}

// linkChars counts text's characters as a segment's LinkLen does:
// textChars of its words, spaces left out.
func linkChars(text string) int {
	n := 0
	for w := range strings.FieldsSeq(text) {
		n += textChars(w)
	}
	return n
}

// headlineAnchor: a story link inside a heading (h1–h6).
func headlineAnchor(a *Node) bool {
	for n := a.Parent; n != nil; n = n.Parent {
		switch n.Tag {
		case "h1", "h2", "h3", "h4", "h5", "h6":
			return true
		}
	}
	return false
}

// tocAnchor: a link to a story that stands in a line of its own (a
// headline in a list), not inside prose, where a link is a citation. Its
// line may be template: a headline of the ticker repeated in a related
// list is still a story link there.
func tocAnchor(p *Page, a *Node) bool {
	// A link off the site is a reference, not one of the site's stories.
	return !offSite(p, a.Href) && onSiteTOCAnchor(p, a)
}

// onSiteTOCAnchor is tocAnchor for a link already known to stay on the
// site (cleanLinks tells the two kinds apart first).
func onSiteTOCAnchor(p *Page, a *Node) bool {
	text := anchorText(a)
	if headlineAnchor(a) && p.titleHolds(text) {
		return false // the page's title linked to the page itself (a blog's permalink)
	}
	// In a heading, a short title ("Told you so") is still a story's;
	// a lone word there is a section name ("World").
	if !storyAnchor(text) && !(headlineAnchor(a) && len(strings.Fields(text)) >= 2) {
		return false
	}
	s := segmentOf(p, a)
	if s != nil && !headlineAnchor(a) && inSentence(a, s) {
		return false
	}
	return s == nil || 2*s.LinkLen >= s.Len-s.LinkLen || leadsItem(a, s, text)
}

// inSentence: the anchor is part of a sentence that words open right
// before it and a full stop ends, its line s ("We released the <a>Cloud
// TCO Calculator</a>."): a round-up's or a reference list's line cites
// the story it links; a headline stands alone, after a line break or a
// label ("Video: <a>…</a>"), or ends the line ("3 Comments - <a>Leave a
// comment!</a>").
func inSentence(a *Node, s *Segment) bool {
	prev := a.H.PrevSibling
	if prev == nil || prev.Type != html.TextNode {
		return false
	}
	before := prev.Data
	if j := strings.LastIndexAny(before, ".!?:|-–—»›•·>/。！？"); j >= 0 {
		before = before[j:]
	}
	if !strings.ContainsFunc(before, unicode.IsLetter) {
		return false
	}
	// The sentence goes on past the anchor, to its stop at the line's end.
	next := a.H.NextSibling
	if next == nil || next.Type != html.TextNode || strings.TrimSpace(next.Data) == "" {
		return false
	}
	return endsSentence(s.Text)
}

// endsSentence: text ends with a stop, before any closing quotes or
// brackets.
func endsSentence(text string) bool {
	return strings.ContainsAny(lastRune(strings.TrimRight(text, " \"'”’)]")), stops)
}

func lastRune(s string) string {
	_, n := utf8.DecodeLastRuneInString(s)
	return s[len(s)-n:]
}

// leadsItem: the anchor opens a list item's line, a headline with its
// teaser run on after it ("<li><a>Title</a> <span>teaser…</span>"). A
// citation sits inside a sentence; a paragraph is no list item.
func leadsItem(a *Node, s *Segment, text string) bool {
	t := strings.Join(strings.Fields(text), " ")
	if t == "" || !strings.HasPrefix(s.Text, t) {
		return false
	}
	for n, i := a.Parent, 0; n != nil && i < 3; n, i = n.Parent, i+1 {
		switch n.Tag {
		case "li", "dd", "article":
			return true
		case "p", "td":
			return false
		}
	}
	return false
}

// links holds a page's cleaned link measures, per node.
type links struct {
	alen, clean    []float64
	off            []float64 // link characters that lead off the site
	stories, heads []int     // story anchors, and those in headings
	more           []int     // story anchors that say only "read more"
	min            int
}

func newLinks(p *Page, minTOCLinks int) *links {
	l := &links{min: minTOCLinks}
	l.alen, l.clean, l.off, l.stories, l.heads, l.more = cleanLinks(p)
	return l
}

// headlineList: items that each lead with a headline link, however long
// the items (a blog's listing shows whole posts under their titles).
func (l *links) headlineList(n *Node) bool {
	if l.heads[n.Index] < 2 {
		return false
	}
	withText, withHead := 0, 0
	for it := range l.items(n) {
		withText++
		if it.heads >= 1 && it.heads <= 2 {
			withHead++
		}
	}
	return withHead >= 2 && float64(withHead) >= 0.6*float64(withText)
}

// listItem is what an item of a list holds: its clean text, story links
// and headline links.
type listItem struct {
	clean          float64
	stories, heads int
}

// items yields the items of n that hold text: each child, or in a
// definition list a term with the descriptions after it (<dt> a
// headline, <dd> its teaser).
func (l *links) items(n *Node) iter.Seq[listItem] {
	return func(yield func(listItem) bool) {
		var it listItem
		for i, k := range n.Kids {
			if i > 0 && (n.Tag != "dl" || k.Tag != "dd") {
				if it.clean > 0 && !yield(it) {
					return
				}
				it = listItem{}
			}
			it.clean += l.clean[k.Index]
			it.stories += l.stories[k.Index]
			it.heads += l.heads[k.Index]
		}
		if it.clean > 0 {
			yield(it)
		}
	}
}

func (l *links) fA(n *Node) float64 { return l.alen[n.Index] }

// isTOC: a list of headlines. Either it is mostly links to the site's
// pages (a related box, a link list; links off the site are a post's
// references and credits), or its links are spread over its items: most of its
// children with text carry a story link (headlines with teasers, whose
// teasers can outweigh the headlines). A column of prose with a related
// box has its links in one child, not across them.
func (l *links) isTOC(n *Node) bool {
	if l.headlineList(n) {
		return true
	}
	if l.stories[n.Index] < l.min || l.alen[n.Index] < 0.1*l.clean[n.Index] {
		return false
	}
	if l.alen[n.Index]-l.off[n.Index] >= 0.4*l.clean[n.Index] {
		return true
	}
	withText, withStory, teaserText := 0, 0, 0.0
	for it := range l.items(n) {
		withText++
		// An item is a teaser: a headline or two and a few lines, not
		// a row of a page layout that holds a whole story.
		if it.stories > 0 && it.clean <= 500*float64(it.stories) {
			withStory++
			teaserText += it.clean
		}
	}
	return withText >= l.min && float64(withStory) >= 0.6*float64(withText) && teaserText >= 0.7*l.clean[n.Index]
}

// underHeadline: n is in a teaser, an element led by a headline link
// that holds no more than one or two story links.
func underHeadline(n, region *Node, l *links) bool {
	for ; n != nil && n != region; n = n.Parent {
		if l.heads[n.Index] > 0 {
			return l.stories[n.Index] <= 2
		}
	}
	return false
}

// storyAround: the text of n outside its TOC boxes, out characters, is
// mostly running prose, prose characters of it and at least two or three
// sentences, and n's class or id does not name a side box ("sidebar",
// "related"): n holds a story beside its boxes.
func storyAround(p *Page, n *Node, prose int, out float64) bool {
	return prose >= 200 && float64(prose) >= 0.5*out && hintScore(p, n) >= 0
}

// inTOC marks the nodes strictly below region that lie in a TOC box (a
// "related stories" box, a teaser list): not the article's. A box is a
// TOC-like node whose text is mostly its own list, not a wrapper that
// passes the test only because it holds a box beside a story.
func (l *links) inTOC(p *Page, region *Node) map[*Node]bool {
	boxed := make([]float64, len(p.Nodes)) // clean text inside boxes, per subtree
	box := make([]bool, len(p.Nodes))
	// prose: characters of running prose per subtree, outside boxes (a
	// teaser under its headline link is not running prose). A node around
	// boxes that also holds the story's paragraphs is not a box: its
	// boxes go, its prose stays.
	prose, items := make([]int, len(p.Nodes)), map[*Node]int{}
	p.walkSegments(region, func(s *Segment) {
		if isProse(s) && !inStoryItem(s.Owner, region, l, items) && !underHeadline(s.Owner, region, l) {
			prose[s.Owner.Index] += s.Len - s.LinkLen
		}
	})
	last := p.lastDescendant(region)
	for i := last; i > region.Index; i-- {
		n := p.Nodes[i]
		inKids := 0.0
		for _, k := range n.Kids {
			inKids += boxed[k.Index]
			prose[i] += prose[k.Index]
		}
		box[i] = l.isTOC(n) && !l.dataTable(n) && (inKids == 0 || (l.clean[i]-inKids <= 0.5*l.clean[i] && !storyAround(p, n, prose[i], l.clean[i]-inKids))) && !proseList(p, n) && !referenceList(p, n)
		if box[i] {
			boxed[i], prose[i] = l.clean[i], 0
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
// It returns the TOC blocks found.
func addTOC(res *Result, p *minedPage, opts Options, alone bool) []*Node {
	page, l := p.page, p.links
	w := opts.WISDOM.withDefaults()
	blocks := kMIB(page.Root, w.K, w.ST, l.fA, l.isTOC)
	if !w.NoExpand {
		blocks = expand(blocks, l.fA, l.isTOC)
	}
	blocks = append(blocks, headlineLists(page, l, blocks)...)
	if found := tocLinksClean(page, blocks, l); len(found) >= opts.MinTOCLinks {
		res.TOC = []Block{{Paths: pathsOf(blocks), Links: found, Scores: map[string]float64{
			"sii": sii(blocks[0], l.fA), "stories": float64(l.stories[blocks[0].Index])}}}
	}
	article := len(res.Article) > 0
	listing := p.region != nil && isListing(page, p.region, blocks, l.stories[p.region.Index], l.isTOC)
	if alone {
		// A region under the page's headline that holds prose of its own,
		// outside the items of a list of stories, is that headline's
		// story, short as it is, with the post's links beside it.
		listing = p.region != nil && l.isTOC(p.region) && !(underTitle(page, p.region) && runningProse(page, p.region, l) > 0)
	}
	// A declared body is the post, whatever links it lists; alone, the
	// whole-page fallback keeps a list or table page's text
	// (docs/ALGORITHMS.md §7): such pages are article+toc, not listings.
	if p.declared || res.Fallback != "" && alone {
		listing = false
	}
	// Running prose is a story's, unless it sits in the items of a list
	// of story links (teasers, a blog's listing of whole posts).
	if listing && storyProse(page, p.region, l) {
		listing = false
	}
	if article && listing {
		res.Article = nil
		article = false
	}
	res.Kind = kindOf(article, len(res.TOC) > 0)
	if len(res.TOC) == 0 {
		return nil
	}
	return blocks
}

// votedTOC gives a page that found no TOC block of its own the cluster's
// most voted TOC path, when the page has that element: a listing with
// one or two posts is a listing all the same, its list where its
// siblings' is. Headline links are taken when the element has any.
func votedTOC(res *Result, p *minedPage, votes map[string]int, opts Options) {
	if len(res.TOC) > 0 {
		return
	}
	best, bestN := "", 0
	for path, n := range votes {
		if n > bestN || (n == bestN && path < best) {
			best, bestN = path, n
		}
	}
	if bestN < opts.MinTOCLinks { // too few pages agree to trust it
		return
	}
	n := findVotePath(p.page, best, func(n *Node) bool { return p.links.stories[n.Index] > 0 })
	if n == nil {
		return
	}
	heads := p.links.heads[n.Index] > 0
	var found []Link
	seen := map[string]bool{}
	collectLinks(n, func(a *Node) {
		if seen[a.Href] || !tocAnchor(p.page, a) || (heads && !headlineAnchor(a)) {
			return
		}
		seen[a.Href] = true
		found = append(found, Link{URL: a.Href, Text: anchorText(a)})
	})
	if len(found) == 0 {
		return
	}
	res.TOC = []Block{{Paths: []string{NodePath(n)}, Links: found, Scores: map[string]float64{"votes": float64(bestN)}}}
	res.Kind = kindOf(len(res.Article) > 0, true)
}

// headlineLists returns the outermost headline lists of the page that
// no block already holds: k-MIB stops only where the links are spread
// evenly (SII), which whole posts under their titles are not.
func headlineLists(p *Page, l *links, have []*Node) []*Node {
	var out []*Node
	for _, n := range p.Nodes {
		if !l.headlineList(n) {
			continue
		}
		held := false
		for _, b := range append(have, out...) {
			if p.contains(b, n) || p.contains(n, b) {
				held = true
				break
			}
		}
		if !held {
			out = append(out, n)
		}
	}
	return out
}

// tocLinksClean lists the story anchors of the blocks, list by list: a
// list (the anchors under one parent element) counts if one of its
// headlines is not template, so a related list keeps the story that is
// also in the ticker, while the ticker itself, all template, stays out.
func tocLinksClean(p *Page, blocks []*Node, l *links) []Link {
	type anchor struct {
		a    *Node
		text string
		tmpl bool
	}
	var anchors []anchor
	live := map[*Node]bool{} // lists with a non-template headline
	for _, b := range sortByIndex(blocks) {
		// In a list of headlines, the headlines are the TOC; the other
		// links of its items (categories, "read more") are not.
		onlyHeads := len(b.Kids) > 0 && headsOnly(p, b, l)
		collectLinks(b, func(a *Node) {
			if !tocAnchor(p, a) || (onlyHeads && !headlineAnchor(a)) {
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

// headsOnly: b is a list of whole stories, each under a headline link
// (over 600 characters of text per headline).
func headsOnly(p *Page, b *Node, l *links) bool {
	if l.heads[b.Index] < 2 || l.clean[b.Index] <= 600*float64(l.heads[b.Index]) {
		return false
	}
	heads, stories := 0, 0
	collectLinks(b, func(a *Node) {
		if tocAnchor(p, a) {
			stories++
			if headlineAnchor(a) {
				heads++
			}
		}
	})
	return heads >= 2 && 2*heads >= stories
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

// dataTable: n is a table, or its body, of three or more rows, nearly all
// of them either three or more cells with text (results, prices, a
// schedule, jobs with their company and place), links under half the
// table's text, or a label heading and its value (an infobox, whose
// values may all be links). A list of teasers has a headline and maybe a
// date a row, and its headlines are most of its text.
func (l *links) dataTable(n *Node) bool {
	switch n.Tag {
	case "table":
		for _, k := range n.Kids {
			if k.Tag == "tbody" {
				return l.dataTable(k)
			}
		}
	case "tbody":
	default:
		return false
	}
	rows, wide, keyed, spanning := 0, 0, 0, 0
	for _, tr := range n.Kids {
		if tr.Tag != "tr" {
			continue
		}
		rows++
		var cells []*Node
		for _, td := range tr.Kids {
			if (td.Tag == "td" || td.Tag == "th") && l.clean[td.Index] > 0 {
				cells = append(cells, td)
			}
		}
		switch {
		case len(cells) >= 3:
			wide++
		case len(cells) == 2 && cells[0].Tag == "th" && (l.alen[cells[0].Index] == 0 || l.clean[cells[0].Index] <= maxLabelChars):
			keyed++
		case len(cells) == 1:
			spanning++
		}
	}
	if rows < 3 {
		return false
	}
	// An infobox's section headings and pictures span its rows; its
	// labels may link to what they name ("Demonym", "Prime Minister").
	return keyed >= 3 && 2*keyed >= rows && 5*keyed >= 4*(rows-spanning) || 5*wide >= 4*rows && 2*l.alen[n.Index] < l.clean[n.Index]
}

// maxLabelChars is the longest label heading of a key–value row that
// may be a link ("Independence from the United Kingdom"); a teaser's
// headline is longer.
const maxLabelChars = 40

// proseList: a list among the story's paragraphs whose items go on in
// sentences past their links ("<li><a>T-Mobile's CEO steps down</a>.
// Legere will hand over…"): a listicle's body, not a box of other
// stories, whose teasers stand apart from the paragraphs.
func proseList(p *Page, n *Node) bool {
	if (n.Tag != "ol" && n.Tag != "ul") || n.Parent == nil {
		return false
	}
	among := false
	for _, k := range n.Parent.Kids {
		if k != n && k.Tag == "p" && sentenceLine(p, k) {
			among = true
			break
		}
	}
	if !among {
		return false
	}
	items, sentences := countItems(n, func(li *Node) bool { return sentenceLine(p, li) })
	return items >= 2 && 5*sentences >= 4*items
}

// countItems counts list's items and those of them that test holds for.
func countItems(list *Node, test func(li *Node) bool) (items, hits int) {
	for _, li := range list.Kids {
		if li.Tag != "li" {
			continue
		}
		items++
		if test(li) {
			hits++
		}
	}
	return items, hits
}

// sectionList: a list that a heading of the story opens, one of its
// sections ("TV Shows", "Discography") beside others, whose items each say something
// of the titles they link beside them ("Fix You (KBS2, 2020)"): a
// filmography, not a box of headlines: four in five of its links are
// titles of five words or fewer, where headlines run longer.
func sectionList(p *Page, n *Node) bool {
	if (n.Tag != "ul" && n.Tag != "ol") || n.Parent == nil {
		return false
	}
	// prev is the element before the list; headings counts the
	// parent's: a document's sections, where a sidebar's widget holds
	// one title over its list.
	var prev *Node
	headings := 0
	for _, k := range n.Parent.Kids {
		if headingTag(k) {
			headings++
		}
		if k.Index < n.Index {
			prev = k
		}
	}
	if !headingTag(prev) || headings < 2 {
		return false
	}
	if label := anchorText(prev); spokenWords(label) > 6 || trailingLabel(label) {
		return false
	}
	items, saying := countItems(n, func(li *Node) bool { return li.CLenA > 0 && li.Anchors > 0 })
	if items < 2 || saying < items {
		return false
	}
	links, long := 0, 0
	for i, last := n.Index, p.lastDescendant(n); i <= last; i++ {
		if a := p.Nodes[i]; a.Href != "" {
			links++
			if spokenWords(anchorText(a)) > 5 {
				long++
			}
		}
	}
	return 5*long <= links
}

// listMemo remembers, per list, a test's answer: the links and lines of
// one list ask it once.
type listMemo map[*Node]bool

// is answers test for list, once.
func (m *listMemo) is(list *Node, test func(*Node) bool) bool {
	if *m == nil {
		*m = listMemo{}
	}
	is, ok := (*m)[list]
	if !ok {
		is = test(list)
		(*m)[list] = is
	}
	return is
}

// inSectionList: a, a link, is in an item of a sectionList.
func inSectionList(p *Page, a *Node, memo *listMemo) bool {
	li := a.Parent
	for d := 0; li != nil && li.Tag != "li" && d < 3; d++ {
		li = li.Parent
	}
	return li != nil && li.Tag == "li" && li.Parent != nil && memo.is(li.Parent, func(l *Node) bool { return sectionList(p, l) })
}

// inReferenceList: n, below region, is in an item of a referenceList:
// its lines are citations, however much of them their links take.
func inReferenceList(p *Page, n, region *Node, memo *listMemo) bool {
	for ; n != nil && n != region; n = n.Parent {
		if n.Tag == "li" && n.Parent != nil && memo.is(n.Parent, func(l *Node) bool { return referenceList(p, l) }) {
			return true
		}
	}
	return false
}

// itemOfWrittenList: s is the one line of an item of a writtenList (a
// weekly report's "bigiri has <a>a patch to move SharedDataMap.jsm off
// of OSFile</a>" among items written as sentences): an item of that
// content, however much of it a link takes.
func itemOfWrittenList(p *Page, s *Segment, memo *listMemo) bool {
	li := s.Owner
	return li.Tag == "li" && len(li.Segments) == 1 && li.Parent != nil &&
		memo.is(li.Parent, func(l *Node) bool { return writtenList(p, l) })
}

// writtenList: two or more of list's items, and a third of them at least,
// are lines of their own with 40 characters or more outside links: a
// list written in sentences. A list of stories to read next, of
// sections or of sharing services has no such items; a teaser's summary
// sits in an item with its headline, as a line of its own. Unlike
// proseList, its items need not end their sentences, nor the list stand
// among paragraphs: a report may be lists under headings alone.
func writtenList(p *Page, list *Node) bool {
	if list.Tag != "ul" && list.Tag != "ol" {
		return false
	}
	items, prose := countItems(list, func(li *Node) bool {
		if len(li.Segments) != 1 {
			return false
		}
		s := &p.Segments[li.Segments[0]]
		return !s.Template && s.Len-s.LinkLen >= minProseItemChars
	})
	return prose >= 2 && 3*prose >= items
}

// itemOfMixedList: s, a line of links, is the one line of an item (an
// <li>, or a <p> of its own) in a run of minMixedItems or more such
// one-line siblings, short lines all (shortLine), two or more and a
// third of which hold no link: a list the story writes out ("Here are
// the places we'll visit:" — Brazil, Bahrain, India…), some of its
// entries linked. A menu, a list of stories or of sharing services links
// every entry; a breadcrumb or a menu leaves one, the page's own,
// unlinked. memo holds the answer for every sibling once one is asked:
// a menu's hundred entries are one run, read once.
func itemOfMixedList(p *Page, s *Segment, memo *listMemo) bool {
	e := s.Owner
	if e.Tag != "li" && e.Tag != "p" || len(e.Segments) != 1 || e.Parent == nil {
		return false
	}
	if *memo == nil {
		*memo = listMemo{}
	}
	is, ok := (*memo)[e]
	if !ok {
		markMixedRuns(p, e.Parent.Kids, *memo)
		is = (*memo)[e]
	}
	return is
}

// markMixedRuns sets memo for each of kids: whether it is an entry of a
// run of siblings that itemOfMixedList takes for a list written out.
func markMixedRuns(p *Page, kids []*Node, memo listMemo) {
	// entry: k is an item of a run of tag's, and whether its line has a
	// link.
	entry := func(k *Node, tag string) (ok, linked bool) {
		if k.Tag != tag || tag != "li" && tag != "p" || len(k.Segments) != 1 {
			return false, false
		}
		t := &p.Segments[k.Segments[0]]
		return !t.Template && t.Len < shortLine, t.LinkLen > 0
	}
	for lo := 0; lo < len(kids); {
		hi, plain := lo, 0
		for ; hi < len(kids); hi++ {
			ok, linked := entry(kids[hi], kids[lo].Tag)
			if !ok {
				break
			}
			if !linked {
				plain++
			}
		}
		n := hi - lo
		mixed := n >= minMixedItems && plain >= 2 && 3*plain >= n
		hi = max(hi, lo+1) // a sibling that is no entry ends a run alone
		for _, k := range kids[lo:hi] {
			memo[k] = mixed
		}
		lo = hi
	}
}

// minMixedItems is the entries a list written out takes: fewer short
// lines, some linked, are a post's meta lines ("Posted by… | Permalink",
// "Trackbacks") or a row of tabs ("Video | Photo | Gallery").
const minMixedItems = 5

// minProseItemChars is the text outside links that makes a list item a
// sentence of its own.
const minProseItemChars = 40

// referenceList: n is a story's list of references, named so by a
// label in its first line or in the line right before it ("References",
// "Sources", "参考资料"): what the story cites, kept with it however much
// its items look like headlines (an encyclopedia's citations of news
// stories, linked through the site's own redirects). No site labels a
// box of its other stories so.
func referenceList(p *Page, n *Node) bool {
	first, last := p.segmentRange(n)
	if first > last {
		return false
	}
	return referenceLabel(p.Segments[first].Text) || first > 0 && referenceLabel(p.Segments[first-1].Text)
}

// referenceLabel: line names a list of references, an editing link
// after it ("References[edit]") aside.
func referenceLabel(line string) bool {
	if i := strings.IndexByte(line, '['); i > 0 && strings.HasSuffix(line, "]") {
		line = line[:i]
	}
	return len(line) <= 60 && referenceLabels[phrase(line)]
}

// referenceLabels are the headings of reference lists in the languages
// of the larger encyclopedias and news markets.
var referenceLabels = phraseSet(
	"references", "sources", "notes", "footnotes", "citations", "bibliography", "works cited", "notes and references", "references and notes",
	"einzelnachweise", "quellen", "anmerkungen", "literatur", "références", "notes et références", "bibliographie",
	"referencias", "fuentes", "notas", "bibliografía", "referências", "fontes", "note", "fonti", "bibliografia",
	"примечания", "источники", "литература", "примітки", "джерела", "przypisy", "źródła", "bronnen", "referenties",
	"källor", "referenser", "kilder", "lähteet", "viitteet", "kaynakça", "kaynaklar", "referensi", "rujukan", "tham khảo", "chú thích",
	"参考资料", "参考文献", "参考来源", "注释", "脚注", "参考資料", "出典", "注釈", "참고 문헌", "참고문헌", "각주", "출처",
)

// sentenceLine: n holds 40 or more characters of text outside links,
// with a sentence's end.
func sentenceLine(p *Page, n *Node) bool {
	if n.CLenA < 40 {
		return false
	}
	found := false
	p.walkSegments(n, func(s *Segment) {
		found = found || hasStop(s.Text)
	})
	return found
}
