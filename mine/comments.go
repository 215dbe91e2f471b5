package mine

import (
	"cmp"
	"iter"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// Comment is one reader comment of a page, as the page shows it.
// Published is as the page writes it (a <time datetime> if it has one);
// Author and Published are "" when the page does not say.
type Comment struct {
	Author    string `json:"author,omitempty"`
	Published string `json:"published,omitempty"`
	Text      string `json:"text"`
}

// addComments gives every result the reader comments of its page. They
// come from the sections mining leaves out of the article (commentish),
// so what the article drops as comments is what this keeps.
func addComments(g []*minedPage, out []*Result) {
	byKey := make(map[string]*minedPage, len(g))
	for _, p := range g {
		byKey[p.in.Key] = p
	}
	for _, r := range out {
		if p := byKey[r.Key]; p != nil {
			r.Comments = pageComments(p.page)
		}
	}
}

// pageComments splits the page's comment sections into comments, in
// document order, then adds the answers of a Q&A page (answers). A
// reply is a comment of its own, after the one it answers: the list is
// flat, the thread is not kept.
func pageComments(p *Page) []Comment {
	var out []Comment
	for _, n := range commentSections(p) {
		out = sectionComments(n.H, out)
	}
	return answers(p, out)
}

// answers appends the answers to the question a Q&A page is about: its
// schema.org Answer items (itemprop suggestedAnswer or acceptedAnswer),
// each its text (itemprop="text"), its author (the name of its
// itemprop="author") and its date (itemprop dateCreated or
// datePublished, by its datetime or content if it has one), when the
// page declares its question's text (questionText).
func answers(p *Page, out []Comment) []Comment {
	if !slices.ContainsFunc(p.Nodes, questionText) {
		return out
	}
	for _, n := range p.Nodes {
		if !schemaType(n.H, "Answer") || !htmlnode.Has(n.H, "itemscope") {
			continue
		}
		var c Comment
		visitAll(n.H, func(h *html.Node) {
			if h == n.H || h.Type != html.ElementNode {
				return
			}
			prop := htmlnode.Attr(h, "itemprop")
			switch {
			case c.Text == "" && hasToken(prop, "text"):
				c.Text = commentText(h, h, nil, nil)
			case c.Author == "" && hasToken(prop, "author"):
				c.Author = propName(h)
			case c.Published == "" && (hasToken(prop, "datecreated") || hasToken(prop, "datepublished")):
				c.Published = cmp.Or(clean(htmlnode.Attr(h, "datetime")), clean(htmlnode.Attr(h, "content")), clean(nodeText(h)))
			}
		})
		if c.Text != "" {
			out = append(out, c)
		}
	}
	return out
}

// propName is the name of a microdata item (its itemprop="name"), or
// its text when it has none.
func propName(h *html.Node) string {
	name := ""
	visitAll(h, func(c *html.Node) {
		if name == "" && c.Type == html.ElementNode && hasToken(htmlnode.Attr(c, "itemprop"), "name") {
			name = cmp.Or(clean(htmlnode.Attr(c, "content")), clean(nodeText(c)))
		}
	})
	if name == "" {
		name = clean(nodeText(h))
	}
	return name
}

// sectionComments appends the comments of one comment section. A
// section with no comment items in it, that names one author and a
// date, is one comment itself: a board that names each post by a
// compound of "comment" ("BoardComment", "MtnComment") makes each a
// section of its own.
func sectionComments(section *html.Node, out []Comment) []Comment {
	before := len(out)
	var walk func(h *html.Node)
	walk = func(h *html.Node) {
		if h.Type == html.ElementNode && h.DataAtom == atom.Noscript {
			// Disqus's fallback list: the parser keeps a <noscript>'s
			// content as text, as a browser with scripts on does.
			if frag := noscriptNodes(h); frag != nil {
				for _, f := range frag {
					walk(f)
				}
			}
			return
		}
		if h.Type == html.ElementNode && commentItem(h) {
			if c, ok := readComment(h); ok {
				out = append(out, c)
			}
		}
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(section)
	if len(out) == before && onePost(section) {
		if c, ok := readComment(section); ok && c.Author != "" && c.Published != "" {
			out = append(out, c)
		}
	}
	return out
}

// onePost: section shows one author, and asks for none: one post, not a
// list of comments with no items marked, a comment form, or a count of
// comments with its post's data hidden in it.
func onePost(section *html.Node) bool {
	authors, form := 0, false
	var walk func(h *html.Node)
	walk = func(h *html.Node) {
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type != html.ElementNode || hidden(c):
				continue
			case c.DataAtom == atom.Form || c.DataAtom == atom.Input || c.DataAtom == atom.Textarea:
				form = true
			case isAuthorNode(c):
				authors++
			}
			walk(c)
		}
	}
	walk(section)
	return authors == 1 && !form
}

