package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/crawler"
	"infocrawl/store"
)

// headerHold carries how long to hold a URL's message after its fetch
// before acknowledging it: the host's delay, so that it holds for the job.
const headerHold = "Infocrawl-Hold"

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
	wg                  sync.WaitGroup

	// Wake-ups: a request is ready (or the job over); room for one more
	// here; an outcome to acknowledge.
	ready, room, outcome chan struct{}

	mu          sync.Mutex       // protects the fields below
	buf         []*held          // pulled, not yet handed to Colly
	inflight    map[string]*held // handed to Colly, no outcome yet
	acks        []*held          // outcome submitted, waiting for the shard's commit
	holding     map[*held]bool   // committed, held for the host's delay
	redelivered map[string]bool  // URLs in flight delivered before
	claimed     map[string]bool  // URLs known to be claimed by some worker
	hostDelay   map[string]time.Duration
	consumers   map[string]jetstream.Consumer // by subject
	over        bool                          // the job is done
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
		inflight: map[string]*held{}, holding: map[*held]bool{}, redelivered: map[string]bool{},
		claimed: map[string]bool{}, hostDelay: map[string]time.Duration{}, consumers: map[string]jetstream.Consumer{},
	}
	if copts.Parallel <= 0 {
		w.parallel = 8 // crawler's default
	}
	w.bg, w.cancelBg = context.WithCancel(context.Background())
	w.stopCtx, w.cancelRun = context.WithCancel(w.bg)
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

// Init implements queue.Storage.
func (w *worker) Init() error { return nil }

// AddRequest implements queue.Storage; the crawler pushes with Push.
func (w *worker) AddRequest([]byte) error {
	return errors.New("swarm: AddRequest: use Push")
}

// QueueSize implements queue.Storage: it waits until a request is ready
// here, and returns 0 only when the job is over or the worker stops.
func (w *worker) QueueSize() (int, error) {
	for {
		w.mu.Lock()
		n, over := len(w.buf), w.over || w.stopped
		w.mu.Unlock()
		if n > 0 || over {
			return n, nil
		}
		select {
		case <-w.ready:
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// GetRequest implements queue.Storage.
func (w *worker) GetRequest() ([]byte, error) {
	w.mu.Lock()
	if len(w.buf) == 0 {
		w.mu.Unlock()
		return nil, errors.New("swarm: nothing ready")
	}
	h := w.buf[0]
	w.buf = w.buf[1:]
	w.inflight[h.req.URL] = h
	w.mu.Unlock()
	return crawler.EncodeRequest(h.req)
}

// Pending implements crawler.Shared: the job's URLs not yet done, as last
// seen.
func (w *worker) Pending() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.queued
}

// InFlight implements crawler.Shared.
func (w *worker) InFlight() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.inflight)
}

// Stop implements crawler.Shared.
func (w *worker) Stop() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.cancelRun()
	poke(w.ready)
}

// Done implements crawler.Shared: u's outcome is submitted; its message is
// acknowledged once the shard has committed it.
func (w *worker) Done(u string) {
	w.mu.Lock()
	h := w.inflight[u]
	delete(w.inflight, u)
	delete(w.redelivered, u)
	if h != nil {
		h.doneAt = time.Now()
		w.acks = append(w.acks, h)
	}
	w.mu.Unlock()
	poke(w.outcome)
	poke(w.room)
}

// Abandon implements crawler.Shared: u has no outcome and goes back to the
// stream for any worker.
func (w *worker) Abandon(u string) {
	w.mu.Lock()
	if h := w.inflight[u]; h != nil {
		h.noAck = true
	}
	w.mu.Unlock()
}

// HostDelay implements crawler.Shared.
func (w *worker) HostDelay(host string, crawlDelay time.Duration) {
	w.mu.Lock()
	w.hostDelay[host] = crawlDelay
	w.mu.Unlock()
}

// claimKey is the bucket key of a URL's claim.
func claimKey(u string) string { return "u." + hash(u)[:40] }

