package mine

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
	"infocrawl/mine/onepage"
)

// voteRegions adds the pages' region paths to the cluster's votes and
// replaces a page's region by the most voted one when the page has that
// element and it holds content: one page's odd choice (a long comment
// thread, a big caption) is outvoted by its siblings.
func voteRegions(g []*minedPage, votes map[string]int) {
	paths := make([]string, len(g))
	for i, p := range g {
		if p.region != nil {
			paths[i] = votePath(p.region)
			votes[paths[i]]++
		}
	}
	best, bestN, second, total := "", 0, 0, 0
	for path, n := range votes {
		total += n
		switch {
		case n > bestN || (n == bestN && path < best):
			second = bestN
			best, bestN = path, n
		case n > second:
			second = n
		}
	}
	// A clear plurality: pages of one template often split between an
	// element and its parent (an article and its entry-content), both
	// holding the story.
	if bestN == second || 5*bestN < 2*total {
		return // no clear choice: trust each page
	}
	for i, p := range g {
		if paths[i] == best {
			p.voted = true
			continue
		}
		// Any story text there will do: a short post's region can score
		// below zero against the template furniture around it.
		if n := findVotePath(p.page, best); n != nil && contentChars(p.page, n) > 0 {
			p.region, p.voted = n, true
		}
	}
}

// articleResult is a page's result from its chosen region: the region's
// text without template, navigation, teasers and copies, when there is
// enough of it to be an article.
func articleResult(p *minedPage, opts Options) *Result {
	res := newResult(p, opts)
	res.Template = templateShare(p.page)
	if p.region == nil {
		return res
	}
	if listPage(p, opts) {
		p.region = p.page.Root      // a list or table page: keep all its non-template text
		res.Fallback = "whole-page" // and judge it as a whole, not by the small region
	}
	region := p.region
	text, headline := articleText(p, region, res.Fallback != "", false)
	if p.declared && !hasSentence(text) {
		// A post whose declared content is links but for labels (a link
		// round-up, a list of resources) is those links.
		text, headline = articleText(p, region, res.Fallback != "", true)
	}
	if headline != nil {
		// The headline is the result's Title, not part of its text.
		res.Title = headline.Text
	}
	// A region that holds the story's body but not its headline may
	// leave out the standfirst between the two.
	var dek []*Segment
	if res.Fallback == "" && text != "" && (headline == nil || !p.page.contains(region, headline.Owner)) {
		dek = standfirst(p.page, region, headline, text)
	}
	// In the region where the cluster's articles are, in one that holds
	// most of the page's own text, or in one the page's description
	// repeats, a short story is still a story; elsewhere short text is a
	// page's odds and ends.
	if n := textChars(text); n == 0 || (n < opts.MinArticleChars && !p.voted && !p.declared && !shortStory(p.page, region, text) && !described(p.page, text)) {
		return res
	}
	res.Kind = KindArticle
	md := p.page.markdownOf(region, text, res.Title, MarkdownOptions{})
	paths, htm := []string{NodePath(region)}, outerHTML(region)
	if len(dek) > 0 {
		text, md, paths, htm = withStandfirst(dek, text, md, paths, htm)
	}
	res.Article = []Block{{Paths: paths, Text: text, Markdown: md, HTML: htm, Scores: map[string]float64{
		"sii":    sii(region, func(n *Node) float64 { return float64(n.CLenA) }),
		"region": p.scores[region.Index], "template_share": res.Template}}}
	return res
}

// shortStory: text, short as it is, is the page's story: a line of it is
// a sentence (labels such as "Search results" or "Related articles" are
// not), and region, an element within the page, holds at least half of
// the page's text outside the template and links, or half of the text
// around it under the page's headline, so that the page is about what it
// says. A page whose best region is the whole document
// ("No articles were published on this day.") has found no story.
func shortStory(p *Page, region *Node, text string) bool {
	if pageWide(region) {
		return false
	}
	return (hasSentence(text) || dataRecord(p, region)) && (2*contentChars(p, region) >= contentChars(p, p.Root) || underTitle(p, region))
}

// dataRecord: region's text is, for half of it or more, a record of
// names and values — three or more <dt> names that are no links, each
// with its <dd>, or three or more rows of a table that name their value
// in a header cell (valueCell): a register's entry, a product's
// specifications. It says no sentence and is the page's content all the
// same.
func dataRecord(p *Page, region *Node) bool {
	names, rows, chars := 0, map[*Node]bool{}, 0
	p.walkSegments(region, func(s *Segment) {
		if s.Template {
			return
		}
		switch {
		case s.Owner.Tag == "dt" && s.LinkLen == 0:
			names++
		case s.Owner.Tag == "dd" && 2*s.LinkLen < s.Len:
		case valueCell(s):
			rows[s.Owner.Parent] = true
		default:
			return
		}
		chars += s.Len - s.LinkLen
	})
	return (names >= 3 || len(rows) >= 3) && 2*chars >= contentChars(p, region)
}

// hasSentence: a line of text is a sentence.
func hasSentence(text string) bool {
	for line := range strings.Lines(text) {
		if sentence(line) {
			return true
		}
	}
	return false
}

// stops end sentences, in Latin and CJK scripts.
const stops = ".!?。！？"

// hasStop: s holds one of stops. strings.ContainsAny would decode s rune
// by rune against a set that is not all ASCII; a byte search per stop
// runs vectorised, and most lines have a full stop early.
func hasStop(s string) bool {
	return strings.IndexByte(s, '.') >= 0 || strings.IndexByte(s, '?') >= 0 || strings.IndexByte(s, '!') >= 0 ||
		strings.Contains(s, "。") || strings.Contains(s, "！") || strings.Contains(s, "？")
}

// sentence: a line of 40 characters or more with a stop, not a label
// ("Search results") or a byline.
func sentence(line string) bool {
	return textChars(line) >= 40 && hasStop(line)
}

// underTitle: region's nearest ancestor that holds the page's headline
// (pageHeadline, an h1–h3 the <title> repeats; or, in an ancestor with
// an h1 and no such headline, that h1 when the <title> holds it) holds
// it there, and region holds half of that ancestor's text outside the
// template and links: a post under its headline, with a byline and a
// share bar beside it.
func underTitle(p *Page, region *Node) bool {
	title := strings.ToLower(strings.Join(strings.Fields(p.Title), " "))
	headline := pageHeadline(p)
	for a := region.Parent; a != nil && !pageWide(a); a = a.Parent {
		if headline != nil && p.contains(a, headline) {
			return 2*contentChars(p, region) >= contentChars(p, a)
		}
		var h1 *Node
		for i, last := a.Index+1, p.lastDescendant(a); i <= last && h1 == nil; i++ {
			if p.Nodes[i].Tag == "h1" {
				h1 = p.Nodes[i]
			}
		}
		if h1 == nil {
			continue
		}
		head := strings.ToLower(strings.Join(strings.Fields(p.textOf(h1)), " "))
		return head != "" && strings.Contains(title, head) && 2*contentChars(p, region) >= contentChars(p, a)
	}
	return false
}

// templateShare is the share of a page's text (in characters) that is
// template.
func templateShare(page *Page) float64 {
	total, template := 0, 0
	for _, s := range page.Segments {
		total += s.Len
		if s.Template {
			template += s.Len
		}
	}
	if total == 0 {
		return 0
	}
	return float64(template) / float64(total)
}

// minRun is how many prose lines in a row, with no link line between
// them, make a story's paragraphs rather than teasers.
const minRun = 3

// proseRuns marks the prose lines inside TOC boxes below region that
// stand in runs of minRun or more, unbroken by a line that is mostly link
// (a headline), with the lines between them that are neither (a full
// post's list items and subheadings on a blog's home page), the run that follows the page's own headline (the
// heading its <title> repeats, no link) before any such line, and the
// paragraphs that run on from the story's own prose outside the boxes
// (linkedProse ones too: a reference work's lede whose last paragraph
// shares a box with the links after it): a teaser stands under another
// story's headline link, the story's lede under its own headline, however
// short the story.
func proseRuns(p *Page, region *Node, toc map[*Node]bool) map[*Segment]bool {
	out := map[*Segment]bool{}
	head := pageHeadline(p)
	lede := head != nil && p.lastDescendant(head) < region.Index // above the region
	// run holds the box lines since the last break, from the first prose
	// line on; n counts its prose lines and last ends at the last one.
	var run []*Segment
	n, last := 0, 0
	flush := func() {
		if n >= minRun || lede && n > 0 {
			for _, s := range run[:last] {
				out[s] = true
			}
		}
		run, n, last, lede = run[:0], 0, 0, false
	}
	// cont: the line before is the story's own prose, outside the boxes
	// or running on from it into one.
	cont := false
	p.walkSegments(region, func(s *Segment) {
		inBox, prose := toc[s.Owner], isProse(s)
		if inBox && cont && (prose || linkedProse(s)) {
			out[s] = true
		} else {
			cont = !inBox && (prose || linkedProse(s))
		}
		switch {
		case head != nil && p.contains(head, s.Owner):
			flush()
			lede = true
		case !inBox:
		case prose:
			run = append(run, s)
			n, last = n+1, len(run)
		case s.Template || 2*s.LinkLen >= s.Len:
			flush()
		case n > 0:
			// A line between paragraphs of a run, neither prose nor a
			// link (a list item, a subheading), is the story's too.
			run = append(run, s)
		}
	})
	flush()
	return out
}

