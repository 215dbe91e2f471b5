package swarm

import (
	"context"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

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
		// Taken from acks into holding at once, so that close waits for
		// them and heartbeats keep them.
		w.mu.Lock()
		batch := w.acks
		w.acks = nil
		for _, h := range batch {
			w.holding[h] = true
		}
		w.mu.Unlock()
		if len(batch) == 0 {
			continue
		}
		// What is acknowledged must be in the shard: a worker dying after
		// the ack would otherwise lose the page.
		if err := w.w.Flush(); err != nil {
			w.log.Error("shard commit failed; giving the URLs back", "err", err)
			for _, h := range batch {
				h.noAck = true
			}
		}
		for _, h := range batch {
			switch wait := h.hold - time.Since(h.doneAt); {
			case h.noAck:
				w.calls.Add(1)
				h.msg.Nak()
				w.release(h)
			case wait > 0:
				time.AfterFunc(wait, func() { w.ack(h) })
			default:
				// Each its own round trip, all at once: one after the
				// other, they would hold the consumer's slots longer.
				w.wg.Go(func() { w.ack(h) })
			}
		}
	}
}

func (w *worker) ack(h *held) {
	if !w.settle(h) {
		w.calls.Add(1)
		h.msg.Nak()
		w.release(h)
		return
	}
	w.calls.Add(1)
	err := retry(w.bg, "ack", w.log, func(ctx context.Context) error { return h.msg.DoubleAck(ctx) })
	if err != nil {
		w.log.Warn("ack failed; the URL may be fetched again", "url", h.req.URL, "err", err)
	}
	w.release(h)
}

// release forgets h, acknowledged or given back.
func (w *worker) release(h *held) {
	w.mu.Lock()
	delete(w.holding, h)
	// Nothing held here any more: the depth may be over, look at once.
	w.dry = w.dry || len(w.buf)+len(w.inflight)+len(w.acks)+len(w.holding) == 0
	w.mu.Unlock()
	poke(w.room)
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
