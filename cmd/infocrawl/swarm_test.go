package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"infocrawl/internal/natstest"
	"infocrawl/internal/testsite"
)

// worker is an "infocrawl crawl --nats" subprocess.
type worker struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	done   chan error
}

func startWorker(t *testing.T, args ...string) *worker {
	t.Helper()
	w := &worker{cmd: exec.Command(binary, args...), done: make(chan error, 1)}
	w.cmd.Stderr = &w.stderr
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.done <- w.cmd.Wait() }()
	t.Cleanup(func() { w.cmd.Process.Kill() })
	return w
}

// Three workers as real processes; one is SIGKILLed mid-crawl. The others
// finish the job, exit 0, and the merged shards hold the pages a single
// process crawls; only URLs in flight at the kill are fetched twice.
func TestSwarmWorkerKilled(t *testing.T) {
	const parallel = 3
	site := testsite.New(testsite.Options{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(3 * time.Millisecond) // so that the kill lands mid-crawl
		site.Handler().ServeHTTP(w, r)
	})
	srv := httptest.NewServer(slow)
	defer srv.Close()
	ns := natstest.Start(t)
	dir := t.TempDir()
	var shards []string
	var workers []*worker
	for i := range 3 {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("shard%d.db", i)))
		workers = append(workers, startWorker(t, "crawl", srv.URL+"/", "--db", shards[i], "--nats", ns.URL(),
			"--depth", "3", "--parallel", fmt.Sprint(parallel), "--ack-wait", "1s", "--quiet", "--log-level", "error"))
	}
	for totalHits(site) < 80 {
		time.Sleep(time.Millisecond)
	}
	workers[0].cmd.Process.Signal(syscall.SIGKILL)
	if err := <-workers[0].done; err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("killed worker: %v", err)
	}
	killedAt := totalHits(site)
	for i, w := range workers[1:] {
		select {
		case err := <-w.done:
			if err != nil {
				t.Fatalf("worker %d: %v\n%s", i+1, err, w.stderr.String())
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("worker %d still running after 60s", i+1)
		}
	}
	all := filepath.Join(dir, "all.db")
	if code, out, errOut := runCLI(append([]string{"merge", "--db", all}, shards...)...); code != 0 {
		t.Fatalf("merge exited %d: %s%s", code, out, errOut)
	}
	_, finals := storedURIs(t, all)
	want := site.Reach(3)
	slices.Sort(want)
	if !slices.Equal(finals, want) {
		t.Fatalf("merged store: %d pages, want the %d a single crawl stores", len(finals), len(want))
	}
	twice := 0
	for uri, n := range site.Hits() {
		if n > 1 && uri != site.FlakyURI() {
			twice++
		}
	}
	// The job's parallelism bounds the URLs in flight, so the URLs that can
	// be fetched again after the kill.
	if twice > parallel {
		t.Errorf("%d URLs fetched twice, want at most the %d in flight at the kill", twice, parallel)
	}
	t.Logf("killed after %d requests; %d URLs fetched twice", killedAt, twice)
}

// Every worker of a job is SIGKILLed mid-crawl; the same commands, started
// again on the same shards, go on from the stream's state: each exits 0,
// the merged shards hold the pages a single process crawls, and only the
// URLs in flight at the kill are fetched twice.
func TestSwarmJobRestartedAfterAllWorkersDied(t *testing.T) {
	for _, killAt := range []int{10, 150, 300} {
		t.Run(fmt.Sprintf("kill-after-%d-requests", killAt), func(t *testing.T) { restartWholeJob(t, killAt) })
	}
}

func restartWholeJob(t *testing.T, killAt int) {
	const parallel = 3
	site := testsite.New(testsite.Options{})
	srv := slowSite(site, 3*time.Millisecond) // so that the kill lands mid-crawl
	defer srv.Close()
	ns := natstest.Start(t)
	dir := t.TempDir()
	var shards []string
	var args [][]string
	for i := range 3 {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("shard%d.db", i)))
		args = append(args, []string{"crawl", srv.URL + "/", "--db", shards[i], "--nats", ns.URL(),
			"--depth", "3", "--parallel", fmt.Sprint(parallel), "--ack-wait", "1s", "--quiet", "--log-level", "error"})
	}
	workers := startWorkers(t, args)
	for totalHits(site) < killAt {
		time.Sleep(time.Millisecond)
	}
	killWorkers(t, site, workers)
	before, killedAt := copyHits(site.Hits()), totalHits(site)
	want := site.Reach(3)
	if n := pagesIn(t, shards); n == 0 || n >= len(want) {
		t.Fatalf("%d pages stored at the kill, want some of the %d", n, len(want))
	}

	waitWorkers(t, startWorkers(t, args))
	all := filepath.Join(dir, "all.db")
	if code, out, errOut := runCLI(append([]string{"merge", "--db", all}, shards...)...); code != 0 {
		t.Fatalf("merge exited %d: %s%s", code, out, errOut)
	}
	_, finals := storedURIs(t, all)
	slices.Sort(want)
	if !slices.Equal(finals, want) {
		t.Fatalf("merged store: %d pages, want the %d a single crawl stores", len(finals), len(want))
	}
	twice := fetchedAgain(t, site, before)
	// The job's parallelism bounds the URLs handed out and not yet
	// acknowledged: the only ones a restarted job fetches again.
	if len(twice) > parallel {
		t.Errorf("%d URLs fetched twice %v, want at most the %d in flight at the kill", len(twice), twice, parallel)
	}
	t.Logf("killed after %d requests; %d URLs fetched twice", killedAt, len(twice))
}

