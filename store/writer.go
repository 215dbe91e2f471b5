package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// WriterOptions configures a Writer. The zero value means the defaults.
type WriterOptions struct {
	// MaxOps commits once this many operations are waiting. Zero means 512;
	// 1 gives one transaction per operation.
	MaxOps int
	// MaxDelay commits operations that have waited this long. Zero means
	// 100ms. It bounds what a killed process loses (and so fetches again).
	MaxDelay time.Duration
	// Committed, when set, is called after each successful commit with the
	// URLs of the pages it stored, in submission order: what a reader of the
	// store can now see. It runs on the writer's goroutine, so it must not
	// wait for anything that waits for the writer.
	Committed func(pages []string)
}

// op is one write: apply runs inside the batch's transaction; page is the
// URL of the page it stores, if it stores one.
type op struct {
	apply func(tx *bolt.Tx) error
	page  string
}

// Writer commits operations in groups, in submission order, from one
// goroutine. Its methods are safe for concurrent use; they return at once
// and report a failed commit on a later call, on Flush or on Close.
type Writer struct {
	db   *DB
	opts WriterOptions
	ops  chan op
	// flushes asks the loop to commit now and reply with the result.
	flushes chan chan error
	done    chan struct{}

	// closeMu protects closed and the closing of ops: submit holds it for
	// reading while it sends, so Close never closes ops under a sender.
	closeMu sync.RWMutex
	closed  bool

	mu  sync.Mutex // protects err
	err error
}

// NewWriter starts a writer goroutine; Close stops it.
func (db *DB) NewWriter(opts WriterOptions) *Writer {
	if opts.MaxOps <= 0 {
		opts.MaxOps = 512
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = 100 * time.Millisecond
	}
	w := &Writer{
		db:      db,
		opts:    opts,
		ops:     make(chan op, opts.MaxOps),
		flushes: make(chan chan error),
		done:    make(chan struct{}),
	}
	go w.loop()
	return w
}

func (w *Writer) loop() {
	defer close(w.done)
	pending := make([]op, 0, w.opts.MaxOps)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	commit := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := w.db.bolt.Update(func(tx *bolt.Tx) error {
			for _, o := range pending {
				if err := o.apply(tx); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			w.reportCommitted(pending)
		}
		pending = pending[:0]
		if err != nil {
			err = fmt.Errorf("store: commit: %w", err)
			w.setErr(err)
		}
		return err
	}
	for {
		select {
		case o, ok := <-w.ops:
			if !ok {
				commit()
				return
			}
			if len(pending) == 0 {
				timer.Reset(w.opts.MaxDelay)
			}
			pending = append(pending, o)
			if len(pending) >= w.opts.MaxOps {
				timer.Stop()
				commit()
			}
		case <-timer.C:
			commit()
		case reply := <-w.flushes:
			// Drain what was submitted before the flush so it is included.
			for drained := false; !drained; {
				select {
				case o := <-w.ops:
					pending = append(pending, o)
				default:
					drained = true
				}
			}
			timer.Stop()
			reply <- commit()
		}
	}
}

// reportCommitted tells WriterOptions.Committed which pages ops stored.
func (w *Writer) reportCommitted(ops []op) {
	if w.opts.Committed == nil {
		return
	}
	var pages []string
	for _, o := range ops {
		if o.page != "" {
			pages = append(pages, o.page)
		}
	}
	if len(pages) > 0 {
		w.opts.Committed(pages)
	}
}

func (w *Writer) setErr(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
}

// Err returns the first commit error, if any.
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

func (w *Writer) submit(o op) error {
	w.closeMu.RLock()
	defer w.closeMu.RUnlock()
	if w.closed {
		return ErrClosed
	}
	if err := w.Err(); err != nil {
		return err
	}
	w.ops <- o
	return nil
}

// Flush commits everything submitted so far and returns the first error.
func (w *Writer) Flush() error {
	w.closeMu.RLock()
	defer w.closeMu.RUnlock()
	if w.closed {
		return w.Err()
	}
	reply := make(chan error)
	w.flushes <- reply
	if err := <-reply; err != nil {
		return err
	}
	return w.Err()
}

// Close commits what is pending and stops the goroutine.
func (w *Writer) Close() error {
	w.closeMu.Lock()
	if w.closed {
		w.closeMu.Unlock()
		return w.Err()
	}
	w.closed = true
	close(w.ops)
	w.closeMu.Unlock()
	<-w.done
	return w.Err()
}

func seqKey(seq uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], seq)
	return k[:]
}

