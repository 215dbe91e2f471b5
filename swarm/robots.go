package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"infocrawl/crawler"
)

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
