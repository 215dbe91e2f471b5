package mine

import (
	"slices"
	"strings"
	"unicode"

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
	chained := false
	if bestN == second || 5*bestN < 2*total {
		if best = chainVote(g, paths); best == "" {
			return // no clear choice: trust each page
		}
		chained = true
	}
	for i, p := range g {
		if chained && useDeclared(p, true) {
			continue // a weak vote: the body a page declares comes first
		}
		if paths[i] == best {
			p.voted = true
			continue
		}
		// Any story text there will do: a short post's region can score
		// below zero against the template furniture around it.
		if n := votedAround(p, best); n != nil && contentChars(p.page, n) > 0 {
			p.region, p.voted = n, true
		}
	}
}

// chainVote is, when the pages' votes split, the deepest path that more
// than half of them hold on their region's chain (the region or a block
// around it) and that one of them chose (paths, by page). It reads the
// pages being mined, g, not the cluster's stored votes, which count the
// regions alone: pages of one
// template split between a post's inner wrapper, the post and the page
// around it, and a short post's page takes the author's bio beside it,
// but the post is around most of their regions. The path must name its
// blocks (an id or a class): bare tags ("div/div/div") fit blocks of
// every layout, and pages of several sites that a signature groups
// share them. "" when no such path lies below the body.
func chainVote(g []*minedPage, paths []string) string {
	// count: the pages that hold each path on their chain; depth: the
	// deepest a block of it lies (its ancestors).
	count, depth := map[string]int{}, map[string]int{}
	voters := 0
	for _, p := range g {
		if p.region == nil {
			continue
		}
		voters++
		seen := map[string]bool{}
		for a := p.region; a != nil && !pageWide(a); a = a.Parent {
			if !a.Block {
				continue
			}
			if path := votePath(a); !seen[path] {
				seen[path] = true
				count[path]++
				depth[path] = max(depth[path], ancestors(a))
			}
		}
	}
	best := ""
	for path, n := range count {
		if 2*n <= voters || !slices.Contains(paths, path) || !strings.ContainsAny(path, "#.") {
			continue
		}
		if best == "" || depth[path] > depth[best] || depth[path] == depth[best] && path < best {
			best = path
		}
	}
	return best
}

// ancestors counts the elements around n.
func ancestors(n *Node) int {
	k := 0
	for a := n.Parent; a != nil; a = a.Parent {
		k++
	}
	return k
}

// votedAround returns the block of p at the voted path: the one around
// its own region when there is one, since a path of bare tags
// ("div/div/div", a site with no names) fits many blocks; else the
// first.
func votedAround(p *minedPage, path string) *Node {
	for a := p.region; a != nil; a = a.Parent {
		if a.Block && votePath(a) == path {
			return a
		}
	}
	return findVotePath(p.page, path, func(*Node) bool { return true })
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

// teaserLine: a line that a link leads and an ellipsis ends, a
// headline with its story's excerpt cut short ("Council keeps the night
// buses The council kept the night buses for two more…").
func teaserLine(s *Segment) bool {
	if !cutShort(s.Text) || len(s.Owner.Kids) == 0 {
		return false
	}
	a := s.Owner.Kids[0]
	return a.H.DataAtom == atom.A && a.Href != "" && strings.HasPrefix(s.Text, anchorText(a))
}

// linkedProse: a paragraph of two sentences or more, one flowing line,
// that links many of its words, a reference work's way (Wikipedia's
// paragraphs link a third of theirs), but fewer than half: no headline
// with its teaser, nor a list of linked lines.
func linkedProse(s *Segment) bool {
	return !s.Template && prose(s) && s.Lines == "" && sentenceEnds(s.Text) >= 2 && !excerpt(s.Text)
}

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
			headline != nil && s.Hash == headHash || copied(first, s, said[s]) || furnitureLine(s.Text) || ornament(s) || moreLine(s) ||
			slideCounter(s.Text) && cellOf(s.Owner) == nil {
			return false
		}
		if !links {
			// A <time> line goes under the standfirst too (kicker,
			// headline, standfirst, byline).
			timed := timedLine(page, s)
			if !started && (timed || datelineText(s.Text)) && !fieldValue(s) {
				bylined = true
				return false
			}
			if timed {
				return false
			}
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
		dropClosingDatelines(page, segs, kept)
	}
	var b strings.Builder
	// The text's length at most (cellSep is the longest separator): the
	// builder allocates once.
	size := 0
	for i, s := range segs {
		if kept[i] {
			size += len(s.Display()) + len(cellSep)
		}
	}
	b.Grow(size)
	var prev tableCell
	wrote := false
	for i, s := range segs {
		if !kept[i] {
			continue
		}
		cell := page.dataCell(s)
		if wrote {
			b.WriteString(prev.sepBefore(cell))
		}
		b.WriteString(s.Display())
		prev, wrote = cell, true
	}
	return trimLabels(b.String()), headline
}

// The separators of a text's segments: paragraphs apart, and a data
// table's cells as its rows, a line a row and its cells on it, so that
// "Founded | 25 November 1947" reads as the table says it.
const (
	paraSep = "\n\n"
	rowSep  = "\n"
	cellSep = " | "
)

// tableCell is the row and table of a segment that is a data table's
// value (dataCell); zero for any other segment.
type tableCell struct{ row, table *Node }

