package testsite

import (
	"bytes"
	"errors"
	"image/jpeg"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestServe(t *testing.T) {
	s := New(Options{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := rawClient(srv)
	arts := s.Articles()
	article := arts[0].URI // a world article
	bizArticle := arts[60].URI
	gz := map[string]string{"Accept-Encoding": "gzip"}
	gzdef := map[string]string{"Accept-Encoding": "gzip, deflate"}
	mustContain := func(sub string) func(*testing.T, []byte) {
		return func(t *testing.T, b []byte) {
			if !bytes.Contains(b, []byte(sub)) {
				t.Errorf("body lacks %q", sub)
			}
		}
	}
	tests := []struct {
		name     string
		uri      string
		header   map[string]string
		status   int
		ctype    string
		encoding string // expected Content-Encoding
		location string
		check    func(*testing.T, []byte) // on the decompressed body
	}{
		{name: "home", uri: "/", status: 200, ctype: "text/html; charset=utf-8", check: mustContain("<h1")},
		{name: "home ignores gzip", uri: "/", header: gz, status: 200, ctype: "text/html; charset=utf-8"},
		{name: "article", uri: article, status: 200, ctype: "text/html; charset=utf-8", check: mustContain(arts[0].Paragraphs[0][:20])},
		{name: "robots", uri: RobotsURI, status: 200, ctype: "text/plain; charset=utf-8", check: func(t *testing.T, b []byte) {
			if string(b) != "User-agent: *\nDisallow: /private/\n" {
				t.Errorf("robots.txt = %q", b)
			}
		}},
		{name: "world gzip", uri: "/world/", header: gz, status: 200, ctype: "text/html; charset=utf-8", encoding: "gzip", check: mustContain("</html>")},
		{name: "world plain", uri: "/world/", status: 200, ctype: "text/html; charset=utf-8", check: mustContain("</html>")},
		{name: "business article gzip", uri: bizArticle, header: gzdef, status: 200, ctype: "text/html; charset=utf-8", encoding: "gzip", check: mustContain("</html>")},
		{name: "tech deflate", uri: "/tech/?page=2", header: gzdef, status: 200, ctype: "text/html; charset=utf-8", encoding: "deflate", check: mustContain("</html>")},
		{name: "tech gzip only", uri: "/tech/", header: gz, status: 200, ctype: "text/html; charset=utf-8"},
		{name: "tech deflate q=0", uri: "/tech/", header: map[string]string{"Accept-Encoding": "gzip, deflate;q=0"}, status: 200, ctype: "text/html; charset=utf-8"},
		{name: "taiwan never compressed", uri: "/taiwan/", header: gzdef, status: 200, ctype: "text/html; charset=big5"},
		{name: "japan plain content type", uri: "/japan/?page=3", status: 200, ctype: "text/html", check: mustContain(`<meta charset="shift_jis">`)},
		{name: "query order a", uri: "/world/?page=2&ref=nav", status: 200, ctype: "text/html; charset=utf-8"},
		{name: "private page exists", uri: PrivateURI, status: 200, ctype: "text/html; charset=utf-8"},
		{name: "static", uri: TermsURI, status: 200, ctype: "text/html; charset=utf-8"},
		{name: "archive any day", uri: "/archive/1999-12-31", status: 200, ctype: "text/html; charset=utf-8", check: mustContain(`href="./1999-12-30"`)},
		{name: "old news redirect", uri: OldNewsURI, status: 301, ctype: "text/html; charset=utf-8", location: "/world/"},
		{name: "section without slash", uri: "/tech", status: 301, ctype: "text/html; charset=utf-8", location: "/tech/"},
		{name: "loop a", uri: LoopAURI, status: 302, ctype: "text/html; charset=utf-8", location: LoopBURI},
		{name: "loop b", uri: LoopBURI, status: 302, ctype: "text/html; charset=utf-8", location: LoopAURI},
		{name: "pdf", uri: PDFURI, status: 200, ctype: "application/pdf", check: func(t *testing.T, b []byte) {
			if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
				t.Errorf("not a PDF: %q", b)
			}
		}},
		{name: "jpeg", uri: JPEGURI, status: 200, ctype: "image/jpeg", check: func(t *testing.T, b []byte) {
			if _, err := jpeg.DecodeConfig(bytes.NewReader(b)); err != nil {
				t.Errorf("not a JPEG: %v", err)
			}
		}},
		{name: "removed story", uri: RemovedURI, status: 404, ctype: "text/html; charset=utf-8"},
		{name: "unknown path", uri: "/no/such/page.html", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "page out of range", uri: "/world/?page=7", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "page with leading zero", uri: "/world/?page=02", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "invalid date", uri: "/archive/2023-02-29", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "other private path", uri: "/private/other.html", status: 404, ctype: "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, c, srv, tt.uri, tt.header)
			if resp.StatusCode != tt.status {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.status)
			}
			if got := resp.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type = %q, want %q", got, tt.ctype)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.encoding)
			}
			if got := resp.Header.Get("Location"); got != tt.location {
				t.Errorf("Location = %q, want %q", got, tt.location)
			}
			body = decompress(t, tt.encoding, body)
			if tt.check != nil {
				tt.check(t, body)
			}
		})
	}
}

