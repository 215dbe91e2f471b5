package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// meta returns the meta bucket's value of key, "" if none; what names it
// in errors.
func (db *DB) meta(key []byte, what string) (string, error) {
	var v string
	err := db.bolt.View(func(tx *bolt.Tx) error {
		v = string(tx.Bucket(bucketMeta).Get(key))
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("store: read %s: %w", what, err)
	}
	return v, nil
}

// setMeta records v as the meta bucket's value of key.
func (db *DB) setMeta(key []byte, what, v string) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(key, []byte(v))
	})
	if err != nil {
		return fmt.Errorf("store: set %s %s: %w", what, v, err)
	}
	return nil
}
