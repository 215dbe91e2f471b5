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
	inputs := gazettePages(func(i int, topic string) string {
		return fmt.Sprintf(`<p>The city council voted on Tuesday evening about the %[1]s, after a long debate in which residents from every district spoke.</p>
<div class="promo-box"><b>Offer %[2]d</b><span>Three months of the %[1]s digest for one euro</span></div>
<p>Supporters said the decision about the %[1]s would help shift workers, while critics pointed to the cost for the city budget.</p>
<p>The finance committee will report on the %[1]s in the spring, and a public meeting is planned for the town hall next month.</p>`, topic, i+1)
	})
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

// HTML's furniture elements inside the story's column, a <footer> with
// the tags and a related product's review summary, an <aside> of other
// stories, go in site mode like boxes named so, prose and all, when the
// story has its own running prose outside them.
func TestSectionFooterInRegion(t *testing.T) {
	inputs := gazettePages(func(i int, topic string) string {
		return fmt.Sprintf(`<p>The city council voted on Tuesday evening about the %[1]s, after a long debate in which residents from every district spoke.</p>
<p>Supporters said the decision about the %[1]s would help shift workers, while critics pointed to the cost for the city budget.</p>
<p>The finance committee will report on the %[1]s in the spring, and a public meeting is planned for the town hall next month.</p>
<p>Shopkeepers on the high street asked for a delay of two months, saying the works for the %[1]s would keep customers away in the busy season.</p>
<p>Engineers told the council that the first stage could start in April if the contracts for the %[1]s are signed before the end of February.</p>
<p>The opposition wants an independent study of the costs first, and its leader said the %[1]s plan had been rushed through committee.</p>
<p>A petition with four thousand names reached the town hall on Monday, most of them from the two districts the %[1]s would serve first.</p>
<p>Several schools wrote to parents about the changes to their routes, and the transport authority has not yet given its opinion on the %[1]s.</p>
<p>A final hearing is planned for the first week of the new year, when the council expects to publish the full budget for the %[1]s.</p>
<aside><p>Also in the council's week: the harbour toll for %[1]s traders, which rises by a fifth in March after a vote that split the chamber.</p></aside>
<footer><div class="tagsWrap">Topics: <a href="/topics/%[1]s">%[1]s</a></div>
<div id="productInfo"><span>Read the full review</span><p>The bottom line: the %[1]s pass %[2]d is the best value the city has sold in years, though the app that carries it still crashes twice a week.</p></div></footer>`, topic, i+1)
	})
	for _, r := range ExtractSite(inputs, Options{}, false) {
		text := r.ArticleText()
		for _, not := range []string{"The bottom line", "Read the full review", "harbour toll"} {
			if strings.Contains(text, not) {
				t.Errorf("%s: %q is in the article:\n%s", r.Key, not, text)
			}
		}
		if !strings.Contains(text, "The finance committee will report") {
			t.Errorf("%s: the story lost a paragraph:\n%s", r.Key, text)
		}
	}
}

