package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"

	"infocrawl/crawler"
	"infocrawl/export"
	"infocrawl/mine"
)

const extractAbout = `Extracts the article of local HTML files, offline. All files are taken as
pages of one site: they are clustered by template (by URL pattern when
--urls gives their URLs), each cluster's template is learnt from its pages,
and every page's article is what remains in its main region; a file that
shares no template with the others (a page of another site) is mined alone.
--single takes each file alone, with no cross-page statistics.

Files may be plain or gzipped (.gz), in any charset. For each input NAME.ext
it writes OUT/NAME.txt (the article text; on a page with neither an article
nor a TOC, its text outside the template; empty for a listing, whose stories
are its TOC links) and OUT/NAME.json (the whole result: kind, title, blocks,
scores).`

func runExtract(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var out, urlMap, method string
	var single, quiet bool
	fs := newFlagSet("extract", "extract --out DIR [--single] [--urls MAP.tsv] [--method M] FILE...", extractAbout, stderr)
	fs.StringVar(&out, "out", "", "write NAME.txt and NAME.json into this `dir` (created if missing)")
	fs.BoolVar(&single, "single", false, "mine each file alone (no cross-page template learning)")
	fs.StringVar(&urlMap, "urls", "", "`file` of lines \"file<TAB>url\" giving the files' original URLs (without it, a file's URL is the one it declares: its canonical link or og:url)")
	fs.StringVar(&method, "method", mine.MethodAuto, "article extractor: "+strings.Join(mine.Methods, ", "))
	var configFile string
	fs.StringVar(&configFile, "config", "", "YAML `file` whose mine-* keys set the mining parameters (see README)")
	fs.BoolVar(&quiet, "quiet", false, "no summary on stderr")
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if out == "" || len(files) == 0 {
		return usageError("want --out DIR and at least one FILE")
	}
	if !slices.Contains(mine.Methods, method) {
		return usageError("--method %q: want one of %s", method, strings.Join(mine.Methods, ", "))
	}
	opts, err := loadMineOptions(fs, configFile, method)
	if err != nil {
		return err
	}
	urls, err := readURLMap(urlMap)
	if err != nil {
		return err
	}
	if err := checkOutputs(out, files); err != nil {
		return err
	}
	if err := checkNames(files); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	start := time.Now()
	var sum extractSummary
	for _, g := range extractGroups(files, single) {
		if err := extractGroup(out, g, urls, opts, single, &sum); err != nil {
			return err
		}
	}
	if !quiet {
		d := time.Since(start)
		fmt.Fprintf(stderr, "extracted %d files (%d with an article) in %s: %.0f pages/s, %.1f MB/s\n",
			sum.pages, sum.articles, d.Round(time.Millisecond), float64(sum.pages)/d.Seconds(), float64(sum.bytes)/1e6/d.Seconds())
	}
	return nil
}

// extractGroups is what is mined together: one page at a time alone, so
// that memory holds one input however many there are; a site's pages
// together, to learn its template.
func extractGroups(files []string, single bool) [][]string {
	if !single {
		return [][]string{files}
	}
	groups := make([][]string, len(files))
	for i, f := range files {
		groups[i] = []string{f}
	}
	return groups
}

// extractSummary counts what extract did.
type extractSummary struct {
	pages, articles int
	bytes           int64
}

// extractGroup mines files together and writes their results.
func extractGroup(out string, files []string, urls map[string]string, opts mine.Options, single bool, sum *extractSummary) error {
	inputs, names, bytesIn, err := readInputs(files, urls)
	if err != nil {
		return err
	}
	for i, r := range mine.ExtractSite(inputs, opts, single) {
		if r.Kind == mine.KindArticle || r.Kind == mine.KindArticleTOC {
			sum.articles++
		}
		if err := writeResult(out, names[i], r, export.PageMeta(inputs[i].Body, r)); err != nil {
			return err
		}
	}
	sum.pages += len(inputs)
	sum.bytes += bytesIn
	return nil
}

// checkNames refuses two inputs that would write the same NAME.txt.
func checkNames(files []string) error {
	seen := map[string]string{}
	for _, f := range files {
		name := baseName(f)
		if prev, dup := seen[name]; dup {
			return usageError("%s and %s would both write %s.txt", prev, f, name)
		}
		seen[name] = f
	}
	return nil
}

// checkOutputs refuses a run that would write over one of its own inputs
// (extract --out . page.txt writes page.txt).
func checkOutputs(dir string, files []string) error {
	type input struct {
		fi   os.FileInfo
		name string
	}
	inputs := make([]input, 0, len(files))
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			inputs = append(inputs, input{fi, f})
		}
	}
	for _, f := range files {
		for _, ext := range []string{".txt", ".json"} {
			out := filepath.Join(dir, baseName(f)+ext)
			fi, err := os.Stat(out)
			if err != nil {
				continue
			}
			for _, in := range inputs {
				if os.SameFile(fi, in.fi) {
					return usageError("output %s would overwrite the input %s: choose another --out", out, in.name)
				}
			}
		}
	}
	return nil
}

// baseName strips the directory, a .gz and the HTML extension.
func baseName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".gz")
	if ext := filepath.Ext(name); ext != "" && len(ext) <= 6 {
		name = strings.TrimSuffix(name, ext)
	}
	return name
}

func readInputs(files []string, urls map[string]string) ([]mine.Input, []string, int64, error) {
	inputs := make([]mine.Input, 0, len(files))
	names := make([]string, 0, len(files))
	var total int64
	for _, f := range files {
		raw, err := readMaybeGzip(f)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("extract: %s: %w", f, err)
		}
		total += int64(len(raw))
		name := baseName(f)
		body, _ := crawler.DecodeHTML(raw)
		in := mine.Input{Key: f, Body: body}
		if raw, ok := lookupURL(urls, f); ok {
			u, err := url.Parse(raw)
			if err != nil {
				return nil, nil, 0, fmt.Errorf("extract: URL of %s: %w", f, err)
			}
			in.URL = u
		}
		inputs = append(inputs, in)
		names = append(names, name)
	}
	return inputs, names, total, nil
}

func readMaybeGzip(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(raw, []byte{0x1f, 0x8b}) {
		return raw, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(zr, 256<<20))
}

func readURLMap(path string) (map[string]string, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("extract: --urls: %w", err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		file, u, ok := strings.Cut(t, "\t")
		if !ok {
			return nil, usageError("--urls %s: line %d: want file<TAB>url", path, line)
		}
		m[file] = strings.TrimSpace(u)
	}
	return m, sc.Err()
}

// lookupURL matches a file by its path as given, or by its base name.
func lookupURL(m map[string]string, file string) (string, bool) {
	if u, ok := m[file]; ok {
		return u, true
	}
	u, ok := m[filepath.Base(file)]
	return u, ok
}

// extractedJSON is NAME.json: the mining result with the published date
// and author the JSONL export gives, omitted when the page does not say.
type extractedJSON struct {
	*mine.Result
	Published string `json:"published,omitempty"`
	Author    string `json:"author,omitempty"`
}

func writeResult(dir, name string, r *mine.Result, meta export.Meta) error {
	if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(r.MainText()), 0o644); err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	js, err := json.MarshalIndent(extractedJSON{r, meta.Published, meta.Author}, "", "  ")
	if err != nil {
		return fmt.Errorf("extract: %s: %w", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), js, 0o644); err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	return nil
}
