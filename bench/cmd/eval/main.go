// Command eval runs infocrawl and its peers (go-trafilatura,
// go-readability) over the benchmark datasets in shared/datasets, scores
// them per site with shared/eval/score.py and writes one table of F1,
// precision/recall and speed to OUT/table.md and OUT/table.json. With
// --speed it adds cmd/speed's table (every extractor timed in one process
// on one core), with --crawl the main module's BenchmarkCrawl (infocrawl's
// crawler against a bare Colly crawler); --all is --methods --speed --crawl.
//
//	cd bench && go run ./cmd/eval --out /tmp/eval [--infocrawl BIN] [--methods]
//	    [--datasets big9,cleanportaleval,aeb,dragnet,readability,cleaneval-dev]
//	    [--extractors trafilatura,readability] [--speed] [--rounds 3] [--crawl] [--all]
//
// Each extractor writes OUT/<dataset>/<group>/<extractor>/NAME.txt (its
// output kept in <extractor>.log). An extractor that fails on the first
// group it meets is skipped from then on, one that fails later only on
// that group; both are listed under "Skipped". On dragnet, readability and
// cleaneval-dev it also sums up over pages and writes
// OUT/<dataset>/pages.tsv (each page's P, R and F1 per extractor).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"infocrawl/bench/dataset"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:])
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(1)
	}
}

type config struct {
	out, repo, shared, infocrawl string
	datasets, only               []string
	methods, speed, crawl        bool
	stripNames, keepAnchors      bool
	rounds                       int
	timeout                      time.Duration
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.StringVar(&c.out, "out", "", "output directory (required)")
	fs.StringVar(&c.repo, "repo", "..", "the infocrawl repository (the default fits running from bench/)")
	fs.StringVar(&c.shared, "shared", "", "the shared folder with datasets/ and eval/ (default REPO/../shared)")
	fs.StringVar(&c.infocrawl, "infocrawl", "", "infocrawl binary (default: go build ./cmd/infocrawl in REPO)")
	fs.BoolVar(&c.methods, "methods", false, "also run infocrawl with each --method")
	datasets := fs.String("datasets", strings.Join(dataset.Default, ","),
		"datasets to run, of "+strings.Join(dataset.Names, ", ")+" (--all: all of them)")
	only := fs.String("extractors", "", "run only these extractors (comma-separated; default all)")
	fs.DurationVar(&c.timeout, "timeout", 10*time.Minute, "time limit of one extractor on one group")
	fs.BoolVar(&c.speed, "speed", false, "also time every extractor in one process on one core (cmd/speed)")
	fs.IntVar(&c.rounds, "rounds", 3, "rounds of --speed (the median is reported)")
	fs.BoolVar(&c.crawl, "crawl", false, "also run the main module's BenchmarkCrawl")
	fs.BoolVar(&c.stripNames, "strip-names", false,
		"take every element's class and id attributes out of the pages before any extractor reads them (copies under OUT/<group>/stripped): "+
			"how each does on sites whose class names say nothing, as CSS-in-JS sites' hashed names; --speed still times the pages as they are")
	fs.BoolVar(&c.keepAnchors, "keep-anchors", false,
		"with --strip-names, keep the id of an element that a link of the page points at (#id): a site that hashes its class names keeps the anchors its links land on")
	all := fs.Bool("all", false, "--methods --speed --crawl, and every dataset unless --datasets is given")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.keepAnchors && !c.stripNames {
		return c, errors.New("--keep-anchors keeps ids that --strip-names takes out: give both")
	}
	if c.out == "" || fs.NArg() > 0 {
		return c, errors.New("usage: eval --out DIR [--infocrawl BIN] [--methods] [--datasets LIST] [--extractors LIST] [--speed] [--crawl] [--all]")
	}
	if *all {
		c.methods, c.speed, c.crawl = true, true, true
		named := false
		fs.Visit(func(f *flag.Flag) { named = named || f.Name == "datasets" })
		if !named {
			*datasets = strings.Join(dataset.Names, ",")
		}
	}
	if c.shared == "" {
		c.shared = filepath.Join(c.repo, "..", "shared")
	}
	for _, p := range []*string{&c.out, &c.repo, &c.shared, &c.infocrawl} {
		if *p == "" {
			continue
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return c, err
		}
		*p = abs
	}
	c.datasets = strings.Split(*datasets, ",")
	for _, ds := range c.datasets {
		if !slices.Contains(dataset.Names, ds) {
			return c, fmt.Errorf("--datasets: unknown %q (want some of %s)", ds, strings.Join(dataset.Names, ","))
		}
	}
	if *only != "" {
		c.only = strings.Split(*only, ",")
	}
	return c, nil
}

