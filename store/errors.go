package store

import "errors"

var (
	// ErrNotFound is returned when a page or record is not in the store.
	ErrNotFound = errors.New("not found")
	// ErrLocked is returned by Open when another process holds the file.
	ErrLocked = errors.New("store is in use by another process")
	// ErrSchemaVersion is returned by Open when the file was written by
	// another schema version of infocrawl.
	ErrSchemaVersion = errors.New("schema version mismatch")
	// ErrCorrupt is returned by Open when the file is not a readable bbolt
	// file or not an infocrawl store.
	ErrCorrupt = errors.New("not an infocrawl store or corrupt")
	// ErrDamaged is returned by Open when a bbolt file's own structures
	// disagree with it (cut short, bad pages); the file is left unchanged.
	ErrDamaged = errors.New("damaged")
	// ErrNoStore is returned by Open when the file is missing or empty and
	// the caller only reads or mines (Options.MustExist, ReadOnly): only a
	// crawl creates a store.
	ErrNoStore = errors.New("no store")
	// ErrClosed is returned by a Writer used after Close.
	ErrClosed = errors.New("writer closed")
)
