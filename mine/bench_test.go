package mine

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"infocrawl/internal/testsite"
	"infocrawl/mine/entropy"
	"infocrawl/mine/terms"
)

// BenchmarkMine measures mining on two corpora, the test site's pages
// (site.Reach(3), served in-process; its Big5 and Shift_JIS pages are
// decoded to UTF-8 with x/net/html/charset, as the crawler does) and the
// big9 pages (datasets/big9/<era>/html/*.htm of the shared folder beside
// the repository, skipped when that folder is absent).
//
// Each corpus is grouped into clusters once, outside the timings, by
// ClusterInputs (URL pattern and template signature, as ExtractSite
// does; big9 files have no URL, so by signature alone). Every timed
// iteration runs over the whole corpus, cluster by cluster, with a fresh
// ClusterState per cluster:
//
//	parse        html.Parse only: the floor
//	mine-auto    MineCluster, default method
//	mine-wisdom  MineCluster, Method wisdom
//
// and the stages of MineCluster, each given the previous stages' output:
//
//	dom          html.Parse + FromDOM (MineCluster's parse)
//	tokenise     terms.Tokenizer.Append over every segment, one Tokenizer per cluster
//	statistics   TemplateStats.AddPage + TermStats.AddPage
//	wisdom       wisdomCluster: mineWISDOM per page given the cluster's TermStats, plus result assembly
//	auto         mineDefault: template marking, region, vote, TOC, given the cluster's statistics
//
// So mine-auto ≈ dom + tokenise + statistics + auto, and mine-wisdom ≈
// dom + tokenise + statistics + wisdom. Every sub-benchmark sets the
// corpus's HTML bytes (MB/s) and reports pages/s. A last sub-benchmark,
// ratio, reports and logs each one's ns/op over parse's from the same run
// and, checked against the 3× target, mine-auto/parse from interleaved
// passes (see reportRatios).
func BenchmarkMine(b *testing.B) {
	corpora := []func(testing.TB) *mineCorpus{testsiteCorpus, big9Corpus}
	for _, load := range corpora {
		c := load(b)
		b.Run(c.name, func(b *testing.B) {
			if c.skip != "" {
				b.Skip(c.skip)
			}
			c.interleaved = 0
			for _, st := range mineStages {
				b.Run(st.name, func(b *testing.B) { runMineStage(b, c, st) })
			}
			b.Run("ratio", func(b *testing.B) { reportRatios(b, c) })
			c.release()
		})
	}
}

// reportRatios is the last sub-benchmark of a corpus. Its metrics are
// the other sub-benchmarks' ns/op over parse's, as measured earlier in
// the same run, and mine-auto/parse once more, measured here by
// alternating a parse pass and a mine-auto pass (interleaved): on a
// shared machine, load that comes and goes between two sub-benchmarks
// skews the first figure, not this one. The loop itself times nothing.
func reportRatios(b *testing.B, c *mineCorpus) {
	if c.interleaved == 0 {
		c.interleaved = interleavedRatio(c, ratioRounds)
	}
	for b.Loop() {
	}
	b.ReportMetric(0, "ns/op")
	benchNsMu.Lock()
	defer benchNsMu.Unlock()
	var sb strings.Builder
	if parse := benchNs[c.name+"/parse"]; parse > 0 {
		for _, st := range mineStages[1:] {
			if ns, ok := benchNs[c.name+"/"+st.name]; ok {
				b.ReportMetric(ns/parse, st.name+"/parse")
				fmt.Fprintf(&sb, " %s %.2f×", st.name, ns/parse)
			}
		}
	}
	b.ReportMetric(c.interleaved, "interleaved-mine-auto/parse")
	b.Logf("%s: %d pages in %d clusters, %.2f MB of HTML; ns/op ÷ parse ns/op:%s",
		c.name, c.pages, len(c.groups), float64(c.bytes)/1e6, sb.String())
	verdict := "within"
	if c.interleaved > 3 {
		verdict = "ABOVE"
	}
	b.Logf("%s: mine-auto / parse, interleaved (fastest of %d passes each) = %.2f×, %s the 3× target",
		c.name, ratioRounds, c.interleaved, verdict)
}

const ratioRounds = 5

