package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"infocrawl/config"
	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/store"
)

const refreshAbout = `Keeps a finished crawl up to date. Each round revisits the lists that are
due (at first those that held the newest stories: the entry page and the
lists it links) with conditional GETs (If-None-Match, If-Modified-Since;
a 304 costs no body and changes nothing), fetches the stories their TOC
blocks name that the store does not hold, mines each against its
cluster's statistics, and goes on to a list's next page while a page
brings mostly new stories. Each list's schedule is learnt from what its
visits found: every round while it brings new stories, half as often
after each visit that brought none (to every 32 rounds).

A page fetched again whose body changed keeps its previous version (body,
fetch time, mining result), --keep-versions in all. Stories already
stored are not fetched again, unless --recheck-articles (conditional GETs
too).

With --every the rounds repeat, that far apart, until Ctrl-C. A round
killed in any way is resumed (or ended) by the next refresh; Ctrl-C
during a round saves it and exits with code 130, between rounds with 0.

What changed: infocrawl export --db FILE --since last.`

func runRefresh(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	cfg := config.Default()
	var every time.Duration
	var recheck bool
	keep := store.DefaultKeepVersions
	fs := newFlagSet("refresh", "refresh --db FILE [--every DUR] [--recheck-articles] [--keep-versions N]", refreshAbout, stderr)
	fs.StringVar(&cfg.DB, "db", "", "store `file` of a finished crawl")
	fs.DurationVar(&every, "every", 0, "repeat the round this often (e.g. 1h) until Ctrl-C; 0: one round")
	fs.BoolVar(&recheck, "recheck-articles", false, "also revisit every stored story (conditional GET); a changed one keeps its old version")
	fs.IntVar(&keep, "keep-versions", keep, "versions of a page kept, the current one included (1: no history)")
	bindRefreshFlags(fs, &cfg)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if cfg.DB == "" || len(pos) > 0 {
		return usageError("want --db FILE and no arguments")
	}
	if every < 0 || keep < 1 {
		return usageError("want --every ≥ 0 and --keep-versions ≥ 1")
	}
	if err := cfg.Validate(); err != nil {
		return usageError("%v", err)
	}
	db, err := store.Open(cfg.DB, &store.Options{MustExist: true})
	if err != nil {
		return err
	}
	defer closeStore(db, &err)
	opts := refreshOptions(cfg, recheck, keep, stdout, stderr)
	return refreshRounds(ctx, db, opts, every, stdout, stderr)
}

func refreshOptions(cfg config.Config, recheck bool, keep int, stdout, stderr io.Writer) focus.RefreshOptions {
	logger := newLogger(stderr, cfg.LogLevel)
	return focus.RefreshOptions{
		Crawl: crawlerOptions(cfg, logger), Mine: mineOptions(cfg.Mine),
		RecheckArticles: recheck, KeepVersions: keep, Logger: logger, Out: stdout,
		Crawling: func(c *crawler.Crawler) func(*crawler.Result) {
			stop := startProgress(stderr, cfg.Quiet, c.Progress)
			return func(*crawler.Result) { stop() }
		},
	}
}

// refreshRounds runs a round, and with every > 0 one every that long
// until ctx ends, turning the outcome into the command's exit.
func refreshRounds(ctx context.Context, db *store.DB, opts focus.RefreshOptions, every time.Duration, stdout, stderr io.Writer) error {
	for {
		_, err := focus.Refresh(ctx, db, opts)
		switch {
		case errors.Is(err, focus.ErrInterrupted) || err != nil && ctx.Err() != nil:
			fmt.Fprintf(stderr, "interrupted: the round is saved in %s; run refresh again to finish it\n", db.Path())
			return errInterrupted
		case errors.Is(err, focus.ErrUnfinished), errors.Is(err, focus.ErrNothingToRefresh):
			return usageError("%v", err)
		case err != nil:
			return err
		case every == 0:
			return nil
		}
		fmt.Fprintf(stdout, "next round at %s\n", time.Now().Add(every).Format(time.RFC3339))
		t := time.NewTimer(every)
		select {
		case <-ctx.Done():
			t.Stop()
			fmt.Fprintln(stderr, "stopped between rounds")
			return nil
		case <-t.C:
		}
	}
}

// bindRefreshFlags ties the crawl flags that apply to a refresh to cfg.
func bindRefreshFlags(fs *flag.FlagSet, cfg *config.Config) {
	fs.IntVar(&cfg.Parallel, "parallel", cfg.Parallel, "requests in flight at once per host")
	fs.DurationVar(&cfg.Delay, "delay", cfg.Delay, "pause between requests to a host, per parallel slot")
	fs.StringVar(&cfg.UserAgent, "user-agent", cfg.UserAgent, "User-Agent header, also matched against robots.txt")
	fs.BoolVar(&cfg.IgnoreRobots, "ignore-robots", cfg.IgnoreRobots, "do not fetch or honour robots.txt (only for sites you own)")
	fs.Var(&listFlag{p: &cfg.AllowDomains}, "allow-domain", "also fetch from this `domain` and its subdomains")
	fs.Var(&cfg.MaxBodySize, "max-body-size", "cut page bodies at this `size` after decompression")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "time limit for one attempt at a page, headers and body")
	fs.IntVar(&cfg.Retries, "retries", cfg.Retries, "retries of a timeout, 5xx or 429")
	bindOutputFlags(fs, cfg)
}
