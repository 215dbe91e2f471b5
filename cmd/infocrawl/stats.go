package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"

	"infocrawl/store"
)

func runStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db string
	var asJSON bool
	fs := newFlagSet("stats", "stats --db FILE [--json]",
		"Summarises a store: pages by HTTP status and by depth, failures by reason,\nthe frontier still to fetch, and bytes stored. A running crawl locks its\nstore: run stats once it has stopped.", stderr)
	fs.StringVar(&db, "db", "", "store `file` to read")
	fs.BoolVar(&asJSON, "json", false, "print JSON instead of text")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if db == "" || len(pos) > 0 {
		return usageError("want --db FILE and no arguments")
	}
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer d.Close()
	st, err := d.Stats()
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	printStats(stdout, st)
	return nil
}

func printStats(w io.Writer, st *store.Stats) {
	fmt.Fprintf(w, "entry      %s\n", st.Entry)
	fmt.Fprintf(w, "pages      %d (%d truncated)\n", st.Pages, st.Truncated)
	fmt.Fprintf(w, "frontier   %d still to fetch\n", st.Frontier)
	fmt.Fprintf(w, "seen       %d URLs\n", st.Seen)
	fmt.Fprintf(w, "bytes      %.1f MB fetched, %.1f MB stored, file %.1f MB\n", float64(st.RawBytes)/1e6, float64(st.StoredBytes)/1e6, float64(st.FileBytes)/1e6)
	fmt.Fprintln(w, "\npages by status")
	for _, k := range slices.Sorted(maps.Keys(st.ByStatus)) {
		fmt.Fprintf(w, "  %-18d %d\n", k, st.ByStatus[k])
	}
	fmt.Fprintln(w, "pages by depth")
	for _, k := range slices.Sorted(maps.Keys(st.ByDepth)) {
		fmt.Fprintf(w, "  %-18d %d\n", k, st.ByDepth[k])
	}
	fmt.Fprintln(w, "pages by origin")
	for _, o := range slices.Sorted(maps.Keys(st.ByOrigin)) {
		fmt.Fprintf(w, "  %-18s %d\n", o, st.ByOrigin[o])
	}
	fmt.Fprintf(w, "failures by reason (%d)\n", st.Failures)
	for _, r := range slices.Sorted(maps.Keys(st.ByReason)) {
		fmt.Fprintf(w, "  %-18s %d\n", r, st.ByReason[r])
	}
	printRounds(w, st.Rounds)
}

// printRounds lists the refresh rounds: new stories, updates and the
// share of revisits a 304 answered.
func printRounds(w io.Writer, rounds []store.Round) {
	if len(rounds) == 0 {
		return
	}
	fmt.Fprintf(w, "refresh rounds (%d)\n", len(rounds))
	fmt.Fprintf(w, "  %-5s %-20s %8s %5s %8s %9s %6s\n", "round", "started", "fetches", "new", "updated", "revisits", "304")
	var revisits, notModified int
	for _, r := range rounds {
		state := ""
		if r.Ended.IsZero() {
			state = " (unfinished)"
		}
		fmt.Fprintf(w, "  %-5d %-20s %8d %5d %8d %9d %5.0f%%%s\n", r.N, r.Started.UTC().Format("2006-01-02T15:04:05Z"),
			r.Fetched, r.New, r.Updated, r.Revisited, 100*share(r.NotModified, r.Revisited), state)
		revisits += r.Revisited
		notModified += r.NotModified
	}
	fmt.Fprintf(w, "  304 share of all revisits: %.0f%%\n", 100*share(notModified, revisits))
}

func share(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
