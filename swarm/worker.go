package swarm

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/crawler"
	"infocrawl/store"
)

// worker is one process's part in a job: crawler.Shared over JetStream.
type worker struct {
	js      jetstream.JetStream
	nc      *nats.Conn
	stream  jetstream.Stream
	kv      jetstream.KeyValue
	o       Options
	log     *slog.Logger
	id      string // in the claims it writes
	subject string // subjects' prefix
	// parallel is the per-host parallelism for the job: the consumers'
	// MaxAckPending, and the number of this worker's fetches at once.
	parallel int
	delay    time.Duration

	w *store.Writer // the shard's, from Start

	// bg lives until close (acks, heartbeats); calls made for the crawl's
	// requests use stopCtx, which Stop ends, so a stopping worker does not
	// wait on an unreachable server.
	bg, stopCtx         context.Context
	cancelBg, cancelRun context.CancelFunc
	// overCtx ends when the job is over (or at close).
	overCtx    context.Context
	cancelOver context.CancelFunc
	wg         sync.WaitGroup

	// Wake-ups: a request is ready (or the job over); room for one more
	// here; an outcome to acknowledge.
	ready, room, outcome chan struct{}

	mu          sync.Mutex       // protects the fields below
	buf         []*held          // pulled, not yet handed to Colly
	asked       map[string]int   // messages asked for by fetches still open, by subject
	dry         bool             // a fetch ended short, or nothing is held here: the depth may be over
	inflight    map[string]*held // handed to Colly, no outcome yet
	acks        []*held          // outcome submitted, waiting for the shard's commit
	holding     map[*held]bool   // taken to be acknowledged: being committed, held for the host's delay, or acknowledged
	redelivered map[string]bool  // URLs in flight delivered before
	claimed     map[string]bool  // URLs known to be claimed by some worker
	hostDelay   map[string]time.Duration
	consumers   map[string]jetstream.Consumer // by subject
	over        bool                          // the job is done
	err         error                         // why it ended, if not done
	stopped     bool
	queued      int // messages in the stream when last looked

	// counters for the benchmark: JetStream calls made for the crawl.
	calls atomic.Int64
}

// held is a message taken from the stream.
type held struct {
	msg    jetstream.Msg
	req    store.Request
	hold   time.Duration
	doneAt time.Time
	noAck  bool // abandoned: no outcome, give it back
	// pubs are the page's links published and not yet acknowledged by the
	// stream (guarded by worker.mu).
	pubs []jetstream.PubAckFuture
}

func workerName() string {
	h, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-%d", h, os.Getpid(), time.Now().UnixNano()%1e6)
}

func newWorker(nc *nats.Conn, js jetstream.JetStream, stream jetstream.Stream, kv jetstream.KeyValue, copts crawler.Options, o Options, id string, log *slog.Logger) *worker {
	w := &worker{
		js: js, nc: nc, stream: stream, kv: kv, o: o, log: log, id: id,
		subject: subjects(o.Job), parallel: max(copts.Parallel, 1), delay: copts.Delay,
		ready: make(chan struct{}, 1), room: make(chan struct{}, 1), outcome: make(chan struct{}, 1),
		inflight: map[string]*held{}, asked: map[string]int{}, holding: map[*held]bool{}, redelivered: map[string]bool{},
		claimed: map[string]bool{}, hostDelay: map[string]time.Duration{}, consumers: map[string]jetstream.Consumer{},
	}
	if copts.Parallel <= 0 {
		w.parallel = 8 // crawler's default
	}
	w.bg, w.cancelBg = context.WithCancel(context.Background())
	w.stopCtx, w.cancelRun = context.WithCancel(w.bg)
	w.overCtx, w.cancelOver = context.WithCancel(w.bg)
	return w
}

func poke(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Start implements crawler.Shared: the writer is known, the background
// work begins.
func (w *worker) Start(wr *store.Writer) {
	w.w = wr
	w.wg.Add(3)
	go w.pull()
	go w.acknowledge()
	go w.heartbeat()
}

func (w *worker) sleep(d time.Duration) {
	select {
	case <-w.stopCtx.Done():
	case <-time.After(d):
	}
}

// close acknowledges what the shard holds (the crawl's writer is closed,
// so everything Done is committed), gives the rest back to the stream and
// leaves the server.
func (w *worker) close() {
	w.Stop()
	// Wait for the last acknowledgements, unless the server is away.
	for deadline := time.Now().Add(w.o.AckWait); time.Now().Before(deadline); {
		w.mu.Lock()
		n := len(w.acks) + len(w.holding)
		w.mu.Unlock()
		if n == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.cancelBg()
	w.wg.Wait()
	w.mu.Lock()
	for _, h := range w.buf {
		h.msg.Nak()
	}
	for _, h := range w.inflight {
		h.msg.Nak()
	}
	w.buf, w.inflight = nil, map[string]*held{}
	w.mu.Unlock()
	if err := w.nc.Drain(); err != nil {
		w.nc.Close()
	}
}
