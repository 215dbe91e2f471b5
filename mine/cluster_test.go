package mine

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func signatureOf(t testing.TB, src string) []uint64 {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatalf("parse html: %v", err)
	}
	return TagPathSignature(doc)
}

// storyPage and galleryPage are two synthetic templates of one site: the
// same header and footer around different bodies. i varies the body a
// little, as real pages of one template vary.
func storyPage(i int) string {
	extra := ""
	if i%3 == 0 {
		extra = `<blockquote><p>quote</p></blockquote>`
	}
	if i%4 == 0 {
		extra += `<figure><img src="a.jpg"><figcaption>c</figcaption></figure>`
	}
	return fmt.Sprintf(`<!doctype html><html><head><title>Story %d</title><script>var x = "<div>";</script></head><body>
<div class="header"><ul class="nav"><li><a href="/">Home</a></li></ul></div>
<div class="story"><h1>Title %d</h1><p class="byline">By <span>someone</span></p><p>Text %d</p>%s
<ul class="related"><li><a href="/r">r</a></li></ul></div>
<div class="footer"><p>© site</p></div></body></html>`, i, i, i, extra)
}

func galleryPage(i int) string {
	extra := ""
	if i%2 == 0 {
		extra = `<div class="pager"><a href="?p=2">next</a></div>`
	}
	return fmt.Sprintf(`<!doctype html><html><head><title>Gallery %d</title></head><body>
<div class="header"><ul class="nav"><li><a href="/">Home</a></li></ul></div>
<table class="grid"><tr><td><img src="%d.jpg"><span class="cap">c</span></td></tr></table>
<form class="vote"><input type="radio"><button>Vote</button></form>%s
<div class="footer"><p>© site</p></div></body></html>`, i, i, extra)
}

