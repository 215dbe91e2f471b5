package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

// slowSite serves site with a pause before each answer, so a test can
// stop a refresh in the middle of its round.
func slowSite(site *testsite.Site, pause time.Duration) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(pause)
		site.Handler().ServeHTTP(w, r)
	}))
}

// runStopped runs the binary with args; once the site has served
// stopAfter more requests (never when 0) it sends sig; after stopLater
// (when positive and stopAfter is 0) it sends sig too.
func runStopped(t *testing.T, site *testsite.Site, stopAfter int, stopLater time.Duration, sig os.Signal, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	switch {
	case stopAfter > 0:
		base := totalHits(site)
		for totalHits(site)-base < stopAfter {
			select {
			case err := <-done:
				t.Fatalf("%v ended (%v) before %d requests; stderr: %s", args, err, stopAfter, errBuf.String())
			case <-time.After(time.Millisecond):
			}
		}
		cmd.Process.Signal(sig)
	case stopLater > 0:
		select {
		case err := <-done:
			t.Fatalf("%v ended (%v) before the signal; stderr: %s", args, err, errBuf.String())
		case <-time.After(stopLater):
		}
		cmd.Process.Signal(sig)
	}
	err := <-done
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return -int(ws.Signal()), errBuf.String()
		}
		return ee.ExitCode(), errBuf.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, errBuf.String()
}

// crawledStore crawls the site (focused, depth 3) into a new store.
func crawledStore(t *testing.T, srvURL string) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "news.db")
	if code, out, errs := runCLI("crawl", srvURL+"/", "--db", db, "--depth", "3", "--focus", "--learn-depth", "1", "--quiet", "--log-level", "error"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", code, out, errs)
	}
	return db
}

func readStore(t *testing.T, path string, fn func(d *store.DB)) {
	t.Helper()
	d, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	fn(d)
}

// A refresh round killed with SIGKILL at several points is resumed by the
// next refresh, which ends the same round: every new story stored once
// and mined, no story stored before the kill fetched again, each list's
// visit counted once, and `export --since last` gives the new stories.
func TestRefreshResumeAfterSIGKILL(t *testing.T) {
	for _, killAt := range []int{2, 6, 12} {
		t.Run(fmt.Sprintf("kill-after-%d-requests", killAt), func(t *testing.T) {
			site := testsite.New(testsite.Options{Validators: true})
			srv := slowSite(site, 20*time.Millisecond)
			defer srv.Close()
			db := crawledStore(t, srv.URL)
			ch := site.Advance(10 * time.Hour)
			refresh := []string{"refresh", "--db", db, "--parallel", "1", "--quiet", "--log-level", "error"}

			if code, errs := runStopped(t, site, killAt, 0, syscall.SIGKILL, refresh...); code != -int(syscall.SIGKILL) {
				t.Fatalf("first refresh exited %d, want killed: %s", code, errs)
			}
			before, _ := storedURIs(t, db)
			hits1 := copyHits(site.Hits())
			if code, errs := runStopped(t, site, 0, 0, nil, refresh...); code != 0 {
				t.Fatalf("resumed refresh exited %d: %s", code, errs)
			}
			hits2 := site.Hits()
			for _, u := range ch.New {
				if before[u] && hits2[u] > hits1[u] {
					t.Errorf("%s was stored before the kill and fetched again", u)
				}
			}
			readStore(t, db, func(d *store.DB) {
				var rounds []store.Round
				d.Rounds(func(r store.Round) error { rounds = append(rounds, r); return nil })
				if len(rounds) != 1 || rounds[0].Ended.IsZero() || rounds[0].New != len(ch.New) {
					t.Fatalf("rounds after resume: %+v; want one ended round with %d new pages", rounds, len(ch.New))
				}
				sched, _ := d.Schedules()
				for u, s := range sched {
					if s.Visits > 1 {
						t.Errorf("list %s counted %d visits in one round", u, s.Visits)
					}
				}
				for _, u := range ch.New {
					key := srv.URL + u
					if _, err := d.MinedResult(key); err != nil {
						t.Errorf("new story %s not mined: %v", u, err)
					}
				}
			})
			code, out, errs := runCLI("export", "--db", db, "--since", "last")
			if code != exitOK {
				t.Fatalf("export --since last: exit %d: %s", code, errs)
			}
			got := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var rec struct{ URL, Change string }
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatalf("export line %q: %v", line, err)
				}
				got[uriOf(rec.URL)] = rec.Change
			}
			for _, u := range ch.New {
				if got[u] != "new" {
					t.Errorf("export --since last: %s has change %q, want new", u, got[u])
				}
			}
			if len(got) != len(ch.New) {
				t.Errorf("export --since last gave %d records, want the %d new stories: %v", len(got), len(ch.New), got)
			}
			t.Logf("killed after %d requests with %d pages stored; the resumed round fetched %d", killAt, len(before)/2, total(hits2)-total(hits1))
		})
	}
}

