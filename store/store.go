package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// mmapReserve is the address space a writable store maps from the start.
// Otherwise bbolt maps the file small and remaps it as it grows (doubling
// from 32 KB), and each remap copies out of the old map every node the
// open write transaction holds: a crawl's batch of pages, again at each
// doubling. A mapping is address space, not memory. The file grows in
// bbolt's 16 MB steps, not to the map, except on Windows, where bbolt
// sizes the file to the map, so there the default stays, as it does
// where address space is scarce (32-bit builds).
const mmapReserve = 256 << 20

// schemaVersion is bumped whenever a bucket's layout or a value's encoding
// changes in a way older code cannot read. Version 2 added the mined and
// clusters buckets, version 3 the refresh buckets (versions, visits,
// rounds, schedule); an older file gains them when opened for writing.
// Version 3 changed no existing record, so a version 2 file opened
// read-only is read as is, its refresh buckets empty.
const schemaVersion = 3

var (
	bucketMeta     = []byte("meta")
	bucketPages    = []byte("pages")
	bucketFrontier = []byte("frontier")
	bucketSeen     = []byte("seen")
	bucketFailures = []byte("failures")
	bucketCookies  = []byte("cookies")
	bucketMined    = []byte("mined")
	bucketClusters = []byte("clusters")
	bucketVersions = []byte("versions")
	bucketVisits   = []byte("visits")
	bucketRounds   = []byte("rounds")
	bucketSchedule = []byte("schedule")

	allBuckets = [][]byte{bucketMeta, bucketPages, bucketFrontier, bucketSeen, bucketFailures, bucketCookies, bucketMined, bucketClusters,
		bucketVersions, bucketVisits, bucketRounds, bucketSchedule}
	// v2Buckets are the buckets a version 2 file has.
	v2Buckets = allBuckets[:8]

	keySchema     = []byte("schema")
	keyEntry      = []byte("entry")
	keyCreated    = []byte("created")
	keyClustering = []byte("clustering")
	keyPhase      = []byte("phase")
	keyKeep       = []byte("keep-versions")
)

// Options configures Open. A nil *Options means the defaults.
type Options struct {
	// Timeout is how long Open waits for another process to release the
	// file before returning ErrLocked. Zero means one second.
	Timeout time.Duration
	// ReadOnly opens the file for reading; it fails if the file is missing.
	ReadOnly bool
	// MustExist fails with ErrNoStore on a missing or empty file instead of
	// creating a store there (ReadOnly implies it).
	MustExist bool
	// NoSync skips fsync on commit: faster, and a machine crash (not a
	// process kill) may lose the last commits. For tests and benchmarks.
	NoSync bool

	fullCheck bool // Check: run bbolt's consistency check whatever the cheap one says
}

// DB is an open store.
type DB struct {
	bolt *bolt.DB
	path string
}

// Open opens the store at path, creating it unless opts.ReadOnly.
func Open(path string, opts *Options) (*DB, error) {
	if opts == nil {
		opts = &Options{}
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = time.Second
	}
	// A damaged file is refused before bbolt maps it: reading a page past
	// the end of a mapped file is a fault that kills the process.
	var doubt string
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode().IsRegular() && fi.Size() == 0:
		if opts.ReadOnly || opts.MustExist {
			return nil, fmt.Errorf("store: %w at %s (missing or empty; infocrawl crawl creates one)", ErrNoStore, path)
		}
	case err != nil:
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("store: open %s: %w: not a regular file", path, ErrCorrupt)
	default:
		if doubt, err = checkMeta(path, fi.Size()); err != nil {
			return nil, err
		}
	}
	bopts := &bolt.Options{Timeout: timeout, ReadOnly: opts.ReadOnly, NoSync: opts.NoSync}
	if !opts.ReadOnly && runtime.GOOS != "windows" && strconv.IntSize == 64 {
		bopts.InitialMmapSize = mmapReserve
	}
	bdb, err := bolt.Open(path, 0o644, bopts)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, classifyOpenError(err))
	}
	db := &DB{bolt: bdb, path: path}
	if doubt != "" || opts.fullCheck {
		if err := db.verify(); err != nil {
			bdb.Close()
			if doubt != "" {
				err = fmt.Errorf("%w (checked because %s)", err, doubt)
			}
			return nil, err
		}
	}
	if err := db.checkSchema(opts.ReadOnly); err != nil {
		bdb.Close()
		if errors.Is(err, errPanic) {
			return nil, damaged(path, "unreadable page", err.Error())
		}
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return db, nil
}

