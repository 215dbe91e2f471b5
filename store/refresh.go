package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A refresh revisits a finished crawl's lists in rounds. The store keeps
// what a round needs to resume after a kill and what an export needs to
// say what changed: each page's earlier versions, each round's visits
// (written with the outcome they record), the rounds, and each list's
// revisit schedule.

// What a refresh round's fetch did to a page (Visit.Change).
const (
	ChangeNew         = "new"          // a page the store did not hold
	ChangeUpdated     = "updated"      // a stored page whose body changed: its old version is kept
	ChangeSame        = "same"         // answered 200 with the body the store holds
	ChangeNotModified = "not-modified" // answered 304
)

// DefaultKeepVersions is how many versions of a page are kept, the
// current one included, unless SetKeepVersions says otherwise.
const DefaultKeepVersions = 2

// Visit is one fetch of a refresh round.
type Visit struct {
	URL      string `json:"url"`
	Round    int    `json:"round"`
	Status   int    `json:"status"`
	Change   string `json:"change"`
	Referrer string `json:"referrer,omitempty"`
}

// Round is one refresh round. Ended is zero while it runs (or was killed).
type Round struct {
	N       int       `json:"n"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended,omitzero"`
	Queued  int       `json:"queued"` // lists (and pages) queued to revisit at its start
	// Filled in when it ends, from its visits.
	Fetched     int `json:"fetched"`
	New         int `json:"new"`
	Updated     int `json:"updated"`
	Same        int `json:"same"`
	NotModified int `json:"not_modified"`
	Revisited   int `json:"revisited"` // stored pages fetched again (updated + same + not modified)
}

// Schedule is when a refresh revisits a list, learnt from what its visits
// found.
type Schedule struct {
	URL      string `json:"url"`
	Interval int    `json:"interval"` // rounds between visits
	Next     int    `json:"next"`     // the round it is due in
	Visits   int    `json:"visits"`
	Found    int    `json:"found"`             // new stories its visits led to, in all
	History  []int  `json:"history,omitempty"` // new stories of its last visits, oldest first
}

// Version is an earlier version of a page, with its mining result.
type Version struct {
	Page  *Page
	Mined []byte // nil if it was never mined
}

func roundKey(round int) []byte { return seqKey(uint64(round)) }

func versionPrefix(u string) []byte { return append([]byte(u), 0) }

// putVersioned stores a page record, keeping the previous one (and its
// mining result) as a version when the body changed; an unchanged body
// leaves the stored record as it is. It returns what happened.
func putVersioned(tx *bolt.Tx, key, val []byte) (string, error) {
	pages := tx.Bucket(bucketPages)
	old := pages.Get(key)
	if old == nil {
		return ChangeNew, pages.Put(key, val)
	}
	if sameBody(old, val) {
		return ChangeSame, nil
	}
	keep := keepVersions(tx)
	if keep > 1 {
		vb := tx.Bucket(bucketVersions)
		seq, err := vb.NextSequence()
		if err != nil {
			return "", err
		}
		mined := tx.Bucket(bucketMined).Get(key)
		rec := binary.AppendUvarint(nil, uint64(len(old)))
		rec = append(append(rec, old...), mined...)
		if err := vb.Put(append(versionPrefix(string(key)), seqKey(seq)...), rec); err != nil {
			return "", err
		}
		if err := trimVersions(vb, string(key), keep-1); err != nil {
			return "", err
		}
	}
	if err := tx.Bucket(bucketMined).Delete(key); err != nil {
		return "", err
	}
	return ChangeUpdated, pages.Put(key, val)
}

// trimVersions keeps a page's newest n earlier versions.
func trimVersions(vb *bolt.Bucket, u string, n int) error {
	prefix := versionPrefix(u)
	var keys [][]byte
	c := vb.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, append([]byte(nil), k...))
	}
	for _, k := range keys[:max(0, len(keys)-n)] {
		if err := vb.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func keepVersions(tx *bolt.Tx) int {
	if n, err := strconv.Atoi(string(tx.Bucket(bucketMeta).Get(keyKeep))); err == nil && n > 0 {
		return n
	}
	return DefaultKeepVersions
}

func putVisit(tx *bolt.Tx, v Visit) error {
	return putJSON(tx.Bucket(bucketVisits), append(roundKey(v.Round), v.URL...), v)
}

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	val, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, val)
}

// eachVisit calls fn for every visit of a round, in URL order.
func eachVisit(b *bolt.Bucket, round int, fn func(v Visit) error) error {
	c := b.Cursor()
	prefix := roundKey(round)
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var vis Visit
		if err := json.Unmarshal(v, &vis); err != nil {
			return fmt.Errorf("visit %q: %w", k, err)
		}
		if err := fn(vis); err != nil {
			return err
		}
	}
	return nil
}

