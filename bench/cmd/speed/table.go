package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// A report is the results with how they were measured.
type report struct {
	Warmup  int      `json:"warmup"` // untimed rounds before the timed ones
	Rounds  int      `json:"rounds"`
	CPUs    string   `json:"cpus_allowed"` // the process's CPU affinity, "" when unknown
	Results []result `json:"results"`
}

func (r report) markdown() string {
	var b strings.Builder
	pinned := "not known"
	if r.CPUs != "" {
		pinned = "CPUs allowed: " + r.CPUs
	}
	fmt.Fprintf(&b, "## Extraction speed, one process, one core\n\n"+
		"`cmd/speed`, GOMAXPROCS=1, %s; median of %d rounds, after %s. Every extractor gets the same pages, "+
		"read and decoded before the clock starts; timed: parse + extract + the article's text, "+
		"infocrawl one site group per call (`mine.ExtractSite`), the peers page by page. "+
		"allocs, KB: `runtime.MemStats` Mallocs and TotalAlloc per page. "+
		"F1: `infocrawl/eval` (score.py's Go port), macro over groups as in the F1 table.\n\n", pinned, r.Rounds, r.warmupText())
	b.WriteString("| dataset | extractor | pages/s | pages/CPU-s | MB/s | × trafilatura | allocs/page | KB/page | F1 |\n" +
		"|---|---|--:|--:|--:|--:|--:|--:|--:|\n")
	last := ""
	for _, x := range r.Results {
		label := ""
		if x.Dataset != last {
			label = fmt.Sprintf("%s (%d pages, %.1f MB)", x.Dataset, x.Pages, x.MB)
			last = x.Dataset
		}
		ratio := "—"
		if t := r.find(x.Dataset, "trafilatura"); t != nil {
			ratio = fmt.Sprintf("%.2f", x.PagesPerSec/t.PagesPerSec)
		}
		fmt.Fprintf(&b, "| %s | %s | %.1f | %.1f | %.2f | %s | %.0f | %.0f | %s |\n", label, x.Extractor,
			x.PagesPerSec, x.PagesPerCPUSec, x.MBPerSec, ratio, x.AllocsPerPage, x.KBPerPage, x.F1)
	}
	return b.String()
}

// warmupText says what ran before the timed rounds.
func (r report) warmupText() string {
	switch r.Warmup {
	case 0:
		return "no warm-up"
	case 1:
		return "one untimed round (the heap's growth to the set's size)"
	}
	return fmt.Sprintf("%d untimed rounds (the heap's growth to the set's size)", r.Warmup)
}

func (r report) find(dataset, extractor string) *result {
	for i, x := range r.Results {
		if x.Dataset == dataset && x.Extractor == extractor {
			return &r.Results[i]
		}
	}
	return nil
}

// allowedCPUs is the process's CPU affinity list (taskset -c 0 makes it
// "0"), from /proc on Linux; "" elsewhere.
func allowedCPUs() string {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// A num is a score that may be undefined (NaN), null in JSON, where it
// keeps every digit (cmd/eval rounds it to compare it with score.py's).
type num float64

func (n num) String() string {
	if math.IsNaN(float64(n)) {
		return "nan"
	}
	return strconv.FormatFloat(float64(n), 'f', 3, 64)
}

func (n num) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(float64(n), 'g', -1, 64)), nil
}
