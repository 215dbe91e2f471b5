package crawler

import (
	"context"
	"encoding/json"
	"time"

	"github.com/gocolly/colly/v2/queue"

	"infocrawl/store"
)

// Shared lets many processes crawl one site together (package swarm
// implements it over NATS JetStream). Set as Options.Shared, it replaces
// the run's frontier, seen set and robots.txt cache, which otherwise live
// in this process and its store; pages and failures still go to the
// process's own store.
type Shared interface {
	// Storage is Colly's queue over the shared frontier. QueueSize may block
	// until a request is ready; it returns 0 only when the whole job is
	// over (or after Stop). GetRequest returns EncodeRequest's form.
	queue.Storage
	// Start is called once the run's writer is open: an outcome is in the
	// store once w.Flush has returned after it, so a request may be
	// acknowledged to the other processes only then.
	Start(w *store.Writer)
	// Claim is the seen set's atomic test-and-set: true when u, found on
	// referrer ("" for the entry and seeds), is this process's to queue.
	Claim(u, referrer string) bool
	// ClaimAll is Claim of each of us, the links found on one page, at
	// once: a page's links are claimed together rather than one round trip
	// after the other. Of a link found twice, the first is claimed.
	ClaimAll(us []string, referrer string) []bool
	// Push queues a claimed request for any process of the job.
	Push(r store.Request) error
	// Done says that u, handed out by GetRequest, has its outcome submitted
	// to the writer; Abandon that it has none and must be fetched again.
	Done(u string)
	Abandon(u string)
	// HostDelay tells the frontier a host's robots.txt Crawl-delay (0: none),
	// before any URL of the host is pushed.
	HostDelay(host string, crawlDelay time.Duration)
	// Robots returns host's robots.txt, calling fetch only when no process
	// of the job has fetched it yet.
	Robots(ctx context.Context, host string, fetch func(context.Context) RobotsFile) RobotsFile
	// Stop makes QueueSize return 0 at once: the process is stopping.
	Stop()
	Pending() int
	InFlight() int
}

// RobotsFile is a host's robots.txt as fetched: the status and body, or
// why there was no answer (Err).
type RobotsFile struct {
	Status int    `json:"status,omitempty"`
	Body   []byte `json:"body,omitempty"`
	Err    string `json:"err,omitempty"`
}

// EncodeRequest returns r in the form Colly's queue takes from a Storage.
func EncodeRequest(r store.Request) ([]byte, error) {
	ctx := map[string]any{ctxKey: r.URL, ctxReferrer: r.Referrer}
	if r.Origin != "" {
		ctx[ctxOrigin] = r.Origin
	}
	if !r.Lastmod.IsZero() {
		ctx[ctxLastmod] = r.Lastmod.Format(time.RFC3339)
	}
	if r.Revisit {
		ctx[ctxRevisit] = "1"
	}
	return json.Marshal(collyRequest{URL: r.URL, Method: "GET", Depth: r.Depth, Ctx: ctx})
}

// frontierQueue is what a run needs of its frontier: the process's own
// (*frontier) or a Shared one.
type frontierQueue interface {
	queue.Storage
	push(r store.Request) error
	done(u string)
	abandon(u string)
	stop()
	pending() int
	inFlight() int
}

// claimer is the seen set: the process's own (*seenSet) or a Shared one.
type claimer interface {
	add(u, referrer string) bool
	addAll(us []string, referrer string) []bool
	len() int
}

// sharedQueue adapts a Shared to the run's interfaces.
type sharedQueue struct{ Shared }

func (s sharedQueue) push(r store.Request) error  { return s.Push(r) }
func (s sharedQueue) done(u string)               { s.Done(u) }
func (s sharedQueue) abandon(u string)            { s.Abandon(u) }
func (s sharedQueue) stop()                       { s.Stop() }
func (s sharedQueue) pending() int                { return s.Pending() }
func (s sharedQueue) inFlight() int               { return s.InFlight() }
func (s sharedQueue) add(u, referrer string) bool { return s.Claim(u, referrer) }
func (s sharedQueue) addAll(us []string, referrer string) []bool {
	return s.ClaimAll(us, referrer)
}
func (s sharedQueue) len() int { return -1 } // the job's set is not counted here