func TestJaccard(t *testing.T) {
	tests := []struct {
		a, b []uint64
		want float64
	}{
		{nil, nil, 1},
		{[]uint64{1}, nil, 0},
		{[]uint64{1, 2, 3}, []uint64{1, 2, 3}, 1},
		{[]uint64{1, 2, 3}, []uint64{2, 3, 4}, 0.5},
		{[]uint64{1, 3, 5}, []uint64{2, 4, 6}, 0},
		{[]uint64{1, 2, 3, 4}, []uint64{4}, 0.25},
	}
	for _, tt := range tests {
		if got := Jaccard(tt.a, tt.b); got != tt.want {
			t.Errorf("Jaccard(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Jaccard(tt.b, tt.a); got != tt.want {
			t.Errorf("Jaccard(%v, %v) = %v, want %v (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestTagPathSignature(t *testing.T) {
	const base = `<html><body><div class="main x"><ul><li><a href="/a">A</a></li></ul></div></body></html>`
	tests := []struct {
		name, other string
		same        bool
	}{
		{"text and attributes ignored", `<html><body><div class="main y" id="q"><ul><li><a href="/b">Other words</a></li><li><a>2</a></li></ul></div><!-- c --></body></html>`, true},
		{"script contents ignored", `<html><head><script>document.write("<p>x</p>")</script></head><body><div class="main"><ul><li><a>A</a></li></ul></div></body></html>`, false},
		{"first class counts", `<html><body><div class="side x"><ul><li><a>A</a></li></ul></div></body></html>`, false},
		{"only the first class counts", `<html><body><div class="main"><ul><li><a>A</a></li></ul></div></body></html>`, true},
	}
	a := signatureOf(t, base)
	if !slices.IsSorted(a) || len(slices.Compact(slices.Clone(a))) != len(a) {
		t.Fatalf("signature %v not sorted and deduplicated", a)
	}
	// html, head (implied), body, div.main, ul, li, a.
	if len(a) != 7 {
		t.Errorf("signature has %d paths, want 7", len(a))
	}
	for _, tt := range tests {
		b := signatureOf(t, tt.other)
		if got := slices.Equal(a, b); got != tt.same {
			t.Errorf("%s: equal = %v, want %v", tt.name, got, tt.same)
		}
	}
	// The script case differs only by head/script: one more path.
	withScript := signatureOf(t, tests[1].other)
	if len(withScript) != len(a)+1 {
		t.Errorf("script page has %d paths, want %d", len(withScript), len(a)+1)
	}
	c1 := signatureOf(t, `<div class="col-12"><p>x</p></div>`)
	c2 := signatureOf(t, `<div class="col-6"><p>y</p></div>`)
	if !slices.Equal(c1, c2) {
		t.Errorf("col-12 and col-6 signatures differ")
	}
	if TagPathSignature(nil) != nil {
		t.Errorf("TagPathSignature(nil) not nil")
	}
}

func TestTemplateSignaturesSeparate(t *testing.T) {
	s0, s1 := signatureOf(t, storyPage(0)), signatureOf(t, storyPage(1))
	g0, g1 := signatureOf(t, galleryPage(0)), signatureOf(t, galleryPage(1))
	if j := Jaccard(s0, s1); j < 0.75 {
		t.Errorf("two story pages overlap %.2f, want ≥ 0.75", j)
	}
	if j := Jaccard(g0, g1); j < 0.75 {
		t.Errorf("two gallery pages overlap %.2f, want ≥ 0.75", j)
	}
	if j := Jaccard(s0, g0); j >= 0.5 {
		t.Errorf("story and gallery overlap %.2f, want < 0.5", j)
	}
}

// newsSite is a synthetic news site: 30 world and 20 tech articles, 6
// world section fronts and 3 static pages.
func newsSite(t testing.TB) (pages []ClusterInput, want map[string]string) {
	want = map[string]string{}
	add := func(raw, id string) {
		pages = append(pages, ClusterInput{Key: raw, URL: mustURL(t, raw)})
		want[raw] = id
	}
	const world = "news.example/world/{n}/{n}/{n}/{slug}.html"
	const tech = "news.example/tech/{n}/{n}/{n}/{slug}.html"
	for i := range 30 {
		add(fmt.Sprintf("http://news.example/world/2024/03/%02d/story-number-%d-about-world.html", i%28+1, i), world)
	}
	for i := range 20 {
		add(fmt.Sprintf("http://news.example/tech/2024/04/%02d/gadget-review-part-%d.html", i%28+1, i), tech)
	}
	for i := range 6 {
		add(fmt.Sprintf("http://news.example/world/?page=%d", i+1), world) // merged upward
	}
	for _, p := range []string{"/about/", "/contact", "/privacy.html"} {
		add("http://news.example"+p, "site:news.example")
	}
	add("http://other.example/world/2024/03/01/story-on-another-host.html", "site:other.example")
	return pages, want
}

// checkClusters compares got with want, IDs as the store keeps them.
func checkClusters[W ~string](t *testing.T, got map[string]ClusterID, want map[string]W) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("got %d keys, want %d", len(got), len(want))
	}
	for k, w := range want {
		if string(got[k]) != string(w) {
			t.Errorf("%s: cluster %q, want %q", k, got[k], w)
		}
	}
}

func TestClusterNewsSite(t *testing.T) {
	pages, want := newsSite(t)
	checkClusters(t, Cluster(pages, ClusterOptions{}), want)
}

func TestClusterMergeChain(t *testing.T) {
	// Five small patterns under /blog/ merge into one cluster of 15;
	// with MinPages 1 nothing merges.
	var pages []ClusterInput
	pats := []string{"/blog/%d", "/blog/p%d.html", "/blog/%d/comments", "/blog/x/%d", "/blog/y/%d"}
	for i, p := range pats {
		for j := range 3 {
			raw := "http://b.example" + fmt.Sprintf(p, i*10+j)
			pages = append(pages, ClusterInput{Key: raw, URL: mustURL(t, raw)})
		}
	}
	ids := map[ClusterID]bool{}
	for _, id := range Cluster(pages, ClusterOptions{}) {
		ids[id] = true
	}
	if len(ids) != 1 || ids["site:b.example"] {
		t.Errorf("default options: clusters %v, want one blog pattern", ids)
	}
	clear(ids)
	for _, id := range Cluster(pages, ClusterOptions{MinPages: 1}) {
		ids[id] = true
	}
	if len(ids) != len(pats) {
		t.Errorf("MinPages 1: %d clusters, want %d", len(ids), len(pats))
	}
}

// mixedTemplates returns n pages keyed "page-NN" with URL urlOf(i): story
// pages where story(i) holds, gallery pages elsewhere; and the cluster IDs
// they should get: base for stories, base+"#2" for galleries.
func mixedTemplates(t testing.TB, n int, story func(int) bool, urlOf func(int) *url.URL, base string) ([]ClusterInput, map[string]string) {
	var pages []ClusterInput
	want := map[string]string{}
	for i := range n {
		key := fmt.Sprintf("page-%02d", i)
		src, id := galleryPage(i), base+"#2"
		if story(i) {
			src, id = storyPage(i), base
		}
		pages = append(pages, ClusterInput{Key: key, URL: urlOf(i), Signature: signatureOf(t, src)})
		want[key] = id
	}
	return pages, want
}

func TestClusterSplitByTemplate(t *testing.T) {
	story := func(i int) bool { return i%5 != 1 && i%5 != 3 } // 12 stories, 8 galleries
	urlOf := func(i int) *url.URL { return mustURL(t, fmt.Sprintf("http://x.example/item?id=%d", 100+i)) }
	pages, want := mixedTemplates(t, 20, story, urlOf, "x.example/item/?id={n}")
	checkClusters(t, Cluster(pages, ClusterOptions{}), want)

	// One template: no split.
	one := func(int) bool { return true }
	pages, want = mixedTemplates(t, 20, one, urlOf, "x.example/item/?id={n}")
	checkClusters(t, Cluster(pages, ClusterOptions{}), want)

	// Too few pages of the minority template (3 < max(3, 8/2)): no split.
	few := func(i int) bool { return i >= 3 }
	pages, _ = mixedTemplates(t, 20, few, urlOf, "")
	for k, id := range Cluster(pages, ClusterOptions{}) {
		if id != "x.example/item/?id={n}" {
			t.Errorf("few: %s in %q, want no split", k, id)
		}
	}
}

func TestClusterOffline(t *testing.T) {
	story := func(i int) bool { return i < 9 } // 9 stories, 7 galleries
	noURL := func(int) *url.URL { return nil }
	pages, want := mixedTemplates(t, 16, story, noURL, "site:")
	// A page without signature stays with the largest group.
	pages = append(pages, ClusterInput{Key: "bare"})
	want["bare"] = "site:"
	checkClusters(t, Cluster(pages, ClusterOptions{}), want)
}

// Pages of unrelated sites among a site's pages, offline (no URLs): each
// shares next to nothing with the site's template and is a cluster of
// its own, mined alone; the site's pages stay together.
func TestClusterStrays(t *testing.T) {
	var pages []ClusterInput
	for i := range 8 {
		pages = append(pages, ClusterInput{Key: fmt.Sprintf("story-%d", i), Signature: signatureOf(t, storyPage(i))})
	}
	// A real page has hundreds of tag paths, of which a stray shares
	// only html, head and body with the site's.
	stray := func(name string) string {
		var b strings.Builder
		b.WriteString("<html><body>")
		for i := range 40 {
			fmt.Fprintf(&b, `<section class="%s-part%c"><div class="%s-box%c"><p>x</p></div></section>`, name, 'a'+i%26, name, 'a'+i/26)
		}
		return b.String() + "</body></html>"
	}
	strays := []string{stray("shop"), stray("forum")}
	for i, src := range strays {
		pages = append(pages, ClusterInput{Key: fmt.Sprintf("stray-%d", i), Signature: signatureOf(t, src)})
	}
	got := Cluster(pages, ClusterOptions{})
	for i := range 8 {
		if k := fmt.Sprintf("story-%d", i); got[k] != got["story-0"] {
			t.Errorf("%s in %q, story-0 in %q: want one cluster", k, got[k], got["story-0"])
		}
	}
	seen := map[ClusterID]string{got["story-0"]: "story-0"}
	for i := range strays {
		k := fmt.Sprintf("stray-%d", i)
		if other, dup := seen[got[k]]; dup {
			t.Errorf("%s shares cluster %q with %s", k, got[k], other)
		}
		seen[got[k]] = k
	}
}

func TestClusterDeterministic(t *testing.T) {
	site, _ := newsSite(t)
	story := func(i int) bool { return i%3 != 0 }
	urlOf := func(i int) *url.URL { return mustURL(t, fmt.Sprintf("http://x.example/item?id=%d", i)) }
	mixed, _ := mixedTemplates(t, 24, story, urlOf, "")
	pages := append(site, mixed...)
	first := Cluster(pages, ClusterOptions{})
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shuffled := slices.Clone(pages)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		checkClusters(t, Cluster(shuffled, ClusterOptions{}), first)
	}
	// A duplicated key is kept once, whatever the order.
	dup := append(slices.Clone(pages), ClusterInput{Key: pages[0].Key})
	if got := Cluster(dup, ClusterOptions{}); len(got) != len(first) {
		t.Errorf("duplicate key: %d keys, want %d", len(got), len(first))
	}
}

func TestClusterEmpty(t *testing.T) {
	if got := Cluster(nil, ClusterOptions{}); len(got) != 0 {
		t.Errorf("Cluster(nil) = %v, want empty", got)
	}
}

func BenchmarkClusterSplit(b *testing.B) {
	story := func(i int) bool { return i%3 != 0 }
	urlOf := func(i int) *url.URL { return mustURL(b, fmt.Sprintf("http://x.example/item?id=%d", i)) }
	pages, _ := mixedTemplates(b, 2000, story, urlOf, "")
	b.ResetTimer()
	for range b.N {
		Cluster(pages, ClusterOptions{})
	}
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return u
}

// labelOf is an element's label spelt out as TagPathSignature names it:
// the reference appendLabel hashes without building it.
func labelOf(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != "class" {
			continue
		}
		classes := strings.Fields(a.Val)
		if len(classes) == 0 {
			break
		}
		return n.Data + "." + collapseDigits(strings.ToLower(classes[0]))
	}
	return n.Data
}

