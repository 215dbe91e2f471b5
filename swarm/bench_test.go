package swarm

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"infocrawl/crawler"
	"infocrawl/internal/natstest"
	"infocrawl/internal/testsite"
	"infocrawl/store"
)

const (
	benchDepth    = 3
	benchParallel = 16
)

func cpuNow(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSwarm crawls the test site with 1, 2 and 4 workers in this
// process over an embedded JetStream server, against the single-process
// crawl in the same run. CPU is the whole process's: the site, the
// workers and the NATS server. msgs and bytes are what the server
// received and sent per page: the cost of JetStream.
//
//	go test ./swarm -run '^$' -bench Swarm -benchtime 3x
func BenchmarkSwarm(b *testing.B) {
	site := testsite.New(testsite.Options{ArticlesPerSection: 200})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	opts := crawler.Options{Depth: benchDepth, Parallel: benchParallel, RetryBackoff: 5 * time.Millisecond}
	for _, workers := range []int{0, 1, 2, 4} {
		name := "single"
		if workers > 0 {
			name = fmt.Sprintf("workers=%d", workers)
		}
		b.Run(name, func(b *testing.B) {
			var ns *natstest.Server
			if workers > 0 {
				ns = natstest.Start(b)
			}
			var pages int64
			var wall, cpu time.Duration
			var msgs, bytes, dups int64
			b.ResetTimer()
			b.StopTimer()
			for i := range b.N {
				dir := b.TempDir()
				site.ResetHits()
				var v0 [2]int64
				if ns != nil {
					v := ns.Varz()
					v0 = [2]int64{v.InMsgs + v.OutMsgs, v.InBytes + v.OutBytes}
				}
				cpu0, start := cpuNow(b), time.Now()
				b.StartTimer()
				var wg sync.WaitGroup
				for w := range max(workers, 1) {
					wg.Go(func() {
						db, err := store.Open(filepath.Join(dir, fmt.Sprintf("w%d.db", w)), &store.Options{NoSync: true})
						if err != nil {
							b.Error(err)
							return
						}
						defer db.Close()
						if workers == 0 {
							_, err = crawler.New(db, opts).Run(context.Background(), srv.URL+"/")
						} else {
							_, err = Crawl(context.Background(), db, srv.URL+"/", opts, Options{URL: ns.URL(), Job: fmt.Sprintf("bench%d", i)})
						}
						if err != nil {
							b.Error(err)
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				wall += time.Since(start)
				cpu += cpuNow(b) - cpu0
				if ns != nil {
					v := ns.Varz()
					msgs += v.InMsgs + v.OutMsgs - v0[0]
					bytes += v.InBytes + v.OutBytes - v0[1]
				}
				for uri, n := range site.Hits() {
					if n > 1 && uri != site.FlakyURI() {
						dups++
					}
				}
				pages += int64(len(site.Reach(benchDepth)))
			}
			p := float64(pages)
			b.ReportMetric(p/wall.Seconds(), "pages/s")
			b.ReportMetric(float64(cpu.Microseconds())/1e3/p, "cpu-ms/page")
			b.ReportMetric(p/float64(b.N), "pages")
			b.ReportMetric(float64(dups)/float64(b.N), "dup-fetches")
			if ns != nil {
				b.ReportMetric(float64(msgs)/p, "msgs/page")
				b.ReportMetric(float64(bytes)/p, "B/page")
			}
		})
	}
}
