package mine

import (
	"hash/fnv"
	"html"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// normHashRef is normHash said another way, through hash/fnv over the
// whole normalised line: stored cluster states hold these values, so the
// fast version must not move them. (A space before the first word counts.)
func normHashRef(s string) uint64 {
	norm := func(r rune) rune {
		if unicode.IsDigit(r) {
			return '0'
		}
		return unicode.ToLower(r)
	}
	words := strings.Fields(s)
	line := strings.Map(norm, strings.Join(words, " "))
	if len(words) > 0 && strings.TrimLeftFunc(s, unicode.IsSpace) != s {
		line = " " + line
	}
	h := fnv.New64a()
	h.Write([]byte(line))
	return h.Sum64()
}

// randomText strings up to max runes of alphabet together.
func randomText(rng *rand.Rand, alphabet []rune, max int) string {
	var b strings.Builder
	for j := rng.IntN(max); j > 0; j-- {
		b.WriteRune(alphabet[rng.IntN(len(alphabet))])
	}
	return b.String()
}

// TestWideRunesPlain: normHash hashes a wide rune as it is, which
// holds only while none of them is a space or a digit or has a lower case.
func TestWideRunesPlain(t *testing.T) {
	wide := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !wideRune(r) {
			continue
		}
		wide++
		if unicode.IsSpace(r) || unicode.IsDigit(r) || unicode.ToLower(r) != r {
			t.Fatalf("wide rune %U is a space, a digit or has a lower case", r)
		}
	}
	if wide < 20000 {
		t.Fatalf("only %d wide runes: wideRune lost its CJK ranges", wide)
	}
}

func TestNormHashUnchanged(t *testing.T) {
	alphabet := []rune("aZ09 \t\n\r\v\f\u00a0\u0085\u3000ÉéΣσς٣漢カ한\u00ad-.,\U0001F600\uFFFD")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		s := randomText(rng, alphabet, 30)
		if i%7 == 0 {
			s += "\xff\xfe" // invalid UTF-8 reads as U+FFFD in both
		}
		if got, want := normHash(s), normHashRef(s); got != want {
			t.Fatalf("normHash(%q) = %x, want %x", s, got, want)
		}
	}
	if normHash("15 Comments") != normHash("12  comments") {
		t.Error(`"15 Comments" and "12  comments" hash apart`)
	}
}

// A paragraph's line is its words as strings.Fields splits them, one
// space apart, whatever the spaces between them, and its Len that line's
// length.
func TestSegmentWords(t *testing.T) {
	alphabet := []rune("ab Z9 \t\n\r\v\f\u00a0\u0085\u2003\u3000é漢\u00ad.\uFFFD")
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		s := randomText(rng, alphabet, 40)
		want := strings.Join(strings.Fields(s), " ")
		p := parse(Input{Key: "p", Body: []byte("<p>" + html.EscapeString(s) + "</p>")}, "")
		got := ""
		if len(p.page.Segments) > 0 {
			got = p.page.Segments[0].Text
		}
		if got != want || len(p.page.Segments) > 1 {
			t.Fatalf("segments of %q: %d, first %q; want one, %q", s, len(p.page.Segments), got, want)
		}
		// The builder sums the length as the words come; it is the
		// line's, as textChars counts it.
		if len(p.page.Segments) > 0 && p.page.Segments[0].Len != textChars(got) {
			t.Fatalf("segment %q: Len %d, want %d", got, p.page.Segments[0].Len, textChars(got))
		}
	}
}

// A segment keeps the page's line breaks in Lines (and so in the
// article's text): <pre> and white-space:pre keep lines and indentation,
// <br> breaks a line except in a heading. Text, which mining compares,
// stays collapsed; a heading's permalink mark is no text at all.
func TestSegmentLines(t *testing.T) {
	for _, c := range []struct {
		name, body  string
		text, lines []string // per segment; lines "" = as text
	}{
		{"pre", "<pre>>>> import json\n>>> json.dumps([1])\n'[1]'\n</pre>",
			[]string{">>> import json >>> json.dumps([1]) '[1]'"}, []string{">>> import json\n>>> json.dumps([1])\n'[1]'"}},
		{"indented code", "<pre><code class=language-go>func f() {\n\treturn\n}</code></pre>",
			[]string{"func f() { return }"}, []string{"func f() {\n\treturn\n}"}},
		{"white-space pre", `<div style="white-space: pre">a  b
  c</div>`, []string{"a b c"}, []string{"a  b\n  c"}},
		{"br", "<p>Line one,<br>line two <br/> three</p>", []string{"Line one, line two three"}, []string{"Line one,\nline two\nthree"}},
		{"br in heading", "<h2>Main<br>sub</h2>", []string{"Main sub"}, []string{""}},
		{"plain", "<p>one  two\nthree</p>", []string{"one two three"}, []string{""}},
		{"headerlink", `<h1>json — JSON encoder<a class="headerlink" href="#module-json" title="Link">¶</a></h1><p>Text <a href="#x">#</a> here</p>`,
			[]string{"json — JSON encoder", "Text here"}, []string{"", ""}},
		{"anchor icon", `<h2><a class="anchor" href="#usage"><svg></svg></a>Usage</h2><h3>Hash <a href="#h" class="hash-link">&#8203;</a></h3>`,
			[]string{"Usage", "Hash"}, []string{"", ""}},
		{"in-page link with words", `<p>See <a href="#notes">the notes</a>.</p>`, []string{"See the notes."}, []string{""}},
	} {
		p, err := Parse([]byte("<html><body>"+c.body+"</body></html>"), nil)
		if err != nil {
			t.Fatal(err)
		}
		var text, lines []string
		for _, s := range p.Segments {
			text, lines = append(text, s.Text), append(lines, s.Lines)
		}
		if !reflect.DeepEqual(text, c.text) || !reflect.DeepEqual(lines, c.lines) {
			t.Errorf("%s: text %q lines %q; want %q, %q", c.name, text, lines, c.text, c.lines)
		}
	}
}

