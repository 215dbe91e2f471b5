// Command speed times infocrawl's extraction (site mode and --single) and
// the peers (go-trafilatura, go-readability) in one process, on one core,
// over the same pages of the benchmark datasets: pages/s, MB/s and
// allocations per page. Each extractor's F1, by infocrawl/eval (the Go
// port of shared/eval/score.py), shows that the timed work is the scored
// work.
//
//	taskset -c 0 go run ./cmd/speed [--datasets big9,cleanportaleval,aeb]
//	    [--warmup 1] [--rounds 3] [--out DIR] [--only NAME,...]
//	    [--cpuprofile FILE] [--memprofile FILE]
//
// It prints a Markdown table and, with --out, writes DIR/speed.md and
// DIR/speed.json. cmd/eval --speed runs it so.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"

	"infocrawl/bench/dataset"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("speed", flag.ContinueOnError)
	shared := fs.String("shared", "../../shared", "the shared folder with datasets/ (the default fits running from bench/)")
	datasets := fs.String("datasets", strings.Join(dataset.Default, ","), "datasets to run, of "+strings.Join(dataset.Names, ", "))
	warmup := fs.Int("warmup", 1, "untimed passes of each extractor over each dataset before the timed rounds (the heap grows to the set's size in them)")
	rounds := fs.Int("rounds", 3, "times each extractor runs over each dataset (the median is reported)")
	out := fs.String("out", "", "write speed.md and speed.json into this directory")
	texts := fs.String("texts", "", "write the last round's texts as DIR/<dataset>/<group>/<extractor>/NAME.txt")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	memprofile := fs.String("memprofile", "", "write an allocation profile of the whole run to this file (go tool pprof -sample_index alloc_space)")
	only := fs.String("only", "", "time only these extractors (comma-separated names, e.g. infocrawl); default all")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || *rounds < 1 || *warmup < 0 {
		return errors.New("usage: speed [--shared DIR] [--datasets LIST] [--warmup N] [--rounds N] [--out DIR] [--texts DIR]")
	}
	// One core per extractor: no parallel GC or mining on the other core.
	runtime.GOMAXPROCS(1)
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
		defer writeAllocs(*memprofile)
	}
	es, err := pick(extractors(), *only)
	if err != nil {
		return err
	}
	rep := report{Warmup: *warmup, Rounds: *rounds, CPUs: allowedCPUs()}
	for _, name := range strings.Split(*datasets, ",") {
		groups, err := dataset.Load(filepath.Join(*shared, "datasets"), name)
		if err != nil {
			return err
		}
		set, err := load(name, groups)
		if err != nil {
			return err
		}
		for _, m := range measure(es, set, *warmup, *rounds) {
			r := m.result()
			fmt.Fprintf(os.Stderr, "%s %s: %.1f pages/s, %.0f allocs/page, F1 %s\n", name, r.Extractor, r.PagesPerSec, r.AllocsPerPage, r.F1)
			rep.Results = append(rep.Results, r)
			if *texts != "" {
				if err := m.write(*texts); err != nil {
					return err
				}
			}
		}
	}
	md := rep.markdown()
	fmt.Print(md)
	if *out == "" {
		return nil
	}
	return rep.write(*out, md)
}

func (r report) write(dir, md string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "speed.md"), []byte(md), 0o644); err != nil {
		return err
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "speed.json"), append(js, '\n'), 0o644)
}

// pick keeps the extractors named in the comma-separated list only (all
// when it is empty).
func pick(es []extractor, only string) ([]extractor, error) {
	if only == "" {
		return es, nil
	}
	var out []extractor
	for _, name := range strings.Split(only, ",") {
		found := false
		for _, e := range es {
			if e.name == name {
				out = append(out, e)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("--only: no extractor %q", name)
		}
	}
	return out, nil
}

func writeAllocs(path string) {
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "speed: memprofile:", err)
	}
}