func run(ctx context.Context, args []string) error {
	c, err := parseFlags(args)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(c.out, "bin"), 0o755); err != nil {
		return err
	}
	rep := &report{
		Command:  "eval " + strings.Join(args, " "),
		Date:     time.Now().Format("2006-01-02 15:04 MST"),
		Machine:  fmt.Sprintf("%s %s/%s, %d CPUs", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU()),
		Revision: c.revision(ctx),
		Speed:    map[string]map[string]*speed{},
	}
	exts := c.extractors(ctx, rep)
	if len(exts) == 0 {
		return errors.New("no extractor to run")
	}
	// Built now, with the commands, from the same source tree.
	var speedBin string
	if c.speed {
		if speedBin, err = c.build(ctx, filepath.Join(c.repo, "bench"), "./cmd/speed"); err != nil {
			rep.skip(fmt.Sprintf("speed: %v", err))
		}
	}
	for _, e := range exts {
		rep.Extractors = append(rep.Extractors, e.name)
	}
	ev := &evaluation{config: c, report: rep, exts: exts, failed: map[string]bool{}, tried: map[string]bool{}}
	for _, ds := range c.datasets {
		if err := ev.dataset(ctx, ds); err != nil {
			return err
		}
	}
	if speedBin != "" {
		if err := c.runSpeed(ctx, speedBin, rep); err != nil {
			rep.skip(fmt.Sprintf("speed: %v", err))
		}
	}
	if c.crawl {
		if rep.Crawl, err = c.runCrawl(ctx); err != nil {
			rep.skip(fmt.Sprintf("crawl: %v", err))
		}
	}
	md, err := rep.write(c.out)
	fmt.Print(md)
	return err
}

// extractors builds the commands that --extractors wants; a binary that
// does not build is reported and its extractors skipped.
func (c config) extractors(ctx context.Context, rep *report) []extractor {
	var all []extractor
	if c.wants("infocrawl") {
		bin := c.infocrawl
		var err error
		if bin == "" {
			bin, err = c.build(ctx, c.repo, "./cmd/infocrawl")
		}
		if err != nil {
			rep.skip(fmt.Sprintf("infocrawl: %v", err))
		} else {
			all = append(all, infocrawlExtractors(bin, c.methods)...)
		}
	}
	if c.wants("trafilatura", "readability") {
		if bin, err := c.build(ctx, filepath.Join(c.repo, "bench"), "./cmd/peers"); err != nil {
			rep.skip(fmt.Sprintf("peers: %v", err))
		} else {
			all = append(all, peerExtractors(bin)...)
		}
	}
	if c.only == nil {
		return all
	}
	return slices.DeleteFunc(all, func(e extractor) bool { return !slices.Contains(c.only, e.name) })
}

// wants tells whether --extractors names one starting with a prefix.
func (c config) wants(prefixes ...string) bool {
	if c.only == nil {
		return true
	}
	for _, name := range c.only {
		for _, p := range prefixes {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
	}
	return false
}

// build runs go build of pkg in dir into OUT/bin.
func (c config) build(ctx context.Context, dir, pkg string) (string, error) {
	bin := filepath.Join(c.out, "bin", filepath.Base(pkg))
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, pkg)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s in %s: %w: %s", pkg, dir, err, firstLine(string(msg)))
	}
	return bin, nil
}

// revision is the repository's `git describe --always --dirty`, "" when
// that fails.
func (c config) revision(ctx context.Context) string {
	cmd := exec.CommandContext(ctx, "git", "describe", "--always", "--dirty")
	cmd.Dir = c.repo
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func (r *report) skip(msg string) {
	fmt.Fprintln(os.Stderr, "eval: skip", msg)
	r.Failures = append(r.Failures, msg)
}
