package store

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkPutPage shows what a transaction per page costs beside grouped
// commits, with fsync on (as in a real crawl).
func BenchmarkPutPage(b *testing.B) {
	body := bytes.Repeat([]byte("<div class=story><p>Some news text, not much.</p></div>\n"), 500)
	for _, mode := range []struct {
		name string
		opts WriterOptions
	}{
		{"tx-per-page", WriterOptions{MaxOps: 1}},
		{"batched", WriterOptions{MaxOps: 512, MaxDelay: 100 * time.Millisecond}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			db, err := Open(filepath.Join(b.TempDir(), "b.db"), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			w := db.NewWriter(mode.opts)
			b.SetBytes(int64(len(body)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				u := fmt.Sprintf("http://example.com/p/%d", i)
				w.Enqueue(Request{URL: u})
				if err := w.PutPage(&Page{URL: u, Status: 200, Body: body}); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		})
	}
}
