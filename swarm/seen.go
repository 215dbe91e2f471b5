package swarm

import (
	"context"
	"errors"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
)

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
