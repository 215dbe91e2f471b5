package swarm

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
)

// claimKey is the bucket key of a URL's claim.
func claimKey(u string) string { return "u." + hash(u)[:40] }

// claim values: the referrer, a newline, the claiming worker.
func claimValue(referrer, id string) []byte { return []byte(referrer + "\n" + id) }

// claimsAtOnce bounds a page's claims in flight together.
const claimsAtOnce = 32

// Claim implements crawler.Shared with an atomic create in the bucket.
// A URL already claimed is this worker's again when the claim was made
// for the same page by this worker, or by any worker for a page that is
// being fetched again after its worker died: that worker may have died
// between claiming the URL and pushing it. Pushing it twice is harmless:
// the stream drops the second copy.
func (w *worker) Claim(u, referrer string) bool {
	return w.ClaimAll([]string{u}, referrer)[0]
}

// ClaimAll implements crawler.Shared: Claim of each URL, all at once.
func (w *worker) ClaimAll(us []string, referrer string) []bool {
	mine := make([]bool, len(us))
	w.mu.Lock()
	redo := w.redelivered[referrer] || referrer == ""
	var todo []int
	first := make(map[string]bool, len(us))
	for i, u := range us {
		if !first[u] && (redo || !w.claimed[u]) {
			todo = append(todo, i)
		}
		first[u] = true
	}
	w.mu.Unlock()
	var failed bool
	var wg sync.WaitGroup
	slots := make(chan struct{}, claimsAtOnce)
	for _, i := range todo {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			ok, err := w.claim(us[i], referrer, redo)
			w.mu.Lock()
			defer w.mu.Unlock()
			if err != nil {
				failed = true
				w.log.Error("claim failed; the page will be fetched again", "url", us[i], "referrer", referrer, "err", err)
				return
			}
			mine[i] = ok
			w.claimed[us[i]] = true
		})
	}
	wg.Wait()
	if failed {
		w.Abandon(referrer)
	}
	return mine
}

// claim creates u's claim in the bucket, retrying while the server is
// away, and says whether u is this worker's to push.
func (w *worker) claim(u, referrer string, redo bool) (mine bool, err error) {
	key := claimKey(u)
	again := false
	err = retry(w.stopCtx, "claim", w.log, func(ctx context.Context) error {
		w.calls.Add(1)
		_, err := w.kv.Create(ctx, key, claimValue(referrer, w.id))
		switch {
		case err == nil:
			mine = true
			return nil
		case !errors.Is(err, jetstream.ErrKeyExists):
			again = true // the create may have been made, its answer lost
			return err
		case !again && !redo && referrer != "":
			// Another page's claim, or this one's by a worker that died
			// (the page is then redelivered: redo): not ours.
			return nil
		}
		mine, err = w.claimedBefore(ctx, key, referrer, redo)
		return err
	})
	return mine, err
}

// claimedBefore reads the claim of key that exists and says whether it is
// this worker's to push all the same (see Claim).
func (w *worker) claimedBefore(ctx context.Context, key, referrer string, redo bool) (bool, error) {
	e, err := w.kv.Get(ctx, key)
	if err != nil {
		return false, err
	}
	ref, by, _ := strings.Cut(string(e.Value()), "\n")
	switch {
	case ref != referrer:
		return false, nil
	case by == w.id, referrer != "" && redo:
		return true, nil
	case referrer == "":
		// The entry: claimed, but nothing ever published means its
		// claimer died before pushing it.
		info, err := w.stream.Info(ctx)
		if err != nil {
			return false, err
		}
		return info.State.LastSeq == 0, nil
	}
	return false, nil
}
