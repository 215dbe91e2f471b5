package crawler

import (
	"log/slog"
	"net/http"
	"time"

	"infocrawl/store"
)

// Version is infocrawl's version, sent in the default User-Agent.
const Version = "0.1.0"

// DefaultUserAgent identifies the crawler to the sites it visits.
const DefaultUserAgent = "infocrawl/" + Version + " (+https://github.com/infocrawl/infocrawl)"

// Options configures a crawl. The zero value is a valid configuration:
// depth 0 (only the entry page), the documented defaults elsewhere.
type Options struct {
	// Depth is how many links away from the entry page the crawl goes;
	// 0 fetches only the entry page.
	Depth int
	// MaxPages stops the crawl once this many pages are stored (the store's
	// earlier pages included); 0 means no limit.
	MaxPages int
	// Parallel is the number of requests in flight at once, per host
	// (robots.txt's Crawl-delay lowers it to 1). 0 means 8.
	Parallel int
	// Delay is the pause between two requests to one host, per slot. A
	// longer robots.txt Crawl-delay wins.
	Delay time.Duration
	// UserAgent is sent with every request and matched against robots.txt
	// groups. "" means DefaultUserAgent.
	UserAgent string
	// IgnoreRobots skips robots.txt. The default honours it.
	IgnoreRobots bool
	// AllowDomains lists other hosts to crawl besides the entry's; a name
	// also allows its subdomains.
	AllowDomains []string
	// MaxBodySize cuts bodies (after decompression) at this many bytes; the
	// page is stored truncated and flagged. 0 means 10 MiB.
	MaxBodySize int64
	// Timeout bounds one attempt, headers and body. 0 means 30s.
	Timeout time.Duration
	// Retries is how many times a timeout, 5xx or 429 is retried, with
	// exponential backoff from RetryBackoff. 0 means 3; negative, none.
	Retries int
	// RetryBackoff is the first retry's wait; it doubles each time. 0 means 1s.
	RetryBackoff time.Duration
	// MaxRedirects ends a redirect chain as a failure. 0 means 10.
	MaxRedirects int
	// Follow, when set, focuses the crawl: it is called with every page
	// fetched (before it is stored) and returns the links to follow from it,
	// absolute URLs, instead of all the page's anchors. The crawl still
	// applies scope, depth, robots.txt and the seen set to them. It is
	// called from several goroutines at once.
	Follow func(p *store.Page) []string
	// Seeds are queued when the crawl starts, as if found on their
	// Referrer: a focused crawl's first links, taken from pages already
	// stored. Seen URLs are skipped, so a resumed crawl may pass them again.
	Seeds []store.Request
	// Round, when positive, makes the run a refresh round: pages it
	// stores and requests it queues carry it, the revisits the store's
	// frontier holds are fetched with a conditional GET (If-None-Match
	// from the stored ETag, If-Modified-Since from Last-Modified), and a
	// 304 is recorded as a visit that changes nothing.
	Round int
	// Again, when set in a refresh round, is called with every page
	// fetched and returns stored pages to fetch again in this round (the
	// next page of a list that still brings new stories); like Follow, it
	// is called from several goroutines at once.
	Again func(p *store.Page) []string
	// Committed, when set, is called with the URLs of the pages each of the
	// store's commits made durable (see store.WriterOptions.Committed).
	Committed func(pages []string)
	// Shared, when set, crawls together with other processes: the frontier,
	// the seen set and robots.txt are the job's (package swarm); MaxPages
	// does not apply. nil: this process crawls alone, resumably from its store.
	Shared Shared
	// Logger receives the crawl's log; nil discards it.
	Logger *slog.Logger
	// Transport sends the requests; nil means a tuned http.Transport.
	Transport http.RoundTripper
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (o Options) withDefaults() Options {
	if o.Parallel <= 0 {
		o.Parallel = 8
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	if o.MaxBodySize <= 0 {
		o.MaxBodySize = 10 << 20
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	switch {
	case o.Retries == 0:
		o.Retries = 3
	case o.Retries < 0:
		o.Retries = 0
	}
	if o.RetryBackoff <= 0 {
		o.RetryBackoff = time.Second
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = 10
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}
