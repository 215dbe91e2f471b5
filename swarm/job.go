package swarm

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrNoJob is returned for a job the server does not hold.
var ErrNoJob = errors.New("no such job")

// ErrJobRunning is returned by Delete for a job with URLs still queued
// or in flight: workers may be crawling it.
var ErrJobRunning = errors.New("job not over")

// JobState is what the server holds of a job. A finished job keeps its
// stream (empty) and bucket (every URL's claim): a worker started again
// with the job's command finds the job over and fetches nothing, as a
// finished single-process crawl does. Delete forgets the job.
type JobState struct {
	Name string
	// Queued counts the URLs in the stream: waiting, or taken by a worker
	// and not yet acknowledged.
	Queued uint64
	// Published counts the URLs ever queued.
	Published uint64
	// Keys counts the bucket's keys: URLs claimed and hosts' robots.txt.
	Keys uint64
	// Over: the job's frontier is empty.
	Over bool
}

// Job returns the state of job on the NATS server at natsURL.
func Job(ctx context.Context, natsURL, job string) (JobState, error) {
	st := JobState{Name: job}
	err := withJetStream(ctx, natsURL, func(ctx context.Context, js jetstream.JetStream) error {
		s, err := js.Stream(ctx, streamName(job))
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("swarm: job %s: %w", job, ErrNoJob)
		}
		if err != nil {
			return fmt.Errorf("swarm: stream of job %s: %w", job, err)
		}
		info := s.CachedInfo()
		st.Queued, st.Published = info.State.Msgs, info.State.LastSeq
		st.Over = st.Queued == 0 && st.Published > 0
		kv, err := js.KeyValue(ctx, bucketName(job))
		if errors.Is(err, jetstream.ErrBucketNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("swarm: bucket of job %s: %w", job, err)
		}
		ks, err := kv.Status(ctx)
		if err != nil {
			return fmt.Errorf("swarm: bucket of job %s: %w", job, err)
		}
		st.Keys = ks.Values()
		return nil
	})
	return st, err
}

// Delete removes job's stream and bucket from the server, so that the
// same command crawls the site afresh. It refuses (ErrJobRunning) a job
// not over unless force: its workers then stop with ErrNoJob. A worker
// joining while the job is being deleted may find half of it: start
// workers once Delete has returned.
func Delete(ctx context.Context, natsURL, job string, force bool) error {
	st, err := Job(ctx, natsURL, job)
	if err != nil {
		return err
	}
	if !st.Over && !force {
		return fmt.Errorf("swarm: job %s: %w: %d URLs queued or in flight", job, ErrJobRunning, st.Queued)
	}
	return withJetStream(ctx, natsURL, func(ctx context.Context, js jetstream.JetStream) error {
		if err := js.DeleteStream(ctx, streamName(job)); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
			return fmt.Errorf("swarm: delete the stream of job %s: %w", job, err)
		}
		if err := js.DeleteKeyValue(ctx, bucketName(job)); err != nil && !errors.Is(err, jetstream.ErrBucketNotFound) {
			return fmt.Errorf("swarm: delete the bucket of job %s: %w", job, err)
		}
		return nil
	})
}

// withJetStream runs op with a connection to the server, closed after.
func withJetStream(ctx context.Context, natsURL string, op func(context.Context, jetstream.JetStream) error) error {
	nc, err := nats.Connect(natsURL, nats.Name("infocrawl job"))
	if err != nil {
		return fmt.Errorf("swarm: connect to %s: %w", natsURL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("swarm: JetStream: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return op(ctx, js)
}
