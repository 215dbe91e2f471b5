package main

import "testing"

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
		if got := string(stripNames([]byte(c.in))); got != c.want {
			t.Errorf("stripNames(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}
