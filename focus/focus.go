package focus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"infocrawl/crawler"
	"infocrawl/mine"
	"infocrawl/store"
)

// The phases of a focused crawl, recorded in the store so that a killed
// crawl resumes in the one it was in.
const (
	phaseLearn    = "learn"    // crawling every link to LearnDepth
	phaseSitemaps = "sitemaps" // mined; reading sitemaps and feeds into the frontier
	phaseFocus    = "focus"    // following only links inside TOC blocks
)

// flushEvery is how often the focused crawl stores the results of the
// pages it has mined.
const flushEvery = 2 * time.Second

var (
	// ErrPlainStore: the store holds a plain crawl, which a focused crawl
	// does not continue.
	ErrPlainStore = errors.New("holds a plain crawl; a focused crawl needs its own store")
	// ErrInterrupted: the context was cancelled; what was done is saved
	// and Run with the same store resumes it.
	ErrInterrupted = errors.New("focus: interrupted")
)

// Options configures Run. Entry is required; the zero value of the rest
// learns to depth 0 (the entry page) and focuses to Crawl.Depth.
type Options struct {
	// Entry is the crawl's entry URL.
	Entry string
	// Crawl configures the crawler in both phases: Crawl.Depth is how deep
	// the focused crawl goes, Crawl.MaxPages the store's page limit. Run
	// sets Follow, Seeds and Committed itself.
	Crawl crawler.Options
	// Sitemaps, when set, queues the URLs of the site's sitemaps and
	// feeds (crawler.Discover) after learning, before focusing; they are
	// fetched and mined like any page, their origin recorded.
	Sitemaps bool
	// Discover bounds reading the sitemaps and feeds; its Feeds are added
	// to those the entry page announces.
	Discover crawler.DiscoverOptions
	// LearnDepth is how deep the learning crawl follows every link (at
	// most Crawl.Depth); LearnPages, when positive, ends it at that many
	// stored pages.
	LearnDepth, LearnPages int
	// Mine configures mining, of the learnt pages and of each page after.
	Mine mine.Options
	// Logger receives errors of mining single pages; nil discards them.
	Logger *slog.Logger
	// Out receives a line at each phase and the closing count; nil
	// discards them.
	Out io.Writer
	// Crawling, when set, is called as each crawl starts; the function it
	// returns, when the crawl ends, with its result (nil if it failed). The
	// command line draws its progress and summary with it.
	Crawling func(c *crawler.Crawler) (ended func(*crawler.Result))
	// Mined, when set, is called with the summary of mining the learnt pages.
	Mined func(*Summary)
	// MineProgress, when set, is called as mining the learnt pages goes on.
	MineProgress func(done, total int)
}

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	return o
}

// Run runs a focused crawl into db: learn (a plain breadth-first crawl to
// LearnDepth), mine what was learnt, queue what the sitemaps and feeds
// list (with Sitemaps), then focus: crawl on to Crawl.Depth
// following only the links inside TOC blocks and the further pages of
// lists that still name new stories, mining each page as it arrives. A
// store that a killed Run left resumes in the phase it was in. It returns
// ErrPlainStore for a store of a plain crawl and ErrInterrupted when ctx
// is cancelled.
func Run(ctx context.Context, db *store.DB, opts Options) error {
	opts = opts.withDefaults()
	phase, err := startPhase(db)
	if err != nil {
		return err
	}
	if phase == phaseLearn {
		fmt.Fprintf(opts.Out, "learning: every link to depth %d\n", min(opts.LearnDepth, opts.Crawl.Depth))
		if err := learn(ctx, db, opts); err != nil {
			return err
		}
		sum, err := MineStore(ctx, db, opts.Mine, false, opts.MineProgress)
		if sum != nil && opts.Mined != nil {
			opts.Mined(sum)
		}
		if err != nil {
			return interruptedOr(ctx, err)
		}
		phase = phaseSitemaps
		if err := db.SetPhase(phase); err != nil {
			return err
		}
	}
	if phase == phaseSitemaps {
		if opts.Sitemaps {
			fmt.Fprintln(opts.Out, "reading sitemaps and feeds")
			if err := seedSitemaps(ctx, db, opts); err != nil {
				return interruptedOr(ctx, err)
			}
		}
		if err := db.SetPhase(phaseFocus); err != nil {
			return err
		}
	}
	fmt.Fprintf(opts.Out, "focusing: links inside TOC blocks, to depth %d\n", opts.Crawl.Depth)
	return focus(ctx, db, opts)
}

// startPhase returns the store's phase, starting a new focused crawl in
// an empty store.
func startPhase(db *store.DB) (string, error) {
	phase, err := db.Phase()
	if err != nil || phase != "" {
		return phase, err
	}
	pages, failures, queued, err := db.Counts()
	if err != nil {
		return "", err
	}
	if pages+failures+queued > 0 {
		return "", fmt.Errorf("focus: %s %w", db.Path(), ErrPlainStore)
	}
	return phaseLearn, db.SetPhase(phaseLearn)
}