// interleavedRatio times rounds pairs of passes, parse then mine-auto,
// each after a garbage collection, and returns the fastest mine-auto pass
// over the fastest parse pass.
func interleavedRatio(c *mineCorpus, rounds int) float64 {
	c.release()
	parse, auto := mineStages[0], mineStages[1]
	best := [2]time.Duration{}
	for r := 0; r < rounds; r++ {
		for i, st := range []mineStage{parse, auto} {
			runtime.GC()
			start := time.Now()
			st.run(c)
			if d := time.Since(start); r == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	return float64(best[1]) / float64(best[0])
}

// mineStage is one sub-benchmark: run is one pass over the corpus.
type mineStage struct {
	name     string
	prepared bool // run needs the pages parsed and the statistics built
	run      func(c *mineCorpus)
}

var mineStages = []mineStage{
	{"parse", false, func(c *mineCorpus) {
		for _, g := range c.groups {
			for _, in := range g.inputs {
				if _, err := html.Parse(bytes.NewReader(in.Body)); err != nil {
					panic(err)
				}
			}
		}
	}},
	{"mine-auto", false, func(c *mineCorpus) {
		for _, g := range c.groups {
			MineCluster(g.id, NewClusterState(), g.inputs, Options{})
		}
	}},
	{"mine-wisdom", false, func(c *mineCorpus) {
		for _, g := range c.groups {
			MineCluster(g.id, NewClusterState(), g.inputs, Options{Method: MethodWISDOM})
		}
	}},
	{"dom", false, func(c *mineCorpus) {
		for _, g := range c.groups {
			for _, in := range g.inputs {
				parse(in, g.id)
			}
		}
	}},
	{"tokenise", true, func(c *mineCorpus) {
		for _, g := range c.groups {
			tz := terms.NewTokenizer()
			var pageTerms []string
			for _, p := range g.pages {
				pageTerms = pageTerms[:0]
				for _, s := range p.page.Segments {
					pageTerms = tz.Append(pageTerms, s.Text)
				}
			}
		}
	}},
	{"statistics", true, func(c *mineCorpus) {
		for _, g := range c.groups {
			ts, st := NewTemplateStats(), entropy.NewTermStats()
			for i, p := range g.pages {
				ts.AddPage(p.page)
				st.AddPage(g.terms[i])
			}
		}
	}},
	{"wisdom", true, func(c *mineCorpus) {
		opts := Options{Method: MethodWISDOM}.withDefaults()
		for _, g := range c.groups {
			wisdomCluster(g.pages, g.state.Terms, opts)
		}
	}},
	{"auto", true, func(c *mineCorpus) {
		opts := Options{}.withDefaults()
		for _, g := range c.groups {
			// mineDefault only reads Template and Terms; votes start afresh,
			// as in a fresh state. The flags and measures it sets on the
			// pages are overwritten by the next pass.
			state := &ClusterState{Template: g.state.Template, Terms: g.state.Terms, Votes: map[string]int{}, TOCVotes: map[string]int{}}
			mineDefault(g.pages, state, opts)
		}
	}},
}

var (
	benchNsMu sync.Mutex
	benchNs   = map[string]float64{} // "corpus/stage" → ns/op of the last run
)

func runMineStage(b *testing.B, c *mineCorpus, st mineStage) {
	// The parsed pages stay live only while the stages that need them
	// run: a larger live heap changes the cost of garbage collection.
	if st.prepared {
		c.prepare()
	} else {
		c.release()
	}
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	for b.Loop() {
		st.run(c)
	}
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(float64(c.pages)*1e9/ns, "pages/s")
	benchNsMu.Lock()
	benchNs[c.name+"/"+st.name] = ns
	benchNsMu.Unlock()
}

// mineCorpus is a set of pages grouped by cluster.
type mineCorpus struct {
	name   string
	skip   string // why the corpus is unavailable
	groups []*benchGroup
	pages  int
	bytes  int64

	prepared    bool
	interleaved float64 // mine-auto/parse measured by reportRatios; 0: not yet
}

type benchGroup struct {
	id     ClusterID
	inputs []Input
	// For the stage benchmarks, made by prepare, dropped by release.
	pages []*minedPage
	terms [][]string
	state *ClusterState // Template and Terms of all the group's pages
}

// newMineCorpus groups each site's pages by ClusterInputs, as ExtractSite
// does for the pages of one site.
func newMineCorpus(name string, sites [][]Input) *mineCorpus {
	c := &mineCorpus{name: name}
	for si, inputs := range sites {
		ids := ClusterInputs(inputs, Options{}.withDefaults())
		byID := map[ClusterID]*benchGroup{}
		for _, in := range inputs {
			c.pages++
			c.bytes += int64(len(in.Body))
			id := ClusterID(fmt.Sprintf("%d/%s", si, ids[in.Key]))
			g := byID[id]
			if g == nil {
				g = &benchGroup{id: id}
				byID[id] = g
				c.groups = append(c.groups, g)
			}
			g.inputs = append(g.inputs, in)
		}
	}
	return c
}

// prepare parses every page and builds each cluster's statistics, as
// MineCluster does, for the stage benchmarks.
func (c *mineCorpus) prepare() {
	if c.prepared {
		return
	}
	c.prepared = true
	for _, g := range c.groups {
		g.state = NewClusterState()
		tz := terms.NewTokenizer()
		for _, in := range g.inputs {
			p := parse(in, g.id)
			p.terms = tokenizePage(tz, p.page, segmentTerms{})
			g.pages = append(g.pages, p)
			g.terms = append(g.terms, p.terms.all)
			g.state.Template.AddPage(p.page)
			g.state.Terms.AddPage(p.terms.all)
		}
	}
}

// release drops what prepare made.
func (c *mineCorpus) release() {
	if !c.prepared {
		return
	}
	c.prepared = false
	for _, g := range c.groups {
		g.pages, g.terms, g.state = nil, nil, nil
	}
	runtime.GC()
}

var (
	testsiteOnce sync.Once
	testsiteC    *mineCorpus
	big9Once     sync.Once
	big9C        *mineCorpus
)

// testsiteBase is the origin the test site's pages are given: its links
// are root-relative, so any host will do.
const testsiteBase = "http://example.com"

func testsiteCorpus(tb testing.TB) *mineCorpus {
	testsiteOnce.Do(func() {
		site := testsite.New(testsite.Options{})
		testsiteC = newMineCorpus("testsite", [][]Input{fetchTestsite(tb, site, site.Reach(3))})
	})
	return testsiteC
}

// fetchTestsite serves the uris in-process and returns the HTML pages as
// UTF-8 inputs; the Big5 and Shift_JIS sections are decoded.
func fetchTestsite(tb testing.TB, site *testsite.Site, uris []string) []Input {
	h := site.Handler()
	var out []Input
	for _, uri := range uris {
		body, ok := sitePage(tb, h, uri)
		if !ok {
			continue
		}
		u, err := url.Parse(testsiteBase + uri)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, Input{Key: u.String(), URL: u, Body: body})
	}
	return out
}

// toUTF8 decodes an HTML body by its Content-Type, BOM or <meta> charset.
// DetermineEncoding falls back to windows-1252; a body that is valid UTF-8
// throughout is UTF-8.
func toUTF8(body []byte, contentType string) []byte {
	enc, name, _ := charset.DetermineEncoding(body, contentType)
	if name == "utf-8" || (name == "windows-1252" && utf8.Valid(body)) {
		return body
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return body
	}
	return out
}

const big9Dir = "../../shared/datasets/big9"

// big9Corpus reads big9's pages (.htm and .html) and splits them by era
// and site, as sites.tsv names them (one folder of the evaluation per
// site); pages sites.tsv does not name make one more site.
func big9Corpus(tb testing.TB) *mineCorpus {
	big9Once.Do(func() {
		files, err := filepath.Glob(filepath.Join(big9Dir, "*", "html", "*.htm*"))
		if err != nil {
			tb.Fatal(err)
		}
		if len(files) == 0 {
			big9C = &mineCorpus{name: "big9", skip: "no pages in " + big9Dir + "/*/html"}
			return
		}
		siteOf := big9Sites(tb)
		sort.Strings(files)
		bySite := map[string][]Input{}
		var order []string
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				tb.Fatal(err)
			}
			rel, _ := filepath.Rel(big9Dir, f)
			era := strings.SplitN(filepath.ToSlash(rel), "/", 2)[0]
			site := era + "/" + siteOf[era+"\t"+filepath.Base(f)]
			if _, ok := bySite[site]; !ok {
				order = append(order, site)
			}
			bySite[site] = append(bySite[site], Input{Key: filepath.ToSlash(rel), Body: toUTF8(raw, "text/html")})
		}
		sort.Strings(order)
		sites := make([][]Input, len(order))
		for i, site := range order {
			sites[i] = bySite[site]
		}
		big9C = newMineCorpus("big9", sites)
	})
	return big9C
}

// big9Sites maps "era\thtml_file" to the site sites.tsv names; empty when
// sites.tsv is absent.
func big9Sites(tb testing.TB) map[string]string {
	out := map[string]string{}
	raw, err := os.ReadFile(filepath.Join(big9Dir, "sites.tsv"))
	if os.IsNotExist(err) {
		return out
	} else if err != nil {
		tb.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if i == 0 || len(f) < 4 {
			continue // header
		}
		out[f[0]+"\t"+f[1]] = f[3]
	}
	return out
}
