package main

import (
	"strings"
	"testing"
)

func TestStripNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<div class="story" id='main' data-id="7">Text with class="x" in it</div>`,
			`<div data-id="7">Text with class="x" in it</div>`},
		{`<P CLASS=lead ID = intro>Hi</P>`, `<P>Hi</P>`},
		{`<img class="photo" src="a.png"/><br class=x>`, `<img src="a.png"/><br>`},
		{`<a href="/p?id=3" title="class">link</a>`, `<a href="/p?id=3" title="class">link</a>`},
		{`<script>var o = {id: 1, class: "x"}; if (a<b) {}</script><!-- <p class="c"> -->`,
			`<script>var o = {id: 1, class: "x"}; if (a<b) {}</script><!-- <p class="c"> -->`},
		{"<p class=\"\xe9t\xe9\" lang=fr>\xe9t\xe9</p>", "<p lang=fr>\xe9t\xe9</p>"},
		{`<input disabled class="x">`, `<input disabled>`},
	} {
		if got := string(stripNames([]byte(c.in), false)); got != c.want {
			t.Errorf("stripNames(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestStripNamesKeepAnchors: with keepAnchors, the ids the page's links
// point at stay, wherever the link is and however the id is written; the
// other ids and every class go.
func TestStripNamesKeepAnchors(t *testing.T) {
	in := `<a href="#comment-42">Jan 3</a><a href='/2012/07/post/?showComment=1#c7216'>Jan 4</a>` +
		`<li id="comment-42" class="css-1x">Hi</li><dt ID = c7216 class=c>Jo</dt><div id="main" class="css-2y">Body</div><p id="a&amp;b">x</p><a href="#a&b">y</a>`
	want := `<a href="#comment-42">Jan 3</a><a href='/2012/07/post/?showComment=1#c7216'>Jan 4</a>` +
		`<li id="comment-42">Hi</li><dt ID = c7216>Jo</dt><div>Body</div><p id="a&amp;b">x</p><a href="#a&b">y</a>`
	if got := string(stripNames([]byte(in), true)); got != want {
		t.Errorf("stripNames(keepAnchors)\n = %q\nwant %q", got, want)
	}
	if got := string(stripNames([]byte(in), false)); strings.Contains(got, "id=") || strings.Contains(got, "ID =") {
		t.Errorf("stripNames without keepAnchors keeps an id: %q", got)
	}
}