func classifyOpenError(err error) error {
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return ErrLocked
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return err
}

// errPanic marks a panic or fault of bbolt's on a bad page.
var errPanic = errors.New("bbolt failed")

// checkSchema initialises a new file or verifies an existing one. bbolt
// panics (or faults) on some damaged pages; the recover turns that into
// an error so a bad file is an error, not a crash.
func (db *DB) checkSchema(readOnly bool) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errPanic, r)
		}
	}()
	var fresh, migrate bool
	err = db.bolt.View(func(tx *bolt.Tx) (err error) {
		fresh, migrate, err = readSchema(tx, readOnly)
		return err
	})
	if err != nil || !(fresh || migrate) {
		return err
	}
	if readOnly {
		return fmt.Errorf("%w: empty file", ErrCorrupt)
	}
	return db.bolt.Update(func(tx *bolt.Tx) error { return writeSchema(tx, migrate) })
}

// readSchema verifies a file's schema and buckets, and says whether the
// file is new (empty) or an older schema to migrate when writable.
func readSchema(tx *bolt.Tx, readOnly bool) (fresh, migrate bool, err error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty := true
		tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if !empty {
			return false, false, ErrCorrupt
		}
		return true, false, nil
	}
	v := meta.Get(keySchema)
	got, perr := strconv.Atoi(string(v))
	if perr != nil {
		return false, false, fmt.Errorf("%w: bad schema value %q", ErrCorrupt, v)
	}
	if (got == 1 || got == 2) && !readOnly {
		return false, true, nil
	}
	want := allBuckets
	switch {
	case got == 2 && readOnly:
		want = v2Buckets
	case got != schemaVersion:
		return false, false, fmt.Errorf("%w: file has schema %d, this infocrawl reads %d", ErrSchemaVersion, got, schemaVersion)
	}
	for _, b := range want {
		if tx.Bucket(b) == nil {
			return false, false, fmt.Errorf("%w: bucket %s missing", ErrCorrupt, b)
		}
	}
	return false, false, nil
}

// writeSchema creates the buckets a file lacks and stamps the current
// schema; a migrated file keeps its creation time.
func writeSchema(tx *bolt.Tx, migrate bool) error {
	for _, b := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bucketMeta)
	if err := meta.Put(keySchema, []byte(strconv.Itoa(schemaVersion))); err != nil {
		return err
	}
	if migrate {
		return nil
	}
	return meta.Put(keyCreated, []byte(time.Now().UTC().Format(time.RFC3339)))
}

// Path returns the file the store was opened from.
func (db *DB) Path() string { return db.path }

// Close closes the file. Close any Writer first.
func (db *DB) Close() error {
	if err := db.bolt.Close(); err != nil {
		return fmt.Errorf("store: close %s: %w", db.path, err)
	}
	return nil
}

// Entry returns the entry URL recorded by SetEntry, or "" if none.
func (db *DB) Entry() (string, error) { return db.meta(keyEntry, "entry") }

// SetEntry records the crawl's entry URL.
func (db *DB) SetEntry(u string) error { return db.setMeta(keyEntry, "entry", u) }

// Cookies returns the cookies stored for host, one Set-Cookie value a line.
func (db *DB) Cookies(host string) (string, error) {
	var s string
	err := db.bolt.View(func(tx *bolt.Tx) error {
		s = string(tx.Bucket(bucketCookies).Get([]byte(host)))
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("store: cookies %s: %w", host, err)
	}
	return s, nil
}

// SetCookies replaces the cookies stored for host.
func (db *DB) SetCookies(host, cookies string) error {
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCookies).Put([]byte(host), []byte(cookies))
	})
	if err != nil {
		return fmt.Errorf("store: set cookies %s: %w", host, err)
	}
	return nil
}
