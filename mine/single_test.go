package mine

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"infocrawl/mine/internal/htmlnode"
)

// One-page mode on pages whose story is short beside the page's other
// text: the declared article body and a page's prose win over a long
// footer, teaser lists and a sidebar of excerpts, so that the story's
// small share of the page neither makes it fall back to the whole page
// nor takes the sidebar for the page's main column. A dateline or byline in a span
// among the story's blocks is left out like one in a block of its own.
// A listicle's items, linked headlines with sentences after them, are
// its story, where a box of headlines beside it is not. Teasers in the
// story's column stay out when the headline's element holds the prose.
// A short story with lists of links below it (downloads, related
// stories) is a story, not a listing: its running prose is in no item of
// a list of stories.
// A post of two sentences is the page's story when it holds most of the
// page's own text.
// Class names on html and body ("feature_newcomments") describe the whole
// page: they make no part of it a comment section. A definition list
// of teasers (a headline link in each <dt>, its lead in the <dd> after
// it) beside the story is a box of other stories like a list of them.
// An advertisement's label in the story ("Story continues below
// advertisement") is no part of it, nor is an audio player's clock or a
// photo's credit on a line of its own. A documentation page's section
// titles, each a link to its own anchor, are its headings.
// A report's list written in sentences keeps its items that are
// mostly a link ("ana has <a>a patch to move…</a>"), where the post's
// sharing and related lists go.
// A short post in the page's one hAtom entry-content element is the
// story, the related list inside it no listing, the sidebar's longer
// text widgets not the story. A post whose entry-content is nothing but
// lists of links is those lists. A sidebar whose widgets hold more prose
// than a short post stays template when the post has the page's
// headline (here a title linked to the post, as old blog themes make it),
// and so do the video descriptions of a widget's lightboxes: a class
// "text" names no story. Excerpts of other posts cut short with "[...]"
// are no prose a short story must outweigh to be the page's story. A
// photo post told in its captions keeps them. An infobox's rows, names
// and values, linked or not, are the story's (its hCard class makes it
// no byline); a navigation box's labelled rows of links are not. An
// encyclopedia entry's references, labelled so, stay with it though they
// link headlines through the site's own redirects; its related entries
// go. A section of a reference page that lists titles linked to their
// pages, each with what the page says of it ("Fix You (KBS2, 2020)"), is
// the page's, where a box of headlines with their dates under a heading
// is not. A Chinese story is measured as an English one: its standfirst
// stays, its line of date, source and editor goes, and a label over two
// linked headlines between its paragraphs ("延伸阅读：") goes with them,
// the paragraphs after them staying.
// A page builder's story, every block of it named a widget, under the
// theme's headline, is the story (its share buttons and the sidebar's
// widgets are not). An accordion's sections, a tab list holding its
// panels, are the story with their headings; a strip of tabs is not.
// A box that a label of other stories opens ("Mehr zum Thema") goes with
// its teasers, in the middle of the story too; under the same label, a
// box that says something of its own stays. A story that the page's
// scripts write is read from its <noscript> fallback; a <noscript>
// asking for JavaScript is no story. A story whose every paragraph a
// generated class names ("tagStyle_z4kqwb") is the story all the same.
func TestSingleStories(t *testing.T) {
	tests := []struct {
		file     string
		fallback string
		want     []string // in the article text
		not      []string // not in it
	}{
		{"declared.html", "",
			[]string{"ferry strike was called off early on Saturday", "tickets bought for replacement buses would be refunded"},
			[]string{"Customer Service Center", "BREAKING NEWS", "Harbour fees to rise"}},
		{"brief.html", "",
			[]string{"open on Sundays from the first week of June", "four new part-time posts"},
			[]string{"More from the Valley", "Crews raise the new barrier", "Allotment waiting list"}},
		// A short post under its headline, hashed class names, and a
		// sidebar's note about its author that outscores it.
		{"blognote.html", "",
			[]string{"Need a last-minute decoration", "Have a fun weekend"},
			[]string{"Welcome. I'm Jessie", "portfolio site", "Search this site"}},
		// A shop's blog whose post column holds less than four fifths of
		// the page's prose (testimonials and notices below it): the story
		// is under its headline.
		{"shopblog.html", "",
			[]string{"Lately it seems every light fixture", "most gifted designers working today"},
			[]string{"I just discovered your site", "courier to collect it", "Welcome to Hatch", "Free Shipping"}},
		// Hashed class names: a kicker, the headline, a standfirst with no
		// full stop and a byline of a name, a role and a <time>; a box of
		// the most viewed and a newsletter's form between the paragraphs.
		{"hashedheader.html", "",
			[]string{"Tenants in the capital now spend almost half their income", "Private rents rose by 9.2%", "which the government has ruled out"},
			[]string{"Sara Quinn", "Housing correspondent", "14 May 2024", "Most viewed", "Train strikes", "Sign up to Money Weekly", "Privacy notice", "More on this story", "Photograph: Tom Ash", "Comments (312)"}},
		{"sidebar.html", "",
			[]string{"Every update brings new bugs", "saves us a day of guessing"},
			[]string{"Author's column", "Sometimes people ask me", "Skills update"}},
		{"inline-meta.html", "",
			[]string{"Small retailers are finding new ways", "clubs and group rides"},
			[]string{"Last updated", "17:05", "Jane Smith", "Business reporter"}},
		{"listicle.html", "",
			[]string{"This is the tech news", "The CEO of a mobile carrier is stepping down in May", "Demand from data centres", "see you tomorrow"},
			[]string{"Read next", "best laptops for students", "password manager"}},
		{"pageflags.html", "",
			[]string{"keep the three night bus routes running", "look for the money in the parking budget"},
			[]string{"nightowl", "the N2 every night", "Ferry timetable"}},
		{"release.html", "",
			[]string{"release of version 3.2", "batch renaming", "Packages for the main distributions"},
			[]string{"Linux kernel 3.6.6", "How to upgrade Ubuntu"}},
		{"shortpost.html", "",
			[]string{"Sports balls, disco balls, meatballs", "just a treat for your eyes"},
			[]string{"Newsletter", "Miss C", "Tweet"}},
		{"entry-content.html", "",
			[]string{"here are a few more pictures found on Flickr"},
			[]string{"covered the camera business", "small commission", "The lens roadmap", "Firmware update"}},
		{"linkpost.html", "",
			[]string{"The D800 drops to its lowest price yet", "Sensor test results for the new compacts", "What street photographers carry this year"},
			[]string{"covered the camera business", "Firmware update for the D800", "Weekend deals"}},
		{"titled.html", "",
			[]string{"approved a new tram line", "expect more visitors once the trams run"},
			[]string{"Partner news", "favourite weekend destination", "captain's bell"}},
		{"linkedtitle.html", "",
			[]string{"second batch of the new 12-40mm zoom", "body-only cameras is sold"},
			[]string{"Disclaimer", "definition of the word rumor", "Lost your password", "mirrorless roundup", "lens factory"}},
		{"excerpts.html", "",
			[]string{"showed its Icon concept SUV", "a petrol engine of about one and a half litres"},
			[]string{"cabin has been impressively revamped", "Used SUV buying tips"}},
		{"footerteasers.html", "",
			[]string{"keeps you shielded with its sound absorbing foam", "a sound and visual shelter"},
			[]string{"Haus am Weinberg", "galleries stacked around a courtyard", "Leave a Reply"}},
		{"onearticle.html", "",
			[]string{"Calling all fans of", "Check out the trailer below"},
			[]string{"Sign in to your StageMania account", "Every Thursday we send"}},
		{"headlinestory.html", "",
			[]string{"open enrollment period is in full swing", "Are you planning any big changes"},
			[]string{"Top cards by category", "balance transfer fee", "Rates and offers change often"}},
		// The region is the headline's column and no more, beside a blog's
		// description and quotes about it that outweigh the post: the
		// headline places the story, so the page does not fall back to
		// its whole text.
		{"quotesidebar.html", "",
			[]string{"written one of the best loved heroines", "keep counting the ones who do not come back"},
			[]string{"Thoughts, pictures, reviews", "dreadful little site", "keeps the publishers honest", "Panel by Panel"}},
		{"runson.html", "",
			[]string{"The council is preparing next year's budget", "which the engineers say would protect", "before the next storm season begins"},
			[]string{"Weigh in", "Recommend", "About us"}},
		{"storygallery.html", "",
			[]string{"Take the blankets off the bed", "the second manager said in his reply"},
			[]string{"Business news in pictures", "winning formula for the broadcaster", "Most read"}},
		{"infobox.html", "",
			[]string{"largest village on the island", "Council area", "Argyll", "Founded", "Walter Frederick Campbell", "Port authority", "Islay Harbour Board", "880 (2011)"},
			[]string{"Bowmore", "Killarow", "Random article", "Privacy policy"}},
		{"citations.html", "",
			[]string{"learnt the piano as a child", "judged a television singing contest", "References", "Full list of nominees for the 11th Golden Melody Awards", "Tanya Chua joins a new label and opens a new era", "[Retrieved 2017-07-19]"},
			[]string{"Related entries", "Stefanie Sun", "Mandopop", "Privacy policy"}},
		{"filmography.html", "",
			[]string{"began her career in films", "TV Shows", "Fix You (KBS2, 2020)", "When a Man is in Love (SBS, 2004)", "Mr. Idol (2011)", "Baeksang Arts Awards: Best New Actress Award"},
			[]string{"ends its run with the best ratings", "Casting announced", "Random page", "Privacy policy"}},
		{"weeklyreport.html", "",
			[]string{"which stops an update from starting", "Here’s our Harbour Year in Review!", "Thanks to mirela, users can now import bookmarks from KeePass",
				"ana has a patch to move the session store off the old file layer", "lucie re-enabled the tab animation tests", "See you in two weeks"},
			[]string{"Share this", "Twitter", "These Weeks in Harbour: Issue 41", "Posted in", "Harbour 31 release notes", "Proudly powered"}},
		{"cjkstory.html", "",
			[]string{"经过四年建设", "标志着这条线路正式投入运营", "不少市民一早就赶来体验新线", "力争在两年内建成通车"},
			[]string{"来源：江城日报", "2020年05月19日", "延伸阅读", "完成全部空载试运行", "新增接驳线路六条", "相关新闻", "本市公交月票", "版权所有"}},
		{"pagebody.html", "",
			[]string{"Thursday's post on the township's public meeting", "whether the wells on the north side"},
			[]string{"history conference", "Audio Drums", "forgotten gems of music", "Pruning Notes"}},
		{"dlteasers.html", "",
			[]string{"The ferry between the mainland", "could add a midday crossing on school days"},
			[]string{"Drivers will have to take the long way", "A late power play goal", "keeper's cottage", "advertisement", "ADVERTISEMENT", "0:00 / 4:18", "PA Wire"}},
		{"docsanchors.html", "",
			[]string{"\n\nSyntax\n\n", "\n\nDescription\n\n", "\n\nExamples\n\n", "The flat() method is a copying method", "arr2.flat();"},
			[]string{"Related pages", "copyWithin()", "Was this page helpful", "Copy to Clipboard", "Standard built-in objects", "Creative Commons"}},
		{"pagebuilder.html", "",
			[]string{"Every year members ask why", "Harrier pairs", "the upper route, 9 km", "the first nests are only a short way beyond the signs"},
			[]string{"Share on Facebook", "Tweet this walk", "friendly club of about a hundred walkers", "Looking after your boots", "Proudly powered"}},
		{"readalso.html", "",
			[]string{"filled the public gallery twice over", "The finance committee will now look", "Sources:", "Island ferry use, annual report 2023", "carried by nine votes to four"},
			[]string{"Read also", "Winter ferry timetable", "Island school roll falls", "Storm closes the coast road", "Read next", "Harbour berth delayed", "covers the islands"}},
		{"wpfiled.html", "",
			[]string{"Forty volunteers turned up on Saturday", "borrowed press from the village hall had filled eleven demijohns", "plant a row of cider apple varieties"},
			[]string{"This entry was posted", "Bookmark the", "Tags:", "volunteers\n", "Bat walk in the orchard"}},
		{"accordion.html", "",
			[]string{"Wer hat Anspruch auf Wohngeld?", "Wohngeld bekommen Mieterinnen", "Was hat sich zum Jahresbeginn geändert?", "in etwa sechs bis acht Wochen bearbeitet"},
			[]string{"Neueste Meldungen", "Meistgelesen", "Baustelle an der Brücke", "Impressum"}},
		{"labelledbox.html", "",
			[]string{"hält wenig von der Angst", "Ein bedingungsloses Grundeinkommen hält er", "Das ganze Gespräch können Sie in unserer Mediathek nachhören"},
			[]string{"Balsam für den sozialen Frieden", "Experiment in Finnland", "Was darf ein selbstfahrendes Auto", "Bahnstreik am Montag",
				"Roboter in der Pflege", "Lehrerverbände warnen", "Was das für die Innenstädte bedeutet"}},
		// Under the label, a box of other posts shows them whole, each an
		// <article> of its own: prose, but not the story's.
		{"relatedposts.html", "",
			[]string{"A paciência não é esperar de braços cruzados", "o melhor dos conselheiros"},
			[]string{"Você pode gostar", "O que une uma família", "Eu sou assim mesmo", "A vida requer da gente"}},
		// An aggregator's feed of cards under its own story: each card an
		// <article> led by a headline that links off the site.
		{"feed.html", "",
			[]string{"games start in seconds and look sharp", "most reviewers advise waiting a year"},
			[]string{"Three families still live", "A bold rental law", "Scientists ran a simulation", "No diet has been more studied", "Half a world away"}},
		{"noscript.html", "",
			[]string{"This June we counted 212 common seals", "The count is done from the boats", "sit very still in it with binoculars"},
			[]string{"Please enable it in your browser", "News from the harbour trust"}},
		{"styledclasses.html", "",
			[]string{"Hardly a weekend passes without an argument", "level with the team in third", "and publish their table anyway"},
			[]string{"The winners of the summer transfer window", "Privacy", "By Tom Reeve"}},
		{"captioned.html", "",
			[]string{"These photos show how", "charity parade through the old town", "the last ferry back from the theme park"},
			[]string{"Posted by Max Fisher", "Election day in pictures", "Tags:"}},
		{"inlinecaptions.html", "",
			[]string{"Satellite data map the snow cover", "each morning's run takes less than an hour", "Jana Keller wrote this report",
				"Ski tours:", "which passes are still under snow"},
			[]string{"Figure: snow depth in colour", "Figure: our snow depth against"}},
		// A site whose class names are hashes marks up its one teaser
		// card as an <article>, and not its story.
		{"hashedclasses.html", "",
			[]string{"Crews on the island ferries have voted to strike", "keep the Christmas weekend free of disruption"},
			[]string{"North pier ramp delayed", "will not open before March", "Read next", "About us"}},
		// A video's page: two lines of bullets, no sentence, that the
		// page's og:description repeats.
		{"videopage.html", "",
			[]string{"Blend a keyed actor into any background plate", "Build the wrap from a blurred matte"},
			[]string{"Popular Tutorials", "Smoke Portal", "smoke portal effect", "Forgot Password", "mara_k"}},
		{"tocbox.html", "",
			[]string{"Fed on time, it lives for decades", "once a week is enough", "Whole rye gives the yeast", "goes back to a mild sourness",
				"rye starters doubled in four hours"},
			[]string{"Table of Contents", "Toggle"}},
		{"record.html", "",
			[]string{"Company Name", "HARBOUR VIEW BOATWORKS LLC", "Charter #", "4513257", "Limited Liability Company"},
			[]string{"Search the records", "Non-profits", "All rights reserved"}},
		{"tweetroundup.html", "",
			[]string{"released its Christmas advert on Friday", "had the best line of the night", "made me cry twice this week", "The gull in the hat deserves an award"},
			[]string{"Latest", "written by volunteers"}},
		{"megamenu.html", "",
			[]string{"has been her mission for many years", "she turns one hundred years old", "she still tells her story to anyone who will listen"},
			[]string{"Our head office is in the harbour town", "bringing together experts on the European Union", "Middle East and North Africa", "Skip to main content", "Imprint"}},
		{"placedcaption.html", "",
			[]string{"The ramp is the largest piece of work at the pier", "The new loading ramp at the north pier opened", "keep to the timetable in winter", "a third of it from the regional fund", "Now we can plan.",
				"would end most of the winter cancellations"}, // a quotation beside its source's picture is no caption
			[]string{"The north pier at dawn", "Workers fit the new ramp's hinge", "Most read"}},
		{"picturedsteps.html", "",
			[]string{"A bare-root tree planted between November and March", "Dig a square hole", "Drive the stake in", "Tie the trunk to the stake", "Keep a circle of bare soil"},
			[]string{"Our own orchard in its first winter", "About"}},
		// Cards led by a headline that is a plain line, all one link: a
		// thumbnail beside it links the same story, and a card may link
		// its photos too. A box whose one link holds an icon is no card,
		// and a related list does not take the paragraph beside it.
		{"thumbcards.html", "",
			[]string{"Every school day at seven", "Olsen, who had captained the ferry", "which the trust has never had enough of", "Warm, funny and far too short", "cold until the speeches began"},
			[]string{"to carry it on next year", "not one of them is paid", "first record sold out", "updated 1:05 PM", "Other People Are Reading", "Why the Coast Road"}},
		// A box around a form that asks for the reader's details holds
		// its pitch, its steps and a privacy note, none of the story.
		{"formbox.html", "",
			[]string{"should make bold moves with its new hybrid system", "the battery never ran flat on the daily run into town"},
			[]string{"Would You Prefer a Free Dealer Price Quote", "almost done", "Tell us a little bit", "competitive price quotes", "We care about your privacy", "First name"}},
		// A newsletter's sign-up box asks for one field, an e-mail
		// address; a search box never does.
		{"signupbox.html", "",
			[]string{"ending eleven years in which a single boat", "the loading ramp at the island pier has been widened"},
			[]string{"Morning Tide", "delivered to your inbox", "successfully subscribed", "problem subscribing"}},
		// The story's own header (inside its <article>) gives its
		// standfirst; its kicker, headline and byline stay out, as does
		// the page's header with the site's own description.
		{"storyheader.html", "",
			[]string{"Only 41 pupils are enrolled for the new term", "The island's primary school opened", "more than the island has voters"},
			[]string{"The independent voice", "Island school roll falls", "Ilona Berg", "Islands\n", "first day of term", "Pass this story on"}},
		// A box named for a call to action (a donation letter under the
		// story) stays out with the prose in it, though its layout names
		// its parts "card-body" and "content".
		{"donateletter.html", "",
			[]string{"claims that the island council quietly sold", "we rate it false"},
			[]string{"A letter from the newsroom", "Mari Koski", "Operations", "Most of our checks begin", "far from free to produce", "Support the Gazette", "Give now"}},
		// A list whose items are each a link holding a picture and a
		// headline is a box of recommended stories, on another site as
		// here; a list of references whose links are words stays.
		{"thumblist.html", "",
			[]string{"landed her first film role", "says where extras can sign up", "watching the boats come in"},
			[]string{"Celebrity Beach Bodies", "Child Star", "Ten Weddings", "Split After a Week"}},
		// Teasers under headlines that are no links, each excerpt ending
		// in a "Read more..." link to its story, in the column beside it.
		{"moreteasers.html", "",
			[]string{"has bought the old boatyard on the south quay", "open to visitors on the first Saturday of every month"},
			[]string{"Recent news", "Harbour ferry adds a late sailing", "the last boat back from the islands", "Read more", "north quay", "guided climbs", "Coast road closed"}},
		{"cardedpost.html", "",
			[]string{"For eleven years the island was served by one boat", "arrived last week after a crossing", "What the second boat changes",
				"berth at the north pier", "What it cost", "The regional fund's report on island ferries", "fares rise by fifty cents", "The old landing craft goes back to its owner"},
			[]string{"The board's vote", "Nine members voted", "Win two return tickets", "Author", "Ilona covers the islands", "Tags", "Ferries",
				"Related Articles", "Every January the island loses", "Who will pay", "Fares, explained", "Continue reading", "[Most read]", "will be dredged in May", "right on the tide", "@islandferries"}},
		// A live page's feed in the column beside the story outweighs it.
		{"livecolumn.html", "",
			[]string{"The finance ministers of the eurozone are holding talks", "if Greece were to leave the eurozone"},
			[]string{"Markets close", "The FTSE 100 closed up", "That is it from the morning team", "Related Stories", "Most Popular"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body := singleFixture(t, tt.file)
			r := ExtractSite([]Input{{Key: tt.file, Body: body}}, Options{}, true)[0]
			if r.Fallback != tt.fallback {
				t.Errorf("fallback %q, want %q", r.Fallback, tt.fallback)
			}
			checkText(t, r.ArticleText(), tt.want, tt.not)
		})
	}
}

