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
