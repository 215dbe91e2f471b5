package onepage

import (
	"infocrawl/eval"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// ttrNews is a news page with template noise around a five-paragraph
// article; EEM's tests use it too.
func ttrNews(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/news.html")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ttrNewsArticle are sentences of the five paragraphs of ttrNews, with
// their entities decoded.
var ttrNewsArticle = []string{
	"cost the city council more than £40 million, twice the original estimate.",
	"“We found corrosion far deeper than the surveys suggested,” said the project director, Amal Osei.",
	"they would restore the direct routes from Monday",
	"will examine why the initial inspection missed the damage",
	"plan a street festival on the bridge approach next weekend to mark the reopening.",
}

// ttrNewsNoise is text of ttrNews that is not the article: the menu, the
// sidebar, the footer, the script, the style and a comment.
var ttrNewsNoise = []string{
	"Politics", "Subscribe", "Weather", // menu
	"Most read", "Ferry timetable changes announced", "Fishing quotas cut again", "delivered for", // sidebar
	"Privacy policy", "Terms of use", "All rights reserved", // footer
	"tracking", "dataLayer", "font-family", "commented out",
}

func ttrCheckNews(t *testing.T, name, got string) {
	t.Helper()
	for _, want := range ttrNewsArticle {
		if !strings.Contains(got, want) {
			t.Errorf("%s: article text %q missing", name, want)
		}
	}
	for _, noise := range ttrNewsNoise {
		if strings.Contains(got, noise) {
			t.Errorf("%s: noise %q kept", name, noise)
		}
	}
	if t.Failed() {
		t.Logf("%s output:\n%s", name, got)
	}
}

func TestTTRNews(t *testing.T) {
	got := TTR(ttrNews(t), TTROptions{})
	ttrCheckNews(t, "TTR", got)
	// Paragraphs are separated by a blank line, whitespace is collapsed.
	for _, want := range []string{"original estimate.\n\nEngineers replaced", "a day.\n\nThe council"} {
		if !strings.Contains(got, want) {
			t.Errorf("TTR: %q missing in\n%s", want, got)
		}
	}
	if strings.Contains(got, "  ") || strings.Contains(got, "\n\n\n") || got != strings.TrimSpace(got) {
		t.Errorf("TTR: whitespace not collapsed:\n%q", got)
	}
}

func TestTTRClusters(t *testing.T) {
	ttrCheckNews(t, "TTR k-means", TTR(ttrNews(t), TTROptions{Clusters: 2}))
}

func TestTTRLineRatios(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []float64 // TTR of the non-empty lines
	}{
		{"text over tags", "<p>Hello world</p>", []float64{5.5}},
		{"no tag: characters", "plain text line", []float64{15}},
		{"whitespace runs count once", "  <p>a   b</p>  c  ", []float64{5.0 / 2}},
		{"entities decoded", "<p>caf&eacute; &amp; bar</p>", []float64{10.0 / 2}},
		{"link list", "<ul><li><a href=x>A</a></li></ul>", []float64{1.0 / 6}},
		{"empty lines removed", "<b>ab</b>\n\n   \n\t\nxyz", []float64{1, 3}},
		{"comment removed", "ab<!-- c\n\nd -->cd", []float64{4}},
		{"script and style removed", "<p>x</p>\n<script>\nvar a = '<b>';\n</script>\n<style>p{}</style>\n<p>y</p>", []float64{0.5, 0.5}},
		{"script joins its line", "ab <script>\nx\n</script> cd", []float64{5}},
		{"tag over two lines", "<div\n class=x>yz</div>", []float64{0, 2}},
		{"title dropped", "<title>Site</title>\n<h1>Headline</h1>", []float64{4}},
	}
	for _, tt := range tests {
		_, got := ttrScan([]byte(tt.in)).ratios()
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: ratios of %q = %v, want %v", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestTTRSmooth(t *testing.T) {
	tests := []struct {
		in     []float64
		radius int
		want   []float64
	}{
		{[]float64{0, 0, 9, 0, 0}, 1, []float64{0, 3, 3, 3, 0}},
		{[]float64{10, 0, 0, 0, 10}, 2, []float64{10.0 / 3, 2.5, 4, 2.5, 10.0 / 3}},
		{[]float64{6, 0, 3}, 3, []float64{3, 3, 3}},
		{[]float64{1, 5, 2}, 0, []float64{1, 5, 2}},
		{[]float64{1, 5, 2}, -1, []float64{1, 5, 2}},
		{nil, 3, []float64{}},
	}
	for _, tt := range tests {
		got := ttrSmooth(tt.in, tt.radius)
		if !ttrClose(got, tt.want) {
			t.Errorf("ttrSmooth(%v, %d) = %v, want %v", tt.in, tt.radius, got, tt.want)
		}
	}
}

func TestTTRThreshold(t *testing.T) {
	vals := []float64{2, 4, 4, 4, 5, 5, 7, 9} // μ = 5, σ = 2
	tests := []struct {
		lambda   float64
		fromMean bool
		want     float64
	}{
		{1, false, 2},
		{1.5, false, 3},
		{1, true, 7},
		{0.5, true, 6},
		{-0.5, true, 4},
	}
	for _, tt := range tests {
		if got := ttrThreshold(vals, tt.lambda, tt.fromMean); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("ttrThreshold(λ=%v, fromMean=%v) = %v, want %v", tt.lambda, tt.fromMean, got, tt.want)
		}
	}
	if got := ttrThreshold(nil, 1, true); got != 0 {
		t.Errorf("ttrThreshold(nil) = %v, want 0", got)
	}
	// σ = 0: every line is above the threshold, as in the paper's worst case.
	if got := ttrClassify([]float64{3, 3, 3}, TTROptions{}.withDefaults()); !slices.Equal(got, []bool{true, true, true}) {
		t.Errorf("ttrClassify(constant) = %v, want all content", got)
	}
	if got := ttrClassify(vals, TTROptions{}.withDefaults()); !slices.Equal(got, []bool{false, true, true, true, true, true, true, true}) {
		t.Errorf("ttrClassify = %v", got)
	}
}

func TestTTRKMeans(t *testing.T) {
	vals := []float64{0, 1, 2, 50, 52, 1, 0, 48}
	assign, centroids := ttrKMeans(vals, 2)
	if want := []int{0, 0, 0, 1, 1, 0, 0, 1}; !slices.Equal(assign, want) {
		t.Errorf("assign = %v, want %v", assign, want)
	}
	if want := []float64{0.8, 50}; !ttrClose(centroids, want) {
		t.Errorf("centroids = %v, want %v", centroids, want)
	}
	got := ttrClassify(vals, TTROptions{Clusters: 2})
	if want := []bool{false, false, false, true, true, false, false, true}; !slices.Equal(got, want) {
		t.Errorf("ttrClassify(k=2) = %v, want %v", got, want)
	}
	if got := ttrClassify([]float64{4, 4}, TTROptions{Clusters: 3}); !slices.Equal(got, []bool{true, true}) {
		t.Errorf("ttrClassify(k=3, constant) = %v, want all content", got)
	}
}

func TestTTREdgeCases(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"<html><body></body></html>", ""},
		// One line: the paper's worst case, all of the text or none.
		{"<div><a href=/>Home</a></div><p>Only line of the page.</p>", "Home\n\nOnly line of the page."},
		{"<p>one<br>two</p>", "one\ntwo"},
		{"<p>a <b>bold</b> word</p>", "a bold word"},
	}
	for _, tt := range tests {
		if got := TTR([]byte(tt.in), TTROptions{}); got != tt.want {
			t.Errorf("TTR(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestTTRArticleBenchmark measures TTR on the article-extraction
// benchmark with score.py's metric.
func TestTTRArticleBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	pages, gold := scoreBenchmarkPages(t)
	pred := make(map[string]string, len(pages))
	for id, b := range pages {
		pred[id] = TTR(b, TTROptions{})
	}
	s := eval.Set(gold, pred, 4)
	t.Logf("TTR on %d pages: F1 %.4f P %.4f R %.4f mean-doc-F1 %.4f empty %d", s.Docs, s.F1, s.P, s.R, s.MeanDocF1, s.Empty)
	const floor = 0.73 // measured 0.787
	if s.F1 < floor {
		t.Errorf("TTR F1 = %.4f, want ≥ %.2f", s.F1, floor)
	}
	scoreCheckPython(t, pred, s, 1e-9)
}

func ttrFuzzSeeds(f *testing.F) {
	f.Add(string(ttrNews(f)))
	for _, s := range []string{
		"",
		"<script>document.write('<p>x</p>')</script><p>text</p>",
		"<style>a<b{}</style>hello",
		"<p>a < b and c > d</p>",
		"<script>", "<style", "<scr", "<!--", "<title><b>t</b>",
		"<svg><style><b>s</b></style><![CDATA[<i>x</i>]]></svg>",
		"<textarea><b>x</b></textarea><noscript><img></noscript>",
		"<plaintext><p>raw", "<xmp><b></xmp>", "<iframe><p>f</p></iframe>",
		"<div\nclass=a\n>x</div\n>", "\x00<p>\x00</p>", "\xff\xfe<p>\xc3</p>",
		"<table><tr><td>cell<script>x<y</script></td></tr></table>",
	} {
		f.Add(s)
	}
}

// ttrFuzzTail is appended to fuzzed pages: script and style that hold
// markup and a snowman.
const ttrFuzzTail = "\n<script>if (a<b) document.write('<p>\u2603</p>')</script>" +
	"<style>p::before { content: \"<b>\u2603\" }</style>\n"

// ttrFuzzCheck runs extract on in followed by ttrFuzzTail and fails if
// the output has more snowmen than the page's text outside script and
// style, which visible(page) counts.
func ttrFuzzCheck(t *testing.T, in string, extract func([]byte) string, visible func(string) int) string {
	t.Helper()
	page := in + ttrFuzzTail
	out := extract([]byte(page))
	if got, max := strings.Count(out, "\u2603"), visible(page); got > max {
		t.Errorf("script or style content in output %q of %q: %d snowmen, %d outside them", out, in, got, max)
	}
	return out
}

// ttrVisibleSnowmen counts the snowmen of the text tokens of page that are
// not the content of a script or style element.
func ttrVisibleSnowmen(page string) int {
	z := html.NewTokenizer(strings.NewReader(page))
	n, raw := 0, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return n
		case html.TextToken:
			if !raw {
				n += strings.Count(string(z.Text()), "\u2603")
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			raw = string(name) == "script" || string(name) == "style"
			continue
		}
		raw = false
	}
}

func FuzzTTR(f *testing.F) {
	ttrFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, o := range []TTROptions{{}, {Clusters: 3, Radius: -1}} {
			ttrFuzzCheck(t, in, func(b []byte) string { return TTR(b, o) }, ttrVisibleSnowmen)
		}
	})
}

func ttrClose(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}
