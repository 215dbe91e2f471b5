package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// An extractor is a command that writes DIR/NAME.txt for each input page.
type extractor struct {
	name string
	// argv is the command line that extracts the job's files into out.
	argv func(out string, j job) []string
	// selfTimed extractors print "NAME: N pages, X MB in S s (C s CPU)"
	// to stderr; the others are timed as a process, its start included.
	selfTimed bool
}

// A job is one group's extraction: its files, its URL map ("" when none)
// and how infocrawl takes it.
type job struct {
	files []string
	urls  string
	// infocrawlURLs: infocrawl gets --urls too (dragnet, readability,
	// cleaneval-dev; on the first three datasets only the peers do).
	infocrawlURLs bool
	// single: every infocrawl extractor runs with --single (the group of
	// pages whose site has fewer than 3 pages).
	single bool
}

// infocrawlExtractors are infocrawl extract in site mode (all pages of a
// group in one call), with --single, and with each --method when methods.
// On a job marked single they all run with --single.
func infocrawlExtractors(bin string, methods bool) []extractor {
	mode := func(name string, flags ...string) extractor {
		return extractor{name: name, argv: func(out string, j job) []string {
			argv := append([]string{bin, "extract", "--out", out}, flags...)
			if j.single && !slices.Contains(flags, "--single") {
				argv = append(argv, "--single")
			}
			if j.infocrawlURLs && j.urls != "" {
				argv = append(argv, "--urls", j.urls)
			}
			return append(argv, j.files...)
		}}
	}
	es := []extractor{mode("infocrawl"), mode("infocrawl-single", "--single")}
	if methods {
		for _, m := range []string{"auto", "infodiscoverer", "wisdom", "ttr", "eem"} {
			es = append(es, mode("infocrawl-"+m, "--method", m))
		}
	}
	return es
}

// peerExtractors are the peers command's extractors; it writes into
// DIR/<peer>, so it gets the group's directory.
func peerExtractors(bin string) []extractor {
	var es []extractor
	for _, name := range []string{"trafilatura", "readability"} {
		es = append(es, extractor{name: name, selfTimed: true, argv: func(out string, j job) []string {
			argv := []string{bin, "--peer", name, "--out", filepath.Dir(out)}
			if j.urls != "" {
				argv = append(argv, "--urls", j.urls)
			}
			return append(argv, j.files...)
		}})
	}
	return es
}

// A timing is the seconds an extraction took by the clock and in CPU.
type timing struct{ wall, cpu float64 }

// run extracts the files into dir/<name>, keeping the command's output in
// dir/<name>.log, and returns the time it took.
func (e extractor) run(ctx context.Context, dir string, j job) (timing, error) {
	out := filepath.Join(dir, e.name)
	if err := os.RemoveAll(out); err != nil {
		return timing{}, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return timing{}, err
	}
	argv := e.argv(out, j)
	var log bytes.Buffer
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = &log, &log
	start := time.Now()
	err := cmd.Run()
	t := timing{wall: time.Since(start).Seconds()}
	if werr := os.WriteFile(out+".log", log.Bytes(), 0o644); werr != nil {
		return timing{}, werr
	}
	if err != nil {
		return timing{}, fmt.Errorf("%w: %s", err, firstLine(log.String()))
	}
	t.cpu = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	if e.selfTimed {
		if rt, ok := reported(log.String(), e.name); ok {
			return rt, nil
		}
	}
	return t, nil
}

// reported finds the line "NAME: N pages, X MB in S s (C s CPU)" in log.
func reported(log, name string) (timing, bool) {
	for _, line := range strings.Split(log, "\n") {
		var pages int
		var mb float64
		var t timing
		if _, err := fmt.Sscanf(line, name+": %d pages, %f MB in %f s (%f s CPU)", &pages, &mb, &t.wall, &t.cpu); err == nil {
			return t, true
		}
	}
	return timing{}, false
}

// firstLine is the first non-blank line of a failed command's output,
// where Go programs put the error (usage text and stacks follow it).
func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return "(no output)"
}