// claim values: the referrer, a newline, the claiming worker.
func claimValue(referrer, id string) []byte { return []byte(referrer + "\n" + id) }

// Claim implements crawler.Shared with an atomic create in the bucket.
// A URL already claimed is this worker's again when the claim was made
// for the same page by this worker, or by any worker for a page that is
// being fetched again after its worker died: that worker may have died
// between claiming the URL and pushing it. Pushing it twice is harmless:
// the stream drops the second copy.
func (w *worker) Claim(u, referrer string) bool {
	w.mu.Lock()
	redo := w.redelivered[referrer] || referrer == ""
	known := w.claimed[u]
	w.mu.Unlock()
	if known && !redo {
		return false
	}
	key := claimKey(u)
	mine := false
	err := retry(w.stopCtx, "claim", w.log, func(ctx context.Context) error {
		w.calls.Add(1)
		_, err := w.kv.Create(ctx, key, claimValue(referrer, w.id))
		if err == nil {
			mine = true
			return nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return err
		}
		e, err := w.kv.Get(ctx, key)
		if err != nil {
			return err
		}
		ref, by, _ := strings.Cut(string(e.Value()), "\n")
		switch {
		case ref != referrer:
		case by == w.id, referrer != "" && redo:
			mine = true
		case referrer == "":
			// The entry: claimed, but nothing ever published means its
			// claimer died before pushing it.
			info, err := w.stream.Info(ctx)
			if err != nil {
				return err
			}
			mine = info.State.LastSeq == 0
		}
		return nil
	})
	if err != nil {
		w.log.Error("claim failed; the page will be fetched again", "url", u, "referrer", referrer, "err", err)
		w.Abandon(referrer)
		return false
	}
	w.mu.Lock()
	w.claimed[u] = true
	w.mu.Unlock()
	return mine
}

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

