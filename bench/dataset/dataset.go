// Package dataset reads the benchmark datasets of shared/datasets (big9,
// cleanportaleval, article-extraction-benchmark, dragnet, readability,
// cleaneval-dev) as groups of pages scored together, with their gold
// texts.
package dataset

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Names are the datasets Load knows, in the order the harness runs them.
var Names = []string{"big9", "cleanportaleval", "aeb", "dragnet", "readability", "cleaneval-dev"}

// Default are the datasets run when none are named: the first three (the
// others add 1,554 pages, most of them dragnet's).
var Default = Names[:3]

// dirs maps the dataset names to their folders in shared/datasets.
var dirs = map[string]string{
	"big9":            "big9",
	"cleanportaleval": "cleanportaleval",
	"aeb":             "article-extraction-benchmark",
	"dragnet":         "dragnet",
	"readability":     "readability",
	"cleaneval-dev":   "cleaneval-dev",
}

// A Group is the pages scored together: one site's cluster (10 to 30 pages
// of one template), or a whole dataset for AEB; in dragnet, readability
// and cleaneval-dev a site of MinSitePages or more pages, or all the
// other pages together.
type Group struct {
	Dataset, Name string            // Name may hold a slash: "big5-05/forbes"
	Files         []string          // input HTML files
	Gold          map[string]string // page name → gold .txt file (nil with GoldJSON)
	GoldJSON      string            // AEB: one ground-truth.json for all pages
	URLs          map[string]string // page name → original URL, when known
	// Mode is "" for the first three datasets (infocrawl takes the group
	// in one call); in the others "site" (one call, site mode) or
	// "single" (every infocrawl extractor runs with --single).
	Mode string
	// PassURLs: infocrawl gets URLs too, not only the peers (the last
	// three datasets; the first three keep the harness's old setting).
	PassURLs bool
	Sites    map[string]string // page name → site ("" unplaced); nil for the first three
}

// Label is "dataset/name".
func (g Group) Label() string { return g.Dataset + "/" + g.Name }

// Era is big9's "big5-05" of "big5-05/forbes", "site" of a site-mode
// group "site/nytimes.com"; "" elsewhere.
func (g Group) Era() string {
	era, _, ok := strings.Cut(g.Name, "/")
	if !ok {
		return ""
	}
	return era
}

// PageName is a file's base name without ".gz" and its HTML extension:
// "foo.html.gz" → "foo", "amd (1).htm" → "amd (1)" (the rule of peers and
// infocrawl extract for their NAME.txt outputs).
func PageName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".gz")
	return strings.TrimSuffix(name, filepath.Ext(name))
}

// ReadPage returns a page file's bytes, gunzipped when it is gzip.
func ReadPage(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(raw, []byte{0x1f, 0x8b}) {
		return raw, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("gunzip %s: %w", path, err)
	}
	if raw, err = io.ReadAll(zr); err != nil {
		return nil, fmt.Errorf("gunzip %s: %w", path, err)
	}
	return raw, nil
}

// Load reads the groups of the dataset name from the folder datasets.
func Load(datasets, name string) ([]Group, error) {
	dir := filepath.Join(datasets, dirs[name])
	switch name {
	case "big9":
		return big9Groups(dir)
	case "cleanportaleval":
		return portalGroups(dir)
	case "aeb":
		return aebGroups(dir)
	case "dragnet", "readability":
		return siteGroups(dir, name)
	case "cleaneval-dev":
		return cleanevalGroups(dir)
	}
	return nil, fmt.Errorf("unknown dataset %q (want one of %s)", name, strings.Join(Names, ", "))
}

// big9Groups reads sites.tsv (era_dir html_file gold_file site ...): a
// cluster is (era, site).
func big9Groups(dir string) ([]Group, error) {
	f, err := os.Open(filepath.Join(dir, "sites.tsv"))
	if err != nil {
		return nil, fmt.Errorf("big9: %w", err)
	}
	defer f.Close()
	byName := map[string]*Group{}
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
			g = &Group{Dataset: "big9", Name: key, Gold: map[string]string{}}
			byName[key] = g
		}
		g.Files = append(g.Files, filepath.Join(dir, era, "html", htmlFile))
		g.Gold[PageName(htmlFile)] = filepath.Join(dir, era, "gold", goldFile)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("big9: %w", err)
	}
	return sorted(byName), nil
}

// portalGroups groups cleanportaleval/input/*.html by site, the file name
// before its first "_" (bbc.co.uk_news_01.html → bbc.co.uk). The gold
// files start with a "URL:" line, which gives the page's URL.
func portalGroups(dir string) ([]Group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "input", "*.html"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("cleanportaleval: no input/*.html in %s", dir)
	}
	byName := map[string]*Group{}
	for _, f := range files {
		name := PageName(f)
		site, _, _ := strings.Cut(name, "_")
		g := byName[site]
		if g == nil {
			g = &Group{Dataset: "cleanportaleval", Name: site, Gold: map[string]string{}, URLs: map[string]string{}}
			byName[site] = g
		}
		gold := filepath.Join(dir, "GoldStandard", name+".txt")
		g.Files = append(g.Files, f)
		g.Gold[name] = gold
		if u := goldURL(gold); u != "" {
			g.URLs[name] = u
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
func aebGroups(dir string) ([]Group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "html", "*.html.gz"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("aeb: no html/*.html.gz in %s", dir)
	}
	gold := filepath.Join(dir, "ground-truth.json")
	truth, err := readTruth(gold)
	if err != nil {
		return nil, fmt.Errorf("aeb: %w", err)
	}
	urls := map[string]string{}
	for id, t := range truth {
		urls[id] = t.URL
	}
	return []Group{{Dataset: "aeb", Name: "all", Files: files, GoldJSON: gold, URLs: urls}}, nil
}

// A truth is one page of AEB's ground-truth.json.
type truth struct{ URL, ArticleBody string }

func readTruth(path string) (map[string]truth, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t map[string]truth
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func sorted(byName map[string]*Group) []Group {
	var gs []Group
	for _, g := range byName {
		gs = append(gs, *g)
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i].Name < gs[j].Name })
	return gs
}
