package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"infocrawl/config"
	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/store"
	"infocrawl/swarm"
)

const crawlAbout = `Crawls the site at URL breadth-first into the store file, staying on URL's
host (and any --allow-domain). robots.txt is honoured unless --ignore-robots.
Only HTML pages are stored; other types, errors and robots exclusions are
recorded with their reason (see "infocrawl stats").

The crawl is resumable: if it is killed, run the same command again and it
goes on from where it stopped, without fetching a stored page again.
Ctrl-C (SIGINT) or SIGTERM finishes the requests in flight, saves, and
exits with code 130.

With --focus the crawl learns, then focuses: it crawls every link to
--learn-depth (or --learn-pages pages), mines what it fetched, and goes on
to --depth following only the links inside TOC blocks (lists of stories)
and the further pages of those lists, mining each page as it arrives.
With --sitemaps (the default with --focus) it also queues the URLs the
site's sitemaps and feeds list, before focusing. A focused crawl resumes
like a plain one; a store holds one kind of crawl.

With --nats, the crawl is shared by every worker started with the same
URL (or --job) on any machine: they take URLs from one frontier on the
NATS JetStream server, claim each URL once, and each stores what it
fetched in its own --db (a shard; join them with "infocrawl merge").
--parallel and --delay then hold per host for the whole job. A worker
that dies loses nothing: its unacknowledged URLs go to the others after
--ack-wait. Every worker exits when the job's frontier is empty. The
finished job stays on the server, so the same command run again fetches
nothing; "infocrawl job --delete" forgets it.`

func runCrawl(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg := config.Default()
	var configFile string
	fs := newFlagSet("crawl", "crawl URL --db FILE [flags]", crawlAbout, stderr)
	fs.StringVar(&configFile, "config", "", "YAML `file` of settings (keys are these flag names); flags given here override it")
	bindCrawlFlags(fs, &cfg)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("want exactly one URL, got %d arguments (see --help)", len(pos))
	}
	if cfg, err = loadConfig(fs, cfg, configFile, bindCrawlFlags); err != nil {
		return err
	}
	if cfg.DB == "" {
		return usageError("--db FILE is required (the store to write, or to resume)")
	}
	if err := checkSwarmFlags(cfg); err != nil {
		return err
	}
	if _, err := crawler.Canonical(pos[0]); err != nil {
		return usageError("URL %q: %v (want an http or https URL)", pos[0], err)
	}
	return crawlInto(ctx, cfg, pos[0], stdout, stderr)
}

// crawlInto runs a crawl with cfg and prints its summary.
func crawlInto(ctx context.Context, cfg config.Config, entry string, stdout, stderr io.Writer) (err error) {
	db, err := store.Open(cfg.DB, nil)
	if err != nil {
		return err
	}
	defer closeStore(db, &err)
	if cfg.Focus {
		return focusInto(ctx, db, cfg, entry, stdout, stderr)
	}
	if cfg.NATS != "" {
		return swarmInto(ctx, db, cfg, entry, stdout, stderr)
	}
	if phase, err := db.Phase(); err != nil {
		return err
	} else if phase != "" {
		return usageError("%s holds a focused crawl: add --focus to resume it", cfg.DB)
	}
	c := crawler.New(db, crawlerOptions(cfg, newLogger(stderr, cfg.LogLevel)))
	ended := crawlReport(c, cfg, stdout, stderr)
	res, err := c.Run(ctx, entry)
	ended(res)
	return crawlOutcome(res, err, cfg.DB, stderr)
}

// crawlOutcome maps a crawl's end to the command's: a usage error for an
// entry the store does not hold, errInterrupted when stopped by a signal.
func crawlOutcome(res *crawler.Result, err error, db string, stderr io.Writer) error {
	switch {
	case errors.Is(err, crawler.ErrEntryMismatch):
		return usageError("%v", err)
	case err != nil:
		return err
	case res.Interrupted:
		return interrupted(db, stderr)
	}
	return nil
}

// checkSwarmFlags refuses what a distributed crawl does not do.
func checkSwarmFlags(cfg config.Config) error {
	switch {
	case cfg.NATS == "" && cfg.Job != "":
		return usageError("--job names a crawl shared through --nats; add --nats")
	case cfg.NATS == "":
		return nil
	case cfg.Focus:
		return usageError("--focus does not run with --nats (a focused crawl mines as it goes, in one process)")
	case cfg.MaxPages > 0:
		return usageError("--max-pages does not apply with --nats: the job ends when its frontier is empty")
	case cfg.Job != "":
		if err := swarm.CheckJob(cfg.Job); err != nil {
			return usageError("--job: %v", err)
		}
	}
	return nil
}

