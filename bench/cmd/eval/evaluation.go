package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"infocrawl/bench/dataset"
)

// An evaluation runs the extractors over the datasets into its report.
type evaluation struct {
	config
	report *report
	exts   []extractor
	failed map[string]bool // extractors that failed on their first group
	tried  map[string]bool // extractors run on at least one group
}

func (ev *evaluation) dataset(ctx context.Context, ds string) error {
	groups, err := dataset.Load(filepath.Join(ev.shared, "datasets"), ds)
	if err != nil {
		return err
	}
	ev.report.Speed[ds] = map[string]*speed{}
	var rows []row
	for _, g := range groups {
		r, err := ev.group(ctx, g)
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	ev.report.addDataset(ds, rows)
	if groups[0].Mode == "" {
		return nil
	}
	ps, err := ev.pages(ds, groups, rows)
	if err != nil {
		return err
	}
	ev.report.Pages = append(ev.report.Pages, ps)
	return nil
}

// group runs every extractor on g and scores those that succeeded.
func (ev *evaluation) group(ctx context.Context, g dataset.Group) (row, error) {
	dir := filepath.Join(ev.out, g.Dataset, filepath.FromSlash(g.Name))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return row{}, err
	}
	gold, urls, err := prepare(g, dir)
	if err != nil {
		return row{}, err
	}
	files := g.Files
	if ev.stripNames {
		if files, err = stripFiles(files, filepath.Join(dir, "stripped"), ev.keepAnchors); err != nil {
			return row{}, err
		}
	}
	var ran []string
	for _, e := range ev.exts {
		if ev.failed[e.name] {
			continue
		}
		j := job{files: files, urls: urls, infocrawlURLs: g.PassURLs, single: g.Mode == dataset.Single}
		if err := ev.extract(ctx, e, g, dir, j); err != nil {
			if ctx.Err() != nil {
				return row{}, ctx.Err()
			}
			msg := fmt.Sprintf("%s on %s: %v", e.name, g.Label(), err)
			if !ev.tried[e.name] {
				ev.failed[e.name] = true
				msg += " (skipped from now on)"
			}
			ev.report.skip(msg)
		} else {
			ran = append(ran, e.name)
		}
		ev.tried[e.name] = true
	}
	r := row{Label: g.Label(), Pages: len(g.Files), Scores: map[string]score{}, era: g.Era()}
	if len(ran) == 0 {
		return r, nil
	}
	if r.Scores, r.docs, err = scoreGroup(ctx, filepath.Join(ev.shared, "eval", "score.py"), gold, dir, ran); err != nil {
		return row{}, err
	}
	ev.progress(r, ran)
	return r, nil
}

func (ev *evaluation) extract(ctx context.Context, e extractor, g dataset.Group, dir string, j job) error {
	ctx, cancel := context.WithTimeout(ctx, ev.timeout)
	defer cancel()
	t, err := e.run(ctx, dir, j)
	if err != nil {
		return err
	}
	s := ev.report.Speed[g.Dataset][e.name]
	if s == nil {
		s = &speed{}
		ev.report.Speed[g.Dataset][e.name] = s
	}
	s.Pages += len(g.Files)
	s.Seconds += t.wall
	s.CPUSeconds += t.cpu
	s.PagesPerSec = float64(s.Pages) / s.Seconds
	s.PagesPerCPUSec = float64(s.Pages) / s.CPUSeconds
	return nil
}

func (ev *evaluation) progress(r row, ran []string) {
	var b strings.Builder
	for _, e := range ran {
		fmt.Fprintf(&b, " %s %s", e, fmtNum(r.Scores[e].F1))
	}
	fmt.Fprintf(os.Stderr, "%s (%d pages): F1%s\n", r.Label, r.Pages, b.String())
}
