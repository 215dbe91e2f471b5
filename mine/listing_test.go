package mine

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"infocrawl/mine/internal/htmlnode"
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

// A story inside a container that passes as a TOC box (its links spread
// over its items) keeps its paragraphs; the teasers of a list of stories
// beside it, one line under each headline, stay out.
func TestBoxKeepsRunningProse(t *testing.T) {
	sentence := func(i int) string {
		return fmt.Sprintf("Paragraph %c of the story tells how the council voted on Tuesday evening to keep the night buses running for two more years. ", 'A'+i)
	}
	var b strings.Builder
	b.WriteString(`<html><head><title>Night buses stay</title></head><body><div id="main">`)
	for i := range 6 { // a column of teasers, each under its headline
		fmt.Fprintf(&b, `<div class="item"><h3><a href="/news/other-story-%d">Other story number %d about the town</a></h3><p>Teaser %d says something about another story in a sentence of its own that runs on.</p></div>`, i, i, i)
	}
	b.WriteString(`<div class="item"><h3><a href="/news/night-buses">Night buses stay for two more years</a></h3>`)
	for i := range 4 {
		b.WriteString(`<p>` + sentence(i) + sentence(i+4) + `</p>`)
	}
	b.WriteString(`</div></div></body></html>`)
	r := ExtractSite([]Input{{Key: "k", Body: []byte(b.String())}}, Options{}, true)[0]
	text := r.ArticleText()
	for i := range 4 {
		if want := fmt.Sprintf("Paragraph %c of the story", 'A'+i); !strings.Contains(text, want) {
			t.Errorf("article lacks %q (kind %s):\n%s", want, r.Kind, text)
		}
	}
	if strings.Contains(text, "Teaser 2 says") {
		t.Errorf("a teaser is in the article:\n%s", text)
	}
}

func TestSiteOf(t *testing.T) {
	for host, want := range map[string]string{
		"www.example.com":    "example.com",
		"news.bbc.co.uk":     "bbc.co.uk",
		"example.com:8080":   "example.com",
		"blogs.wsj.com":      "wsj.com",
		"localhost":          "localhost",
		"a.b.abc.net.au":     "abc.net.au",
		"WWW.Example.COM.":   "example.com",
		"127.0.0.1:3000":     "127.0.0.1",
		"en.wikipedia.org":   "wikipedia.org",
		"shop.example.co.jp": "example.co.jp",
		"example.de":         "example.de",
		"sub.example.de":     "example.de",
		"sub.example.co":     "example.co",
		"x.y.example.com.au": "example.com.au",
	} {
		if got := siteOf(host); got != want {
			t.Errorf("siteOf(%q) = %q, want %q", host, got, want)
		}
	}
}

