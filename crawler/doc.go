// Package crawler crawls one site breadth-first into a [store.DB]: every
// HTML page within Options.Depth links of the entry page, on the entry's
// host or an allowed domain, politely and resumably.
//
// # Basics
//
// Create a crawler over an open store with [New] and call [Crawler.Run]
// once with the entry URL:
//
//	c := crawler.New(db, crawler.Options{Depth: 3, Delay: 500 * time.Millisecond})
//	res, err := c.Run(ctx, "https://news.example/")
//
// Run returns when the frontier is empty, Options.MaxPages is reached or
// ctx ends; [Result] says which. [Crawler.Progress] may be called while it
// runs. A page is stored under its canonical URL ([Canonical]), decoded to
// UTF-8; a URL that gives no page is stored as a failure with a stable
// reason (ReasonRobots, ReasonContentType, "http-404", …).
//
// The crawl is breadth-first by depth: requests of depth d+1 wait until
// every request of depth d has an outcome, so a page always gets its
// shortest depth. Parallelism and delay apply per host, and a host's
// robots.txt Crawl-delay lowers its parallelism to one. Timeouts, 5xx and
// 429 responses are retried with exponential backoff, Retry-After
// honoured.
//
// A focused crawl sets Options.Follow, which picks the links to follow
// from each fetched page in place of all its anchors, and Options.Seeds,
// the first links to queue; scope, depth, robots.txt and the seen set
// still apply to them.
//
// Colly drives the requests; the transport, frontier, seen set,
// robots.txt, charset decoding and URL canonicalisation are this
// package's (docs/ARCHITECTURE.md says why, docs/CRAWLER.md what was
// measured).
//
// # Resuming
//
// Run on a store that holds a crawl of the same entry URL resumes it: the
// seen set and the pending frontier are loaded from the store, and what
// was in flight when the last run stopped is fetched again. A stored page
// is never fetched twice. A store that holds a crawl of another entry URL
// gives [ErrEntryMismatch]. When ctx ends, the requests in flight finish
// and are stored before Run returns, with Result.Interrupted set.
//
// # Caveats
//
// Only text/html and application/xhtml+xml responses are stored; other
// types are aborted after their headers and recorded as failures. Bodies
// are cut at Options.MaxBodySize after decompression and flagged
// Truncated.
//
// An unreachable robots.txt (network error, or 5xx after retries) means
// "disallow all" for that host (RFC 9309); Options.IgnoreRobots turns
// robots.txt off, for sites you own.
//
// The seen set is held in memory: roughly the length of each URL seen plus
// a map entry. Follow is called from several goroutines at once.
package crawler
