package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Mining results and statistics are kept as the mine package encodes
// them: the store keeps the bytes, their meaning is mine's. What the store
// guarantees is that a batch of results and the statistics they were
// mined with are committed together, so a restarted mine neither loses
// pages nor counts them twice.

// Mined is one page's mining result.
type Mined struct {
	URL  string
	Data []byte
}

// PutMined stores results and the cluster's state in one transaction.
func (db *DB) PutMined(cluster string, state []byte, results []Mined) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		mb := tx.Bucket(bucketMined)
		for _, r := range results {
			if err := mb.Put([]byte(r.URL), r.Data); err != nil {
				return fmt.Errorf("result %s: %w", r.URL, err)
			}
		}
		return tx.Bucket(bucketClusters).Put([]byte(cluster), state)
	})
	if err != nil {
		return fmt.Errorf("store: put mined (cluster %s): %w", cluster, err)
	}
	return nil
}

// MinedResult returns a page's mining result, or ErrNotFound.
func (db *DB) MinedResult(u string) ([]byte, error) {
	var out []byte
	err := db.bolt.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketMined).Get([]byte(u))
		if v == nil {
			return ErrNotFound
		}
		out = append([]byte(nil), v...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: mined %s: %w", u, err)
	}
	return out, nil
}

// MinedResults calls fn for every mining result, in URL order.
func (db *DB) MinedResults(fn func(url string, data []byte) error) error {
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMined).ForEach(func(k, v []byte) error { return fn(string(k), v) })
	})
	if err != nil {
		return fmt.Errorf("store: mined results: %w", err)
	}
	return nil
}

// ClusterState returns a cluster's stored state, nil if none.
func (db *DB) ClusterState(cluster string) ([]byte, error) {
	var out []byte
	err := db.bolt.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketClusters).Get([]byte(cluster)); v != nil {
			out = append([]byte(nil), v...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: cluster %s: %w", cluster, err)
	}
	return out, nil
}

// Clustering returns the stored page-to-cluster assignment, nil if none.
func (db *DB) Clustering() ([]byte, error) {
	var out []byte
	err := db.bolt.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketMeta).Get(keyClustering); v != nil {
			out = append([]byte(nil), v...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: clustering: %w", err)
	}
	return out, nil
}

// SetClustering stores the page-to-cluster assignment.
func (db *DB) SetClustering(data []byte) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyClustering, data) })
	if err != nil {
		return fmt.Errorf("store: set clustering: %w", err)
	}
	return nil
}

// ResetMining drops every mining result, cluster state and the clustering,
// for a full re-mine.
func (db *DB) ResetMining() error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketMined, bucketClusters} {
			if err := tx.DeleteBucket(b); err != nil {
				return err
			}
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketMeta).Delete(keyClustering)
	})
	if err != nil {
		return fmt.Errorf("store: reset mining: %w", err)
	}
	return nil
}