// TestFooterNotice: a section front mined alone, its stories' teasers
// in TOC blocks, is a listing with no article, though its page footer
// ("site-foot": "foot" names a footer as "footer" does) holds a
// paragraph of prose, a notice about the reader's browser, that then
// outscores everything else left on the page.
func TestFooterNotice(t *testing.T) {
	r := ExtractSite([]Input{{Key: "sectionfoot.html", Body: singleFixture(t, "sectionfoot.html")}}, Options{}, true)[0]
	if r.Kind != KindTOC || r.ArticleText() != "" {
		t.Errorf("kind %s, article %q; want a listing with no article", r.Kind, r.ArticleText())
	}
	var links int
	for _, b := range r.TOC {
		links += len(b.Links)
	}
	if links < 6 {
		t.Errorf("%d TOC links, want the six top stories at least", links)
	}
}

// singleFixture is the file of testdata/single named file.
func singleFixture(t *testing.T, file string) []byte {
	t.Helper()
	body, err := os.ReadFile("testdata/single/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// checkText fails t for each of want that text lacks and each of not
// that it holds.
func checkText(t *testing.T, text string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q:\n%s", w, text)
		}
	}
	for _, w := range not {
		if strings.Contains(text, w) {
			t.Errorf("text holds %q:\n%s", w, text)
		}
	}
}

