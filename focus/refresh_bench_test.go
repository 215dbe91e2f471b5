package focus

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"infocrawl/crawler"
	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// byteCounter counts the requests a server answers and the body bytes it
// writes.
type byteCounter struct {
	requests, bytes atomic.Int64
}

func (c *byteCounter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.requests.Add(1)
		h.ServeHTTP(countingResponse{w, c}, r)
	})
}

type countingResponse struct {
	http.ResponseWriter
	c *byteCounter
}

func (w countingResponse) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.c.bytes.Add(int64(n))
	return n, err
}

// BenchmarkRefresh: a store of ~10,000 pages (a focused crawl of a test
// site with 5 sections of 1,900 stories), then 50 new stories: one
// refresh round against a full focused re-crawl into a new store, in the
// same run, counting fetches and bytes on the server.
//
//	go test -run '^$' -bench BenchmarkRefresh -benchtime 1x ./focus
func BenchmarkRefresh(b *testing.B) {
	// The 10,000-page store is on demand (about three minutes on two
	// cores); by default a small one keeps the benchmark runnable in CI.
	perSection := 150
	if os.Getenv("INFOCRAWL_BENCH_FULL") != "" {
		perSection = 1900
	}
	site := testsite.New(testsite.Options{ArticlesPerSection: perSection, Validators: true})
	c := &byteCounter{}
	srv := httptest.NewServer(c.wrap(site.Handler()))
	defer srv.Close()
	dir := b.TempDir()
	base := filepath.Join(dir, "base.db")
	crawl := func(path string) {
		db, err := store.Open(path, &store.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		err = Run(context.Background(), db, Options{Entry: srv.URL + "/", Crawl: crawler.Options{Depth: 3, Parallel: 8}, LearnDepth: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
	crawl(base)
	var pages int
	if db, err := store.Open(base, &store.Options{ReadOnly: true}); err == nil {
		pages, _, _, _ = db.Counts()
		db.Close()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		work := filepath.Join(dir, "work.db")
		copyFile(b, base, work)
		site.Advance(50 * time.Hour)
		b.StartTimer()

		c.requests.Store(0)
		c.bytes.Store(0)
		start := time.Now()
		db, err := store.Open(work, &store.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		r, err := Refresh(context.Background(), db, RefreshOptions{Crawl: crawler.Options{Parallel: 8}})
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		refreshTime, refreshFetches, refreshBytes := time.Since(start), c.requests.Load(), c.bytes.Load()

		c.requests.Store(0)
		c.bytes.Store(0)
		start = time.Now()
		full := filepath.Join(dir, "full.db")
		os.Remove(full)
		crawl(full)
		fullTime, fullFetches, fullBytes := time.Since(start), c.requests.Load(), c.bytes.Load()

		b.ReportMetric(float64(pages), "store-pages")
		b.ReportMetric(float64(r.New), "new-stories")
		b.ReportMetric(float64(refreshFetches), "refresh-fetches")
		b.ReportMetric(float64(fullFetches), "recrawl-fetches")
		b.ReportMetric(refreshTime.Seconds()*1000, "refresh-ms")
		b.ReportMetric(fullTime.Seconds()*1000, "recrawl-ms")
		b.ReportMetric(float64(refreshBytes)/1e6, "refresh-MB")
		b.ReportMetric(float64(fullBytes)/1e6, "recrawl-MB")
		b.Logf("store %d pages; refresh: %d new stories, %d fetches, %v, %.2f MB; full re-crawl: %d fetches, %v, %.1f MB; ratios fetches %.4f, time %.4f, bytes %.4f",
			pages, r.New, refreshFetches, refreshTime.Round(time.Millisecond), float64(refreshBytes)/1e6,
			fullFetches, fullTime.Round(time.Millisecond), float64(fullBytes)/1e6,
			float64(refreshFetches)/float64(fullFetches), refreshTime.Seconds()/fullTime.Seconds(), float64(refreshBytes)/float64(fullBytes))
	}
}

func copyFile(b *testing.B, from, to string) {
	b.Helper()
	src, err := os.Open(from)
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		b.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		b.Fatal(err)
	}
}
