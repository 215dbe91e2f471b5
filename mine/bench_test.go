package mine

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"infocrawl/crawler/testsite"
)

// BenchmarkMine measures mining on two corpora, the test site's pages
// (site.Reach(3), served in-process; its Big5 and Shift_JIS pages are
// decoded to UTF-8 with x/net/html/charset, as the crawler does) and the
// big9 pages (../../shared/datasets/big9/<era>/html/*.htm, skipped only
// when that folder is absent).
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
//	tokenise     Tokenizer.AppendTerms over every segment, one Tokenizer per cluster
//	statistics   TemplateStats.AddPage + Stats.AddPage
//	wisdom       wisdomCluster: mineWISDOM per page given the cluster's Stats, plus result assembly
//	auto         autoCluster: template marking, region, vote, TOC, given the cluster's statistics
//
// So mine-auto ≈ dom + tokenise + statistics + auto, and mine-wisdom ≈
// dom + tokenise + statistics + wisdom. Every sub-benchmark sets the
// corpus's HTML bytes (MB/s) and reports pages/s. At the end the parent
// logs each stage's ns/op over parse's, mine-auto's above all (target:
// at most 3×).
func BenchmarkMine(b *testing.B) {
	corpora := []func(testing.TB) *mineCorpus{testsiteCorpus, big9Corpus}
	for _, load := range corpora {
		c := load(b)
		b.Run(c.name, func(b *testing.B) {
			if c.skip != "" {
				b.Skip(c.skip)
			}
			for _, st := range mineStages {
				b.Run(st.name, func(b *testing.B) { runMineStage(b, c, st) })
			}
		})
	}
	benchNsMu.Lock()
	defer benchNsMu.Unlock()
	for _, load := range corpora {
		c := load(b)
		parse := benchNs[c.name+"/parse"]
		if c.skip != "" || parse == 0 {
			continue
		}
		var sb strings.Builder
		for _, st := range mineStages {
			if ns, ok := benchNs[c.name+"/"+st.name]; ok {
				sb.WriteString("  " + st.name + " " + ratio(ns, parse))
			}
		}
		b.Logf("%s: %d pages, %d clusters, %.1f MB; ns/op ÷ parse ns/op:%s",
			c.name, c.pages, len(c.groups), float64(c.bytes)/1e6, sb.String())
		if auto, ok := benchNs[c.name+"/mine-auto"]; ok {
			b.Logf("%s: mine-auto / parse = %.2f× (target ≤ 3×)", c.name, auto/parse)
		}
	}
}

func ratio(ns, parse float64) string { return fmt.Sprintf("%.2f×", ns/parse) }

// mineStage is one sub-benchmark: run is one pass over the corpus.
type mineStage struct {
	name string
	run  func(c *mineCorpus)
}

var mineStages = []mineStage{
	{"parse", func(c *mineCorpus) {
		for _, g := range c.groups {
			for _, in := range g.inputs {
				if _, err := html.Parse(bytes.NewReader(in.Body)); err != nil {
					panic(err)
				}
			}
		}
	}},
	{"mine-auto", func(c *mineCorpus) {
		for _, g := range c.groups {
			MineCluster(g.id, NewClusterState(), g.inputs, Options{})
		}
	}},
	{"mine-wisdom", func(c *mineCorpus) {
		for _, g := range c.groups {
			MineCluster(g.id, NewClusterState(), g.inputs, Options{Method: MethodWISDOM})
		}
	}},
	{"dom", func(c *mineCorpus) {
		for _, g := range c.groups {
			for _, in := range g.inputs {
				parse(in, g.id)
			}
		}
	}},
	{"tokenise", func(c *mineCorpus) {
		for _, g := range c.groups {
			tz := NewTokenizer()
			var terms []string
			for _, p := range g.parsed {
				terms = terms[:0]
				for _, s := range p.page.Segments {
					terms = tz.AppendTerms(terms, s.Text)
				}
			}
		}
	}},
	{"statistics", func(c *mineCorpus) {
		for _, g := range c.groups {
			ts, st := NewTemplateStats(), NewStats()
			for i, p := range g.parsed {
				ts.AddPage(p.page)
				st.AddPage(g.terms[i])
			}
		}
	}},
	{"wisdom", func(c *mineCorpus) {
		opts := Options{Method: MethodWISDOM}.withDefaults()
		for _, g := range c.groups {
			wisdomCluster(g.parsed, g.state.Terms, opts)
		}
	}},
	{"auto", func(c *mineCorpus) {
		opts := Options{}.withDefaults()
		for _, g := range c.groups {
			// autoCluster only reads Template and Terms; Votes start afresh,
			// as in a fresh state. The flags and measures it sets on the
			// pages are overwritten by the next pass.
			state := &ClusterState{Template: g.state.Template, Terms: g.state.Terms, Votes: map[string]int{}}
			autoCluster(g.parsed, state, opts)
		}
	}},
}