// Push implements crawler.Shared: it publishes r and waits for the
// stream's acknowledgement.
func (w *worker) Push(r store.Request) error {
	u, err := url.Parse(r.URL)
	if err != nil {
		return fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	part, hold := w.partition(u.Host)
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	msg := nats.NewMsg(fmt.Sprintf("%s.%d.%s", w.subject, r.Depth, part))
	msg.Data = data
	if hold > 0 {
		msg.Header.Set(headerHold, hold.String())
	}
	err = retry(w.stopCtx, "push", w.log, func(ctx context.Context) error {
		w.calls.Add(1)
		_, err := w.js.PublishMsg(ctx, msg, jetstream.WithMsgID(hash(r.URL)))
		return err
	})
	if err != nil {
		// The page that found r is given back, so r is found again.
		w.Abandon(r.Referrer)
		return fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	return nil
}

// level is the job's state: the smallest depth with URLs left, and its
// subjects.
type level struct {
	depth    int
	subjects []string
	total    uint64 // messages in the stream
	lastSeq  uint64
}

func (w *worker) level(ctx context.Context) (level, error) {
	w.calls.Add(1)
	info, err := w.stream.Info(ctx, jetstream.WithSubjectFilter(w.subject+".>"))
	if err != nil {
		return level{}, err
	}
	l := level{depth: -1, total: info.State.Msgs, lastSeq: info.State.LastSeq}
	for subj, n := range info.State.Subjects {
		rest, _ := strings.CutPrefix(subj, w.subject+".")
		ds, _, _ := strings.Cut(rest, ".")
		d, err := strconv.Atoi(ds)
		if n == 0 || err != nil {
			continue
		}
		switch {
		case l.depth < 0 || d < l.depth:
			l.depth, l.subjects = d, []string{subj}
		case d == l.depth:
			l.subjects = append(l.subjects, subj)
		}
	}
	sort.Strings(l.subjects)
	return l, nil
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

// pull keeps up to parallel requests ready or in flight here, taking them
// from the current depth's consumers, and ends the job when the stream is
// empty.
func (w *worker) pull() {
	defer w.wg.Done()
	var (
		lv        level
		fresh     time.Time
		next      int
		emptySeen time.Time
	)
	for w.stopCtx.Err() == nil {
		w.mu.Lock()
		free := w.parallel - len(w.buf) - len(w.inflight)
		w.mu.Unlock()
		if free <= 0 {
			select {
			case <-w.room:
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		if time.Since(fresh) > 250*time.Millisecond || len(lv.subjects) == 0 {
			var err error
			err = retry(w.stopCtx, "stream info", w.log, func(ctx context.Context) error {
				lv, err = w.level(ctx)
				return err
			})
			if err != nil {
				return
			}
			fresh = time.Now()
			w.mu.Lock()
			w.queued = int(lv.total)
			w.mu.Unlock()
			if lv.total == 0 {
				// Nothing ever published: the entry's claimer is still
				// checking robots.txt, or the entry was refused.
				if emptySeen.IsZero() {
					emptySeen = time.Now()
				}
				if lv.lastSeq > 0 || time.Since(emptySeen) > w.o.AckWait {
					w.finish(lv.lastSeq)
					return
				}
				w.sleep(50 * time.Millisecond)
				continue
			}
			emptySeen = time.Time{}
		}
		if len(lv.subjects) == 0 {
			w.sleep(50 * time.Millisecond) // all in flight, at a depth with no message for a moment
			fresh = time.Time{}
			continue
		}
		got := 0
		if len(lv.subjects) == 1 {
			got = w.fetch(lv.subjects[0], free, true)
		} else {
			for i := 0; i < len(lv.subjects) && free > 0; i++ {
				n := w.fetch(lv.subjects[(next+i)%len(lv.subjects)], free, false)
				got += n
				free -= n
			}
			next++
			if got == 0 {
				w.sleep(10 * time.Millisecond)
			}
		}
		if got == 0 {
			fresh = time.Time{} // the depth may be over
		}
	}
}

func (w *worker) sleep(d time.Duration) {
	select {
	case <-w.stopCtx.Done():
	case <-time.After(d):
	}
}

func (w *worker) finish(lastSeq uint64) {
	w.mu.Lock()
	w.over = true
	w.mu.Unlock()
	poke(w.ready)
	w.log.Info("job over: the frontier is empty", "urls", lastSeq)
}

// fetch takes up to n messages of subject into buf; wait: let the server
// hold the request open a moment for messages to come.
func (w *worker) fetch(subject string, n int, wait bool) int {
	c, err := w.consumer(w.stopCtx, subject)
	if err != nil {
		w.log.Warn("pull", "err", err)
		w.sleep(100 * time.Millisecond)
		return 0
	}
	w.calls.Add(1)
	var batch jetstream.MessageBatch
	if wait {
		batch, err = c.Fetch(n, jetstream.FetchMaxWait(250*time.Millisecond))
	} else {
		batch, err = c.FetchNoWait(n)
	}
	if err != nil {
		w.log.Debug("pull", "subject", subject, "err", err)
		w.sleep(100 * time.Millisecond)
		return 0
	}
	got := 0
	for m := range batch.Messages() {
		got++
		w.take(m)
	}
	return got
}

// take adds a pulled message to buf.
func (w *worker) take(m jetstream.Msg) {
	var r store.Request
	if err := json.Unmarshal(m.Data(), &r); err != nil || r.URL == "" {
		w.log.Error("dropping a malformed message", "subject", m.Subject(), "err", err)
		m.Term()
		return
	}
	h := &held{msg: m, req: r}
	if d, err := time.ParseDuration(m.Headers().Get(headerHold)); err == nil {
		h.hold = d
	}
	meta, err := m.Metadata()
	w.mu.Lock()
	defer w.mu.Unlock()
	if old := w.inflight[r.URL]; old != nil {
		// Redelivered to us while we hold it (our heartbeats were lost):
		// acknowledge through the newest delivery.
		old.msg = m
		return
	}
	if err == nil && meta.NumDelivered > 1 {
		w.redelivered[r.URL] = true
	}
	w.buf = append(w.buf, h)
	poke(w.ready)
}

// acknowledge acknowledges the messages whose outcome the shard has
// committed, after their host's delay.
func (w *worker) acknowledge() {
	defer w.wg.Done()
	for {
		select {
		case <-w.outcome:
		case <-time.After(20 * time.Millisecond):
		case <-w.bg.Done():
			return
		}
		w.mu.Lock()
		batch := w.acks
		w.acks = nil
		w.mu.Unlock()
		if len(batch) == 0 {
			continue
		}
		// What is acknowledged must be in the shard: a worker dying after
		// the ack would otherwise lose the page.
		if err := w.w.Flush(); err != nil {
			w.log.Error("shard commit failed; giving the URLs back", "err", err)
			for _, h := range batch {
				h.msg.Nak()
			}
			continue
		}
		for _, h := range batch {
			if h.noAck {
				w.calls.Add(1)
				h.msg.Nak()
				continue
			}
			if wait := h.hold - time.Since(h.doneAt); wait > 0 {
				w.mu.Lock()
				w.holding[h] = true
				w.mu.Unlock()
				time.AfterFunc(wait, func() { w.ack(h) })
				continue
			}
			w.ack(h)
		}
	}
}

func (w *worker) ack(h *held) {
	w.calls.Add(1)
	err := retry(w.bg, "ack", w.log, func(ctx context.Context) error { return h.msg.DoubleAck(ctx) })
	if err != nil {
		w.log.Warn("ack failed; the URL may be fetched again", "url", h.req.URL, "err", err)
	}
	w.mu.Lock()
	delete(w.holding, h)
	w.mu.Unlock()
}

// heartbeat tells the server that the messages held here are still being
// worked on, so only a silent worker's messages are redelivered.
func (w *worker) heartbeat() {
	defer w.wg.Done()
	t := time.NewTicker(w.o.AckWait / 3)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-w.bg.Done():
			return
		}
		w.mu.Lock()
		var msgs []jetstream.Msg
		for _, h := range w.buf {
			msgs = append(msgs, h.msg)
		}
		for _, h := range w.inflight {
			msgs = append(msgs, h.msg)
		}
		for _, h := range w.acks {
			msgs = append(msgs, h.msg)
		}
		for h := range w.holding {
			msgs = append(msgs, h.msg)
		}
		w.mu.Unlock()
		for _, m := range msgs {
			m.InProgress()
		}
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

// Robots implements crawler.Shared: the first worker to create the host's
// key fetches robots.txt and stores it there; the others wait for it. A
// fetcher silent for the ack wait is taken over.
func (w *worker) Robots(ctx context.Context, host string, fetch func(context.Context) crawler.RobotsFile) crawler.RobotsFile {
	key := "r." + hash(host)[:40]
	publish := func() crawler.RobotsFile {
		f := fetch(ctx)
		data, _ := json.Marshal(f)
		err := retry(w.stopCtx, "robots", w.log, func(ctx context.Context) error {
			w.calls.Add(1)
			_, err := w.kv.Put(ctx, key, data)
			return err
		})
		if err != nil {
			w.log.Warn("robots.txt not shared", "host", host, "err", err)
		}
		return f
	}
	created := false
	err := retry(w.stopCtx, "robots", w.log, func(ctx context.Context) error {
		w.calls.Add(1)
		_, err := w.kv.Create(ctx, key, []byte{})
		created = err == nil
		if err != nil && errors.Is(err, jetstream.ErrKeyExists) {
			return nil
		}
		return err
	})
	if err != nil || created {
		return publish()
	}
	for deadline := time.Now().Add(w.o.AckWait); time.Now().Before(deadline) && w.stopCtx.Err() == nil; {
		w.calls.Add(1)
		if e, err := w.kv.Get(w.stopCtx, key); err == nil && len(e.Value()) > 0 {
			var f crawler.RobotsFile
			if err := json.Unmarshal(e.Value(), &f); err == nil {
				return f
			}
			break
		}
		w.sleep(50 * time.Millisecond)
	}
	return publish()
}
