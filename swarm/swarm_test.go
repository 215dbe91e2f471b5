package swarm

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"infocrawl/crawler"
	"infocrawl/internal/natstest"
	"infocrawl/internal/testsite"
	"infocrawl/store"
)

func crawlOptions(depth, parallel int) crawler.Options {
	return crawler.Options{Depth: depth, Parallel: parallel, RetryBackoff: 5 * time.Millisecond, Timeout: 5 * time.Second}
}

// openShard opens a worker's store.
func openShard(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// runWorkers crawls entry with n workers in this process, each into its
// own shard, and returns the shards' paths.
func runWorkers(t testing.TB, n int, natsURL, entry string, opts crawler.Options, o Options) []string {
	t.Helper()
	dir := t.TempDir()
	paths := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		paths[i] = filepath.Join(dir, fmt.Sprintf("shard%d.db", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := openShard(t, paths[i])
			defer db.Close()
			o := o
			o.URL, o.Name = natsURL, fmt.Sprintf("w%d", i)
			_, errs[i] = Crawl(context.Background(), db, entry, opts, o)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("worker %d: %v", i, err)
		}
	}
	return paths
}

// outcomes returns the site URIs of the pages and failures in the shards,
// and how many times each page was stored.
func outcomes(t testing.TB, paths []string) (pages, failures map[string]int) {
	t.Helper()
	pages, failures = map[string]int{}, map[string]int{}
	for _, p := range paths {
		db := openShard(t, p)
		db.Pages(false, func(p *store.Page) error { pages[siteURI(t, p.FinalURL)]++; return nil })
		db.Failures(func(f store.Failure) error { failures[siteURI(t, f.URL)]++; return nil })
		db.Close()
	}
	return pages, failures
}

func siteURI(t testing.TB, raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if u.RawQuery != "" {
		return u.EscapedPath() + "?" + u.RawQuery
	}
	return u.EscapedPath()
}

func keys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sameSet(t testing.TB, what string, got, want []string) {
	t.Helper()
	var missing, extra []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			extra = append(extra, g)
		}
	}
	if len(missing)+len(extra) > 0 {
		t.Fatalf("%s: %d missing %v, %d extra %v", what, len(missing), missing, len(extra), extra)
	}
}

// singleCrawl is the single-process crawl of the same site and depth.
func singleCrawl(t testing.TB, srv *httptest.Server, opts crawler.Options) (pages, failures map[string]int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "single.db")
	db := openShard(t, path)
	if _, err := crawler.New(db, opts).Run(context.Background(), srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return outcomes(t, []string{path})
}

// Three workers crawl what one process crawls, each URL fetched once.
func TestWorkersCrawlWhatOneProcessCrawls(t *testing.T) {
	for _, tc := range []struct {
		workers, depth int
	}{
		{1, 2},
		{3, 0},
		{3, 3},
	} {
		t.Run(fmt.Sprintf("%dworkers-depth%d", tc.workers, tc.depth), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			opts := crawlOptions(tc.depth, 4)
			wantPages, wantFails := singleCrawl(t, srv, opts)
			site.ResetHits()

			ns := natstest.Start(t)
			paths := runWorkers(t, tc.workers, ns.URL(), srv.URL+"/", opts, Options{AckWait: 2 * time.Second})
			pages, fails := outcomes(t, paths)
			sameSet(t, "pages", keys(pages), keys(wantPages))
			sameSet(t, "failures", keys(fails), keys(wantFails))
			if want := site.Reach(tc.depth); len(want) != len(pages) {
				t.Errorf("%d pages, the site's BFS reaches %d", len(pages), len(want))
			}
			for uri, n := range site.Hits() {
				if n > 1 && uri != site.FlakyURI() {
					t.Errorf("%s fetched %d times", uri, n)
				}
			}
			for uri, n := range pages {
				if n > 1 {
					t.Errorf("%s stored in %d shards", uri, n)
				}
			}
		})
	}
}

// concurrency counts the requests a handler works on at once: from their
// arrival to their answer. (Counting until the handler returns would
// count the moments a loaded machine takes to schedule its goroutine
// again after the client has read the answer and moved on.)
type concurrency struct {
	next      http.Handler
	pause     time.Duration
	now, peak atomic.Int64
}

func (c *concurrency) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := c.now.Add(1)
	for p := c.peak.Load(); n > p && !c.peak.CompareAndSwap(p, n); p = c.peak.Load() {
	}
	time.Sleep(c.pause)
	aw := &answering{ResponseWriter: w, answered: func() { c.now.Add(-1) }}
	c.next.ServeHTTP(aw, r)
	aw.answer()
}

// answering calls answered once, when the handler starts its answer.
type answering struct {
	http.ResponseWriter
	answered func()
	once     sync.Once
}

func (a *answering) answer()                { a.once.Do(a.answered) }
func (a *answering) WriteHeader(status int) { a.answer(); a.ResponseWriter.WriteHeader(status) }
func (a *answering) Write(b []byte) (int, error) {
	a.answer()
	return a.ResponseWriter.Write(b)
}

// --parallel holds for the job: the site never sees more requests at once,
// whatever the number of workers.
func TestPolitenessHoldsForTheJob(t *testing.T) {
	for _, tc := range []struct{ workers, parallel int }{{3, 2}, {4, 1}} {
		t.Run(fmt.Sprintf("%dworkers-parallel%d", tc.workers, tc.parallel), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			c := &concurrency{next: site.Handler(), pause: 2 * time.Millisecond}
			srv := httptest.NewServer(c)
			defer srv.Close()
			ns := natstest.Start(t)
			paths := runWorkers(t, tc.workers, ns.URL(), srv.URL+"/", crawlOptions(2, tc.parallel), Options{AckWait: 2 * time.Second})
			pages, _ := outcomes(t, paths)
			if want := len(site.Reach(2)); len(pages) != want {
				t.Errorf("%d pages, want %d", len(pages), want)
			}
			if p := c.peak.Load(); p > int64(tc.parallel) {
				t.Errorf("the site saw %d requests at once, want at most %d", p, tc.parallel)
			}
		})
	}
}

// The NATS server is restarted mid-crawl (its streams on disk): the
// workers wait for it and finish the job, with the same page set.
func TestServerRestartMidCrawl(t *testing.T) {
	site := testsite.New(testsite.Options{})
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		time.Sleep(2 * time.Millisecond) // so that the restart lands mid-crawl
		site.Handler().ServeHTTP(w, r)
	}))
	defer srv.Close()
	ns := natstest.Start(t)
	restarted := make(chan int64, 1)
	go func() {
		for hits.Load() < 60 {
			time.Sleep(time.Millisecond)
		}
		ns.Restart(300 * time.Millisecond)
		restarted <- hits.Load()
	}()
	paths := runWorkers(t, 3, ns.URL(), srv.URL+"/", crawlOptions(3, 4), Options{AckWait: 2 * time.Second})
	at := <-restarted
	pages, _ := outcomes(t, paths)
	sameSet(t, "pages", keys(pages), site.Reach(3))
	if int(hits.Load()) <= int(at) {
		t.Fatalf("no request after the restart (%d before it): the restart came too late to test anything", at)
	}
	t.Logf("restarted after %d of %d requests", at, hits.Load())
}
