package mine

// Golden files: what ExtractSite finds on a fixed handful of the test
// site's pages, mined together with every page a depth-3 crawl stores (so
// the cluster statistics are those of a real crawl). Refresh with
//
//	go test ./mine -run TestGolden -update
//
// and read the diff before committing it.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"infocrawl/internal/testsite"
)

var update = flag.Bool("update", false, "rewrite golden files")

const (
	goldenDir   = "testdata/golden"
	goldenHost  = "http://news.test"
	goldenDepth = 3
)

// goldenResult is a Result without its bulky or unstable parts: no block
// HTML, scores rounded to 3 decimals.
type goldenResult struct {
	URL      string        `json:"url"`
	Cluster  string        `json:"cluster"`
	Method   string        `json:"method"`
	Kind     Kind          `json:"kind"`
	Title    string        `json:"title"`
	Template any           `json:"template_share"`
	Fallback string        `json:"fallback,omitempty"`
	Article  []goldenBlock `json:"article,omitempty"`
	TOC      []goldenBlock `json:"toc,omitempty"`
	PageText string        `json:"page_text,omitempty"`
}

type goldenBlock struct {
	Path   string         `json:"path"`
	Text   string         `json:"text,omitempty"`
	Links  []Link         `json:"links,omitempty"`
	Scores map[string]any `json:"scores,omitempty"` // json sorts map keys
}

// goldenRound rounds to 3 decimals; NaN and infinities, which JSON cannot
// hold, become strings.
func goldenRound(v float64) any {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Sprint(v)
	}
	r := math.Round(v*1000) / 1000
	if r == 0 {
		r = 0 // no "-0"
	}
	return r
}

func goldenOf(r *Result) goldenResult {
	g := goldenResult{
		URL: r.URL, Cluster: string(r.Cluster), Method: r.Method, Kind: r.Kind, Title: r.Title,
		Template: goldenRound(r.Template), Fallback: r.Fallback, PageText: r.PageText,
	}
	conv := func(bs []Block) []goldenBlock {
		var out []goldenBlock
		for _, b := range bs {
			gb := goldenBlock{Path: b.Path(), Text: b.Text, Links: b.Links}
			if len(b.Scores) > 0 {
				gb.Scores = make(map[string]any, len(b.Scores))
				for k, v := range b.Scores {
					gb.Scores[k] = goldenRound(v)
				}
			}
			out = append(out, gb)
		}
		return out
	}
	g.Article, g.TOC = conv(r.Article), conv(r.TOC)
	return g
}

// goldenPick chooses the pages the golden files record, by name: the home
// page, a section front, and the first article (in Reach's sorted order)
// of each section, English, Big5 and Shift_JIS.
func goldenPick(t *testing.T, site *testsite.Site, reach []string) map[string]string {
	t.Helper()
	picks := map[string]string{"home": "/", "front-world": "/world/"}
	for _, sec := range []string{"world", "business", "tech", "taiwan", "japan"} {
		for _, uri := range reach {
			if strings.HasPrefix(uri, "/"+sec+"/") && site.PageKind(uri) == "article" {
				picks["article-"+sec] = uri
				break
			}
		}
		if picks["article-"+sec] == "" {
			t.Fatalf("no %s article within depth %d", sec, goldenDepth)
		}
	}
	return picks
}

func TestGolden(t *testing.T) {
	site := testsite.New(testsite.Options{})
	h := site.Handler()
	reach := site.Reach(goldenDepth)
	picks := goldenPick(t, site, reach)

	var inputs []Input
	index := map[string]int{} // uri -> position in inputs
	for _, uri := range reach {
		body, ok := sitePage(t, h, uri)
		if !ok {
			continue
		}
		u, err := url.Parse(goldenHost + uri)
		if err != nil {
			t.Fatal(err)
		}
		index[uri] = len(inputs)
		inputs = append(inputs, Input{Key: uri, URL: u, Body: body})
	}
	for name, uri := range picks {
		if _, ok := index[uri]; !ok {
			t.Fatalf("%s: %s was not fetched", name, uri)
		}
	}
	// The decoded CJK pages must show their section titles, or the
	// golden files would record mojibake.
	for sec, title := range map[string]string{"taiwan": testsite.TaiwanSectionTitle, "japan": testsite.JapanSectionTitle} {
		if body := inputs[index[picks["article-"+sec]]].Body; !bytes.Contains(body, []byte(title)) {
			t.Fatalf("article-%s: decoded page lacks %q", sec, title)
		}
	}

	results := ExtractSite(inputs, Options{}, false)

	names := make([]string, 0, len(picks))
	for name := range picks {
		names = append(names, name)
	}
	sort.Strings(names)
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			r := results[index[picks[name]]]
			if r == nil {
				t.Fatalf("no result for %s", picks[name])
			}
			got, err := json.MarshalIndent(goldenOf(r), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join(goldenDir, name+".golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./mine -run TestGolden -update to create it)", err)
			}
			if d := goldenDiff(string(want), string(got)); d != "" {
				t.Errorf("%s (%s) differs from %s:\n%s\nrun go test ./mine -run TestGolden -update if the change is intended",
					name, picks[name], path, d)
			}
		})
	}

	// A golden file no page writes any more is stale.
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.golden.json"))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".golden.json")
		if _, ok := picks[name]; !ok {
			if *update {
				if err := os.Remove(f); err != nil {
					t.Error(err)
				}
				continue
			}
			t.Errorf("stale golden file %s: no page of that name (-update removes it)", f)
		}
	}
}

// goldenDiff describes the first line where want and got differ, with a
// little context; "" when they are equal.
func goldenDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	for j := max(0, i-2); j < i; j++ {
		fmt.Fprintf(&b, "   %4d   %s\n", j+1, w[j])
	}
	line := func(ls []string) string {
		if i < len(ls) {
			return ls[i]
		}
		return "(end of file)"
	}
	fmt.Fprintf(&b, "-  %4d   %s\n", i+1, line(w))
	fmt.Fprintf(&b, "+  %4d   %s\n", i+1, line(g))
	fmt.Fprintf(&b, "(want %d lines, got %d)", len(w), len(g))
	return b.String()
}