func TestAppendLabel(t *testing.T) {
	classes := []string{"", "   ", "main", "Main X", "col-12 wide", "  Story-2024-11 ", "a1b22c333",
		"\u00a0lead\u00a0x", "Ünïcode-7", "İstanbul", "x\u2028y", "\tTab\n", "\xff\xfe9", "ΣΟΦΙΑ12"}
	for _, c := range classes {
		for _, ns := range []string{"", "xlink"} {
			n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "id", Val: "q"}, {Namespace: ns, Key: "class", Val: c}}}
			want := fnvAppend(fnvOffset64, labelOf(n))
			if got := appendLabel(fnvOffset64, n); got != want {
				t.Errorf("class %q (namespace %q): appendLabel %x, label %q hashes to %x", c, ns, got, labelOf(n), want)
			}
		}
	}
}

func FuzzAppendLabel(f *testing.F) {
	for _, s := range []string{"main", " Col-12 x", "Ünï 3", "\u00a0a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, class string) {
		n := &html.Node{Type: html.ElementNode, Data: "p", Attr: []html.Attribute{{Key: "class", Val: class}}}
		if got, want := appendLabel(fnvOffset64, n), fnvAppend(fnvOffset64, labelOf(n)); got != want {
			t.Errorf("class %q: appendLabel %x, label %q hashes to %x", class, got, labelOf(n), want)
		}
	})
}

