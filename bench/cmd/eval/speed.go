package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// runSpeed runs cmd/speed's binary on one core (under taskset -c 0 when
// there is one; it sets GOMAXPROCS 1 itself) over the datasets, into
// OUT/speed. Its table and JSON go into the report as they are, and its
// F1s, by the Go port of score.py, are checked against score.py's.
func (c config) runSpeed(ctx context.Context, bin string, rep *report) error {
	dir := filepath.Join(c.out, "speed")
	argv := []string{bin, "--shared", c.shared, "--datasets", strings.Join(c.datasets, ","),
		"--rounds", strconv.Itoa(c.rounds), "--out", dir}
	if taskset, err := exec.LookPath("taskset"); err == nil {
		argv = append([]string{taskset, "-c", "0"}, argv...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr // its progress
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", strings.Join(argv, " "), err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "speed.md"))
	if err != nil {
		return err
	}
	js, err := os.ReadFile(filepath.Join(dir, "speed.json"))
	if err != nil {
		return err
	}
	rep.InProcess, rep.inProcessMD = json.RawMessage(js), string(md)
	var sp struct {
		Results []struct {
			Dataset, Extractor string
			F1                 num
		}
	}
	if err := json.Unmarshal(js, &sp); err != nil {
		return fmt.Errorf("speed.json: %w", err)
	}
	for _, r := range sp.Results {
		rep.crossCheck(r.Dataset, r.Extractor, r.F1)
	}
	return nil
}

// crossCheck compares an F1 of cmd/speed (infocrawl/eval on texts made in
// one process) with score.py's on the command's texts, as printed.
func (r *report) crossCheck(dataset, extractor string, f1 num) {
	row, ok := r.datasetRow(dataset)
	if !ok {
		return
	}
	s, ok := row.Scores[extractor]
	if !ok {
		return
	}
	r.Checks.Compared++
	if fmtNum(s.F1) != fmtNum(f1) {
		r.Checks.Differ = append(r.Checks.Differ, fmt.Sprintf("%s %s: score.py %s, in one process %s",
			dataset, extractor, fmtNum(s.F1), fmtNum(f1)))
	}
}

// datasetRow is the dataset's macro row, or its only group's row.
func (r *report) datasetRow(dataset string) (row, bool) {
	var groups []row
	for _, x := range r.Rows {
		if x.Macro && x.Label == dataset+" (macro)" {
			return x, true
		}
		if !x.Macro && strings.HasPrefix(x.Label, dataset+"/") {
			groups = append(groups, x)
		}
	}
	if len(groups) == 1 {
		return groups[0], true
	}
	return row{}, false
}