func total(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

// refresh --every repeats rounds until a signal: Ctrl-C between rounds
// exits 0, and a SIGKILL in any round leaves a store the next refresh
// resumes.
func TestRefreshEvery(t *testing.T) {
	site := testsite.New(testsite.Options{Validators: true})
	srv := slowSite(site, 0)
	defer srv.Close()
	db := crawledStore(t, srv.URL)
	site.Advance(3 * time.Hour)
	every := []string{"refresh", "--db", db, "--every", "300ms", "--quiet", "--log-level", "error"}
	code, errs := runStopped(t, site, 0, 2*time.Second, os.Interrupt, every...)
	if code != 0 && code != exitInterrupted {
		t.Fatalf("refresh --every stopped with SIGINT exited %d: %s", code, errs)
	}
	var n int
	readStore(t, db, func(d *store.DB) {
		d.Rounds(func(store.Round) error { n++; return nil })
	})
	if n < 2 {
		t.Fatalf("refresh --every ran %d rounds in 2s, want several", n)
	}
	site.Advance(2 * time.Hour)
	if code, errs := runStopped(t, site, 0, 700*time.Millisecond, syscall.SIGKILL, every...); code != -int(syscall.SIGKILL) {
		t.Fatalf("refresh --every exited %d, want killed: %s", code, errs)
	}
	if code, errs := runStopped(t, site, 0, 0, nil, "refresh", "--db", db, "--quiet"); code != 0 {
		t.Fatalf("refresh after a killed --every exited %d: %s", code, errs)
	}
	readStore(t, db, func(d *store.DB) {
		r, _ := d.LastRound()
		if r == nil || r.Ended.IsZero() {
			t.Fatalf("last round %+v not ended", r)
		}
		st, _ := d.Stats()
		t.Logf("%d rounds; new per round:", len(st.Rounds))
		for _, r := range st.Rounds {
			t.Logf("  round %d: %d fetches, %d new, %d not modified of %d revisits", r.N, r.Fetched, r.New, r.NotModified, r.Revisited)
		}
	})
	code, out, _ := runCLI("stats", "--db", db)
	if code != exitOK || !strings.Contains(out, "refresh rounds") {
		t.Errorf("stats: exit %d, no refresh rounds in\n%s", code, out)
	}
}

// With --recheck-articles a corrected story is fetched again and exported
// as updated, its old version kept.
func TestRefreshRecheckArticles(t *testing.T) {
	site := testsite.New(testsite.Options{Validators: true})
	srv := slowSite(site, 0)
	defer srv.Close()
	db := crawledStore(t, srv.URL)
	ch := site.Advance(2 * time.Hour)
	if code, out, errs := runCLI("refresh", "--db", db, "--recheck-articles", "--quiet"); code != exitOK {
		t.Fatalf("refresh --recheck-articles: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCLI("export", "--db", db, "--since", "last")
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct{ URL, Change string }
		json.Unmarshal([]byte(line), &rec)
		got[uriOf(rec.URL)] = rec.Change
	}
	for _, u := range ch.Updated {
		if got[u] != "updated" {
			t.Errorf("corrected story %s: change %q, want updated (export: %v)", u, got[u], got)
		}
	}
	for _, u := range ch.New {
		if got[u] != "new" {
			t.Errorf("new story %s: change %q, want new", u, got[u])
		}
	}
	// Other pages may be updated too (a static page mined alone keeps
	// the "Breaking" box, which changed); no other story may be.
	for u, c := range got {
		if !slices.Contains(ch.New, u) && !slices.Contains(ch.Updated, u) {
			if site.PageKind(u) == "article" {
				t.Errorf("story %s exported as %s, but it did not change", u, c)
			} else {
				t.Logf("%s (not a story) exported as %s", u, c)
			}
		}
	}
	readStore(t, db, func(d *store.DB) {
		vs, err := d.Versions(srv.URL + ch.Updated[0])
		if err != nil || len(vs) != 1 {
			t.Errorf("corrected story keeps %d earlier versions (%v), want 1", len(vs), err)
		}
	})
}