// Prose is lines of sentences: a story's paragraphs have it, teaser
// lists (excerpts cut short with "[...]" too) and tables of results do
// not.
func TestHoldsProse(t *testing.T) {
	tests := []struct {
		file, class string
		want        bool
	}{
		{"brief.html", "story", true},
		{"brief.html", "more", false},
		{"fixtures.html", "main", false},
		{"fixtures.html", "fixtures", false},
		{"excerpts.html", "postbox", true},
		{"excerpts.html", "latest", false},
	}
	for _, tt := range tests {
		body := singleFixture(t, tt.file)
		p := parse(Input{Key: tt.file, Body: body}, "")
		var n *Node
		for _, c := range p.page.Nodes {
			if hasToken(htmlnode.Attr(c.H, "class"), tt.class) {
				n = c
				break
			}
		}
		if n == nil {
			t.Fatalf("%s: no element of class %s", tt.file, tt.class)
		}
		if got := holdsProse(p.page, n, nil); got != tt.want {
			t.Errorf("%s: holdsProse(.%s) = %v, want %v", tt.file, tt.class, got, tt.want)
		}
	}
}

// A story's short lines may repeat (a recipe's portions, a plan's
// headings); a paragraph found twice is a copy (a pull quote) and is
// kept once.
func TestInPageCopies(t *testing.T) {
	body := singleFixture(t, "recipe.html")
	text := ExtractSite([]Input{{Key: "recipe", Body: body}}, Options{}, true)[0].ArticleText()
	for line, want := range map[string]int{
		"Eat every 2–3 hours":              2,
		"Containers: 1 Green, 1 Blue":      2,
		"Cooking once on Sunday saves":     1,
		"keep the salads apart from their": 1,
	} {
		if got := strings.Count(text, line); got != want {
			t.Errorf("%q %d times, want %d:\n%s", line, got, want, text)
		}
	}
}

