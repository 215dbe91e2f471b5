package mine_test

import (
	"fmt"
	"net/url"
	"strings"

	"infocrawl/mine"
)

// page is a story of a small news site: the site's template (menu,
// "most read", footer) around it.
func page(headline, story string) string {
	return `<html><head><title>` + headline + ` | Harbour News</title></head><body>
<nav><a href="/">Home</a> <a href="/world/">World</a> <a href="/sport/">Sport</a> <a href="/weather/">Weather</a></nav>
<div class="story"><h1>` + headline + `</h1>` + story + `</div>
<aside><h3>Most read</h3><ul>
<li><a href="/world/1.html">Ferry timetable changes for the winter season</a></li>
<li><a href="/world/2.html">Council approves new harbour wall after long debate</a></li>
<li><a href="/world/3.html">Fishing fleet returns early as storm approaches</a></li></ul></aside>
<footer>© Harbour News. All rights reserved. Contact the newsroom.</footer></body></html>`
}

func paragraphs(topic string) string {
	return "<p>Residents gathered on the quay to hear what the harbour master had to say about the " + topic +
		", and most of them stayed long after the speeches had ended.</p>" +
		"<p>The " + topic + " has divided the town: shopkeepers welcome it, while the older fishermen say the harbour was never built for it.</p>" +
		"<p>A public meeting about the " + topic + " is planned for next month in the town hall, where the council will answer questions.</p>"
}

// ExtractSite learns the template the pages share and keeps each page's
// story: the menu, the "most read" box and the footer are left out.
func ExampleExtractSite() {
	var inputs []mine.Input
	for i, topic := range []string{"new ferry", "storm damage", "regatta"} {
		u, _ := url.Parse(fmt.Sprintf("http://news.example/world/%d.html", 10+i))
		body := page("Harbour town talks about the "+topic, paragraphs(topic))
		inputs = append(inputs, mine.Input{Key: u.String(), URL: u, Body: []byte(body)})
	}
	for _, r := range mine.ExtractSite(inputs, mine.Options{}, false) {
		text := r.ArticleText()
		fmt.Printf("%s %q: %d paragraphs, menu or most read in it: %v\n", r.Kind, r.Title,
			len(strings.Split(text, "\n\n")), strings.Contains(text, "Weather") || strings.Contains(text, "Ferry timetable"))
	}
	// Output:
	// article "Harbour town talks about the new ferry": 3 paragraphs, menu or most read in it: false
	// article "Harbour town talks about the storm damage": 3 paragraphs, menu or most read in it: false
	// article "Harbour town talks about the regatta": 3 paragraphs, menu or most read in it: false
}
