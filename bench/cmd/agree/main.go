// Command agree compares infocrawl's text with the peers' on real pages
// that have no gold: the test pages of go-htmldate, a module the peers
// require. Its mediacloud set is 200 news pages in some thirty languages
// (Ukrainian, Turkish, Thai, Hungarian…), its comparison set about 740
// pages, 609 of which are go-trafilatura's comparison pages too (the
// pages cmd/snippets scores; reported apart as "seen"). Two more sets,
// goose and readeck (refs.go), carry another extractor's text for each
// page, which each extractor is also scored against. None of
// infocrawl's data sets holds these pages.
//
//	agree [--out DIR] [--list N] [--shared DIR]
//
// With no gold, agreement stands in for it: where go-trafilatura and
// go-readability agree with each other (token F1 ≥ 0.8) and infocrawl
// agrees with neither, infocrawl is most likely the one that is wrong.
// For each set it prints the mean token F1 of each pair of extractors
// (score.py's measure on single tokens), their empty outputs, and infocrawl's
// agreement with the nearer peer where the peers agree; then the pages
// outside the seen set where the peers agree and infocrawl does not
// (F1 under 0.7 with both), worst first. With --out it writes each
// extractor's texts as DIR/<extractor>/<n>.txt and the page table as
// DIR/pages.tsv. infocrawl mines each page alone (--single).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"infocrawl/bench/peer"
	"infocrawl/eval"
	"infocrawl/mine"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "agree:", err)
		os.Exit(1)
	}
}

// A page is one test page and what the three extractors made of it.
type page struct {
	n              int
	set, file, url string
	seen           bool      // also one of go-trafilatura's comparison pages
	texts          [3]string // by extractors' order
	words          [3]int    // eval.Tokens of each text
	// agree is the token F1 of each pair: infocrawl–trafilatura,
	// infocrawl–readability, trafilatura–readability.
	agree [3]float64
	// In a reference set (refs.go): the other extractor's text ("" when
	// the page has none), and each extractor's token F1 with it.
	ref   string
	refF1 [3]float64
}

var extractors = []string{"infocrawl", "trafilatura", "readability"}

func run(args []string) error {
	fs := flag.NewFlagSet("agree", flag.ContinueOnError)
	out := fs.String("out", "", "write each extractor's texts as DIR/<extractor>/<n>.txt and the page table as DIR/pages.tsv")
	list := fs.Int("list", 30, "list at most this many pages where the peers agree and infocrawl does not")
	shared := fs.String("shared", filepath.Join("..", "..", "shared"), "the shared folder (its readability set is left out of the readeck set)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := peer.ModuleDir("github.com/markusmobius/go-htmldate")
	if err != nil {
		return err
	}
	trafDir, err := peer.ModuleDir("github.com/markusmobius/go-trafilatura")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	if ents, err := os.ReadDir(filepath.Join(trafDir, "test-files", "comparison")); err == nil {
		for _, e := range ents {
			seen[e.Name()] = true
		}
	}
	var pages []*page
	for _, src := range []struct{ file, set, dir string }{
		{"data-mediacloud.go", "mediacloud", "mediacloud"},
		{"data-default.go", "comparison", "comparison"},
	} {
		entries, err := readEntries(filepath.Join(dir, "scripts", "comparison", src.file))
		if err != nil {
			return err
		}
		for _, e := range entries {
			raw, err := os.ReadFile(filepath.Join(dir, "test-files", src.dir, e.file))
			if err != nil {
				continue // the module does not ship every page its data names
			}
			p := &page{n: len(pages), set: src.set, file: e.file, url: e.url, seen: src.set == "comparison" && seen[e.file]}
			extract(p, raw)
			pages = append(pages, p)
		}
	}
	more, err := refSets(len(pages), *shared)
	if err != nil {
		return err
	}
	pages = append(pages, more...)
	if *out != "" {
		if err := write(*out, pages); err != nil {
			return err
		}
	}
	report(pages, *list)
	refReport(pages, *list)
	return nil
}

// extract runs the three extractors on raw and scores their agreement
// with score.py's measure on single tokens (eval.Doc with n = 1): the
// F1 of two bags of words, 1 when both are empty.
func extract(p *page, raw []byte) {
	body, _ := peer.Decode(raw)
	u, _ := url.Parse(p.url)
	r := mine.ExtractSite([]mine.Input{{Key: p.file, URL: u, Body: []byte(body)}}, mine.Options{}, true)
	p.texts[0] = r[0].MainText()
	for i, name := range extractors[1:] {
		pr, err := peer.ByName(name)
		if err != nil {
			panic(err) // the names are this file's own
		}
		p.texts[i+1], _ = pr.Run(body, u) // a page a peer fails on counts as empty
	}
	for i, t := range p.texts {
		p.words[i] = len(eval.Tokens(t))
	}
	for k, pair := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		p.agree[k] = eval.Doc(p.texts[pair[1]], p.texts[pair[0]], 1).F1()
	}
}

// icNear is infocrawl's agreement with the nearer peer.
func (p *page) icNear() float64 { return max(p.agree[0], p.agree[1]) }

