package mine

import (
	"iter"
	"strings"

	"golang.org/x/net/html/atom"
)

// The class and id words that readability and its descendants read when
// a page has no siblings to compare with. Words, not substrings:
// "hs_cos_wrapper_meta_field" is no navigation.
var (
	// promoWords name a promotion of other stories: boxes that may hold
	// prose of their own (hintedBoxes), unlike ads and widgets, words
	// sites also give to a slide of the story itself.
	promoWords    = "related promo promotion sponsor sponsored outbrain taboola recommended recommendation recirc trending cta donate donation"
	negativeWords = wordSet("comment comments sidebar footer foot nav navbar navigation menu share sharing social " +
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

// widgetNamed: one of n's names (its classes, its id) joins a word of
// content to one of widgetWords ("post-likes-widget",
// "entry-share-buttons", "story_related"): a control that belongs to the
// post, or the box of stories related to it, no part of its text. Names
// that join content to a part of the page ("entry-header", "post-footer")
// may hold the story's lines and say nothing, as do a post's terms.
func widgetNamed(n *Node) bool {
	id, class := n.names()
	if headingSlug(n, id) {
		id = "" // a topic's name, as nameWords reads it
	}
	for name := range strings.FieldsSeq(class + " " + id) {
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
	widgetWords   = wordSet("widget widgets share sharing social likes related recommended recirc trending")
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
	// kinds: each node's metaBox, captionBox, placeBox (a caption known
	// by its place, sidePicture) and bioBox bits, its names read once.
	const metaBox, captionBox, placeBox, bioBox = 1, 2, 4, 8
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
			if bio {
				k |= bioBox
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
		if inBox || (k&metaBox != 0 && !(told && k&captionBox != 0 && sentenceChars(p, n) > 0) && !storyIn(p, n, region, k&bioBox != 0, &regionText, &regionLines)) {
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
// line) or, when n is no bio, 80 characters (a slideshow's caption, the
// page's only story), and no fewer than the region has outside n: the
// story is in n, whatever its name. An author's bio runs to a paragraph:
// one long paragraph of bio under a post of three short ones is not the
// story, nor is one beside a post of one line (a comic's caption).
// regionText and regionLines cache contentChars(p, region) and region's
// lines of sentences across the calls for one region (-1: not yet
// counted).
func storyIn(p *Page, n, region *Node, bio bool, regionText, regionLines *int) bool {
	k, chars := sentenceLines(p, n)
	if k < 2 && (chars < 80 || bio) {
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