func TestCompressedEqualsPlain(t *testing.T) {
	s := New(Options{})
	for _, tt := range []struct{ uri, accept, want string }{
		{"/world/?page=3", "gzip", "gzip"},
		{s.Articles()[61].URI, "br, gzip;q=0.8", "gzip"},
		{"/tech/", "deflate", "deflate"},
	} {
		plain := serveRec(s, tt.uri, nil).Body.Bytes()
		rec := serveRec(s, tt.uri, map[string]string{"Accept-Encoding": tt.accept})
		if got := rec.Header().Get("Content-Encoding"); got != tt.want {
			t.Fatalf("%s: Content-Encoding = %q, want %q", tt.uri, got, tt.want)
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: missing Vary: Accept-Encoding", tt.uri)
		}
		if got := decompress(t, tt.want, rec.Body.Bytes()); !bytes.Equal(got, plain) {
			t.Errorf("%s: decompressed %s body differs from the plain one", tt.uri, tt.want)
		}
	}
}

func TestCharsets(t *testing.T) {
	s := New(Options{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	c := rawClient(srv)
	tests := []struct {
		uri, ctype, title string
		meta              bool
	}{
		{"/taiwan/", "text/html; charset=big5", TaiwanSectionTitle, false},
		{s.Articles()[3*60+7].URI, "text/html; charset=big5", TaiwanSectionTitle, false},
		{"/japan/", "text/html", JapanSectionTitle, true},
		{s.Articles()[4*60+9].URI, "text/html", JapanSectionTitle, true},
	}
	for _, tt := range tests {
		resp, body := get(t, c, srv, tt.uri, nil)
		if got := resp.Header.Get("Content-Type"); got != tt.ctype {
			t.Errorf("%s: Content-Type = %q, want %q", tt.uri, got, tt.ctype)
		}
		if got := bytes.Contains(body, []byte(`<meta charset="shift_jis">`)); got != tt.meta {
			t.Errorf("%s: shift_jis meta present = %v, want %v", tt.uri, got, tt.meta)
		}
		if bytes.Contains(bytes.ToLower(body), []byte("<meta charset")) && !tt.meta {
			t.Errorf("%s: unexpected meta charset", tt.uri)
		}
		if bytes.Contains(body, []byte(tt.title)) {
			t.Errorf("%s: body contains the UTF-8 bytes of %q; it must be re-encoded", tt.uri, tt.title)
		}
		if got := decodeBody(t, tt.ctype, body); !strings.Contains(got, tt.title) {
			t.Errorf("%s: decoded body lacks %q", tt.uri, tt.title)
		}
	}
}

func TestRedirectLoopFailsClient(t *testing.T) {
	s := New(Options{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	_, err := srv.Client().Get(srv.URL + LoopAURI)
	if err == nil || !strings.Contains(err.Error(), "redirects") {
		t.Fatalf("following %s: err = %v, want a too-many-redirects error", LoopAURI, err)
	}
	resp, err := srv.Client().Get(srv.URL + OldNewsURI)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Request.URL.Path != "/world/" {
		t.Errorf("following %s: ended at %s with %d", OldNewsURI, resp.Request.URL, resp.StatusCode)
	}
}

func TestFlakyAndHits(t *testing.T) {
	s := New(Options{})
	flaky := s.FlakyURI()
	if want := s.Articles()[2*60+2].URI; flaky != want {
		t.Fatalf("FlakyURI = %s, want the third tech article %s", flaky, want)
	}
	for i, want := range []int{500, 200, 200} {
		if got := serveRec(s, flaky, nil).Code; got != want {
			t.Errorf("request %d: status %d, want %d", i+1, got, want)
		}
	}
	serveRec(s, "/world/?ref=nav&page=2", nil)
	serveRec(s, "/world/?page=2&ref=nav", nil)
	serveRec(s, "/world/?page=2&ref=nav", nil)
	serveRec(s, "/nothing-here", nil)
	hits := s.Hits()
	for uri, want := range map[string]int{flaky: 3, "/world/?ref=nav&page=2": 1, "/world/?page=2&ref=nav": 2, "/nothing-here": 1} {
		if hits[uri] != want {
			t.Errorf("Hits()[%q] = %d, want %d", uri, hits[uri], want)
		}
	}
	if len(hits) != 4 {
		t.Errorf("Hits() has %d keys, want 4: %v", len(hits), hits)
	}
	hits["/"] = 99 // a copy
	if s.Hits()["/"] != 0 {
		t.Error("Hits() is not a copy")
	}
	s.ResetHits()
	if len(s.Hits()) != 0 {
		t.Errorf("after ResetHits: %v", s.Hits())
	}
	if got := serveRec(s, flaky, nil).Code; got != 500 {
		t.Errorf("after ResetHits: flaky status %d, want 500", got)
	}
	if got := serveRec(s, flaky, nil).Code; got != 200 {
		t.Errorf("after ResetHits: second flaky status %d, want 200", got)
	}
}

func TestConcurrentRequests(t *testing.T) {
	s := New(Options{})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	uris := s.Reach(2)
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		go func(w int) {
			var err error
			for i := w; i < len(uris); i += 8 {
				resp, e := srv.Client().Get(srv.URL + uris[i])
				if e != nil {
					err = e
					break
				}
				resp.Body.Close()
				if resp.StatusCode != 200 && uris[i] != s.FlakyURI() {
					err = errors.New(uris[i] + ": " + resp.Status)
					break
				}
			}
			errs <- err
		}(w)
	}
	for w := 0; w < 8; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	total := 0
	for _, n := range s.Hits() {
		total += n
	}
	if total != len(uris) {
		t.Errorf("counted %d hits, want %d", total, len(uris))
	}
}
