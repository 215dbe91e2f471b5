package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"infocrawl/focus"
	"infocrawl/mine"
	"infocrawl/store"
)

const mineAbout = `Mines the pages of a store that have no result yet (all of them with
--all): groups them into clusters (one per template, by URL pattern and tag
structure), learns each cluster's template from its pages, and finds each
page's informative structure: its ARTICLE blocks (the story) and its TOC
blocks (lists of links to stories). Results and cluster statistics are kept
in the store; mining again later adds new pages to the statistics.

Prints, per cluster, how many pages are articles, TOCs, both, or neither.`

func runMine(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	var db, method string
	var all, quiet bool
	fs := newFlagSet("mine", "mine --db FILE [--all] [--method M]", mineAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to mine")
	fs.BoolVar(&all, "all", false, "drop earlier results and statistics and mine every page again")
	fs.StringVar(&method, "method", mine.MethodAuto, "article extractor: "+strings.Join(mine.Methods, ", "))
	var configFile string
	fs.StringVar(&configFile, "config", "", "YAML `file` whose mine-* keys set the mining parameters (see README)")
	fs.BoolVar(&quiet, "quiet", false, "no progress line")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if db == "" || len(pos) > 0 {
		return usageError("want --db FILE and no arguments")
	}
	if !slices.Contains(mine.Methods, method) {
		return usageError("--method %q: want one of %s", method, strings.Join(mine.Methods, ", "))
	}
	opts, err := loadMineOptions(fs, configFile, method)
	if err != nil {
		return err
	}
	d, err := store.Open(db, &store.Options{MustExist: true})
	if err != nil {
		return err
	}
	defer closeStore(d, &err)
	return mineInto(ctx, d, opts, all, quiet, stdout, stderr)
}

func mineInto(ctx context.Context, d *store.DB, opts mine.Options, all, quiet bool, stdout, stderr io.Writer) error {
	progress := mineProgress(quiet, stderr)
	sum, err := focus.MineStore(ctx, d, opts, all, progress)
	endMineProgress(progress, stderr)
	if sum != nil {
		printMineSummary(stdout, sum)
	}
	if err != nil && ctx.Err() != nil {
		// Each chunk's results are committed with their statistics, so
		// what was mined before the signal is kept.
		mined := 0
		if sum != nil {
			mined = sum.Mined
		}
		fmt.Fprintf(stderr, "interrupted: the %d pages mined so far are saved; run the same command to mine the rest\n", mined)
		return errInterrupted
	}
	return err
}

// endMineProgress clears mineProgress's line, if there is one.
func endMineProgress(progress func(int, int), stderr io.Writer) {
	if progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
}

// mineProgress returns a progress line for mining on a terminal, nil
// when quiet or not on one.
func mineProgress(quiet bool, stderr io.Writer) func(done, total int) {
	if quiet || !isTerminal(stderr) {
		return nil
	}
	return func(done, total int) { fmt.Fprintf(stderr, "\r\033[Kmined %d of %d pages", done, total) }
}

func printMineSummary(w io.Writer, sum *focus.Summary) {
	fmt.Fprintf(w, "mined %d pages in %d clusters\n", sum.Mined, len(sum.Clusters))
	if len(sum.Clusters) == 0 {
		return
	}
	ids := make([]string, 0, len(sum.Clusters))
	for id := range sum.Clusters {
		ids = append(ids, string(id))
	}
	sort.Strings(ids)
	fmt.Fprintf(w, "%-60s %8s %8s %12s %8s\n", "cluster", "article", "toc", "article+toc", "other")
	for _, id := range ids {
		c := sum.Clusters[mine.ClusterID(id)]
		name := id
		if len(name) > 60 {
			name = "…" + name[len(name)-59:]
		}
		fmt.Fprintf(w, "%-60s %8d %8d %12d %8d\n", name, c[mine.KindArticle], c[mine.KindTOC], c[mine.KindArticleTOC], c[mine.KindOther])
	}
}
