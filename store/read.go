package store

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Page returns the stored page for the canonical URL u, or ErrNotFound.
func (db *DB) Page(u string) (*Page, error) { return db.page(u, true) }

// page returns the stored page for u, with its body when withBody is set.
func (db *DB) page(u string, withBody bool) (*Page, error) {
	var p *Page
	err := db.bolt.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketPages).Get([]byte(u))
		if v == nil {
			return ErrNotFound
		}
		var err error
		p, err = decodePage(v, withBody)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: page %s: %w", u, err)
	}
	return p, nil
}

// Pages calls fn for every stored page in URL order, with its body when
// withBody is set. fn must not keep p.Body past the call if it modifies it.
func (db *DB) Pages(withBody bool, fn func(p *Page) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPages).ForEach(func(k, v []byte) error {
			p, err := decodePage(v, withBody)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			return fn(p)
		})
	})
	if err != nil {
		return fmt.Errorf("store: pages: %w", err)
	}
	return nil
}

// Failures calls fn for every recorded failure in URL order.
func (db *DB) Failures(fn func(f Failure) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketFailures).ForEach(func(k, v []byte) error {
			var f Failure
			if err := json.Unmarshal(v, &f); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			return fn(f)
		})
	})
	if err != nil {
		return fmt.Errorf("store: failures: %w", err)
	}
	return nil
}

// Frontier returns the pending requests in the order they were enqueued.
func (db *DB) Frontier() ([]Request, error) {
	var out []Request
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketFrontier).ForEach(func(k, v []byte) error {
			var r Request
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("frontier entry %x: %w", k, err)
			}
			out = append(out, r)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier: %w", err)
	}
	return out, nil
}

// Seen calls fn for every URL ever enqueued or marked seen.
func (db *DB) Seen(fn func(u string) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSeen).ForEach(func(k, _ []byte) error {
			return fn(string(k))
		})
	})
	if err != nil {
		return fmt.Errorf("store: seen: %w", err)
	}
	return nil
}
