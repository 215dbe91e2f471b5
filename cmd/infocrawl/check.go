package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"infocrawl/store"
)

const checkAbout = `Verifies a store without changing it: bbolt's meta pages against the
file's size, bbolt's full consistency check (every page reachable once, in
bounds, keys in order), and the schema. Exits 0 if the store is sound, 1
with what is wrong if not.

Every command runs the cheap part on open and refuses a damaged store;
the full check reads every page header: on a 1 GiB store 0.2 s with the
file cached, 9 s from a cold disk.`

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db string
	fs := newFlagSet("check", "check --db FILE", checkAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to verify")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if db == "" || len(pos) > 0 {
		return usageError("want --db FILE and no arguments")
	}
	start := time.Now()
	if err := store.Check(db); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: sound (checked in %s)\n", db, time.Since(start).Round(time.Millisecond))
	return nil
}
