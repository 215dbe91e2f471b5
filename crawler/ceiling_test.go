package crawler_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"infocrawl/internal/testsite"
)

// ceilingPages fetches, once and outside any timer, the pages a crawl of
// the site stores (site.Reach at the benchmark's depth), as served to a
// plain Go client (gzip undone by the transport; deflate not asked for).
func ceilingPages(b *testing.B, site *testsite.Site, srv *httptest.Server) [][]byte {
	var pages [][]byte
	for _, uri := range site.Reach(benchDepth) {
		var body []byte
		for try := 0; ; try++ { // the flaky page answers 500 once
			resp, err := srv.Client().Get(srv.URL + uri)
			if err != nil {
				b.Fatal(err)
			}
			body, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				b.Fatal(err)
			}
			if resp.StatusCode == http.StatusOK {
				break
			}
			if try == 3 {
				b.Fatalf("%s: HTTP %d", uri, resp.StatusCode)
			}
		}
		pages = append(pages, body)
	}
	site.ResetHits()
	return pages
}

// tokenizeLinks is the least a crawler does with a page: one x/net/html
// Tokenizer pass that returns the href of every <a>, unresolved.
func tokenizeLinks(body []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if !more || len(name) != 1 || name[0] != 'a' {
				continue
			}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "href" {
					out = append(out, string(v))
					break
				}
			}
		}
	}
}

// tokenizePass runs tokenizeLinks over every page on GOMAXPROCS goroutines
// and returns its wall time and the number of links found.
func tokenizePass(pages [][]byte) (time.Duration, int64) {
	var next, links atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(pages) {
					return
				}
				links.Add(int64(len(tokenizeLinks(pages[i]))))
			}
		}()
	}
	wg.Wait()
	return time.Since(start), links.Load()
}

// ceiling times the in-memory tokenizer pass over the crawl's pages: what
// extracting the links alone costs, the bound a crawl's pages/s is
// compared with (the crawl variants' x-ceiling).
type ceiling struct {
	pages [][]byte
	wall  time.Duration // summed over the passes run
	n     int64         // pages tokenized
}

func (c *ceiling) pass() {
	d, _ := tokenizePass(c.pages)
	c.wall += d
	c.n += int64(len(c.pages))
}

func (c *ceiling) pagesPerSec() float64 {
	if c.wall <= 0 {
		return 0
	}
	return float64(c.n) / c.wall.Seconds()
}

// benchCeiling is the ceiling's own sub-benchmark: b.N timed passes.
func benchCeiling(b *testing.B, pages [][]byte) {
	b.ReportAllocs()
	var bytes int64
	for _, p := range pages {
		bytes += int64(len(p))
	}
	b.SetBytes(bytes)
	c := ceiling{pages: pages}
	var links int64
	b.ResetTimer()
	for range b.N {
		d, n := tokenizePass(pages)
		c.wall += d
		c.n += int64(len(pages))
		links = n
	}
	b.ReportMetric(c.pagesPerSec(), "pages/s")
	b.ReportMetric(float64(len(pages)), "pages")
	b.ReportMetric(float64(links)/float64(len(pages)), "links/page")
}
