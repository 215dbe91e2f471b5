package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"infocrawl/mine"
	"infocrawl/store"
)

// TestExportMemoryFlat exports a store of 2,000 pages of 40 KB each
// (80 MB of bodies, 160 MB of JSONL) in every format and checks that the
// heap never grows by more than 48 MB, well under what is written: the
// export streams. (Measured: 5-10 MB for the text formats, 10-25 MB for
// WARC, whose records gowarc buffers and digests one at a time; most of
// it garbage the collector has not caught up with.)
func TestExportMemoryFlat(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds an 80 MB store; skipped with -short or -race")
	}
	const pages, size = 2000, 40 << 10
	db, err := store.Open(filepath.Join(t.TempDir(), "big.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	w := db.NewWriter(store.WriterOptions{})
	var mined []store.Mined
	para := strings.Repeat("The council met again to debate the budget. ", size/45/2)
	for i := range pages {
		u := fmt.Sprintf("http://big.example/story/%05d.html", i)
		text := fmt.Sprintf("Story %d. %s", i, para)
		body := "<html><body><div class=story><p>" + text + "</p><p>" + text + "</p></div></body></html>"
		if err := w.PutPage(&store.Page{URL: u, FinalURL: u, Status: 200, Charset: "utf-8", FetchedAt: fetched, Body: []byte(body)}); err != nil {
			t.Fatal(err)
		}
		r := &mine.Result{Key: u, URL: u, Cluster: "c", Kind: mine.KindArticle, Title: fmt.Sprint("Story ", i),
			Article: []mine.Block{{Paths: []string{"html/body/div.story"}, Text: text + "\n\n" + text, HTML: body}}}
		b, _ := json.Marshal(r)
		mined = append(mined, store.Mined{URL: u, Data: b})
		if len(mined) == 200 {
			if err := db.PutMined("c", nil, mined); err != nil {
				t.Fatal(err)
			}
			mined = nil
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats() {
		peak, sum := peakHeap(t, func() (Summary, error) {
			return Write(context.Background(), io.Discard, db, Options{Format: f})
		})
		t.Logf("%s: %d records, %.1f MB written, peak heap growth %.1f MB", f, sum.Records, float64(sum.Bytes)/1e6, float64(peak)/1e6)
		if sum.Records != pages || peak > 48<<20 {
			t.Errorf("%s: %d records, heap grew %d bytes for %d written; want %d records and a flat heap", f, sum.Records, peak, sum.Bytes, pages)
		}
	}
}

// peakHeap runs fn while sampling the heap, and returns how far it grew
// above where it started.
func peakHeap(t *testing.T, fn func() (Summary, error)) (uint64, Summary) {
	t.Helper()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
	})
	sum, err := fn()
	close(done)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	return peak - base, sum
}
