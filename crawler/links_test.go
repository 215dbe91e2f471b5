package crawler

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// linkTagsByName is what scanLinks picked before linkTag: the start tags
// whose TagName is a, area or base.
func linkTagsByName(body []byte) []atom.Atom {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []atom.Atom
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			if a := atom.Lookup(name); a == atom.A || a == atom.Area || a == atom.Base {
				out = append(out, a)
			}
		}
	}
}

func linkTagsByRaw(body []byte) []atom.Atom {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []atom.Atom
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			if a := linkTag(z.Raw()); a != 0 {
				out = append(out, a)
			}
		}
	}
}

var linkTagCases = []string{
	`<a href=x><A HREF=y><a/><a>`,
	"<a\thref=x><a\nhref=y><a\rhref=z><a\fhref=w>",
	`<abbr title=t><address><aside><b><br/><base href=/b/><BASE/>`,
	`<area href=/m><AREA><Area shape=rect><areas><are><bases><basef>`,
	"<a\x00 href=x><\x00a href=y><ab\x00>",
	`<script>var s = "<a href=no>";</script><a href=yes>`,
	`<textarea><a href=no></textarea><title><a href=no></title><a href=yes>`,
	`<!-- <a href=no> --><![CDATA[<a href=no>]]><a href=yes>`,
	`<a`, `<a `, `<area`, `<`,
	`<svg><a href=in-svg></a></svg><math><a/></math>`,
	"<\u017fa><ba\u017fe href=x><ba\xc5\xbfe>",
}

func TestLinkTagMatchesTagName(t *testing.T) {
	for _, c := range linkTagCases {
		got, want := linkTagsByRaw([]byte(c)), linkTagsByName([]byte(c))
		if len(got) != len(want) {
			t.Errorf("%q: linkTag found %v, TagName %v", c, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: linkTag found %v, TagName %v", c, got, want)
				break
			}
		}
	}
}

// FuzzLinkTag: linkTag picks the same tags as TagName does.
func FuzzLinkTag(f *testing.F) {
	for _, c := range linkTagCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, want := linkTagsByRaw(body), linkTagsByName(body)
		if len(got) != len(want) {
			t.Fatalf("linkTag found %v, TagName %v", got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("linkTag found %v, TagName %v", got, want)
			}
		}
	})
}
