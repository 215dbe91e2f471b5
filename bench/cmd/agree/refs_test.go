package main

import "testing"

func TestBlockText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<div id="readability-page-1"><h2>Title</h2><p>One <a href="#">linked</a>
		sentence.</p><ul><li>first</li><li>second <b>bold</b></li></ul></div>`, "Title\nOne linked sentence.\nfirst\nsecond bold\n"},
		{`<p>a<br>b</p><script>var x = 1;</script><figure><img src=x><figcaption>cap</figcaption></figure>`, "a\nb\ncap\n"},
		{``, ""},
	} {
		got, err := blockText([]byte(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("blockText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
