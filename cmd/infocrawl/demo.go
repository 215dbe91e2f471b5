package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"infocrawl/config"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

const demoAbout = `Starts infocrawl's built-in test news site (five sections, ~300 articles,
Big5 and Shift-JIS pages, a robots.txt, a calendar trap, redirects, a flaky
page, PDFs and images) on 127.0.0.1 at a free port, crawls it into a store
and prints what was stored. No network beyond loopback is used.

The store is a temporary file, removed afterwards, unless --db is given.`

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := demoConfig(args, stderr)
	if err != nil {
		return err
	}
	if cfg.DB == "" {
		dir, err := os.MkdirTemp("", "infocrawl-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		cfg.DB = filepath.Join(dir, "demo.db")
	}

	site := testsite.New(testsite.Options{})
	entry, stop, err := serveDemoSite(site)
	if err != nil {
		return err
	}
	defer stop()
	fmt.Fprintf(stdout, "test site serving at %s; crawling to depth %d into %s\n", entry, cfg.Depth, cfg.DB)

	err = crawlInto(ctx, cfg, entry, stdout, stderr)
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	if rerr := mineDemoStore(ctx, cfg, stdout, stderr); rerr != nil {
		return rerr
	}
	fmt.Fprintf(stdout, "\nthe site's own link graph reaches %d HTML pages at depth %d\n", len(site.Reach(cfg.Depth)), cfg.Depth)
	return err
}

// demoConfig parses and validates the demo's flags.
func demoConfig(args []string, stderr io.Writer) (config.Config, error) {
	cfg := config.Default()
	cfg.Parallel = 16
	fs := newFlagSet("demo", "demo [--db FILE] [--depth N] [flags]", demoAbout, stderr)
	fs.StringVar(&cfg.DB, "db", "", "keep the store in this `file` instead of a temporary one")
	fs.IntVar(&cfg.Depth, "depth", cfg.Depth, "follow links up to `N` hops from the home page")
	fs.IntVar(&cfg.Parallel, "parallel", cfg.Parallel, "requests in flight at once")
	fs.BoolVar(&cfg.Focus, "focus", cfg.Focus, "a focused crawl (see \"infocrawl crawl --help\")")
	fs.IntVar(&cfg.LearnDepth, "learn-depth", cfg.LearnDepth, "with --focus: crawl every link up to `N` hops before focusing")
	bindOutputFlags(fs, &cfg)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return cfg, err
	}
	if len(pos) > 0 {
		return cfg, usageError("demo takes no arguments")
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usageError("%v", err)
	}
	return cfg, nil
}

// serveDemoSite serves site on a free loopback port and returns its home
// page's URL and a function that stops the server.
func serveDemoSite(site *testsite.Site) (entry string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("demo: listen: %w", err)
	}
	srv := &http.Server{Handler: site.Handler()}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String() + "/", func() { srv.Close() }, nil
}

// mineDemoStore mines the crawled store and prints its statistics.
func mineDemoStore(ctx context.Context, cfg config.Config, stdout, stderr io.Writer) (err error) {
	db, err := store.Open(cfg.DB, nil)
	if err != nil {
		return err
	}
	defer closeStore(db, &err)
	fmt.Fprintln(stdout)
	if err := mineInto(ctx, db, mine.Options{}, false, cfg.Quiet, stdout, stderr); err != nil {
		return err
	}
	st, err := db.Stats()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout)
	printStats(stdout, st)
	return nil
}
