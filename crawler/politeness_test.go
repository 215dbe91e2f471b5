package crawler

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A host gets no more requests at once than its slots, and a Crawl-delay
// host one at a time, that far apart, however many callers ask at once.
func TestPoliteness(t *testing.T) {
	var inFlight, most atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		inFlight.Add(-1)
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	host := must(url.Parse(srv.URL)).Host

	tests := []struct {
		name       string
		parallel   int
		crawlDelay time.Duration
		wantMost   int32
		minTime    time.Duration // for 6 requests
	}{
		{"parallel 2", 2, 0, 2, 0},
		{"crawl-delay", 8, 100 * time.Millisecond, 1, 500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			most.Store(0)
			p := newPoliteness(tt.parallel, 0)
			p.set(host, tt.crawlDelay)
			client := &http.Client{Transport: &politeTransport{next: http.DefaultTransport, p: p}}
			start := time.Now()
			var wg sync.WaitGroup
			for range 6 {
				wg.Go(func() {
					resp, err := client.Get(srv.URL)
					if err != nil {
						t.Error(err)
						return
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				})
			}
			wg.Wait()
			if got := most.Load(); got != tt.wantMost {
				t.Errorf("at most %d requests at once, want %d", got, tt.wantMost)
			}
			if d := time.Since(start); d < tt.minTime {
				t.Errorf("6 requests took %v, want at least %v", d, tt.minTime)
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