// noscriptNodes parses a <noscript>'s text as HTML.
func noscriptNodes(h *html.Node) []*html.Node {
	var b strings.Builder
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	if !strings.Contains(b.String(), "<") {
		return nil
	}
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(b.String()), ctx)
	if err != nil {
		return nil
	}
	return nodes
}

// commentIDPattern: the ids WordPress and Disqus's plugin give one
// comment ("comment-42", "dsq-comment-42"), not its parts
// ("div-comment-42", "dsq-comment-body-42").
var commentIDPattern = regexp.MustCompile(`^(dsq-)?comment-?[0-9]+$`)

// commentItem: the element of one comment. WordPress's li.comment (and
// its pingbacks), Disqus's li#dsq-comment-N, a generic .comment block;
// by id too, as themes that mangle the class still give the id.
func commentItem(h *html.Node) bool {
	if commentIDPattern.MatchString(htmlnode.Attr(h, "id")) {
		return true
	}
	for _, tok := range strings.Fields(strings.ToLower(htmlnode.Attr(h, "class"))) {
		switch tok {
		case "comment", "dsq-comment", "pingback", "trackback", "comment-item", "comment-thread-item":
			return true
		}
	}
	return false
}

// The parts of a comment, by the class words that name them.
var (
	commentAuthorWords  = wordSet("fn author username user commenter nickname name")
	commentDateWords    = wordSet("date time timestamp published posted commentmetadata metadata meta")
	commentActionWords  = wordSet("reply actions action edit report flag like likes vote votes voting share avatar says toolbar footer")
	commentContentWords = wordSet("content text message body")
)

// actionLine: the links under a comment that are no part of what its
// reader wrote.
var actionLine = regexp.MustCompile(`(?i)^(\s*(reply|reply ↓|log in to reply|report( abuse)?|like|unlike|dislike|flag|share|edit|\(edit\)|permalink|quote|upvote|downvote|[0-9]+ likes?|[0-9]+ repl(y|ies))\s*[/|·•,-]?\s*)+$`)

// readComment reads one comment: its author, date and text. Replies
// nested inside it are left to be read on their own.
func readComment(item *html.Node) (Comment, bool) {
	var c Comment
	var author, date, content *html.Node
	visit(item, item, func(h *html.Node) bool {
		if author == nil && isAuthorNode(h) {
			author = h
		}
		if date == nil && isDateNode(h) {
			date = h
		}
		if content == nil && hasWordH(h, commentContentWords) && !hasWordH(h, commentAuthorWords) {
			content = h
		}
		return true
	})
	if author != nil {
		c.Author = authorName(nodeText(author))
	}
	if date != nil {
		c.Published = commentDate(date)
	}
	root := item
	if content != nil {
		root = content
	}
	c.Text = commentText(root, item, author, date)
	if c.Author == "" {
		// A theme that names neither part prints them as the comment's
		// first line: "Heather on October 23rd, 2012 1:37 pm".
		first, rest, _ := strings.Cut(c.Text, "\n\n")
		if name, when, ok := commentMetaLine(first); ok && rest != "" {
			c.Author, c.Text = name, rest
			if c.Published == "" {
				c.Published = when
			}
		}
	}
	return c, c.Text != ""
}

// dateStarts: a date or a meta line starts at words[i]: a numeric date,
// a month, a day before its month ("29 October 2012"), or a separator
// before a dateline ("| Posted at 12:45pm").
func dateStarts(words []string, i int) bool {
	w := strings.ToLower(strings.TrimRight(words[i], ".,"))
	next := ""
	if i+1 < len(words) {
		next = strings.ToLower(strings.TrimRight(words[i+1], ".,"))
	}
	switch {
	case numericDate(w), monthWords[w] && next != "" && dateNumber(next), dateNumber(w) && monthWords[next]:
		return true
	case separatorWord(w) && i+1 < len(words):
		return byDateLine(strings.Join(words[i+1:], " "))
	}
	return false
}

// separatorWord: w is only the marks that part a meta line's fields
// ("|", "—", "·").
func separatorWord(w string) bool { return strings.Trim(w, "|-–—·•") == "" }

// ordinal: a list's number ("2.", "12)").
func ordinal(w string) bool {
	n := strings.TrimRight(w, ".)")
	return len(n) < len(w) && n != "" && strings.Trim(n, "0123456789") == ""
}

