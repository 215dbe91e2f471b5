package swarm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/crawler"
	"infocrawl/store"
)

// Options configures a worker. URL is required; zero values elsewhere
// mean the defaults.
type Options struct {
	// URL is the NATS server (comma-separated for a cluster).
	URL string
	// Job names the crawl the worker joins; "" derives it from the entry
	// URL (JobName).
	Job string
	// AckWait is how long a URL held by a silent worker (dead, or cut off
	// from the server) waits before another worker gets it. 0 means 30s.
	AckWait time.Duration
	// Partitions is the number of host-hash subject partitions. 0 means 16.
	Partitions int
	// Name identifies the worker in the server's connection list and in the
	// claims it writes; "" means host name and process ID.
	Name string
	// Logger receives the worker's log; nil discards it.
	Logger *slog.Logger
	// Crawling, when set, is called with the worker's crawler before it
	// runs (for its progress).
	Crawling func(*crawler.Crawler)
}

func (o Options) withDefaults() Options {
	if o.AckWait <= 0 {
		o.AckWait = 30 * time.Second
	}
	if o.Partitions <= 0 {
		o.Partitions = 16
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

var notName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// JobName derives a job name from an entry URL: its host and path with
// everything but letters, digits, '-' and '_' turned into '_'.
func JobName(entry string) (string, error) {
	c, err := crawler.Canonical(entry)
	if err != nil {
		return "", fmt.Errorf("swarm: entry URL %q: %w", entry, err)
	}
	u, _ := url.Parse(c)
	name := strings.Trim(notName.ReplaceAllString(u.Host+u.Path, "_"), "_")
	if len(name) > 48 {
		name = name[:40] + "_" + hash(c)[:7]
	}
	return name, nil
}

// CheckJob reports whether name can name a job (stream, bucket and
// subject names allow no other characters).
func CheckJob(name string) error {
	if name == "" || len(name) > 64 || notName.MatchString(name) {
		return fmt.Errorf("job name %q: want 1 to 64 letters, digits, '-' or '_'", name)
	}
	return nil
}

func hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Crawl runs one worker of the job crawling entry: it joins the job on the
// server (creating its stream and bucket if it is the first), crawls into
// db with opts until the job is over or ctx ends, and returns this
// worker's part. Run the same command again to rejoin.
func Crawl(ctx context.Context, db *store.DB, entry string, opts crawler.Options, o Options) (*crawler.Result, error) {
	o = o.withDefaults()
	if o.Job == "" {
		job, err := JobName(entry)
		if err != nil {
			return nil, err
		}
		o.Job = job
	}
	if err := CheckJob(o.Job); err != nil {
		return nil, fmt.Errorf("swarm: %w", err)
	}
	w, err := join(ctx, opts, o)
	if err != nil {
		return nil, err
	}
	defer w.close()
	opts.Shared = w
	c := crawler.New(db, opts)
	if o.Crawling != nil {
		o.Crawling(c)
	}
	res, err := c.Run(ctx, entry)
	if err != nil {
		return res, fmt.Errorf("swarm: job %s: %w", o.Job, err)
	}
	w.mu.Lock()
	err = w.err
	w.mu.Unlock()
	return res, err
}

// names of a job's objects on the server.
func streamName(job string) string { return "INFOCRAWL_" + job }
func bucketName(job string) string { return "infocrawl_" + job }
func subjects(job string) string   { return "infocrawl." + job + ".f" }

// join connects to the server and opens (or creates) the job's stream and
// bucket.
func join(ctx context.Context, copts crawler.Options, o Options) (*worker, error) {
	name := o.Name
	if name == "" {
		name = workerName()
	}
	log := o.Logger.With("job", o.Job, "worker", name)
	nc, err := nats.Connect(o.URL, nats.Name("infocrawl "+name),
		// A server restart must not end the worker: it waits and goes on.
		nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond), nats.RetryOnFailedConnect(false),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("NATS connection lost", "err", err) }),
		nats.ReconnectHandler(func(*nats.Conn) { log.Info("NATS connection back") }))
	if err != nil {
		return nil, fmt.Errorf("swarm: connect to %s: %w", o.URL, err)
	}
	// A link's publish not acknowledged in this time is made again.
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncTimeout(10*time.Second))
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("swarm: JetStream: %w", err)
	}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	stream, err := js.CreateOrUpdateStream(sctx, jetstream.StreamConfig{
		Name: streamName(o.Job), Subjects: []string{subjects(o.Job) + ".>"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage,
		// A URL pushed again (a redelivered page's links) within this
		// window is dropped: it must exceed the ack wait.
		Duplicates: max(10*time.Minute, 4*o.AckWait),
	})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("swarm: stream of job %s on %s (is JetStream on? nats-server -js): %w", o.Job, o.URL, err)
	}
	kv, err := js.CreateOrUpdateKeyValue(sctx, jetstream.KeyValueConfig{
		Bucket: bucketName(o.Job), Storage: jetstream.FileStorage, History: 1,
	})
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("swarm: bucket of job %s: %w", o.Job, err)
	}
	w := newWorker(nc, js, stream, kv, copts, o, name, log)
	log.Info("joined the job", "server", nc.ConnectedUrlRedacted())
	return w, nil
}

// retry runs op until it succeeds or ctx ends: while the server restarts
// or the connection is re-established, calls fail for a while. Callers
// turn the answers that are not failures (a key that exists) into nil.
func retry(ctx context.Context, what string, log *slog.Logger, op func(ctx context.Context) error) error {
	wait := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		octx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := op(octx)
		cancel()
		if err == nil || ctx.Err() != nil || errors.Is(err, nats.ErrConnectionClosed) || errors.Is(err, jetstream.ErrStreamNotFound) {
			return err
		}
		if attempt%10 == 3 {
			log.Warn("NATS failing; retrying", "op", what, "attempt", attempt, "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}
