package swarm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/store"
)

// Push implements crawler.Shared. A link found on a page held here is
// published without waiting: the page is acknowledged only once the
// stream has acknowledged its links (settle). Others (the entry) are
// published and acknowledged at once.
func (w *worker) Push(r store.Request) error {
	msg, err := w.message(r)
	if err != nil {
		return err
	}
	w.mu.Lock()
	h := w.inflight[r.Referrer]
	w.mu.Unlock()
	if h != nil {
		w.calls.Add(1)
		if f, err := w.js.PublishMsgAsync(msg, jetstream.WithMsgID(hash(r.URL))); err == nil {
			w.mu.Lock()
			h.pubs = append(h.pubs, f)
			w.mu.Unlock()
			return nil
		}
	}
	if err := w.publish(w.stopCtx, msg); err != nil {
		// The page that found r is given back, so r is found again.
		w.Abandon(r.Referrer)
		return fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	poke(w.room) // pull may be waiting for the entry
	return nil
}

// message is r's message on the stream.
func (w *worker) message(r store.Request) (*nats.Msg, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	part, hold := w.partition(u.Host)
	data, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("swarm: push %s: %w", r.URL, err)
	}
	msg := nats.NewMsg(fmt.Sprintf("%s.%d.%s", w.subject, r.Depth, part))
	msg.Data = data
	msg.Header.Set(jetstream.MsgIDHeader, hash(r.URL))
	if hold > 0 {
		msg.Header.Set(headerHold, hold.String())
	}
	return msg, nil
}

// publish publishes msg and waits for the stream's acknowledgement,
// retrying while the server is away. The message's ID (its URL's hash)
// makes the stream drop a copy it already holds.
func (w *worker) publish(ctx context.Context, msg *nats.Msg) error {
	return retry(ctx, "push", w.log, func(ctx context.Context) error {
		w.calls.Add(1)
		_, err := w.js.PublishMsg(ctx, msg)
		return err
	})
}

// settle waits for the stream's acknowledgements of the links h's page
// pushed, publishing again those that failed; false when one is not in
// the stream, and the page must be fetched again.
func (w *worker) settle(h *held) bool {
	w.mu.Lock()
	pubs := h.pubs
	h.pubs = nil
	w.mu.Unlock()
	for _, f := range pubs {
		select {
		case <-f.Ok():
			continue
		case err := <-f.Err():
			w.log.Debug("push failed; publishing again", "subject", f.Msg().Subject, "err", err)
		case <-w.bg.Done():
			return false
		}
		if err := w.publish(w.bg, f.Msg()); err != nil {
			w.log.Warn("push failed; the page will be fetched again", "url", h.req.URL, "err", err)
			return false
		}
	}
	return true
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
