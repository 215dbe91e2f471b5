package mine

import (
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

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
// in region (socialEmbed), and of the videos' credit lines (videoCredit),
// when the rest of its text outweighs them: a
// story that quotes a tweet or two tells its news in its own words. A
// story made of the posts it collects ("17 favourite responses") keeps
// them.
func socialEmbeds(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	chars := 0
	for i, last := region.Index, p.lastDescendant(region); i <= last; i++ {
		n := p.Nodes[i]
		if !socialEmbed(p, n) && !videoCredit(p, n) {
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

// videoCredit: n is the line a video's embed code writes under the
// player, "TITLE from USER on Vimeo.", every link of it to the video's
// host: the player's caption, not the story's.
func videoCredit(p *Page, n *Node) bool {
	if n.Tag != "p" || n.Anchors == 0 || n.CLenA+n.ALenA > 300 {
		return false
	}
	t := strings.TrimSpace(p.textOf(n))
	if !strings.HasSuffix(t, " on Vimeo.") || !strings.Contains(t, " from ") {
		return false
	}
	for i, last := n.Index+1, p.lastDescendant(n); i <= last; i++ {
		if h := p.Nodes[i].Href; h != "" {
			if host, ok := hostOf(h); !ok || host != "vimeo.com" && !strings.HasSuffix(host, ".vimeo.com") {
				return false
			}
		}
	}
	return true
}

// socialEmbed: n is a post of a social network embedded in the page, as
// the network's script expects its markup (<blockquote
// class="twitter-tweet"> and Instagram's, TikTok's, Reddit's and
// Bluesky's alike), or a blockquote whose last link is such a post's
// permalink, as every network's fallback markup ends, named or not:
// another author's words, which the script lays out as a card.
func socialEmbed(p *Page, n *Node) bool {
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
	for i := p.lastDescendant(n); i > n.Index; i-- {
		if href := p.Nodes[i].Href; href != "" {
			return postPermalink(href)
		}
	}
	return false
}

// postPermalink: href links one post of a social network
// ("twitter.com/NAME/status/ID", "instagram.com/p/ID/",
// "bsky.app/profile/NAME/post/ID").
func postPermalink(href string) bool {
	u, err := url.Parse(href)
	if err != nil {
		return false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	switch host {
	case "twitter.com", "x.com", "mobile.twitter.com":
		return len(parts) >= 3 && parts[1] == "status"
	case "instagram.com":
		return len(parts) >= 2 && (parts[0] == "p" || parts[0] == "reel")
	case "tiktok.com":
		return len(parts) >= 3 && strings.HasPrefix(parts[0], "@") && parts[1] == "video"
	case "bsky.app":
		return len(parts) >= 4 && parts[0] == "profile" && parts[2] == "post"
	case "threads.net", "threads.com":
		return len(parts) >= 3 && strings.HasPrefix(parts[0], "@") && parts[1] == "post"
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
