package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gocolly/colly/v2"
	"github.com/gocolly/colly/v2/queue"

	"infocrawl/store"
)

// Keys of the values the crawler keeps in a Colly request's context.
const (
	ctxKey      = "infocrawl.key" // canonical URL: the page's key
	ctxReferrer = "infocrawl.ref"
	ctxSkip     = "infocrawl.skip" // content type of an aborted non-HTML response
	ctxOrigin   = "infocrawl.origin"
	ctxLastmod  = "infocrawl.lastmod" // RFC 3339
	ctxRevisit  = "infocrawl.revisit" // "1" on a refresh's request for a stored page
	// ctxContentType is the Content-Type header as received, when
	// onHeaders hid its charset from Colly.
	ctxContentType = "infocrawl.ctype"
)

// ErrEntryMismatch is returned when a store holds a crawl of another site.
var ErrEntryMismatch = errors.New("store holds a crawl of another entry URL")

// Crawler crawls one site into a store. Use New, then Run once.
type Crawler struct {
	db   *store.DB
	opts Options
	run  atomic.Pointer[run]
}

// New returns a crawler that writes to db.
func New(db *store.DB, opts Options) *Crawler {
	return &Crawler{db: db, opts: opts.withDefaults()}
}

// Progress is a snapshot of a running crawl.
type Progress struct {
	Stored   int64 // pages stored by this run
	Failed   int64 // fetches that gave no page (skipped types included)
	Skipped  int64 // of Failed: not HTML
	Fetches  int64 // HTTP requests sent, retries and robots.txt included
	Retries  int64
	Bytes    int64 // page bytes stored by this run (before compression)
	Frontier int   // requests waiting
	InFlight int
	Total    int64 // pages in the store, earlier runs included
	Elapsed  time.Duration
}

// Result is what Run did.
type Result struct {
	Progress
	// Interrupted is set when the context ended the crawl early; what is
	// left in the frontier is fetched by the next Run on the same store.
	Interrupted bool
	// Limited is set when MaxPages stopped the crawl.
	Limited bool
}

// Progress returns the running crawl's counters (zero before Run).
func (c *Crawler) Progress() Progress {
	r := c.run.Load()
	if r == nil {
		return Progress{}
	}
	return r.progress()
}

// Run crawls from entry until the frontier is empty, MaxPages is reached
// or ctx ends. On a store that already holds a crawl of entry, it resumes.
// When ctx ends, requests in flight finish and are stored before Run
// returns; the rest stays in the frontier.
func (c *Crawler) Run(ctx context.Context, entry string) (*Result, error) {
	key, err := Canonical(entry)
	if err != nil {
		return nil, fmt.Errorf("crawler: entry URL %q: %w", entry, err)
	}
	entryURL, _ := url.Parse(key)
	if err := c.claimStore(key); err != nil {
		return nil, err
	}
	r, err := c.newRun(entryURL)
	if err != nil {
		return nil, err
	}
	c.run.Store(r)
	defer r.w.Close()
	c.opts.Logger.Info("crawl starting", "entry", key, "depth", c.opts.Depth, "stored", r.total.Load(),
		"queued", r.frontier.pending(), "seen", r.seen.len())

	if r.seen.add(key, "") {
		r.consider(ctx, entryURL, 0, "")
	}
	r.seed(ctx)
	res, err := r.crawl(ctx)
	if t, ok := r.tr.next.(*http.Transport); ok && c.opts.Transport == nil {
		t.CloseIdleConnections() // ours: nobody else will reuse them
	}
	if cerr := r.w.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return res, fmt.Errorf("crawler: %s: %w", key, err)
	}
	c.opts.Logger.Info("crawl finished", "stored", res.Stored, "failed", res.Failed, "fetches", res.Fetches,
		"queued", res.Frontier, "interrupted", res.Interrupted, "elapsed", res.Elapsed)
	return res, nil
}

func (c *Crawler) claimStore(key string) error {
	have, err := c.db.Entry()
	if err != nil {
		return err
	}
	switch have {
	case "":
		return c.db.SetEntry(key)
	case key:
		return nil
	}
	return fmt.Errorf("crawler: %s: %w (%s); use another --db", c.db.Path(), ErrEntryMismatch, have)
}

// run is the state of one Run.
type run struct {
	opts     Options
	entry    *url.URL
	w        *store.Writer
	seen     claimer
	frontier frontierQueue
	hosts    *hosts
	tr       *transport
	polite   *politeness // per-host slots around Colly's requests
	col      *colly.Collector
	stopping chan struct{}
	started  time.Time

	// again holds the stored pages queued again in this run, so each is
	// fetched once.
	again sync.Map // string -> struct{}

	// redirects holds, by page key, the redirect targets claimed in the
	// seen set while following its redirects; the outcome persists them.
	redirects sync.Map // string -> []string

	linkCache linkCache // hrefs resolved, for the pages' template links

	stored, failed, skipped, bytes atomic.Int64
	total                          atomic.Int64
	limited                        atomic.Bool
}

