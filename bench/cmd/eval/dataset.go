package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// datasetDirs maps the --datasets names to their folders in shared/datasets.
var datasetDirs = map[string]string{
	"big9":            "big9",
	"cleanportaleval": "cleanportaleval",
	"aeb":             "article-extraction-benchmark",
}

// A group is the pages scored together: one site's cluster (10 to 30 pages
// of one template), or a whole dataset for AEB.
type group struct {
	dataset, name string            // name may hold a slash: "big5-05/forbes"
	files         []string          // input HTML files
	gold          map[string]string // page name → gold .txt file (nil with goldJSON)
	goldJSON      string            // AEB: one ground-truth.json for all pages
	urls          map[string]string // page name → original URL, when known
}

func (g group) label() string { return g.dataset + "/" + g.name }

// pageName is a file's base name without ".gz" and its HTML extension:
// "foo.html.gz" → "foo", "amd (1).htm" → "amd (1)" (the rule of peers and
// infocrawl extract for their NAME.txt outputs).
func pageName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".gz")
	return strings.TrimSuffix(name, filepath.Ext(name))
}

func loadGroups(datasets, name string) ([]group, error) {
	dir := filepath.Join(datasets, datasetDirs[name])
	switch name {
	case "big9":
		return big9Groups(dir)
	case "cleanportaleval":
		return portalGroups(dir)
	case "aeb":
		return aebGroups(dir)
	}
	return nil, fmt.Errorf("unknown dataset %q (want big9, cleanportaleval or aeb)", name)
}

// big9Groups reads sites.tsv (era_dir html_file gold_file site ...): a
// cluster is (era, site).
func big9Groups(dir string) ([]group, error) {
	f, err := os.Open(filepath.Join(dir, "sites.tsv"))
	if err != nil {
		return nil, fmt.Errorf("big9: %w", err)
	}
	defer f.Close()
	byName := map[string]*group{}
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		col := strings.Split(sc.Text(), "\t")
		if first || len(col) < 4 {
			continue
		}
		era, htmlFile, goldFile, site := col[0], col[1], col[2], col[3]
		key := era + "/" + site
		g := byName[key]
		if g == nil {
			g = &group{dataset: "big9", name: key, gold: map[string]string{}}
			byName[key] = g
		}
		g.files = append(g.files, filepath.Join(dir, era, "html", htmlFile))
		g.gold[pageName(htmlFile)] = filepath.Join(dir, era, "gold", goldFile)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("big9: %w", err)
	}
	return sorted(byName), nil
}

// portalGroups groups cleanportaleval/input/*.html by site, the file name
// before its first "_" (bbc.co.uk_news_01.html → bbc.co.uk). The gold
// files start with a "URL:" line, which gives the page's URL.
func portalGroups(dir string) ([]group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "input", "*.html"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("cleanportaleval: no input/*.html in %s", dir)
	}
	byName := map[string]*group{}
	for _, f := range files {
		name := pageName(f)
		site, _, _ := strings.Cut(name, "_")
		g := byName[site]
		if g == nil {
			g = &group{dataset: "cleanportaleval", name: site, gold: map[string]string{}, urls: map[string]string{}}
			byName[site] = g
		}
		gold := filepath.Join(dir, "GoldStandard", name+".txt")
		g.files = append(g.files, f)
		g.gold[name] = gold
		if u := goldURL(gold); u != "" {
			g.urls[name] = u
		}
	}
	return sorted(byName), nil
}

// goldURL returns the URL of a CleanEval gold file's "URL: ..." first line.
func goldURL(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return ""
	}
	line := strings.TrimPrefix(sc.Text(), "\ufeff")
	if u, ok := strings.CutPrefix(strings.TrimSpace(line), "URL:"); ok {
		return strings.TrimSpace(u)
	}
	return ""
}

// aebGroups makes one group of all AEB pages, scored on ground-truth.json.
func aebGroups(dir string) ([]group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "html", "*.html.gz"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("aeb: no html/*.html.gz in %s", dir)
	}
	gold := filepath.Join(dir, "ground-truth.json")
	raw, err := os.ReadFile(gold)
	if err != nil {
		return nil, fmt.Errorf("aeb: %w", err)
	}
	var truth map[string]struct{ URL string }
	if err := json.Unmarshal(raw, &truth); err != nil {
		return nil, fmt.Errorf("aeb: %s: %w", gold, err)
	}
	urls := map[string]string{}
	for id, t := range truth {
		urls[id] = t.URL
	}
	return []group{{dataset: "aeb", name: "all", files: files, goldJSON: gold, urls: urls}}, nil
}

func sorted(byName map[string]*group) []group {
	var gs []group
	for _, g := range byName {
		gs = append(gs, *g)
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i].name < gs[j].name })
	return gs
}

// prepare writes the group's gold files into dir/gold, named after the
// pages so that gold ids match prediction names, and its URLs into
// dir/urls.tsv. It returns the GOLD argument for score.py and the URL map
// file ("" when there are no URLs).
func (g group) prepare(dir string) (gold, urls string, err error) {
	gold = g.goldJSON
	if g.gold != nil {
		gold = filepath.Join(dir, "gold")
		if err := writeGold(gold, g.gold); err != nil {
			return "", "", err
		}
	}
	if len(g.urls) == 0 {
		return gold, "", nil
	}
	var b strings.Builder
	for _, f := range g.files {
		if u, ok := g.urls[pageName(f)]; ok {
			fmt.Fprintf(&b, "%s\t%s\n", filepath.Base(f), u)
		}
	}
	urls = filepath.Join(dir, "urls.tsv")
	return gold, urls, os.WriteFile(urls, []byte(b.String()), 0o644)
}

// writeGold copies gold files into dir as NAME.txt. A file that is not
// valid UTF-8 (some big9 gold is windows-1252) is transcoded, since
// score.py reads UTF-8 and would split words at the bad bytes.
func writeGold(dir string, gold map[string]string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, path := range gold {
		raw, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("gold: %w", err)
		}
		if !utf8.Valid(raw) {
			if raw, err = charmap.Windows1252.NewDecoder().Bytes(raw); err != nil {
				return fmt.Errorf("gold %s: %w", path, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), raw, 0o644); err != nil {
			return err
		}
	}
	return nil
}
