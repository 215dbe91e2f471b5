package swarm

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// headerHold carries how long to hold a URL's message after its fetch
// before acknowledging it: the host's delay, so that it holds for the job.
const headerHold = "Infocrawl-Hold"

// partition returns the subject token of host: a hash partition, "s" for
// hosts with a Crawl-delay (one request at a time).
func (w *worker) partition(host string) (string, time.Duration) {
	w.mu.Lock()
	crawlDelay := w.hostDelay[host]
	w.mu.Unlock()
	h := fnv.New32a()
	h.Write([]byte(host))
	n := h.Sum32() % uint32(w.o.Partitions)
	if crawlDelay > 0 {
		return "s" + strconv.Itoa(int(n)), max(w.delay, crawlDelay)
	}
	return "p" + strconv.Itoa(int(n)), w.delay
}

// consumer returns the durable consumer of subject, shared by the job's
// workers: its MaxAckPending holds the partition's hosts to the job's
// parallelism.
func (w *worker) consumer(ctx context.Context, subject string) (jetstream.Consumer, error) {
	w.mu.Lock()
	c := w.consumers[subject]
	w.mu.Unlock()
	if c != nil {
		return c, nil
	}
	parts := strings.Split(subject, ".")
	depth, part := parts[len(parts)-2], parts[len(parts)-1]
	slots := w.parallel
	if strings.HasPrefix(part, "s") {
		slots = 1
	}
	w.calls.Add(1)
	c, err := w.stream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: "d" + depth + "-" + part, FilterSubject: subject,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: w.o.AckWait, MaxDeliver: -1,
		MaxAckPending: slots, InactiveThreshold: 24 * time.Hour,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer of %s: %w", subject, err)
	}
	w.mu.Lock()
	w.consumers[subject] = c
	w.mu.Unlock()
	return c, nil
}