// A list of references to other sites, under a story, is the story's
// reading list, not a list of the site's stories: it stays in the text
// when the page's URL is known.
func TestReferencesStay(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><head><title>Why night buses matter</title></head><body><div class="post"><h1>Why night buses matter</h1>`)
	for i := range 4 {
		fmt.Fprintf(&b, `<p>Paragraph %d: shift workers at the hospital and the port depend on the night buses, and the council heard from many of them before its vote.</p>`, i)
	}
	b.WriteString(`<h2>Further reading</h2><ul>`)
	for i, ref := range [][2]string{
		{"transport.example.org", "Who rides after midnight"}, {"citylab.example.com", "The cost of a night network"},
		{"research.example.edu", "Shift work and the commute"}, {"stats.example.gov", "Travel survey tables"},
		{"news.example.net", "Other cities keep their night buses"},
	} {
		fmt.Fprintf(&b, `<li><a href="https://%s/report-%d">%s</a>, a report by the %s team, spring 2012.</li>`, ref[0], i, ref[1], ref[0])
	}
	b.WriteString(`</ul></div></body></html>`)
	u, _ := url.Parse("https://blog.example-town.org/2013/03/night-buses")
	r := ExtractSite([]Input{{Key: u.String(), URL: u, Body: []byte(b.String())}}, Options{}, true)[0]
	if text := r.ArticleText(); !strings.Contains(text, "Shift work and the commute") {
		t.Errorf("the reading list is not in the article:\n%s", text)
	}
	if len(r.TOC) > 0 {
		t.Errorf("references taken for a TOC block: %+v", r.TOC)
	}
}

// A container that holds a story's two paragraphs and a long list of the
// site's earlier posts is not a TOC box as a whole: the list goes, the
// paragraphs stay. A side box with a blurb beside its list stays a box.
func TestBoxAroundStory(t *testing.T) {
	var list strings.Builder
	list.WriteString(`<p>Earlier interviews in the series:</p><ul>`)
	for i := range 12 {
		fmt.Fprintf(&list, `<li><a href="/blog/posts/interview-%d">Interview number %d on the history of the harbour</a></li>`, i, i)
	}
	list.WriteString(`</ul>`)
	story := `<p>The harbour master talks about the winter storms, the repairs to the old wall and what the town has learnt from them since the flood.</p>` +
		`<p>In this episode she explains, in her own words, why the fishing fleet now leaves a day earlier when the forecast turns and how the crews agreed to it.</p>`
	body := `<html><head><title>The harbour master</title></head><body><div class="page"><article><h1>The harbour master</h1><div class="manuscript"><div>` +
		story + list.String() + `</div></div></article>` +
		`<div class="sidebar"><p>This blog is written by the volunteers of the harbour museum, who meet every Thursday evening and welcome new members.</p><ul>` +
		`<li><a href="/blog/posts/a">Museum opens a new room for the old boats</a></li><li><a href="/blog/posts/b">The lighthouse keeper's diary is found</a></li>` +
		`<li><a href="/blog/posts/c">Volunteers restore the harbour crane</a></li><li><a href="/blog/posts/d">A summer of open days at the museum</a></li></ul></div>` +
		`</div></body></html>`
	p := parse(Input{Key: "k", Body: []byte(body)}, "c")
	l := newLinks(p.page, 3)
	var region *Node
	for _, n := range p.page.Nodes {
		if n.Tag == "div" && n.Parent != nil && n.Parent.Tag == "body" {
			region = n
		}
	}
	boxed := l.inTOC(p.page, region)
	for _, s := range p.page.Segments {
		in := boxed[s.Owner]
		for _, want := range []string{"winter storms", "fishing fleet now leaves"} {
			if strings.Contains(s.Text, want) && in {
				t.Errorf("the story's paragraph %q is in a TOC box", want)
			}
		}
		for _, not := range []string{"Interview number 3", "volunteers of the harbour museum"} {
			if strings.Contains(s.Text, not) && !in {
				t.Errorf("%q is not in a TOC box", not)
			}
		}
	}
}

