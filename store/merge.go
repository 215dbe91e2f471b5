package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// ErrOtherCrawl is returned by Merge when a shard holds a crawl of another
// entry URL than the store it is merged into.
var ErrOtherCrawl = errors.New("holds a crawl of another entry URL")

// MergeStats says what Merge took from a shard.
type MergeStats struct {
	Pages      int // pages added
	Duplicates int // pages already in the store (fetched twice), kept once
	Failures   int // failures added (a URL that has a page keeps the page)
	Pending    int // frontier requests added
	// Mined is the shard's mining results, which are not merged: each
	// shard's clusters and their statistics are its own (see Merge).
	Mined int
}

// mergeChunk bounds one transaction of Merge.
const mergeChunk = 1000

// Merge adds the crawl in src (a worker's shard) to db: its pages, its
// failures, its seen set, its pending frontier and its cookies. A URL
// stored in both keeps db's page; a failure is added only for a URL with
// no page, and a page replaces a failure. db takes src's entry URL if it
// has none; a shard of another crawl gives ErrOtherCrawl.
//
// Mining results are not merged: each shard clustered its own pages and
// numbered its own clusters, so their term statistics cannot be added up
// without clustering the union again. Mine the merged store instead.
func (db *DB) Merge(src *DB) (MergeStats, error) {
	var st MergeStats
	if err := db.adoptEntry(src); err != nil {
		return st, err
	}
	steps := []struct {
		bucket []byte
		put    func(tx *bolt.Tx, k, v []byte) error
	}{
		{bucketPages, st.putPage},
		{bucketFailures, st.putFailure},
		{bucketSeen, putSeen},
		{bucketFrontier, st.putPending},
		{bucketCookies, putCookie},
	}
	for _, s := range steps {
		if err := copyBucket(src, db, s.bucket, s.put); err != nil {
			return st, fmt.Errorf("store: merge %s into %s: %s: %w", src.path, db.path, s.bucket, err)
		}
	}
	err := src.bolt.View(func(tx *bolt.Tx) error {
		st.Mined = tx.Bucket(bucketMined).Stats().KeyN
		return nil
	})
	return st, err
}

// adoptEntry gives db src's entry URL if it has none, and refuses a shard
// of another crawl.
func (db *DB) adoptEntry(src *DB) error {
	srcEntry, err := src.Entry()
	if err != nil {
		return err
	}
	entry, err := db.Entry()
	if err != nil {
		return err
	}
	switch {
	case srcEntry == "":
	case entry == "":
		return db.SetEntry(srcEntry)
	case entry != srcEntry:
		return fmt.Errorf("store: merge %s: %w (%s, not %s)", src.path, ErrOtherCrawl, srcEntry, entry)
	}
	return nil
}

// putPage adds a shard's page unless db has one; it replaces a failure.
func (st *MergeStats) putPage(tx *bolt.Tx, k, v []byte) error {
	pages := tx.Bucket(bucketPages)
	if pages.Get(k) != nil {
		st.Duplicates++
		return nil
	}
	st.Pages++
	if err := tx.Bucket(bucketFailures).Delete(k); err != nil {
		return err
	}
	if err := pages.Put(k, v); err != nil {
		return err
	}
	return complete(tx, k)
}

// putFailure adds a shard's failure for a URL with no outcome in db.
func (st *MergeStats) putFailure(tx *bolt.Tx, k, v []byte) error {
	if tx.Bucket(bucketPages).Get(k) != nil || tx.Bucket(bucketFailures).Get(k) != nil {
		return nil
	}
	st.Failures++
	if err := tx.Bucket(bucketFailures).Put(k, v); err != nil {
		return err
	}
	return complete(tx, k)
}

// putSeen marks a shard's seen URL seen in db.
func putSeen(tx *bolt.Tx, k, _ []byte) error {
	return putAbsent(tx.Bucket(bucketSeen), k, []byte{})
}

// putPending queues a shard's pending request unless its URL has an
// outcome in db or is queued there already.
func (st *MergeStats) putPending(tx *bolt.Tx, _, v []byte) error {
	var r Request
	if err := json.Unmarshal(v, &r); err != nil {
		return fmt.Errorf("frontier entry: %w", err)
	}
	seen := tx.Bucket(bucketSeen)
	key := []byte(r.URL)
	if s := seen.Get(key); s != nil && len(s) != 0 || tx.Bucket(bucketPages).Get(key) != nil || tx.Bucket(bucketFailures).Get(key) != nil {
		return nil // has an outcome here, or is queued already
	}
	fr := tx.Bucket(bucketFrontier)
	seq, err := fr.NextSequence()
	if err != nil {
		return err
	}
	st.Pending++
	if err := fr.Put(seqKey(seq), v); err != nil {
		return err
	}
	return seen.Put(key, seqKey(seq))
}

// putCookie adds a shard's cookies for a host db has none for.
func putCookie(tx *bolt.Tx, k, v []byte) error {
	return putAbsent(tx.Bucket(bucketCookies), k, v)
}

// putAbsent puts k unless b has it: db's own value wins.
func putAbsent(b *bolt.Bucket, k, v []byte) error {
	if b.Get(k) != nil {
		return nil
	}
	return b.Put(k, v)
}

// copyBucket reads src's bucket in chunks and applies put to each pair
// in db, one transaction a chunk.
func copyBucket(src, db *DB, bucket []byte, put func(tx *bolt.Tx, k, v []byte) error) error {
	var after []byte
	for {
		var ks, vs [][]byte
		err := src.bolt.View(func(tx *bolt.Tx) error {
			c := tx.Bucket(bucket).Cursor()
			k, v := c.First()
			if after != nil {
				k, v = c.Seek(after)
				if k != nil && bytes.Equal(k, after) {
					k, v = c.Next()
				}
			}
			for ; k != nil && len(ks) < mergeChunk; k, v = c.Next() {
				ks, vs = append(ks, bytes.Clone(k)), append(vs, bytes.Clone(v))
			}
			return nil
		})
		if err != nil || len(ks) == 0 {
			return err
		}
		err = db.bolt.Update(func(tx *bolt.Tx) error {
			for i := range ks {
				if err := put(tx, ks[i], vs[i]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		after = ks[len(ks)-1]
	}
}