// linkedProse: a paragraph of two sentences or more, one flowing line,
// that links many of its words, a reference work's way (Wikipedia's
// paragraphs link a third of theirs), but fewer than half: no headline
// with its teaser, nor a list of linked lines.
func linkedProse(s *Segment) bool {
	return !s.Template && prose(s) && s.Lines == "" && sentenceEnds(s.Text) >= 2 && !excerpt(s.Text)
}

// hintedBoxes marks the nodes inside region's elements whose class or id
// names navigation, sharing, promotion, related stories… and that hold
// no running prose: the boxes a story's column carries that cross-page
// statistics cannot call template, since their text changes from page to
// page (the related stories, the author's other posts). A box named for
// promotion goes even with prose in it when the story has its own running
// prose outside such boxes. One-page mining reads these hints over the
// whole page (markByHints); here they apply inside the region only.
func hintedBoxes(p *Page, region *Node) map[*Node]bool {
	out := map[*Node]bool{}
	var prose []int
	var promos []*Node
	promoEnd := -1
	last := p.lastDescendant(region)
	for i := region.Index + 1; i <= last; i++ {
		n := p.Nodes[i]
		if n.Parent != nil && out[n.Parent] {
			out[n] = true
			continue
		}
		// HTML's own furniture: a section's footer (tags, the related
		// product, share links), a box aside from it, its navigation.
		tagged := n.H.DataAtom == atom.Footer || n.H.DataAtom == atom.Aside || n.H.DataAtom == atom.Nav
		if !tagged && hintScore(p, n) >= 0 {
			continue
		}
		if prose == nil {
			prose = proseByNode(p, nil)
		}
		if prose[n.Index] == 0 {
			out[n] = true
		} else if i > promoEnd && (tagged || hasWord(n, promoNames)) {
			promos = append(promos, n)
			promoEnd = p.lastDescendant(n) // a box inside it is part of it
		}
	}
	// A promotion box with prose of its own (a slideshow of another
	// story's slides, "Also on …") goes too when the story has running
	// prose outside such boxes: the story is not in them.
	if len(promos) > 0 {
		outside := prose[region.Index]
		for _, n := range promos {
			outside -= prose[n.Index]
		}
		if outside >= boxedStoryChars {
			for _, n := range promos {
				for i := n.Index; i <= p.lastDescendant(n); i++ {
					out[p.Nodes[i]] = true
				}
			}
		}
	}
	return out
}

// labelledBoxes marks the nodes inside region's boxes that a label of a
// box of other stories opens ("Mehr zum Thema", "Most popular", "Read
// next" over their teasers): an element whose first line is such a label
// and that holds more lines after it, the label's nearest such ancestor,
// when none of them is prose but teasers cut short with an ellipsis and
// the copy of the box's cards (teaserCopy). A
// box that says something of its own under such a label ("Find the
// details in the help centre and more on the maker's pages:") is the
// story's last word, and the story itself does not start with a label.
// A label that stands alone (a trailingLabel) with the site's headlines
// after it (labelledLinks) goes with them between the story's paragraphs, and
// after its last one ends the story: tail holds the region's lines from
// that label on.
func labelledBoxes(p *Page, region *Node) (boxes map[*Node]bool, tail map[*Segment]bool) {
	last := p.lastDescendant(region)
	in := func(s *Segment) bool { return s.Owner.Index >= region.Index && s.Owner.Index <= last }
	var labels []int
	for i := range p.Segments {
		if s := &p.Segments[i]; in(s) && !s.Template && trailingLabel(s.Text) {
			labels = append(labels, i)
		}
	}
	if len(labels) == 0 {
		return nil, nil
	}
	// first and final: the first and the last segment in each node's
	// subtree, for the nodes of the region.
	first, final := map[*Node]int{}, map[*Node]int{}
	for i := range p.Segments {
		s := &p.Segments[i]
		if !in(s) {
			continue
		}
		for a := s.Owner; a != nil; a = a.Parent {
			if f, ok := first[a]; !ok || i < f {
				first[a] = i
			}
			final[a] = max(final[a], i)
			if a == region {
				break
			}
		}
	}
	// alone is the outermost element below region whose only line is i.
	alone := func(i int) *Node {
		n := p.Segments[i].Owner
		for n != region && first[n] == i && final[n] == i && n.Parent != region && first[n.Parent] == i && final[n.Parent] == i {
			n = n.Parent
		}
		if n == region || first[n] != i || final[n] != i {
			return nil
		}
		return n
	}
	out := map[*Node]bool{}
	mark := func(n *Node) {
		for i := n.Index; i <= p.lastDescendant(n); i++ {
			out[p.Nodes[i]] = true
		}
	}
	for _, l := range labels {
		box := p.Segments[l].Owner
		for box != region && final[box] == l && box.Parent != nil && first[box.Parent] == l {
			box = box.Parent
		}
		if box == region {
			continue
		}
		if final[box] == l { // the label stands alone: what it opens follows it
			run, end := labelledLinks(p, l, in)
			if end {
				if tail == nil {
					tail = map[*Segment]bool{}
				}
				for i := l; i < len(p.Segments) && in(&p.Segments[i]); i++ {
					tail[&p.Segments[i]] = true
				}
				continue
			}
			if run > 0 {
				nodes := make([]*Node, 0, run+1)
				for i := l; i <= l+run; i++ {
					if n := alone(i); n != nil {
						nodes = append(nodes, n)
					}
				}
				if len(nodes) == run+1 {
					for _, n := range nodes {
						mark(n)
					}
				}
			}
			continue
		}
		if !promoLabel(p.Segments[l].Text) || first[box] != l || out[box] || htmlnode.Find(box.H, atom.H1) != nil {
			continue
		}
		says, cards := false, len(linkedPages(p, box, 2)) == 2
		for i := l + 1; i <= final[box] && !says; i++ {
			s := &p.Segments[i]
			// Prose inside an <article> of the box is another post shown
			// whole (a theme's "You may like" box), not the box's word.
			says = isProse(s) && !cutShort(s.Text) && !(cards && teaserCopy(p, box, s)) && articleAround(s.Owner, box) == nil
		}
		if !says {
			mark(box)
		}
	}
	return out, tail
}

// labelledLinks: after the label at segment l ("Read also:", "Lue
// myös:") come lines that are each a headline linked to another page of
// the site: a story's links to others. It returns how many such lines
// follow when prose comes next (links inserted between the story's
// paragraphs), and with end set when no prose follows them in the
// region (the links close the story, and what comes after them, an
// author's line or a comment prompt, is past its end); 0 when the label
// opens anything else. Links off the site under a label are the story's
// sources, and stay.
func labelledLinks(p *Page, l int, in func(*Segment) bool) (run int, end bool) {
	i := l + 1
	for ; i < len(p.Segments) && in(&p.Segments[i]); i++ {
		s := &p.Segments[i]
		if a := s.Inner; a == nil || a.Tag != "a" || spokenWords(s.Text) < 3 || offSite(p, a.Href) || len(linkedPages(p, a, 1)) == 0 {
			break
		}
		run++
	}
	if run == 0 {
		return 0, false
	}
	if i < len(p.Segments) && in(&p.Segments[i]) && isProse(&p.Segments[i]) {
		return run, false
	}
	for ; i < len(p.Segments) && in(&p.Segments[i]); i++ {
		if isProse(&p.Segments[i]) {
			return 0, false
		}
	}
	return run, true
}

// teaserCopy: the prose line s of a labelled box that links two or more
// pages is a teaser's copy, the sentence or two a card shows beside its
// headline and its link to the story: no link inside the line itself,
// and the nearest element around it that holds a link is one of the
// box's cards, linking one other page. A paragraph of the box's own that
// cites pages links them inside its sentences.
func teaserCopy(p *Page, box *Node, s *Segment) bool {
	if s.LinkLen > 0 || s.Len > teaserCopyChars {
		return false
	}
	for card := s.Owner; card != box && card != nil; card = card.Parent {
		if card.Anchors == 0 {
			continue
		}
		return len(linkedPages(p, card, 2)) == 1
	}
	return false
}

// teaserCards returns the lines of the teaser cards in region: the
// largest element around a heading (h2–h6) that is a link to another
// page of the site, holding no other heading, linking at most cardPages
// pages and a few lines of copy (a kicker, a date, a sentence or two, a
// "more" link). That is how sites show another story; a section of the
// story under its heading does not link its heading away, and a
// listicle's item that does links another site or runs longer than a
// teaser. A card's headline may also be a plain line that is all one
// link, as old layouts and sidebars build cards without headings: then
// a thumbnail (an image in another link) links the same page. A link
// with an icon inside it is no thumbnail. A list of cards that are all
// picture and headline (thumbList) goes whole.
func teaserCards(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	end := p.lastDescendant(region)
	for i := region.Index + 1; i <= end; i++ {
		h := p.Nodes[i]
		if thumbList(p, h) {
			if out == nil {
				out = map[*Segment]bool{}
			}
			p.walkSegments(h, func(s *Segment) { out[s] = true })
			i = p.lastDescendant(h)
			continue
		}
		heading := tagRank(h.Tag) >= 2
		if !heading && !h.Block || h.ALenA == 0 || h.CLenA > 0 {
			continue
		}
		pages := linkedPages(p, h, 2)
		if len(pages) != 1 || offSite(p, pages[0]) {
			continue
		}
		card, copy := h, 0
		for a := h.Parent; a != nil && a != region; a = a.Parent {
			chars, ok := cardShape(p, a)
			if !ok {
				break
			}
			card, copy = a, chars
		}
		if copy == 0 || !heading && !thumbnail(p, card, h, pages[0]) {
			continue
		}
		if out == nil {
			out = map[*Segment]bool{}
		}
		p.walkSegments(card, func(s *Segment) { out[s] = true })
		i = p.lastDescendant(card)
	}
	return out
}