// A small element named like furniture ("meta", "byline", "caption",
// WordPress's "postmetadata"; an author's bio up to a paragraph long) is
// left out of the story, unless the story is in it: a video page's
// "meta-information" box holds the few sentences the page tells, a photo
// page's caption is its story; a caption beside a story is furniture. A
// bio of one paragraph as long as a post of several is not the story.
func TestMetaBoxHoldsStory(t *testing.T) {
	body := `<html><body><div id="region">` +
		`<span class="story-date">24 July 2012 Last updated at 05:40 ET</span>` +
		`<div class="byline"><p>By Jane Smith, BBC News, Washington, who has covered the games since Athens.</p></div>` +
		`<div class="emp-description" id="meta-information">` +
		`<p>People from all over the world are coming to London to see the Olympic Games.</p>` +
		`<p>Scott and Kathy Cleveland from Idaho are among the thousands who are making the trip.</p>` +
		`<p>They made a home-made movie about their preparations for the visit.</p></div>` +
		`</div></body></html>`
	photo := `<html><body><div id="region"><h2>Lindsay Lohan's latest look featured a lot of lipstick.</h2><img src="/1.jpg">` +
		`<div class="caption">Lindsay Lohan looked a tad too done up after a night out on July 21. She got into her car with a face full of lipstick and eyeliner. (Photo: Agency)</div>` +
		`</div></body></html>`
	story := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p><img src="/1.jpg">` +
		`<div class="caption">The N2 night bus leaves the harbour stop at midnight, as it has done for thirty years. (Photo: Agency)</div>` +
		`</div></body></html>`
	bio := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<div class="post-body-sig-line"><div class="post-body-bio">Jane Smith covers the city council. She previously reported on transport for the Evening Post.</div></div>` +
		`</div></body></html>`
	longBio := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<p>The routes cost the city about four million a year, most of it for drivers, and the fares bring back less than a quarter of that.</p>` +
		`<p>Two councillors wanted to cut the N4 to the airport, which carries fewer than forty people a night, but the vote went against them.</p>` +
		`<p>The decision will be looked at again in the spring of next year, when the new budget is drawn up and the trams run later.</p>` +
		`<div class="author-dropdown"><div class="description"><p>Jane Smith is the city editor of the Evening Post. She has written for the Times, the Herald and ` +
		`a dozen magazines about transport, housing and the way cities work at night, and before that she drove a night bus herself for three years, ` +
		`which she says taught her more about the city than any desk. She lives by the harbour with two cats and far too many timetables, ` +
		`and on Sundays she walks the old tram lines out to the lighthouse and back.</p></div></div>` +
		`</div></body></html>`
	entryAuthor := `<html><body><div id="region"><div class="serendipity_entry serendipity_entry_author_Jane-Smith">` +
		`<p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<p>The routes cost the city about four million a year, most of it for drivers, and the fares bring back less than a quarter of that.</p>` +
		`<p>Two councillors wanted to cut the N4 to the airport, which carries fewer than forty people a night, but the vote went against them.</p>` +
		`<p>The decision will be looked at again in the spring of next year, when the new budget is drawn up and the trams run later.</p></div>` +
		`<div class="serendipity_entry serendipity_entry_author_Tom-Brown"><p>The ferry timetable changes next week, with two more crossings at night and one fewer at noon. ` +
		`The harbour office says the change follows a survey of passengers, most of whom travel after work, and that the noon boat was often half empty. ` +
		`Fares stay as they are until the summer, when the harbour office will look at them again with the council and the ferry company.</p></div>` +
		`</div></body></html>`
	postmeta := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<p class="postmetadata alt"><small>This entry was posted on Saturday, August 25th, 2012 at 12:23 am and is filed under <a href="/c/city/">City</a>. ` +
		`You can follow any responses to this entry through the <a href="/feed/">RSS 2.0</a> feed.</small></p>` +
		`</div></body></html>`
	// An author's box named by its id, styled as a post by its class,
	// with a bio longer than a small byline box.
	authorBox := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<p>The routes cost the city about four million a year, most of it for drivers, and the fares bring back less than a quarter of that.</p>` +
		`<p>Two councillors wanted to cut the N4 to the airport, which carries fewer than forty people a night, but the vote went against them.</p>` +
		`<p>The decision will be looked at again in the spring of next year, when the new budget is drawn up and the trams run later.</p>` +
		`<p>Until then the night buses keep their timetable, and the council will publish the number of passengers on each route every month.</p>` +
		`<div class="post" id="author"><h3>Author: <a href="/jane">Jane Smith</a></h3><p>Jane Smith is the founder and editor of the Evening Post, ` +
		`a news outlet that reports daily on the city council, transport, housing and the way the city works at night. Before that she drove a night ` +
		`bus for three years, which she says taught her more about the city than any desk ever did. She has written for the Times and the Herald, ` +
		`lives by the harbour with two cats and far too many timetables, and walks the old tram lines out to the lighthouse on Sundays. ` +
		`Follow her on the social networks, or write to her with your stories about the buses, the trams and the ferries.</p></div>` +
		`</div></body></html>`
	// A theme's class word joins "author" to another ("postauthor").
	compound := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`<div class="postauthor"><h4>Written by <a href="/">Jane Smith</a></h4><p>Jane Smith covers the city council. She previously reported on transport for the Evening Post.</p></div>` +
		`</div></body></html>`
	// A short post of three paragraphs, its author's bio one paragraph
	// as long as the post.
	shortPost := `<html><body><div id="region"><p>The night buses keep running for two more years, the council decided.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay.</p>` +
		`<p>The next vote on the routes is due in the spring.</p>` +
		`<div class="author-box"><h4>About <a rel="author" href="/jane">Jane Smith</a></h4><p>I started this blog because the city's papers stopped ` +
		`covering the council years ago, and somebody had to sit through the meetings. I write about the buses, the trams and the ferries, ` +
		`and about anything else the council decides that nobody else seems to notice.</p></div>` +
		`</div></body></html>`
	// A comic's post, one line under the picture, its author's bio one
	// paragraph longer than it.
	oneLine := `<html><body><div id="region"><img src="/comic-284.png">` +
		`<p>Once a week we feature a comic about the freelance life from our resident artist. Why not look at the archive too?</p>` +
		`<div class="about_author"><ul><li>Nick Winters</li><li><a href="/author/nick">Other comics</a></li></ul><p>Nick Winters is always drawing. ` +
		`When he is not making comics or working as a freelance graphic artist, he paints pictures for galleries from his studio by the sea.</p></div>` +
		`</div></body></html>`
	// A picture's credit and caption, each named, in a wrapper named for
	// neither, the one line they make beside the picture.
	wrapped := `<html><body><div id="region"><div class="w480"><img src="/1.jpg">` +
		`<span class="photo-data"><span class="credit">Stan Honda/Agence France-Presse</span>` +
		`<span class="caption">After the attacks, many people were prepared to give up a little privacy for protection.</span></span></div>` +
		`<p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`</div></body></html>`
	// A wiki's picture, its caption named by a compound word, two sentences
	// (more than a caption known by its place alone).
	thumb := `<html><body><div id="region"><p>The council voted on Tuesday evening to keep the night buses running for two more years, after a long debate.</p>` +
		`<div class="thumb tright"><div class="thumbinner"><img src="/1.jpg"><div class="thumbcaption">The N2 night bus at the harbour stop in 1969. It ran every hour until the port closed.</div></div></div>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and the mayor agreed with them in the end.</p>` +
		`</div></body></html>`
	for _, tt := range []struct {
		name, body, story, furniture string
	}{
		{"story with a wiki's picture caption", thumb, "hospital and the port", "harbour stop in 1969"},
		{"story with a wrapped caption and credit", wrapped, "hospital and the port", "prepared to give up a little privacy"},
		{"story with a compound-named author box", compound, "hospital and the port", "covers the city council"},
		{"short post with a long bio", shortPost, "hospital and the port", "started this blog"},
		{"one-line post with a bio", oneLine, "freelance life", "always drawing"},
		{"story with an author box named by its id", authorBox, "hospital and the port", "founder and editor of the Evening Post"},
		{"story with WordPress's post metadata", postmeta, "hospital and the port", "This entry was posted"},
		{"story with a paragraph of bio", longBio, "hospital and the port", "city editor of the Evening Post"},
		{"entries named by their authors", entryAuthor, "hospital and the port", ""},
		{"entries named by their authors", entryAuthor, "noon boat was often half empty", ""},
		{"video page", body, "Olympic Games", "Jane Smith"},
		{"photo page", photo, "face full of lipstick", ""},
		{"story with a caption", story, "hospital and the port", "N2 night bus"},
		{"story with the author's bio", bio, "hospital and the port", "covers the city council"},
	} {
		p := parse(Input{Key: "k", Body: []byte(tt.body)}, "c")
		region := regionByID(p.page)
		meta := inMetaBox(p.page, region, true)
		for _, s := range p.page.Segments {
			switch {
			case strings.Contains(s.Text, tt.story) && meta[s.Owner]:
				t.Errorf("%s: the story %q is taken for furniture", tt.name, s.Text)
			case tt.furniture != "" && strings.Contains(s.Text, tt.furniture) && !meta[s.Owner]:
				t.Errorf("%s: %q is not furniture", tt.name, s.Text)
			}
		}
	}
}

// A table of data whose rows link to pages (jobs with their company,
// place and date) is content; a table of headlines, a link and a date a
// row, is a teaser box.
func TestDataTableIsNoBox(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div id="region"><p>Jobs posted this week in the county, newest first. Apply on each employer's page.</p><table><tbody>`)
	for i := range 6 {
		fmt.Fprintf(&b, `<tr><td><a href="/jobs/clerk-%d">Accounts clerk number %d, part-time</a></td><td>Harbour Logistics Ltd</td><td>Kingsbridge, Devon</td><td>12/2%d/2006</td></tr>`, i, i, i)
	}
	b.WriteString(`</tbody></table><table class="more"><tbody>`)
	for i := range 6 {
		fmt.Fprintf(&b, `<tr><td><a href="/news/story-%d">Council approves the harbour wall repairs, story number %d</a></td><td>Dec %d</td></tr>`, i, i, i+1)
	}
	b.WriteString(`</tbody></table></div></body></html>`)
	p := parse(Input{Key: "k", Body: []byte(b.String())}, "c")
	region := regionByID(p.page)
	boxed := newLinks(p.page, 3).inTOC(p.page, region)
	for _, s := range p.page.Segments {
		switch {
		case strings.Contains(s.Text, "Harbour Logistics") && boxed[s.Owner]:
			t.Errorf("a row of the data table is in a TOC box: %q", s.Text)
		case strings.Contains(s.Text, "harbour wall repairs") && !boxed[s.Owner]:
			t.Errorf("a teaser row is not in a TOC box: %q", s.Text)
		}
	}
}