// commentMetaLine splits a comment's meta line into its author's name
// and its date: "NAME — DATE", "NAME on DATE", "NAME | DATE", "NAME,
// DATE", the name a user's name or a few capitalised words with no
// sentence in them, and the date one that byDateLine reads, with a
// number in it.
func commentMetaLine(line string) (name, date string, ok bool) {
	line = clean(line)
	if len(line) > 120 {
		return "", "", false
	}
	for _, sep := range []string{" — ", " – ", " - ", " | ", " on ", " On ", ", "} {
		n, d, found := strings.Cut(line, sep)
		n, d = strings.TrimSpace(n), strings.TrimSpace(d)
		words := strings.Fields(n)
		if !found || len(words) == 0 || len(words) > 4 || strings.ContainsAny(n, ".!?:;,") ||
			len(words) > 1 && slices.ContainsFunc(words, func(w string) bool { return !nameWord(w) }) {
			continue
		}
		if strings.ContainsAny(d, "0123456789") && byDateLine(d) {
			return n, d, true
		}
	}
	return "", "", false
}

// authorName is an author line without the verb after the name ("Jane
// says:", "Emily said...", "Mason wrote :"), without the address a
// theme prints before the name ("http://example.com/ Ella Rucker"), the
// comment's number ("2. Subversive") and, when the author's box holds
// them too, the date and the links after the name ("nomaduk 10.29.2012
// Log in to Reply").
func authorName(line string) string {
	words := strings.Fields(line)
	for len(words) > 1 && (strings.Contains(words[0], "://") || strings.HasPrefix(words[0], "www.") || ordinal(words[0])) {
		words = words[1:]
	}
	for i := 1; i < len(words); i++ {
		if dateStarts(words, i) || actionLine.MatchString(strings.Join(words[i:], " ")) {
			words = words[:i]
			break
		}
	}
	for len(words) > 1 && separatorWord(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	for verb := false; len(words) > 1; {
		switch strings.TrimRight(words[len(words)-1], ".:…") { // lower case: "John Said" is a name
		case "": // the colon of "wrote :"
		case "says", "said", "wrote", "writes":
			if verb {
				return strings.Join(words, " ")
			}
			verb = true
		default:
			return strings.Join(words, " ")
		}
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// isAuthorNode: hCard's fn, a <cite> (WordPress's older themes, Disqus),
// or an element whose class names the author, alone or joined to other
// words ("sidecommentauthor").
func isAuthorNode(h *html.Node) bool {
	if h.DataAtom == atom.Cite || hasToken(htmlnode.Attr(h, "itemprop"), "author") {
		return clean(nodeText(h)) != ""
	}
	words := 0
	for w := range nameWordsH(h) {
		if commentAuthorWords[w] || authorCompound(w) {
			words++
		}
		if commentActionWords[w] || commentContentWords[w] || w == "avatar" {
			return false
		}
	}
	// "comment-author vcard" holds an avatar and "says:", and in some
	// themes only the avatar: its fn, wherever it is, names the reader.
	// A name is a line: a box of sentences named so ("AboutAuthor") is
	// the story's author's bio.
	text := clean(nodeText(h))
	return words > 0 && text != "" && utf8.RuneCountInString(text) <= maxCommentAuthor &&
		!hasDescendant(h, func(d *html.Node) bool { return hasToken(htmlnode.Attr(d, "class"), "fn") })
}

// maxCommentAuthor bounds an author's box: a name, a site, "says:", a
// pingback's blog and post title.
const maxCommentAuthor = 120

// isDateNode: a <time>, or an element with some text (not a "meta" box
// of the avatar alone) whose class names the date.
func isDateNode(h *html.Node) bool {
	return h.DataAtom == atom.Time || hasWordH(h, commentDateWords) && !hasWordH(h, commentAuthorWords) && clean(nodeText(h)) != ""
}

// commentDate is a <time>'s datetime, else the date's text as written:
// the permalink's text when the meta line also holds an "Edit" link.
func commentDate(h *html.Node) string {
	var t *html.Node
	if h.DataAtom == atom.Time {
		t = h
	}
	visitAll(h, func(d *html.Node) {
		if t == nil && d.DataAtom == atom.Time {
			t = d
		}
	})
	if t != nil {
		if v := clean(htmlnode.Attr(t, "datetime")); v != "" {
			return v
		}
		return clean(nodeText(t))
	}
	if a := htmlnode.Find(h, atom.A); a != nil && !hasWordH(a, commentActionWords) {
		if v := clean(nodeText(a)); v != "" {
			return v
		}
	}
	return clean(nodeText(h))
}

// commentText is the text under root as paragraphs, without the
// author, the date, the action links and the replies of item.
func commentText(root, item, author, date *html.Node) string {
	var paras []string
	var cur strings.Builder
	flush := func() {
		// A dash between the text and the author taken out ("Thanks. –
		// Ingrid") stays at the text's end.
		line := strings.TrimRight(clean(cur.String()), " –—-")
		if line != "" && !actionLine.MatchString(line) {
			paras = append(paras, line)
		}
		cur.Reset()
	}
	var walk func(h *html.Node)
	walk = func(h *html.Node) {
		switch h.Type {
		case html.TextNode:
			cur.WriteString(h.Data)
			return
		case html.ElementNode:
		default:
			return
		}
		if h != root && (h == author || h == date || h != item && commentItem(h) || skipInComment(h)) {
			return
		}
		block := blockTags[h.DataAtom] || h.DataAtom == atom.Br
		if block {
			flush()
		}
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			flush()
		}
	}
	walk(root)
	flush()
	return strings.Join(paras, "\n\n")
}

// skipInComment: what a comment holds besides its text.
func skipInComment(h *html.Node) bool {
	switch h.DataAtom {
	case atom.Script, atom.Style, atom.Form, atom.Button, atom.Img, atom.Svg, atom.Noscript, atom.Template:
		return true
	}
	return hasWordH(h, commentActionWords) || hasWordH(h, commentAuthorWords) && !hasWordH(h, commentContentWords)
}

// visit calls fn for the elements under item in document order, not
// entering nested comments; fn returns false to skip an element's subtree.
func visit(h, item *html.Node, fn func(*html.Node) bool) {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || commentItem(c) {
			continue
		}
		if fn(c) {
			visit(c, item, fn)
		}
	}
}

func visitAll(h *html.Node, fn func(*html.Node)) {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			fn(c)
			visitAll(c, fn)
		}
	}
}

