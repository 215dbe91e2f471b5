package mine

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"infocrawl/mine/internal/htmlnode"
)

// TestLinkedThreads: a blog whose theme hashes its class names still
// links each comment by its permalink or reply link, and those links
// alone take the comments out of the story, a lone comment too. A
// sidebar's link to that comment, links to other posts' comments and a
// chapter list take nothing.
func TestLinkedThreads(t *testing.T) {
	const page = "http://blog.example.org/2012/07/be-like-a-river/"
	post := `<p class="css-1kx0">A river never passes the same place twice, says a philosopher, and we draw the conclusion that this is the metaphor that comes closest to the meaning of life.</p>
<p class="css-1kx0">While we move between our source and our destination, the landscape will always be new. We should face these novelties with joy, not with fear, because it is useless to fear what cannot be avoided.</p>
<p class="css-1kx0">In a valley we walk slower. When everything around us becomes easier, the waters grow calm, and we become more open, fuller and more generous with the people we meet along the way.</p>
%s`
	comment := func(id, name, text string) string {
		return `<div class="css-9qz2" id="comment-` + id + `"><div class="css-a81"><span>` + name + `</span> <a href="` + page + `comment-page-1/#comment-` + id + `">July 31, 2012 at 4:30 pm</a></div>` +
			`<p>` + text + `</p><div class="css-b7"><a href="/2012/07/be-like-a-river/?replytocom=` + id + `#respond">Reply</a></div></div>`
	}
	list := `<h3 class="css-h3">{ 3 comments… read them below or add one }</h3><div class="css-list">` +
		comment("853359", "Ofelia", "Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana.") +
		`<div class="css-kids">` + comment("853360", "Paulo", "Thank you, Ofelia, the river keeps running for all of us who read it.") + `</div>` +
		comment("852831", "Cristina", "Pensar sobre água, rio e lago ajuda sempre, obrigado por escrever isto.") + `</div>`
	for _, tt := range []struct {
		name, after, sidebar string
		comments             bool // the comments' text is left out
	}{
		{"permalinks and reply links", list, "", true},
		{"blogger's links", `<div class="x1">` +
			`<div class="x2" id="c7216612329339232580"><b>Ofelia</b><p>Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana.</p><a href="` + page + `?showComment=1343748600000#c7216612329339232580">31 July 2012 16:30</a></div>` +
			`<div class="x2" id="c5521086338016672011"><b>Cristina</b><p>Pensar sobre água, rio e lago ajuda sempre, obrigado por escrever isto.</p><a href="` + page + `?showComment=1343432820000#c5521086338016672011">27 July 2012 23:27</a></div></div>`, "", true},
		{"one comment, which the sidebar links too", `<div class="css-list"><a name="comment-853359"></a>` +
			strings.Replace(comment("853359", "Ofelia", "Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana."), ` id="comment-853359"`, "", 1) + `</div>`,
			`<h2>Recent comments</h2><ul><li>Ofelia on <a href="` + page + `comment-page-1/#comment-853359">Be like a river</a></li></ul>`, true},
		{"other posts' comments", `<p>Readers answered the last two posts: <a href="/2012/07/zdf/#comment-852001">one wrote from Frankfurt</a>, and <a href="/2012/07/viva/#comment-852002">another from Rio</a>. Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana.</p>`, "", false},
		{"chapter anchors", `<ul><li><a href="#c1">Chapter one</a>: Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana.</li><li><a href="#c2">Chapter two</a></li></ul>`, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := `<html><head><title>Be like a river</title></head><body>` +
				`<div class="css-top"><a href="/">Paulo's Blog</a> <a href="/about/">About</a> <a href="/books/">Books</a></div>` +
				`<div class="css-main"><div class="css-post"><h1>Be like a river</h1>` + fmt.Sprintf(post, tt.after) + `</div></div>` +
				`<div class="css-side"><h2>Archives</h2><ul><li><a href="/2012/06/">June 2012</a></li><li><a href="/2012/05/">May 2012</a></li></ul>` + tt.sidebar + `</div>` +
				`<div class="css-foot">Copyright 2012. All rights reserved.</div></body></html>`
			u, _ := url.Parse(page)
			text := ExtractSite([]Input{{Key: "k", URL: u, Body: []byte(body)}}, Options{}, true)[0].ArticleText()
			if !strings.Contains(text, "fuller and more generous") {
				t.Errorf("the story is missing:\n%s", text)
			}
			if got := !strings.Contains(text, "me encanta"); got != tt.comments {
				t.Errorf("comments left out %v, want %v:\n%s", got, tt.comments, text)
			}
		})
	}
}

