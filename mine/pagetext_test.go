package mine

import (
	"fmt"
	"strings"
	"testing"
)

// A page with neither an article nor a listing (a photo post whose only
// words are its title and credit) keeps its text outside the template
// and the comment form; a listing's text stays empty (its stories are
// its TOC links), and an article page's text is its article's.
func TestPageText(t *testing.T) {
	photo := singleFixture(t, "photopost.html")
	story := singleFixture(t, "declared.html")
	var items strings.Builder
	for i := range 8 {
		fmt.Fprintf(&items, `<li class="story"><h3><a href="/world/2024/05/story-%d.html">Harbour council votes on plan number %d</a></h3>
<p>The council met on Tuesday to weigh the plan's cost against the harbour's needs, item %d.</p></li>
`, i, i, i)
	}
	listing := `<html><head><title>World news</title></head><body>
<nav class="menu"><a href="/">Home</a> <a href="/world/">World</a> <a href="/sport/">Sport</a></nav>
<main><h1>World</h1><ul class="stories">` + items.String() + `</ul></main>
<footer>Copyright The Harbour Times</footer></body></html>`

	tests := []struct {
		name string
		body []byte
		kind Kind
		want []string // in MainText
		not  []string
	}{
		{"photo post", photo, KindOther,
			[]string{"Photographs by Anna Berg, northlight journal"},
			[]string{"Categories", "November 2012", "Powered by", "Leave a comment", "Say It!"}},
		{"listing", []byte(listing), KindTOC, nil,
			[]string{"Harbour council votes", "The council met"}},
		{"article", story, KindArticleTOC,
			[]string{"ferry strike was called off early on Saturday"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ExtractSite([]Input{{Key: "k", Body: tt.body}}, Options{}, true)[0]
			if r.Kind != tt.kind {
				t.Fatalf("kind %s, want %s", r.Kind, tt.kind)
			}
			if tt.kind != KindOther && r.PageText != "" {
				t.Errorf("page text on a page of kind %s: %q", r.Kind, r.PageText)
			}
			text := r.MainText()
			if len(tt.want) == 0 && text != "" {
				t.Errorf("text %q, want none", text)
			}
			checkText(t, text, tt.want, tt.not)
		})
	}
}
