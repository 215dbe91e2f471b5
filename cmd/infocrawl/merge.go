package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"infocrawl/store"
)

const mergeAbout = `Merges the shards of a distributed crawl (the --db of each worker of
"infocrawl crawl --nats") into one store, for mine, export and serve.
A page fetched by two workers (after a worker died) is kept once; a page
wins over a failure of the same URL. The store is created if missing, and
may already hold part of the crawl: merging a shard again adds nothing.
Mining results are not merged (each shard numbers its own clusters):
run "infocrawl mine" on the merged store.`

func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	var dbPath string
	fs := newFlagSet("merge", "merge --db ALL.db SHARD.db...", mergeAbout, stderr)
	fs.StringVar(&dbPath, "db", "", "store `file` to merge into (created if missing)")
	shards, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if dbPath == "" || len(shards) == 0 {
		return usageError("want --db FILE and at least one shard")
	}
	for _, s := range shards {
		if same, _ := samePath(s, dbPath); same {
			return usageError("%s is both the target and a shard", s)
		}
	}
	db, err := store.Open(dbPath, nil)
	if err != nil {
		return err
	}
	defer closeStore(db, &err)
	var total store.MergeStats
	for _, path := range shards {
		if ctx.Err() != nil {
			return errInterrupted
		}
		src, err := store.Open(path, &store.Options{ReadOnly: true})
		if err != nil {
			return fmt.Errorf("shard %s: %w", path, err)
		}
		st, err := db.Merge(src)
		src.Close()
		if errors.Is(err, store.ErrOtherCrawl) {
			return usageError("%v", err)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d pages (%d already in), %d failures, %d queued\n", path, st.Pages, st.Duplicates, st.Failures, st.Pending)
		total.Pages += st.Pages
		total.Duplicates += st.Duplicates
		total.Failures += st.Failures
		total.Pending += st.Pending
		total.Mined += st.Mined
	}
	fmt.Fprintf(stdout, "merged %d shards into %s: %d pages added, %d fetched twice and kept once, %d failures, %d queued\n",
		len(shards), dbPath, total.Pages, total.Duplicates, total.Failures, total.Pending)
	if total.Mined > 0 {
		fmt.Fprintf(stdout, "the shards' %d mining results were not merged: run \"infocrawl mine --db %s\"\n", total.Mined, dbPath)
	}
	return nil
}

func samePath(a, b string) (bool, error) {
	x, err := filepath.Abs(a)
	if err != nil {
		return false, err
	}
	y, err := filepath.Abs(b)
	return x == y, err
}