func startWorkers(t *testing.T, args [][]string) []*worker {
	t.Helper()
	var workers []*worker
	for _, a := range args {
		workers = append(workers, startWorker(t, a...))
	}
	return workers
}

// killWorkers SIGKILLs every worker and waits until the site has served
// what they sent before dying (it counts a request once served).
func killWorkers(t *testing.T, site *testsite.Site, workers []*worker) {
	t.Helper()
	for _, w := range workers {
		w.cmd.Process.Signal(syscall.SIGKILL)
	}
	for i, w := range workers {
		if err := <-w.done; err == nil || !strings.Contains(err.Error(), "killed") {
			t.Fatalf("worker %d ended before the kill: %v\n%s", i, err, w.stderr.String())
		}
	}
	for n := -1; n != totalHits(site); {
		n = totalHits(site)
		time.Sleep(50 * time.Millisecond)
	}
}

// waitWorkers waits for every worker to exit 0.
func waitWorkers(t *testing.T, workers []*worker) {
	t.Helper()
	for i, w := range workers {
		select {
		case err := <-w.done:
			if err != nil {
				t.Fatalf("worker %d: %v\n%s", i, err, w.stderr.String())
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("worker %d still running after 60s", i)
		}
	}
}

func pagesIn(t *testing.T, shards []string) int {
	t.Helper()
	n := 0
	for _, s := range shards {
		_, finals := storedURIs(t, s)
		n += len(finals)
	}
	return n
}

// fetchedAgain returns the URLs the site served again after the kill,
// all of which it must have served before it: what the restarted job
// fetched twice. A URL served twice before the kill (handed to another
// worker when its ack wait ran out on a loaded machine, all workers
// alive) is logged, not counted: that is no death's cost. A redirect's
// target, fetched again in the same request as its source, is not
// counted.
func fetchedAgain(t *testing.T, site *testsite.Site, before map[string]int) []string {
	t.Helper()
	var twice []string
	for uri, n := range site.Hits() {
		switch {
		case uri == site.FlakyURI():
		case before[uri] == 0 && n > 1:
			t.Errorf("%s fetched %d times, none of them before the kill", uri, n)
		case before[uri] > 0 && n > before[uri]:
			twice = append(twice, uri)
		}
		if before[uri] > 1 && uri != site.FlakyURI() {
			t.Logf("%s served %d times before the kill", uri, before[uri])
		}
	}
	var again []string
	for _, uri := range twice {
		if !slices.ContainsFunc(twice, func(from string) bool { return site.RedirectTarget(from) == uri }) {
			again = append(again, uri)
		}
	}
	return again
}

// A finished job stays on the server: the same command fetches nothing.
// "infocrawl job" shows it over; "job --delete" removes it, and the same
// command then crawls the site afresh.
func TestSwarmFinishedJobAndJobCommand(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	ns := natstest.Start(t)
	dir := t.TempDir()
	crawl := func(shard string) {
		t.Helper()
		code, out, errOut := runCLI("crawl", srv.URL+"/", "--db", filepath.Join(dir, shard), "--nats", ns.URL(),
			"--depth", "2", "--ack-wait", "1s", "--quiet", "--log-level", "error")
		if code != exitOK {
			t.Fatalf("crawl exited %d: %s%s", code, out, errOut)
		}
	}
	job := func(wantCode int, wantOut string, extra ...string) {
		t.Helper()
		code, out, errOut := runCLI(append([]string{"job", srv.URL + "/", "--nats", ns.URL()}, extra...)...)
		if code != wantCode || !strings.Contains(out+errOut, wantOut) {
			t.Fatalf("job %v: exit %d, %q; want %d and %q", extra, code, out+errOut, wantCode, wantOut)
		}
	}
	want := len(site.Reach(2))
	job(exitError, "not on")
	crawl("a.db")
	job(exitOK, ": over;")
	site.ResetHits()
	crawl("b.db")
	if n := totalHits(site); n != 0 {
		t.Fatalf("the finished job run again fetched %d URLs, want none", n)
	}
	job(exitOK, "deleted", "--delete")
	job(exitError, "not on")
	crawl("c.db")
	if n := pagesIn(t, []string{filepath.Join(dir, "c.db")}); n != want {
		t.Fatalf("the deleted job run again stored %d pages, want the %d of a fresh crawl", n, want)
	}
}
