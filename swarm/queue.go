package swarm

import (
	"errors"
	"time"

	"infocrawl/crawler"
)

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