// thumbnail: card shows a picture linked to href, as a teaser's
// thumbnail links the story its headline does.
func thumbnail(p *Page, card, headline *Node, href string) bool {
	for i, last := card.Index, p.lastDescendant(card); i <= last; i++ {
		if i == headline.Index {
			i = p.lastDescendant(headline)
			continue
		}
		// The DOM keeps no node for images: the parsed tree has them.
		if a := p.Nodes[i]; a.Href == href && htmlnode.Find(a.H, atom.Img) != nil {
			return true
		}
	}
	return false
}

// storyLink: a line that is all one link to another page of the site,
// on a line of its own in the story: another story's headline inserted
// between the paragraphs, long ("[Most read] At least 21 injured in
// explosion downtown »") or after the label of a box of other stories
// (boxLabel: "READ MORE: Turkey raises death toll from Syrian
// airstrike", "À LIRE AUSSI Guerre Israël-Hamas : …", "Lesen Sie auch:
// …"). A shorter line with no label is a link line already; a paragraph
// that links its words to a source leads off the site, or says something
// around its link, and a sentence of the story linked whole ("This
// week's episode is a party game called Say Anything.", "Read more about
// ad blocking here.") ends as a sentence does, where a headline does
// not. Which site a link leads to is known only when the page's address
// is.
func storyLink(p *Page, s *Segment) bool {
	if p.URL == nil || s.LinkLen == 0 || endsSentence(s.Text) {
		return false
	}
	if s.Len < 80 || !linkedFrom(s, 0) {
		// Not long and linked whole: linked whole past a label, then.
		if 2*s.LinkLen < nonSpace(s) {
			return false
		}
		end := boxLabelEnd(s.Text)
		if end == 0 || spokenWords(s.Text[end:]) < 3 || !linkedFrom(s, end) {
			return false
		}
	}
	var href string
	for h := range p.lineLinks(s) {
		if href != "" && h != href {
			return false
		}
		href = h
	}
	return href != "" && href != p.selfHref() && !offSite(p, href)
}

// boxLabelEnd is the end, in bytes, of text's first words when they are
// a box's label ("Read more:", "Lire aussi"), up to five words; 0 when
// they are none, or all of text.
func boxLabelEnd(text string) int {
	end := 0
	for range 5 {
		i := end
		for i < len(text) && text[i] == ' ' {
			i++
		}
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			return 0
		}
		end = i + j
		if boxLabel(text[:end]) {
			return end
		}
	}
	return 0
}

// postNavigation: a line that links to the posts on either side, which
// blogging platforms print under a post, and nothing else: its links all
// lead to other pages of the site and it starts or ends with an arrow
// ("« An older post | Main | A newer post »", "‹ The previous post's
// headline"), or its words are a pager's ("Newer Post Older Post Home",
// "Next page"), or a pager's label leads the one link that names the post
// ("Previous post: The previous post's headline"). Naming the posts
// makes it longer than a link line (linkLine).
func postNavigation(p *Page, s *Segment) bool {
	if s.LinkLen == 0 {
		return false
	}
	linked := linkedFrom(s, 0)
	switch {
	case linked && (arrowEnds(s.Text) || pagerText(s.Text)):
	case !linked:
		end := pagerLabelEnd(s.Text)
		if end == 0 || !linkedFrom(s, end) {
			return false
		}
	default:
		return false
	}
	self, found := p.selfHref(), false
	for h := range p.lineLinks(s) {
		if h == self || offSite(p, h) {
			return false
		}
		found = true
	}
	return found
}

// pagerText: text is only the words of a pager's links, one of them a
// direction ("Older Post", "Newer Post Older Post Home", "Next page »").
func pagerText(text string) bool {
	way := false
	for w := range strings.FieldsFuncSeq(strings.ToLower(text), nonLetter) {
		switch {
		case pagerWays[w]:
			way = true
		case !pagerNouns[w]:
			return false
		}
	}
	return way
}

// pagerLabelEnd is the end, in bytes, of the pager's label that opens
// text ("Previous post:", "Next article:"): a direction, a noun or none,
// and a colon; 0 when text opens with none.
func pagerLabelEnd(text string) int {
	colon := strings.IndexAny(text, ":：")
	if colon <= 0 || colon > 30 || !pagerText(text[:colon]) {
		return 0
	}
	return colon + 1
}

var (
	// pagerWays are the directions of a pager's links, in English and
	// the larger news languages of Latin script.
	pagerWays = wordSet("previous next older newer prev anterior siguiente próximo proximo précédent precedent suivant " +
		"vorheriger vorherige nächster nächste precedente successivo")
	// pagerNouns are what a pager's links lead to, and its way home.
	pagerNouns = wordSet("post posts entry entries article articles story stories page home " +
		"artículo articulo entrada artigo beitrag artikel articolo")
)

// arrowEnds: text starts with an arrow that points back or ends with one
// that points on.
func arrowEnds(text string) bool {
	text = strings.TrimSpace(text)
	for _, a := range backArrows {
		if strings.HasPrefix(text, a) {
			return true
		}
	}
	for _, a := range onArrows {
		if strings.HasSuffix(text, a) {
			return true
		}
	}
	return false
}

var (
	backArrows = []string{"«", "‹", "←", "<<"}
	onArrows   = []string{"»", "›", "→", ">>"}
)

// selfHref is the page's own address as a link's Href reads it, "" when
// the address is unknown.
func (p *Page) selfHref() string {
	if !p.selfDone {
		p.selfDone = true
		if p.URL != nil {
			p.self = resolveHref(nil, p.URL.String())
		}
	}
	return p.self
}

// formBoxes returns the lines of the boxes in region built around a form
// the reader fills in (a price quote, a newsletter, a contact form): the
// form, when its own text is a few labels, and the largest element
// around it, short of region, whose text is little more than the form's
// (its heading, its steps, its privacy note). A story's text never sits
// in such a box. A form with much text of its own holds more than
// fields: a shop's product, or a whole page (ASP.NET wraps every page in
// one form).
func formBoxes(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	for i, last := region.Index+1, p.lastDescendant(region); i <= last; i++ {
		f := p.Nodes[i]
		if f.Tag != "form" {
			continue
		}
		if n, email := fillInFields(f.H); n < minFormFields && !email {
			continue
		}
		own := contentChars(p, f)
		if own > formPitchChars {
			continue // a form around a product's description, or a whole page
		}
		box := f
		for a := f.Parent; a != nil && a != region && contentChars(p, a) <= own+formPitchChars; a = a.Parent {
			box = a
		}
		if out == nil {
			out = map[*Segment]bool{}
		}
		p.walkSegments(box, func(s *Segment) { out[s] = true })
		i = p.lastDescendant(box)
	}
	return out
}

// minFormFields is how many fields make a form one the reader fills in
// rather than a search box or a single button. A form that asks for an
// e-mail address is one with a single field (a newsletter's sign-up): a
// search box never does.
const minFormFields = 2

// formPitchChars bounds a fill-in form's own text, and the text its box
// holds beside the form.
const formPitchChars = 800

// fillInFields counts the fields under h that take the reader's words
// and choices: text, e-mail, telephone, password and address inputs, text
// areas and drop-down lists. email says one of them is an e-mail input.
func fillInFields(h *html.Node) (n int, email bool) {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Input:
			switch t := strings.ToLower(htmlnode.Attr(c, "type")); t {
			case "", "text", "email", "tel", "password", "url":
				n++
				email = email || t == "email"
			}
		case atom.Textarea, atom.Select:
			n++
		default:
			k, e := fillInFields(c)
			n, email = n+k, email || e
		}
	}
	return n, email
}

// socialEmbeds returns the lines of the social networks' posts embedded
// in region (socialEmbed) when the rest of its text outweighs them: a
// story that quotes a tweet or two tells its news in its own words. A
// story made of the posts it collects ("17 favourite responses") keeps
// them.
func socialEmbeds(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	chars := 0
	for i, last := region.Index, p.lastDescendant(region); i <= last; i++ {
		n := p.Nodes[i]
		if !socialEmbed(n) {
			continue
		}
		if out == nil {
			out = map[*Segment]bool{}
		}
		p.walkSegments(n, func(s *Segment) {
			out[s] = true
			chars += s.Len
		})
		i = p.lastDescendant(n)
	}
	if out == nil || 2*chars > contentChars(p, region) {
		return nil
	}
	return out
}

// socialEmbed: n is a post of a social network embedded in the page, as
// the network's script expects its markup (<blockquote
// class="twitter-tweet"> and Instagram's, TikTok's, Reddit's and
// Bluesky's alike): another author's words, which the script lays out as
// a card.
func socialEmbed(n *Node) bool {
	if n.Tag != "blockquote" {
		return false
	}
	_, class := n.names()
	for w := range strings.FieldsSeq(class) {
		switch w {
		case "twitter-tweet", "twitter-video", "instagram-media", "tiktok-embed", "reddit-card", "reddit-embed-bq", "bluesky-embed", "text-post-media":
			return true
		}
	}
	return false
}