// learn crawls every link to the learning depth. What a LearnPages stop
// left queued is dropped, since it was found by following every link.
func learn(ctx context.Context, db *store.DB, opts Options) error {
	co := opts.Crawl
	co.Depth = min(opts.LearnDepth, opts.Crawl.Depth)
	if opts.LearnPages > 0 && (co.MaxPages == 0 || opts.LearnPages < co.MaxPages) {
		co.MaxPages = opts.LearnPages
	}
	res, err := crawl(ctx, db, co, opts)
	if err != nil {
		return err
	}
	dropped, err := db.DropFrontier()
	if err != nil {
		return err
	}
	if dropped > 0 {
		fmt.Fprintf(opts.Out, "learnt from %d pages; %d queued URLs left to the focused crawl\n", res.Total, dropped)
	}
	return nil
}

// seedSitemaps queues the URLs the site's sitemaps and feeds list, one
// hop from the entry page, with their origin and date. Queuing skips what
// the store has seen, so a kill here is resumed by reading them again.
func seedSitemaps(ctx context.Context, db *store.DB, opts Options) error {
	do := opts.Discover
	do.Feeds = append([]string(nil), do.Feeds...)
	if key, err := crawler.Canonical(opts.Entry); err == nil {
		if p, err := db.Page(key); err == nil {
			if u, err := url.Parse(p.FinalURL); err == nil {
				do.Feeds = append(do.Feeds, crawler.FeedLinks(u, p.Body)...)
			}
		}
	}
	found, err := crawler.New(db, opts.Crawl).Discover(ctx, opts.Entry, do)
	if err != nil {
		return err
	}
	w := db.NewWriter(store.WriterOptions{})
	byOrigin := map[string]int{}
	for _, f := range found {
		if err := w.Enqueue(store.Request{URL: f.URL, Depth: 1, Referrer: opts.Entry, Origin: f.Origin, Lastmod: f.Lastmod}); err != nil {
			w.Close()
			return err
		}
		byOrigin[f.Origin]++
	}
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "sitemaps listed %d URLs, feeds %d more\n", byOrigin[crawler.OriginSitemap], byOrigin[crawler.OriginFeed])
	return nil
}

// giveListed tells known the URLs sitemaps and feeds gave the crawl, queued
// or fetched: a list naming only them brings nothing new.
func giveListed(db *store.DB, known *stories) error {
	pending, err := db.Frontier()
	if err != nil {
		return err
	}
	for _, r := range pending {
		if r.Origin != "" && r.Origin != crawler.OriginLink {
			known.give(r.URL)
		}
	}
	return db.Pages(false, func(p *store.Page) error {
		if p.Origin != "" && p.Origin != crawler.OriginLink {
			known.give(p.URL)
		}
		return nil
	})
}

// focus crawls on from the TOC links of the pages stored so far,
// following only the TOC links of each new page.
func focus(ctx context.Context, db *store.DB, opts Options) error {
	miner, err := NewMiner(db, opts.Mine)
	if err != nil {
		return err
	}
	known := newStories()
	if err := giveListed(db, known); err != nil {
		return err
	}
	co := opts.Crawl
	if co.Seeds, err = tocSeeds(db, known); err != nil {
		return err
	}
	co.Follow = func(p *store.Page) []string {
		res, err := miner.Mine(p.URL, p.FinalURL, p.Body)
		if err != nil {
			opts.Logger.Error("mine", "url", p.URL, "err", err)
			return nil
		}
		return known.follow(res)
	}
	co.Committed = miner.Committed
	stopFlush := flushLoop(miner, opts.Logger)
	_, err = crawl(ctx, db, co, opts)
	stopFlush()
	if ferr := miner.Flush(true); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	// Pages stored but never mined: fetched before a kill, after the
	// last flush.
	sum, err := MineStore(ctx, db, opts.Mine, false, nil)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	fmt.Fprintf(opts.Out, "mined %d pages as they arrived", miner.Mined())
	if sum.Mined > 0 {
		fmt.Fprintf(opts.Out, ", %d more after", sum.Mined)
	}
	fmt.Fprintln(opts.Out)
	return nil
}

// crawl runs one crawl, telling opts.Crawling. An interrupted crawl is
// ErrInterrupted.
func crawl(ctx context.Context, db *store.DB, co crawler.Options, opts Options) (*crawler.Result, error) {
	c := crawler.New(db, co)
	ended := func(*crawler.Result) {}
	if opts.Crawling != nil {
		ended = opts.Crawling(c)
	}
	res, err := c.Run(ctx, opts.Entry)
	ended(res)
	if err != nil {
		return nil, err
	}
	if res.Interrupted {
		return res, ErrInterrupted
	}
	return res, nil
}

// interruptedOr maps an error caused by a cancelled context to
// ErrInterrupted.
func interruptedOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ErrInterrupted
	}
	return err
}

// flushLoop stores the miner's results every flushEvery until stopped.
func flushLoop(m *Miner, logger *slog.Logger) (stop func()) {
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