func (c *Crawler) newRun(entry *url.URL) (*run, error) {
	o := c.opts
	pages, _, _, err := c.db.Counts()
	if err != nil {
		return nil, err
	}
	w := c.db.NewWriter(store.WriterOptions{Committed: o.Committed})
	r := &run{opts: o, entry: entry, w: w, stopping: make(chan struct{}), started: time.Now()}
	r.total.Store(int64(pages))
	if o.Shared != nil {
		r.seen, r.frontier = sharedQueue{o.Shared}, sharedQueue{o.Shared}
		o.Shared.Start(w)
	} else if err := r.ownFrontier(c.db); err != nil {
		w.Close()
		return nil, err
	}
	next := o.Transport
	if next == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = o.Parallel // Go's default of 2 churns connections
		t.DisableCompression = true        // our transport decodes, under the cap
		next = t
	}
	r.tr = &transport{next: next, retries: o.Retries, backoff: o.RetryBackoff, maxWait: 2 * time.Minute,
		timeout: o.Timeout, maxBody: o.MaxBodySize, stopping: r.stopping}
	r.polite = newPoliteness(o.Parallel, o.Delay)
	r.col, err = r.newCollector(c.db)
	if err != nil {
		w.Close()
		return nil, err
	}
	r.hosts = &hosts{
		client:    &http.Client{Transport: r.tr},
		userAgent: o.UserAgent, ignore: o.IgnoreRobots, logger: o.Logger,
		byHost:    map[string]*hostRules{},
		onNewHost: r.polite.set,
	}
	if o.Shared != nil {
		r.hosts.shared = o.Shared.Robots
		r.hosts.onNewHost = func(host string, crawlDelay time.Duration) {
			o.Shared.HostDelay(host, crawlDelay)
			r.polite.set(host, crawlDelay)
		}
	}
	return r, nil
}

// ownFrontier loads the seen set and the pending frontier from the store.
func (r *run) ownFrontier(db *store.DB) error {
	seen := &seenSet{m: map[string]struct{}{}}
	if err := db.Seen(func(u string) error { seen.m[u] = struct{}{}; return nil }); err != nil {
		return err
	}
	pending, err := db.Frontier()
	if err != nil {
		return err
	}
	for _, q := range pending {
		if q.Revisit { // a refresh's revisit of a stored page, resumed
			r.again.Store(q.URL, struct{}{})
		}
	}
	f := newFrontier(r.w, pending)
	if r.opts.MaxPages > 0 {
		f.budget = func(inflight int) bool {
			ok := r.total.Load()+int64(inflight) < int64(r.opts.MaxPages)
			if !ok {
				r.limited.Store(true)
			}
			return ok
		}
	}
	r.seen, r.frontier = seen, f
	return nil
}

func (r *run) newCollector(db *store.DB) (*colly.Collector, error) {
	col := colly.NewCollector(colly.UserAgent(r.opts.UserAgent), colly.AllowURLRevisit(), colly.MaxBodySize(0))
	col.IgnoreRobotsTxt = true // robots.txt is checked before a URL is queued
	col.WithTransport(&politeTransport{next: r.tr, p: r.polite})
	col.SetRequestTimeout(0) // the transport times each attempt
	col.SetRedirectHandler(r.redirect)
	if err := col.SetStorage(newCollyStorage(db, r.w)); err != nil {
		return nil, err
	}
	col.OnRequest(func(req *colly.Request) { r.conditional(db, req) })
	col.OnResponseHeaders(r.onHeaders)
	col.OnResponse(r.onResponse)
	col.OnError(r.onError)
	return col, nil
}

func (r *run) crawl(ctx context.Context) (*Result, error) {
	q, err := queue.New(r.opts.Parallel, r.frontier)
	if err != nil {
		return nil, err
	}
	finished := make(chan error, 1)
	go func() { finished <- q.Run(r.col) }()
	res := &Result{}
	select {
	case err = <-finished:
	case <-ctx.Done():
		res.Interrupted = true
		r.frontier.stop()
		q.Stop()
		close(r.stopping)
		err = <-finished
		r.drain()
	}
	if werr := r.w.Flush(); err == nil {
		err = werr
	}
	res.Progress = r.progress()
	res.Limited = r.limited.Load() && !res.Interrupted
	return res, err
}

// drain waits for the requests in flight when the crawl was stopped:
// Colly's queue returns from Run without waiting for them.
func (r *run) drain() {
	idle := make(chan struct{})
	go func() { r.col.Wait(); close(idle) }()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var since time.Time
	for r.frontier.inFlight() > 0 {
		<-tick.C
		select {
		case <-idle:
			// Colly is idle; a request handed out but never started ends
			// without an outcome and stays in the stored frontier.
			if since.IsZero() {
				since = time.Now()
			} else if time.Since(since) > time.Second {
				return
			}
		default:
		}
	}
}

func (r *run) progress() Progress {
	return Progress{
		Stored: r.stored.Load(), Failed: r.failed.Load(), Skipped: r.skipped.Load(),
		Fetches: r.tr.fetches.Load(), Retries: r.tr.retriesRun.Load(), Bytes: r.bytes.Load(),
		Frontier: r.frontier.pending(), InFlight: r.frontier.inFlight(),
		Total: r.total.Load(), Elapsed: time.Since(r.started),
	}
}

// seed queues Options.Seeds that are in scope, within depth and unseen.
func (r *run) seed(ctx context.Context) {
	for _, s := range r.opts.Seeds {
		u, err := url.Parse(s.URL)
		if err != nil || s.Depth > r.opts.Depth {
			continue
		}
		c, err := canonicalize(u)
		if err != nil || !r.inScope(c) || !r.seen.add(c.String(), s.Referrer) {
			continue
		}
		r.consider(ctx, c, s.Depth, s.Referrer)
	}
}

// inScope reports whether u is on the entry host or an allowed domain.
func (r *run) inScope(u *url.URL) bool {
	if u.Host == r.entry.Host {
		return true
	}
	h := u.Hostname()
	for _, d := range r.opts.AllowDomains {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}