// count adds a visit to the round's counts.
func (r *Round) count(v Visit) {
	r.Fetched++
	switch v.Change {
	case ChangeNew:
		r.New++
	case ChangeUpdated:
		r.Updated++
	case ChangeSame:
		r.Same++
	case ChangeNotModified:
		r.NotModified++
	}
}

// enqueueRound queues a round's requests, marked as revisits or not.
func enqueueRound(tx *bolt.Tx, reqs []Request, round int, revisit bool) error {
	for _, q := range reqs {
		q.Revisit, q.Round = revisit, round
		val, err := json.Marshal(q)
		if err != nil {
			return err
		}
		if err := enqueue(tx, q, val); err != nil {
			return err
		}
	}
	return nil
}

// SetKeepVersions sets how many versions of a page are kept, the current
// one included (1: no earlier version).
func (db *DB) SetKeepVersions(n int) error {
	if n < 1 {
		return fmt.Errorf("store: keep %d versions: at least 1", n)
	}
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keyKeep, []byte(strconv.Itoa(n)))
	})
	if err != nil {
		return fmt.Errorf("store: set keep-versions: %w", err)
	}
	return nil
}

// Versions returns a page's earlier versions, newest first, with bodies.
func (db *DB) Versions(u string) ([]Version, error) {
	var out []Version
	err := db.bolt.View(func(tx *bolt.Tx) error {
		vb := tx.Bucket(bucketVersions)
		if vb == nil {
			return nil
		}
		prefix := versionPrefix(u)
		c := vb.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			n, m := binary.Uvarint(v)
			if m <= 0 || n > uint64(len(v)-m) {
				return errors.New("version record: bad length")
			}
			p, err := decodePage(v[m:m+int(n)], true)
			if err != nil {
				return err
			}
			var mined []byte
			if rest := v[m+int(n):]; len(rest) > 0 {
				mined = append([]byte(nil), rest...)
			}
			out = append([]Version{{Page: p, Mined: mined}}, out...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: versions of %s: %w", u, err)
	}
	return out, nil
}

// LastRound returns the latest refresh round, nil if none.
func (db *DB) LastRound() (*Round, error) {
	var r *Round
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRounds)
		if b == nil {
			return nil
		}
		if _, v := b.Cursor().Last(); v != nil {
			r = &Round{}
			return json.Unmarshal(v, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: last round: %w", err)
	}
	return r, nil
}

// Rounds calls fn for every refresh round, in order.
func (db *DB) Rounds(fn func(r Round) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRounds)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var r Round
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("round %x: %w", k, err)
			}
			return fn(r)
		})
	})
	if err != nil {
		return fmt.Errorf("store: rounds: %w", err)
	}
	return nil
}

// StartRound records a new round and queues its revisits and the new
// URLs found (in sitemaps and feeds; those seen before are skipped), in
// one transaction: a round is either started with all of them or not at
// all.
func (db *DB) StartRound(r Round, revisits, found []Request) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		if err := enqueueRound(tx, found, r.N, false); err != nil {
			return err
		}
		if err := enqueueRound(tx, revisits, r.N, true); err != nil {
			return err
		}
		return putJSON(tx.Bucket(bucketRounds), roundKey(r.N), r)
	})
	if err != nil {
		return fmt.Errorf("store: start round %d: %w", r.N, err)
	}
	return nil
}

// FinishRound records a round's end and the lists' new schedule, in one
// transaction. Its counts are read from its visits.
func (db *DB) FinishRound(r Round, sched []Schedule) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		r.Fetched, r.New, r.Updated, r.Same, r.NotModified = 0, 0, 0, 0, 0
		err := eachVisit(tx.Bucket(bucketVisits), r.N, func(vis Visit) error {
			r.count(vis)
			return nil
		})
		if err != nil {
			return err
		}
		r.Revisited = r.Updated + r.Same + r.NotModified
		sb := tx.Bucket(bucketSchedule)
		for _, s := range sched {
			if err := putJSON(sb, []byte(s.URL), s); err != nil {
				return err
			}
		}
		return putJSON(tx.Bucket(bucketRounds), roundKey(r.N), r)
	})
	if err != nil {
		return fmt.Errorf("store: finish round %d: %w", r.N, err)
	}
	return nil
}

// Visits calls fn for every fetch of a refresh round, in URL order.
func (db *DB) Visits(round int, fn func(v Visit) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketVisits)
		if b == nil {
			return nil
		}
		return eachVisit(b, round, fn)
	})
	if err != nil {
		return fmt.Errorf("store: visits of round %d: %w", round, err)
	}
	return nil
}

// Schedules returns every list's schedule, by URL.
func (db *DB) Schedules() (map[string]Schedule, error) {
	out := map[string]Schedule{}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSchedule)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var s Schedule
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("schedule %s: %w", k, err)
			}
			out[s.URL] = s
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("store: schedules: %w", err)
	}
	return out, nil
}

// PageMeta returns a stored page's metadata without its body, or
// ErrNotFound.
func (db *DB) PageMeta(u string) (*Page, error) { return db.page(u, false) }
