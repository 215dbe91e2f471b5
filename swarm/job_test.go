package swarm

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"infocrawl/internal/natstest"
	"infocrawl/internal/testsite"
)

// A finished job run again with the same command fetches nothing, as a
// finished single-process crawl does; once deleted, the same command
// crawls the site afresh.
func TestFinishedJobAndDelete(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	ns := natstest.Start(t)
	opts, o := crawlOptions(2, 4), Options{AckWait: 2 * time.Second}
	want := len(site.Reach(2))
	ctx := context.Background()
	job, err := JobName(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Job(ctx, ns.URL(), job); !errors.Is(err, ErrNoJob) {
		t.Fatalf("Job before the first run: %v, want ErrNoJob", err)
	}

	runWorkers(t, 2, ns.URL(), srv.URL+"/", opts, o)
	st, err := Job(ctx, ns.URL(), job)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Over || st.Queued != 0 || st.Published == 0 || st.Keys == 0 {
		t.Fatalf("finished job: %+v, want over, nothing queued, URLs published and claimed", st)
	}

	site.ResetHits()
	paths := runWorkers(t, 2, ns.URL(), srv.URL+"/", opts, o)
	if pages, _ := outcomes(t, paths); len(pages) != 0 || len(site.Hits()) != 0 {
		t.Fatalf("finished job run again: %d pages stored, %d URLs fetched; want none", len(pages), len(site.Hits()))
	}

	if err := Delete(ctx, ns.URL(), job, false); err != nil {
		t.Fatal(err)
	}
	if _, err := Job(ctx, ns.URL(), job); !errors.Is(err, ErrNoJob) {
		t.Fatalf("Job after Delete: %v, want ErrNoJob", err)
	}
	paths = runWorkers(t, 2, ns.URL(), srv.URL+"/", opts, o)
	if pages, _ := outcomes(t, paths); len(pages) != want {
		t.Fatalf("deleted job run again: %d pages, want the %d of a fresh crawl", len(pages), want)
	}
}

// Delete refuses a job not over unless forced; its workers then stop with
// ErrNoJob rather than wait for a stream that is gone.
func TestDeleteRunningJob(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := slowServer(site, 5*time.Millisecond)
	defer srv.Close()
	ns := natstest.Start(t)
	ctx := context.Background()
	db := openShard(t, t.TempDir()+"/shard.db")
	defer db.Close()
	done := make(chan error, 1)
	go func() {
		_, err := Crawl(ctx, db, srv.URL+"/", crawlOptions(3, 2), Options{URL: ns.URL(), Job: "running", AckWait: 2 * time.Second})
		done <- err
	}()
	for len(site.Hits()) < 20 {
		time.Sleep(time.Millisecond)
	}
	if err := Delete(ctx, ns.URL(), "running", false); !errors.Is(err, ErrJobRunning) {
		t.Fatalf("Delete of a running job: %v, want ErrJobRunning", err)
	}
	if err := Delete(ctx, ns.URL(), "running", true); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, ErrNoJob) {
			t.Fatalf("worker of a deleted job: %v, want ErrNoJob", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("worker of a deleted job still running after 30s")
	}
}

// slowServer serves site with a pause before each answer, so that a test
// acts mid-crawl.
func slowServer(site *testsite.Site, pause time.Duration) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(pause)
		site.Handler().ServeHTTP(w, r)
	}))
}