func TestCommentLink(t *testing.T) {
	for _, tt := range []struct {
		around, href string // around: the elements around the link, %s for it
		comment      bool
	}{
		{`<div id="comment-42">%s</div>`, "#comment-42", true},
		{`<li id="comment-42"><div>%s</div></li>`, "http://blog.example.org/2012/07/river/comment-page-2/#comment-42", true},
		{`<a name="comment-6a00d8341c"></a><div>%s</div>`, "#comment-6a00d8341c", true},
		{`<div id="c68260342"><span>%s</span></div>`, "#c68260342", true},
		{`<div>%s</div>`, "/2012/07/river/?replytocom=42#respond", true},
		{`<dd id="c7216612329339232580">%s</dd>`, "http://blog.example.org/2012/07/river/?showComment=1343748600000#c7216612329339232580", true},
		{`<li>%s</li>`, "http://blog.example.org/2012/07/river/?showComment=1343748600000#c7216612329339232580", false}, // a gadget's recent comment
		{`<div>%s</div>`, "//news.example.org/comments.pl?sid=2999543&cid=40747601", true},
		{`<div>%s</div>`, "#comment-42", false},                                                         // the comment is elsewhere: a sidebar's link
		{`<ul><li>%s</li></ul><div id="c68514"><h2>Wie viele sorgen vor?</h2></div>`, "#c68514", false}, // a table of contents
		{`<a name="comment-42">Ofelia</a><div>%s</div>`, "#comment-42", false},                          // an anchor with text is no empty mark
		{`<div id="c12">%s</div>`, "#c12", false},                                                       // a chapter
		{`<div id="comments">%s</div>`, "#comments", false},                                             // the section, no one comment
		{`<div>%s</div>`, "/category/?cid=12", false},                                                   // a category
		{`<div>%s</div>`, "/2012/07/river/#respond", false},
	} {
		body := `<html><body>` + fmt.Sprintf(tt.around, `<a href="`+tt.href+`">x</a>`) + `</body></html>`
		u, _ := url.Parse("http://blog.example.org/2012/07/river/")
		p := parse(Input{Key: "k", URL: u, Body: []byte(body)}, "").page
		var a *Node
		for _, n := range p.Nodes {
			if n.Tag == "a" && htmlnode.Attr(n.H, "href") == tt.href {
				a = n
			}
		}
		if a == nil {
			t.Fatalf("%s: no link", tt.href)
		}
		if got := commentLink(a); got != tt.comment {
			t.Errorf("commentLink(%q in %s) = %v, want %v", tt.href, tt.around, got, tt.comment)
		}
	}
}

// TestCitedThreads: comments that open with their author's <cite> on a
// line of its own (Disqus's fallback markup, WordPress's older themes)
// leave the story even when no class name and no link marks them; a
// <cite> that closes a quote, names a book in a reading list or is a
// reference keeps its text in the story.
func TestCitedThreads(t *testing.T) {
	const page = "http://blog.example.org/2012/07/be-like-a-river/"
	post := `<p class="css-1kx0">A river never passes the same place twice, says a philosopher, and we draw the conclusion that this is the metaphor that comes closest to the meaning of life.</p>
<p class="css-1kx0">While we move between our source and our destination, the landscape will always be new. We should face these novelties with joy, not with fear, because it is useless to fear what cannot be avoided.</p>
<p class="css-1kx0">In a valley we walk slower. When everything around us becomes easier, the waters grow calm, and we become more open, fuller and more generous with the people we meet along the way.</p>
`
	disqus := func(site, name, text string) string {
		return `<li><div><cite>` + site + ` <span>` + name + `</span></cite></div><div><div><p>` + text + `</p></div></div></li>`
	}
	says := func(name, text string) string {
		return `<li><div class="x3"><img src="/avatar.png" alt=""> <cite>` + name + `</cite> <span>says:</span></div><p>` + text + `</p></li>`
	}
	for _, tt := range []struct {
		name, after, text string
		gone              bool // text is left out
	}{
		{"disqus fallback", `<div><ul>` +
			disqus("http://tdhurst.com/", "tdhurst", "I know exactly how you feel about the river and the valley. Best of luck.") +
			disqus("", "Alayna F", "Don't worry, everyone walks slower in a valley, and the waters grow calm again.") + `</ul></div>`,
			"everyone walks slower", true},
		{"a name that says", `<ol>` +
			says("Ofelia", "Muchas gracias, me encanta sobre todo la introducción, que leo cada mañana.") +
			says("Cristina", "Pensar sobre água, rio e lago ajuda sempre, obrigado por escrever isto.") + `</ol>`,
			"me encanta", true},
		{"quotes that end with their source", `<blockquote><p>No man ever steps in the same river twice, for it is not the same river and he is not the same man.</p><cite>Heraclitus</cite></blockquote>` +
			`<blockquote><p>The river is everywhere at the same time, at the source and at the mouth, at the waterfall and at the ferry.</p><cite>Hermann Hesse</cite></blockquote>`,
			"not the same river", false},
		{"a reading list", `<ul><li><cite>Siddhartha</cite> by Hermann Hesse, in which a ferryman learns to listen to the river.</li>` +
			`<li><cite>Huckleberry Finn</cite> by Mark Twain, whose raft drifts down the Mississippi past every town.</li></ul>`,
			"learns to listen", false},
		{"references", `<h2>Sources</h2><ol><li><cite>Heraclitus</cite></li><li><cite>Hermann Hesse</cite></li></ol>`,
			"Hermann Hesse", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := `<html><head><title>Be like a river</title></head><body>` +
				`<div class="css-top"><a href="/">Paulo's Blog</a> <a href="/about/">About</a> <a href="/books/">Books</a></div>` +
				`<div class="css-main"><div class="css-post"><h1>Be like a river</h1>` + post + tt.after + `</div></div>` +
				`<div class="css-side"><h2>Archives</h2><ul><li><a href="/2012/06/">June 2012</a></li><li><a href="/2012/05/">May 2012</a></li></ul></div>` +
				`<div class="css-foot">Copyright 2012. All rights reserved.</div></body></html>`
			u, _ := url.Parse(page)
			text := ExtractSite([]Input{{Key: "k", URL: u, Body: []byte(body)}}, Options{}, true)[0].ArticleText()
			if !strings.Contains(text, "fuller and more generous") {
				t.Errorf("the story is missing:\n%s", text)
			}
			if got := !strings.Contains(text, tt.text); got != tt.gone {
				t.Errorf("%q left out %v, want %v:\n%s", tt.text, got, tt.gone, text)
			}
		})
	}
}
