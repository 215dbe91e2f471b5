package store

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Stats summarises a store.
type Stats struct {
	Entry       string         `json:"entry"`
	Pages       int            `json:"pages"`
	ByStatus    map[int]int    `json:"pages_by_status"`
	ByDepth     map[int]int    `json:"pages_by_depth"`
	ByOrigin    map[string]int `json:"pages_by_origin"` // how their URLs were found: link, sitemap, feed
	Failures    int            `json:"failures"`
	ByReason    map[string]int `json:"failures_by_reason"`
	Frontier    int            `json:"frontier"`
	Seen        int            `json:"seen"`
	Truncated   int            `json:"truncated"`
	RawBytes    int64          `json:"raw_bytes"`    // page bodies as fetched (decompressed)
	StoredBytes int64          `json:"stored_bytes"` // page bodies as stored (compressed)
	FileBytes   int64          `json:"file_bytes"`
	Rounds      []Round        `json:"rounds,omitempty"` // refresh rounds, in order
}

// Stats reads the whole store once, without inflating page bodies.
func (db *DB) Stats() (*Stats, error) {
	s := &Stats{ByStatus: map[int]int{}, ByDepth: map[int]int{}, ByOrigin: map[string]int{}, ByReason: map[string]int{}}
	err := db.bolt.View(func(tx *bolt.Tx) error {
		s.Entry = string(tx.Bucket(bucketMeta).Get(keyEntry))
		s.FileBytes = tx.Size()
		s.Frontier = tx.Bucket(bucketFrontier).Stats().KeyN
		s.Seen = tx.Bucket(bucketSeen).Stats().KeyN
		err := tx.Bucket(bucketPages).ForEach(func(k, v []byte) error {
			p, err := decodePage(v, false)
			if err != nil {
				return fmt.Errorf("page %s: %w", k, err)
			}
			s.Pages++
			s.ByStatus[p.Status]++
			s.ByDepth[p.Depth]++
			origin := p.Origin
			if origin == "" {
				origin = "link"
			}
			s.ByOrigin[origin]++
			s.RawBytes += int64(p.RawSize)
			s.StoredBytes += int64(p.StoredSize)
			if p.Truncated {
				s.Truncated++
			}
			return nil
		})
		if err != nil {
			return err
		}
		err = tx.Bucket(bucketFailures).ForEach(func(k, v []byte) error {
			var f Failure
			if err := json.Unmarshal(v, &f); err != nil {
				return fmt.Errorf("failure %s: %w", k, err)
			}
			s.Failures++
			s.ByReason[f.Reason]++
			return nil
		})
		if err != nil {
			return err
		}
		if b := tx.Bucket(bucketRounds); b != nil {
			return b.ForEach(func(k, v []byte) error {
				var r Round
				if err := json.Unmarshal(v, &r); err != nil {
					return fmt.Errorf("round %x: %w", k, err)
				}
				s.Rounds = append(s.Rounds, r)
				return nil
			})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: stats: %w", err)
	}
	return s, nil
}

// Counts returns the number of stored pages, failures and pending
// requests without reading the records.
func (db *DB) Counts() (pages, failures, frontier int, err error) {
	err = db.bolt.View(func(tx *bolt.Tx) error {
		pages = tx.Bucket(bucketPages).Stats().KeyN
		failures = tx.Bucket(bucketFailures).Stats().KeyN
		frontier = tx.Bucket(bucketFrontier).Stats().KeyN
		return nil
	})
	if err != nil {
		err = fmt.Errorf("store: counts: %w", err)
	}
	return pages, failures, frontier, err
}