// cardPages is the most pages a card links: its story, the story's
// section (a kicker) and its author.
const cardPages = 3

// cardShape reads n's subtree in one pass: ok when it holds one heading,
// links at most cardPages other pages and has at most teaserCopyChars
// characters outside links and the template (chars, as contentChars
// counts them) — the shape of a card.
func cardShape(p *Page, n *Node) (chars int, ok bool) {
	self := p.selfHref()
	var pages []string
	heads := 0
	for i, last := n.Index, p.lastDescendant(n); i <= last; i++ {
		d := p.Nodes[i]
		if tagRank(d.Tag) > 0 {
			if heads++; heads > 1 {
				return 0, false
			}
		}
		if href := d.Href; href != "" && href != self && !strings.HasPrefix(href, "mailto:") && !slices.Contains(pages, href) {
			if pages = append(pages, href); len(pages) > cardPages {
				return 0, false
			}
		}
		for _, si := range d.Segments {
			if s := &p.Segments[si]; !s.Template {
				chars += s.Len - s.LinkLen
			}
		}
		if chars > teaserCopyChars {
			return 0, false
		}
	}
	return chars, true
}

// teaserCopyChars bounds a teaser's copy: a card's sentence or two.
const teaserCopyChars = 400

// linkedPages returns the distinct other pages the links in n's subtree
// lead to, up to limit of them. A node's Href is resolved already, its
// fragment and javascript: links dropped.
func linkedPages(p *Page, n *Node, limit int) []string {
	self := p.selfHref()
	var out []string
	for i := n.Index; i <= p.lastDescendant(n) && len(out) < limit; i++ {
		href := p.Nodes[i].Href
		if href == "" || href == self || strings.HasPrefix(href, "mailto:") || slices.Contains(out, href) {
			continue
		}
		out = append(out, href)
	}
	return out
}

// cutShort: a line ends in an ellipsis, as a teaser's excerpt does.
func cutShort(line string) bool {
	line = strings.TrimRight(line, " ")
	return strings.HasSuffix(line, "…") || strings.HasSuffix(line, "...") || excerpt(line)
}

// boxedStoryChars is the running prose a story holds outside a box named
// as furniture for the box to be no part of the story though it holds
// prose too (a promotion's slides, a gallery's captions): about a short
// story's length, more than a lede and a caption.
const boxedStoryChars = 1000

// promoNames are promoWords and their plurals, as class and id words.
var promoNames = func() map[string]bool {
	m := wordSet(promoWords)
	for w := range wordSet(promoWords) {
		m[w+"s"] = true
	}
	return m
}()

// listPage: the page's region holds less than FallbackShare of its
// non-template text and not its prose, and neither the page's markup nor
// its headline places the story: a list or table page, whose whole text
// is its content.
func listPage(p *minedPage, opts Options) bool {
	page, region := p.page, p.region
	regionText, pageText := contentChars(page, region), contentChars(page, page.Root)
	return float64(regionText) < opts.FallbackShare*float64(pageText) && !holdsProse(page, region, p.links) && !p.declared && !p.placed
}

// articleText is the story's text in region: its segments without
// template, link lines, TOC and meta boxes, repeated paragraphs, and the
// headline, which it returns apart. fallback tells that region is the
// whole page of a list page; links keeps link lines and TOC boxes.
func articleText(p *minedPage, region *Node, fallback, links bool) (text string, headline *Segment) {
	page := p.page
	// seen holds the element of each paragraph kept so far, by its exact
	// text: two paragraphs that differ only in their numbers ("item
	// 11111", "item 22222"; a match report's scores) are two paragraphs,
	// not a copy.
	seen := map[string]*Node{}
	said := sayings(page, region)
	var headHash uint64
	// TOC boxes inside the region are other stories' teasers; but a page
	// mined alone that falls back to its whole text keeps its lists (its
	// only evidence says the lists are the page).
	toc, meta := map[*Node]bool{}, inMetaBox(page, region, !fallback)
	if (!fallback || !p.alone) && !links {
		toc = p.links.inTOC(page, region)
	}
	var clutter, labelled map[*Node]bool
	var tail map[*Segment]bool // past the story's end
	if !p.alone && !fallback {
		clutter = hintedBoxes(page, region)
	}
	if !fallback && !links {
		labelled, tail = labelledBoxes(page, region)
	}
	var filed, cards map[*Segment]bool
	if !links {
		filed = filedLines(page, region)
	}
	embeds := socialEmbeds(page, region)
	var sections map[*Segment]bool
	if !p.alone {
		sections = siteSections(page, region)
	}
	var forms map[*Segment]bool
	var jumps map[*Node]bool
	if !links && !fallback {
		cards, forms, jumps = teaserCards(page, region), formBoxes(page, region), jumpBoxes(page, region)
	}
	// A box does not take the story's running prose with it (a story in a
	// link-heavy container): its paragraphs that follow one another with
	// no headline between them stay; a teaser stands alone under its
	// headline.
	var running map[*Segment]bool
	if len(toc) > 0 {
		running = proseRuns(page, region, toc)
	}
	boxed := func(s *Segment) bool {
		return toc[s.Owner] && !running[s]
	}
	// started: a line of eight words or more (spokenWords: two characters
	// of Chinese or Japanese count as one) has been kept; a byline or
	// dateline stands above the story, and a line of dates after its first
	// words is content (a schedule, a list of tour dates). The first such
	// line, when it ends as a sentence does and no byline or dateline came
	// before it (bylined), may be the standfirst with the byline under it:
	// the story has started at the second.
	started, deck, bylined := false, false, false
	var lists listMemos
	keep := func(s *Segment) bool {
		// A paragraph twice is a copy (a mobile and a desktop version of
		// the story, a pull quote); a short line again is content, a
		// recipe's "1 tsp. olive oil" or a table's name, or at worst an
		// "Advertisement" marker.
		var first *Node
		if s.Len >= minCopyLen {
			first = seen[s.Text]
		}
		// The boxes' answers, already made, before the tests that read the
		// line's text: every test is pure, so the order changes only the cost.
		if s.Template && !sections[s] || boxed(s) || meta[s.Owner] || meta[s.Inner] || clutter[s.Owner] || labelled[s.Owner] || jumps[s.Owner] || filed[s] || cards[s] || embeds[s] || forms[s] || tail[s] ||
			headline != nil && s.Hash == headHash || copied(first, s, said[s]) || furnitureLine(s.Text) {
			return false
		}
		if !links && !started && dateline(s) {
			bylined = true
			return false
		}
		if !links && (navigationLine(page, s, region, &lists) || breadcrumb(s) || cjkCreditLine(s.Text) || reprintNotice(s.Text) || rightsNotice(s.Text) || storyLink(page, s)) {
			return false
		}
		// A pager is no part of any page's text, not even of a page of
		// links.
		if postNavigation(page, s) {
			return false
		}
		if first == nil && s.Len >= minCopyLen {
			seen[s.Text] = s.Owner
		}
		if !started && spokenWords(s.Text) >= 8 {
			started = deck || bylined || !endsSentence(s.Text)
			deck = true
		}
		return true
	}
	if headline = heading(page, region); headline != nil {
		headHash = headline.Hash
	}
	var segs []*Segment
	var kept []bool
	page.walkSegments(region, func(s *Segment) {
		segs = append(segs, s)
		kept = append(kept, keep(s))
	})
	orphanHeadings(segs, kept)
	dropEchoes(segs, kept)
	if !links {
		dropClosingDatelines(segs, kept)
	}
	parts := make([]string, 0, len(segs))
	for i, s := range segs {
		if kept[i] {
			parts = append(parts, s.Display())
		}
	}
	return trimLabels(strings.Join(parts, "\n\n")), headline
}

// jumpBoxes are region's tables of contents: a list of two or more
// links to places in the page itself ("#section-2") with nothing beside
// them but their numbers, and the box around it that adds no more than a
// title ("Inhaltsverzeichnis", "Contents") and a toggle. The headings it
// points at are in the story; the table is the page's furniture.
func jumpBoxes(p *Page, region *Node) map[*Node]bool {
	var out map[*Node]bool
	last := p.lastDescendant(region)
	for i := region.Index + 1; i <= last; i++ {
		l := p.Nodes[i]
		if l.Tag != "ul" && l.Tag != "ol" || l.Anchors < 2 || l.CLenA > 4*l.Anchors || !inPageLinks(p, l, true) {
			continue
		}
		box := l
		for a := l.Parent; a != nil && a != region && a.CLenA-l.CLenA <= maxJumpTitle && inPageLinks(p, a, false); a = a.Parent {
			box = a
		}
		if out == nil {
			out = map[*Node]bool{}
		}
		end := p.lastDescendant(box)
		for j := box.Index; j <= end; j++ {
			out[p.Nodes[j]] = true
		}
		i = end
	}
	return out
}

// maxJumpTitle bounds the text a table of contents' box holds outside
// its links: a title and a "hide" toggle.
const maxJumpTitle = 40

// inPageLinks: every link below n leads to a place in its own page;
// named places only when named is set, a bare "#" (a script's toggle)
// too otherwise.
func inPageLinks(p *Page, n *Node, named bool) bool {
	for j, end := n.Index+1, p.lastDescendant(n); j <= end; j++ {
		a := p.Nodes[j]
		if a.Tag != "a" || htmlnode.Attr(a.H, "href") == "" {
			continue
		}
		if _, ok := inPage(a.H); !ok || named && !fragmentHref(a.H) {
			return false
		}
	}
	return true
}

