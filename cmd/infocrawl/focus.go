package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"sync"
	"time"

	"infocrawl/config"
	"infocrawl/crawler"
	"infocrawl/mine"
	"infocrawl/store"
)

// The phases of a focused crawl, recorded in the store so that a killed
// crawl resumes in the one it was in.
const (
	phaseLearn = "learn" // crawling every link to --learn-depth
	phaseFocus = "focus" // mined; following only links inside TOC blocks
)

// flushEvery is how often the focused crawl stores the results of the
// pages it has mined.
const flushEvery = 2 * time.Second

// focusInto runs a focused crawl: learn, mine, then follow only the links
// inside TOC blocks, mining each page as it arrives.
func focusInto(ctx context.Context, cfg config.Config, entry string, stdout, stderr io.Writer) error {
	logger := newLogger(stderr, cfg.LogLevel)
	db, err := store.Open(cfg.DB, nil)
	if err != nil {
		return err
	}
	defer db.Close()
	phase, err := focusPhase(db)
	if err != nil {
		return err
	}
	mopts := mineOptions(cfg.Mine)
	if phase == phaseLearn {
		fmt.Fprintf(stdout, "learning: every link to depth %d\n", min(cfg.LearnDepth, cfg.Depth))
		done, err := learn(ctx, db, cfg, logger, entry, stdout, stderr)
		if err != nil || !done {
			return err
		}
		if err := mineInto(ctx, db, mopts, false, cfg.Quiet, stdout, stderr); err != nil {
			return interruptedOr(ctx, err, cfg.DB, stderr)
		}
		if err := db.SetPhase(phaseFocus); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "focusing: links inside TOC blocks, to depth %d\n", cfg.Depth)
	return focus(ctx, db, cfg, mopts, logger, entry, stdout, stderr)
}

// focusPhase returns the store's phase, starting a new focused crawl in
// an empty store.
func focusPhase(db *store.DB) (string, error) {
	phase, err := db.Phase()
	if err != nil || phase != "" {
		return phase, err
	}
	pages, failures, queued, err := db.Counts()
	if err != nil {
		return "", err
	}
	if pages+failures+queued > 0 {
		return "", usageError("%s holds a plain crawl; a focused crawl needs its own --db", db.Path())
	}
	return phaseLearn, db.SetPhase(phaseLearn)
}

// learn crawls every link to the learning depth. It reports whether
// learning finished (not interrupted); what a --learn-pages stop left
// queued is dropped, since it was found by following every link.
func learn(ctx context.Context, db *store.DB, cfg config.Config, logger *slog.Logger, entry string, stdout, stderr io.Writer) (bool, error) {
	opts := crawlerOptions(cfg, logger)
	opts.Depth = min(cfg.LearnDepth, cfg.Depth)
	if cfg.LearnPages > 0 && (opts.MaxPages == 0 || cfg.LearnPages < opts.MaxPages) {
		opts.MaxPages = cfg.LearnPages
	}
	res, err := runCrawler(ctx, db, opts, entry, cfg, stdout, stderr)
	if err != nil || res.Interrupted {
		return false, err
	}
	dropped, err := db.DropFrontier()
	if err != nil {
		return false, err
	}
	if dropped > 0 {
		fmt.Fprintf(stdout, "learnt from %d pages; %d queued URLs left to the focused crawl\n", res.Total, dropped)
	}
	return true, nil
}

// focus crawls on from the TOC links of the pages stored so far,
// following only the TOC links of each new page.
func focus(ctx context.Context, db *store.DB, cfg config.Config, mopts mine.Options, logger *slog.Logger, entry string, stdout, stderr io.Writer) error {
	miner, err := mine.NewMiner(db, mopts)
	if err != nil {
		return err
	}
	known := newStories()
	seeds, err := tocSeeds(db, known)
	if err != nil {
		return err
	}
	opts := crawlerOptions(cfg, logger)
	opts.Seeds = seeds
	opts.Follow = func(p *store.Page) []string {
		res, err := miner.Mine(p.URL, p.FinalURL, p.Body)
		if err != nil {
			logger.Error("mine", "url", p.URL, "err", err)
			return nil
		}
		return known.follow(res)
	}
	stopFlush := flushLoop(miner, logger)
	res, err := runCrawler(ctx, db, opts, entry, cfg, stdout, stderr)
	stopFlush()
	if ferr := miner.Flush(true); err == nil {
		err = ferr
	}
	if err != nil || res.Interrupted {
		return err
	}
	// Pages stored but never mined: fetched before a kill, after the
	// last flush.
	sum, err := mine.MineStore(ctx, db, mopts, false, nil)
	if err != nil {
		return interruptedOr(ctx, err, cfg.DB, stderr)
	}
	fmt.Fprintf(stdout, "mined %d pages as they arrived", miner.Mined())
	if sum.Mined > 0 {
		fmt.Fprintf(stdout, ", %d more after", sum.Mined)
	}
	fmt.Fprintln(stdout)
	return nil
}