func hasDescendant(h *html.Node, pred func(*html.Node) bool) bool {
	found := false
	visitAll(h, func(d *html.Node) { found = found || pred(d) })
	return found
}

func nodeText(h *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		if n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Noscript) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(h)
	return b.String()
}

func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

func hasWordH(h *html.Node, set map[string]bool) bool {
	for w := range nameWordsH(h) {
		if set[w] {
			return true
		}
	}
	return false
}

// nameWordsH is nameWords for a raw element.
func nameWordsH(h *html.Node) iter.Seq[string] {
	return nameWords(&Node{H: h})
}

// CommentSection reports whether an element with this id and class
// attribute opens a comment section, as mining decides it: for readers
// of a page's token stream (export's byline, which must not take a
// commenter for the author).
func CommentSection(tag, id, class string) bool {
	h := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: atom.Lookup([]byte(tag)), Attr: []html.Attribute{{Key: "id", Val: id}, {Key: "class", Val: class}}}
	n := &Node{H: h}
	return commentish(n)
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
			if !stableName(tok) || commentState(tok) || termName(tok) {
				continue
			}
			if (strings.Contains(tok, "comment") && !strings.Contains(tok, "commentary")) ||
				strings.Contains(tok, "disqus") || tok == "respond" || containsAny(tok, localComments) {
				return true
			}
		}
	}
	return false
}

// termName: a class that names one of a post's terms, as WordPress
// writes them ("category-kommentare", "tag-comments"): what the post is
// about, not what its element holds.
func termName(tok string) bool {
	first, _, found := strings.Cut(strings.ReplaceAll(tok, "_", "-"), "-")
	return found && taxonomyWords[first]
}

// localComments name comment sections in the languages of sites whose
// themes are not in English: German's, Polish's, Czech's and Slovak's,
// and Spanish's and Portuguese's plurals (the German singular
// "Kommentar", like "commentary", is an opinion piece).
var localComments = []string{"kommentare", "komentarz", "komentare", "comentario"}

// commentNeedles are the words commentish looks for in a name.
var commentNeedles = newFoldSet("comment", "disqus", "respond", "kommentare", "komentar", "comentario")

// commentState: a class that says something of a post's comments
// ("commented", "comments-open", "has-comments", "no-comments"), not that
// its element holds them.
func commentState(tok string) bool {
	return strings.HasSuffix(tok, "ed") || strings.HasSuffix(tok, "-open") ||
		strings.HasPrefix(tok, "has-") || strings.HasPrefix(tok, "no-")
}