// ScanSignature reads from a page's tags the paths its parsed tree has,
// when the markup leaves out only what HTML lets it leave out (the end of
// a <p>, an <li>, a <td>; raw text that looks like tags), and a class
// written with an entity or outside ASCII as the tree decodes it, in its
// first name or after it.
func TestScanSignature(t *testing.T) {
	heavy := `<html><head><script>` + strings.Repeat(`var s = "<div class='x'><p>";`, 200) + `</script><style>` +
		strings.Repeat(`.a > p { color: red }`, 100) + `</style></head><body><div class="main"><p>Text</p></div></body></html>`
	implied := `<html class="js"><head><title>t</title></head><body><div class="col-6 x"><p>one<p>two<ul><li>a<li><a href="/b">b</a></ul>` +
		`<table><tbody><tr><td>1<td>2<tr><td>3</table><dl><dt>k<dd>v</dl><img src=a.jpg><br/><p class="a&amp;b">z</p>` +
		`<p class=" lead x&amp;y"><span class="x&#32;y">s</span><i class="naïve x">n</i><b class="B12 caf&eacute; é z">b</b>` +
		`<my-widget class="W">w<input class=q><wbr></my-widget></div></body></html>`
	for _, src := range []string{storyPage(1), galleryPage(2), heavy, implied} {
		if got, want := ScanSignature([]byte(src)), signatureOf(t, src); !slices.Equal(got, want) {
			t.Errorf("ScanSignature(%.40q…) has %d paths, the tree %d", src, len(got), len(want))
		}
	}
	if ScanSignature(nil) != nil || ScanSignature([]byte("just text")) != nil {
		t.Errorf("a page without tags has a signature")
	}
}

func FuzzScanSignature(f *testing.F) {
	for _, s := range []string{storyPage(3), "<p>a<p>b</div></p>", "<td><tr><li></li>", "<svg><path/></svg>", "</x><x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		a, b := ScanSignature([]byte(src)), ScanSignature([]byte(src))
		if !slices.Equal(a, b) || !slices.IsSorted(a) || len(slices.Compact(slices.Clone(a))) != len(a) {
			t.Errorf("signature of %q not deterministic, sorted and deduplicated: %v", src, a)
		}
	})
}