// runCrawler runs one crawl with a progress line and prints its summary.
func runCrawler(ctx context.Context, db *store.DB, opts crawler.Options, entry string, cfg config.Config, stdout, stderr io.Writer) (*crawler.Result, error) {
	c := crawler.New(db, opts)
	stopProgress := startProgress(stderr, cfg.Quiet, c.Progress)
	res, err := c.Run(ctx, entry)
	stopProgress()
	if res != nil {
		printSummary(stdout, res, cfg.DB)
	}
	if err != nil {
		if errors.Is(err, crawler.ErrEntryMismatch) {
			return nil, usageError("%v", err)
		}
		return nil, err
	}
	if res.Interrupted {
		return res, interrupted(cfg.DB, stderr)
	}
	return res, nil
}

// interruptedOr maps a cancelled context to errInterrupted.
func interruptedOr(ctx context.Context, err error, db string, stderr io.Writer) error {
	if ctx.Err() != nil {
		return interrupted(db, stderr)
	}
	return err
}

// interrupted tells the user the state is saved and how to go on.
func interrupted(db string, stderr io.Writer) error {
	fmt.Fprintf(stderr, "interrupted: state saved in %s; run the same command again to resume\n", db)
	return errInterrupted
}

// flushLoop stores the miner's results every flushEvery until stopped.
func flushLoop(m *mine.Miner, logger *slog.Logger) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(flushEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := m.Flush(false); err != nil {
					logger.Error("store mining results", "err", err)
				}
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// tocSeeds returns the links the focused crawl starts from: those the
// stored pages give by known.follow, taken in crawl order (by depth, then
// URL), each one hop deeper than its page.
func tocSeeds(db *store.DB, known *stories) ([]store.Request, error) {
	depth := map[string]int{}
	err := db.Pages(false, func(p *store.Page) error { depth[p.URL] = p.Depth; return nil })
	if err != nil {
		return nil, err
	}
	type listed struct {
		url   string
		links []string
	}
	var pages []listed
	err = db.MinedResults(func(u string, data []byte) error {
		var r mine.Result
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("result %s: %w", u, err)
		}
		if len(r.TOC) > 0 {
			pages = append(pages, listed{u, known.follow(&r)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(pages, func(i, j int) bool { return depth[pages[i].url] < depth[pages[j].url] })
	var seeds []store.Request
	for _, p := range pages {
		for _, l := range p.links {
			seeds = append(seeds, store.Request{URL: l, Depth: depth[p.url] + 1, Referrer: p.url})
		}
	}
	return seeds, nil
}

// stories is the set of story links the focused crawl has been given.
// A site lists each story on many lists (home, section, month, tag,
// author); once a page of a list names no story the crawl did not know,
// the list's further pages are not worth their fetches.
type stories struct {
	mu   sync.Mutex // guards seen
	seen map[string]bool
}

func newStories() *stories { return &stories{seen: map[string]bool{}} }

// follow returns a fetched page's TOC links, and its pagination when one
// of those links is new.
func (s *stories) follow(r *mine.Result) []string {
	links := r.TOCLinks()
	s.mu.Lock()
	fresh := 0
	for _, l := range links {
		if !s.seen[l] {
			s.seen[l] = true
			fresh++
		}
	}
	s.mu.Unlock()
	if 2*fresh >= len(links) && fresh > 0 {
		for _, l := range r.Pagination {
			links = append(links, l.URL)
		}
	}
	return links
}
