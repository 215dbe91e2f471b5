package mine

import (
	"strings"
	"testing"
)

// storyProse tells a story with link lists beside it from a listing:
// prose in the items of a list of stories is teasers, prose elsewhere is
// the story's.
func TestStoryProse(t *testing.T) {
	sentence := "The council met on Tuesday evening and voted to keep the night buses running for two more years. "
	teasers := func(n int, lead string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(`<div class="item">` + strings.ReplaceAll(lead, "N", string(rune('a'+i))) + `<p>` + sentence + `</p></div>`)
		}
		return b.String()
	}
	related := `<ul><li><a href="/news/ferry-timetable">Ferry timetable changes for the winter</a></li>` +
		`<li><a href="/news/harbour-wall">Harbour wall repairs start next week</a></li>` +
		`<li><a href="/news/fleet-returns">Fishing fleet returns early before the storm</a></li></ul>`
	tests := []struct {
		name, region string
		want         bool
	}{
		{"story with a related list", `<h1>Night buses stay</h1><p>` + sentence + sentence + `</p><p>` + sentence + sentence + `</p><p>` + sentence + `</p>` + related, true},
		{"short story with a related list", `<h1>Night buses stay</h1><div>` + sentence + sentence + `<br><br>` + sentence + sentence + `<br><br>` + sentence + `</div>` + related, true},
		{"a few lines with a related list", `<h1>Night buses stay</h1><p>` + sentence + sentence + `</p>` + related, false},
		{"teasers under headlines", teasers(8, `<h2><a href="/news/story-N">Story N about the harbour town</a></h2>`), false},
		{"teasers led by links", teasers(8, `<a href="/news/story-N">Story N about the harbour town</a>`), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := `<html><body><div id="region">` + tt.region + `</div></body></html>`
			p := parse(Input{Key: "k", Body: []byte(body)}, "c")
			var region *Node
			for _, n := range p.page.Nodes {
				if n.H.Data == "div" && len(n.H.Attr) > 0 && n.H.Attr[0].Val == "region" {
					region = n
				}
			}
			l := newLinks(p.page, 3)
			if got := storyProse(p.page, region, l); got != tt.want {
				t.Errorf("storyProse = %v (running prose %d of %d), want %v", got, runningProse(p.page, region, l), contentChars(p.page, region), tt.want)
			}
		})
	}
}
