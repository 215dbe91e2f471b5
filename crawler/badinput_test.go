package crawler

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"

	"infocrawl/store"
)

// miniSite serves fixed responses by path and records when each was hit.
type miniSite struct {
	mu   sync.Mutex // protects hits
	hits map[string][]time.Time
	mux  *http.ServeMux
}

func newMiniSite() *miniSite {
	return &miniSite{hits: map[string][]time.Time{}, mux: http.NewServeMux()}
}

func (m *miniSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	m.hits[r.URL.Path] = append(m.hits[r.URL.Path], time.Now())
	m.mu.Unlock()
	m.mux.ServeHTTP(w, r)
}

func (m *miniSite) count(path string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.hits[path])
}

func (m *miniSite) gap(path string) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.hits[path]
	if len(h) < 2 {
		return 0
	}
	return h[1].Sub(h[0])
}

func (m *miniSite) html(path, body string) {
	m.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	})
}

func links(paths ...string) string {
	var b strings.Builder
	b.WriteString("<html><body>")
	for _, p := range paths {
		fmt.Fprintf(&b, `<a href="%s">%s</a> `, p, p)
	}
	b.WriteString("</body></html>")
	return b.String()
}

func crawlMini(t *testing.T, m *miniSite, opts Options) (map[string]*store.Page, map[string]store.Failure) {
	t.Helper()
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	db, err := store.Open(filepath.Join(t.TempDir(), "c.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := New(db, opts).Run(context.Background(), srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	pages, fails := map[string]*store.Page{}, map[string]store.Failure{}
	db.Pages(true, func(p *store.Page) error { pages[strings.TrimPrefix(p.URL, srv.URL)] = p; return nil })
	db.Failures(func(f store.Failure) error { fails[strings.TrimPrefix(f.URL, srv.URL)] = f; return nil })
	return pages, fails
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

func TestBadInput(t *testing.T) {
	m := newMiniSite()
	m.html("/", links("/bomb", "/huge", "/binary", "/slow", "/busy", "/gone", "/broken", "/zlib", "/rawdeflate", "/latin", "/gbk", "/euckr", "/notype", "/lateutf8"))
	bomb := gzipped(bytes.Repeat([]byte("<p>aaaaaaaa</p>"), 4<<20)) // 60 MiB inflated
	m.mux.HandleFunc("/bomb", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb)
	})
	m.html("/huge", strings.Repeat("<p>news</p>", 300_000)) // 3.3 MB
	m.mux.HandleFunc("/binary", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte{0x89, 'P', 'N', 'G', 0, 0, 0, 0x0d, 0, 1, 2, 3})
	})
	m.mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
		}
	})
	m.mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	})
	m.mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusGone) })
	m.mux.HandleFunc("/broken", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write([]byte("this is not gzip"))
	})
	page := []byte("<html><body><p>deflated café</p></body></html>")
	m.mux.HandleFunc("/zlib", func(w http.ResponseWriter, r *http.Request) {
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		zw.Write(page)
		zw.Close()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Encoding", "deflate")
		w.Write(buf.Bytes())
	})
	m.mux.HandleFunc("/rawdeflate", func(w http.ResponseWriter, r *http.Request) {
		var buf bytes.Buffer
		fw, _ := flate.NewWriter(&buf, 5)
		fw.Write(page)
		fw.Close()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Encoding", "deflate")
		w.Write(buf.Bytes())
	})
	encoded := func(path, ct string, body []byte) {
		m.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.Write(body)
		})
	}
	latin, _ := charmap.Windows1252.NewEncoder().String("<html><body><p>Le café de l'été coûte 3 € à Zürich.</p></body></html>")
	gbk, _ := simplifiedchinese.GBK.NewEncoder().String("<html><body><p>北京新闻：今天天气很好。</p></body></html>")
	euckr, _ := korean.EUCKR.NewEncoder().String(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=euc-kr"></head><body><p>서울 뉴스</p></body></html>`)
	encoded("/latin", "text/html", []byte(latin))
	encoded("/gbk", "text/html; charset=GBK", []byte(gbk))
	encoded("/euckr", "text/html", []byte(euckr))
	encoded("/notype", "", []byte("%PDF-1.4 binary-ish"))
	// UTF-8 with no declaration and nothing but ASCII in the first KiB.
	encoded("/lateutf8", "text/html", []byte("<html><body><p>"+strings.Repeat("news ", 300)+"</p><p>Zürich café naïve — ok</p></body></html>"))

	// The timeout is /slow's to hit; under -race on a loaded machine,
	// reading /huge's first MiB has taken longer than 300 ms.
	pages, fails := crawlMini(t, m, Options{Depth: 1, Parallel: 4, MaxBodySize: 1 << 20, Timeout: time.Second,
		Retries: 1, RetryBackoff: 5 * time.Millisecond})

	for _, path := range []string{"/bomb", "/huge"} {
		p, ok := pages[path]
		if !ok || !p.Truncated || len(p.Body) != 1<<20 {
			t.Errorf("%s: stored %v (failure %+v); want stored, truncated at 1 MiB", path, ok, fails[path])
		}
	}
	wantFail := map[string]string{
		"/binary": ReasonBinary, "/slow": ReasonTimeout, "/busy": "http-503", "/gone": "http-410",
		"/broken": ReasonNetwork, "/notype": ReasonContentType,
	}
	for path, reason := range wantFail {
		if f, ok := fails[path]; !ok || f.Reason != reason {
			t.Errorf("%s: failure %+v; want reason %q", path, f, reason)
		}
	}
	if n := m.count("/busy"); n != 2 {
		t.Errorf("/busy fetched %d times; want 2 (one retry)", n)
	}
	if g := m.gap("/busy"); g < 900*time.Millisecond {
		t.Errorf("/busy retried after %v; Retry-After asked for 1s", g)
	}
	if n := m.count("/gone"); n != 1 {
		t.Errorf("/gone (410) fetched %d times; 4xx must not be retried", n)
	}
	want := map[string]struct{ charset, text string }{
		"/zlib": {"utf-8", "deflated café"}, "/rawdeflate": {"utf-8", "deflated café"},
		"/latin":    {"windows-1252", "Le café de l'été coûte 3 € à Zürich."},
		"/gbk":      {"gbk", "北京新闻：今天天气很好。"},
		"/euckr":    {"euc-kr", "서울 뉴스"},
		"/lateutf8": {"utf-8", "Zürich café naïve — ok"},
	}
	for path, w := range want {
		p, ok := pages[path]
		if !ok {
			t.Errorf("%s not stored (failure %+v)", path, fails[path])
			continue
		}
		if p.Charset != w.charset || !strings.Contains(string(p.Body), w.text) {
			t.Errorf("%s: charset %q body %q; want %q containing %q", path, p.Charset, p.Body, w.charset, w.text)
		}
	}
}

