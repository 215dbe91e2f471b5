package testsite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestPageBytes checks that PageBytes pads every article page to at least
// the size asked for, and not much past it, and leaves other pages alone.
func TestPageBytes(t *testing.T) {
	const want = 100_000
	plain := New(Options{})
	start := time.Now()
	big := New(Options{PageBytes: want})
	t.Logf("New with PageBytes %d: %v", want, time.Since(start))
	srv := httptest.NewServer(big.Handler())
	defer srv.Close()
	http.Get(srv.URL + big.FlakyURI()) // its first answer is a 500
	for _, a := range big.Articles() {
		resp, err := http.Get(srv.URL + a.URI)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if n := len(body); n < want || n > want+4000 {
			t.Errorf("%s: %d bytes, want %d to %d", a.URI, n, want, want+4000)
		}
		small, _ := plain.Article(a.URI)
		if len(a.Paragraphs) <= len(small.Paragraphs) || a.Paragraphs[0] != small.Paragraphs[0] {
			t.Errorf("%s: %d paragraphs padded from %d", a.URI, len(a.Paragraphs), len(small.Paragraphs))
		}
	}
	if p, q := big.page(route{kind: routeHome}).body, plain.page(route{kind: routeHome}).body; string(p) != string(q) {
		t.Error("PageBytes changed the home page")
	}
	if got, want := big.Reach(3), plain.Reach(3); len(got) != len(want) {
		t.Errorf("Reach(3): %d pages, want %d", len(got), len(want))
	}
}
