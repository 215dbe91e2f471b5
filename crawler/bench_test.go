package crawler_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gocolly/colly/v2"

	"infocrawl/crawler"
	"infocrawl/internal/testsite"
	"infocrawl/store"
)

const (
	benchDepth    = 3
	benchParallel = 16
)

// benchTotals accumulates what the sub-benchmarks report over b.N crawls.
type benchTotals struct {
	pages   int64         // pages stored
	wall    time.Duration // wall time of the crawls (store open/close included)
	cpu     time.Duration // process user+sys CPU during the crawls
	hits    int64         // server-side requests (site.Hits), all URIs
	dupURIs int64         // URIs hit more than once, flaky page and robots.txt aside
}

func (t *benchTotals) report(b *testing.B) {
	n := float64(b.N)
	pages := float64(t.pages)
	if t.wall > 0 {
		b.ReportMetric(pages/t.wall.Seconds(), "pages/s")
	}
	if t.pages > 0 {
		b.ReportMetric(float64(t.hits)/pages, "fetches/page")
		b.ReportMetric(float64(t.cpu.Microseconds())/1e3/pages, "cpu-ms/page")
	}
	b.ReportMetric(pages/n, "pages")
	b.ReportMetric(float64(t.dupURIs)/n, "dup-fetches")
}

// cpuTime returns the process's user+sys CPU time so far. It includes the
// httptest server's CPU, which is the same work for every variant.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs one crawl with the benchmark timer on and adds its wall
// time, CPU time and the server-side request counts to t. crawl returns
// the number of pages stored.
func measure(b *testing.B, site *testsite.Site, srv *httptest.Server, t *benchTotals, crawl func() int64) {
	site.ResetHits()
	cpu0, start := cpuTime(b), time.Now()
	b.StartTimer()
	pages := crawl()
	b.StopTimer()
	t.wall += time.Since(start)
	t.cpu += cpuTime(b) - cpu0
	t.pages += pages

	for uri, n := range site.Hits() {
		t.hits += int64(n)
		if n > 1 && uri != site.FlakyURI() && uri != testsite.RobotsURI {
			t.dupURIs++
		}
	}
	// Drop the keep-alive connections of this crawl's transport, so that
	// iterations do not pile up idle connections on the server.
	srv.CloseClientConnections()
}

// BenchmarkCrawl compares, side by side over loopback, the infocrawl crawler
// writing into bbolt (with and without fsync) with a bare Colly crawl of the
// same site: depth 3 from the home page, 16 requests in parallel, no delay.
//
// The variants do not do the same work, and the metrics show it:
//   - infocrawl honours robots.txt (one extra fetch, /private/ skipped),
//     retries the flaky page (500 first, then 200), canonicalizes URLs
//     (query order, fragments), skips non-HTML bodies and stores every page
//     with its metadata in bbolt.
//   - http-fetch fetches the pages of a known list (site.Reach) with a
//     plain net/http client and reads them, nothing more: HTTP's own cost.
//     http-fetch-tokenize also runs the ceiling's tokenizer pass on each
//     body as it arrives: HTTP and link extraction, the least a crawl of
//     the site does, with no frontier, canonical URLs or store.
//   - colly-bare ignores robots.txt (Colly's default, left as is), does not
//     retry, so the flaky page is missing from its result, dedups on the
//     URL string (fragment stripped) only, keeps every 2xx body (non-HTML
//     included) in memory, and only asks for gzip (Go's transport), where
//     infocrawl also asks for deflate.
//
// pages/s is pages stored per wall second of the crawls; fetches/page is
// the server-side request count (site.Hits, retries and robots.txt
// included) per page stored; dup-fetches is the number of URIs requested
// more than once per crawl (the flaky page and robots.txt aside);
// cpu-ms/page is the process's CPU per page, test server included.
//
// ceiling-tokenize is what extracting the links alone costs: one
// x/net/html Tokenizer pass per page over the same pages, held in memory,
// on GOMAXPROCS goroutines (ceiling_test.go). Each crawl variant also runs
// that pass after each crawl and reports ceiling-pages/s and x-ceiling, its
// pages/s over the pass's. The page100k- variants do all this on the test
// site with every article padded to 100 KB (testsite.Options.PageBytes).
func BenchmarkCrawl(b *testing.B) {
	benchCrawlSite(b, "", testsite.Options{})
	benchCrawlSite(b, "page100k-", testsite.Options{PageBytes: 100_000})
}

