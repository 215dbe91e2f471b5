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

// swarmJob is a crawl of the test site by worker subprocesses sharing one
// JetStream server, each with its own shard.
type swarmJob struct {
	site     *testsite.Site
	srv      *httptest.Server
	ns       *natstest.Server
	dir      string
	shards   []string
	parallel int
}

func newSwarmJob(t *testing.T, workers, parallel int) *swarmJob {
	site := testsite.New(testsite.Options{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(3 * time.Millisecond) // so that a kill lands mid-crawl
		site.Handler().ServeHTTP(w, r)
	})
	j := &swarmJob{site: site, srv: httptest.NewServer(slow), ns: natstest.Start(t), dir: t.TempDir(), parallel: parallel}
	t.Cleanup(j.srv.Close)
	for i := range workers {
		j.shards = append(j.shards, filepath.Join(j.dir, fmt.Sprintf("shard%d.db", i)))
	}
	return j
}

// start starts worker i with the job's command line.
func (j *swarmJob) start(t *testing.T, i int) *worker {
	return startWorker(t, "crawl", j.srv.URL+"/", "--db", j.shards[i], "--nats", j.ns.URL(),
		"--depth", "3", "--parallel", fmt.Sprint(j.parallel), "--ack-wait", "1s", "--quiet", "--log-level", "error")
}

// kill SIGKILLs w and waits for it to die.
func kill(t *testing.T, w *worker) {
	t.Helper()
	w.cmd.Process.Signal(syscall.SIGKILL)
	if err := <-w.done; err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("killed worker: %v", err)
	}
}

// finish waits for the workers to exit 0.
func finish(t *testing.T, workers ...*worker) {
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

// check merges the shards and holds the result to a single crawl's page
// set, with at most maxTwice URLs fetched twice; it returns how many were.
func (j *swarmJob) check(t *testing.T, maxTwice int) int {
	t.Helper()
	all := filepath.Join(j.dir, "all.db")
	if code, out, errOut := runCLI(append([]string{"merge", "--db", all}, j.shards...)...); code != 0 {
		t.Fatalf("merge exited %d: %s%s", code, out, errOut)
	}
	_, finals := storedURIs(t, all)
	want := j.site.Reach(3)
	slices.Sort(want)
	if !slices.Equal(finals, want) {
		t.Fatalf("merged store: %d pages, want the %d a single crawl stores", len(finals), len(want))
	}
	twice := 0
	for uri, n := range j.site.Hits() {
		if n > 1 && uri != j.site.FlakyURI() {
			twice++
		}
	}
	if twice > maxTwice {
		t.Errorf("%d URLs fetched twice, want at most the %d in flight at the kills", twice, maxTwice)
	}
	return twice
}

// Three workers as real processes; one is SIGKILLed mid-crawl. The others
// finish the job, exit 0, and the merged shards hold the pages a single
// process crawls; only URLs in flight at the kill are fetched twice.
func TestSwarmWorkerKilled(t *testing.T) {
	j := newSwarmJob(t, 3, 3)
	var workers []*worker
	for i := range 3 {
		workers = append(workers, j.start(t, i))
	}
	for totalHits(j.site) < 80 {
		time.Sleep(time.Millisecond)
	}
	kill(t, workers[0])
	killedAt := totalHits(j.site)
	finish(t, workers[1:]...)
	// The job's parallelism bounds the URLs in flight, so the URLs that can
	// be fetched again after the kill.
	twice := j.check(t, j.parallel)
	t.Logf("killed after %d requests; %d URLs fetched twice", killedAt, twice)
}

// Every worker of a job is SIGKILLed mid-crawl; started again with the
// same commands and shards, they go on from the stream's state: the job
// completes with a single crawl's page set, and only the URLs in flight
// at the kills are fetched twice.
func TestSwarmJobRestarted(t *testing.T) {
	j := newSwarmJob(t, 2, 3)
	first := []*worker{j.start(t, 0), j.start(t, 1)}
	for totalHits(j.site) < 120 {
		time.Sleep(time.Millisecond)
	}
	for _, w := range first {
		kill(t, w)
	}
	killedAt := totalHits(j.site)
	if want := len(j.site.Reach(3)); killedAt >= want {
		t.Fatalf("the kills came after %d requests, the whole crawl: raise the site's delay", killedAt)
	}
	second := []*worker{j.start(t, 0), j.start(t, 1)}
	finish(t, second...)
	// At the kills, at most --parallel URLs of the one host were in flight
	// for the whole job.
	twice := j.check(t, j.parallel)
	t.Logf("all workers killed after %d requests; %d URLs fetched twice", killedAt, twice)
}