// Paragraphs that differ only in their numbers are two paragraphs; the
// same paragraph again in another place (a summary box) is a copy, and
// again in the story's own flow is the story saying it twice.
func TestCopiesDifferInNumbers(t *testing.T) {
	para := func(home, away int) string {
		return fmt.Sprintf("<p>In the first round of the winter league Harbour Town beat Kingsbridge %d to %d on a cold and windy afternoon at the quay ground.</p>", home, away)
	}
	body := "<html><body><article><h1>Winter league</h1>" + para(3, 1) + para(2, 0) + "<p>The second round is played next Saturday.</p>" + para(4, 4) +
		`<div class="summary">` + para(3, 1) + "</div>" + para(4, 4) + "</article></body></html>"
	text := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	for line, want := range map[string]int{"Kingsbridge 3 to 1": 1, "Kingsbridge 2 to 0": 1, "Kingsbridge 4 to 4": 2} {
		if got := strings.Count(text, line); got != want {
			t.Errorf("%q %d times, want %d:\n%s", line, got, want, text)
		}
	}
}

// A short post is a story when it is most of the text under the page's
// headline, however long the sidebar beside it: shortStory holds for the
// post's paragraph, not for a sidebar box's.
func TestShortStoryUnderTitle(t *testing.T) {
	body := singleFixture(t, "titledpost.html")
	p := parse(Input{Key: "k", Body: body}, "c").page
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"Sports balls, disco balls", true},
		{"Aug 22: quiz night", false},
	} {
		var region *Node
		for _, s := range p.Segments {
			if strings.HasPrefix(s.Text, tt.text) {
				region = s.Owner
			}
		}
		if region == nil {
			t.Fatalf("no segment %q", tt.text)
		}
		if got := shortStory(p, region, p.textOf(region)); got != tt.want {
			t.Errorf("shortStory(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// A post's lines of links off the site (the products, sources, resources
// it lists) are its text; a line of the site's own links, a link to a
// social network, and links that mail or license the post (their query
// carries its address or its title) are navigation.
func TestReferenceLines(t *testing.T) {
	body := singleFixture(t, "references.html")
	u, err := url.Parse("http://bywilma.example/2012/08/09/love-this-wallpaper/")
	if err != nil {
		t.Fatal(err)
	}
	r := ExtractSite([]Input{{Key: "k", URL: u, Body: body}}, Options{}, true)[0]
	checkText(t, r.ArticleText(),
		[]string{"Owls Of The British Isles Wallpaper", "Oshima Wallpaper", "it is called Priem"},
		[]string{"Follow me on Twitter", "More interior posts", "July 2012", "Email this post", "Reprints"})
}

// A short story whose photos each credit another site with a link
// ("Front page appears courtesy of …") is a story, not a list of links:
// links off the site are credits and references, no headlines of the
// site's stories, so they do not make its region a TOC. A page given
// without its URL (a saved file) is read with the URL it declares, its
// <link rel="canonical">, and gives the same.
func TestCreditLinks(t *testing.T) {
	body := singleFixture(t, "creditedphotos.html")
	u, err := url.Parse("https://mediawatch.example/latest-news/3001/election-front-pages/")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []Input{{Key: "with URL", URL: u, Body: body}, {Key: "declared URL", Body: body}} {
		r := ExtractSite([]Input{in}, Options{}, true)[0]
		if r.Kind != KindArticle && r.Kind != KindArticleTOC {
			t.Errorf("%s: kind %q, want an article", in.Key, r.Kind)
		}
		checkText(t, r.ArticleText(),
			[]string{"Photographs carried most of this morning's front pages", "one paper went the other way"},
			[]string{"Most Recent", "Mistakes were made", "Front page appears courtesy"})
	}
}

// A page's declared URL: its canonical link, else its og:url, absolute
// http(s) only.
func TestDeclaredURL(t *testing.T) {
	for _, tt := range []struct{ head, want string }{
		{`<link rel="canonical" href="https://news.example/a/1"><meta property="og:url" content="https://m.news.example/a/1">`, "https://news.example/a/1"},
		{`<meta property="og:url" content="https://news.example/a/2"><link rel="canonical" href="/a/2">`, "https://news.example/a/2"},
		{`<link rel="Canonical Alternate" href=" http://news.example/a/3 ">`, "http://news.example/a/3"},
		{`<link rel="canonical" href="/a/4">`, ""},
		{`<link rel="canonical" href="javascript:void(0)">`, ""},
		{``, ""},
	} {
		doc, err := parseHTML([]byte("<html><head><title>t</title>" + tt.head + "</head><body><p>x</p></body></html>"))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if u := declaredURL(doc); u != nil {
			got = u.String()
		}
		if got != tt.want {
			t.Errorf("declaredURL(%s) = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// A region that is one paragraph widens to its parent when the parent
// is named as content and holds more text (a deals post, a look with its
// shop links), or holds more running prose (a podcast post above a list
// of earlier episodes): the lists cost more in links than they bring.
func TestNamedContainer(t *testing.T) {
	for _, tt := range []struct {
		file, url string
		want, not []string
	}{
		{"dealspost.html", "https://gadgetweekly.example/2012/11/dealmaster/",
			[]string{"a fresh list of deals for the weekend", "12-megapixel compact camera"},
			[]string{"Top feature story", "decides which device goes first"}},
		{"lookpost.html", "https://runwaynotes.example/2012/11/look-to-steal/",
			[]string{"Shop our budget-friendly picks below.", "Left to right: Hartley Woven Floral Cotton Tee ($26, was $49)"},
			[]string{"Most read", "ranked by our editors"}},
		{"episodes.html", "https://theology.example/blog/posts/glenn-on-the-fatherhood-of-god",
			[]string{"Do you know what it means", "truly loved", "In the latest episode of our interview series"},
			[]string{"Ray Ortlund on Union with Christ", "Sermons"}},
	} {
		u, _ := url.Parse(tt.url)
		r := ExtractSite([]Input{{Key: tt.file, URL: u, Body: singleFixture(t, tt.file)}}, Options{}, true)[0]
		text := r.ArticleText()
		for _, want := range tt.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s: text lacks %q:\n%s", tt.file, want, text)
			}
		}
		for _, not := range tt.not {
			if strings.Contains(text, not) {
				t.Errorf("%s: text holds %q:\n%s", tt.file, not, text)
			}
		}
	}
}

// A headline linked to the post itself, as old blog themes write it, is
// the page's headline all the same: the region narrows to the story
// around it (titled.html with its headline linked).
func TestLinkedHeadlineRegion(t *testing.T) {
	body := bytes.Replace(singleFixture(t, "titled.html"),
		[]byte("<h1>Council approves new tram line to the harbour</h1>"),
		[]byte(`<h1><a href="/2019/11/20/council-approves-tram-line/" rel="bookmark">Council approves new tram line to the harbour</a></h1>`), 1)
	if !bytes.Contains(body, []byte("rel=\"bookmark\"")) {
		t.Fatal("titled.html's headline changed: update this test")
	}
	text := ExtractSite([]Input{{Key: "titled", Body: body}}, Options{}, true)[0].ArticleText()
	if !strings.Contains(text, "approved a new tram line") {
		t.Errorf("the story is missing:\n%s", text)
	}
	for _, not := range []string{"Partner news", "favourite weekend destination", "captain's bell"} {
		if strings.Contains(text, not) {
			t.Errorf("text holds %q:\n%s", not, text)
		}
	}
}

// nodeNamed is the first element whose id, or a word of whose class, is
// name.
func nodeNamed(p *Page, name string) *Node {
	for _, n := range p.Nodes {
		id, class := n.names()
		if id == name || slices.Contains(strings.Fields(class), name) {
			return n
		}
	}
	return nil
}

// A region that is a column of teasers with summaries gives way to the
// story beside it; a story region, or a page whose prose is all teasers,
// stays as it is.
func TestPastTeasers(t *testing.T) {
	u, _ := url.Parse("https://business.example.com/article/payments-layoffs.html")
	p, err := Parse(singleFixture(t, "railteasers.html"), u)
	if err != nil {
		t.Fatal(err)
	}
	markByHints(p)
	l := newLinks(p, Options{}.withDefaults().MinTOCLinks)
	scores := regionScores(p, Options{}.withDefaults().Region, nil)
	list, story := nodeNamed(p, "newsItem"), nodeNamed(p, "storyBody")
	got := pastTeasers(p, list, l, scores)
	if got == nil || !p.contains(got, story) || p.contains(got, list) {
		t.Fatalf("pastTeasers from the teaser list = %v, want an element around the story and not the list", got)
	}
	if got := pastTeasers(p, story, l, scores); got != nil {
		t.Errorf("pastTeasers from the story = %s, want nil", NodePath(got))
	}
	// Without the story, the teasers are the page: a listing stays one.
	body := bytes.Replace(singleFixture(t, "railteasers.html"), []byte(`<div id="story">`), []byte(`<div id="story" hidden>`), 1)
	if p, err = Parse(body, u); err != nil {
		t.Fatal(err)
	}
	markByHints(p)
	l = newLinks(p, Options{}.withDefaults().MinTOCLinks)
	if got := pastTeasers(p, nodeNamed(p, "newsItem"), l, regionScores(p, Options{}.withDefaults().Region, nil)); got != nil {
		t.Errorf("pastTeasers on the page without its story = %s, want nil", NodePath(got))
	}
}

// A page-wide region narrows to the element that holds most of the
// page's running prose, not to a lone paragraph.
func TestProseCenter(t *testing.T) {
	u, _ := url.Parse("https://blog.corp.example/2012/08/commissioner-appreciation-day/")
	for _, tt := range []struct {
		name, from, to string
		edit           func([]byte) []byte
	}{
		{"blog post", "html", "maincolumn", nil},
		{"region not page-wide", "s-post", "", nil},
		{"prose in one paragraph", "html", "", func([]byte) []byte {
			return []byte("<html><body><h1>Notes</h1><p>" + strings.Repeat("A sentence of the only paragraph, which holds the page's prose. ", 10) +
				"</p><h2>Secondary header</h2><ul><li>a point</li><li>another</li></ul></body></html>")
		}},
	} {
		body := singleFixture(t, "corpblog.html")
		if tt.edit != nil {
			body = tt.edit(body)
		}
		p, err := Parse(body, u)
		if err != nil {
			t.Fatal(err)
		}
		markByHints(p)
		from := p.Root
		if tt.from != "html" {
			from = nodeNamed(p, tt.from)
		}
		got := proseCenter(p, from, newLinks(p, Options{}.withDefaults().MinTOCLinks))
		switch {
		case tt.to == "" && got != nil:
			t.Errorf("%s: proseCenter = %s, want nil", tt.name, NodePath(got))
		case tt.to != "" && (got == nil || got != nodeNamed(p, tt.to)):
			t.Errorf("%s: proseCenter = %v, want #%s", tt.name, got, tt.to)
		}
	}
}

// The links to the posts on either side that a blogging platform prints
// under a post ("« An older post | Main | A newer post »", "Newer Post
// Older Post Home", "Previous post: …") are no part of the post, however
// long the posts' titles make the line; a line that says something around
// its links, or whose links lead off the site, stays.
func TestPostNavigation(t *testing.T) {
	const story = `<p>The council voted on Tuesday to keep the old library open for another year, after a campaign that gathered four thousand signatures in a month.</p>
<p>Its reading room will close on Mondays to pay for the heating, and the volunteers who run the archive have agreed to take on the evening shifts.</p>
<p>A new building on the market square is still planned, but its budget will be set again next spring, once the county has said what it will give.</p>`
	tests := []struct {
		name, line string
		shown      string // the line as the text would show it
		dropped    bool
	}{
		{"Movable Type", `<p align="right"><a href="/blog/2007/03/user_community.html">&laquo; User Community and ROI</a> |
<a href="/blog/">Main</a> | <a href="/blog/2007/04/death_threats.html">Death threats against bloggers are not protected speech &raquo;</a></p>`,
			"« User Community and ROI | Main | Death threats", true},
		{"arrows", `<p><a href="/blog/2007/03/older.html">&larr; How the archive came through the flood of 1998 intact</a> <a href="/blog/2007/04/newer.html">What a new building on the square would cost the town &rarr;</a></p>`,
			"← How the archive came through the flood of 1998 intact What a new building on the square would cost the town →", true},
		{"one post, an arrow", `<p><a href="/blog/2007/03/older.html">&lsaquo; How the archive came through the flood of 1998 intact</a></p>`,
			"How the archive came through the flood", true},
		{"a pager's words", `<p><a href="/blog/2007/04/newer.html">Newer Post</a> <a href="/blog/2007/03/older.html">Older Post</a> <a href="/blog/">Home</a></p>`,
			"Newer Post Older Post Home", true},
		{"a pager's label", `<p>Previous post: <a href="/blog/2007/03/older.html">How the archive came through the flood of 1998 intact</a></p>`,
			"How the archive came through the flood", true},
		{"a pager's label, off the site", `<p>Next: <a href="https://county.example/budget.html">the county's budget for the new building</a></p>`,
			"the county's budget for the new building", false},
		{"sentence around links", `<p>Read our <a href="/blog/guide.html">guide to the archive</a>, which the volunteers keep up to date, and the <a href="/blog/faq.html">questions readers ask most often</a> &raquo;</p>`,
			"Read our guide to the archive", false},
		{"off the site", `<p><a href="https://wire.example/story/1">&laquo; Reuters on the vote</a> | <a href="https://other.example/story/2">The county's answer &raquo;</a></p>`,
			"« Reuters on the vote | The county's answer »", false},
	}
	u, err := url.Parse("http://town.example/blog/2007/03/library.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLibraryLine(t, u, story+"\n"+tt.line, tt.shown, tt.dropped)
		})
	}
}

// A pager's words in the larger languages of Latin script, accents and
// all, and lines that only start like one.
func TestPagerText(t *testing.T) {
	for _, c := range []struct {
		text  string
		pager bool
	}{
		{"Newer Post Older Post Home", true},
		{"Next page »", true},
		{"Nächster Beitrag", true},
		{"« Article précédent", true},
		{"Artículo siguiente", true},
		{"Home", false},
		{"Next, the council voted", false},
		{"Nächste Woche", false},
	} {
		if got := pagerText(c.text); got != c.pager {
			t.Errorf("pagerText(%q) = %v, want %v", c.text, got, c.pager)
		}
	}
}

// checkLibraryLine mines the library story of TestPostNavigation and
// TestLabelledStoryLink, told in content with one line under test among
// its paragraphs, and checks that the story stays and that the line,
// shown as the text shows it, goes when dropped says so and stays
// otherwise.
func checkLibraryLine(t *testing.T, u *url.URL, content, shown string, dropped bool) {
	t.Helper()
	body := `<html><head><title>Library stays open</title></head><body><div id="content"><h1>Library stays open</h1>` +
		content + `</div><div id="footer"><a href="/">Home</a> <a href="/about/">About</a></div></body></html>`
	r := ExtractSite([]Input{{Key: "k", URL: u, Body: []byte(body)}}, Options{}, true)[0]
	text := r.ArticleText()
	checkText(t, text, []string{"four thousand signatures", "once the county has said"}, nil)
	if got := strings.Contains(text, shown); got == dropped {
		t.Errorf("line %q kept %v, want %v:\n%s", shown, got, !dropped, text)
	}
}

// A gallery's title over each of its slides, one shown at a time, is said
// once; a table's cells that repeat one another stay, each one the value
// of its own row and column.
func TestEchoes(t *testing.T) {
	var slides, rows strings.Builder
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&slides, `<div class="slide"><div class="slide-title">Election night: the best photos</div><img src="/img/%d.jpg" alt=""></div>`, i)
		fmt.Fprintf(&rows, "<tr><td>Ward %d</td><td>Counted in full</td><td>Counted in full</td></tr>", i)
	}
	body := `<html><head><title>Election night</title></head><body><div id="story"><h1>Election night</h1>
<p>The polls closed at ten, and the first wards were counted within the hour, long before the rain that had kept the turnout low all afternoon.</p>` +
		slides.String() +
		`<p>By midnight the council's two largest parties were level, and the last three wards, all on the east side of the river, were still being counted.</p>
<table>` + rows.String() + `</table>
<p>The result will be declared in the morning, once the postal votes from the outlying villages have been checked against the register.</p></div></body></html>`
	u, err := url.Parse("http://town.example/news/election-night.html")
	if err != nil {
		t.Fatal(err)
	}
	text := ExtractSite([]Input{{Key: "k", URL: u, Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	checkText(t, text, []string{"first wards were counted", "Election night: the best photos", "Ward 12", "postal votes"}, nil)
	if n := strings.Count(text, "the best photos"); n != 1 {
		t.Errorf("the slides' title %d times, want once:\n%s", n, text)
	}
	if n := strings.Count(text, "Counted in full"); n != 24 {
		t.Errorf(`"Counted in full" %d times, want 24 (two cells in each of 12 rows):`+"\n%s", n, text)
	}
}

// A date that is the value of a named field, in a description list or in
// a table row with a header cell, stays where the story has not begun: a
// record's data, where a date on a line of its own above the story is
// its dateline.
func TestFieldValueDates(t *testing.T) {
	body := `<html><head><title>Murray's Mowing LLC</title></head><body><div id="record"><h1>Murray's Mowing LLC</h1>
<p>June 3, 2020</p>
<dl><dt>Charter #</dt><dd>4513257</dd><dt>Effective Date</dt><dd>Saturday, July 25, 2020</dd><dt>Type</dt><dd>Limited Liability Company</dd></dl>
<table class="infobox"><tr><th>Founded</th><td>25 November 1947</td></tr><tr><th>Founder</th><td>Alexander Murray</td></tr></table>
<p>The company mows lawns and clears gardens across the county, and its founder's grandson runs it from the same yard on the edge of town.</p>
<p>It registered as a limited liability company this summer, when the family bought a second truck and took on two more crews for the season.</p>
</div></body></html>`
	u, err := url.Parse("http://records.example/corporations/438057")
	if err != nil {
		t.Fatal(err)
	}
	text := ExtractSite([]Input{{Key: "k", URL: u, Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	checkText(t, text, []string{"Saturday, July 25, 2020", "25 November 1947", "mows lawns"}, []string{"June 3, 2020"})
}

// A line that opens with the label of a box of other stories and is,
// past it, one link to another story of the site goes, in any of the
// labels' languages; a sentence that links where to read more, or a link
// off the site under the label (a source), stays.
func TestLabelledStoryLink(t *testing.T) {
	const (
		first = `<p>The council voted on Tuesday to keep the old library open for another year, after a campaign that gathered four thousand signatures in a month.</p>`
		rest  = `<p>Its reading room will close on Mondays to pay for the heating, and the volunteers who run the archive have agreed to take on the evening shifts.</p>
<p>A new building on the market square is still planned, but its budget will be set again next spring, once the county has said what it will give.</p>`
	)
	tests := []struct {
		name, line string
		shown      string // the line as the text would show it
		dropped    bool
	}{
		{"read more", `<p><strong>READ MORE:</strong> <a href="/news/2020/02/pool-closes.html">Swimming pool to close for a year as the repairs to its roof and boilers overrun again</a></p>`,
			"READ MORE: Swimming pool", true},
		{"lire aussi", `<p>Lire aussi : <a href="/societe/article/2020/02/piscine.html">La piscine municipale fermera un an, le temps des travaux sur le toit et les chaudières</a></p>`,
			"Lire aussi : La piscine", true},
		{"lesen sie auch", `<p>Lesen Sie auch: <a href="/lokales/schwimmbad-schliesst.html">Das Hallenbad schließt für ein ganzes Jahr, weil die Arbeiten an Dach und Heizung länger dauern</a></p>`,
			"Lesen Sie auch: Schwimmbad", true},
		{"a sentence", `<p>Read more about the campaign <a href="/news/2020/02/campaign.html">in our report from January</a>.</p>`,
			"Read more about the campaign", false},
		{"off the site", `<p>Read more: <a href="https://wire.example/story/1">Libraries across the county face cuts this winter as the council looks for savings again</a></p>`,
			"Read more: Libraries across the county", false},
	}
	u, err := url.Parse("http://town.example/news/2020/02/library.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLibraryLine(t, u, first+"\n"+tt.line+"\n"+rest, tt.shown, tt.dropped)
		})
	}
}

// A region that took a second column beside the story narrows to the
// headline's; a header of headline and standfirst, or a story that runs
// on into the next section, is no column of its own.
func TestHeadlineColumn(t *testing.T) {
	para := func(n int) string {
		return strings.Repeat("<p>The council met on Tuesday to decide how the new ferry will be paid for, and it agreed to borrow most of the money.</p>", n)
	}
	standfirst := "<p>" + strings.Repeat("The island's second ferry, promised for a decade, will sail next spring after the council agreed to pay for it, ", 5) + "and the islanders are glad.</p>"
	page := func(region string) []byte {
		return []byte(`<html><head><title>A second ferry for the island | Harbour News</title></head><body>` +
			`<div id="region">` + region + `</div></body></html>`)
	}
	tests := []struct {
		name string
		body []byte
		want string // the id of the column, "" for none
	}{
		{"live feed beside the story", singleFixture(t, "livecolumn.html"), "story-body"},
		{"header with a standfirst", page(`<div class="cartouche"><h1>A second ferry for the island</h1>` + standfirst + `</div>` +
			`<div class="bar"><a href="#top">A second ferry for the island</a></div><div id="text">` + para(6) + `</div>`), ""},
		{"story in two sections", page(`<div id="s1"><h1>A second ferry for the island</h1>` + para(5) + `</div><div id="s2">` + para(4) + `</div>`), ""},
		{"region is the column", page(`<h1>A second ferry for the island</h1>` + para(6)), ""},
		// The same story with a line of links between its sections: the
		// first is the headline's column.
		{"sections apart", page(`<div id="s1"><h1>A second ferry for the island</h1>` + para(5) + `</div>` +
			`<p><a href="/ferries/">More on ferries</a></p><div id="s2">` + para(4) + `</div>`), "s1"},
		// The whole page is proseCenter's to narrow.
		{"whole page", bytes.ReplaceAll(singleFixture(t, "livecolumn.html"), []byte(`id="main-content"`), []byte(`id="main"`)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.body, nil)
			if err != nil {
				t.Fatal(err)
			}
			markByHints(p)
			region := nodeNamed(p, "region")
			if region == nil {
				region = nodeNamed(p, "main-content")
			}
			if region == nil {
				region = p.Root
			}
			got := headlineColumn(p, region, newLinks(p, Options{}.withDefaults().MinTOCLinks))
			switch {
			case tt.want == "" && got != nil:
				t.Errorf("headlineColumn = %s, want nil", NodePath(got))
			case tt.want != "" && got != nodeNamed(p, tt.want):
				t.Errorf("headlineColumn = %v, want .%s", got, tt.want)
			}
		})
	}
}

// TestPagerOnPhotoPost: a photo post with no story is a page of kind
// other, whose text is what is left outside the template; the links to
// the posts on either side ("Newer Post Older Post Home") are none of
// it, even though such a page's lines of links may be its content.
func TestPagerOnPhotoPost(t *testing.T) {
	u, err := url.Parse("http://stylescout.example/2012/11/in-pink.html")
	if err != nil {
		t.Fatal(err)
	}
	r := ExtractSite([]Input{{Key: "k", URL: u, Body: singleFixture(t, "pagedphotopost.html")}}, Options{}, true)[0]
	if r.Kind != KindOther {
		t.Fatalf("kind %s, want %s", r.Kind, KindOther)
	}
	checkText(t, r.MainText(), nil, []string{"Newer Post", "Older Post", "Post a Comment", "Share to Twitter"})
}