// siteSections are the template segments in region that head a section
// of the story: a site whose stories share their section headings ("What's
// the Big Idea?", "The Verdict") repeats them on every page, so template
// detection marks them, but each stands as a heading (h1–h6, or a block
// all in bold) between paragraphs of the page's own prose, right before
// one, in the same container. A repeated label over a box ("Related
// stories") heads links or template text instead; a line above the
// story's first paragraph is its headline, kicker or byline, which the
// text leaves out, unless a heading of the same form in the same
// container heads a later section: then it heads the first ("What's the
// Latest Development?" over the first paragraph, "What's the Big Idea?"
// over a later one).
func siteSections(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	var first []*Segment // headings before the first paragraph
	var h *Segment       // the line before s
	// hProse: h is prose; begun: a line of prose came before h.
	hProse, begun := false, false
	p.walkSegments(region, func(s *Segment) {
		prose := isProse(s)
		if prose && h != nil && h.Template && h.Owner.Parent == s.Owner.Parent && h.Owner != region &&
			(headingRank(h) > 0 || boldBlock(h)) && spokenWords(h.Text) <= maxLabelWords && !furnitureLine(h.Text) {
			if !begun {
				first = append(first, h)
			} else {
				if out == nil {
					out = map[*Segment]bool{}
				}
				out[h] = true
			}
		}
		begun = begun || hProse
		h, hProse = s, prose
	})
	for _, f := range first {
		for o := range out {
			if o.Owner.Parent == f.Owner.Parent && o.Owner.Tag == f.Owner.Tag && boldBlock(o) == boldBlock(f) {
				out[f] = true
				break
			}
		}
	}
	return out
}

// boldBlock: s's whole text is in one <strong> or <b>, the way many
// editors write a heading inside a paragraph.
func boldBlock(s *Segment) bool {
	return s.Inner != nil && s.Inner != s.Owner && (s.Inner.Tag == "strong" || s.Inner.Tag == "b")
}

// dropClosingDatelines drops the bylines and datelines that close the
// story, after its last line of words ("Published on June 25, 2009",
// "Stand: 19.10.2019 11:05 Uhr", "Von Claudia Lindner"): a dateline
// under the story is one as much as over it. A line of dates that
// something follows stays, a schedule's.
func dropClosingDatelines(segs []*Segment, kept []bool) {
	for i := len(segs) - 1; i >= 0; i-- {
		if !kept[i] {
			continue
		}
		if !dateline(segs[i]) {
			return
		}
		kept[i] = false
	}
}

// dateline: s is a byline or a dateline (byDateLine), not a named
// field's date (fieldValue).
func dateline(s *Segment) bool {
	return byDateLine(s.Text) && !fieldValue(s)
}

// dropEchoes drops a kept line of three words or more that says again
// the kept line right before it: no writer says a line twice in a row,
// where a page repeats one in each slide of a gallery or each panel of a
// carousel, one shown at a time ("Election 2012: The best photos" over
// each of eighty photos), or in its mobile and desktop markup. A shorter
// line again is a list's (a score, "N/A", "Yes"), and a table's cells
// each give the value of their own row and column, however alike; a
// longer line again is settled by copied.
func dropEchoes(segs []*Segment, kept []bool) {
	prev := -1
	for i, s := range segs {
		if !kept[i] {
			continue
		}
		if prev >= 0 && s.Len < minCopyLen && s.Text == segs[prev].Text && spokenWords(s.Text) >= 3 && !twoCells(segs[prev].Owner, s.Owner) {
			kept[i] = false
			continue
		}
		prev = i
	}
}

// twoCells: a and b are in two cells of a table.
func twoCells(a, b *Node) bool {
	ca, cb := cellOf(a), cellOf(b)
	return ca != nil && cb != nil && ca != cb
}

// cellOf is the table cell n is in (n itself, if one), nil if none.
func cellOf(n *Node) *Node {
	for ; n != nil && n.Tag != "table"; n = n.Parent {
		if n.Tag == "td" || n.Tag == "th" {
			return n
		}
	}
	return nil
}

// orphanHeadings unmarks in kept (a flag for each of segs) the headings
// whose section lost all its lines: a heading titles what follows it up
// to the next heading of its rank or above, and over a box that was
// dropped (an author's profile, a list of tags, related stories, a
// poll) it is that box's label. An h1 is the story's own, and a heading of more than
// maxLabelWords words a standfirst, whatever follows it. A heading with
// nothing under it (over a picture) stays, as nothing says what it
// titled. Later sections are settled first, so that a heading over
// subsections that all lost their lines goes too.
func orphanHeadings(segs []*Segment, kept []bool) {
	for i := len(segs) - 1; i >= 0; i-- {
		rank := headingRank(segs[i])
		if rank < 2 || !kept[i] || spokenWords(segs[i].Text) > maxLabelWords {
			continue
		}
		lines, live := 0, false
		for j := i + 1; j < len(segs); j++ {
			if r := headingRank(segs[j]); r > 0 && r <= rank {
				break
			}
			lines++
			if kept[j] {
				live = true
				break
			}
		}
		if lines > 0 && !live {
			kept[i] = false
		}
	}
}

// maxLabelWords bounds the words of a heading that labels a box ("Jason
// recommends you check out these amazing posts:").
const maxLabelWords = 12

// headingRank is 1 to 6 for a segment that is a heading's text (h1–h6),
// 0 for any other.
func headingRank(s *Segment) int { return tagRank(s.Owner.Tag) }

// tagRank is 1 to 6 for the tags h1–h6, 0 for any other.
func tagRank(t string) int {
	if len(t) == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6' {
		return int(t[1] - '0')
	}
	return 0
}

// filedLines returns the lines of region that say where the story is
// filed: a line holding a link marked as the site's tag or category
// (rel="tag", microformats' rel-tag, which WordPress writes as "category
// tag" on its "Posted in …" lines) that is no running prose and has few
// words outside its links: a category's line a few ("This entry was
// posted in News. Bookmark the permalink."), a tag's hardly any ("Tags:
// a, b"), since plugins also link a story's own words to tag pages
// marked rel="tag", and a paragraph of the story stays whatever its links.
func filedLines(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	for i := region.Index; i <= p.lastDescendant(region); i++ {
		a := p.Nodes[i]
		if a.Href == "" || a.Tag != "a" {
			continue
		}
		rel := htmlnode.Attr(a.H, "rel")
		limit := 0
		switch {
		case hasToken(rel, "category"):
			limit = maxFiledChars
		case hasToken(rel, "tag"):
			limit = maxTagListChars
		default:
			continue
		}
		if s := segmentOf(p, a); s != nil && nonSpace(s)-s.LinkLen <= limit && !runningLine(s) {
			if out == nil {
				out = map[*Segment]bool{}
			}
			out[s] = true
		}
	}
	return out
}

// nonSpace is the characters of s other than spaces, as LinkLen counts
// its links'.
func nonSpace(s *Segment) int { return s.Len - strings.Count(s.Text, " ") }

// nonSpaceChars is nonSpace for a part of a line's text.
func nonSpaceChars(text string) int { return textChars(text) - strings.Count(text, " ") }

// linkedFrom: s's text from byte i on is in its links but for a tenth
// (a line linked whole, or a headline past its label: "Read more: …",
// "Previous post: …"). LinkLen counts no spaces, nor does the measure.
func linkedFrom(s *Segment, i int) bool {
	n := nonSpace(s)
	if i > 0 {
		n = nonSpaceChars(s.Text[i:])
	}
	return 10*s.LinkLen >= 9*n
}

// maxFiledChars bounds the characters other than spaces a filing line
// has outside its links: a theme's few words around the category and
// the permalink.
const maxFiledChars = 120

// maxTagListChars bounds what a list of tags has outside its links, but
// for spaces: a label and the commas.
const maxTagListChars = 20

// trimLabels leaves out the labels of what a page shows after its story:
// the lines that end text as labels ("Related posts:", "You may also
// like:", "Share this:"), and everything from the first line after the
// story's last paragraph of prose that labels a box of other stories
// ("More money and business news:", "Most Popular", "Top Stories") on.
// A story does not end on a label, and what a label introduces (a box of
// teasers, share buttons, a video) is not the story. The first line
// always stays.
func trimLabels(text string) string {
	for {
		i := strings.LastIndex(text, "\n\n")
		if i < 0 || !trailingLabel(text[i+2:]) {
			break
		}
		text = text[:i]
	}
	// cut: where the first label after the last paragraph of prose starts.
	// A post with no prose (a round-up of links) has no end to find.
	cut, off, prose := -1, 0, false
	for p := range strings.SplitSeq(text, "\n\n") {
		switch {
		case len(p) >= 80 && textChars(p) >= 80 && hasStop(p):
			cut, prose = -1, true
		case cut < 0 && prose && promoLabel(p):
			cut = off
		}
		off += len(p) + 2
	}
	if cut > 0 {
		return text[:cut-2]
	}
	return text
}

// labelWords name, beside the promotion class words, a box of other
// stories in its label.
var labelWords = wordSet("popular stories headlines more mehr")