// TagPathSignature is the template signature as defined on a parsed page
// (docs/ALGORITHMS.md §0), the reference ScanSignature reads from the tags:
// the set of
// its distinct root-to-element tag paths, such as
// "html/body/div.main/ul.nav/li/a", each hashed with FNV-1a (64 bits),
// sorted and deduplicated. An element is named by its tag and its first
// class, lower-cased, digit runs written as one "0" (so "col-6" and
// "col-12" agree); ids and other attributes are ignored. Only elements
// count: text, comments and script/style contents (which are text) do
// not. doc may be a document or an element (its own tag starts the
// paths); nil gives nil.
func TagPathSignature(doc *html.Node) []uint64 {
	if doc == nil {
		return nil
	}
	var sig []uint64
	var walk func(n *html.Node, h uint64, root bool)
	walk = func(n *html.Node, h uint64, root bool) {
		if n.Type == html.ElementNode {
			if !root {
				h = fnvAppend(h, "/")
			}
			h = appendLabel(h, n)
			sig = append(sig, h)
			root = false
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode || c.Type == html.DocumentNode {
				walk(c, h, root)
			}
		}
	}
	walk(doc, fnvOffset64, true)
	slices.Sort(sig)
	return slices.Compact(sig)
}

// appendLabel hashes an element's label onto h with appendTagClass, as
// fnvAppend(h, label) would, label being "tag" or "tag.firstclass" (the
// first class lower-cased, its ASCII digit runs written as one "0").
func appendLabel(h uint64, n *html.Node) uint64 {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == "class" {
			return appendTagClass(h, n.Data, a.Val)
		}
	}
	return fnvAppend(h, n.Data)
}

// The scan reads the address a page declares as the parser's
// declaredURL does: the canonical link first, og:url failing it, only in
// the head and only when absolute.
func TestScanDeclaredURL(t *testing.T) {
	for _, tt := range []struct{ head, body, want string }{
		{`<link rel="canonical" href="https://a.example/story/1"><meta property="og:url" content="https://b.example/x">`, "", "https://a.example/story/1"},
		{`<meta property="og:url" content="https://b.example/x?a=1&amp;b=2">`, "", "https://b.example/x?a=1&b=2"},
		{`<LINK REL="Canonical nofollow" HREF=https://c.example/p>`, "", "https://c.example/p"},
		{`<link rel="canonical" href="/story/1"><meta property="og:url" content="http://d.example/s">`, "", "http://d.example/s"},
		{`<link rel="alternate" href="https://e.example/amp">`, "", ""},
		{`<title>t</title>`, `<p>x</p><link rel="canonical" href="https://f.example/late">`, ""},
	} {
		src := `<html><head>` + tt.head + `</head><body>` + tt.body + `</body></html>`
		_, got := scanPage([]byte(src), nil)
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		parsed := declaredURL(doc)
		if s, p := urlString(got), urlString(parsed); s != tt.want || p != tt.want {
			t.Errorf("%s: scan declares %q, parse %q, want %q", tt.head, s, p, tt.want)
		}
	}
}

func urlString(u *url.URL) string {
	if u == nil {
		return ""
	}
	return u.String()
}

// Files with no known URL that declare theirs are clustered by the site
// they declare: two sites on one theme (the same tag paths) are two
// clusters, never one template.
func TestClusterDeclaredSites(t *testing.T) {
	var inputs []Input
	for i := range 8 {
		host := "a.example"
		if i%2 == 1 {
			host = "b.example"
		}
		src := strings.Replace(storyPage(i), "<head>", fmt.Sprintf(`<head><link rel="canonical" href="https://%s/2024/05/story-%d">`, host, i), 1)
		inputs = append(inputs, Input{Key: fmt.Sprintf("%s-%d.html", host, i), Body: []byte(src)})
	}
	got := ClusterInputs(inputs, Options{}.withDefaults())
	for _, in := range inputs {
		same := strings.HasPrefix(in.Key, "a.") == strings.HasPrefix(inputs[0].Key, "a.")
		if (got[in.Key] == got[inputs[0].Key]) != same {
			t.Errorf("%s in cluster %q, %s in %q", in.Key, got[in.Key], inputs[0].Key, got[inputs[0].Key])
		}
	}
}
