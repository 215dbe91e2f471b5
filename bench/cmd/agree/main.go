// Command agree compares infocrawl's text with the peers' on real pages
// that have no gold: the test pages of go-htmldate, a module the peers
// require. Its mediacloud set is 200 news pages in some thirty languages
// (Ukrainian, Turkish, Thai, Hungarian…), its comparison set about 740
// pages, 609 of which are go-trafilatura's comparison pages too (the
// pages cmd/snippets scores; reported apart as "seen"). None of
// infocrawl's data sets holds them.
//
//	agree [--out DIR] [--list N]
//
// With no gold, agreement stands in for it: where go-trafilatura and
// go-readability agree with each other (token F1 ≥ 0.8) and infocrawl
// agrees with neither, infocrawl is most likely the one that is wrong.
// For each set it prints the mean token F1 of each pair of extractors
// (bags of lower-cased words), their empty outputs, and infocrawl's
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
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"infocrawl/bench/peer"
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
	n                      int
	set, file, url         string
	seen                   bool // also one of go-trafilatura's comparison pages
	ic, tr, rd             int  // words of each extractor's text
	icTr, icRd, trRd       float64
	icText, trText, rdText string
}

var extractors = []string{"infocrawl", "trafilatura", "readability"}

func run(args []string) error {
	fs := flag.NewFlagSet("agree", flag.ContinueOnError)
	out := fs.String("out", "", "write each extractor's texts as DIR/<extractor>/<n>.txt and the page table as DIR/pages.tsv")
	list := fs.Int("list", 30, "list at most this many pages where the peers agree and infocrawl does not")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := moduleDir("github.com/markusmobius/go-htmldate")
	if err != nil {
		return err
	}
	trafDir, err := moduleDir("github.com/markusmobius/go-trafilatura")
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
	if *out != "" {
		if err := write(*out, pages); err != nil {
			return err
		}
	}
	report(pages, *list)
	return nil
}

// extract runs the three extractors on raw and scores their agreement.
func extract(p *page, raw []byte) {
	body, _ := peer.Decode(raw)
	u, _ := url.Parse(p.url)
	r := mine.ExtractSite([]mine.Input{{Key: p.file, URL: u, Body: []byte(body)}}, mine.Options{}, true)
	p.icText = r[0].MainText()
	for _, name := range extractors[1:] {
		pr, err := peer.ByName(name)
		if err != nil {
			panic(err) // the names are this file's own
		}
		text, _ := pr.Run(body, u) // a page a peer fails on counts as empty
		if name == "trafilatura" {
			p.trText = text
		} else {
			p.rdText = text
		}
	}
	ic, tr, rd := words(p.icText), words(p.trText), words(p.rdText)
	p.ic, p.tr, p.rd = len(ic), len(tr), len(rd)
	p.icTr, p.icRd, p.trRd = f1(ic, tr), f1(ic, rd), f1(tr, rd)
}

func words(s string) []string { return strings.Fields(strings.ToLower(s)) }

// f1 is the token F1 of two bags of words; 1 when both are empty.
func f1(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		if len(a) == len(b) {
			return 1
		}
		return 0
	}
	bag := make(map[string]int, len(a))
	for _, w := range a {
		bag[w]++
	}
	common := 0
	for _, w := range b {
		if bag[w] > 0 {
			bag[w]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p, r := float64(common)/float64(len(b)), float64(common)/float64(len(a))
	return 2 * p * r / (p + r)
}

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
	} {
		var n, agree, eIC, eTR, eRD int
		var sIT, sIR, sTR, sAgree float64
		for _, p := range pages {
			if !set.in(p) {
				continue
			}
			n++
			sIT, sIR, sTR = sIT+p.icTr, sIR+p.icRd, sTR+p.trRd
			eIC, eTR, eRD = eIC+b2i(p.ic == 0), eTR+b2i(p.tr == 0), eRD+b2i(p.rd == 0)
			if p.trRd >= peersAgree {
				agree++
				sAgree += max(p.icTr, p.icRd)
			}
		}
		if n == 0 {
			continue
		}
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f | %d / %d / %d | %d | %.3f |\n", set.name, n,
			sIT/float64(n), sIR/float64(n), sTR/float64(n), eIC, eTR, eRD, agree, sAgree/float64(max(agree, 1)))
	}
	var odd []*page
	for _, p := range pages {
		if !p.seen && p.trRd >= peersAgree && max(p.icTr, p.icRd) < icDiffers {
			odd = append(odd, p)
		}
	}
	sort.SliceStable(odd, func(i, j int) bool { return max(odd[i].icTr, odd[i].icRd) < max(odd[j].icTr, odd[j].icRd) })
	fmt.Printf("\n%d pages outside the seen set where the peers agree and infocrawl does not:\n", len(odd))
	for _, p := range odd[:min(list, len(odd))] {
		fmt.Printf("%d %s words ic %d tr %d rd %d, F1 ic–tr %.3f ic–rd %.3f tr–rd %.3f %s\n",
			p.n, p.set, p.ic, p.tr, p.rd, p.icTr, p.icRd, p.trRd, p.url)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func write(dir string, pages []*page) error {
	for _, name := range extractors {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			return err
		}
	}
	var tsv strings.Builder
	tsv.WriteString("n\tset\tfile\turl\tseen\tic\ttr\trd\tic_tr\tic_rd\ttr_rd\n")
	for _, p := range pages {
		fmt.Fprintf(&tsv, "%d\t%s\t%s\t%s\t%t\t%d\t%d\t%d\t%.3f\t%.3f\t%.3f\n",
			p.n, p.set, p.file, p.url, p.seen, p.ic, p.tr, p.rd, p.icTr, p.icRd, p.trRd)
		for i, text := range []string{p.icText, p.trText, p.rdText} {
			if err := os.WriteFile(filepath.Join(dir, extractors[i], strconv.Itoa(p.n)+".txt"), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return os.WriteFile(filepath.Join(dir, "pages.tsv"), []byte(tsv.String()), 0o644)
}

// moduleDir is where the go command keeps a module this one requires.
func moduleDir(path string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %w", path, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("go list -m %s: not downloaded (go mod download %s)", path, path)
	}
	return dir, nil
}

type entry struct{ url, file string }

// readEntries reads the URL and File fields of the composite literals of
// one of go-htmldate's data files.
func readEntries(path string) ([]entry, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	var out []entry
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		var e entry
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			id, _ := kv.Key.(*ast.Ident)
			bl, _ := kv.Value.(*ast.BasicLit)
			if id == nil || bl == nil || bl.Kind != token.STRING {
				continue
			}
			v, err := strconv.Unquote(bl.Value)
			if err != nil {
				continue
			}
			switch id.Name {
			case "URL":
				e.url = v
			case "File":
				e.file = v
			}
		}
		if e.file == "" {
			return true
		}
		out = append(out, e)
		return false
	})
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no entries", path)
	}
	return out, nil
}