func TestCrawlDelayFromRobots(t *testing.T) {
	m := newMiniSite()
	m.mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nCrawl-delay: 1\nDisallow: /no/\n")
	})
	m.html("/", links("/a", "/b", "/no/x"))
	m.html("/a", "<p>a</p>")
	m.html("/b", "<p>b</p>")
	start := time.Now()
	pages, fails := crawlMini(t, m, Options{Depth: 1, Parallel: 8})
	if len(pages) != 3 || fails["/no/x"].Reason != ReasonRobots {
		t.Fatalf("pages %v, failures %v", keys(pages), fails)
	}
	// Three pages one second apart, whatever the parallelism asked for.
	if d := time.Since(start); d < 2*time.Second {
		t.Errorf("crawl took %v; Crawl-delay 1 allows no less than 2s for 3 pages", d)
	}
}

func TestEntryMismatch(t *testing.T) {
	m := newMiniSite()
	m.html("/", "<p>x</p>")
	srv := httptest.NewServer(m)
	defer srv.Close()
	db, err := store.Open(filepath.Join(t.TempDir(), "c.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := New(db, Options{}).Run(context.Background(), srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	_, err = New(db, Options{}).Run(context.Background(), "http://other.example/")
	if !errors.Is(err, ErrEntryMismatch) {
		t.Fatalf("got %v, want ErrEntryMismatch", err)
	}
}

// RFC 9309 §2.3.1.4: robots.txt answering 5xx means complete disallow;
// 4xx means no rules.
func TestRobotsStatus(t *testing.T) {
	cases := []struct {
		name      string
		status    int
		wantPages int
		reason    string // of the entry page's failure, "" for none
	}{
		{"500 disallows all", http.StatusInternalServerError, 0, ReasonRobotsUnreachable},
		{"503 disallows all", http.StatusServiceUnavailable, 0, ReasonRobotsUnreachable},
		{"404 allows all", http.StatusNotFound, 3, ""},
		{"403 allows all", http.StatusForbidden, 3, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newMiniSite()
			m.mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
				http.Error(w, "Disallow nothing", c.status)
			})
			m.html("/", links("/a", "/private/b"))
			m.html("/a", "<p>a</p>")
			m.html("/private/b", "<p>b</p>")
			pages, fails := crawlMini(t, m, Options{Depth: 1, Retries: 1, RetryBackoff: time.Millisecond})
			if len(pages) != c.wantPages {
				t.Errorf("stored %v; want %d pages", keys(pages), c.wantPages)
			}
			if c.reason == "" {
				return
			}
			f := fails["/"]
			if f.Reason != c.reason || !strings.Contains(f.Detail, fmt.Sprintf("HTTP %d", c.status)) {
				t.Errorf("entry page: failure %+v; want reason %s naming HTTP %d", f, c.reason, c.status)
			}
			for _, p := range []string{"/", "/a", "/private/b"} {
				if n := m.count(p); n != 0 {
					t.Errorf("%s fetched %d times; want none after robots.txt %d", p, n, c.status)
				}
			}
			if n := m.count("/robots.txt"); n != 2 {
				t.Errorf("robots.txt fetched %d times; want 2 (one retry)", n)
			}
		})
	}
}
