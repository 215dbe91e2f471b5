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