// dataCell is where s stands in a data table when s is all of its cell's
// text, on one line: the zero tableCell otherwise, as for a layout
// table's cell that holds a story's paragraphs.
func (p *Page) dataCell(s *Segment) tableCell {
	if len(s.Owner.Segments) != 1 || strings.Contains(s.Display(), "\n") {
		return tableCell{}
	}
	c := cellOf(s.Owner)
	if c == nil {
		return tableCell{}
	}
	// A cell's segments are consecutive, in document order: s is its only
	// one when neither neighbour is in it. (Counting the cell's segments
	// would walk a layout table's page-wide cell once for each of them.)
	i := s.Owner.Segments[0]
	if i > 0 && p.contains(c, p.Segments[i-1].Owner) || i+1 < len(p.Segments) && p.contains(c, p.Segments[i+1].Owner) {
		return tableCell{}
	}
	row, table := rowOf(c)
	if row == nil || table == nil {
		return tableCell{}
	}
	return tableCell{row, table}
}

// sepBefore is what stands between a segment in a and the next kept one,
// in b: cellSep between two cells of a row (a cell holds one such
// segment, so they are two), rowSep between two rows of a table, paraSep
// otherwise.
func (a tableCell) sepBefore(b tableCell) string {
	switch {
	case a.row == nil || b.row == nil:
		return paraSep
	case a.row == b.row:
		return cellSep
	case a.table == b.table:
		return rowSep
	}
	return paraSep
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
func dropClosingDatelines(p *Page, segs []*Segment, kept []bool) {
	for i := len(segs) - 1; i >= 0; i-- {
		if !kept[i] {
			continue
		}
		if !dateline(p, segs[i]) {
			return
		}
		kept[i] = false
	}
}

// ornament: s has no letter and no digit ("• • •", "* * *", "~~~"): a
// section break's ornament, a separator between icons, no words of the
// story. A table's cell keeps its mark ("–", "✓"), a value of its row.
func ornament(s *Segment) bool {
	return cellOf(s.Owner) == nil && !strings.ContainsFunc(s.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// dateline: s is a byline or a dateline (byDateLine, datedReadingTime,
// timedLine), not a named field's date (fieldValue).
func dateline(p *Page, s *Segment) bool {
	return (datelineText(s.Text) || timedLine(p, s)) && !fieldValue(s)
}

// datelineText: text reads as a byline or a dateline, by its words alone.
func datelineText(text string) bool {
	return byDateLine(text) || datedReadingTime(text)
}

// timedLine: a short line that holds a <time> element, HTML's own mark
// of a date, and few words beside it (the author's name and role,
// "Updated"), no sentence: a story's byline and dateline in a header
// whose class names say nothing ("Sara Quinn Housing correspondent Tue
// 14 May 2024 06.00 BST").
func timedLine(p *Page, s *Segment) bool {
	if s.Len > 120 || cellOf(s.Owner) != nil || s.Owner.Tag == "li" && datedItems(p, s.Owner) {
		return false // a table's dates, or a list's of dated items, are its own
	}
	o := s.Owner
	for i, last := o.Index+1, p.lastDescendant(o); i <= last; i++ {
		n := p.Nodes[i]
		if n.Block { // another line's
			i = p.lastDescendant(n)
			continue
		}
		if n.H.DataAtom != atom.Time {
			continue
		}
		t := clean(nodeText(n.H))
		if t == "" || !strings.Contains(s.Text, t) || !moment(n.H, t) {
			continue
		}
		rest := strings.TrimSpace(strings.Replace(s.Text, t, " ", 1))
		return spokenWords(rest) <= maxBylineWords && !endsSentence(rest)
	}
	return false
}

// datedItems: li and a sibling item each hold a <time>, as the items of
// a list of events, episodes or posts do (a header's list of byline,
// dateline and section holds one).
func datedItems(p *Page, li *Node) bool {
	if li.Parent == nil {
		return false
	}
	dated := 0
	for _, k := range li.Parent.Kids {
		for i, last := k.Index, p.lastDescendant(k); i <= last; i++ {
			if p.Nodes[i].H.DataAtom == atom.Time {
				dated++
				break
			}
		}
	}
	return dated >= 2
}

// moment: a <time> element says when, not how long: its datetime is no
// ISO 8601 duration (a recipe's prepTime "PT15M", "15 Min"), and without
// one its text is a date or a time.
func moment(h *html.Node, text string) bool {
	if dt := strings.TrimSpace(htmlnode.Attr(h, "datetime")); dt != "" {
		return dt[0] != 'P' && dt[0] != 'p'
	}
	return byDateLine(text)
}

// maxBylineWords bounds the words beside a <time> in a byline: two
// authors' names and a role.
const maxBylineWords = 8

// datedReadingTime: a meta line that joins a dateline and the story's
// reading time with a separator ("Published 12 August 2024 · 5 min
// read", "By Anna Berg | 3 min read"): each part is one or the other.
func datedReadingTime(text string) bool {
	if len(text) > 120 {
		return false
	}
	parts := strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune("·•|", r) })
	dated, timed := false, false
	for _, part := range parts {
		switch part = strings.TrimSpace(part); {
		case part == "":
		case readingTime(part):
			timed = true
		case byDateLine(part):
			dated = true
		default:
			return false
		}
	}
	return dated && timed
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
// cut short: with "[...]" (WordPress's teasers of other posts), or after
// the headline link that leads it (teaserLine).
func isProse(s *Segment) bool {
	return !s.Template && runningLine(s)
}

// runningLine is isProse whether the line is template or not.
func runningLine(s *Segment) bool {
	return s.Len-s.LinkLen >= 80 && 4*s.LinkLen < s.Len && hasStop(s.Text) && !excerpt(s.Text) && !teaserLine(s)
}

// excerpt: a line that ends in "[...]" or "[…]".
func excerpt(line string) bool {
	line = strings.TrimRight(line, " ")
	return strings.HasSuffix(line, "[...]") || strings.HasSuffix(line, "[…]")
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
