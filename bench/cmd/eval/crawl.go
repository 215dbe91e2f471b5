package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// crawlArgs run the main module's BenchmarkCrawl: infocrawl's crawler
// (into bbolt, with and without fsync) and a bare Colly crawler with
// in-memory storage, on the built-in test site over loopback, depth 3,
// 16 requests in parallel.
var crawlArgs = []string{"test", "-run", "^$", "-bench", "BenchmarkCrawl", "-benchtime", "5x", "-count", "3", "./crawler"}

// A crawlResult is one BenchmarkCrawl variant, the median of its counts.
type crawlResult struct {
	Variant        string  `json:"variant"`
	Procs          int     `json:"procs"` // GOMAXPROCS, the name's -N suffix
	Runs           int     `json:"runs"`
	PagesPerSec    float64 `json:"pages_per_s"`
	CPUMsPerPage   float64 `json:"cpu_ms_per_page"` // test server included
	AllocsPerPage  float64 `json:"allocs_per_page"`
	Pages          float64 `json:"pages"` // stored per crawl
	FetchesPerPage float64 `json:"fetches_per_page"`
	DupFetches     float64 `json:"dup_fetches"` // URIs fetched twice per crawl
}

// runCrawl runs BenchmarkCrawl in the repository, keeping its output in
// OUT/crawl.log.
func (c config) runCrawl(ctx context.Context) ([]crawlResult, error) {
	cmd := exec.CommandContext(ctx, "go", crawlArgs...)
	cmd.Dir = c.repo
	out, err := cmd.CombinedOutput()
	if werr := os.WriteFile(filepath.Join(c.out, "crawl.log"), out, 0o644); werr != nil {
		return nil, werr
	}
	if err != nil {
		return nil, fmt.Errorf("go %s: %w: %s", strings.Join(crawlArgs, " "), err, firstLine(string(out)))
	}
	rs := parseBench(string(out))
	if len(rs) == 0 {
		return nil, fmt.Errorf("go %s: no benchmark lines", strings.Join(crawlArgs, " "))
	}
	return rs, nil
}

var benchName = regexp.MustCompile(`^BenchmarkCrawl/(\S+?)(?:-(\d+))?$`)

// parseBench reads "BenchmarkCrawl/NAME-N  ITER  V UNIT  V UNIT ..." lines
// and takes each variant's median value of each unit.
func parseBench(out string) []crawlResult {
	var order []string
	procs := map[string]int{}
	values := map[string]map[string][]float64{} // variant → unit → values
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		m := benchName.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		name := m[1]
		if values[name] == nil {
			values[name] = map[string][]float64{}
			order = append(order, name)
		}
		procs[name], _ = strconv.Atoi(m[2])
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				values[name][f[i+1]] = append(values[name][f[i+1]], v)
			}
		}
	}
	var rs []crawlResult
	for _, name := range order {
		v := values[name]
		r := crawlResult{
			Variant: name, Procs: procs[name], Runs: len(v["pages/s"]),
			PagesPerSec: median(v["pages/s"]), CPUMsPerPage: median(v["cpu-ms/page"]),
			Pages: median(v["pages"]), FetchesPerPage: median(v["fetches/page"]),
			DupFetches: median(v["dup-fetches"]),
		}
		if r.Pages > 0 {
			r.AllocsPerPage = median(v["allocs/op"]) / r.Pages
		}
		rs = append(rs, r)
	}
	return rs
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (r *report) crawlTable(b *strings.Builder) {
	base := 0.0
	for _, x := range r.Crawl {
		if x.Variant == "colly-bare" {
			base = x.PagesPerSec
		}
	}
	fmt.Fprintf(b, "\n## Crawl throughput\n\n`go %s` in the repository: the built-in test site "+
		"over loopback, depth 3, 16 requests in parallel; median of the counts. "+
		"cpu-ms/page includes the test server; dup fetches: URIs fetched more than once per crawl.\n\n",
		strings.Replace(strings.Join(crawlArgs, " "), "^$", "'^$'", 1))
	b.WriteString("| crawler | pages/s | × colly-bare | cpu-ms/page | allocs/page | pages stored | fetches/page | dup fetches |\n" +
		"|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, x := range r.Crawl {
		ratio := "—"
		if base > 0 {
			ratio = fmt.Sprintf("%.2f", x.PagesPerSec/base)
		}
		fmt.Fprintf(b, "| %s (GOMAXPROCS %d) | %.0f | %s | %.2f | %.0f | %.0f | %.3f | %.1f |\n", x.Variant, x.Procs,
			x.PagesPerSec, ratio, x.CPUMsPerPage, x.AllocsPerPage, x.Pages, x.FetchesPerPage, x.DupFetches)
	}
}