var (
	benchNsMu sync.Mutex
	benchNs   = map[string]float64{} // "corpus/stage" → ns/op of the last run
)

func runMineStage(b *testing.B, c *mineCorpus, st mineStage) {
	c.prepare()
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

	once sync.Once
}

type benchGroup struct {
	id     string
	inputs []Input
	// For the stage benchmarks, made once by prepare.
	parsed []*parsed
	terms  [][]string
	state  *ClusterState // Template and Terms of all the group's pages
}

func newMineCorpus(name string, inputs []Input) *mineCorpus {
	c := &mineCorpus{name: name, pages: len(inputs)}
	ids := ClusterInputs(inputs, Options{}.withDefaults())
	byID := map[string]*benchGroup{}
	for _, in := range inputs {
		c.bytes += int64(len(in.Body))
		id := ids[in.Key]
		g := byID[id]
		if g == nil {
			g = &benchGroup{id: id}
			byID[id] = g
			c.groups = append(c.groups, g)
		}
		g.inputs = append(g.inputs, in)
	}
	return c
}

// prepare parses every page and builds each cluster's statistics, as
// MineCluster does, for the stage benchmarks.
func (c *mineCorpus) prepare() {
	c.once.Do(func() {
		for _, g := range c.groups {
			g.state = NewClusterState()
			tz := NewTokenizer()
			for _, in := range g.inputs {
				p := parse(in, g.id)
				var terms []string
				for _, s := range p.page.Segments {
					terms = tz.AppendTerms(terms, s.Text)
				}
				g.parsed = append(g.parsed, p)
				g.terms = append(g.terms, terms)
				g.state.Template.AddPage(p.page)
				g.state.Terms.AddPage(terms)
			}
		}
	})
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
		testsiteC = newMineCorpus("testsite", fetchTestsite(tb, site, site.Reach(3)))
	})
	return testsiteC
}

// fetchTestsite serves the uris in-process and returns the HTML pages as
// UTF-8 inputs; the Big5 and Shift_JIS sections are decoded.
func fetchTestsite(tb testing.TB, site *testsite.Site, uris []string) []Input {
	h := site.Handler()
	var out []Input
	for _, uri := range uris {
		var rec *httptest.ResponseRecorder
		for try := 0; try < 2; try++ { // the flaky page fails once
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, uri, nil))
			if rec.Code != http.StatusInternalServerError {
				break
			}
		}
		ctype := rec.Header().Get("Content-Type")
		if rec.Code != http.StatusOK || !strings.HasPrefix(ctype, "text/html") {
			continue
		}
		u, err := url.Parse(testsiteBase + uri)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, Input{Key: u.String(), URL: u, Body: toUTF8(rec.Body.Bytes(), ctype)})
	}
	if len(out) == 0 {
		tb.Fatal("test site served no HTML page")
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

func big9Corpus(tb testing.TB) *mineCorpus {
	big9Once.Do(func() {
		files, err := filepath.Glob(filepath.Join(big9Dir, "*", "html", "*.htm"))
		if err != nil {
			tb.Fatal(err)
		}
		if len(files) == 0 {
			big9C = &mineCorpus{name: "big9", skip: "no pages in " + big9Dir + "/*/html"}
			return
		}
		sort.Strings(files)
		inputs := make([]Input, 0, len(files))
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				tb.Fatal(err)
			}
			rel, _ := filepath.Rel(big9Dir, f)
			inputs = append(inputs, Input{Key: filepath.ToSlash(rel), Body: toUTF8(raw, "text/html")})
		}
		big9C = newMineCorpus("big9", inputs)
	})
	return big9C
}
