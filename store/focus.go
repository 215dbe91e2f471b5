package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// A focused crawl runs in phases (learn, then focus); the store records
// which one it is in so that a killed crawl resumes in the right one.

// Phase returns the crawl phase recorded by SetPhase, "" if none.
func (db *DB) Phase() (string, error) { return db.meta(keyPhase, "phase") }

// SetPhase records the crawl's phase.
func (db *DB) SetPhase(phase string) error { return db.setMeta(keyPhase, "phase", phase) }

// DropFrontier forgets every pending request, and that its URL was seen,
// so a later crawl may find it again or not. It returns how many it
// dropped. A focused crawl calls it after learning: what the learning
// crawl left pending was found by following every link.
func (db *DB) DropFrontier() (int, error) {
	n := 0
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		seen := tx.Bucket(bucketSeen)
		var drop [][]byte
		err := seen.ForEach(func(k, v []byte) error {
			if len(v) == 8 {
				drop = append(drop, append([]byte(nil), k...))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range drop {
			if err := seen.Delete(k); err != nil {
				return err
			}
		}
		n = len(drop)
		if err := tx.DeleteBucket(bucketFrontier); err != nil {
			return err
		}
		_, err = tx.CreateBucket(bucketFrontier)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: drop frontier: %w", err)
	}
	return n, nil
}

// HasPage reports whether u is stored as a page.
func (db *DB) HasPage(u string) (bool, error) {
	var ok bool
	err := db.bolt.View(func(tx *bolt.Tx) error {
		ok = tx.Bucket(bucketPages).Get([]byte(u)) != nil
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("store: has page %s: %w", u, err)
	}
	return ok, nil
}
