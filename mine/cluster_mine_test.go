package mine

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

// A state survives the store: encoded and decoded, it mines the same.
func TestClusterStateRoundTrip(t *testing.T) {
	st := NewClusterState()
	pages := []Input{
		{Key: "a", Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>Alpha story text here.</p></body></html>")},
		{Key: "b", Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>Beta story text there.</p></body></html>")},
		{Key: "c", Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>Gamma story text, a paragraph of prose that is long enough to be counted in its place.</p></body></html>")},
	}
	// The first page by WISDOM, so that the state counts terms, and the
	// others by auto.
	MineCluster("c", st, pages[:1], Options{Method: MethodWISDOM})
	MineCluster("c", st, pages[1:], Options{})
	raw, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back ClusterState
	if err := back.UnmarshalBinary(raw); err != nil {
		t.Fatal(err)
	}
	if back.Template.Pages != 3 || back.Terms.Pages != 3 || !maps.Equal(back.Template.DF, st.Template.DF) {
		t.Fatalf("decoded %+v, want 3 pages and %d segments", back.Template, len(st.Template.DF))
	}
	// Each of the four segments stands in one place on every page.
	if len(st.Template.Placed) != len(st.Template.DF) || !maps.Equal(back.Template.Placed, st.Template.Placed) {
		t.Fatalf("placed segments %v after the round trip, %v before; want one place for each of %d segments", back.Template.Placed, st.Template.Placed, len(st.Template.DF))
	}
	if back.Terms.EN("stori") != st.Terms.EN("stori") || back.Terms.EN("stori") != 1 {
		t.Fatalf("EN(stori) = %v after the round trip, %v before; want 1 (in every page)", back.Terms.EN("stori"), st.Terms.EN("stori"))
	}
}

// Term statistics are counted by the methods that read them, and then
// kept whole; a method that needs them refuses a state that lacks some.
func TestTermStatsOnlyWhereRead(t *testing.T) {
	page := func(k, story string) Input {
		return Input{Key: k, Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>" + story + " story text here.</p></body></html>")}
	}
	auto := NewClusterState()
	MineCluster("c", auto, []Input{page("a", "Alpha"), page("b", "Beta")}, Options{})
	if auto.Template.Pages != 2 || auto.Terms.Pages != 0 || len(auto.Terms.Terms) != 0 {
		t.Fatalf("auto: %d pages, term statistics of %d pages (%d terms); want 2 pages and no term statistics",
			auto.Template.Pages, auto.Terms.Pages, len(auto.Terms.Terms))
	}
	if err := auto.ReadyFor(MethodAuto); err != nil {
		t.Fatalf("auto state for auto: %v", err)
	}
	for _, m := range []string{MethodWISDOM, MethodInfoDiscoverer} {
		err := auto.ReadyFor(m)
		if err == nil || !strings.Contains(err.Error(), "2 of the cluster's 2 pages") || !strings.Contains(err.Error(), "--all") {
			t.Fatalf("auto state for %s: error %v, want one that counts the 2 pages and says to mine again with --all", m, err)
		}
	}

	wisdom := NewClusterState()
	if err := wisdom.ReadyFor(MethodWISDOM); err != nil {
		t.Fatalf("empty state for wisdom: %v", err)
	}
	MineCluster("c", wisdom, []Input{page("a", "Alpha")}, Options{Method: MethodWISDOM})
	MineCluster("c", wisdom, []Input{page("b", "Beta")}, Options{})
	if wisdom.Terms.Pages != 2 || wisdom.TermsMissing() || wisdom.Terms.EN("stori") != 1 {
		t.Fatalf("wisdom then auto: term statistics of %d of %d pages, EN(stori) %v; want both pages' terms, in every page",
			wisdom.Terms.Pages, wisdom.Template.Pages, wisdom.Terms.EN("stori"))
	}
	if err := wisdom.ReadyFor(MethodInfoDiscoverer); err != nil {
		t.Fatalf("state with every page's terms for infodiscoverer: %v", err)
	}
}

// Mining a cluster chunk by chunk leaves the statistics that mining it at
// once does: a restarted or incremental mine loses and doubles nothing.
func TestChunkedStateEqualsBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	words := strings.Fields("council budget vote river bridge school storm market rail energy health court police harbour festival")
	var pages []Input
	for i := 0; i < 23; i++ {
		var b strings.Builder
		b.WriteString("<html><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><div class=story>")
		for p := 0; p < 3+rng.IntN(4); p++ {
			b.WriteString("<p>")
			for w := 0; w < 8+rng.IntN(20); w++ {
				b.WriteString(words[rng.IntN(len(words))] + " ")
			}
			b.WriteString("</p>")
		}
		b.WriteString("</div><footer>© Example News</footer></body></html>")
		pages = append(pages, Input{Key: fmt.Sprint(i), Body: []byte(b.String())})
	}
	batch := NewClusterState()
	MineCluster("c", batch, pages, Options{})
	for trial := 0; trial < 5; trial++ {
		chunked := NewClusterState()
		for start := 0; start < len(pages); {
			end := min(len(pages), start+1+rng.IntN(7))
			raw, _ := chunked.MarshalBinary() // through the store's encoding, as MineStore does
			chunked = &ClusterState{}
			if err := chunked.UnmarshalBinary(raw); err != nil {
				t.Fatal(err)
			}
			MineCluster("c", chunked, pages[start:end], Options{})
			start = end
		}
		if chunked.Template.Pages != batch.Template.Pages || !maps.Equal(chunked.Template.DF, batch.Template.DF) || !maps.Equal(chunked.Template.Placed, batch.Template.Placed) {
			t.Fatalf("trial %d: template statistics differ: %d vs %d pages", trial, chunked.Template.Pages, batch.Template.Pages)
		}
		if chunked.Terms.Pages != batch.Terms.Pages || len(chunked.Terms.Terms) != len(batch.Terms.Terms) {
			t.Fatalf("trial %d: term statistics differ", trial)
		}
		for term := range batch.Terms.Terms {
			if d := math.Abs(chunked.Terms.EN(term) - batch.Terms.EN(term)); d > 1e-9 {
				t.Fatalf("trial %d: EN(%s) differs by %g", trial, term, d)
			}
		}
	}
}

// A story's lede that every page of the cluster shows as the excerpt of
// the latest post is template in the sidebar and the story's own in its
// body; a paragraph every story ends with in the same place is template.
// A state counted before places were (Placed nil) goes by text alone and
// takes the lede for template too.
func TestTemplateSparesPlacedLede(t *testing.T) {
	lede := "The harbour board approved the new ferry terminal on Monday, after three years of planning and two public inquiries."
	stories := []string{
		lede + "</p><p>Work starts in the spring and should take two years, the board said in a statement after the vote.",
		"The council kept the night buses for two more years after a long debate on Tuesday evening in the town hall.</p><p>Shift workers at the hospital and the port had asked for the routes to stay.",
		"The old lighthouse reopens to visitors in May after a repair of its lamp room and the stairs to the gallery.</p><p>Tickets are on sale at the harbour office and cost the same as last year.",
		"The school on Hill Street gets a new sports hall, paid for by the county and a local trust for the young.</p><p>Building starts after the summer holidays and ends before the next school year.",
	}
	var pages []Input
	for i, story := range stories {
		body := `<html><body><nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a></nav>` +
			`<div id="main"><article><h1>Story ` + fmt.Sprint(i) + `</h1><div class="body"><p>` + story + `</p>` +
			`<p>This story first appeared in the Harbour Gazette, which publishes it here with the permission of its editors.</p></div></article>` +
			`<aside><h3>Latest</h3><div class="excerpt"><a href="/news/terminal">Ferry terminal approved</a><p>` + lede + `</p></div></aside></div>` +
			`<footer><p>Copyright the Harbour Gazette. All rights reserved.</p></footer></body></html>`
		pages = append(pages, Input{Key: fmt.Sprint(i), Body: []byte(body)})
	}
	for _, tt := range []struct {
		name     string
		placed   bool
		wantLede bool
	}{
		{"places counted", true, true},
		{"a state from before places", false, false},
	} {
		for i, r := range mineFresh(pages, tt.placed) {
			text := r.ArticleText()
			if strings.Contains(text, "first appeared in the Harbour Gazette") {
				t.Errorf("%s: page %d keeps the paragraph every story ends with:\n%s", tt.name, i, text)
			}
			has := strings.Contains(text, "ferry terminal on Monday")
			switch {
			case i == 0 && has != tt.wantLede:
				t.Errorf("%s: the story's lede in its text: %v, want %v:\n%s", tt.name, has, tt.wantLede, text)
			case i > 0 && has:
				t.Errorf("%s: page %d takes the sidebar's excerpt for its story:\n%s", tt.name, i, text)
			}
		}
	}
}

// mineFresh mines pages as one cluster from an empty state, or from one
// stored before places were counted (placed false: Placed nil).
func mineFresh(pages []Input, placed bool) []*Result {
	st := NewClusterState()
	if !placed {
		st.Template.Placed = nil
	}
	return MineCluster("c", st, pages, Options{})
}

// A page of a cluster that is on another layout than its siblings (an
// old table template among pages of the new one) has none of the voted
// region's elements; its best region is the whole document, and it is
// mined alone, by its class names: its sidebar ad stays out, as it would
// from the page extracted by itself.
func TestApartPageMinedAlone(t *testing.T) {
	in := siteFixtures(t, "apart")
	const odd = "ferry-timetable.html"
	var oddIn Input
	for _, i := range in {
		if i.Key == odd {
			oddIn = i
		}
	}
	alone := ExtractSite([]Input{oddIn}, Options{}, true)[0]
	for _, r := range ExtractSite(in, Options{}, false) {
		if len(r.Article) == 0 {
			t.Errorf("%s: no article (kind %s)", r.Key, r.Kind)
			continue
		}
		text := r.Article[0].Text
		if r.Key != odd {
			if got := r.Article[0].Path(); !strings.HasSuffix(got, "article.story") {
				t.Errorf("%s: region %s, want the story's article", r.Key, got)
			}
			continue
		}
		for _, want := range []string{"two fewer crossings a day", "subsidise the missing crossings", "eight deckhands"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q missing from\n%s", odd, want, text)
			}
		}
		if strings.Contains(text, "Advertise with us") {
			t.Errorf("%s: the sidebar's ad is in the text:\n%s", odd, text)
		}
		if len(alone.Article) == 0 || text != alone.Article[0].Text {
			t.Errorf("%s: site mode's text differs from the page's alone:\n%s", odd, text)
		}
	}
}

// TestShortVideoPost: posts of one sentence over a video, in a column
// whose links (the video's transcript and downloads, the previous and
// next posts, a related topic) outnumber their prose, under a ticker of
// other stories, beside posts of several paragraphs. The sentence under
// the post's own headline (an h2, the theme's h1 being the site's name)
// is its story: it stays in site mode, and alone, where the box of links
// around it is the page's best region and no listing.
func TestShortVideoPost(t *testing.T) {
	in := siteFixtures(t, "videoposts")
	ledes := map[string]string{
		"weekly-address-harbour-flood-relief.html": "filled sandbags through the night",
		"weekly-address-new-tram-line.html":        "rides the first tram from the station",
		"weekly-address-school-meals.html":         "visits a primary school kitchen",
		"weekly-address-library-hours.html":        "talks with librarians about the reading clubs",
	}
	unwanted := []string{"PREVIOUS POST", "NEXT POST", "Share This Post", "Top Stories", "Council Approves the Budget",
		"Dredging of the Harbour Channel", "Sign up for the council's weekly newsletter", "1 Quay Street"}
	for _, mode := range []struct {
		name   string
		single bool
	}{{"site", false}, {"alone", true}} {
		for _, r := range ExtractSite(in, Options{}, mode.single) {
			if r.Kind != KindArticle && r.Kind != KindArticleTOC {
				t.Errorf("%s %s: kind %s, want an article", mode.name, r.Key, r.Kind)
				continue
			}
			text := r.ArticleText()
			if !strings.Contains(text, ledes[r.Key]) {
				t.Errorf("%s %s: the lede %q missing from\n%s", mode.name, r.Key, ledes[r.Key], text)
			}
			for _, u := range unwanted {
				if strings.Contains(text, u) {
					t.Errorf("%s %s: %q in the text:\n%s", mode.name, r.Key, u, text)
				}
			}
		}
	}
}

// A line of a story that is also a template's line (the tour's cities
// that the menu lists too) is the story's own where the page has the
// template's copy in its usual place as well and writes this one as a
// paragraph or list item of its own; a headline that the sidebar lists
// stays template.
func TestTemplateSparesOwnCopy(t *testing.T) {
	places := []string{"Bahrain", "Sri Lanka", "Hong Kong", "Iceland"}
	var menu strings.Builder
	for _, p := range places {
		fmt.Fprintf(&menu, `<li><a href="/%s/">%s</a></li>`, strings.ToLower(strings.ReplaceAll(p, " ", "-")), p)
	}
	stories := []string{
		`<p>We are excited to announce the first stops of next year's tour. The sign-up pages go live today, one for each city.</p>` +
			`<p>Here are the places we will visit in the first half of the year:</p>` +
			`<p><a href="/bahrain/">Bahrain</a></p><p>Sri Lanka</p><p>India</p><p>Japan</p>` +
			`<p>We will post the dates for the second half of the year in the spring, once the venues are booked.</p>`,
		`<p>The workshop in the old harbour town filled up in two days, so we added a second weekend in June for those who missed it.</p>` +
			`<p>Bring a camera you know well; we will spend most of the time outside, walking the lanes above the port.</p>`,
		`<p>A reader asked how we plan the light for a portrait session in a room with one small window and white walls.</p>` +
			`<p>We start from the window and work back into the room, adding a reflector long before we think of a lamp.</p>`,
		`<p>Our print shop opens next month, with twelve photographs from last year's tour printed on cotton paper.</p>` +
			`<p>Each print comes signed and numbered, in an edition of fifty, and ships in a flat box from our studio.</p>`,
	}
	headlines := []string{"Tour dates for next year", "A second workshop weekend", "Portraits by one window", "Our print shop opens"}
	var pages []Input
	for i, story := range stories {
		body := `<html><body><nav><ul>` + menu.String() + `</ul></nav>` +
			`<div id="main"><article><div class="kicker"><a href="/sri-lanka/">Sri Lanka</a></div><h2>` + headlines[i] + `</h2>` +
			`<div class="body">` + story + `</div></article>` +
			`<aside><h3>Recent posts</h3><ul><li><a href="/tour-dates">` + headlines[0] + `</a></li><li><a href="/workshop">` + headlines[1] + `</a></li></ul></aside></div>` +
			`<footer><p>Copyright the Studio. All rights reserved.</p></footer></body></html>`
		pages = append(pages, Input{Key: fmt.Sprint(i), Body: []byte(body)})
	}
	for _, tt := range []struct {
		name       string
		placed     bool
		wantCopies bool
	}{
		{"places counted", true, true},
		{"a state from before places", false, false},
	} {
		for i, r := range mineFresh(pages, tt.placed) {
			text := r.ArticleText()
			if !strings.Contains(text, "India") && i == 0 {
				t.Fatalf("%s: page 0 lost its story's own line:\n%s", tt.name, text)
			}
			lines := map[string]bool{}
			for _, l := range strings.Split(text, "\n") {
				lines[strings.TrimSpace(l)] = true
			}
			for _, p := range places {
				want := i == 0 && tt.wantCopies && (p == "Bahrain" || p == "Sri Lanka")
				if lines[p] != want {
					t.Errorf("%s: page %d has the line %q: %v, want %v:\n%s", tt.name, i, p, lines[p], want, text)
				}
			}
			if i == 0 && strings.Contains(text, headlines[0]) {
				t.Errorf("%s: the headline that the sidebar lists is in the text:\n%s", tt.name, text)
			}
		}
	}
}

// TestShortPostRegion: short posts of one template, whose best region on
// each page is their longest paragraph (the entry around it also holds
// the template's like and newsletter boxes, and the photos between the
// paragraphs add captions but no prose), keep all their paragraphs: a
// story is its paragraphs, so the region is widened to the entry before
// the cluster votes, in site mode as alone. The captions, the share and
// like boxes and the links to the posts on either side stay out.
func TestShortPostRegion(t *testing.T) {
	in := siteFixtures(t, "shortposts")
	paragraphs := map[string][]string{
		"derby-tickets-sold-out.html":    {"Screens will be set up", "Every ticket for Saturday's derby", "not to travel to the ground"},
		"keeper-signs-new-contract.html": {"I have never wanted to play", "signed a three-year extension", "plans for the back four"},
		"stadium-roof-repairs.html":      {"patched for years", "leaking roof of the north stand", "moved to the east side"},
		"youth-team-reaches-final.html":  {"The lads never gave up", "beat Ashby 2-1", "Sam Okoro"},
	}
	unwanted := []string{"picture 1 of the day", "Share this", "Like this", "Be the first to like this", "Get every Town FC Blog post",
		"Related posts", "Leave a comment", "Most read", "Wednesday, November 7 2012"}
	for _, mode := range []struct {
		name   string
		single bool
	}{{"site", false}, {"alone", true}} {
		for _, r := range ExtractSite(in, Options{}, mode.single) {
			t.Run(mode.name+"/"+r.Key, func(t *testing.T) {
				checkText(t, r.ArticleText(), paragraphs[r.Key], unwanted)
			})
		}
	}
}

// TestVotedAroundRegion: on a site with no class or id names every
// block's path is bare tags, and the header's "div/div/div" comes before
// the story's. A news round-up, whose first paragraph outscores its
// lines of links once the template box under them is counted, is moved
// to the voted block around that paragraph, not to the header, and keeps
// its lines.
func TestVotedAroundRegion(t *testing.T) {
	stories := []string{
		"<p>The harbour board approved the new ferry terminal on Monday, after three years of planning and two public inquiries into the noise.</p><p>Work starts in the spring and should take two years, the board said in a statement after the vote.</p><p>The ferries will run from the old quay until then, on the winter timetable.</p>",
		"<p>The council kept the night buses for two more years after a long debate on Tuesday evening in the town hall.</p><p>Shift workers at the hospital and the port had asked for the routes to stay, and three hundred of them signed the letter.</p><p>The routes will be reviewed again in two years.</p>",
		"<p>The old lighthouse reopens to visitors in May after a repair of its lamp room and the stairs to the gallery.</p><p>Tickets are on sale at the harbour office and cost the same as last year, with children under twelve free.</p><p>The café at its foot opens at the same time.</p>",
		"<p>The school on Hill Street gets a new sports hall, paid for by the county and a local trust for the young.</p><p>Building starts after the summer holidays and ends before the next school year, the head teacher said.</p><p>Until then the pupils use the club's hall by the river.</p>",
		"<p>Today at the Harbour Gazette we tell you why the ferry company is preparing to launch new routes to the islands, and ask why the night buses cost the county so much more than the day ones. All this and more in today's news, right here.</p>" +
			`<p>We rode the <a href="/news/new-ferry">new island ferry</a> and found it quiet.</p>` +
			`<p>The council <a href="/news/night-buses">kept the night buses</a> for two more years.</p>` +
			`<p>Why does the <a href="/news/lighthouse">old lighthouse</a> need a new lamp?</p>` +
			`<p>The school on Hill Street <a href="/news/sports-hall">gets a sports hall</a> at last.</p>`,
	}
	var pages []Input
	for i, story := range stories {
		body := `<html><body><div><div><div><a href="/">Harbour Gazette</a> <a href="/news/">News</a> <a href="/sport/">Sport</a> <a href="/weather/">Weather</a></div></div></div>` +
			`<div><div><div><h1>Story ` + fmt.Sprint(i) + `</h1>` + story +
			`<div><span>Share this story:</span> <a href="/share/facebook">Facebook</a> <a href="/share/twitter">Twitter</a> <a href="/share/mail">Mail</a> ` +
			`<span>Posted in: <a href="/news/">News</a>. Send us a tip, a photograph or a correction: our newsroom reads every message it is sent, day and night, and answers the ones it can.</span></div></div></div></div>` +
			`<div><p>Copyright the Harbour Gazette. All rights reserved.</p></div></body></html>`
		pages = append(pages, Input{Key: fmt.Sprint(i), Body: []byte(body)})
	}
	res := MineCluster("c", NewClusterState(), pages, Options{})
	text := res[4].ArticleText()
	for _, want := range []string{"All this and more", "found it quiet", "gets a sports hall at last"} {
		if !strings.Contains(text, want) {
			t.Errorf("the round-up's %q is missing:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Send us a tip") {
		t.Errorf("the template's box is in the round-up's text:\n%s", text)
	}
}

// TestVotedTOCPastHeader: a listing with two stories has too few links
// for a TOC block of its own and takes the one its cluster votes for. On
// a site with no names the voted path is bare tags, "div/div/div", which
// the header's block fits first; the list is the first block there that
// links stories.
func TestVotedTOCPastHeader(t *testing.T) {
	who := []string{"Council", "Ferry company", "Lighthouse trust", "Hill Street school", "Fishermen", "Harbour board"}
	what := []string{"keeps the night buses", "approves the terminal", "reopens the gallery", "opens its sports hall", "land less cod", "repairs the wall"}
	when := []string{"in March", "in May", "after the vote", "at last", "this winter", "for two more years"}
	listing := func(page, n int) Input {
		var b strings.Builder
		b.WriteString(`<html><body><div><div><div><a href="/">Harbour Gazette</a> <span>News from the harbour since 1888</span></div></div></div>`)
		b.WriteString(`<div><div><div>`)
		for k := range n {
			h := who[k] + " " + what[(page+k)%len(what)] + " " + when[(2*page+k)%len(when)]
			fmt.Fprintf(&b, `<div><a href="/news/2019/11/%d-%d/">%s</a> <span>November %d, 2019</span></div>`, page, k, h, k+1)
		}
		b.WriteString(`</div></div></div><div><p>Copyright the Harbour Gazette. All rights reserved.</p></div></body></html>`)
		u, _ := url.Parse(fmt.Sprintf("https://harbour.example.org/news/page/%d/", page))
		return Input{Key: fmt.Sprint(page), URL: u, Body: []byte(b.String())}
	}
	pages := []Input{listing(1, 6), listing(2, 6), listing(3, 6), listing(4, 6), listing(5, 2)}
	res := MineCluster("c", NewClusterState(), pages, Options{})
	for i, r := range res[:4] {
		if len(r.TOC) == 0 {
			t.Fatalf("listing %d: no TOC block", i+1)
		}
	}
	last := res[4]
	if len(last.TOC) != 1 || len(last.TOC[0].Links) != 2 {
		t.Fatalf("the two-story listing's TOC: %+v, want the voted block with its two links", last.TOC)
	}
	if got := last.TOC[0].Links[0].URL; !strings.Contains(got, "/news/2019/11/5-0/") {
		t.Errorf("first TOC link %s, want the first story's", got)
	}
}

// TestChainVote: four pages of one template whose regions split along
// one chain of blocks (a post's inner wrapper, a post, the page around
// it, and on a comic's page the author's bio beside a post of one line)
// give no plurality; the deepest block that more than half of them hold
// around their regions, and that one of them chose, becomes the vote,
// except on a page that declares its body, which keeps that. Regions in
// blocks of their own (a sidebar, the footer) make no such block below
// the body, and each page keeps its region.
func TestChainVote(t *testing.T) {
	page := func(i int, declared bool) Input {
		prop := ""
		if declared {
			prop = ` itemprop="articleBody"`
		}
		body := `<html><body><div id="wrap"><div id="page"><div class="post"><h1>Post ` + fmt.Sprint(i) + `</h1>` +
			`<div class="inner"` + prop + `><p>The harbour board approved the new ferry terminal on Monday after three years of planning.</p>` +
			`<p>Work starts in the spring and should take two years, the board said after the vote.</p></div></div>` +
			`<div class="about"><p>Jane Smith has written about the harbour for twenty years, and drew its boats for longer.</p></div></div>` +
			`<div id="sidebar"><p>Subscribe to the Harbour Gazette for the week's news in one letter every Friday.</p></div>` +
			`<div id="foot"><p>Copyright the Harbour Gazette, who print it on the quay every morning.</p></div></div></body></html>`
		return Input{Key: fmt.Sprint(i), Body: []byte(body)}
	}
	mined := func(declared int, regions ...string) []*minedPage {
		var g []*minedPage
		for i, name := range regions {
			p := parse(page(i, i == declared), "c")
			n := nodeNamed(p.page, name)
			if name == "about" {
				n = n.Kids[0] // the bio's paragraph
			}
			p.region = n
			g = append(g, p)
		}
		return g
	}

	g := mined(1, "inner", "post", "page", "about")
	voteRegions(g, map[string]int{})
	for i, want := range []string{"page", "inner", "page", "page"} {
		p := g[i]
		if got := nodeNamed(p.page, want); p.region != got {
			t.Errorf("page %d: region %s, want %s", i, NodePath(p.region), NodePath(got))
		}
		if declared := i == 1; p.voted == declared || p.declared != declared {
			t.Errorf("page %d: voted %v, declared %v", i, p.voted, p.declared)
		}
	}

	unmoved := func(name string, g []*minedPage) {
		t.Helper()
		before := make([]*Node, len(g))
		for i, p := range g {
			before[i] = p.region
		}
		voteRegions(g, map[string]int{})
		for i, p := range g {
			if p.region != before[i] || p.voted {
				t.Errorf("%s, page %d: region %s (voted %v), want %s", name, i, NodePath(p.region), p.voted, NodePath(before[i]))
			}
		}
	}
	unmoved("apart regions", mined(-1, "inner", "sidebar", "about", "foot"))
	// The same split on a layout with no names: a path of bare tags
	// fits blocks of any layout, and votes for none.
	var bare []*minedPage
	for i, tag := range []string{"section", "article", "div", "aside"} {
		body := `<html><body><div><div><article><h1>Post ` + fmt.Sprint(i) + `</h1>` +
			`<section><p>The harbour board approved the new ferry terminal on Monday after three years of planning.</p>` +
			`<p>Work starts in the spring and should take two years, the board said after the vote.</p></section></article>` +
			`<aside><p>Jane Smith has written about the harbour for twenty years, and drew its boats for longer.</p></aside></div></div></body></html>`
		p := parse(Input{Key: fmt.Sprint(i), Body: []byte(body)}, "c")
		for _, n := range p.page.Nodes {
			if n.Tag == tag && (tag != "div" || n.Parent.Tag == "div") {
				p.region = n
				break
			}
		}
		if tag == "aside" {
			p.region = p.region.Kids[0]
		}
		bare = append(bare, p)
	}
	unmoved("no names", bare)
}
