package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/store"
)

// pull keeps up to parallel requests ready, in flight or asked for here,
// taking them from the current depth's consumers, and ends the job when
// the stream is empty.
func (w *worker) pull() {
	defer w.wg.Done()
	var p puller
	for w.stopCtx.Err() == nil {
		switch w.look(&p) {
		case quit:
			return
		case again:
			continue
		}
		free := w.free(p.lv.subjects)
		if free <= 0 {
			w.waitRoom()
			continue
		}
		if w.pullLevel(&p, free) == 0 {
			p.fresh = time.Time{} // the depth may be over
		}
	}
}

// puller is what pull knows of the job between its rounds.
type puller struct {
	lv        level
	fresh     time.Time // when lv was read
	next      int       // the subject a round across several starts at
	emptySeen time.Time // when the stream was first seen empty
	goneSince time.Time // when the stream was first found missing
}

// step is what pull does after looking at the job.
type step int

const (
	proceed step = iota // take messages from the level's subjects
	again               // start the next round
	quit                // the job is over, or the worker stopping
)

// free is the room here for more requests: Colly's threads not busy,
// less the messages still asked for from subjects (fetches of another
// depth, which has none left, do not count).
func (w *worker) free(subjects []string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := w.parallel - len(w.buf) - len(w.inflight)
	for _, s := range subjects {
		n -= w.asked[s]
	}
	return n
}

// waitRoom waits a moment for a request here to finish.
func (w *worker) waitRoom() {
	select {
	case <-w.room:
	case <-time.After(20 * time.Millisecond): // as often as stale looks while threads are idle
	}
}

// look reads the job's level again when the last one is old or had
// nothing to take.
func (w *worker) look(p *puller) step {
	if time.Since(p.fresh) <= w.stale() && len(p.lv.subjects) > 0 {
		return proceed
	}
	var err error
	err = retry(w.stopCtx, "stream info", w.log, func(ctx context.Context) error {
		p.lv, err = w.level(ctx)
		return err
	})
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		// Gone for good, not a server recovering from a restart.
		if p.goneSince.IsZero() {
			p.goneSince = time.Now()
		}
		if time.Since(p.goneSince) < 2*time.Second {
			w.sleep(250 * time.Millisecond)
			return again
		}
		w.fail(fmt.Errorf("swarm: job %s: %w (deleted while running)", w.o.Job, ErrNoJob))
		return quit
	}
	if err != nil {
		return quit
	}
	p.goneSince = time.Time{}
	p.fresh = time.Now()
	w.mu.Lock()
	w.queued = int(p.lv.total)
	w.mu.Unlock()
	if p.lv.total == 0 {
		return w.empty(p)
	}
	p.emptySeen = time.Time{}
	if len(p.lv.subjects) == 0 {
		w.sleep(50 * time.Millisecond) // all in flight, at a depth with no message for a moment
		p.fresh = time.Time{}
		return again
	}
	return proceed
}

// stale is how old the job's level may be: while threads here are idle
// and the fetches asked for bring nothing, the depth may be over, and the
// next one is looked for often.
func (w *worker) stale() time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.dry {
		w.dry = false
		return 0
	}
	if len(w.buf)+len(w.inflight) < w.parallel {
		return 20 * time.Millisecond
	}
	return 250 * time.Millisecond
}

// empty ends the job on an empty stream. When nothing was ever published
// it waits up to the ack wait: the entry's claimer may still be checking
// robots.txt, or the entry was refused.
func (w *worker) empty(p *puller) step {
	if p.emptySeen.IsZero() {
		p.emptySeen = time.Now()
	}
	if p.lv.lastSeq > 0 || time.Since(p.emptySeen) > w.o.AckWait {
		w.finish(p.lv.lastSeq)
		return quit
	}
	w.waitRoom() // or the entry's push
	return again
}

// pullLevel asks for up to free messages of the level's subjects and says
// how many it asked for or took. A lone subject's fetch stays open on the
// server a moment, in the background, so that every slot freed on the
// server is handed out at once; several subjects are taken in turn,
// without waiting, so none starves.
func (w *worker) pullLevel(p *puller, free int) int {
	subjects := p.lv.subjects
	if len(subjects) == 1 {
		return w.ask(subjects[0], free)
	}
	got := 0
	for i := 0; i < len(subjects) && free > 0; i++ {
		n := w.fetch(subjects[(p.next+i)%len(subjects)], free)
		got += n
		free -= n
	}
	p.next++
	if got == 0 {
		w.sleep(10 * time.Millisecond)
	}
	return got
}

// fail ends the worker's part with err.
func (w *worker) fail(err error) {
	w.mu.Lock()
	w.err, w.over = err, true
	w.mu.Unlock()
	w.cancelOver()
	w.Stop() // the crawl's calls to the server end too
	w.log.Error("job failed", "err", err)
}

func (w *worker) finish(lastSeq uint64) {
	w.mu.Lock()
	w.over = true
	w.mu.Unlock()
	w.cancelOver()
	poke(w.ready)
	w.log.Info("job over: the frontier is empty", "urls", lastSeq)
}

// fetch takes up to n messages of subject into buf, those the server has
// now.
func (w *worker) fetch(subject string, n int) int {
	c, err := w.consumer(w.stopCtx, subject)
	if err != nil {
		w.log.Warn("pull", "err", err)
		w.sleep(100 * time.Millisecond)
		return 0
	}
	w.calls.Add(1)
	batch, err := c.FetchNoWait(n)
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

// ask asks for n messages of subject, which the server sends as they come
// (as its slots free up) for a moment; they go to buf as they arrive. It
// returns n, or 0 when it could not ask.
func (w *worker) ask(subject string, n int) int {
	c, err := w.consumer(w.stopCtx, subject)
	if err != nil {
		w.log.Warn("pull", "err", err)
		w.sleep(100 * time.Millisecond)
		return 0
	}
	w.calls.Add(1)
	// Ended early only when the job is over: nothing can come then. A
	// worker stopping mid-job lets its fetches run out instead, and gives
	// back what they bring; a message sent to a fetch that has gone would
	// wait the ack wait before going to another worker.
	ctx, cancel := context.WithTimeout(w.overCtx, 250*time.Millisecond)
	batch, err := c.Fetch(n, jetstream.FetchContext(ctx))
	if err != nil {
		cancel()
		w.log.Debug("pull", "subject", subject, "err", err)
		w.sleep(100 * time.Millisecond)
		return 0
	}
	w.mu.Lock()
	w.asked[subject] += n
	w.mu.Unlock()
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		defer cancel()
		got := 0
		for m := range batch.Messages() {
			got++
			w.mu.Lock()
			w.asked[subject]--
			w.mu.Unlock()
			w.take(m)
		}
		w.mu.Lock()
		w.asked[subject] -= n - got
		w.dry = w.dry || got < n
		w.mu.Unlock()
		poke(w.room)
	}()
	return n
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
