package mine

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// domParse parses src as a page at pageURL ("" for an offline file) and
// checks the segmenter's invariants on it.
func domParse(t *testing.T, src, pageURL string) *Page {
	t.Helper()
	var u *url.URL
	if pageURL != "" {
		var err error
		if u, err = url.Parse(pageURL); err != nil {
			t.Fatal(err)
		}
	}
	p, err := Parse([]byte(src), u)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	domCheck(t, []byte(src), p)
	return p
}

// domSegments renders the segments as "owner-tag:text".
func domSegments(p *Page) []string {
	out := make([]string, len(p.Segments))
	for i, s := range p.Segments {
		out[i] = s.Owner.Tag + ":" + s.Text
	}
	return out
}

// domFind returns the n-th (from 0) node with the tag, in document order.
func domFind(t *testing.T, p *Page, tag string, nth int) *Node {
	t.Helper()
	for _, n := range p.Nodes {
		if n.Tag == tag {
			if nth == 0 {
				return n
			}
			nth--
		}
	}
	t.Fatalf("no such <%s>", tag)
	return nil
}

func TestDOMSegments(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"inline joined", "<p>a<b>b</b> c</p>", []string{"p:ab c"}},
		{"inline space inside", "<p>a <b> b</b>c <i>d </i> e</p>", []string{"p:a bc d e"}},
		{"whitespace collapsed", "<p>  one \n\t two  \r\n three </p>", []string{"p:one two three"}},
		{"entities", "<p>fish&amp;chips &lt;3</p>", []string{"p:fish&chips <3"}},
		{"div splits", "<div>x<div>y</div>z</div>", []string{"div:x", "div:y", "div:z"}},
		{"p in div", "<div>lead<p>para one</p><p>para two</p>tail</div>",
			[]string{"div:lead", "p:para one", "p:para two", "div:tail"}},
		{"list items", "<ul><li>one</li><li>two <b>bold</b></li></ul>", []string{"li:one", "li:two bold"}},
		{"table cells", "<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>",
			[]string{"td:a", "td:b", "th:c"}},
		{"headings", "<h1>Title</h1>text<h2>Sub</h2>more", []string{"h1:Title", "body:text", "h2:Sub", "body:more"}},
		{"br is a space", "<p>a<br>b<br/>c</p>", []string{"p:a b c"}},
		{"br at edges", "<p><br>a<br></p>", []string{"p:a"}},
		{"inline elements do not split", "<p><span>a</span><em>b</em> <strong>c</strong></p>", []string{"p:ab c"}},
		{"text directly in body", "before<div>inside</div>after", []string{"body:before", "div:inside", "body:after"}},
		{"script dropped", "<p>a<script>var x = '<p>no</p>';</script>b</p>", []string{"p:ab"}},
		{"style dropped", "<p>a <style>p { color: red }</style>b</p>", []string{"p:a b"}},
		{"noscript dropped", "<p>a</p><noscript><p>enable js</p></noscript><p>b</p>", []string{"p:a", "p:b"}},
		{"other dummies dropped", "<p>a<select><option>o</option></select><button>b</button><textarea>t</textarea>" +
			"<svg><text>s</text></svg><iframe>i</iframe>z</p>", []string{"p:az"}},
		{"template dropped", "<div>a<template><p>t</p></template></div>", []string{"div:a"}},
		{"noembed and noframes dropped", `<p>a<noembed><a href="/ad?x=1">Ad</a></noembed>b<noframes><p>no frames</noframes></p>`, []string{"p:ab"}},
		{"display none", `<p>a <span style="Display : None">x</span> b</p>`, []string{"p:a b"}},
		{"visibility hidden", `<p>a<span style="color:red;visibility:hidden">x</span>b</p>`, []string{"p:ab"}},
		// A dropped block leaves no boundary: its neighbours run on, as a
		// browser shows them when the block is display:none.
		{"hidden block joins", `<div>a<div style="display:none">x</div>b</div>`, []string{"div:ab"}},
		{"hidden attribute", "<div>a</div><div hidden>x<p>y</p></div><div>b</div>", []string{"div:a", "div:b"}},
		{"aria-hidden true", `<p>a<span aria-hidden="true">x</span>b</p>`, []string{"p:ab"}},
		{"aria-hidden false kept", `<p>a<span aria-hidden="false">x</span>b</p>`, []string{"p:axb"}},
		{"screen-reader text", `<p>Continue reading<span class="screen-reader-text"> Tram line</span></p><h2 class="sr-only">Post navigation</h2>`, []string{"p:Continue reading"}},
		{"screen-reader text of other style sheets", `<h2 class="text-hide">Hauptinhalt</h2><p>a<span class="element-invisible"> (link is external)</span></p>` +
			`<a class="visually-hidden-focusable" href="#main">Skip to main content</a><span class="assistive-text">Search</span>`, []string{"p:a"}},
		{"hidden-xs kept", `<p>a<span class="hidden-xs">x</span>b</p>`, []string{"p:axb"}},
		{"display classes", `<div>a</div><div class="slot hidden"><h2>Advertisement</h2></div><div class="is-hidden">y</div><p>b<span class="d-none">z</span></p>`,
			[]string{"div:a", "p:b"}},
		{"display class shown at a width", `<div class="hidden md:block">x</div><div class="d-none d-lg-block">y</div><div class="hidden visible-lg">z</div>`,
			[]string{"div:x", "div:y", "div:z"}},
		{"off the screen", `<p>a</p><div style="position:absolute; top:0; left:-9999px;"><a href="https://spam.example/">Download themes free</a></div><h1 style="text-indent: -9999px">Logo</h1><p style="margin-left:-20px">b</p>`,
			[]string{"p:a", "p:b"}},
		{"display class shown on paper only", `<p>a</p><div class="d-none d-print-block">Citation: retrieved 20 November</div><div class="hidden print:block">x</div><p>b</p>`,
			[]string{"p:a", "p:b"}},
		{"shown on paper only", `<p>a</p><div class="printfooter">Retrieved from "<a href="https://wiki.example/w/index.php?title=Tram&amp;oldid=74">https://wiki.example/w/index.php?title=Tram&amp;oldid=74</a>"</div>` +
			`<div class="visible-print-block">Printed from wiki.example</div><p class="show-for-print">x</p><p>b</p><p class="hidden-print noprint">c</p><div class="entry-content print-only">d</div>`,
			[]string{"p:a", "p:b", "p:c", "div:d"}},
		{"body hidden until scripts run", `<html class="hidden"><body class="hidden"><p>x</p></body></html>`, []string{"p:x"}},
		{"role button", `<div>a<div role="button" aria-label="Settings">Settings</div>b</div><p>c<span role="link">d</span></p>`, []string{"div:ab", "p:cd"}},
		{"control roles", `<div>Story<div role="toolbar"><ul role="menu"><li role="menuitemradio">High (HD)</li></ul>` +
			`<div role="slider" aria-label="Seek">0:00</div><span role="Tab">Captions</span></div></div>` +
			`<div role="tabpanel">Panel text</div>`, []string{"div:Story", "div:Panel text"}},
		{"heading's own anchor", `<h2 id="syntax"><a href="#syntax">Syntax</a></h2><h2><a href="/x">Elsewhere</a></h2>` +
			`<h2><a href="#" id="more">More comments</a></h2>`,
			[]string{"h2:Syntax", "h2:Elsewhere", "h2:More comments"}},
		{"display block kept", `<p>a<span style="display:block">x</span>b</p>`, []string{"p:axb"}},
		{"img dropped", `<p>a <img src="x.png" alt="alt text"> b</p>`, []string{"p:a b"}},
		// A drop cap drawn as a picture of the letter the word goes on from.
		{"drop cap", `<p><IMG src="/images/dropcap/qs.gif" align="left" alt="&#034;S">tar Wars," George Lucas's first film</p><p><img src="t.gif" alt="T">he second</p>`,
			[]string{`p:"Star Wars," George Lucas's first film`, "p:The second"}},
		{"no drop cap", `<p><img src="a.png" alt="A"> harbour seen from the hill</p><p><img src="b.png" alt="Bb">ut</p><p><img src="c.png" alt="C">Later</p>`,
			[]string{"p:harbour seen from the hill", "p:ut", "p:Later"}},
		{"comment dropped", "<p>a<!-- <p>c</p> -->b</p>", []string{"p:ab"}},
		{"head dropped, title not a segment", "<head><title>T</title></head><body><p>x</p></body>", []string{"p:x"}},
		{"link across blocks", `<a href="/x">one<div>two</div>three</a>`, []string{"body:one", "div:two", "body:three"}},
		{"nested tables", "<table><tr><td>a<table><tr><td>b</td></tr></table>c</td><td>d</td></tr></table>",
			[]string{"td:a", "td:b", "td:c", "td:d"}},
		{"unclosed tags", "<p>one<p>two<li>three<div>four", []string{"p:one", "p:two", "li:three", "div:four"}},
		{"empty blocks", "<div> </div><p>\n</p><div><span> </span></div>", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := domParse(t, tc.src, "")
			got := domSegments(p)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("segments of %q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

func TestDOMLinkLen(t *testing.T) {
	p := domParse(t, `<p>see <a href="/x">the  link</a> now</p><p><a href="/y">all link</a></p><p>no links</p>`, "http://h.test/")
	want := []struct {
		text         string
		len, linkLen int
	}{
		{"see the link now", 16, 7}, // link characters exclude spaces
		{"all link", 8, 7},
		{"no links", 8, 0},
	}
	if len(p.Segments) != len(want) {
		t.Fatalf("segments %q, want %d", domSegments(p), len(want))
	}
	for i, w := range want {
		s := p.Segments[i]
		if s.Text != w.text || s.Len != w.len || s.LinkLen != w.linkLen {
			t.Errorf("segment %d = %q Len %d LinkLen %d, want %q %d %d", i, s.Text, s.Len, s.LinkLen, w.text, w.len, w.linkLen)
		}
	}
	// Runes, not bytes.
	p = domParse(t, `<p>café <a href="/z">naïve</a></p>`, "")
	if s := p.Segments[0]; s.Len != 10 || s.LinkLen != 5 {
		t.Errorf("%q: Len %d LinkLen %d, want 10 and 5", s.Text, s.Len, s.LinkLen)
	}
}

func TestDOMAggregates(t *testing.T) {
	src := `<div id="r"><p>ab <a href="/1">cd</a></p>` +
		`<ul><li><a href="/2">efg</a></li><li>hi <a>jk</a></li></ul></div>`
	p := domParse(t, src, "http://h.test/")
	r := domFind(t, p, "div", 0)
	for _, c := range []struct {
		n                                 *Node
		clen, alen, clenA, alenA, anchors int
	}{
		{domFind(t, p, "p", 0), 2, 0, 2, 2, 1},
		{domFind(t, p, "a", 0), 0, 2, 0, 2, 1},
		{domFind(t, p, "li", 0), 0, 0, 0, 3, 1},
		// An <a> without href is still link text, but no anchor.
		{domFind(t, p, "li", 1), 2, 0, 2, 2, 0},
		{domFind(t, p, "a", 2), 0, 2, 0, 2, 0},
		{domFind(t, p, "ul", 0), 0, 0, 2, 5, 1},
		{r, 0, 0, 4, 7, 2},
		{p.Root, 0, 0, 4, 7, 2},
	} {
		n := c.n
		if n.CLen != c.clen || n.ALen != c.alen || n.CLenA != c.clenA || n.ALenA != c.alenA || n.Anchors != c.anchors {
			t.Errorf("<%s #%d>: CLen %d ALen %d CLenA %d ALenA %d Anchors %d, want %d %d %d %d %d",
				n.Tag, n.Index, n.CLen, n.ALen, n.CLenA, n.ALenA, n.Anchors, c.clen, c.alen, c.clenA, c.alenA, c.anchors)
		}
	}
	// Block flags and the tree shape.
	for _, n := range p.Nodes {
		want := n.Tag != "a"
		if n.Block != want {
			t.Errorf("<%s>.Block = %v", n.Tag, n.Block)
		}
	}
	if len(r.Kids) != 2 || r.Kids[0].Tag != "p" || r.Kids[1].Tag != "ul" || r.Kids[1].Parent != r {
		t.Errorf("div kids wrong: %v", r.Kids)
	}
}

func TestDOMHref(t *testing.T) {
	links := `<a href="page.html">1</a><a href=" /abs?q=1#frag ">2</a><a href="#only">3</a>` +
		`<a href="JavaScript:void(0)">4</a><a href="http://other.test/x#y">5</a><a>6</a><a href="">7</a><a href="../up.html">8</a>`
	for _, tc := range []struct {
		name, head, pageURL string
		want                []string
	}{
		{"page URL", "", "http://h.test/dir/index.html", []string{
			"http://h.test/dir/page.html", "http://h.test/abs?q=1", "", "", "http://other.test/x", "", "", "http://h.test/up.html"}},
		{"base href", `<base href="/sub/deeper/">`, "http://h.test/dir/index.html", []string{
			"http://h.test/sub/deeper/page.html", "http://h.test/abs?q=1", "", "", "http://other.test/x", "", "", "http://h.test/sub/up.html"}},
		{"base to another host", `<base href="https://cdn.test/a/">`, "http://h.test/dir/", []string{
			"https://cdn.test/a/page.html", "https://cdn.test/abs?q=1", "", "", "http://other.test/x", "", "", "https://cdn.test/up.html"}},
		{"base without href", `<base target="_blank">`, "http://h.test/dir/", []string{
			"http://h.test/dir/page.html", "http://h.test/abs?q=1", "", "", "http://other.test/x", "", "", "http://h.test/up.html"}},
		// Offline: nothing to resolve against, and <base> is ignored.
		{"no URL", `<base href="http://b.test/">`, "", []string{
			"page.html", "/abs?q=1", "", "", "http://other.test/x", "", "", "../up.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := domParse(t, "<html><head>"+tc.head+"</head><body>"+links+"</body></html>", tc.pageURL)
			var got []string
			for _, n := range p.Nodes {
				if n.Tag == "a" {
					got = append(got, n.Href)
				} else if n.Href != "" {
					t.Errorf("<%s> has Href %q", n.Tag, n.Href)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("hrefs:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestDOMTitle(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"<html><head><title>  My \n Page &amp; Co </title></head><body><p>x</p></body></html>", "My Page & Co"},
		{"<title>First</title><title>Second</title>", "First"},
		{"<p>no title</p>", ""},
		{"<title></title><p>x</p>", ""},
	} {
		p := domParse(t, tc.src, "")
		if p.Title != tc.want {
			t.Errorf("Title of %q = %q, want %q", tc.src, p.Title, tc.want)
		}
		for _, s := range p.Segments {
			if tc.want != "" && strings.Contains(s.Text, tc.want) {
				t.Errorf("%q: the head's title is in segment %q", tc.src, s.Text)
			}
		}
	}
}

// FuzzSegment: for any bytes, Parse does not panic, every segment belongs
// to exactly one block, and the segments, in order, are the page's
// visible text as an independent walk of the parsed tree finds it.
func FuzzSegment(f *testing.F) {
	for _, s := range []string{
		"",
		"plain text, no tags at all",
		"<p>a<b>b</b> c</p>",
		"<p>one<p>two<li>three<div>four<span>five",
		"<div><p>unclosed <b>bold <i>both</p> after</div>",
		"<table><tr><td>a<table><tr><td>b</td></tr></table>c</td><td>d</td></tr></table>",
		"<table>foster<tr><td>cell</td>stray</tr></table>after",
		"<body>x<div>y</div>z</body>",
		`<a href="/x">one<div>two</div>three</a><p>p <a href=y>in <b>b</b></a> out</p>`,
		`<a href=1>a<a href=2>b</a>c</a>`,
		`<p>a <span style="display: none">x</span><span hidden>y</span><i aria-hidden="true">z</i> b</p>`,
		`<div style="DISPLAY:NONE"><p>gone</p></div><p style="visibility: hidden">gone too</p>`,
		`<p>Read more<span class="Screen-Reader-Text"> about it</span></p><a class="skip sr-only" href="#c">Skip</a>`,
		"<p>a<script>b</script>c<style>d</style><noscript>e</noscript>f</p>",
		"<svg><title>t</title><text>s</text></svg><math><mi>x</mi></math><p>after</p>",
		"<html hidden><body>t</body></html>",
		"<title>in head</title><body><title>in body</title><p>x</p>",
		`<base href="//other.test/"><a href="x">x</a><a href="%zz">bad</a>`,
		"<select><option>o</option></select><button>b</button><textarea>t</textarea>",
		"<pre>  a\n  b\n</pre><p>a&nbsp;b\u00a0c\u2003d</p>",
		"\xff\xfe<p>\xe6</p>\x97\xa5 <b>\xe2\x80</b>\xa8",
		"<frameset><frame src=x></frameset>",
		"<template><p>t</p></template><p>x</p>",
		"<ul><li>a<ul><li>b</ul>c</ul>",
		"<dl><dt>t<dd>d</dl><h1>h<h2>h2</h1>",
		"<p>a<br>b<br/>c<img src=x>d</p>",
		strings.Repeat("<div>", 600) + "deep" + strings.Repeat("</div>", 600),
		strings.Repeat("<b>", 100) + "x" + strings.Repeat("<p>y", 50),
	} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile("onepage/testdata/news.html"); err == nil {
		f.Add(b)
	}
	u, _ := url.Parse("http://news.test/a/b.html")
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := Parse(in, u)
		if err != nil { // x/net/html refuses over-deep nesting
			return
		}
		domCheck(t, in, p)
	})
}

// displayWidth is a segment's Len as the builder counts it: a rune each,
// and a Chinese, Japanese or Korean character twice, as wide as a word of
// two letters (wideRune).
func displayWidth(text string) int {
	n := 0
	for _, r := range text {
		n++
		if wideRune(r) {
			n++
		}
	}
	return n
}

// The fuzz checker is not vacuous: it notices a page whose segments are
// wrong in each of the ways it looks for.
func TestDOMCheckerCatches(t *testing.T) {
	src := []byte(`<div>a <a href="/x">b</a><p>c</p>d</div><ul><li>e</li></ul>`)
	for _, tc := range []struct {
		name   string
		mutate func(p *Page)
	}{
		{"text changed", func(p *Page) { p.Segments[1].Text = "x" }},
		{"out of order", func(p *Page) { // "a b" and "d": both the div's
			s := p.Segments
			s[0], s[2] = s[2], s[0]
		}},
		{"segment dropped", func(p *Page) {
			p.Segments = p.Segments[:len(p.Segments)-1]
			li := p.Nodes[len(p.Nodes)-1]
			li.Segments = nil
		}},
		{"listed twice", func(p *Page) { p.Root.Segments = append(p.Root.Segments, 0) }},
		{"wrong owner", func(p *Page) {
			s := &p.Segments[2] // "d", owned by the div, listed by it
			s.Owner = p.Root
		}},
		{"owner not a block", func(p *Page) {
			s := &p.Segments[0]
			s.Owner.Block = false
		}},
		{"link length", func(p *Page) { p.Segments[0].LinkLen = 0 }},
		{"not collapsed", func(p *Page) { p.Segments[0].Text = "a  b"; p.Segments[0].Len = 4 }},
		{"node missing", func(p *Page) { p.Nodes = p.Nodes[:len(p.Nodes)-1] }},
	} {
		p, err := Parse(src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if msg := domInvariants(src, p); msg != "" {
			t.Fatalf("unbroken page fails: %s", msg)
		}
		tc.mutate(p)
		if msg := domInvariants(src, p); msg == "" {
			t.Errorf("%s: not noticed", tc.name)
		} else {
			t.Logf("%s: %s", tc.name, strings.SplitN(msg, "\n", 2)[0])
		}
	}
}

// domCheck checks a parsed page against the html tree of its source.
func domCheck(t *testing.T, src []byte, p *Page) {
	t.Helper()
	if msg := domInvariants(src, p); msg != "" {
		in := string(src)
		if len(in) > 300 {
			in = in[:300] + "…"
		}
		t.Fatalf("%s\ninput %q\nsegments %q", msg, in, domSegments(p))
	}
}

// domInvariants returns what is wrong with p, "" if nothing.
func domInvariants(src []byte, p *Page) string {
	// The page is read as UTF-8, each bad run of bytes as U+FFFD, before
	// its tags are: a tag splits what would have been one character.
	src = bytes.ToValidUTF8(src, []byte("\uFFFD"))
	if p.Root == nil || len(p.Nodes) == 0 || p.Nodes[0] != p.Root || p.Root.Parent != nil {
		return "Root is not Nodes[0] or has a parent"
	}
	// The tree: Nodes is the preorder of Root's Kids, with Index and
	// Parent consistent.
	i := 0
	var tree func(n *Node) string
	tree = func(n *Node) string {
		if i >= len(p.Nodes) || p.Nodes[i] != n || n.Index != i {
			return fmt.Sprintf("node <%s> is not Nodes[%d] or has Index %d", n.Tag, i, n.Index)
		}
		i++
		if n.Href != "" && n.Tag != "a" {
			return fmt.Sprintf("<%s> has Href %q", n.Tag, n.Href)
		}
		for _, k := range n.Kids {
			if k.Parent != n {
				return fmt.Sprintf("<%s #%d> is a kid of #%d but its Parent is not", k.Tag, k.Index, n.Index)
			}
			if msg := tree(k); msg != "" {
				return msg
			}
		}
		return ""
	}
	if msg := tree(p.Root); msg != "" {
		return msg
	}
	if i != len(p.Nodes) {
		return fmt.Sprintf("%d nodes reachable from Root, %d in Nodes", i, len(p.Nodes))
	}

	// Every segment is owned by one block in Nodes, and listed by it alone.
	listed := make([]int, len(p.Segments))
	for _, n := range p.Nodes {
		for _, si := range n.Segments {
			if si < 0 || si >= len(p.Segments) {
				return fmt.Sprintf("<%s #%d> lists segment %d of %d", n.Tag, n.Index, si, len(p.Segments))
			}
			listed[si]++
			if p.Segments[si].Owner != n {
				return fmt.Sprintf("<%s #%d> lists segment %d, owned by #%d", n.Tag, n.Index, si, p.Segments[si].Owner.Index)
			}
		}
	}
	// Invalid UTF-8 split over text nodes can join into a new rune (even
	// a space) in a segment's text: the text checks need valid input.
	valid := utf8.Valid(src)
	linkLen := 0
	for si, s := range p.Segments {
		o := s.Owner
		switch {
		case o == nil || o.Index < 0 || o.Index >= len(p.Nodes) || p.Nodes[o.Index] != o:
			return fmt.Sprintf("segment %d %q: owner not in Nodes", si, s.Text)
		case !o.Block:
			return fmt.Sprintf("segment %d %q: owner <%s> is not a block", si, s.Text, o.Tag)
		case listed[si] != 1:
			return fmt.Sprintf("segment %d %q is listed by %d nodes", si, s.Text, listed[si])
		case s.Text == "" || s.Text[0] == ' ' || s.Text[len(s.Text)-1] == ' ' || strings.Contains(s.Text, "  "),
			valid && strings.Join(strings.Fields(s.Text), " ") != s.Text:
			return fmt.Sprintf("segment %d %q: empty or whitespace not collapsed", si, s.Text)
		case s.Len != displayWidth(s.Text) || s.LinkLen < 0 || (valid && s.LinkLen > s.Len):
			return fmt.Sprintf("segment %d %q: Len %d LinkLen %d", si, s.Text, s.Len, s.LinkLen)
		}
		linkLen += s.LinkLen
	}

	// The independent walk.
	doc, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		return "Parse succeeded where html.Parse fails: " + err.Error()
	}
	w := &domWalk{}
	root := doc
	for c := doc.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Html {
			root = c
			break
		}
	}
	w.walk(root, false)
	w.flush()

	if len(w.elems) != len(p.Nodes) {
		return fmt.Sprintf("%d kept elements, walk finds %d", len(p.Nodes), len(w.elems))
	}
	for i, h := range w.elems {
		if p.Nodes[i].Tag != h.Data {
			return fmt.Sprintf("Nodes[%d] is <%s>, walk finds <%s>", i, p.Nodes[i].Tag, h.Data)
		}
	}
	var got, want strings.Builder
	for _, s := range p.Segments {
		got.WriteString(strings.ReplaceAll(s.Text, " ", ""))
	}
	for _, s := range w.segs {
		want.WriteString(s.text)
	}
	if got.String() != want.String() {
		return fmt.Sprintf("visible text differs (spaces ignored):\n got %q\nwant %q", got.String(), want.String())
	}
	if len(w.segs) != len(p.Segments) {
		return fmt.Sprintf("%d segments, walk finds %d: %v", len(p.Segments), len(w.segs), w.segs)
	}
	for i, s := range w.segs {
		ps := p.Segments[i]
		if ps.Owner.Index != s.owner || strings.ReplaceAll(ps.Text, " ", "") != s.text {
			return fmt.Sprintf("segment %d is %q owned by #%d, walk finds %q owned by #%d", i, ps.Text, ps.Owner.Index, s.text, s.owner)
		}
	}
	r := p.Root
	if r.CLenA+r.ALenA != w.runes || r.ALenA != w.linkRunes || linkLen != w.linkRunes {
		return fmt.Sprintf("Root CLenA %d ALenA %d, segment LinkLen sum %d; walk finds %d characters, %d in links",
			r.CLenA, r.ALenA, linkLen, w.runes, w.linkRunes)
	}
	if r.Anchors != w.anchors {
		return fmt.Sprintf("Root Anchors %d, walk finds %d <a href>", r.Anchors, w.anchors)
	}
	return ""
}

// domWalk is the test's own account of a page's visible text: elements
// kept the way dom.go documents (dummy and hidden subtrees skipped, <br>
// and <img> hold nothing), text split at every block element's start and
// end, each run owned by its innermost block.
type domWalk struct {
	elems            []*html.Node
	segs             []domWalkSeg
	cur              strings.Builder
	owner            int // preorder index of the current block
	runes, linkRunes int // characters as Len counts them (displayWidth)
	anchors          int
}

type domWalkSeg struct {
	text  string // the run's text with its whitespace removed
	owner int
}

var (
	domBlockTags = domAtomSet("address article aside blockquote body dd details dialog div dl dt fieldset " +
		"figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr html li main nav ol p pre section summary " +
		"table tbody td tfoot th thead tr ul caption center frameset title")
	domDroppedTags = domAtomSet("script style noscript template svg iframe select textarea button object embed " +
		"canvas audio video map head math noembed noframes")
)

func domAtomSet(s string) map[atom.Atom]bool {
	m := map[atom.Atom]bool{}
	for _, w := range strings.Fields(s) {
		a := atom.Lookup([]byte(w))
		if a == 0 {
			panic("no atom " + w)
		}
		m[a] = true
	}
	return m
}

// domOffScreen: a style, spaces removed, that moves an element 1000px
// or more off the screen.
var domOffScreen = regexp.MustCompile(`(left|top|text-indent):-[0-9]{4}`)

// domHidden: the hidden attribute, aria-hidden="true", an inline style
// with display:none or visibility:hidden or far off the screen (spaces
// and case ignored), or a
// screen-reader-only class (case counts: CSS class selectors match it),
// a display class not undone at some width, a print-only class, or the
// role of a control (button, menu item, slider, tab…).
func domHidden(n *html.Node) bool {
	for _, a := range n.Attr {
		style := strings.ToLower(strings.ReplaceAll(a.Val, " ", ""))
		if a.Key == "hidden" || (a.Key == "aria-hidden" && a.Val == "true") ||
			(a.Key == "style" && (strings.Contains(style, "display:none") || strings.Contains(style, "visibility:hidden") ||
				domOffScreen.MatchString(style))) {
			return true
		}
		if a.Key == "role" && slices.Contains([]string{"button", "menu", "menubar", "menuitem", "menuitemradio", "menuitemcheckbox",
			"slider", "spinbutton", "scrollbar", "progressbar", "switch", "checkbox", "radio",
			"tab", "tablist", "toolbar", "listbox", "option", "tooltip"}, strings.ToLower(strings.TrimSpace(a.Val))) {
			return true
		}
		if a.Key == "class" && slices.ContainsFunc(strings.Fields(a.Val), func(w string) bool {
			return slices.Contains([]string{"sr-only", "visually-hidden", "visuallyhidden", "visually-hidden-focusable", "screen-reader-text",
				"screen-reader-only", "screenreader-only", "assistive-text", "element-invisible", "element-hidden", "offscreen", "text-hide"}, w)
		}) {
			return true
		}
		if a.Key == "class" && n.DataAtom != atom.Body && n.DataAtom != atom.Html {
			words := strings.Fields(a.Val)
			hide := slices.ContainsFunc(words, func(w string) bool {
				return w == "hidden" || w == "is-hidden" || w == "d-none" ||
					w == "printfooter" || w == "show-for-print" || strings.HasPrefix(w, "visible-print")
			})
			shown := slices.ContainsFunc(words, func(w string) bool {
				return !strings.Contains(w, "print") && (strings.Contains(w, ":") || (strings.HasPrefix(w, "d-") && w != "d-none") || strings.HasPrefix(w, "visible-"))
			})
			if hide && !shown {
				return true
			}
		}
	}
	return false
}

func (w *domWalk) flush() {
	if w.cur.Len() > 0 {
		w.segs = append(w.segs, domWalkSeg{w.cur.String(), w.owner})
	}
	w.cur.Reset()
}

// walk visits a kept element (the root is always kept).
func (w *domWalk) walk(n *html.Node, inLink bool) {
	index := len(w.elems)
	w.elems = append(w.elems, n)
	block := domBlockTags[n.DataAtom] || n.Type == html.DocumentNode
	prev := w.owner
	if block {
		w.flush()
		w.owner = index
	}
	if n.DataAtom == atom.A {
		// A heading's link to a place on its own page is the heading's
		// anchor: its text is no link text.
		ownAnchor := false
		switch w.elems[w.owner].DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			href := strings.TrimSpace(htmlnode.Attr(n, "href"))
			ownAnchor = strings.HasPrefix(href, "#") && href != "#" && !strings.HasPrefix(href, "#!")
		}
		inLink = inLink || !ownAnchor
		for _, a := range n.Attr {
			if a.Key == "href" { // the first href counts, as in a browser
				if a.Val != "" {
					w.anchors++
				}
				break
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			for _, word := range strings.Fields(c.Data) {
				w.cur.WriteString(word)
				k := displayWidth(word)
				w.runes += k
				if inLink {
					w.linkRunes += k
				}
			}
		case c.Type == html.ElementNode && c.DataAtom == atom.Img && !domHidden(c):
			if letter, ok := dropCap(c); ok { // the rule itself is TestDOMSegments' "drop cap"
				w.cur.WriteString(letter)
				w.runes += displayWidth(letter)
				if inLink {
					w.linkRunes += displayWidth(letter)
				}
			}
		case c.Type != html.ElementNode, domDroppedTags[c.DataAtom], domHidden(c),
			c.DataAtom == atom.Br, c.DataAtom == atom.Img:
		default:
			w.walk(c, inLink)
		}
	}
	if block {
		w.flush()
		w.owner = prev
	}
}

// A non-breaking space between two text nodes separates words, as any
// other space does ("candidate\u00a0<b>told</b>" is two words).
func TestNonBreakingSpace(t *testing.T) {
	p, err := Parse([]byte("<p>the candidate\u00a0<b>told</b>\u00a0Ryan we<i>\u00a0recently</i></p>"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Segments[0].Text, "the candidate told Ryan we recently"; got != want {
		t.Fatalf("segment = %q, want %q", got, want)
	}
}

// Every class word hiddenClass hides by gets past its first test, the
// parts it looks for.
func TestHidingWords(t *testing.T) {
	words := []string{"hidden", "is-hidden", "d-none", "printfooter", "show-for-print", "visible-print", "visible-print-block"}
	for w := range screenReaderOnly {
		words = append(words, w)
	}
	for _, w := range words {
		if !hiddenClass("box " + w) {
			t.Errorf("hiddenClass(%q) = false", "box "+w)
		}
	}
	for _, class := range []string{"entry-content", "hidden-xs", "d-none d-lg-block", "print-only", "post reader-comments"} {
		if hiddenClass(class) {
			t.Errorf("hiddenClass(%q) = true", class)
		}
	}
}

// TestPageHeadline: the headline is the first h1–h3 the <title> holds,
// or else the first h1 whose words are nearly all the title's (an
// editor's search-engine title differs by a word or two), or else the
// first h1–h3 that is a whole part of the title and not the site's name.
func TestPageHeadline(t *testing.T) {
	for _, tc := range []struct{ name, title, body, want string }{
		{"title holds h2", "Ferry fares rise in May - Harbour News",
			"<h1>Harbour News</h1><h2>Ferry fares rise in May</h2>", "Ferry fares rise in May"},
		{"a word dropped", "NHL, NHLPA to resume CBA negotiations Tuesday - NHL.com - News",
			"<h1>NHL, NHLPA resume CBA negotiations Tuesday</h1>", "NHL, NHLPA resume CBA negotiations Tuesday"},
		{"curly apostrophe", "This Cat's Halloween Costume is Way Better Than Your Halloween Costume",
			"<h1>This Cat’s Halloween Costume is Way Better Than Your Halloween Costume</h1>", "This Cat’s Halloween Costume is Way Better Than Your Halloween Costume"},
		{"search title's other words", "West Ham hrozí gigantům, okouzlil i Linekera. Součkovu práci je snadné přehlédnout - Aktuálně.cz",
			"<h1>West Ham hrozí gigantům, okouzlil i Linekera. Součka je snadné přehlédnout</h1>", "West Ham hrozí gigantům, okouzlil i Linekera. Součka je snadné přehlédnout"},
		{"exact match first", "Ferry fares rise in May for island residents - Harbour News",
			"<h1>Ferry fares rise in May for all island residents</h1><h3>Ferry fares rise in May for island residents</h3>", "Ferry fares rise in May for island residents"},
		{"another story", "NHL, NHLPA to resume CBA negotiations Tuesday - NHL.com - News",
			"<h1>Rangers beat Devils in overtime on Tuesday night</h1>", ""},
		{"too short to tell", "Harbour News | Ferry fares rise",
			"<h1>Ferry fares</h1>", ""},
		{"two words, a whole part", "The Curious Brain » Sam Falconer",
			`<h3><a href="/?p=34518" rel="bookmark">Sam Falconer</a></h3>`, "Sam Falconer"},
		{"the site's name links home", "43 Rumors | Sam Falconer",
			`<h1><a href="/">43 Rumors</a></h1><h2>Sam Falconer</h2>`, "Sam Falconer"},
		{"one word", "Books - Scotsman",
			"<h1>Books</h1>", ""},
		{"a hyphen inside a word", "Ferry fares rise - Harbour News",
			"<h1>Ferry fares rise-up</h1>", ""},
		{"near, but no h1", "NHL, NHLPA to resume CBA negotiations Tuesday - NHL.com - News",
			"<h2>NHL, NHLPA resume CBA negotiations Tuesday</h2>", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := domParse(t, "<html><head><title>"+tc.title+"</title></head><body>"+tc.body+"<p>The story.</p></body></html>", "")
			got := ""
			if h := pageHeadline(p); h != nil {
				got = p.textOf(h)
			}
			if got != tc.want {
				t.Errorf("headline %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHeadingTitle: a blog's post title in an h2 or h3, under the site's
// name in the h1, is the result's title and no line of its text, as an
// h1 headline is; an h1 that opens the region stays the title.
func TestHeadingTitle(t *testing.T) {
	story := `<p>The harbour board voted on Monday to keep the night ferry running through the winter, after two months of letters from island residents who work late shifts on the mainland.</p>
<p>The service had been due to stop at the end of October. The board said the cost would be met from the summer's higher fares, and that the timetable would be reviewed again in March.</p>
<p>Residents' groups welcomed the decision but asked for a later last sailing on Fridays, when the mainland's hospitals change shifts.</p>`
	for _, tt := range []struct{ name, head, want string }{
		{"h3 under the site's h1", `<h1><a href="/">Harbour Notes</a></h1><div><h3><a href="/2012/11/night-ferry-stays/" rel="bookmark">Night ferry stays for the winter</a></h3>`, "Night ferry stays for the winter"},
		{"h2", `<div><h2>Night ferry stays for the winter</h2>`, "Night ferry stays for the winter"},
		{"h1 in the region", `<div><h1>Night ferry stays for the winter</h1>`, "Night ferry stays for the winter"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := `<html><head><title>Night ferry stays for the winter | Harbour Notes</title></head><body>` + tt.head + story + `</div>` +
				`<div><h4>Archives</h4><ul><li><a href="/2012/10/">October 2012</a></li><li><a href="/2012/09/">September 2012</a></li></ul></div></body></html>`
			r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
			if r.Title != tt.want {
				t.Errorf("title %q, want %q", r.Title, tt.want)
			}
			text := r.ArticleText()
			if !strings.Contains(text, "keep the night ferry running") {
				t.Errorf("the story is missing:\n%s", text)
			}
			if strings.Contains(text, "Night ferry stays") {
				t.Errorf("the headline is in the text:\n%s", text)
			}
		})
	}
}