// benchCrawlSite runs BenchmarkCrawl's variants on one site, their names
// prefixed. ceiling-tokenize is the in-memory tokenizer pass over the
// pages the crawl stores (ceiling_test.go); each crawl variant also runs
// that pass once after each of its crawls, outside the timer, and reports
// its own pages/s over the pass's (x-ceiling), so that the ratio is taken
// on the same loaded machine at the same moment.
func benchCrawlSite(b *testing.B, prefix string, opts testsite.Options) {
	site := testsite.New(opts)
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	entry := srv.URL + "/"
	pages := ceilingPages(b, site, srv)

	b.Run(prefix+"ceiling-tokenize", func(b *testing.B) { benchCeiling(b, pages) })

	// http-fetch is HTTP alone: the same pages fetched by a plain net/http
	// client from a known list, nothing parsed or stored. What it costs is
	// the floor of any crawl that fetches with net/http from this server.
	uris := site.Reach(benchDepth)
	b.Run(prefix+"http-fetch", func(b *testing.B) {
		crawls(b, site, srv, pages, func(int) int64 { return fetchOnce(b, srv.URL, uris, nil) })
	})
	// http-fetch-tokenize adds the ceiling's tokenizer pass to each page
	// fetched: HTTP and link extraction, nothing else, the floor the
	// issue's ratio asks a crawl to approach.
	b.Run(prefix+"http-fetch-tokenize", func(b *testing.B) {
		crawls(b, site, srv, pages, func(int) int64 {
			return fetchOnce(b, srv.URL, uris, func(body []byte) { tokenizeLinks(body) })
		})
	})

	for _, v := range []struct {
		name   string
		noSync bool
	}{
		{"infocrawl-bbolt", false},
		{"infocrawl-bbolt-nosync", true},
	} {
		b.Run(prefix+v.name, func(b *testing.B) {
			dir := b.TempDir()
			crawls(b, site, srv, pages, func(i int) int64 {
				return infocrawlOnce(b, filepath.Join(dir, "crawl-"+strconv.Itoa(i)+".db"), entry, v.noSync)
			})
		})
	}

	b.Run(prefix+"colly-bare", func(b *testing.B) {
		crawls(b, site, srv, pages, func(int) int64 { return collyOnce(b, entry) })
	})
}

// crawls times b.N runs of crawl (given the run's index, returning the
// pages it stored), each followed by a tokenizer pass over pages outside
// the timer, and reports the totals and the crawls' pages/s over the
// pass's.
func crawls(b *testing.B, site *testsite.Site, srv *httptest.Server, pages [][]byte, crawl func(i int) int64) {
	b.ReportAllocs()
	var t benchTotals
	c := ceiling{pages: pages}
	b.StopTimer()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		measure(b, site, srv, &t, func() int64 { return crawl(i) })
		c.pass()
	}
	t.report(b)
	t.reportCeiling(b, &c)
}

// reportCeiling reports the tokenizer pass's pages/s, run beside the
// crawls, and the crawls' pages/s over it.
func (t *benchTotals) reportCeiling(b *testing.B, c *ceiling) {
	if c.pagesPerSec() <= 0 || t.wall <= 0 {
		return
	}
	b.ReportMetric(c.pagesPerSec(), "ceiling-pages/s")
	b.ReportMetric(float64(t.pages)/t.wall.Seconds()/c.pagesPerSec(), "x-ceiling")
}

// infocrawlOnce crawls entry into a fresh store at path, opening and
// closing the store (part of the crawl's cost), and returns the pages
// stored.
func infocrawlOnce(b *testing.B, path, entry string, noSync bool) int64 {
	db, err := store.Open(path, &store.Options{NoSync: noSync})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := crawler.New(db, crawler.Options{
		Depth:        benchDepth,
		Parallel:     benchParallel,
		RetryBackoff: 5 * time.Millisecond,
		IgnoreRobots: false,
	})
	res, err := c.Run(ctx, entry)
	if err != nil {
		db.Close()
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	if res.Interrupted {
		b.Fatal("crawl interrupted")
	}
	return res.Stored
}

// collyOnce is a bare Colly crawl of entry: in-memory visited set, bodies
// kept in memory as the minimum of storage. It returns the responses kept.
// fetchOnce GETs base+uri for every uri on benchParallel goroutines with
// a fresh transport, as a crawl starts with one, reads each body whole
// (gzip undone by the transport), retries a 5xx once, hands each body of
// status 200 to scan when scan is not nil, and returns the pages fetched
// with status 200.
func fetchOnce(b *testing.B, base string, uris []string, scan func(body []byte)) int64 {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = benchParallel
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var next, pages atomic.Int64
	var wg sync.WaitGroup
	for range benchParallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(uris) {
					return
				}
				for try := 0; try < 2; try++ {
					resp, err := client.Get(base + uris[i])
					if err != nil {
						b.Error(err)
						return
					}
					body, err := io.ReadAll(resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode == http.StatusOK {
						if scan != nil {
							scan(body)
						}
						pages.Add(1)
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	return pages.Load()
}

func collyOnce(b *testing.B, entry string) int64 {
	eu, err := url.Parse(entry)
	if err != nil {
		b.Fatal(err)
	}
	// Colly's depth starts at 1 for the entry page: MaxDepth 4 is depth 3.
	// Colly ignores robots.txt by default; left as is.
	c := colly.NewCollector(colly.Async(true), colly.MaxDepth(benchDepth+1))
	if err := c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: benchParallel}); err != nil {
		b.Fatal(err)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = benchParallel
	defer tr.CloseIdleConnections()
	c.WithTransport(tr)

	var (
		pages, size atomic.Int64
		mu          sync.Mutex
		bodies      [][]byte
	)
	c.OnResponse(func(r *colly.Response) {
		// Colly does not retry: the flaky page's 500 ends in OnError and
		// the page is missing from this crawl.
		mu.Lock()
		bodies = append(bodies, r.Body)
		mu.Unlock()
		size.Add(int64(len(r.Body)))
		pages.Add(1)
	})
	c.OnHTML("a[href]", func(e *colly.HTMLElement) {
		u := e.Request.AbsoluteURL(e.Attr("href"))
		if u == "" {
			return
		}
		if i := strings.IndexByte(u, '#'); i >= 0 {
			u = u[:i]
		}
		pu, err := url.Parse(u)
		if err != nil || pu.Host != eu.Host {
			return
		}
		e.Request.Visit(u)
	})
	if err := c.Visit(entry); err != nil {
		b.Fatal(err)
	}
	c.Wait()
	mu.Lock()
	bodies = nil
	mu.Unlock()
	return pages.Load()
}