// A key-value table (an infobox) is content too, though its values are
// links: each row is a label heading and its value. Its section headings
// and pictures span the table, and a label may link to what it names. A
// table whose row headings are headline links is a teaser box.
func TestInfoboxIsNoBox(t *testing.T) {
	rows := func(rs ...string) string { return strings.Join(rs, "") }
	for _, tt := range []struct {
		name, table, probe string
		boxed              bool
	}{
		{"labels", rows(
			`<tr><th>Born</th><td><a href="/wiki/1902">1902</a>, <a href="/wiki/Kingsbridge_town">Kingsbridge town</a></td></tr>`,
			`<tr><th>Occupation</th><td><a href="/wiki/Harbour_master">Harbour master of the port</a></td></tr>`,
			`<tr><th>Known for</th><td><a href="/wiki/Harbour_wall_of_Kingsbridge">The harbour wall of Kingsbridge</a></td></tr>`,
			`<tr><th>Spouse</th><td><a href="/wiki/Mary_Ellen_Hart">Mary Ellen Hart of Totnes</a></td></tr>`,
			`<tr><th>Awards</th><td><a href="/wiki/Order_of_the_harbour">Order of the harbour, first class</a></td></tr>`),
			"Occupation", false},
		{"spanning rows and linked labels", rows(
			`<tr><th colspan="2"><a href="/wiki/Flag">Flag of Kingsbridge</a></th></tr>`,
			`<tr><td colspan="2"><a href="/wiki/File:Map.png">Location of Kingsbridge in Devon</a></td></tr>`,
			`<tr><th>Capital</th><td><a href="/wiki/Harbour_town">Harbour town</a></td></tr>`,
			`<tr><th>Largest town</th><td><a href="/wiki/Totnes">Totnes</a></td></tr>`,
			`<tr><th colspan="2"><a href="/wiki/Government">Government</a></th></tr>`,
			`<tr><th>• <a href="/wiki/Mayor">Mayor</a></th><td><a href="/wiki/John_Hart">John Hart</a></td></tr>`,
			`<tr><th>• <a href="/wiki/Harbour_master">Harbour master</a></th><td><a href="/wiki/Mary_Hart">Mary Ellen Hart</a></td></tr>`,
			`<tr><th><a href="/wiki/Demonym">Demonym</a></th><td><a href="/wiki/Kingsbridger">Kingsbridger</a></td></tr>`,
			`<tr><th colspan="2">Area</th></tr>`,
			`<tr><th>• Total</th><td>12 km² (<a href="/wiki/List">180th</a>)</td></tr>`),
			"Largest town", false},
		{"headline links as row headings", rows(
			`<tr><th><a href="/news/1">Council approves the harbour wall repairs after a long debate</a></th><td>Dec 1</td></tr>`,
			`<tr><th><a href="/news/2">Ferry fares to rise in the spring, the operator says</a></th><td>Dec 2</td></tr>`,
			`<tr><th><a href="/news/3">Market hall reopens with forty stalls and a new café</a></th><td>Dec 3</td></tr>`,
			`<tr><th><a href="/news/4">Night buses return to the town centre from January</a></th><td>Dec 4</td></tr>`,
			`<tr><th><a href="/news/5">School wins the county chess cup for the third year</a></th><td>Dec 5</td></tr>`),
			"Ferry fares", true},
	} {
		body := `<html><body><div id="region"><table class="infobox"><tbody>` + tt.table +
			`</tbody></table><p>John Hart was the harbour master of Kingsbridge for forty years and built the wall that still stands.</p></div></body></html>`
		p := parse(Input{Key: "k", Body: []byte(body)}, "c")
		region := regionByID(p.page)
		boxed := newLinks(p.page, 3).inTOC(p.page, region)
		for _, s := range p.page.Segments {
			if strings.Contains(s.Text, tt.probe) && boxed[s.Owner] != tt.boxed {
				t.Errorf("%s: %q in a TOC box: %v, want %v", tt.name, s.Text, boxed[s.Owner], tt.boxed)
			}
		}
	}
}