const (
	peersAgree = 0.8 // the peers' F1 with each other that counts as agreeing
	icDiffers  = 0.7 // infocrawl's F1 with both under which it disagrees
)

func report(pages []*page, list int) {
	fmt.Println("| set | pages | infocrawl–trafilatura | infocrawl–readability | trafilatura–readability | empty (ic / tr / rd) | peers agree | infocrawl there |")
	fmt.Println("|---|--:|--:|--:|--:|--:|--:|--:|")
	for _, set := range []struct {
		name string
		in   func(*page) bool
	}{
		{"mediacloud", func(p *page) bool { return p.set == "mediacloud" }},
		{"comparison, unseen", func(p *page) bool { return p.set == "comparison" && !p.seen }},
		{"comparison, seen", func(p *page) bool { return p.seen }},
		{"goose", func(p *page) bool { return p.set == "goose" }},
		{"readeck", func(p *page) bool { return p.set == "readeck" }},
	} {
		var n, agree int
		var empty [3]int
		var sum [3]float64
		var sAgree float64
		for _, p := range pages {
			if !set.in(p) {
				continue
			}
			n++
			for k := range 3 {
				sum[k] += p.agree[k]
				if p.words[k] == 0 {
					empty[k]++
				}
			}
			if p.agree[2] >= peersAgree {
				agree++
				sAgree += p.icNear()
			}
		}
		if n == 0 {
			continue
		}
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f | %d / %d / %d | %d | %.3f |\n", set.name, n,
			sum[0]/float64(n), sum[1]/float64(n), sum[2]/float64(n), empty[0], empty[1], empty[2], agree, sAgree/float64(max(agree, 1)))
	}
	var odd []*page
	for _, p := range pages {
		if !p.seen && p.agree[2] >= peersAgree && p.icNear() < icDiffers {
			odd = append(odd, p)
		}
	}
	sort.SliceStable(odd, func(i, j int) bool { return odd[i].icNear() < odd[j].icNear() })
	fmt.Printf("\n%d pages outside the seen set where the peers agree and infocrawl does not:\n", len(odd))
	for _, p := range odd[:min(list, len(odd))] {
		fmt.Printf("%d %s words ic %d tr %d rd %d, F1 ic–tr %.3f ic–rd %.3f tr–rd %.3f %s\n",
			p.n, p.set, p.words[0], p.words[1], p.words[2], p.agree[0], p.agree[1], p.agree[2], p.url)
	}
}

func write(dir string, pages []*page) error {
	for _, name := range extractors {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			return err
		}
	}
	var tsv strings.Builder
	if err := os.MkdirAll(filepath.Join(dir, "reference"), 0o755); err != nil {
		return err
	}
	tsv.WriteString("n\tset\tfile\turl\tseen\tic\ttr\trd\tic_tr\tic_rd\ttr_rd\tref_ic\tref_tr\tref_rd\n")
	for _, p := range pages {
		fmt.Fprintf(&tsv, "%d\t%s\t%s\t%s\t%t\t%d\t%d\t%d\t%.3f\t%.3f\t%.3f",
			p.n, p.set, p.file, p.url, p.seen, p.words[0], p.words[1], p.words[2], p.agree[0], p.agree[1], p.agree[2])
		if p.ref != "" {
			fmt.Fprintf(&tsv, "\t%.3f\t%.3f\t%.3f\n", p.refF1[0], p.refF1[1], p.refF1[2])
			if err := os.WriteFile(filepath.Join(dir, "reference", strconv.Itoa(p.n)+".txt"), []byte(p.ref), 0o644); err != nil {
				return err
			}
		} else {
			tsv.WriteString("\t\t\t\n")
		}
		for i, text := range p.texts {
			if err := os.WriteFile(filepath.Join(dir, extractors[i], strconv.Itoa(p.n)+".txt"), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return os.WriteFile(filepath.Join(dir, "pages.tsv"), []byte(tsv.String()), 0o644)
}

type entry struct{ url, file string }

// readEntries reads the URL and File fields of the composite literals of
// one of go-htmldate's data files.
func readEntries(path string) ([]entry, error) {
	lits, err := literalFields(path)
	if err != nil {
		return nil, err
	}
	var out []entry
	for _, f := range lits {
		if f["File"] != "" {
			out = append(out, entry{url: f["URL"], file: f["File"]})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no entries", path)
	}
	return out, nil
}

// literalFields reads the Go file at path and returns, for each
// outermost composite literal with keyed string fields, those fields by
// key ({URL: "…", File: "…"} in go-htmldate's data, GoOse's Article
// literals in its tests).
func literalFields(path string) ([]map[string]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	var out []map[string]string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		fields := map[string]string{}
		for _, el := range lit.Elts {
			kv, _ := el.(*ast.KeyValueExpr)
			if kv == nil {
				continue
			}
			id, _ := kv.Key.(*ast.Ident)
			bl, _ := kv.Value.(*ast.BasicLit)
			if id == nil || bl == nil || bl.Kind != token.STRING {
				continue
			}
			if v, err := strconv.Unquote(bl.Value); err == nil {
				fields[id.Name] = v
			}
		}
		if len(fields) == 0 {
			return true // a list of literals: look inside
		}
		out = append(out, fields)
		return false
	})
	return out, nil
}
