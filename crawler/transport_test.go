package crawler

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"testing"
)

func encoded(t *testing.T, enc string, body string) *http.Response {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "deflate":
		w = zlib.NewWriter(&buf)
	}
	w.Write([]byte(body))
	w.Close()
	h := http.Header{}
	h.Set("Content-Encoding", enc)
	return &http.Response{Header: h, Body: io.NopCloser(&buf)}
}

// Inflaters go back to their pool once, however often a body is closed,
// and a reused one reads the next body whole.
func TestDecodeBodyReusesInflaters(t *testing.T) {
	for _, enc := range []string{"gzip", "deflate"} {
		for i, want := range []string{"<p>first page</p>", "<p>second, longer page</p>", "<p>third</p>"} {
			r, err := decodeBody(encoded(t, enc, want))
			if err != nil {
				t.Fatalf("%s %d: %v", enc, i, err)
			}
			got, err := io.ReadAll(r)
			if err != nil || string(got) != want {
				t.Fatalf("%s %d: read %q, %v; want %q", enc, i, got, err, want)
			}
			r.Close()
			r.Close()
		}
		pool := &gzipReaders
		if enc == "deflate" {
			pool = &zlibReaders
		}
		a, b := pool.Get(), pool.Get()
		if a != nil && a == b {
			t.Errorf("%s: a body closed twice put its inflater in the pool twice", enc)
		}
	}
}
