// Command snippets scores infocrawl and the peers on go-trafilatura's
// comparison pages: about 900 real pages (news, blogs, shops, public
// bodies; German for the most part, then English, French, Spanish,
// Polish), each with a few snippets its text must hold and a few it must
// not (menus, share prompts, related boxes, footers). They are the pages
// trafilatura was developed on, so they favour it; none of infocrawl's
// data sets holds them, which makes them a check of how extraction holds
// on pages it was not tuned on.
//
//	snippets [--out DIR] [--extractors infocrawl,trafilatura,readability]
//
// The pages and their snippets are read in place from the go-trafilatura
// module this module requires (test-files/comparison and
// scripts/comparison/data.go, found with peer.ModuleDir); nothing is copied.
// A snippet is found when the text holds it, white space collapsed on
// both sides. Scored as trafilatura's own evaluation does: a wanted
// snippet found is a true positive, missing a false negative; an
// unwanted one found a false positive. infocrawl mines each page alone
// (--single): the pages come from as many sites.
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
	"strconv"
	"strings"

	"infocrawl/bench/peer"
	"infocrawl/mine"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "snippets:", err)
		os.Exit(1)
	}
}

// An entry is one page with its snippets.
type entry struct {
	URL, File     string
	With, Without []string
}

// A score counts one extractor's snippets.
type score struct{ tp, fp, fn, tn, empty, pages int }

func run(args []string) error {
	fs := flag.NewFlagSet("snippets", flag.ContinueOnError)
	out := fs.String("out", "", "write each extractor's texts as DIR/<extractor>/<n>.txt (n: the page's place in data.go) and each page's counts as DIR/pages.tsv")
	only := fs.String("extractors", "infocrawl,trafilatura,readability", "extractors to run (comma-separated)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := peer.ModuleDir("github.com/markusmobius/go-trafilatura")
	if err != nil {
		return err
	}
	entries, err := readEntries(filepath.Join(dir, "scripts", "comparison", "data.go"))
	if err != nil {
		return err
	}
	scores := map[string]*score{}
	names := strings.Split(*only, ",")
	for _, name := range names {
		scores[name] = &score{}
		if *out != "" {
			if err := os.MkdirAll(filepath.Join(*out, name), 0o755); err != nil {
				return err
			}
		}
	}
	var tsv strings.Builder // pages.tsv: n, file, then found/unwanted/missed per extractor
	tsv.WriteString("n\tfile")
	for _, name := range names {
		fmt.Fprintf(&tsv, "\t%s_tp\t%s_fp\t%s_fn", name, name, name)
	}
	tsv.WriteString("\n")
	for i, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, "test-files", "comparison", e.File))
		if err != nil {
			continue // a few entries name files the module does not ship
		}
		fmt.Fprintf(&tsv, "%d\t%s", i, e.File)
		page, _ := peer.Decode(raw)
		u, _ := url.Parse(e.URL)
		for _, name := range names {
			text, err := extract(name, page, u)
			if err != nil {
				return err
			}
			c := scores[name].add(e, text)
			fmt.Fprintf(&tsv, "\t%d\t%d\t%d", c.tp, c.fp, c.fn)
			if *out != "" {
				if err := os.WriteFile(filepath.Join(*out, name, strconv.Itoa(i)+".txt"), []byte(text), 0o644); err != nil {
					return err
				}
			}
		}
		tsv.WriteString("\n")
	}
	if *out != "" {
		if err := os.WriteFile(filepath.Join(*out, "pages.tsv"), []byte(tsv.String()), 0o644); err != nil {
			return err
		}
	}
	fmt.Println("| extractor | pages | precision | recall | F1 | accuracy | empty |")
	fmt.Println("|---|--:|--:|--:|--:|--:|--:|")
	for _, name := range names {
		s := scores[name]
		p := float64(s.tp) / float64(s.tp+s.fp)
		r := float64(s.tp) / float64(s.tp+s.fn)
		acc := float64(s.tp+s.tn) / float64(s.tp+s.tn+s.fp+s.fn)
		fmt.Printf("| %s | %d | %.3f | %.3f | %.3f | %.3f | %d |\n", name, s.pages, p, r, 2*p*r/(p+r), acc, s.empty)
	}
	return nil
}

func extract(name, page string, u *url.URL) (string, error) {
	if name == "infocrawl" {
		r := mine.ExtractSite([]mine.Input{{Key: "page", URL: u, Body: []byte(page)}}, mine.Options{}, true)
		return r[0].MainText(), nil
	}
	p, err := peer.ByName(name)
	if err != nil {
		return "", err
	}
	text, _ := p.Run(page, u) // a page a peer fails on counts as empty
	return text, nil
}

// add counts the page's snippets in text into s and returns the page's
// own counts.
func (s *score) add(e entry, text string) score {
	text = collapse(text)
	var c score
	c.pages++
	if text == "" {
		c.empty++
	}
	for _, w := range e.With {
		if strings.Contains(text, collapse(w)) {
			c.tp++
		} else {
			c.fn++
		}
	}
	for _, w := range e.Without {
		if strings.Contains(text, collapse(w)) {
			c.fp++
		} else {
			c.tn++
		}
	}
	s.tp, s.fp, s.fn, s.tn, s.empty, s.pages = s.tp+c.tp, s.fp+c.fp, s.fn+c.fn, s.tn+c.tn, s.empty+c.empty, s.pages+c.pages
	return c
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// readEntries reads the comparisonData map literal of data.go.
func readEntries(path string) ([]entry, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	var entries []entry
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		key, ok := stringLit(kv.Key)
		lit, isLit := kv.Value.(*ast.CompositeLit)
		if !ok || !isLit {
			return true
		}
		e := entry{URL: key}
		for _, el := range lit.Elts {
			field, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			name, _ := field.Key.(*ast.Ident)
			if name == nil {
				continue
			}
			switch name.Name {
			case "File":
				e.File, _ = stringLit(field.Value)
			case "With":
				e.With = stringList(field.Value)
			case "Without":
				e.Without = stringList(field.Value)
			}
		}
		if e.File != "" {
			entries = append(entries, e)
		}
		return false
	})
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no entries", path)
	}
	return entries, nil
}

func stringLit(x ast.Expr) (string, bool) {
	b, ok := x.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

func stringList(x ast.Expr) []string {
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []string
	for _, el := range lit.Elts {
		if s, ok := stringLit(el); ok {
			out = append(out, s)
		}
	}
	return out
}
