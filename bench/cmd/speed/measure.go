package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"time"

	"infocrawl/bench/peer"
	"infocrawl/eval"
	"infocrawl/mine"
)

// An extractor writes the article text of each of a group's pages into
// out, in page order.
type extractor struct {
	name string
	run  func(p *pages, out []string)
}

// extractors are infocrawl as cmd/eval runs it (all pages of a group in
// one call, site mode and --single, default options) and the peers, page
// by page (a page a peer fails on has an empty text, as in cmd/peers).
func extractors() []extractor {
	es := []extractor{
		{"infocrawl", func(p *pages, out []string) { mineGroup(p, out, false) }},
		{"infocrawl-single", func(p *pages, out []string) { mineGroup(p, out, true) }},
	}
	for _, pr := range peer.All() {
		es = append(es, extractor{pr.Name, func(p *pages, out []string) {
			for i, pg := range p.peer {
				out[i], _ = pr.Run(pg.html, pg.url)
			}
		}})
	}
	return es
}

func mineGroup(p *pages, out []string, single bool) {
	for i, r := range mine.ExtractSite(p.mine, mine.Options{}, single || p.single) {
		out[i] = r.MainText()
	}
}

// A result is one extractor's time on one dataset.
type result struct {
	Dataset        string    `json:"dataset"`
	Extractor      string    `json:"extractor"`
	Pages          int       `json:"pages"`
	MB             float64   `json:"mb"`                       // uncompressed HTML
	WarmupSeconds  []float64 `json:"warmup_seconds,omitempty"` // by the clock, per untimed warm-up round
	Seconds        []float64 `json:"seconds"`                  // by the clock, per round
	CPUSeconds     []float64 `json:"cpu_seconds"`              // process user+sys, per round
	PagesPerSec    float64   `json:"pages_per_s"`              // median round, by the clock
	PagesPerCPUSec float64   `json:"pages_per_cpu_s"`
	MBPerSec       float64   `json:"mb_per_s"`
	AllocsPerPage  float64   `json:"allocs_per_page"` // MemStats.Mallocs, mean over the rounds
	KBPerPage      float64   `json:"kb_per_page"`     // MemStats.TotalAlloc
	F1             num       `json:"f1"`              // eval.Set, macro over the groups
}

// measure runs the extractors over every group of s, warmup rounds that
// count for nothing and then rounds times, one extractor after the other
// in each round (so that a change of load on the machine falls on all of
// them), after a GC each time (so that none pays for another's garbage).
//
// The warm-up is there because an extractor's first pass over a set pays
// for growing its heap to the size the set needs: the kernel's page
// faults, and the runtime's start-up. A miner that runs for hours pays
// that once; on a set of a few hundred pages it is a large share of one
// pass (a third of infocrawl's first pass on AEB, which holds a site
// group's trees at once). Its time is kept apart, in warmup_seconds.
func measure(es []extractor, s *set, warmup, rounds int) []*meter {
	ms := make([]*meter, len(es))
	for i, e := range es {
		ms[i] = newMeter(e, s)
	}
	for r := range warmup + rounds {
		for _, m := range ms {
			m.round(r < warmup)
		}
	}
	return ms
}

// A meter times one extractor on one set, round after round.
type meter struct {
	e              extractor
	s              *set
	outs           [][]string // by group, by page: the last round's texts
	wall, cpu      []float64  // seconds, per timed round
	warm           []float64  // seconds by the clock, per warm-up round
	mallocs, bytes uint64
}

func newMeter(e extractor, s *set) *meter {
	m := &meter{e: e, s: s, outs: make([][]string, len(s.groups))}
	for i, g := range s.groups {
		m.outs[i] = make([]string, len(g.names))
	}
	return m
}

// round runs one pass over the set and, unless it is a warm-up, records it.
func (m *meter) round(warmup bool) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start, cpu := time.Now(), cpuTime()
	for i := range m.s.groups {
		m.e.run(&m.s.groups[i], m.outs[i])
	}
	if warmup {
		m.warm = append(m.warm, time.Since(start).Seconds())
		return
	}
	m.wall = append(m.wall, time.Since(start).Seconds())
	m.cpu = append(m.cpu, (cpuTime() - cpu).Seconds())
	runtime.ReadMemStats(&after)
	m.mallocs += after.Mallocs - before.Mallocs
	m.bytes += after.TotalAlloc - before.TotalAlloc
}

// result sums up the rounds and scores the last round's texts.
func (m *meter) result() result {
	s := m.s
	r := result{Dataset: s.name, Extractor: m.e.name, Pages: s.pages, MB: float64(s.bytes) / 1e6,
		WarmupSeconds: m.warm, Seconds: m.wall, CPUSeconds: m.cpu}
	n := float64(len(m.wall) * s.pages)
	r.PagesPerSec = float64(s.pages) / median(m.wall)
	r.PagesPerCPUSec = float64(s.pages) / median(m.cpu)
	r.MBPerSec = r.MB / median(m.wall)
	r.AllocsPerPage = float64(m.mallocs) / n
	r.KBPerPage = float64(m.bytes) / 1024 / n
	r.F1 = macroF1(s, m.outs)
	return r
}

// macroF1 is the mean over the groups of score.py's F1, as in the F1
// table's macro rows.
func macroF1(s *set, outs [][]string) num {
	var sum float64
	n := 0
	for i, g := range s.groups {
		pred := make(map[string]string, len(g.names))
		for j, name := range g.names {
			pred[name] = outs[i][j]
		}
		if f := eval.Set(g.gold, pred, eval.NGram).F1; !math.IsNaN(f) {
			sum += f
			n++
		}
	}
	return num(sum / float64(n)) // NaN when no group has an F1
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// cpuTime is the user and system time of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// write writes the last round's texts as DIR/<dataset>/<group>/<extractor>/NAME.txt.
func (m *meter) write(dir string) error {
	for i, g := range m.s.groups {
		d := filepath.Join(dir, m.s.name, filepath.FromSlash(g.name), m.e.name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		for j, name := range g.names {
			if err := os.WriteFile(filepath.Join(d, name+".txt"), []byte(m.outs[i][j]), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