// A promotion box may hold prose of its own: a slideshow of another
// story's slides after "Also on …", each slide a heading and a paragraph.
// When the story has running prose outside it, the box goes all the same;
// a related box on a page whose story is short, or a box named otherwise
// (an "ad-item" slide that is the story's own), stays.
func TestPromoBoxWithProse(t *testing.T) {
	// Every page's sentences differ, as stories' do: no cross-page
	// statistic calls them template.
	sentences := []string{
		"the council heard residents from every district before the vote",
		"the mayor said a decision would come before the summer recess",
		"shopkeepers on the high street asked for a delay of two months",
		"the opposition wants an independent study of the costs first",
		"a petition with four thousand names reached the town hall on Monday",
		"engineers warned that the work could close the road for a year",
		"the regional transport authority has not yet given its opinion",
		"several schools wrote to parents about the changes to their routes",
		"the budget for the project was raised twice since it was proposed",
		"a final hearing is planned for the first week of the new year",
	}
	story := func(page int, topic string, paras int) string {
		var b strings.Builder
		for i := 0; i < paras; i++ {
			fmt.Fprintf(&b, "<p>Paragraph %d on the %s: %s, and %s.</p>\n", i+1, topic,
				sentences[(i+page)%len(sentences)], sentences[(3*i+page+1)%len(sentences)])
		}
		return b.String()
	}
	slides := func(page int, class string) string {
		var b strings.Builder
		fmt.Fprintf(&b, `<p>Also on The Gazette:</p><div class="%s"><ul class="slideshow">`, class)
		for i, h := range []string{"Myth one: the old bridge is safe", "Myth two: tolls pay for repairs", "Myth three: nobody uses the ferry"} {
			fmt.Fprintf(&b, "<li><h4>%s (%d)</h4><p>The engineers' report answers this claim: %s, and %s.</p></li>", h, page,
				sentences[(2*i+page+5)%len(sentences)], sentences[(i+2*page)%len(sentences)])
		}
		return b.String() + "</ul></div>"
	}
	for _, tt := range []struct {
		name   string
		paras  int
		class  string
		sliced bool // the slides are left out
	}{
		{"promo after a story", 8, "promo_holder clearfix", true},
		{"related after a story", 8, "related-gallery", true},
		{"promo after a short story", 2, "promo_holder", false},
		{"a box not named for promotion", 8, "explainer-slides", false},
	} {
		inputs := gazettePages(func(i int, topic string) string {
			return `<div class="articleBody">` + story(i, topic, tt.paras) + slides(i, tt.class) + `</div>`
		})
		for _, r := range ExtractSite(inputs, Options{}, false) {
			text := r.ArticleText()
			if got := strings.Contains(text, "engineers' report"); got == tt.sliced {
				t.Errorf("%s: %s: slides kept %v, want %v:\n%s", tt.name, r.Key, got, !tt.sliced, text)
			}
			if !strings.Contains(text, fmt.Sprintf("Paragraph %d on the", tt.paras)) {
				t.Errorf("%s: %s: the story lost a paragraph:\n%s", tt.name, r.Key, text)
			}
		}
	}
}

// gazettePages are four pages of one news site's template, each a story
// on its topic whose body (after the headline) body writes.
func gazettePages(body func(i int, topic string) string) []Input {
	var inputs []Input
	for i, topic := range []string{"night buses", "harbour wall", "ferry fares", "market hall"} {
		page := fmt.Sprintf(`<html><head><title>The council and the %[1]s</title></head><body>
<nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a></nav>
<div class="story"><h1>The council and the %[1]s</h1>
%[2]s
</div><footer>© The Gazette</footer></body></html>`, topic, body(i, topic))
		u, _ := url.Parse(fmt.Sprintf("http://gazette.example/news/%d/story.html", i+1))
		inputs = append(inputs, Input{Key: u.String(), URL: u, Body: []byte(page)})
	}
	return inputs
}

// An id that spells the section's heading names its topic: "sharing" in
// "sharing-with-a-single-developer" is no share bar. A share box's own
// id, and a heading slug on a box the heading does not open, still hint,
// and so does a widget's name that joins it to the post.
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
		// A call to action or an appeal for donations promotes the site.
		{`<div class="cta-fandom-contributor"><p>Join our contributor program.</p></div>`, -1},
		{`<div class="donation-appeal"><p>Support our newsroom.</p></div>`, -1},
		// A copyright notice is the site's, on every page.
		{`<div id="copyright">NHL.com is the official web site of the National Hockey League.</div>`, -1},
		// News sites call their side column a rail.
		{`<div id="rightRail" class="rightRail"><h3>About this blog</h3><p>The bureau writes it.</p></div>`, -1},
		{`<div class="text"><p>The official trailer is out.</p></div>`, 0},
		{`<div class="entry-text"><p>The story.</p></div>`, 1},
		// A post's control names the post ("like-post-wrapper",
		// "entry-share-buttons"): it is the control. A post's header or
		// footer may hold its lines, and its terms say what it is about.
		{`<div class="likes-widget-placeholder post-likes-widget-placeholder"><span class="button"><span>Like</span></span> <span class="loading">Loading...</span></div>`, -1},
		{`<div class="entry-share-buttons"><a href="/s">Facebook</a></div>`, -1},
		{`<div class="post-footer"><p>Filed under news.</p></div>`, 0},
		{`<div class="post-123 post type-post entry-category-social_media"><p>The story.</p></div>`, 0},
		// A box of stories related to the story is named for both, in a
		// class or an id; a post named one way and a box the other is
		// not told apart by its names.
		{`<div id="story_related"><h1>Related</h1><ul><li><a href="/a">Looting follows the storm</a></li></ul></div>`, -1},
		{`<div class="entry-related-posts"><a href="/a">Five more walks</a></div>`, -1},
		{`<div class="post" id="related"><p>The story.</p></div>`, 0},
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
		if got := hintScore(p, box); got != tt.want {
			t.Errorf("%s: hintScore %d, want %d", tt.html, got, tt.want)
		}
	}
}
