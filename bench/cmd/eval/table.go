package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// A row is one line of the tables: a group, or the macro average of groups.
type row struct {
	Label  string           `json:"row"`
	Macro  bool             `json:"macro,omitempty"`
	Pages  int              `json:"pages"`
	Scores map[string]score `json:"scores"` // by extractor
	era    string           // big9's "big5-05" of "big5-05/forbes", "site" of "site/nytimes.com"; "" elsewhere
	docs   []docScore       // score.py's per-page counts
}

// A speed is an extractor's time on one dataset's pages, by the clock and
// in CPU (the CPU time is the steadier on a busy machine).
type speed struct {
	Pages          int     `json:"pages"`
	Seconds        float64 `json:"seconds"`
	CPUSeconds     float64 `json:"cpu_seconds"`
	PagesPerSec    float64 `json:"pages_per_s"`
	PagesPerCPUSec float64 `json:"pages_per_cpu_s"`
}

// A report is what the harness writes: OUT/table.md and OUT/table.json.
type report struct {
	Command    string                       `json:"command"`
	Date       string                       `json:"date"`
	Machine    string                       `json:"machine"`
	Revision   string                       `json:"revision,omitempty"` // infocrawl's git describe --dirty
	Datasets   []string                     `json:"datasets"`
	Extractors []string                     `json:"extractors"`
	Rows       []row                        `json:"rows"`
	Speed      map[string]map[string]*speed `json:"speed"`                // dataset → extractor, whole commands
	InProcess  json.RawMessage              `json:"in_process,omitempty"` // cmd/speed's speed.json
	Checks     checks                       `json:"scorer_cross_check"`
	Crawl      []crawlResult                `json:"crawl,omitempty"`
	Pages      []pageSummary                `json:"pages,omitempty"` // dragnet, readability, cleaneval-dev over their pages
	Failures   []string                     `json:"failures,omitempty"`

	inProcessMD string // cmd/speed's speed.md
}

// checks are the F1s of cmd/speed compared with score.py's.
type checks struct {
	Compared int      `json:"compared"`
	Differ   []string `json:"differ,omitempty"`
}

// addDataset appends a dataset's group rows (those of an era together),
// each era's macro average after its groups, and the dataset's macro
// average when it has more than one group.
func (r *report) addDataset(dataset string, groups []row) {
	r.Datasets = append(r.Datasets, dataset)
	start := 0
	for i, g := range groups {
		r.Rows = append(r.Rows, g)
		if g.era != "" && (i+1 == len(groups) || groups[i+1].era != g.era) {
			r.Rows = append(r.Rows, macro(dataset+"/"+g.era, groups[start:i+1]))
		}
		if i+1 < len(groups) && groups[i+1].era != g.era {
			start = i + 1
		}
	}
	if len(groups) > 1 {
		r.Rows = append(r.Rows, macro(dataset, groups))
	}
}

// macro averages each measure over the rows that have it defined.
func macro(label string, rows []row) row {
	m := row{Label: label + " (macro)", Macro: true, Scores: map[string]score{}}
	byExt := map[string][]score{}
	for _, r := range rows {
		m.Pages += r.Pages
		for e, s := range r.Scores {
			byExt[e] = append(byExt[e], s)
		}
	}
	for e, ss := range byExt {
		var a score
		for _, s := range ss {
			a.Docs += s.Docs
			a.Empty += s.Empty
			a.Missing += s.Missing
		}
		pick := func(f func(score) num) num {
			var sum float64
			n := 0
			for _, s := range ss {
				if v := float64(f(s)); !math.IsNaN(v) {
					sum += v
					n++
				}
			}
			return num(sum / float64(n)) // NaN when n == 0
		}
		a.F1 = pick(func(s score) num { return s.F1 })
		a.Precision = pick(func(s score) num { return s.Precision })
		a.Recall = pick(func(s score) num { return s.Recall })
		a.MeanDocF1 = pick(func(s score) num { return s.MeanDocF1 })
		a.Accuracy = pick(func(s score) num { return s.Accuracy })
		m.Scores[e] = a
	}
	return m
}

