package mine

import (
	"iter"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// RegionOptions weighs what a DOM region is worth (docs/ALGORITHMS.md §7): its
// non-link text counts for it, its link text and template text against.
type RegionOptions struct {
	LinkPenalty     float64 // per character of link text; default 1
	TemplatePenalty float64 // per character of template text; default 1
}

func (o RegionOptions) withDefaults() RegionOptions {
	if o.LinkPenalty == 0 {
		o.LinkPenalty = 1
	}
	if o.TemplatePenalty == 0 {
		o.TemplatePenalty = 1
	}
	return o
}

// segmentValue is what one segment adds to the regions around it.
func segmentValue(s *Segment, o RegionOptions) float64 {
	if s.Template {
		return -o.TemplatePenalty * float64(s.Len)
	}
	return float64(s.Len-s.LinkLen) - o.LinkPenalty*float64(s.LinkLen)
}

// regionScores returns every node's score: the sum of its subtree's
// segment values (the cleaned tree's information coverage, WISDOM's ICT
// with f = non-link text minus penalties).
//
// Text inside a TOC box (boxed, may be nil) earns nothing: teasers of
// other stories are not this page's article.
func regionScores(p *Page, o RegionOptions, boxed map[*Node]bool) []float64 {
	scores := make([]float64, len(p.Nodes))
	for i := range p.Segments {
		s := &p.Segments[i]
		v := segmentValue(s, o)
		if boxed[s.Owner] && v > 0 {
			v = 0
		}
		scores[s.Owner.Index] += v
	}
	for i := len(p.Nodes) - 1; i >= 0; i-- { // children come after parents in preorder
		if n := p.Nodes[i]; n.Parent != nil {
			scores[n.Parent.Index] += scores[i]
		}
	}
	return scores
}

// bestRegion is the highest-scoring block element: the smallest subtree
// that holds most of the content and little of the rest.
func bestRegion(p *Page, scores []float64) *Node {
	var best *Node
	for _, n := range p.Nodes {
		if !n.Block {
			continue
		}
		if best == nil || scores[n.Index] > scores[best.Index] {
			best = n
		}
	}
	return best
}

// NodePath is a node's address for voting across pages: tag, id and
// first class of each ancestor from the root.
func NodePath(n *Node) string {
	var chain [48]*Node
	up := chain[:0]
	for ; n != nil; n = n.Parent {
		up = append(up, n)
	}
	size := 0
	for _, m := range up {
		id, class := m.names()
		size += len(m.Tag) + len(id) + len(class) + 3
	}
	var b strings.Builder
	b.Grow(size)
	for i := len(up) - 1; i >= 0; i-- {
		m := up[i]
		if i < len(up)-1 {
			b.WriteByte('/')
		}
		b.WriteString(m.Tag)
		id, class := m.names()
		if stableName(id) {
			b.WriteByte('#')
			b.WriteString(id)
		}
		for cls := range strings.FieldsSeq(class) {
			if stableName(cls) {
				b.WriteByte('.')
				b.WriteString(cls)
			}
			break // the first class only
		}
	}
	return b.String()
}

// stableName: a name a template gives every page ("content", "story-body"),
// not one made per page ("post-1234", a URL used as an id).
func stableName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// votePath is the end of a node's path that voting compares: its last
// three steps. Outer wrappers vary between pages of one template (a
// "national" or "international" class, a page-type class on body); the
// article's own container and its parents rarely do.
func votePath(n *Node) string {
	parts := strings.Split(NodePath(n), "/")
	return strings.Join(parts[max(0, len(parts)-3):], "/")
}

// findVotePath returns the first block of p whose votePath is path.
func findVotePath(p *Page, path string) *Node {
	for _, n := range p.Nodes {
		if n.Block && votePath(n) == path {
			return n
		}
	}
	return nil
}

// heading returns the nearest non-template h1 before region, or inside it
// when region starts with one: the article's title.
func heading(p *Page, region *Node) *Segment {
	var found *Segment
	for i := range p.Segments {
		s := &p.Segments[i]
		if s.Owner.Index > p.lastDescendant(region) {
			break
		}
		if s.Owner.H.DataAtom == atom.H1 && !s.Template {
			found = s
		}
	}
	return found
}

// The class and id words that readability and its descendants read when
// a page has no siblings to compare with. Words, not substrings:
// "hs_cos_wrapper_meta_field" is no navigation.
var (
	// promoWords name a promotion of other stories: boxes that may hold
	// prose of their own (hintedBoxes), unlike ads and widgets, words
	// sites also give to a slide of the story itself.
	promoWords    = "related promo promotion sponsor sponsored outbrain taboola recommended recommendation recirc trending cta donate donation"
	negativeWords = wordSet("comment comments sidebar footer nav navbar navigation menu share sharing social " +
		"advert advertisement ad ads banner widget widgets breadcrumb breadcrumbs " +
		"subscribe subscription newsletter cookie cookies popup modal masthead header tags tag " +
		"disqus signup skip toolbar pagination pager copyright settings rail " + promoWords)
	positiveWords = wordSet("article content story body post entry main blog hentry")
	// hintWords is both lists in one map, for one look-up per word: +1
	// for a positive word, −1 for a negative one or its plural
	// ("sidebars", "menus").
	hintWords = func() map[string]int8 {
		m := map[string]int8{}
		for w := range negativeWords {
			m[w], m[w+"s"] = -1, -1
		}
		for w := range positiveWords {
			m[w] = 1
		}
		return m
	}()
)

// widgetNamed: one of n's names joins a word of content to one of
// widgetWords ("post-likes-widget", "entry-share-buttons"): a control
// that belongs to the post, no part of its text. Names that join content
// to a part of the page ("entry-header", "post-footer") may hold the
// story's lines and say nothing, as do a post's terms.
func widgetNamed(n *Node) bool {
	_, class := n.names()
	for name := range strings.FieldsSeq(class) {
		content, widget, term := false, false, false
		yieldWords(name, func(w string) bool {
			content = content || positiveWords[w]
			widget = widget || widgetWords[w]
			term = term || taxonomyWords[w]
			return true
		})
		if content && widget && !term {
			return true
		}
	}
	return false
}

// widgetWords are the negative words that name a post's controls;
// taxonomyWords those of the names a blog gives a post for its terms
// (WordPress's "category-social-media", "tag-sharing"), which tell what
// it is about.
var (
	widgetWords   = wordSet("widget widgets share sharing social likes")
	taxonomyWords = wordSet("category categories tag tags format topic")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// hintScore is +1 when an element's class or id names article content,
// −1 when it names navigation, sharing, comments…, 0 otherwise. A
// furniture word that names the units of the page's story (unitWords)
// says nothing on that page.
func hintScore(p *Page, n *Node) int {
	if pageWide(n) {
		return 0
	}
	pos, neg := false, false
	for w := range nameWords(n) {
		switch hintWords[w] {
		case 1:
			pos = true
		case -1:
			neg = neg || !p.unitWords()[w]
		}
	}
	if pos && neg && widgetNamed(n) {
		pos = false
	}
	switch {
	case neg && !pos:
		return -1
	case pos && !neg:
		return 1
	}
	return 0
}

// unitWords are the furniture words (furnitureWord) that, on this page,
// name the story's paragraphs: three or more elements named by the word
// (and by no content word) hold running prose of their own, none of them
// half of the page's, and together nine tenths of it. A story whose
// every paragraph a generated class styles ("tagStyle_z4kqwb") is built
// so; a sidebar's widgets or a lightbox's videos hold their text in
// paragraphs of their own, and comments are no story.
func (p *Page) unitWords() map[string]bool {
	if p.unitsDone {
		return p.units
	}
	p.unitsDone = true
	own := make(map[*Node]int) // running prose a node holds as its own text
	total := 0
	for i := range p.Segments {
		if s := &p.Segments[i]; runningLine(s) {
			own[s.Owner] += s.Len - s.LinkLen
			total += s.Len - s.LinkLen
		}
	}
	type cover struct{ chars, boxes, most int }
	var covers map[string]*cover
	for n, chars := range own {
		if pageWide(n) || !namedFurniture(n) {
			continue
		}
		for w := range nameWords(n) {
			if !furnitureWord(w) || commentWords[w] || w == "disqus" {
				continue
			}
			if covers == nil {
				covers = map[string]*cover{}
			}
			c := covers[w]
			if c == nil {
				c = &cover{}
				covers[w] = c
			}
			c.chars, c.boxes, c.most = c.chars+chars, c.boxes+1, max(c.most, chars)
		}
	}
	for w, c := range covers {
		if c.boxes >= 3 && 2*c.most < total && 10*c.chars >= 9*total {
			if p.units == nil {
				p.units = map[string]bool{}
			}
			p.units[w] = true
		}
	}
	return p.units
}

// namedFurniture: a furniture word (furnitureWord) names n and no
// content word does.
func namedFurniture(n *Node) bool {
	furniture := false
	for w := range nameWords(n) {
		if hintWords[w] > 0 {
			return false
		}
		furniture = furniture || furnitureWord(w)
	}
	return furniture
}

// furnitureWord: a class or id word that names furniture, as hintScore
// or inMetaBox reads it.
func furnitureWord(w string) bool {
	return hintWords[w] < 0 || metaWords[w]
}

// pageWide: the document's html and body elements, whose classes
// describe the whole page ("post", "feature_newcomments", "has-sidebar"),
// never one part of it.
func pageWide(n *Node) bool {
	return n.H.DataAtom == atom.Html || n.H.DataAtom == atom.Body
}

// commentish: reader comments and their forms, which every page has
// different text in, so no cross-page statistic can call them template.
// Sites mark them alike ("comments", "commentlist", "disqus_thread",
// WordPress's "respond"); "commentary" is a kind of article, "commented"
// a post's state. The page's html and body never are one, whatever their
// classes say.
func commentish(n *Node) bool {
	if pageWide(n) {
		return false
	}
	id, class := n.names()
	for _, v := range [2]string{id, class} {
		if !commentNeedles.in(v) {
			continue // most elements: no need to split and lower-case
		}
		for tok := range strings.FieldsSeq(strings.ToLower(v)) {
			if !stableName(tok) || commentState(tok) {
				continue
			}
			if (strings.Contains(tok, "comment") && !strings.Contains(tok, "commentary")) ||
				strings.Contains(tok, "disqus") || tok == "respond" {
				return true
			}
		}
	}
	return false
}

// commentNeedles are the words commentish looks for in a name.
var commentNeedles = newFoldSet("comment", "disqus", "respond")

// A foldSet is a few lower-case ASCII words looked for in any case, in
// one pass over a string (commentish asks it of every element's id and
// class, consentNotice of every kept line): a table of the words by
// their first letter, in both cases, lets most bytes go by with one load.
type foldSet struct {
	byFirst [256][]string // the words by their first byte, in either case
}

func newFoldSet(words ...string) *foldSet {
	f := &foldSet{}
	for _, w := range words {
		f.byFirst[w[0]] = append(f.byFirst[w[0]], w)
		f.byFirst[w[0]-'a'+'A'] = append(f.byFirst[w[0]-'a'+'A'], w)
	}
	return f
}

// in: s holds one of the set's words in any case.
func (f *foldSet) in(s string) bool {
	for i := 0; i < len(s); i++ {
		for _, w := range f.byFirst[s[i]] {
			if len(s)-i >= len(w) && containsFold(s[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// containsFold: s holds sub (lower-case ASCII) in any case, without
// lower-casing s.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for ; j < len(sub); j++ {
			if c := s[i+j]; c != sub[j] && c+'a'-'A' != sub[j] {
				break
			}
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

// commentState: a class that says something of a post's comments
// ("commented", "comments-open", "has-comments", "no-comments"), not that
// its element holds them.
func commentState(tok string) bool {
	return strings.HasSuffix(tok, "ed") || strings.HasSuffix(tok, "-open") ||
		strings.HasPrefix(tok, "has-") || strings.HasPrefix(tok, "no-")
}

// commentSections returns the page's outermost comment sections, in
// document order, working them out once: both marking them template and
// splitting them into comments need them.
func commentSections(p *Page) []*Node {
	if p.sectionsDone {
		return p.sections
	}
	in := make([]bool, len(p.Nodes))
	for _, n := range p.Nodes {
		if n.Parent != nil && in[n.Parent.Index] {
			in[n.Index] = true
			continue
		}
		if commentish(n) {
			in[n.Index] = true
			p.sections = append(p.sections, n)
		}
	}
	p.sectionsDone = true
	return p.sections
}

// markComments marks the segments inside comment sections as template,
// the comments a heading opens without a container around them, and a
// blog's trackbacks (the other blogs that linked the post, in a section
// named so): reactions to the story, not its text, though no comments to
// export.
func markComments(p *Page) {
	for _, n := range commentSections(p) {
		p.walkSegments(n, func(s *Segment) { s.Template = true })
	}
	for _, n := range p.Nodes {
		if trackbacks(n) {
			p.walkSegments(n, func(s *Segment) { s.Template = true })
		}
		if h := commentHeading(n); h != nil {
			for _, k := range h.Parent.Kids[slices.Index(h.Parent.Kids, h):] {
				p.walkSegments(k, func(s *Segment) { s.Template = true })
			}
		}
	}
}

// trackbacks: n's class or id names a section of trackbacks.
func trackbacks(n *Node) bool {
	if pageWide(n) {
		return false
	}
	id, class := n.names()
	return containsFold(id, "trackback") || containsFold(class, "trackback")
}

// commentHeading is the heading that n opens a comment section with,
// when the comments follow it as its siblings with no container of their
// own: a heading whose id names the comments ("<h2 id="comments">3
// Comments</h2>", WordPress's and Movable Type's classic templates), or
// one around an empty anchor that does ("<h2><a id="comments"></a>
// Comments</h2>", TypePad's), or one whose text says only that comments
// follow (commentLabel); nil otherwise. The id is where the page's
// "#comments" links land.
func commentHeading(n *Node) *Node {
	h := n
	if n.H.DataAtom == atom.A {
		if n.Href != "" || n.CLenA+n.ALenA > 0 {
			return nil
		}
		h = n.Parent
	}
	if h == nil || h.Parent == nil || !headingTag(h) {
		return nil
	}
	for _, key := range [2]string{"id", "name"} {
		if v := strings.ToLower(htmlnode.Attr(n.H, key)); strings.Contains(v, "comment") && !strings.Contains(v, "commentary") {
			return h
		}
	}
	if n == h && commentLabel(anchorText(h)) {
		return h
	}
	return nil
}

// commentLabel: a heading's text says only that comments follow
// ("Comments", "12 Comments", "Comments (3)", "3 Responses to “Title”",
// "Reader comments"), as blog engines title their comment lists.
func commentLabel(text string) bool {
	if !containsFold(text, "omment") && !containsFold(text, "coment") && !containsFold(text, "respons") && !containsFold(text, "reacties") {
		return false // most headings: no need to split and lower-case
	}
	words := strings.FieldsFunc(strings.ToLower(text), nonLetter)
	if len(words) > 0 && (words[0] == "one" || words[0] == "no") {
		words = words[1:] // "One Response to …", "No Comments"
	}
	switch {
	case len(words) == 0:
		return false
	case len(words) >= 2 && (words[0] == "response" || words[0] == "responses" || words[0] == "comments") && words[1] == "to":
		return true // WordPress's "N Responses to “Title”"
	case len(words) == 2 && (words[0] == "reader" || words[0] == "readers"):
		words = words[1:]
	case len(words) > 1:
		return false
	}
	return commentWords[words[0]]
}

var commentWords = map[string]bool{
	"comment": true, "comments": true, "responses": true, "kommentare": true, "commentaires": true,
	"comentarios": true, "commenti": true, "reacties": true, "comentários": true,
}

// markByHints is the one-page stand-in for template detection: segments
// inside an element whose class or id says navigation, comments, sharing…
// (and no nearer element says article) count as template, as do the
// page-level nav, header, footer and aside elements — unless that element
// holds most of the page's text and half of its prose, when the hint is
// more likely wrong than the page (a sidebar of teasers can outweigh a
// short story, but its excerpts are no prose) and the page's headline, if
// it has one, is inside it: a sidebar's disclaimer outweighs a short post
// too, but the story is where its headline is (unless the names put the
// headline away too, and are wrong about the page). With no headline, a
// nav, header, footer, aside or form needs nearly all the prose.
func markByHints(p *Page) {
	total := float64(p.Root.CLenA)
	whole := p.Root.CLenA + p.Root.ALenA // all the page's text, links too
	prose := proseByNode(p, nil)
	head := pageHeadline(p)
	if head != nil && namedAway(p, head) {
		head = nil // the names are wrong about the headline too
	}
	// sealed: inside a nav, aside or footer kept as template, or inside a
	// part of the page (less than half its text) named as furniture
	// outside any element named as content ("footer-widgets" around a
	// column of teasers), where a "post" or "entry" is another post's
	// teaser, not this page's story. A widget inside the post's own body
	// is part of the post, and a wrapper of the whole page ("outerAd")
	// names no part of it. inContent: the element or an ancestor is
	// named as content.
	neg, sealed, inContent := make([]bool, len(p.Nodes)), make([]bool, len(p.Nodes)), make([]bool, len(p.Nodes))
	// story: the nearest element (n or an ancestor) named as furniture
	// and kept all the same, as the story.
	story := make([]*Node, len(p.Nodes))
	// promo: inside an element named for a promotion (promoNames) and
	// kept as furniture, where a name for content ("card-body") is the
	// promotion's own layout, not the story.
	promo := make([]bool, len(p.Nodes))
	for _, n := range p.Nodes {
		if n.Parent != nil && sealed[n.Parent.Index] {
			neg[n.Index], sealed[n.Index] = true, true
			continue
		}
		inherited := n.Parent != nil && neg[n.Parent.Index]
		promo[n.Index] = n.Parent != nil && promo[n.Parent.Index]
		inContent[n.Index] = n.Parent != nil && inContent[n.Parent.Index]
		if n.Parent != nil {
			story[n.Index] = story[n.Parent.Index]
		}
		named := false
		h := hintScore(p, n)
		if s := story[n.Index]; h < 0 && s != nil && namedLike(n, s) {
			h = 0 // a page builder's name for every block of the story
		}
		switch {
		case h < 0:
			neg[n.Index], named = true, true
		case h > 0 && promo[n.Index]:
			neg[n.Index] = true
		case h > 0:
			// A wrapper of nearly the whole page named as content
			// ("pageBody") names the page, no part of it.
			neg[n.Index] = false
			inContent[n.Index] = inContent[n.Index] || 10*(n.CLenA+n.ALenA) < 9*whole
		default:
			neg[n.Index] = inherited
		}
		if furnitureElement(n) {
			neg[n.Index] = true
		}
		// A box named as furniture is the story all the same when it
		// holds most of the page's text and half its running prose,
		// and the headline too, or, the headline above it (a page
		// builder's story under the theme's title), nearly all the
		// running prose and no comments. On a page with no headline, an
		// element HTML calls furniture (a mega-menu's blurbs in a <nav>)
		// needs nearly all the running prose to be the story.
		if neg[n.Index] && !inherited && float64(n.CLenA) > 0.35*total && 2*prose[n.Index] >= prose[p.Root.Index] &&
			(head == nil && (!furnitureElement(n) || 10*prose[n.Index] >= 9*prose[p.Root.Index]) || head != nil && p.contains(n, head) || aboveStory(p, n, prose)) {
			// A box inside a story kept so, with running prose of the
			// story's own beside it, is a box in the story (a gallery
			// of captions), not the story.
			if s := story[n.Index]; s == nil || prose[s.Index]-prose[n.Index] < boxedStoryChars {
				neg[n.Index] = false
				story[n.Index] = n
			}
		}
		promo[n.Index] = promo[n.Index] || neg[n.Index] && h < 0 && hasWord(n, promoNames)
		switch n.H.DataAtom {
		case atom.Nav, atom.Footer, atom.Aside:
			sealed[n.Index] = neg[n.Index]
		}
		part := 2*(n.CLenA+n.ALenA) < whole
		sealed[n.Index] = sealed[n.Index] || named && neg[n.Index] && !inContent[n.Index] && part
	}
	hdr := storyHeader(p, head, neg)
	for i := range p.Segments {
		if s := &p.Segments[i]; neg[s.Owner.Index] && !(hdr != nil && headerDek(p, s, head, hdr)) {
			s.Template = true
		}
	}
}

// storyHeader is the story's own header: the <header> nearest around
// the page's headline when an article, main or section holds it, and
// neither it nor its container is named as furniture; nil if none. The
// header is furniture to HTML only at the page's top level; inside the
// story, its headline is the result's title and its kicker, byline and
// date stay out, but its standfirst is the story's first lines.
func storyHeader(p *Page, head *Node, neg []bool) *Node {
	if head == nil {
		return nil
	}
	for a := head.Parent; a != nil; a = a.Parent {
		if a.H.DataAtom == atom.Header {
			if a.Parent != nil && !neg[a.Parent.Index] && hintScore(p, a) >= 0 && sectioned(a) {
				return a
			}
			return nil
		}
	}
	return nil
}

// headerDek: s, in the story's header hdr after its headline, is shaped
// as a standfirst (a sentence of eight words or more, standfirstLine),
// is not the title again, and no element from s up to hdr is named as
// furniture.
func headerDek(p *Page, s *Segment, head, hdr *Node) bool {
	if s.Owner.Index <= head.Index || !p.contains(hdr, s.Owner) ||
		!standfirstLine(s, strings.TrimSpace(s.Text)) || p.titleHolds(s.Text) {
		return false
	}
	for a := s.Owner; a != hdr; a = a.Parent {
		if hintScore(p, a) < 0 {
			return false
		}
	}
	return true
}

// sectioned: an article, main or section holds n.
func sectioned(n *Node) bool {
	for a := n.Parent; a != nil; a = a.Parent {
		switch a.H.DataAtom {
		case atom.Article, atom.Main, atom.Section:
			return true
		}
	}
	return false
}

// furnitureElement: HTML's own elements for what is not the story.
func furnitureElement(n *Node) bool {
	switch n.H.DataAtom {
	case atom.Nav, atom.Footer, atom.Aside, atom.Form, atom.Header:
		return true
	}
	return false
}

// aboveStory: n, named as furniture, holds nearly all of the page's
// running prose (nine tenths), as much as a short post has at least, and
// is neither comments nor an element HTML calls furniture: a page
// builder's story under the theme's headline, which stands outside it.
func aboveStory(p *Page, n *Node, prose []int) bool {
	return prose[n.Index] >= headlineStoryChars && 10*prose[n.Index] >= 9*prose[p.Root.Index] &&
		!commentish(n) && !furnitureElement(n)
}

// namedLike: every word of n's class and id that names furniture names
// story too. Inside a story kept whatever its names say, such a box is
// one of the story's blocks: page builders name every block alike
// (Elementor's "elementor-widget", SiteOrigin's "widget"), the story's
// column as well as its paragraphs. A story kept in an element HTML
// itself calls furniture (a sidebar's <aside> holding most of a short
// post's prose) is no page builder's, and its boxes stay boxes.
func namedLike(n, story *Node) bool {
	if furnitureElement(story) {
		return false
	}
	for w := range nameWords(n) {
		if hintWords[w] >= 0 {
			continue
		}
		found := false
		for v := range nameWords(story) {
			if found = v == w; found {
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// metaWords name the small furniture around a story that readers do not
// count as its text: bylines and the author's bio, datelines, tags, share
// buttons, photo captions and credits.
var metaWords = wordSet("byline bylines author authors dateline timestamp date published posted meta " +
	"tags tag taglist share sharing social toolbar breadcrumb breadcrumbs vcard footer caption credit credits " +
	"bio bios authorbio postmetadata metadata")

var captionWords = wordSet("caption captions")

// placedStoryChars is the text a region must hold outside the captions
// known by their place for them to go: a short post's paragraph.
const placedStoryChars = 200

// maxBioChars bounds an author's box named so by its id: a bio of a few
// sentences, the author's links and a follow button.
const maxBioChars = 1500

// namesBio: an id names the author's box: a word of it names the author
// and none the entry ("author", "about-the-author", not
// "entry-author-jane").
func namesBio(id string) bool {
	bio := false
	for w := range strings.FieldsFuncSeq(strings.ToLower(id), notLetter) {
		if positiveWords[w] {
			return false
		}
		bio = bio || bioWords[w]
	}
	return bio
}

// bioWords name the box about the story's author.
var bioWords = wordSet("author authors bio bios authorbio")

// joined: w joins part to another word without a separator, part first
// (rest is what follows it) or last ("authorinfo", "thumbcaption"): a
// theme's compound class word names what part names.
func joined(w, part string) (rest string, ok bool) {
	if len(w) <= len(part) {
		return "", false
	}
	if rest, ok := strings.CutPrefix(w, part); ok {
		return rest, true
	}
	return "", strings.HasSuffix(w, part)
}

// captionCompound: a class word that joins "caption" to another names a
// caption ("thumbcaption", MediaWiki's picture caption; "imagecaption",
// "captiontext").
func captionCompound(w string) bool {
	_, ok := joined(w, "caption")
	return ok
}

// authorCompound: a class word that joins "author" to another names the
// author's box or line ("postauthor", "authorinfo", "authorbox",
// "guestauthor"); "authority" and "authorize" are other words.
func authorCompound(w string) bool {
	rest, ok := joined(w, "author")
	return ok && !strings.HasPrefix(rest, "it") && !strings.HasPrefix(rest, "iz") && !strings.HasPrefix(rest, "is")
}

// inMetaBox marks the nodes below region inside a small element named by
// metaWords (under 300 characters: a large "post-meta" is no byline), and
// with byPlace, inside a caption known by its place beside a picture
// (sidePicture), unless the region's story is in it (a video page's
// "meta-information", a photo page's caption). A page's whole text (a
// page with no story) keeps captions known by place only: they may be
// all its words.
func inMetaBox(p *Page, region *Node, byPlace bool) map[*Node]bool {
	out := map[*Node]bool{}
	last := p.lastDescendant(region)
	regionText, regionLines := -1, -1 // of region, once a box asks
	// kinds: each node's metaBox, captionBox and placeBox (a caption known
	// by its place, sidePicture) bits, its names read once.
	const metaBox, captionBox, placeBox = 1, 2, 4
	kinds := make([]uint8, last-region.Index)
	found := false
	for i := region.Index + 1; i <= last; i++ {
		n := p.Nodes[i]
		size := n.CLenA + n.ALenA
		if size >= maxBioChars {
			continue
		}
		meta, bio, capt, bioID := n.Tag == "figcaption", false, n.Tag == "figcaption", false
		// A table is no byline: the hCard class on a table of names and
		// values marks an infobox ("infobox vcard").
		table := n.Tag == "table"
		if id, class := n.names(); id != "" || class != "" {
			for w := range nameWords(n) {
				compound, captionNamed := authorCompound(w), captionWords[w] || captionCompound(w)
				meta = meta || (metaWords[w] && !p.unitWords()[w] || compound || captionNamed) && !table
				bio = bio || bioWords[w] || compound
				capt = capt || captionNamed
			}
			bioID = bio && namesBio(id)
		}
		if size >= 700 && !bioID {
			continue
		}
		placed := byPlace && !meta && sidePicture(p, n, region)
		if placed {
			meta, capt = true, true
		}
		// An author's bio runs to a paragraph; an "entry_author_NAME" is
		// the entry, but an element whose id is the author's is the bio
		// box whatever its class ("post" for the theme's box style).
		if size < 300 && meta || n.Block && bio && (hintScore(p, n) <= 0 || bioID) {
			k := uint8(metaBox)
			if capt {
				k |= captionBox
			}
			if placed {
				k |= placeBox
			}
			kinds[i-region.Index-1], found = k, true
		}
	}
	if !found {
		return out
	}
	kind := func(n *Node) uint8 { return kinds[n.Index-region.Index-1] }
	// Captions known by their place only stay when the region says
	// little else (a photo post of a line under each picture).
	placed := 0
	for i := region.Index + 1; i <= last; i++ {
		if n := p.Nodes[i]; kind(n)&placeBox != 0 {
			placed += contentChars(p, n)
			i = p.lastDescendant(n)
		}
	}
	if placed > 0 && contentChars(p, region)-placed < placedStoryChars {
		for i := range kinds {
			if kinds[i]&placeBox != 0 {
				kinds[i] = 0
			}
		}
	}
	// A story told in captions (a photo post's paragraphs, one under each
	// picture): when the captions hold most of the region's sentences, a
	// caption with a sentence is the story's.
	sum := 0
	for i := region.Index + 1; i <= last; i++ {
		if n := p.Nodes[i]; kind(n)&captionBox != 0 {
			sum += sentenceChars(p, n)
			i = p.lastDescendant(n)
		}
	}
	told := sum > 0 && 2*sum >= sentenceChars(p, region)
	// inline: the text of each block held in inline boxes marked so far.
	var inline map[*Node]int
	for i := region.Index + 1; i <= last; i++ {
		n := p.Nodes[i]
		k := kind(n)
		inBox := n.Parent != nil && out[n.Parent]
		if inBox || (k&metaBox != 0 && !(told && k&captionBox != 0 && sentenceChars(p, n) > 0) && !storyIn(p, n, region, &regionText, &regionLines)) {
			out[n] = true
			// Text belongs to blocks: inline captions, credits and
			// bylines that hold all of their block's text between them
			// (a caption and its credit in an unnamed wrapper) take the
			// block with them.
			if b := blockOf(n); !n.Block && !inBox && b != region {
				if inline == nil {
					inline = map[*Node]int{}
				}
				inline[b] += n.CLenA + n.ALenA
				if b.CLenA+b.ALenA <= inline[b] {
					out[b] = true
				}
			}
		}
	}
	return out
}

// storyIn: n's lines of sentences (40+ characters, a sentence end) are
// most of region's text, two or more of them (a byline, a dateline is a
// line) or 80 characters (a slideshow's caption, the page's only story),
// and no fewer than the region has outside n: the story is in n,
// whatever its name. A bio of one long paragraph under a post of three
// short ones is not the story.
// regionText and regionLines cache contentChars(p, region) and region's
// lines of sentences across the calls for one region (-1: not yet
// counted).
func storyIn(p *Page, n, region *Node, regionText, regionLines *int) bool {
	k, chars := sentenceLines(p, n)
	if k < 2 && chars < 80 {
		return false
	}
	if *regionText < 0 {
		*regionText = contentChars(p, region)
		*regionLines, _ = sentenceLines(p, region)
	}
	return 2*chars >= *regionText && k >= *regionLines-k
}

// sentenceLines counts n's lines of sentences and their text outside
// links.
func sentenceLines(p *Page, n *Node) (lines, chars int) {
	p.walkSegments(n, func(s *Segment) {
		if !s.Template && sentence(s.Text) {
			lines++
			chars += s.Len - s.LinkLen
		}
	})
	return lines, chars
}

// sentenceChars is the text outside links of n's lines of sentences.
func sentenceChars(p *Page, n *Node) int {
	_, chars := sentenceLines(p, n)
	return chars
}

// blockOf is n's nearest block element (n itself when it is one).
func blockOf(n *Node) *Node {
	for n.Parent != nil && !n.Block {
		n = n.Parent
	}
	return n
}

func hasWord(n *Node, set map[string]bool) bool {
	for w := range nameWords(n) {
		if set[w] {
			return true
		}
	}
	return false
}

// nameWords yields the lower-case letter runs of an element's class and
// id ("story-body_2" → story, body), and the parts of a camel-case run
// after it ("editorBio" → editorbio, editor, bio). It runs for every element, hence an
// iterator rather than a slice. An id that spells out the element's
// heading ("sharing-with-a-single-developer" on a section headed "Sharing
// with a single developer", as documentation generators and Markdown
// renderers write them) names its topic, not a part of the page.
func nameWords(n *Node) iter.Seq[string] {
	return func(yield func(string) bool) {
		id, class := n.names()
		for i, v := range [2]string{class, id} {
			if v == "" || i == 1 && headingSlug(n, v) {
				continue
			}
			if !yieldWords(v, yield) {
				return
			}
		}
	}
}

// yieldWords yields the words of v, a class or id or one name of a
// class, as nameWords does, and reports whether to go on.
func yieldWords(v string, yield func(string) bool) bool {
	lower := strings.ToLower(v)
	camel := len(lower) == len(v) && lower != v
	start := -1
	for i := 0; i <= len(lower); i++ {
		if i < len(lower) && 'a' <= lower[i] && lower[i] <= 'z' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start < 0 {
			continue
		}
		if !yield(lower[start:i]) || camel && !camelParts(v[start:i], lower[start:i], yield) {
			return false
		}
		start = -1
	}
	return true
}

// camelParts yields the parts of a camel-case name ("editorBio": "editor",
// "bio"; word is its lower-case form) when it has more than one, as
// nameWords' words. It reports whether to go on.
func camelParts(name, word string, yield func(string) bool) bool {
	start := 0
	for i := 1; i < len(name); i++ {
		if 'a' <= name[i-1] && name[i-1] <= 'z' && 'A' <= name[i] && name[i] <= 'Z' {
			if !yield(word[start:i]) {
				return false
			}
			start = i
		}
	}
	return start == 0 || yield(word[start:])
}

// headingSlug: id is the letters of the heading that opens n, word by
// word.
func headingSlug(n *Node, id string) bool {
	if !strings.ContainsAny(id, "-_") || n.H.DataAtom == atom.A {
		return false
	}
	if len(n.Kids) == 0 || !headingTag(n.Kids[0]) {
		return false
	}
	head := n.Kids[0]
	words := strings.FieldsFunc(strings.ToLower(id), notLetter)
	i := 0
	for w := range strings.FieldsFuncSeq(strings.ToLower(anchorText(head)), notLetter) {
		if i == len(words) || words[i] != w {
			return false
		}
		i++
	}
	return i == len(words) && i >= 2
}

// notLetter splits lower-cased class and id names at what is not an
// ASCII letter; nonLetter splits text at what is not a letter of any
// script ("nächster", "précédent" stay whole).
func notLetter(r rune) bool { return r < 'a' || r > 'z' }

func nonLetter(r rune) bool { return !unicode.IsLetter(r) }

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
// characters of running prose: the story is where its headline is. Nil
// when the region is inside that element, when the headline is under an
// element named as furniture, or when no element short of the whole page
// holds such prose.
func headlineStory(p *Page, region *Node, l *links) *Node {
	head := pageHeadline(p)
	if head == nil || region == nil || p.contains(region, head) || namedAway(p, head) {
		return nil
	}
	if body := headlineBody(p, head, nil, l); body != nil && !p.contains(body, region) {
		return body
	}
	return nil
}

// headlineBody is the nearest block element around head, below stop (nil:
// short of the whole page), that holds headlineStoryChars of running
// prose: the story under a headline.
func headlineBody(p *Page, head, stop *Node, l *links) *Node {
	for a := head.Parent; a != nil && a != stop && !pageWide(a); a = a.Parent {
		if a.Block && runningProse(p, a, l) >= headlineStoryChars {
			return a
		}
	}
	return nil
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

// headlineStoryChars is the running prose that makes the element around
// a headline its story: a short post's.
const headlineStoryChars = 500

// pageHeadline is the first h1–h3 whose text (three words or more, links
// included: old blog themes link the title to the post) the page's
// <title> holds; failing that, the first h1 of six words or more nearly
// all of whose words the title has (titleNear); or nil.
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
			break
		}
	}
	return p.headline
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
	body := headlineBody(p, head, region, l)
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
