package focus

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net/url"
	"sort"
	"sync"
	"time"

	"infocrawl/crawler"
	"infocrawl/mine"
	"infocrawl/store"
)

// ErrUnfinished: the store's crawl has pages left to fetch (or a focused
// crawl is not in its last phase); a refresh starts from a finished one.
var ErrUnfinished = errors.New("holds an unfinished crawl; run the same crawl command to finish it first")

// ErrNothingToRefresh: the store holds no mined list to revisit.
var ErrNothingToRefresh = errors.New("holds no mined list to revisit; run infocrawl mine first")

// The revisit schedule: a list that brought new stories is revisited
// twice as often (to every round at most), one that brought none half as
// often (to every maxInterval rounds at least). Lists not hot at crawl
// time start at coldInterval, spread over its second half so they do not
// all come due in one round.
const (
	maxInterval  = 32
	coldInterval = 16
	// historyLen is how many visits' yields a schedule keeps.
	historyLen = 8
)

// RefreshOptions configures Refresh.
type RefreshOptions struct {
	// Crawl configures the crawler; Refresh sets its depth, round and
	// hooks itself.
	Crawl crawler.Options
	// Mine configures mining of the pages fetched.
	Mine mine.Options
	// RecheckArticles also revisits every stored story, with a
	// conditional GET; one that changed is stored as a new version.
	RecheckArticles bool
	// KeepVersions, when positive, is how many versions of a page the
	// store keeps from now on, the current one included.
	KeepVersions int
	// Logger receives errors of mining single pages; nil discards them.
	Logger *slog.Logger
	// Out receives a line at the start and end of the round; nil
	// discards them.
	Out io.Writer
	// Crawling is as Options.Crawling.
	Crawling func(c *crawler.Crawler) (ended func(*crawler.Result))
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Refresh runs one refresh round of a finished crawl: it revisits, with
// conditional GETs, the lists that are due (at first those that held the
// newest stories at crawl time: the entry page and the lists it links),
// fetches the stories their TOC blocks name that the store does not hold,
// mining each against its cluster's statistics, goes on to a list's next
// page while its page brought mostly new stories, and then learns each
// list's schedule from what it brought. A round is started (its revisits
// queued) and ended (its schedule written) in one transaction each, and
// everything between is the crawler's resumable work: a killed round is
// resumed by the next Refresh, which then ends it. It returns the round.
func Refresh(ctx context.Context, db *store.DB, opts RefreshOptions) (*store.Round, error) {
	opts = opts.withDefaults()
	entry, err := db.Entry()
	if err != nil {
		return nil, err
	}
	if entry == "" {
		return nil, refreshError(db, ErrNothingToRefresh)
	}
	if opts.KeepVersions > 0 {
		if err := db.SetKeepVersions(opts.KeepVersions); err != nil {
			return nil, err
		}
	}
	sites, err := loadSiteLists(db, entry)
	if err != nil {
		return nil, err
	}
	round, sched, err := beginRound(ctx, db, entry, sites, opts)
	if err != nil {
		return nil, err
	}
	if err := refreshCrawl(ctx, db, entry, round.N, sites, opts); err != nil {
		return nil, err
	}
	return endRound(db, round, sites, sched, opts)
}

func (opts RefreshOptions) withDefaults() RefreshOptions {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return opts
}

func refreshError(db *store.DB, err error) error {
	return fmt.Errorf("focus: refresh %s: %w", db.Path(), err)
}

// beginRound starts the next round, or resumes the last one if it was
// not ended, and returns it with the schedule it is judged by.
func beginRound(ctx context.Context, db *store.DB, entry string, sites *siteLists, opts RefreshOptions) (*store.Round, map[string]store.Schedule, error) {
	round, err := db.LastRound()
	if err != nil {
		return nil, nil, err
	}
	if round == nil || !round.Ended.IsZero() {
		return startRound(ctx, db, entry, sites, round, opts)
	}
	// The schedule is written only when a round ends, so the one it
	// started with is made again.
	_, sched := sites.due(round.N, opts.RecheckArticles)
	fmt.Fprintf(opts.Out, "round %d: resuming\n", round.N)
	return round, sched, nil
}

// startRound queues the round after last (nil: none yet): the lists due
// and what the sitemaps and feeds list anew.
func startRound(ctx context.Context, db *store.DB, entry string, sites *siteLists, last *store.Round, opts RefreshOptions) (*store.Round, map[string]store.Schedule, error) {
	if err := checkFinished(db); err != nil {
		return nil, nil, err
	}
	if len(sites.heads) == 0 {
		return nil, nil, refreshError(db, ErrNothingToRefresh)
	}
	n := 1
	if last != nil {
		n = last.N + 1
	}
	due, sched := sites.due(n, opts.RecheckArticles)
	var found []store.Request
	if sites.listed {
		var err error
		if found, err = discover(ctx, db, entry, opts.Crawl); err != nil {
			return nil, nil, interruptedOr(ctx, err)
		}
	}
	round := &store.Round{N: n, Started: opts.Now().UTC(), Queued: len(due)}
	if err := db.StartRound(*round, due, found); err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(opts.Out, "round %d: revisiting %d of %d lists\n", n, len(due), len(sites.heads))
	return round, sched, nil
}

// endRound writes the round's end and the schedule learnt from it, and
// returns the round with its counts.
func endRound(db *store.DB, round *store.Round, sites *siteLists, sched map[string]store.Schedule, opts RefreshOptions) (*store.Round, error) {
	round.Ended = opts.Now().UTC()
	if err := db.FinishRound(*round, sites.learn(db, round.N, sched)); err != nil {
		return nil, err
	}
	round, err := db.LastRound()
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(opts.Out, "round %d: %d fetches: %d new, %d updated, %d unchanged, %d not modified\n",
		round.N, round.Fetched, round.New, round.Updated, round.Same, round.NotModified)
	return round, nil
}

// discover reads the site's sitemaps and feeds again (the crawl used
// them) for the round to queue what they list that the store has not
// seen.
func discover(ctx context.Context, db *store.DB, entry string, co crawler.Options) ([]store.Request, error) {
	var feeds []string
	if key, err := crawler.Canonical(entry); err == nil {
		if p, err := db.Page(key); err == nil {
			if u, err := url.Parse(p.FinalURL); err == nil {
				feeds = crawler.FeedLinks(u, p.Body)
			}
		}
	}
	found, err := crawler.New(db, co).Discover(ctx, entry, crawler.DiscoverOptions{Feeds: feeds})
	if err != nil {
		return nil, err
	}
	out := make([]store.Request, 0, len(found))
	for _, f := range found {
		out = append(out, store.Request{URL: f.URL, Depth: 1, Origin: f.Origin, Lastmod: f.Lastmod})
	}
	return out, nil
}

// checkFinished refuses a store whose crawl has work left.
func checkFinished(db *store.DB) error {
	phase, err := db.Phase()
	if err != nil {
		return err
	}
	_, _, queued, err := db.Counts()
	if err != nil {
		return err
	}
	if (phase != "" && phase != phaseFocus) || queued > 0 {
		return refreshError(db, ErrUnfinished)
	}
	return nil
}

// refreshCrawl fetches what the round's frontier holds and what it leads
// to, mining each page as it arrives.
func refreshCrawl(ctx context.Context, db *store.DB, entry string, round int, sites *siteLists, opts RefreshOptions) error {
	miner, err := NewMiner(db, opts.Mine)
	if err != nil {
		return err
	}
	known := newStories()
	if err := db.Seen(func(u string) error { known.give(u); return nil }); err != nil {
		return err
	}
	h := &refreshHooks{miner: miner, known: known, sites: sites, logger: opts.Logger}
	co := opts.Crawl
	co.Round = round
	co.Depth = sites.maxDepth + maxRefreshHops
	co.MaxPages = 0
	co.Seeds = nil
	co.Follow = h.follow
	co.Again = h.again
	co.Committed = miner.Committed
	stopFlush := flushLoop(miner, opts.Logger)
	_, err = crawl(ctx, db, co, Options{Entry: entry, Crawling: opts.Crawling})
	stopFlush()
	if ferr := miner.Flush(true); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	// Pages stored but not mined: fetched before a kill, after the last
	// flush.
	if _, err := MineStore(ctx, db, opts.Mine, false, nil); err != nil {
		return interruptedOr(ctx, err)
	}
	return nil
}

// refreshHooks are a round's crawler hooks: follow mines a page and
// returns the new stories it names; again returns the next pages of a
// list whose page brought mostly new ones.
type refreshHooks struct {
	miner  *Miner
	known  *stories
	sites  *siteLists
	logger *slog.Logger
	// results holds a fetched page's result from follow until again.
	results sync.Map
}

func (h *refreshHooks) follow(p *store.Page) []string {
	mineIt := h.miner.Mine
	if h.sites.stored[p.URL] {
		mineIt = h.miner.MineAgain // a revisit: its cluster has counted it
	}
	res, err := mineIt(p.URL, p.FinalURL, p.Body)
	if err != nil {
		h.logger.Error("mine", "url", p.URL, "err", err)
		return nil
	}
	links, fresh := h.known.fresh(res.TOCLinks())
	if len(res.TOC) > 0 && 2*len(fresh) >= len(links) && len(fresh) > 0 {
		h.results.Store(p.URL, res)
	}
	return fresh
}

func (h *refreshHooks) again(p *store.Page) []string {
	v, ok := h.results.LoadAndDelete(p.URL)
	if !ok {
		return nil
	}
	res := v.(*mine.Result)
	var next []string
	chain := chainKey(p.URL)
	for _, l := range res.Pagination {
		if c, err := crawler.Canonical(l.URL); err == nil && h.sites.stored[c] && chainKey(c) == chain {
			next = append(next, c)
		}
	}
	return next
}

// maxRefreshHops bounds how far from a list a round follows new stories'
// own TOC links.
const maxRefreshHops = 3

// fresh returns a page's links and, of them, those not known yet, which
// it then knows.
func (s *stories) fresh(links []string) (all, fresh []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range links {
		if !s.seen[l] {
			s.seen[l] = true
			fresh = append(fresh, l)
		}
	}
	return links, fresh
}

// siteLists is what a refresh knows of the store's lists.
type siteLists struct {
	entry    string
	stored   map[string]bool // every stored page
	depth    map[string]int  // stored page -> crawl depth
	heads    map[string]bool // lists that head their chain (a list's first page)
	articles []string        // stored stories
	hot      map[string]bool // heads that held the newest stories at crawl time
	links    map[string]int  // head -> TOC links
	sched    map[string]store.Schedule
	maxDepth int
	listed   bool // the crawl used sitemaps or feeds
}

// loadSiteLists reads the store's pages, mining results and schedules.
func loadSiteLists(db *store.DB, entry string) (*siteLists, error) {
	key, err := crawler.Canonical(entry)
	if err != nil {
		return nil, err
	}
	s := &siteLists{entry: key, stored: map[string]bool{}, depth: map[string]int{}, heads: map[string]bool{},
		hot: map[string]bool{}}
	if err := s.readPages(db); err != nil {
		return nil, err
	}
	newest, near, err := s.readResults(db)
	if err != nil {
		return nil, err
	}
	s.markHot(newest, near)
	if s.sched, err = db.Schedules(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *siteLists) readPages(db *store.DB) error {
	return db.Pages(false, func(p *store.Page) error {
		s.stored[p.URL] = true
		s.depth[p.URL] = p.Depth
		s.maxDepth = max(s.maxDepth, p.Depth)
		if p.Origin == crawler.OriginSitemap || p.Origin == crawler.OriginFeed {
			s.listed = true
		}
		return nil
	})
}

// readResults makes one pass over the results (decoding them is most of
// a round's cost on a large store): it notes the lists and the stories,
// and returns the entry page's links and those of the lists near it.
func (s *siteLists) readResults(db *store.DB) (newest []string, near map[string][]string, err error) {
	near = map[string][]string{}
	err = mine.EachTOC(db, func(u string, r *mine.Result) error {
		switch r.Kind {
		case mine.KindArticle, mine.KindArticleTOC:
			s.articles = append(s.articles, u)
		case mine.KindTOC:
			if chainKey(u) == u {
				s.heads[u] = true
				if s.depth[u] <= 1 {
					near[u] = r.TOCLinks()
				}
			}
		}
		if u == s.entry {
			newest = r.TOCLinks()
		}
		return nil
	})
	return newest, near, err
}

// markHot marks the lists that held the newest stories: the entry page
// (a news site's home lists its latest) and the lists one hop from it
// that share its stories.
func (s *siteLists) markHot(newest []string, near map[string][]string) {
	isNewest := map[string]bool{}
	for _, l := range newest {
		isNewest[l] = true
	}
	for u, links := range near {
		if u == s.entry {
			s.hot[u] = true
			continue
		}
		for _, l := range links {
			if isNewest[l] {
				s.hot[u] = true
				break
			}
		}
	}
}

// due returns the revisits of round n, and the schedule it is judged by
// (a first refresh makes one: hot lists every round, the others rarely).
func (s *siteLists) due(n int, recheck bool) ([]store.Request, map[string]store.Schedule) {
	sched := map[string]store.Schedule{}
	for u := range s.heads {
		sc, ok := s.sched[u]
		if !ok {
			sc = store.Schedule{URL: u, Interval: 1, Next: n}
			if !s.hot[u] {
				h := fnv.New32a()
				h.Write([]byte(u))
				sc.Interval = coldInterval
				sc.Next = n + coldInterval/2 + int(h.Sum32()%uint32(coldInterval/2))
			}
		}
		sched[u] = sc
	}
	var out []store.Request
	for u, sc := range sched {
		if sc.Next <= n {
			out = append(out, store.Request{URL: u, Depth: s.depth[u]})
		}
	}
	if recheck {
		for _, u := range s.articles {
			out = append(out, store.Request{URL: u, Depth: s.depth[u]})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Depth != out[j].Depth {
			return out[i].Depth < out[j].Depth
		}
		return out[i].URL < out[j].URL
	})
	return out, sched
}

// learn returns the schedule of the lists the round visited: each list
// (with its chain's further pages) is credited the new stories it
// referred, and its interval halves when there were some and doubles
// when there were none.
func (s *siteLists) learn(db *store.DB, round int, sched map[string]store.Schedule) []store.Schedule {
	visited := map[string]bool{}
	found := map[string]int{}
	db.Visits(round, func(v store.Visit) error {
		if s.heads[v.URL] && v.Change != store.ChangeNew {
			visited[v.URL] = true
		}
		if v.Change == store.ChangeNew && v.Referrer != "" {
			found[chainKey(v.Referrer)]++
		}
		return nil
	})
	var out []store.Schedule
	for u, sc := range sched {
		if !visited[u] {
			if _, stored := s.sched[u]; !stored {
				out = append(out, sc) // a first schedule, kept as made
			}
			continue
		}
		k := found[u]
		sc.Visits++
		sc.Found += k
		sc.History = append(sc.History, k)
		if len(sc.History) > historyLen {
			sc.History = sc.History[len(sc.History)-historyLen:]
		}
		if k > 0 {
			sc.Interval = max(1, sc.Interval/2)
		} else {
			sc.Interval = min(maxInterval, sc.Interval*2)
		}
		sc.Next = round + sc.Interval
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
	return out
}