// promoLabel: line is a label that names a box of other stories.
func promoLabel(line string) bool {
	line = strings.TrimSpace(line)
	return labelShape(line) && namesBox(line) || boxLabel(line)
}

// trailingLabel: line is a label that ends with a colon or names a box
// of other stories.
func trailingLabel(line string) bool {
	line = strings.TrimSpace(line)
	return labelShape(line) && (endsWithColon(line) || namesBox(line)) || boxLabel(line)
}

// boxLabel: line is one of the phrases sites put over a box of other
// stories ("You may also like", "Leia também", "Lire aussi"), in the
// languages of the larger news markets, whose words namesBox does not
// read.
func boxLabel(line string) bool {
	return len(line) <= 60 && boxLabels[phrase(line)]
}

var boxLabels = phraseSet(
	"you may also like", "you might also like", "we recommend", "read next", "read more", "see also", "also read",
	"explore further", "keep reading", "up next", "don't miss", "editor's picks", "what to read next", "more to explore",
	"you may be interested in",
	"você pode gostar", "você também pode gostar", "veja também", "leia também", "leia mais", "notícias relacionadas",
	"te puede interesar", "también te puede interesar", "noticias relacionadas", "lee también", "lea también", "ver también",
	"lire aussi", "à lire aussi", "a lire aussi", "sur le même sujet", "à lire également",
	"das könnte sie auch interessieren", "das könnte dich auch interessieren", "mehr zum thema", "auch interessant", "lesen sie auch",
	"zum weiterlesen", "siehe auch", "weiterführende informationen", "weitere informationen", "verwandte themen", "verwandte artikel",
	"ähnliche beiträge", "ähnliche artikel", "articles similaires", "voir aussi", "dans la même rubrique", "à voir aussi",
	"artículos relacionados", "te recomendamos", "más noticias", "ti potrebbe interessare", "potrebbe interessarti anche",
	"altri articoli", "czytaj także", "czytaj też", "zobacz także", "zobacz też", "gerelateerde artikelen",
	"leggi anche", "potrebbe interessarti", "articoli correlati", "lees ook", "läs också", "les også",
	"читайте также", "похожие статьи", "новости по теме", "материалы по теме", "по теме", "другие новости", "смотрите также",
	"читайте також", "новини за темою", "інші новини", "相关文章", "相关阅读", "相关新闻", "相关报道", "推荐阅读", "延伸阅读", "热门推荐", "猜你喜欢",
	"関連記事", "関連ニュース", "おすすめ記事", "관련기사", "관련 기사", "많이 본 뉴스",
)

// phrase is a short line as the lists of labels hold it: lower case,
// without the punctuation, brackets and ellipsis around it.
func phrase(line string) string {
	return strings.ToLower(strings.Trim(line, " -–—·|:.!?…»›()[]　：。！？（）【】"))
}

// phraseSet is a set of phrases, for phrase's look-ups.
func phraseSet(phrases ...string) map[string]bool {
	m := make(map[string]bool, len(phrases))
	for _, p := range phrases {
		m[p] = true
	}
	return m
}

// namesBox: a word of line names a box of other stories.
func namesBox(line string) bool {
	for w := range strings.FieldsFuncSeq(strings.ToLower(line), notLetter) {
		if promoNames[w] || labelWords[w] {
			return true
		}
	}
	return false
}

// labelShape: a trimmed line is shaped as a label, six words or fewer
// with no sentence in it and no trailing ellipsis ("More when we have
// it…" goes on).
func labelShape(line string) bool {
	return textChars(line) <= 50 && spokenWords(line) <= 6 && !strings.HasSuffix(line, "…") &&
		!hasStop(strings.TrimRight(line, colons))
}

// holdsProse: the region holds at least half of the page's prose (long
// lines with sentences, not links): a short story on a busy page is still
// the page's story, not a list page to keep whole. With l, a teaser's
// lines under its headline link (underHeadline) in a TOC box (inTOC)
// outside the region are no prose: a feed of cards below the story does not
// outweigh it.
func holdsProse(p *Page, region *Node, l *links) bool {
	var boxed map[*Node]bool
	if l != nil {
		boxed = l.inTOC(p, p.Root)
	}
	prose := proseWhere(p, func(s *Segment) bool {
		return !boxed[s.Owner] || p.contains(region, s.Owner) || !underHeadline(s.Owner, p.Root, l)
	})
	return prose[region.Index] > 0 && 2*prose[region.Index] >= prose[p.Root.Index]
}

// isProse: a line of sentences, not a link or a label, nor an excerpt
// cut short with "[...]" (WordPress's teasers of other posts).
func isProse(s *Segment) bool {
	return !s.Template && runningLine(s)
}

// runningLine is isProse whether the line is template or not.
func runningLine(s *Segment) bool {
	return s.Len-s.LinkLen >= 80 && 4*s.LinkLen < s.Len && hasStop(s.Text) && !excerpt(s.Text)
}

// excerpt: a line that ends in "[...]" or "[…]".
func excerpt(line string) bool {
	line = strings.TrimRight(line, " ")
	return strings.HasSuffix(line, "[...]") || strings.HasSuffix(line, "[…]")
}

// furnitureLine: a line that is the page's furniture whatever element
// holds it: an ad's label, a control's, a photo's credit, a player's
// clock, the site asking to be followed.
func furnitureLine(text string) bool {
	return adLabel(text) || controlLabel(text) || photoCredit(text) || playerClock(text) || selfPromotion(text) || scriptError(text) || scriptNotice(text) || consentNotice(text) || readingTime(text)
}

// readingTime: a line that only says how long the story takes to read
// ("5 min read", "Lesezeit: 2 Minuten", "Estimated reading time: 6
// minutes", a "Lesezeit:" label whose value stands apart): the site's
// furniture above the story. A line that says more ("Reading time for
// children fell by a third") is the story's.
func readingTime(text string) bool {
	if len(text) > 60 || !readingStems.in(text) {
		return false
	}
	lower := strings.ToLower(text)
	for _, ph := range readingPhrases {
		i := strings.Index(lower, ph)
		if i < 0 {
			continue
		}
		for w := range strings.FieldsFuncSeq(lower[:i]+" "+lower[i+len(ph):], func(r rune) bool { return !unicode.IsLetter(r) && !isDigit(r) }) {
			if strings.Trim(w, "0123456789") != "" && !readingUnits[w] {
				return false
			}
		}
		return true
	}
	return false
}

var (
	// readingPhrases name the reading time, in English and the larger
	// news languages of Latin script.
	readingPhrases = []string{"reading time", "read time", "min read", "mins read", "minute read", "minutes read", "lesezeit", "lesedauer",
		"temps de lecture", "tiempo de lectura", "tempo di lettura", "tempo de leitura", "leestijd", "czas czytania", "lesetid", "lästid"}
	// readingStems are ASCII parts of readingPhrases, looked for before
	// any lower-casing.
	readingStems = newFoldSet("read", "lese", "lect", "lett", "leit", "leest", "czyt", "tid")
	// readingUnits are the other words of a reading time's line: its
	// units and the words around its number.
	readingUnits = wordSet("min mins minute minutes minuten minuto minutos minuti minuut minut minuty m estimated approx approximately " +
		"ca circa about under less than von etwa environ de unos aprox ungefähr read")
)

// consentNotice: a short line (under 400 bytes, 50 words at most) that
// stands in for an embedded post, video or map until the reader consents
// to loading it ("Please accept YouTube cookies to play this video. By
// accepting you will be accessing content from YouTube, a service
// provided by an external third party.", "Wir respektieren deine
// Privatsphäre und stellen deshalb ohne dein Einverständnis keine
// Verbindung zu Twitter her."): it speaks of consent or privacy, to the
// reader, and of external content, or of a named service and what to do
// to see it. A story's line about privacy settings names no such action,
// or does not speak to the reader.
func consentNotice(text string) bool {
	// Every kept line is asked: most have none of the consent words,
	// which one pass over the line finds without allocating.
	if len(text) >= 400 || !consentStems.in(text) || len(strings.Fields(text)) > 50 {
		return false
	}
	lower := strings.ToLower(text)
	reader := false
	for w := range strings.FieldsFuncSeq(lower, nonLetter) {
		if readerWords[w] {
			reader = true
			break
		}
	}
	return reader && (containsAny(lower, externalContent) || containsAny(lower, embedServices) && containsAny(lower, consentActions))
}

var (
	// consentStems are the words of consent and privacy, in English and
	// the larger news languages of Latin script, as ASCII stems.
	consentStems = newFoldSet("consen", "cookie", "privacy", "privatsph", "einwillig", "einverst", "zustimm", "datenschutz", "privacidad")
	// readerWords address the reader, or speak as the reader in a
	// consent box's label ("Ich bin damit einverstanden").
	readerWords = wordSet("you your i me my du dein deine deinen deiner sie ihre ihren ihrer ich mir vous votre je usted tu ti io")
	// externalContent names content from another site.
	externalContent = []string{"external content", "external third party", "third-party content", "third party content", "externe inhalte",
		"externer inhalt", "externen inhalt", "drittanbieter", "drittplattform", "contenu externe", "contenido externo", "contenuto esterno"}
	// embedServices are the services whose posts stories embed.
	embedServices = []string{"twitter", "youtube", "instagram", "facebook", "tiktok", "vimeo", "spotify", "podcast", "google maps", "datawrapper",
		"social media", "social-media"}
	// consentActions are what the reader is asked to do.
	consentActions = []string{"accept", "allow", "enable", "manage", "load", "click", "activate", "akzeptier", "zulass", "aktivier", "freischalt",
		"laden", "verwalt", "klick", "accepter", "autoriser", "activer", "aceptar", "permitir", "activar", "accett", "consenti"}
)