// Enqueue adds r to the frontier and to the seen set, unless its URL was
// seen before (then it does nothing). A Revisit request is queued again
// once its URL has an outcome, but never twice while it is pending.
func (w *Writer) Enqueue(r Request) error {
	val, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store: enqueue %s: %w", r.URL, err)
	}
	return w.submit(op{apply: func(tx *bolt.Tx) error { return enqueue(tx, r, val) }})
}

func enqueue(tx *bolt.Tx, r Request, val []byte) error {
	key := []byte(r.URL)
	seen := tx.Bucket(bucketSeen)
	if v := seen.Get(key); v != nil && (!r.Revisit || len(v) == 8) {
		return nil
	}
	fr := tx.Bucket(bucketFrontier)
	seq, err := fr.NextSequence()
	if err != nil {
		return err
	}
	sk := seqKey(seq)
	if err := fr.Put(sk, val); err != nil {
		return fmt.Errorf("enqueue %s: %w", r.URL, err)
	}
	return seen.Put(key, sk)
}

// complete marks u as done: its frontier entry goes, it stays seen.
func complete(tx *bolt.Tx, key []byte) error {
	seen := tx.Bucket(bucketSeen)
	if sk := seen.Get(key); len(sk) == 8 {
		if err := tx.Bucket(bucketFrontier).Delete(sk); err != nil {
			return err
		}
	}
	return seen.Put(key, []byte{})
}

// markSeen adds urls to the seen set (redirect targets fetched under
// another URL), in the transaction of the outcome that found them.
func markSeen(tx *bolt.Tx, urls []string) error {
	seen := tx.Bucket(bucketSeen)
	for _, u := range urls {
		if seen.Get([]byte(u)) == nil {
			if err := seen.Put([]byte(u), []byte{}); err != nil {
				return err
			}
		}
	}
	return nil
}

// PutPage stores p, removes its URL from the frontier and drops any
// earlier failure of it; alsoSeen (the redirect targets it was fetched
// through) join the seen set in the same transaction. p.Body is compressed
// on the caller's goroutine.
//
// A page stored before (a refresh) whose body changed keeps its previous
// version, with its mining result, in the versions bucket (see
// KeepVersions), and loses its current result, which is mined again; one
// whose body did not change is left as it was. A page of a refresh round
// (p.Round > 0) records its visit in the same transaction.
func (w *Writer) PutPage(p *Page, alsoSeen ...string) error {
	val, err := encodePage(p)
	if err != nil {
		return fmt.Errorf("store: put page %s: %w", p.URL, err)
	}
	key := []byte(p.URL)
	return w.submit(op{page: p.URL, apply: func(tx *bolt.Tx) error {
		change, err := putVersioned(tx, key, val)
		if err != nil {
			return fmt.Errorf("put page %s: %w", p.URL, err)
		}
		if p.Round > 0 {
			v := Visit{URL: p.URL, Round: p.Round, Status: p.Status, Change: change, Referrer: p.Referrer}
			if err := putVisit(tx, v); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketFailures).Delete(key); err != nil {
			return err
		}
		if err := markSeen(tx, alsoSeen); err != nil {
			return err
		}
		return complete(tx, key)
	}})
}

// NotModified records that a refresh round found u unchanged (a 304 to
// its conditional GET): the page stays as it is, its frontier entry goes.
func (w *Writer) NotModified(u string, round, status int, referrer string) error {
	key := []byte(u)
	return w.submit(op{apply: func(tx *bolt.Tx) error {
		if err := putVisit(tx, Visit{URL: u, Round: round, Status: status, Change: ChangeNotModified, Referrer: referrer}); err != nil {
			return err
		}
		return complete(tx, key)
	}})
}

// PutFailure records why f.URL gave no page and removes it from the
// frontier; alsoSeen is as for PutPage.
func (w *Writer) PutFailure(f Failure, alsoSeen ...string) error {
	val, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("store: put failure %s: %w", f.URL, err)
	}
	key := []byte(f.URL)
	return w.submit(op{apply: func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketFailures).Put(key, val); err != nil {
			return fmt.Errorf("put failure %s: %w", f.URL, err)
		}
		if err := markSeen(tx, alsoSeen); err != nil {
			return err
		}
		return complete(tx, key)
	}})
}

// SetCookies replaces the cookies kept for host, in commit order with the
// pages (a cookie change is not worth an fsync of its own).
func (w *Writer) SetCookies(host, cookies string) error {
	return w.submit(op{apply: func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCookies).Put([]byte(host), []byte(cookies))
	}})
}