// swarmInto runs one worker of a crawl shared through NATS (package swarm).
func swarmInto(ctx context.Context, db *store.DB, cfg config.Config, entry string, stdout, stderr io.Writer) error {
	if phase, err := db.Phase(); err != nil {
		return err
	} else if phase != "" {
		return usageError("%s holds a focused crawl; a worker needs its own --db", cfg.DB)
	}
	logger := newLogger(stderr, cfg.LogLevel)
	ended := func(*crawler.Result) {}
	res, err := swarm.Crawl(ctx, db, entry, crawlerOptions(cfg, logger), swarm.Options{
		URL: cfg.NATS, Job: cfg.Job, AckWait: cfg.AckWait, Logger: logger,
		Crawling: func(c *crawler.Crawler) { ended = crawlReport(c, cfg, stdout, stderr) },
	})
	ended(res)
	return crawlOutcome(res, err, cfg.DB, stderr)
}

// focusInto runs a focused crawl (package focus) with cfg.
func focusInto(ctx context.Context, db *store.DB, cfg config.Config, entry string, stdout, stderr io.Writer) error {
	logger := newLogger(stderr, cfg.LogLevel)
	progress := mineProgress(cfg.Quiet, stderr)
	err := focus.Run(ctx, db, focus.Options{
		Entry: entry, Crawl: crawlerOptions(cfg, logger),
		LearnDepth: cfg.LearnDepth, LearnPages: cfg.LearnPages, Sitemaps: cfg.Sitemaps,
		Mine: mineOptions(cfg.Mine), Logger: logger, Out: stdout,
		Crawling:     func(c *crawler.Crawler) func(*crawler.Result) { return crawlReport(c, cfg, stdout, stderr) },
		Mined:        func(sum *focus.Summary) { endMineProgress(progress, stderr); printMineSummary(stdout, sum) },
		MineProgress: progress,
	})
	switch {
	case errors.Is(err, focus.ErrPlainStore):
		return usageError("%s holds a plain crawl; a focused crawl needs its own --db", cfg.DB)
	case errors.Is(err, crawler.ErrEntryMismatch):
		return usageError("%v", err)
	case errors.Is(err, focus.ErrInterrupted):
		return interrupted(cfg.DB, stderr)
	}
	return err
}

// crawlReport draws a crawl's progress line while it runs; the function
// it returns stops it and prints the crawl's summary.
func crawlReport(c *crawler.Crawler, cfg config.Config, stdout, stderr io.Writer) func(*crawler.Result) {
	stop := startProgress(stderr, cfg.Quiet, c.Progress)
	return func(res *crawler.Result) {
		stop()
		if res != nil {
			printSummary(stdout, res, cfg.DB)
		}
	}
}

// interrupted tells the user the state is saved and how to go on.
func interrupted(db string, stderr io.Writer) error {
	fmt.Fprintf(stderr, "interrupted: state saved in %s; run the same command again to resume\n", db)
	return errInterrupted
}

// closeStore closes db, reporting its error when nothing failed before.
func closeStore(db *store.DB, err *error) {
	if cerr := db.Close(); *err == nil && cerr != nil {
		*err = cerr
	}
}

func crawlerOptions(cfg config.Config, logger *slog.Logger) crawler.Options {
	o := crawler.Options{
		Depth: cfg.Depth, MaxPages: cfg.MaxPages, Parallel: cfg.Parallel, Delay: cfg.Delay,
		UserAgent: cfg.UserAgent, IgnoreRobots: cfg.IgnoreRobots, AllowDomains: cfg.AllowDomains,
		MaxBodySize: int64(cfg.MaxBodySize), Timeout: cfg.Timeout, Retries: cfg.Retries,
		Logger: logger,
	}
	if cfg.Retries == 0 {
		o.Retries = -1 // config's 0 means none; crawler's zero value means the default
	}
	return o
}

func printSummary(w io.Writer, res *crawler.Result, db string) {
	rate := 0.0
	if s := res.Elapsed.Seconds(); s > 0 {
		rate = float64(res.Stored) / s
	}
	fmt.Fprintf(w, "stored %d pages this run (%d in %s), %d failed or skipped, %d fetches, %d retries; %.1f pages/s in %s\n",
		res.Stored, res.Total, db, res.Failed, res.Fetches, res.Retries, rate, res.Elapsed.Round(1e7))
	switch {
	case res.Total == 0:
		fmt.Fprintf(w, "nothing stored: see why with \"infocrawl stats --db %s\"\n", db)
	case res.Frontier > 0 && res.Limited:
		fmt.Fprintf(w, "stopped at --max-pages with %d URLs still queued; raise it and run again to go on\n", res.Frontier)
	case res.Frontier > 0:
		fmt.Fprintf(w, "%d URLs still queued\n", res.Frontier)
	}
}
