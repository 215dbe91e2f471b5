package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// A focused crawl killed in its learning or its focused phase resumes in
// that phase: no page stored before the kill is fetched again, every page
// ends up mined, and the articles are all reached.
func TestFocusResumeAfterSIGKILL(t *testing.T) {
	truth := testsite.New(testsite.Options{})
	var articles []string
	for _, uri := range truth.Reach(3) {
		if truth.PageKind(uri) == "article" {
			articles = append(articles, uri)
		}
	}
	for _, killAt := range []int{40, 150, 260} {
		t.Run(fmt.Sprintf("kill-after-%d-requests", killAt), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			db := filepath.Join(t.TempDir(), "focus.db")
			focus := []string{"--focus", "--learn-depth", "1"}

			code, _ := runBinary(t, site, srv, db, killAt, syscall.SIGKILL, focus...)
			if code != -int(syscall.SIGKILL) {
				t.Fatalf("first run exited %d, want killed", code)
			}
			before, _ := storedURIs(t, db)
			phase := storePhase(t, db)
			hits1 := copyHits(site.Hits())
			if code, stderr := runBinary(t, site, srv, db, 0, nil, focus...); code != 0 {
				t.Fatalf("resumed run exited %d: %s", code, stderr)
			}
			hits2 := site.Hits()
			for uri := range before {
				if n := hits2[uri] - hits1[uri]; n > 0 {
					t.Errorf("%s was stored before the kill and fetched %d more times", uri, n)
				}
			}
			fetched, finals := storedURIs(t, db)
			missed := 0
			for _, a := range articles {
				if !fetched[a] {
					missed++
				}
			}
			if float64(len(articles)-missed) < 0.98*float64(len(articles)) {
				t.Errorf("after resume %d of %d articles reached", len(articles)-missed, len(articles))
			}
			d, err := store.Open(db, &store.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			unmined := 0
			d.Pages(false, func(p *store.Page) error {
				if _, err := d.MinedResult(p.URL); err != nil {
					unmined++
				}
				return nil
			})
			if unmined > 0 {
				t.Errorf("%d of %d pages not mined after resume", unmined, len(finals))
			}
			t.Logf("killed after %d requests in phase %q with %d pages stored; %d pages after resume", killAt, phase, len(before)/2, len(finals))
		})
	}
}

// A focused crawl killed while it reads the sitemaps resumes in that
// phase: it reads them again, queues nothing twice, fetches no stored page
// again, and reaches the stories the sitemaps list.
func TestFocusResumeInSitemapPhase(t *testing.T) {
	site := testsite.New(testsite.Options{Sitemaps: true})
	var sitemapHits atomic.Int64
	// Slow sitemaps hold the crawl in the phase long enough to kill it there.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "sitemap") {
			sitemapHits.Add(1)
			time.Sleep(300 * time.Millisecond)
		}
		site.Handler().ServeHTTP(w, r)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "focus.db")
	args := []string{"crawl", srv.URL + "/", "--db", db, "--depth", "3", "--parallel", "4", "--quiet", "--log-level", "error",
		"--focus", "--learn-depth", "1"}
	cmd := exec.Command(binary, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); sitemapHits.Load() < 2 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if phase := storePhase(t, db); phase != "sitemaps" {
		t.Fatalf("killed in phase %q, want sitemaps", phase)
	}
	before, _ := storedURIs(t, db)
	hits1 := copyHits(site.Hits())
	if code, stderr := runBinary(t, site, srv, db, 0, nil, "--focus", "--learn-depth", "1"); code != 0 {
		t.Fatalf("resumed run exited %d: %s", code, stderr)
	}
	hits2 := site.Hits()
	for uri := range before {
		if n := hits2[uri] - hits1[uri]; n > 0 {
			t.Errorf("%s was stored before the kill and fetched %d more times", uri, n)
		}
	}
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	st, err := d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	fetched, _ := storedURIs(t, db)
	for _, a := range site.Articles() {
		if !fetched[a.URI] {
			t.Errorf("story %s (in the sitemaps) not reached", a.URI)
		}
	}
	if st.ByOrigin["sitemap"] == 0 {
		t.Errorf("no page found through a sitemap: %v", st.ByOrigin)
	}
	t.Logf("%d pages stored before the kill; after resume pages by origin %v", len(before)/2, st.ByOrigin)
}

func storePhase(t *testing.T, path string) string {
	t.Helper()
	d, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p, err := d.Phase()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A store keeps to the kind of crawl that made it: --focus on a plain
// crawl's store, or a plain crawl on a focused one, is a usage error that
// changes nothing.
func TestFocusStoreKind(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	dir := t.TempDir()
	plain, focused := filepath.Join(dir, "plain.db"), filepath.Join(dir, "focus.db")
	for _, args := range [][]string{
		{"crawl", srv.URL + "/", "--db", plain, "--depth", "0", "--quiet"},
		{"crawl", srv.URL + "/", "--db", focused, "--depth", "1", "--focus", "--learn-depth", "0", "--quiet"},
	} {
		if code, out, errs := runCLI(args...); code != exitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"crawl", srv.URL + "/", "--db", plain, "--focus", "--quiet"}, "holds a plain crawl"},
		{[]string{"crawl", srv.URL + "/", "--db", focused, "--quiet"}, "add --focus to resume it"},
	}
	for _, c := range cases {
		hits := totalHits(site)
		code, _, errs := runCLI(c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, exitUsage, c.want)
		}
		if n := totalHits(site) - hits; n > 0 {
			t.Errorf("%v: %d requests sent", c.args, n)
		}
	}
}
