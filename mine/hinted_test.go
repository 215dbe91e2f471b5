package mine

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// In site mode, a box in the story's column whose class names promotion
// (or sharing, navigation…) and which holds no running prose is left out,
// though its text changes from page to page so that no cross-page
// statistic calls it template; the story's paragraphs stay.
func TestHintedBoxesInRegion(t *testing.T) {
	topics := []string{"night buses", "harbour wall", "ferry fares", "market hall"}
	var inputs []Input
	for i, topic := range topics {
		body := fmt.Sprintf(`<html><head><title>The council and the %[1]s</title></head><body>
<nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a></nav>
<div class="story"><h1>The council and the %[1]s</h1>
<p>The city council voted on Tuesday evening about the %[1]s, after a long debate in which residents from every district spoke.</p>
<div class="promo-box"><b>Offer %[2]d</b><span>Three months of the %[1]s digest for one euro</span></div>
<p>Supporters said the decision about the %[1]s would help shift workers, while critics pointed to the cost for the city budget.</p>
<p>The finance committee will report on the %[1]s in the spring, and a public meeting is planned for the town hall next month.</p>
</div><footer>© The Gazette</footer></body></html>`, topic, i+1)
		u, _ := url.Parse(fmt.Sprintf("http://gazette.example/news/%d/story.html", i+1))
		inputs = append(inputs, Input{Key: u.String(), URL: u, Body: []byte(body)})
	}
	for _, r := range ExtractSite(inputs, Options{}, false) {
		text := r.ArticleText()
		if strings.Contains(text, "digest for one euro") || strings.Contains(text, "Offer") {
			t.Errorf("%s: the promotion box is in the article:\n%s", r.Key, text)
		}
		if !strings.Contains(text, "The finance committee will report") {
			t.Errorf("%s: the story lost a paragraph:\n%s", r.Key, text)
		}
	}
}

// An id that spells the section's heading names its topic: "sharing" in
// "sharing-with-a-single-developer" is no share bar. A share box's own
// id, and a heading slug on a box the heading does not open, still hint.
func TestHeadingSlugIsNoHint(t *testing.T) {
	for _, tt := range []struct {
		html string
		want int
	}{
		{`<div class="section" id="sharing-with-a-single-developer"><h2>Sharing with a single developer</h2><p>Say you work on two computers.</p></div>`, 0},
		{`<div id="example-1-amend-a-shared-changeset"><h3>Example 1: Amend a shared changeset</h3><p>Text.</p></div>`, 0},
		{`<div id="share-buttons"><h3>Share this story</h3><a href="/s">Facebook</a></div>`, -1},
		{`<div id="sharing-with-a-single-developer"><p>Intro.</p><h2>Sharing with a single developer</h2></div>`, -1},
		{`<div id="comments"><h3>Comments</h3><p>First!</p></div>`, -1},
		// A plural names the same furniture; "text" names no story.
		{`<div id="sidebars_r"><h3>Most popular posts</h3><p>Manifesto.</p></div>`, -1},
		{`<div class="menus"><a href="/">Home</a></div>`, -1},
		{`<div class="text"><p>The official trailer is out.</p></div>`, 0},
		{`<div class="entry-text"><p>The story.</p></div>`, 1},
	} {
		p, err := Parse([]byte("<html><body>"+tt.html+"</body></html>"), nil)
		if err != nil {
			t.Fatal(err)
		}
		var box *Node
		for _, n := range p.Nodes {
			if n.Tag == "div" && box == nil {
				box = n
			}
		}
		if got := hintScore(box); got != tt.want {
			t.Errorf("%s: hintScore %d, want %d", tt.html, got, tt.want)
		}
	}
}
