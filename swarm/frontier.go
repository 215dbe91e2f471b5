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