// commentSections returns the page's outermost comment sections, in
// document order, working them out once: both marking them template and
// splitting them into comments need them. They are the elements named so
// (commentish) and the lists that link their comments (linkedThreads)
// or open each with its author's <cite> (citedThreads);
// splitting a list into comments needs its items named, so one that only
// its links mark is left out of the story and exports none.
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
	p.sections = addThreads(p, p.sections, append(linkedThreads(p), citedThreads(p)...), in)
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
		// The page's headline opens its story, whatever a comment
		// plugin names it ("insticator-commenting", where its button
		// scrolls to).
		if h := commentHeading(n); h != nil && h != pageHeadline(p) {
			// A heading alone in its wrapper ("<div><h2>Comments</h2></div>"),
			// or with only links beside it ("View all comments »"), opens
			// the comments that follow the wrapper.
			for h.Parent.Parent != nil && h.Parent.CLenA == h.CLenA && !pageWide(h.Parent) {
				h = h.Parent
			}
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
	if n == h && (commentLabel(anchorText(h)) || formLabel(anchorText(h))) {
		return h
	}
	return nil
}

// commentLabel: a heading's text says only that comments follow
// ("Comments", "12 Comments", "Comments (3)", "Comments (5 of 12)",
// "3 Responses to “Title”", "10 thoughts on “Title”", "Reader comments",
// "Top Rated Comments"), as blog engines and news sites title their
// comment lists.
func commentLabel(text string) bool {
	if !containsFold(text, "omment") && !containsFold(text, "coment") && !containsFold(text, "respons") && !containsFold(text, "reacties") &&
		!containsFold(text, "thought") && !containsFold(text, "repl") {
		return false // most headings: no need to split and lower-case
	}
	words := strings.FieldsFunc(strings.ToLower(text), nonLetter)
	if strings.ContainsAny(text, "0123456789") {
		words = slices.DeleteFunc(words, func(w string) bool { return w == "of" }) // "Comments (5 of 12)"
	}
	t := strings.TrimSpace(text)
	counted := t != "" && t[0] >= '0' && t[0] <= '9' // "10 thoughts on …"
	if len(words) > 0 && (words[0] == "one" || words[0] == "no") {
		words, counted = words[1:], true // "One Response to …", "No Comments"
	}
	switch {
	case len(words) == 0:
		return false
	case len(words) >= 2 && (words[0] == "response" || words[0] == "responses" || words[0] == "comments") && words[1] == "to":
		return true // WordPress's "N Responses to “Title”"
	case counted && len(words) >= 2 && commentCounts[words[0]] && (words[1] == "on" || words[1] == "to") && quotedAfter(t, words[1]):
		// Its themes' "N thoughts on “Title”", "N Replies to “Title”"; a
		// headline's "6 Thoughts on Why Fear Helps" quotes nothing.
		return true
	case len(words) > 3:
		return false
	}
	// "Top Rated Comments", "Recent Comments", "Reader comments": one or
	// two words that say which comments, before the word itself.
	for _, w := range words[:len(words)-1] {
		if !commentQualifiers[w] {
			return false
		}
	}
	return commentWords[words[len(words)-1]]
}

// commentQualifiers are the words that say which comments a heading
// lists: their order, their rating, whose they are.
var commentQualifiers = wordSet("top rated highest best most popular liked featured recent latest newest oldest all " +
	"reader readers user users visitor visitors your")

// formLabel: a heading's text asks for a comment ("Leave a Reply",
// "Post a Comment", "Add your comment"), as blog engines title the form
// under a post; WordPress puts its hidden "Cancel reply" link in it.
func formLabel(text string) bool {
	if !containsFold(text, "comment") && !containsFold(text, "repl") && !containsFold(text, "respons") {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(text), nonLetter)
	if n := len(words); n > 2 && words[n-2] == "cancel" && words[n-1] == "reply" {
		words = words[:n-2]
	}
	if len(words) != 3 || !formVerbs[words[0]] || words[1] != "a" && words[1] != "your" {
		return false
	}
	return words[2] == "comment" || words[2] == "reply" || words[2] == "response"
}

// formVerbs are the verbs a comment form's heading asks with.
var formVerbs = wordSet("leave post add write submit")

// quotedAfter: what follows the first word w of text opens with a
// quotation mark.
func quotedAfter(text, w string) bool {
	lt := strings.ToLower(text)
	i := strings.Index(lt, " "+w+" ")
	if i < 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(lt[i+len(w)+2:]))
	return strings.ContainsRune("“\"«„‘'‹「", r)
}

// commentCounts are the words WordPress themes count comments in
// before "on" or "to" and the post's title.
var commentCounts = wordSet("thought thoughts reply replies")

var commentWords = map[string]bool{
	"comment": true, "comments": true, "responses": true, "kommentare": true, "commentaires": true,
	"comentarios": true, "commenti": true, "reacties": true, "comentários": true,
}