// scriptNotice: a short line (under 200 bytes, 25 words at most) that
// asks for JavaScript to be turned on ("This slideshow requires
// JavaScript.", "Aktivieren Sie JavaScript um das Video zu sehen."): the
// stand-in a widget shows until its script replaces it. A line about
// JavaScript ("You need JavaScript and a text editor") is no such
// request.
func scriptNotice(text string) bool {
	// Every kept line is asked: most fail the first two tests, which
	// allocate nothing. Segment text has its white space collapsed.
	if len(text) >= 200 || !containsFold(text, "javascript") || len(strings.Fields(text)) > 25 {
		return false
	}
	lower := strings.ToLower(text)
	for _, p := range scriptRequests {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// scriptRequests are the ways pages ask for scripts, in the larger news
// languages.
var scriptRequests = []string{"enable javascript", "javascript enabled", "javascript is disabled", "javascript is required",
	"requires javascript", "require javascript", "turn on javascript", "activate javascript",
	"javascript aktivieren", "aktivieren sie javascript", "javascript aktiviert", "javascript ist deaktiviert",
	"activer javascript", "activez javascript", "javascript activé", "activa javascript", "habilita javascript",
	"habilitar javascript", "attiva javascript", "abilita javascript", "włącz javascript", "ative o javascript"}

// adLabel: a line that only marks an advertisement's slot or says the
// story goes on past one ("Advertisement", "Story continues below
// advertisement", "Continue reading the main story"): no part of the story.
// Sites label the slot in their own language ("Anzeige", "Publicité").
func adLabel(text string) bool {
	return len(text) <= 60 && adLabels[phrase(text)]
}

// controlLabel: a line that is only the label of one of the page's
// controls or widgets ("Share", "Print", "Text size:", "Gallery",
// "Loading…", "Was this article helpful?", "Listen to this article",
// "Copy link", a skip link's "Skip to main content"), in English or
// another of the larger news languages: what a reader clicks, not what
// they read.
func controlLabel(text string) bool {
	return len(text) <= 48 && controlLabels[phrase(text)]
}

var controlLabels = phraseSet("share", "share this", "share this article", "print", "email", "e-mail", "text size", "font size", "font",
	"gallery", "photo gallery", "video", "photos", "hide", "show more", "more topics", "hide topics", "loading",
	"was this article helpful", "was this helpful", "rate this article", "be the first to like this",
	"like it? share it", "print recipe", "jump to recipe",
	// article tools
	"printer-friendly", "printer-friendly version", "printer-friendly format", "printer friendly version", "printer friendly format",
	"print this article", "print this page", "print this story", "print article",
	"email this article", "e-mail this article", "email this story", "e-mail this story", "email to a friend", "e-mail to a friend", "send to a friend",
	"teilen", "jetzt teilen", "artikel teilen", "diesen artikel teilen", "beitrag teilen", "drucken", "artikel drucken", "seite drucken", "rezept drucken",
	"war der artikel nützlich", "war dieser artikel hilfreich", "möchten sie den artikel teilen",
	"partager", "partager cet article", "imprimer", "compartir", "compartir esta noticia", "imprimir", "valora esta noticia",
	"condividi", "condividi questo articolo", "stampa", "drukuj", "udostępnij", "delen",
	// a story's audio, link, bookmark, comment and error-report buttons
	"listen to this article", "listen to article", "listen to this story", "artikel anhören", "artikel vorlesen lassen",
	"écouter cet article", "écouter l'article", "escuchar este artículo", "ascolta l'articolo", "ascolta questo articolo",
	"copy link", "link copied", "link kopieren", "copier le lien", "copiar enlace", "copia link",
	"gift this article", "save article", "save this article", "save for later", "add to bookmarks", "artikel merken",
	"show comments", "view comments", "kommentare anzeigen", "report an error", "fehler melden", "signaler une erreur",
	// skip links, for keyboards and screen readers
	"skip to main content", "skip to content", "skip to navigation", "skip to search", "jump to navigation", "jump to search",
	"zum inhalt springen", "zum hauptinhalt springen", "zur navigation springen", "zur suche springen", "direkt zum inhalt",
	"aller au contenu", "aller au contenu principal", "passer au contenu", "ir al contenido", "saltar al contenido",
	"ir para o conteúdo", "vai al contenuto", "passa al contenuto principale", "naar de inhoud", "przejdź do treści")

// photoCredit: a line that only credits a photo to its photographer and
// agency ("Stanley Chou/Getty Images", "Mandel Ngan / AFP/Getty Images",
// "AP Photo/Evan Vucci", "ASSOCIATED PRESS"): a caption's credit, which
// the text leaves out with the caption.
func photoCredit(text string) bool {
	if len(text) > 80 || strings.ContainsAny(text, ".!?:") && !strings.HasSuffix(text, ".") {
		return false
	}
	t := phrase(text)
	if photoAgencies[t] {
		return true
	}
	parts := strings.Split(t, "/")
	if len(parts) < 2 {
		return false
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	// "AP Photo/Evan Vucci": the agency, then its photographer.
	if photoAgencies[parts[0]] && len(parts) == 2 && len(strings.Fields(parts[1])) <= 4 {
		return true
	}
	// "Stanley Chou/Getty Images", "Mandel Ngan / AFP/Getty Images".
	for _, part := range parts[1:] {
		if !photoAgencies[part] {
			return false
		}
	}
	return true
}

// photoAgencies are the picture agencies and wire services whose name
// follows a photographer's in a credit.
var photoAgencies = phraseSet("getty images", "getty", "ap", "ap photo", "afp", "reuters", "epa", "associated press",
	"the associated press", "istock", "istockphoto", "shutterstock", "alamy", "corbis", "bloomberg", "pa", "pa wire",
	"rex", "rex features", "xinhua", "anadolu", "dpa", "zuma press", "sipa", "ansa", "efe", "kyodo", "yonhap")

// scriptError: a line that is an error the site's PHP printed into the
// page ("Warning: Creating default object from empty value in
// /www/wp-includes/classes.php on line 407", "Notice: Undefined index:
// id in … on line 12"), which a broken theme leaves above a story.
func scriptError(text string) bool {
	kind, rest, ok := strings.Cut(text, ": ")
	switch kind {
	case "Warning", "Notice", "Deprecated", "Fatal error", "Parse error", "Strict Standards":
	default:
		return false
	}
	in := strings.LastIndex(rest, " in ")
	if !ok || in < 0 {
		return false
	}
	file, line, ok := strings.Cut(rest[in+len(" in "):], " on line ")
	return ok && strings.HasSuffix(file, ".php") && line != "" && strings.Trim(line, "0123456789") == ""
}

// playerClock: a line that is a media player's clock, the time played
// and the length ("0:00 / 5:32", "1:02:10 / 1:30:00"): a control's
// display, no sentence of the story.
func playerClock(text string) bool {
	if len(text) > 24 {
		return false
	}
	played, length, ok := strings.Cut(text, "/")
	return ok && timecode(strings.TrimSpace(played)) && timecode(strings.TrimSpace(length))
}

// timecode: s is a clock reading of minutes and seconds, hours first
// when it has them ("5:32", "01:02:10").
func timecode(s string) bool {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	for i, part := range parts {
		if part == "" || len(part) > 2 || i > 0 && len(part) != 2 || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

var adLabels = phraseSet(
	"advertisement", "advertisements", "advertising", "advert", "adverts", "ad", "skip advertisement", "skip ad",
	"advertisement - scroll to continue", "scroll to continue with content",
	"story continues below advertisement", "story continues below",
	"article continues below advertisement", "article continues below", "article continues after advertisement",
	"continue reading below", "continue reading the main story", "continue reading",
	// The slot's label in the languages of the larger news markets.
	"anzeige", "werbung", "publicité", "publicidad", "publicidade", "pubblicità",
	"advertentie", "annons", "annonse", "annonce", "mainos", "reklama", "reklam",
	"реклама", "διαφήμιση", "إعلان", "広告", "广告", "廣告", "광고",
)

// selfPromotion: a line that asks the reader to subscribe, sign up or
// follow the site ("Subscribe to our newsletter", "Sign up for our
// daily email", "Join our forums", "Follow us on Twitter", "Follow
// @nytimesworld for international breaking news"): the site
// speaking of itself, not the story. A story's own "Sign up for a
// library card" names no newsletter, email or "our".
func selfPromotion(text string) bool {
	if len(text) > 220 {
		return false
	}
	if strings.EqualFold(text, "subscribe") {
		return true
	}
	for _, p := range []string{"subscribe ", "subscribe:", "subscribe!", "join our ", "follow us ", "follow @", "like us on ", "get our "} {
		if prefixFold(text, p) {
			return true
		}
	}
	for _, p := range []string{"sign up", "get the latest", "never miss", "don't miss"} {
		if prefixFold(text, p) {
			l := strings.ToLower(text)
			return slices.ContainsFunc([]string{" our ", "newsletter", "inbox", "email", "e-mail", " free "}, func(w string) bool {
				return strings.Contains(l, w)
			})
		}
	}
	return false
}

// prefixFold: s starts with prefix, an ASCII lower-case string, in any case.
func prefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// copied: s repeats the paragraph of element first (nil: none) in
// another kind of element (a pull quote beside the paragraph it quotes)
// or in another place (a mobile copy of the story). The same paragraph
// again in the same flow and element kind is the page's own text, said
// twice; so is a lone repeat (see sayings) in the same kind of element
// under the same kind of parent: a story's question put to each guest,
// in a section of its own; and so is a document pasted whole after the
// story quoted it piece by piece.
func copied(first *Node, s *Segment, said saying) bool {
	switch {
	case first == nil:
		return false
	case said == pastedWhole:
		return false
	case first.Tag != s.Owner.Tag:
		return true
	case first.Parent == s.Owner.Parent:
		return false
	}
	return said != loneRepeat || first.Parent == nil || s.Owner.Parent == nil || first.Parent.Tag != s.Owner.Parent.Tag
}

// saying tells how a paragraph that repeats an earlier one is said again.
// copied asks only about repeats, so the zero value also stands for a
// paragraph said once.
type saying uint8

const (
	copyRun     saying = iota // in a run of repeats whose originals ran together: a copy of the story
	loneRepeat                // neither paragraph next to it repeats one
	pastedWhole               // in a run of repeats whose originals mostly stood apart
)

// sayings tells, for the paragraphs of region that repeat an earlier
// one, how they are said again. A copy of a story (its mobile and desktop
// versions) repeats its paragraphs in runs, next to each other as they
// stood the first time. A run of three or more repeats whose originals
// mostly had other paragraphs between them is a document the story
// quoted item by item, with remarks between, and then gives whole.
func sayings(p *Page, region *Node) map[*Segment]saying {
	var long []*Segment
	p.walkSegments(region, func(s *Segment) {
		if s.Len >= minCopyLen && !s.Template {
			long = append(long, s)
		}
	})
	at := make(map[string]int, len(long))
	first := make([]int, len(long)) // where the paragraph was said first; -1: here
	for i, s := range long {
		if j, ok := at[s.Text]; ok {
			first[i] = j
			continue
		}
		first[i] = -1
		at[s.Text] = i
	}
	var out map[*Segment]saying
	mark := func(s *Segment, k saying) {
		if out == nil {
			out = map[*Segment]saying{}
		}
		out[s] = k
	}
	for i := 0; i < len(long); {
		if first[i] < 0 {
			i++
			continue
		}
		j := i + 1
		together := 0 // neighbours in the run whose originals were neighbours too
		for ; j < len(long) && first[j] >= 0; j++ {
			if first[j] == first[j-1]+1 {
				together++
			}
		}
		switch {
		case j == i+1:
			mark(long[i], loneRepeat)
		case j-i >= 3 && 2*together < j-i-1:
			for _, s := range long[i:j] {
				mark(s, pastedWhole)
			}
		}
		i = j
	}
	return out
}

// minCopyLen is the shortest line whose repeat in a story is a copy.
const minCopyLen = 80

func contentChars(p *Page, n *Node) int {
	c := 0
	p.walkSegments(n, func(s *Segment) {
		if !s.Template {
			c += s.Len - s.LinkLen
		}
	})
	return c
}

// navigationLine: s is a linkLine that none of the shapes of content
// made of links claims: a sentence citing a story, a line of links off
// the site, a table's value cell, a reference list's citation, an item
// of a list written in sentences, an entry of a list written out with
// some of its entries linked.
func navigationLine(p *Page, s *Segment, region *Node, lists *listMemos) bool {
	return linkLine(s) && !citingLine(p, s) && !referenceLine(p, s) && !valueCell(s) &&
		!inReferenceList(p, s.Owner, region, &lists.references) && !itemOfWrittenList(p, s, &lists.written) && !itemOfMixedList(p, s, &lists.mixed)
}

// listMemos are the list tests navigationLine asks, each list once.
type listMemos struct{ references, written, mixed listMemo }

// linkLine: a short line that is mostly link text is navigation ("Next
// story", "Share on X"), not prose.
func linkLine(s *Segment) bool {
	return s.LinkLen > 0 && s.Len < shortLine && float64(s.LinkLen) >= 0.5*float64(s.Len)
}

// shortLine is the length under which a line is a label, a name or a
// link's title rather than a paragraph: a link line's, a written-out
// list's entries'.
const shortLine = 80

// breadcrumb: a line of three or more short names with links among them,
// separated by arrows ("Home > Science > Explorers > Article"): the
// page's place in the site, not its story.
func breadcrumb(s *Segment) bool {
	if s.LinkLen == 0 || s.Len > 160 {
		return false
	}
	parts := strings.FieldsFunc(s.Text, func(r rune) bool { return r == '>' || r == '›' || r == '»' })
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		if n := utf8.RuneCountInString(strings.TrimSpace(p)); n == 0 || n > 40 {
			return false
		}
	}
	return true
}

// citingLine: a short line of links that is a sentence around one of
// them ("We released the <a>AWS SDK for PHP</a>."): a round-up's item,
// not navigation.
func citingLine(p *Page, s *Segment) bool {
	if !endsSentence(s.Text) {
		return false // no sentence: no need to look at its links
	}
	for i, last := s.Owner.Index+1, p.lastDescendant(s.Owner); i <= last; i++ {
		if a := p.Nodes[i]; a.Href != "" && inSentence(a, s) {
			return true
		}
	}
	return false
}

// valueCell: a line in a cell of a table row that has a header cell is
// that row's name or value ("Founder: Netscape", an infobox, a data
// table), whatever its links, unless the cell is itself a list of links
// or the table is four-fifths link text: a navigation box labels its
// rows too ("Projects: Bugzilla · Jetpack · Persona …").
func valueCell(s *Segment) bool {
	cell := cellOf(s.Owner)
	if cell == nil {
		return false
	}
	var row *Node
	n := cell.Parent
	for ; n != nil && n.Tag != "table"; n = n.Parent {
		if row == nil && n.Tag == "tr" {
			row = n
		}
	}
	if row == nil || n == nil || cell.Anchors > maxValueLinks || 5*n.ALenA >= 4*(n.CLenA+n.ALenA) {
		return false
	}
	for _, k := range row.Kids {
		if k.Tag == "th" {
			return true
		}
	}
	return false
}

// fieldValue: a line that is the value of a named field, in a table row
// with a header cell (valueCell) or in a description list's <dd> right
// after its <dt> ("Effective Date: Saturday, July 25, 2020", an
// infobox's "Born"): a record's data, not the story's dateline, however
// much it reads like one.
func fieldValue(s *Segment) bool {
	if valueCell(s) {
		return true
	}
	// The value's line may sit in a <p> or <span> inside the <dd>.
	for n, i := s.Owner, 0; n != nil && i <= maxValueDepth; n, i = n.Parent, i+1 {
		if n.Tag == "dd" {
			prev := previousKid(n)
			return prev != nil && prev.Tag == "dt"
		}
	}
	return false
}

// maxValueDepth bounds how far above a line its <dd> is looked for.
const maxValueDepth = 2

// previousKid is the element before n among its parent's kids, nil if none.
func previousKid(n *Node) *Node {
	if n.Parent == nil {
		return nil
	}
	if i := slices.Index(n.Parent.Kids, n); i > 0 {
		return n.Parent.Kids[i-1]
	}
	return nil
}

// maxValueLinks is the most links a table's value cell holds.
const maxValueLinks = 3

// referenceLine: a line whose links all lead off the site (a list of
// products, sources, resources in a post), content where a line of the
// site's own links is navigation. Links to social networks and sharing
// services ("Follow us", "Like us on Facebook") are furniture wherever
// they lead, and so are links that share, mail or license the page
// itself (actsOnPage).
func referenceLine(p *Page, s *Segment) bool {
	n := 0
	for h := range p.lineLinks(s) {
		if !offSite(p, h) || socialLink(h) || actsOnPage(p, h) {
			return false
		}
		n++
	}
	return n > 0
}

// outerHTML renders n's subtree. A strings.Builder, which html.Render
// writes to directly, leaves no copy to make at the end.
func outerHTML(n *Node) string {
	var b strings.Builder
	html.Render(&b, n.H)
	return b.String()
}

// singleMethod runs a one-page method of the seeds on p.
func singleMethod(p *minedPage, opts Options) *Result {
	res := newResult(p, opts)
	var text string
	if opts.Method == MethodTTR {
		text = onepage.TTR(p.in.Body, onepage.TTROptions{})
	} else {
		text = onepage.EEM(p.in.Body, onepage.EEMOptions{})
	}
	if textChars(text) >= opts.MinArticleChars {
		res.Kind = KindArticle
		res.Article = []Block{{Text: text}}
	}
	return res
}

// thumbList: l is a list whose items, three or more, are each one link
// and nothing else, a picture and a headline: a box of recommended
// stories ("You might like"), on this site or another one, never a list
// the story writes, whose links are words.
func thumbList(p *Page, l *Node) bool {
	if l.H.DataAtom != atom.Ul && l.H.DataAtom != atom.Ol || len(l.Kids) < 3 {
		return false
	}
	for _, li := range l.Kids {
		if li.H.DataAtom != atom.Li || li.ALenA == 0 || li.CLenA > 0 || len(linkedPages(p, li, 2)) != 1 || !holdsMedia(li.H) {
			return false
		}
	}
	return true
}