func (r *report) write(out string) (string, error) {
	md := r.markdown()
	if err := os.WriteFile(filepath.Join(out, "table.md"), []byte(md), 0o644); err != nil {
		return "", err
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	return md, os.WriteFile(filepath.Join(out, "table.json"), append(js, '\n'), 0o644)
}

func (r *report) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "`%s`, %s, %s, infocrawl %s.\n\n", r.Command, r.Date, r.Machine, r.Revision)
	b.WriteString("## F1\n\nscore.py (4-gram shingles); macro rows: mean over the groups above.")
	if len(r.Pages) > 0 {
		b.WriteString(" The site-mode groups (`DATASET/site/SITE`) are in table.json only, here their macro row;" +
			" `DATASET/single` is the pages of smaller sites, one group.")
	}
	b.WriteString("\n\n")
	r.scoreTable(&b, func(s score) string { return fmtNum(s.F1) })
	b.WriteString("\n## Precision / recall\n\n")
	r.scoreTable(&b, func(s score) string { return fmtNum(s.Precision) + " / " + fmtNum(s.Recall) })
	r.pageTables(&b)
	b.WriteString("\n## Speed of the commands (pages/s by the clock / per CPU second)\n\n" +
		"Peers: parse + extract, one page at a time. infocrawl: the whole process.\n\n")
	r.header(&b, "dataset")
	for _, ds := range r.Datasets {
		fmt.Fprintf(&b, "| %s |", ds)
		pages := 0
		for _, e := range r.Extractors {
			s := r.Speed[ds][e]
			if s == nil {
				b.WriteString(" — |")
				continue
			}
			pages = s.Pages
			fmt.Fprintf(&b, " %.1f / %.1f |", s.PagesPerSec, s.PagesPerCPUSec)
		}
		fmt.Fprintf(&b, " %d |\n", pages)
	}
	if r.inProcessMD != "" {
		b.WriteString("\n" + r.inProcessMD)
		fmt.Fprintf(&b, "\nScorer cross-check: of %d F1s above, %d differ from score.py's on the commands' texts (to 3 decimals).\n",
			r.Checks.Compared, len(r.Checks.Differ))
		for _, d := range r.Checks.Differ {
			fmt.Fprintf(&b, "- %s\n", d)
		}
	}
	if len(r.Crawl) > 0 {
		r.crawlTable(&b)
	}
	if len(r.Failures) > 0 {
		b.WriteString("\n## Skipped\n\n")
		for _, f := range r.Failures {
			fmt.Fprintf(&b, "- %s\n", f)
		}
	}
	return b.String()
}

func (r *report) scoreTable(b *strings.Builder, cell func(score) string) {
	r.header(b, "dataset/group")
	for _, row := range r.Rows {
		if row.era == "site" && !row.Macro {
			continue
		}
		label := row.Label
		if row.Macro {
			label = "**" + label + "**"
		}
		fmt.Fprintf(b, "| %s |", label)
		for _, e := range r.Extractors {
			if s, ok := row.Scores[e]; ok {
				fmt.Fprintf(b, " %s |", cell(s))
			} else {
				b.WriteString(" — |")
			}
		}
		fmt.Fprintf(b, " %d |\n", row.Pages)
	}
}

func (r *report) header(b *strings.Builder, first string) {
	fmt.Fprintf(b, "| %s | %s | pages |\n|---|", first, strings.Join(r.Extractors, " | "))
	b.WriteString(strings.Repeat("--:|", len(r.Extractors)+1) + "\n")
}

func fmtNum(n num) string {
	if math.IsNaN(float64(n)) {
		return "nan"
	}
	return fmt.Sprintf("%.3f", float64(n))
}