// A post's title linked to the post itself (a blog's permalink, the
// headline the page's <title> repeats) is the page's own headline, not a
// teaser's: the post under it is no TOC box, while a box of links to
// other posts still is one.
func TestOwnHeadlineIsNoTeaser(t *testing.T) {
	body := singleFixture(t, "permalink.html")
	p := parse(Input{Key: "k", Body: body}, "c").page
	l := newLinks(p, 3)
	toc := l.inTOC(p, p.Root)
	var post, related *Node
	for _, n := range p.Nodes {
		switch class := htmlnode.Attr(n.H, "class"); {
		case strings.HasPrefix(class, "post-9742"):
			post = n
		case strings.HasPrefix(class, "nrelate "):
			related = n
		}
	}
	if post == nil || related == nil {
		t.Fatal("fixture lacks its post or its related box")
	}
	if toc[post] {
		t.Error("the post under its own linked title is taken for a TOC box")
	}
	if !toc[related] {
		t.Error("the related box is not a TOC box")
	}
}

// regionByID is the fixture's element of id "region".
func regionByID(p *Page) *Node {
	for _, n := range p.Nodes {
		if htmlnode.Attr(n.H, "id") == "region" {
			return n
		}
	}
	return nil
}

// proseRuns keeps, inside a box of links, the run of prose right under
// the page's own headline (the heading its <title> repeats): the lede of
// a short post, however short. A line under another story's headline
// link is a teaser, and so is a line after a line of links.
func TestProseRunsLede(t *testing.T) {
	const (
		title  = `<title>Free School Meals for Every Child | Harbour City Council</title>`
		head   = `<h2>Free School Meals for Every Child</h2>`
		lede   = `<p>The Mayor visits a primary school kitchen and announces that every child will get a free hot lunch from the autumn.</p>`
		teaser = `<h3><a href="/blog/2024/02/12/council-budget">Council Approves the Budget for the Coming Year</a></h3>` +
			`<p>The council approved its budget for the coming year on Tuesday, with more money for road repairs and the libraries.</p>`
		wikiLede = `<p>Harbour City is a <a href="/wiki/Port">port city</a> on the <a href="/wiki/East_coast">east coast</a>, the <a href="/wiki/Largest_city">largest city</a> of the region. ` +
			`Its <a href="/wiki/Harbour">harbour</a> is one of the deepest in the country, and its trade built the old town.</p>`
		wikiLast = `<p>A developed city, Harbour City ranks highly in <a href="/wiki/Rankings">international comparisons</a> of <a href="/wiki/Quality_of_life">quality of life</a>. ` +
			`It underwent major changes in the 1980s, when the <a href="/wiki/Docks">docks closed</a> and the old warehouses became flats.</p>`
		navbox = `<ul><li><a href="/wiki/Economy">Economy of Harbour City</a></li><li><a href="/wiki/Transport">Transport in Harbour City</a></li>` +
			`<li><a href="/wiki/Culture">Culture of Harbour City</a></li><li><a href="/wiki/Sport">Sport in Harbour City</a></li></ul>`
		links = `<p><a href="/press/transcript">Transcript</a> | <a href="/video/meals.mp4">Download mp4</a></p>` +
			`<div><a href="/blog/2024/03/09/tram">PREVIOUS POST</a><br><a href="/blog/2024/03/09/tram">The New Tram Line Opens</a></div>`
	)
	tests := []struct {
		name, body string
		want       []string // the prose lines marked, by their first words
	}{
		{"headline above the box", head + `<div id="box">` + lede + links + `</div>`, []string{"The Mayor visits"}},
		{"headline in the box", `<div id="box">` + head + lede + links + `</div>`, []string{"The Mayor visits"}},
		{"teaser under its headline link", head + `<div id="box">` + teaser + links + `</div>`, nil},
		{"after a line of links", head + `<div id="box">` + links + lede + `</div>`, nil},
		{"no headline of the page's", `<h2>Council news</h2><div id="box">` + lede + links + `</div>`, nil},
		// A reference work links a third of its paragraphs' words; the
		// last paragraph of its lede can share a box with the links after it.
		{"lede running on into the box", `<h2>Council news</h2>` + wikiLede + `<div id="box">` + wikiLast + navbox + `</div>`, []string{"A developed city,"}},
		{"teaser under its headline link after the story", `<h2>Council news</h2>` + wikiLede + `<div id="box">` + teaser + navbox + `</div>`, nil},
		{"prose after the box", `<h2>Council news</h2><div id="box">` + navbox + wikiLast + `</div>` + wikiLede, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<html><head>` + title + `</head><body><div id="region">` + tt.body + `</div></body></html>`
			p := domParse(t, src, "https://www.harbourcity.example/blog/2024/03/16/school-meals")
			var region, box *Node
			toc := map[*Node]bool{}
			for _, n := range p.Nodes {
				switch id, _ := n.names(); {
				case id == "region":
					region = n
				case id == "box":
					box = n
				}
				if box != nil && p.contains(box, n) {
					toc[n] = true
				}
			}
			var got []string
			for s := range proseRuns(p, region, toc) {
				got = append(got, strings.Join(strings.Fields(s.Text)[:3], " "))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("proseRuns marks %q, want %q", got, tt.want)
			}
		})
	}
}

// A run of prose in a box of links (a blog's home page, its posts in
// full under their headline links) takes the lines between its
// paragraphs that are neither prose nor links: the post's list items and
// subheadings. A line after its last paragraph ("Filed under News") and
// a list under a teaser too short to be a run stay out.
func TestProseRunsLinesBetween(t *testing.T) {
	post := `<h2><a href="/2024/03/16/school-meals">Free School Meals for Every Child</a></h2>` +
		`<p>The Mayor visited a primary school kitchen on Friday and announced that every child will get a free hot lunch from the autumn.</p>` +
		`<p>The council will pay for the meals from next year's budget, and the schools will hire more kitchen staff over the summer.</p>` +
		`<p>Three things change for families:</p>` +
		`<ul><li>No more lunch money</li><li>A hot meal every school day</li></ul>` +
		`<h3>What the schools say</h3>` +
		`<p>Head teachers welcomed the plan, though some of them said their kitchens are too small to cook for every pupil at once.</p>` +
		`<p>Filed under News</p>`
	teaser := `<h2><a href="/2024/03/09/tram">The New Tram Line Opens</a></h2>` +
		`<p>The first trams ran on the new line along the harbour on Saturday, and thousands of people came to ride them for free.</p>` +
		`<ul><li>Free rides all weekend</li></ul>`
	src := `<html><head><title>Harbour City Council blog</title></head><body><div id="region"><div id="box">` +
		post + teaser + `</div></div></body></html>`
	p := domParse(t, src, "https://www.harbourcity.example/")
	region := regionByID(p)
	toc := map[*Node]bool{}
	for _, n := range p.Nodes {
		for a := n; a != nil; a = a.Parent {
			if id, _ := a.names(); id == "box" {
				toc[n] = true
			}
		}
	}
	marked := proseRuns(p, region, toc)
	var got []string
	p.walkSegments(region, func(s *Segment) {
		if marked[s] {
			got = append(got, strings.Join(strings.Fields(s.Text)[:min(3, len(strings.Fields(s.Text)))], " "))
		}
	})
	want := []string{"The Mayor visited", "The council will", "Three things change", "No more lunch", "A hot meal", "What the schools", "Head teachers welcomed"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("proseRuns marks\n%q\nwant\n%q", got, want)
	}
}

// A list the story writes out, some of its entries linked (the tour's
// stops with sign-up pages, a recipe's ingredients with shop links),
// keeps its linked entries; a post's run of meta lines ("Posted by… |
// Permalink", "Trackbacks", "Other blogs that reference…") is too short
// to be one, and a menu links every entry but its label.
func TestMixedList(t *testing.T) {
	const intro = `<p>We are excited to announce the first cities of next year's tour, and the sign-up pages go live today for each of them.</p>` +
		`<p>Here are the places we will visit in the first half of the year, not counting the ones at home:</p>`
	stops := `<p>Brazil (<a href="/brazil-rio/">Rio de Janeiro</a>, <a href="/brazil-sao-paulo/">Sao Paulo</a>)</p>` +
		`<p><a href="/bahrain/">Bahrain</a></p><p>India</p><p><a href="/jakarta/">Jakarta</a></p>` +
		`<p><a href="/hong-kong/">Hong Kong</a></p><p>Belgium</p><p>South Africa</p><p><a href="/japan/">Japan</a></p><p>Iceland</p>`
	menu := `<ul><li><a href="/news">News</a></li><li><a href="/tour">Tour</a></li><li><a href="/shop">Shop</a></li>` +
		`<li><a href="/about">About</a></li><li><a href="/contact">Contact</a></li><li>Follow us</li></ul>`
	meta := `<p>Posted by Ann Lee on October 11 | <a href="/2024/10/tour">Permalink</a></p><p>Trackbacks</p>` +
		`<p>Other blogs that reference <a href="/2024/10/tour">Our world tour</a>:</p><p>Comments</p>`
	page := `<html><head><title>Our world tour | Blue Lily Photography</title></head><body>` + menu +
		`<div class="post"><h2>Our world tour</h2>` + intro + stops + `<div class="post-footer">` + meta + `</div></div></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(page)}}, Options{}, true)[0]
	text := r.ArticleText()
	checkText(t, text, []string{"Rio de Janeiro", "Bahrain", "India", "Jakarta", "Hong Kong", "Japan", "Iceland"},
		[]string{"Other blogs that reference", "Contact", "Follow us"})
}

// TestMoreLink: a link to another page of the site that says only "read
// more", in any of the languages listed, leads a teaser; other short
// links, a longer label and the page's own address do not.
func TestMoreLink(t *testing.T) {
	for _, tc := range []struct {
		a    string
		want bool
	}{
		{`<a href="/news/2">Read more...</a>`, true},
		{`<a href="/news/2">Continue reading →</a>`, true},
		{`<a href="/news/2">» Weiterlesen</a>`, true},
		{`<a href="/news/2">Lire la suite</a>`, true},
		{`<a href="/news/2">More</a>`, false},
		{`<a href="/news/2">Read more about the ferry</a>`, false},
		{`<a href="/news/1">Read more</a>`, false}, // the page itself
	} {
		p := domParse(t, "<html><body><p>A teaser of the story. "+tc.a+"</p></body></html>", "https://example.com/news/1")
		var a *Node
		for _, n := range p.Nodes {
			if n.Tag == "a" {
				a = n
			}
		}
		if got := moreLink(p, a); got != tc.want {
			t.Errorf("moreLink(%s) = %v, want %v", tc.a, got, tc.want)
		}
	}
}

// TestMoreLabelBounds: minMoreLabel and maxMoreLabel bound every label.
func TestMoreLabelBounds(t *testing.T) {
	lo, hi := 1<<30, 0
	for l := range moreLabels {
		lo, hi = min(lo, len(l)), max(hi, len(l))
	}
	if lo != minMoreLabel || hi != maxMoreLabel {
		t.Errorf("labels are %d to %d bytes long; the bounds say %d to %d", lo, hi, minMoreLabel, maxMoreLabel)
	}
}

// TestTickerNoProseRun: in a box of links, lines that a headline link
// leads and an ellipsis ends are other stories' teasers, however many
// stand in a row and however long their excerpts; the same lines whole
// (a post's paragraphs that open on a link) are a run of prose.
func TestTickerNoProseRun(t *testing.T) {
	items := []struct{ slug, head, text string }{
		{"ferry-routes", "Ferry company plans three new island routes", "HARBOURTON: The ferry company said on Wednesday that it will open three new routes to the islands next summer, if the port authority agrees to lengthen the north quay"},
		{"lighthouse", "Old lighthouse reopens to visitors in May", "HARBOURTON: The old lighthouse on the point will reopen to visitors in May after a repair of its lamp room and of the stairs to the gallery, the trust that runs it said"},
		{"sports-hall", "Hill Street school gets its sports hall at last", "HARBOURTON: The school on Hill Street gets a new sports hall, paid for by the county and a local trust for the young, after a campaign by its parents that lasted"},
		{"quotas", "Fishing quotas cut again for the winter", "HARBOURTON: The boats of the harbour will land less cod this winter after the ministry cut the quotas for the third year in a row, a decision the fishermen called"},
	}
	for _, tt := range []struct {
		name, end string
		run       bool
	}{
		{"excerpts cut short", "...", false},
		{"excerpts cut short by an ellipsis sign", "…", false},
		{"whole paragraphs", ".", true},
	} {
		var b strings.Builder
		b.WriteString(`<html><body><div id="region"><ul>`)
		for _, it := range items {
			fmt.Fprintf(&b, `<li><a href="https://www.harbourpost.example.com/%s/">%s</a> <span>%s%s</span></li>`, it.slug, it.head, it.text, tt.end)
		}
		b.WriteString(`</ul></div></body></html>`)
		u, _ := url.Parse("https://www.harbourpost.example.com/council-keeps-night-buses/")
		p := parse(Input{Key: "k", URL: u, Body: []byte(b.String())}, "c").page
		region := regionByID(p)
		toc := newLinks(p, 3).inTOC(p, region)
		runs := proseRuns(p, region, toc)
		for i := range p.Segments {
			s := &p.Segments[i]
			if !toc[s.Owner] {
				t.Fatalf("%s: %q is in no box of links", tt.name, s.Text)
			}
			if runs[s] != tt.run {
				t.Errorf("%s: %q in a run of prose: %v, want %v", tt.name, s.Text, runs[s], tt.run)
			}
		}
	}
}
