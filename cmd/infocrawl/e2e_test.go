package main

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// binary is the infocrawl command built once for the tests that run it as
// a real process.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "infocrawl-e2e-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "infocrawl")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building infocrawl: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func totalHits(site *testsite.Site) int {
	n := 0
	for _, h := range site.Hits() {
		n += h
	}
	return n
}

// runBinary runs the binary against srv; stop is called once the site has
// served at least stopAfter requests (never when stopAfter is 0).
func runBinary(t *testing.T, site *testsite.Site, srv *httptest.Server, db string, stopAfter int, sig os.Signal, extra ...string) (exitCode int, stderr string) {
	t.Helper()
	args := append([]string{"crawl", srv.URL + "/", "--db", db, "--depth", "3", "--parallel", "4", "--quiet", "--log-level", "error"}, extra...)
	return runStopped(t, site, stopAfter, 0, sig, args...)
}

func uriOf(raw string) string {
	u, _ := url.Parse(raw)
	if u.RawQuery != "" {
		return u.EscapedPath() + "?" + u.RawQuery
	}
	return u.EscapedPath()
}

// storedURIs returns the request and final URIs of every stored page, and
// the final URIs alone.
func storedURIs(t *testing.T, path string) (fetched map[string]bool, finals []string) {
	t.Helper()
	db, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fetched = map[string]bool{}
	db.Pages(false, func(p *store.Page) error {
		fetched[uriOf(p.URL)], fetched[uriOf(p.FinalURL)] = true, true
		finals = append(finals, uriOf(p.FinalURL))
		return nil
	})
	sort.Strings(finals)
	return fetched, finals
}

func copyHits(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Kill the real process with SIGKILL at several points, run the same
// command again: no page stored before the kill is fetched again, and the
// final store equals an uninterrupted crawl.
func TestResumeAfterSIGKILL(t *testing.T) {
	want := testsite.New(testsite.Options{}).Reach(3)
	for _, killAt := range []int{5, 60, 180, 300} {
		t.Run(fmt.Sprintf("kill-after-%d-requests", killAt), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			db := filepath.Join(t.TempDir(), "crawl.db")

			code, _ := runBinary(t, site, srv, db, killAt, syscall.SIGKILL)
			if code != -int(syscall.SIGKILL) {
				t.Fatalf("first run exited %d, want killed", code)
			}
			before, finals := storedURIs(t, db)
			if len(finals) >= len(want) {
				t.Fatalf("the first run stored everything (%d pages) before the kill", len(finals))
			}
			hits1 := copyHits(site.Hits())

			if code, stderr := runBinary(t, site, srv, db, 0, nil); code != 0 {
				t.Fatalf("resumed run exited %d: %s", code, stderr)
			}
			hits2 := site.Hits()
			for uri := range before {
				if n := hits2[uri] - hits1[uri]; n > 0 {
					t.Errorf("%s was stored before the kill and fetched %d more times", uri, n)
				}
			}
			// In flight at the kill may be fetched once more; the flaky
			// page's failed first attempt adds one.
			for uri, n := range hits2 {
				if n > 2 && uri != "/robots.txt" && !(uri == site.FlakyURI() && n == 3) {
					t.Errorf("%s fetched %d times over two runs", uri, n)
				}
			}
			_, finals = storedURIs(t, db)
			if !slices.Equal(finals, want) {
				t.Fatalf("after resume: %d pages, want the %d of an uninterrupted crawl", len(finals), len(want))
			}
			t.Logf("killed after %d requests with %d pages stored; resume fetched %d URLs", killAt, len(before)/2, len(hits2)-len(before))
		})
	}
}

// SIGINT finishes what is in flight, saves, exits 130 and says how to resume.
func TestInterruptThenResume(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "crawl.db")
	code, stderr := runBinary(t, site, srv, db, 100, os.Interrupt)
	if code != exitInterrupted || !strings.Contains(stderr, "run the same command again") {
		t.Fatalf("exit %d, stderr %q; want 130 and a resume hint", code, stderr)
	}
	before, _ := storedURIs(t, db)
	hits1 := copyHits(site.Hits())
	for uri, n := range hits1 {
		// A graceful stop stores what it fetched: nothing fetched is lost.
		if n > 0 && !before[uri] && site.Kind(uri) == testsite.KindHTML && uri != "/robots.txt" {
			t.Errorf("%s was fetched before SIGINT but not stored", uri)
		}
	}
	if code, stderr := runBinary(t, site, srv, db, 0, nil); code != 0 {
		t.Fatalf("resume exited %d: %s", code, stderr)
	}
	for uri, n := range site.Hits() {
		if n > 1 && uri != "/robots.txt" && uri != site.FlakyURI() {
			t.Errorf("%s fetched %d times across a graceful stop", uri, n)
		}
	}
	if _, finals := storedURIs(t, db); !slices.Equal(finals, site.Reach(3)) {
		t.Fatalf("after resume: %d pages, want %d", len(finals), len(site.Reach(3)))
	}
}

// A second process on a store in use gets a clear error within a second.
func TestSecondProcessLocked(t *testing.T) {
	db := filepath.Join(t.TempDir(), "crawl.db")
	holder, err := store.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	start := time.Now()
	out, err := exec.Command(binary, "stats", "--db", db).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "in use by another process") {
		t.Fatalf("stats on a locked store: %v, %q", err, out)
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Fatalf("took %v to report the lock", d)
	}
}
