package mine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infocrawl/mine/internal/htmlnode"
)

// A blog's "week in review" post is a list of sentences that each cite a
// story by a link in its words: the post's story, not a teaser list, and
// the page is mined from its one entry-content although the cluster's
// vote does not place it (its category names its container's class).
func TestRoundUpPost(t *testing.T) {
	in := siteFixtures(t, "roundup")
	for _, r := range ExtractSite(in, Options{}, false) {
		if r.Kind != KindArticle || len(r.Article) == 0 {
			t.Errorf("%s: kind %s, want an article", r.Key, r.Kind)
			continue
		}
		text := r.Article[0].Text
		if strings.Contains(text, "New instance types for memory-heavy work") && r.Key != "memory-instances.html" {
			t.Errorf("%s: the sidebar's recent posts are in the text:\n%s", r.Key, text)
		}
		if r.Key != "week-in-review.html" {
			continue
		}
		for _, want := range []string{
			"The storage gateway is now generally available, and it caches volumes.",
			"We released version 2 of the SDK for PHP.",
			"We raised the ceiling on provisioned IOPS, doubling the rate a volume can reach.",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("round-up: %q missing from\n%s", want, text)
			}
		}
	}
}

// A link inside a sentence cites; a headline stands alone or after a
// label, and a link that ends its line ends no sentence of words.
func TestInSentence(t *testing.T) {
	for _, tt := range []struct {
		html string
		want bool
	}{
		{`<li>We released the <a href="/a">calculator for web applications</a>.</li>`, true},
		{`<li>We <a href="/a">raised the ceiling on IOPS</a>, doubling the rate.</li>`, true},
		{`<li><a href="/a">Senate passes the budget after a long night</a></li>`, false},
		{`<li>Video: <a href="/a">Senate passes the budget</a> in full.</li>`, false},
		{`<p><b>Related:</b><br><a href="/a">One</a><br><a href="/b">Two stories!</a></p>`, false},
		{`<p>3 Comments - <a href="/a">Leave a comment!</a></p>`, false},
		{`<li>We released the <a href="/a">calculator</a></li>`, false},
	} {
		p, err := Parse([]byte("<html><body>"+tt.html+"</body></html>"), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, a := range p.Nodes {
			if a.Href != "" {
				if s := segmentOf(p, a); s != nil && inSentence(a, s) {
					got = true
				}
			}
		}
		if got != tt.want {
			t.Errorf("%s: inSentence %v, want %v", tt.html, got, tt.want)
		}
	}
}

// A page the cluster's vote does not place takes its one entry-content
// as its region, unless that is a small part of a region around it (a
// page whose story runs on past the element the theme marks).
func TestUseDeclared(t *testing.T) {
	body, err := os.ReadFile("testdata/roundup/week-in-review.html")
	if err != nil {
		t.Fatal(err)
	}
	p := parse(Input{Key: "k", Body: body}, "c")
	var trackbacks, entry, beta *Node
	for _, n := range p.page.Nodes {
		switch class, id := htmlnode.Attr(n.H, "class"), htmlnode.Attr(n.H, "id"); {
		case class == "trackbacks-info":
			trackbacks = n
		case class == "entry-content":
			entry = n
		case id == "beta":
			beta = n
		}
	}
	if trackbacks == nil || entry == nil || beta == nil {
		t.Fatal("fixture lacks its trackbacks, entry-content or #beta")
	}
	p.region = trackbacks
	if !useDeclared(p, true) || p.region != entry {
		t.Errorf("region %s, want the entry-content", NodePath(p.region))
	}
	p.region, p.declared = beta, false
	if !useDeclared(p, true) || p.region != entry {
		t.Errorf("region %s, want the entry-content, most of #beta's text", NodePath(p.region))
	}
	// A small part of it: taken alone, a part with a sentence stands (a
	// post's story beside the related teasers its entry-content also
	// holds), a part with none (the line above the post's lists) does
	// not; on a page the vote does not place, the whole entry-content is
	// taken.
	var intro, item *Node
	for _, n := range p.page.Nodes {
		switch text := p.page.textOf(n); {
		case n.Tag == "p" && strings.HasPrefix(text, "Let's take a quick look"):
			intro = n
		case n.Tag == "li" && strings.HasPrefix(text, "We raised the ceiling"):
			item = n
		}
	}
	if intro == nil || item == nil {
		t.Fatal("fixture lacks its intro or its IOPS item")
	}
	p.region, p.declared = item, false
	if useDeclared(p, false) || p.region != item {
		t.Errorf("alone: region %s, want the item kept", NodePath(p.region))
	}
	p.region, p.declared = intro, false
	if !useDeclared(p, false) || p.region != entry {
		t.Errorf("alone: region %s, want the entry-content over the intro", NodePath(p.region))
	}
	p.region, p.declared = item, false
	if !useDeclared(p, true) || p.region != entry {
		t.Errorf("unplaced: region %s, want the entry-content", NodePath(p.region))
	}
	// Padded with prose outside the entry-content, #beta keeps its story.
	pad := strings.Repeat("<p>The story goes on past the element the theme marks as the post's content, in paragraphs of its own.</p>", 12)
	p = parse(Input{Key: "k", Body: []byte(strings.Replace(string(body), `<div class="trackbacks">`, pad+`<div class="trackbacks">`, 1))}, "c")
	for _, n := range p.page.Nodes {
		if htmlnode.Attr(n.H, "id") == "beta" {
			p.region = n
		}
	}
	if useDeclared(p, true) || htmlnode.Attr(p.region.H, "id") != "beta" {
		t.Errorf("region %s, want #beta kept", NodePath(p.region))
	}
}

// ExtractSite keeps no term statistics for the methods that do not read
// them: every method finds there what MineCluster finds, which keeps
// them, over the same cluster.
func TestExtractSiteSameAsMineCluster(t *testing.T) {
	in := siteFixtures(t, "roundup")
	for _, m := range Methods {
		opts := Options{Method: m}
		site := ExtractSite(in, opts, false)
		byCluster := map[ClusterID][]Input{}
		for i, r := range site {
			byCluster[r.Cluster] = append(byCluster[r.Cluster], in[i])
		}
		got := map[string]*Result{}
		for id, group := range byCluster {
			for _, r := range MineCluster(id, NewClusterState(), group, opts) {
				got[r.Key] = r
			}
		}
		for _, want := range site {
			r := got[want.Key]
			if r.Kind != want.Kind || r.ArticleText() != want.ArticleText() || len(r.TOC) != len(want.TOC) {
				t.Errorf("%s %s: MineCluster %s %q, ExtractSite %s %q", m, want.Key, r.Kind, r.ArticleText(), want.Kind, want.ArticleText())
			}
		}
	}
}

// A link blog's post quotes a paper and comments on it: in site mode the
// blockquote is each page's densest block, but the story is the post
// around it, the comment after the quote included.
func TestQuotedPosts(t *testing.T) {
	in := siteFixtures(t, "quoteblog")
	want := map[string][]string{ // the quote, the comment on it
		"new-flaw.html":      {"breaking or disabling certificate validation", "doesn't feel like a crisis issue"},
		"micromorts.html":    {"Shopping for coffee", "There's a related term, the microlife"},
		"ballot-audits.html": {"Risk-limiting audits compare", "This is exactly how it should work"},
		"regulation.html":    {"Each firm would gain", "it applies to software liability just as well"},
	}
	for _, r := range ExtractSite(in, Options{}, false) {
		if r.Kind != KindArticle || len(r.Article) == 0 {
			t.Errorf("%s: kind %s, want an article", r.Key, r.Kind)
			continue
		}
		text := r.Article[0].Text
		checkText(t, text, want[r.Key], nil)
		if strings.Contains(text, "I am not so sure this is minor") {
			t.Errorf("%s: a reader's comment is in the text:\n%s", r.Key, text)
		}
	}
}

// siteFixtures reads testdata/DIR/*.html, four pages or more of one
// site's template, as inputs keyed by file name.
func siteFixtures(t *testing.T, dir string) []Input {
	t.Helper()
	files, err := filepath.Glob("testdata/" + dir + "/*.html")
	if err != nil || len(files) < 4 {
		t.Fatalf("fixtures: %v %v", files, err)
	}
	var in []Input
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, Input{Key: filepath.Base(f), Body: body})
	}
	return in
}