// A breadcrumb trail is the page's place in the site; a sentence with an
// arrow in it, or a line without links, is text.
func TestBreadcrumb(t *testing.T) {
	for _, tt := range []struct {
		html string
		want bool
	}{
		{`<p><a href="/">首页</a> &gt; <a href="/tech/">科技频道</a> &gt; <a href="/tech/x/">探索者</a> &gt; 正文</p>`, true},
		{`<div><a href="/">Home</a> › <a href="/news/">News</a> › World</div>`, true},
		{`<p>Home &gt; News &gt; World</p>`, false},
		{`<p>The vote went 5 &gt; 3 in the <a href="/c">council</a>, a margin the mayor called &gt; enough for a city of this size and more than most expected.</p>`, false},
		{`<p><a href="/">Home</a> &gt; News</p>`, false},
	} {
		p, err := Parse([]byte("<html><body>"+tt.html+"</body></html>"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Segments) != 1 {
			t.Fatalf("%s: %d segments", tt.html, len(p.Segments))
		}
		if got := breadcrumb(&p.Segments[0]); got != tt.want {
			t.Errorf("%s: breadcrumb %v, want %v", tt.html, got, tt.want)
		}
	}
}

func TestWordCount(t *testing.T) {
	for _, s := range []string{"", " ", "one", " two words ", "a\u00a0b\tc\nd", "全角\u3000空白", "bad \xff utf8"} {
		if got, want := wordCount(s), len(strings.Fields(s)); got != want {
			t.Errorf("wordCount(%q) = %d, strings.Fields gives %d", s, got, want)
		}
	}
}

// TestAnchorTextOneNode: an anchor of one text node is its text as it
// stands only when that is already collapsed; a page's bytes that are not
// UTF-8 read as U+FFFD.
func TestAnchorTextOneNode(t *testing.T) {
	for _, s := range []string{"", " ", "one", "two words", " lead", "trail ", "two  spaces", "a\u00a0b", "tab\tstop", "全角\u3000空白", "bad \xff utf8"} {
		want := strings.Join(strings.FieldsFunc(s, isSpace), " ")
		if got := collapsed(s); got != (s == want) {
			t.Errorf("collapsed(%q) = %v", s, got)
		}
		want = strings.ToValidUTF8(want, "\uFFFD")
		p, err := Parse([]byte(`<p><a href="/x">`+html.EscapeString(s)+`</a></p>`), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range p.Nodes {
			if n.Tag == "a" {
				if got := anchorText(n); got != want {
					t.Errorf("anchorText of %q = %q, want %q", s, got, want)
				}
			}
		}
	}
}

// TestTrimLabels: the labels that end a story's text introduce what it
// does not hold (a related box, share buttons, a video) and go; a story's
// own last line stays, and so does a text of one line.
func TestTrimLabels(t *testing.T) {
	story := "The council approved the tram line on Tuesday, after a year of hearings."
	prose := "The line runs from the station to the harbour, and the first trams are due in the spring of 2014."
	for _, tt := range []struct{ in, want string }{
		{story + "\n\nRelated posts:", story},
		{story + "\n\nTags:\n\nShare this:", story},
		{story + "\n\nYou may also like:", story},
		{story + "\n\nRelated Stories", story},
		{story + "\n\nMost Popular", story},
		{story + "\n\nMore Streethearts", story},
		{story + "\n\nWatch the video below:", story},
		{story + "\n\nThe line opens in 2014.", story + "\n\nThe line opens in 2014."},
		{story + "\n\nJane Smith", story + "\n\nJane Smith"},
		{story + "\n\nSaid the mayor, when asked what comes next for the city:", story + "\n\nSaid the mayor, when asked what comes next for the city:"},
		{story + "\n\nRelated: the old line closed in 1961.", story + "\n\nRelated: the old line closed in 1961."},
		{"Related posts:", "Related posts:"},
		// a label after the story's last prose takes what it introduces along
		{prose + "\n\nMore money and business news:\n\nTax havens help rich hide $21 trillion\n\nPregnant at work? Follow her playbook", prose},
		{prose + "\n\nMehr zu Klima und Konsum\n\nRangliste der Plastikverschmutzer\n\nRecht auf unverpacktes Einkaufen", prose},
		{prose + "\n\nMost Popular\n\nTram fares rise in May\n\nA new mayor for the city", prose},
		{prose + "\n\nLatest news\n\nTram fares rise in May\n\nA new mayor for the city", prose},
		{prose + "\n\nLatest Comments\n\nKevin: My favourite picture is the third one... [read]", prose},
		{prose + "\n\nPhotos by Eirik in Paris\n\nMore Streethearts", prose + "\n\nPhotos by Eirik in Paris"},
		// the phrases over a box of other stories, in English and in the
		// languages whose words namesBox does not read
		{story + "\n\nYou might also like", story},
		{prose + "\n\nYou may also like...\n\nTram fares rise in May", prose},
		{prose + "\n\nLeia também\n\nPrefeitura anuncia novo corredor de ônibus", prose},
		{prose + "\n\nExplore further\n\nTram fares rise in May", prose},
		{prose + "\n\nDon't miss\n\nTram fares rise in May", prose},
		{prose + "\n\nÀ lire aussi :\n\nLe tramway arrive au port", prose},
		{prose + "\n\nЧитайте также\n\nТрамвай дойдёт до порта", prose},
		{prose + "\n\nНовости по теме\n\nТрамвай дойдёт до порта", prose},
		{prose + "\n\nЧитайте також:\n\nТрамвай дійде до порту", prose},
		{prose + "\n\nDas könnte Sie auch interessieren!\n\nStraßenbahn fährt bis zum Hafen", prose},
		{story + "\n\nWeiterführende Informationen", story},
		{prose + "\n\nCzytaj także\n\nTramwaj dojedzie do portu", prose},
		{prose + "\n\n热门推荐\n\n有轨电车将通往港口", prose},
		{story + "\n\nSee also the timetable below, which the council published on Monday.", story + "\n\nSee also the timetable below, which the council published on Monday."},
		// not labels: a sentence, a trailing ellipsis, a list of sources
		{story + "\n\nAlso note the tiny, tiny helicopter.\n\nThanks to Jane!", story + "\n\nAlso note the tiny, tiny helicopter.\n\nThanks to Jane!"},
		{story + "\n\nMore when we have it…", story + "\n\nMore when we have it…"},
		{story + "\n\nLinks and sources\n\nBeijing Morning Post: the congress opens", story + "\n\nLinks and sources\n\nBeijing Morning Post: the congress opens"},
		// prose after the label: the label is inside the story
		{prose + "\n\nTop Stories\n\n" + prose, prose + "\n\nTop Stories\n\n" + prose},
		// a round-up of links has no prose, so no end to find
		{"Deals: The D800 drops to its lowest price yet\n\nMore from around the web:\n\nA telephoto shootout in the snow", "Deals: The D800 drops to its lowest price yet\n\nMore from around the web:\n\nA telephoto shootout in the snow"},
	} {
		if got := trimLabels(tt.in); got != tt.want {
			t.Errorf("trimLabels(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestHasStop holds hasStop to what it stands for,
// strings.ContainsAny(s, stops), on Latin, CJK and broken lines.
func TestHasStop(t *testing.T) {
	for _, s := range []string{
		"", "no stop here", "A sentence.", "Really?", "Wow!", "3.5 million",
		"中文句子。", "日本語！", "한국어？", "全角の句読点、なし", "半角 . ",
		"\xe3\x80", "\xe3\xe3\x80\x82", "\xff\xfe", "…", "‼ ⁇",
	} {
		if got, want := hasStop(s), strings.ContainsAny(s, stops); got != want {
			t.Errorf("hasStop(%q) = %v, want %v", s, got, want)
		}
	}
}

// hasCJK skips the bytes below 0xE2 undecoded; it must answer as a
// decoding loop over every rune does, on any bytes, cut sequences and
// stray continuation bytes included.
func TestHasCJKAsDecoded(t *testing.T) {
	ref := func(s string) bool {
		for _, r := range s {
			if wideRune(r) {
				return true
			}
		}
		return false
	}
	alphabet := []rune("aZ \u00e9\u2014\u2e7f\u2e80\u3000\u3042\u4e2d\uac00\ud7a4\uff01\U00020000\U00010000\uFFFD")
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		s := randomText(rng, alphabet, 12)
		if i%3 == 0 && len(s) > 1 {
			s = s[:rng.IntN(len(s))] + "\xe4\xb8" + s[rng.IntN(len(s)):] // a cut sequence
		}
		if i%5 == 0 {
			s += "\x80\xe2"
		}
		if got, want := hasCJK(s), ref(s); got != want {
			t.Fatalf("hasCJK(%q) = %v, want %v", s, got, want)
		}
	}
}
