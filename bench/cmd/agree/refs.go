package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"infocrawl/bench/peer"
	"infocrawl/eval"
)

// Two more sets of real pages that no data set of infocrawl's holds, each
// with another extractor's text for every page: a reference, not a gold
// (it is that extractor's own output, kept by its tests), read from the
// module cache at a pinned version (peer.ModuleDir) that the bench module
// does not require.
//
//   - goose: GoOse's sites/*.html, 51 news and social pages of 2015
//     (BBC, CNN, NYT, WSJ, Bloomberg, the Guardian, Yahoo, charset tests in
//     EUC-JP, KOI8-R, Shift_JIS…); the reference is the CleanedText its
//     crawler_test.go expects (where it is not empty: 36 pages).
//   - readeck: the test pages of readeck's go-readability that Mozilla
//     Readability's set in datasets/readability lacks (19 pages: The
//     Verge, NBC News, GitLab, Substack, Wikipedia…); the reference is each
//     page's expected.html reduced to text, one line per block, as the
//     readability set's gold is.
var refSources = []struct {
	set, module, version string
	pages                func(dir, shared string) ([]refPage, error)
}{
	{"goose", "github.com/advancedlogic/GoOse", "v0.0.0-20191112112754-e742535969c1", goosePages},
	{"readeck", "codeberg.org/readeck/go-readability/v2", "v2.1.3", readeckPages},
}

// A refPage is one page of a reference set: its file, URL, HTML, and the
// reference text ("" when the set gives none).
type refPage struct {
	file, url, ref string
	raw            []byte
}

// refSets loads the reference sets' pages, extracted and scored.
func refSets(first int, shared string) ([]*page, error) {
	var out []*page
	for _, src := range refSources {
		dir, err := peer.ModuleDir(src.module + "@" + src.version)
		if err != nil {
			return nil, err
		}
		rps, err := src.pages(dir, shared)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.set, err)
		}
		for _, rp := range rps {
			p := &page{n: first + len(out), set: src.set, file: rp.file, url: rp.url, ref: rp.ref}
			extract(p, rp.raw)
			if p.ref != "" {
				for k, t := range p.texts {
					p.refF1[k] = eval.Doc(p.ref, t, 1).F1()
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// goosePages reads GoOse's test pages and, from crawler_test.go's Article
// literals, each one's URL and expected CleanedText.
func goosePages(dir, _ string) ([]refPage, error) {
	lits, err := literalFields(filepath.Join(dir, "crawler_test.go"))
	if err != nil {
		return nil, err
	}
	type want struct{ url, text string }
	wants := map[string]want{}
	for _, fields := range lits {
		domain := fields["Domain"]
		if domain == "" {
			continue
		}
		u := fields["FinalURL"]
		if u == "" {
			u = fields["CanonicalLink"]
		}
		// An empty CleanedText is goose finding nothing, no reference.
		wants[domain] = want{url: u, text: strings.TrimSpace(fields["CleanedText"])}
	}
	files, err := filepath.Glob(filepath.Join(dir, "sites", "*.html"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []refPage
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(path), ".html")
		w := wants[name]
		if w.url == "" {
			w.url = "http://" + name + "/" // the page's own canonical link, if any, wins
		}
		out = append(out, refPage{file: filepath.Base(path), url: w.url, ref: w.text, raw: raw})
	}
	return out, nil
}

// readeckPages reads the test pages of readeck's go-readability that the
// shared readability set does not hold.
func readeckPages(dir, shared string) ([]refPage, error) {
	shared = filepath.Join(shared, "datasets", "readability", "html")
	if _, err := os.Stat(shared); err != nil {
		return nil, fmt.Errorf("the set is the pages that %s lacks: %w (--shared)", shared, err)
	}
	ents, err := os.ReadDir(filepath.Join(dir, "test-pages"))
	if err != nil {
		return nil, err
	}
	var out []refPage
	for _, e := range ents {
		if _, err := os.Stat(filepath.Join(shared, e.Name()+".html")); err == nil {
			continue
		}
		page := filepath.Join(dir, "test-pages", e.Name())
		raw, err := os.ReadFile(filepath.Join(page, "source.html"))
		if err != nil {
			continue // a directory of other test data
		}
		exp, err := os.ReadFile(filepath.Join(page, "expected.html"))
		if err != nil {
			continue
		}
		ref, err := blockText(exp)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		// Readability's tests give every page this URL.
		out = append(out, refPage{file: e.Name(), url: "http://fakehost/test/page.html", ref: ref, raw: raw})
	}
	return out, nil
}

// blockText is an HTML fragment's text, one line per block element. It
// walks the fragment itself rather than through mine's page tree, which
// leaves out what infocrawl leaves out (MathML, hidden elements): the
// reference must not lean towards the extractor it scores.
func blockText(src []byte) (string, error) {
	doc, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		return "", err
	}
	var b, line strings.Builder
	flush := func() {
		if s := strings.Join(strings.Fields(line.String()), " "); s != "" {
			b.WriteString(s)
			b.WriteByte('\n')
		}
		line.Reset()
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			line.WriteString(n.Data)
			return
		case n.Type == html.ElementNode && (n.Data == "script" || n.Data == "style"):
			return
		}
		block := n.Type == html.ElementNode && blockTags[n.Data]
		if block {
			flush()
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			flush()
		}
	}
	walk(doc)
	flush()
	return b.String(), nil
}

var blockTags = map[string]bool{}

func init() {
	for _, t := range strings.Fields("p div h1 h2 h3 h4 h5 h6 li ul ol dl dt dd pre blockquote table tr td th figure figcaption section article header footer aside br hr") {
		blockTags[t] = true
	}
}

// refReport prints, for each reference set, each extractor's mean token
// F1 against the reference over the pages that have one, and the pages
// where infocrawl is furthest below the better peer.
func refReport(pages []*page, list int) {
	fmt.Println("\n| set | pages with a reference | infocrawl | trafilatura | readability |")
	fmt.Println("|---|--:|--:|--:|--:|")
	var behind []*page
	for _, src := range refSources {
		var n int
		var sum [3]float64
		for _, p := range pages {
			if p.set != src.set || p.ref == "" {
				continue
			}
			n++
			for k := range 3 {
				sum[k] += p.refF1[k]
			}
			if p.refF1[0] < max(p.refF1[1], p.refF1[2])-refBehind {
				behind = append(behind, p)
			}
		}
		if n == 0 {
			continue
		}
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f |\n", src.set, n, sum[0]/float64(n), sum[1]/float64(n), sum[2]/float64(n))
	}
	gap := func(p *page) float64 { return max(p.refF1[1], p.refF1[2]) - p.refF1[0] }
	sort.SliceStable(behind, func(i, j int) bool { return gap(behind[i]) > gap(behind[j]) })
	fmt.Printf("\n%d pages of these sets where infocrawl's F1 with the reference is %.2f or more below a peer's:\n", len(behind), refBehind)
	for _, p := range behind[:min(list, len(behind))] {
		fmt.Printf("%d %s %s words ic %d tr %d rd %d ref %d, F1 with it ic %.3f tr %.3f rd %.3f\n",
			p.n, p.set, p.file, p.words[0], p.words[1], p.words[2], len(eval.Tokens(p.ref)), p.refF1[0], p.refF1[1], p.refF1[2])
	}
}

// refBehind is the F1 gap to a peer that lists a page.
const refBehind = 0.1
