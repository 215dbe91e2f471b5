package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime/debug"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// bbolt's file format (go.etcd.io/bbolt/internal/common): two meta pages
// at the start, each a 16-byte page header and then the meta fields.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	metaOffset     = 16 // the page header
	metaChecksumAt = 56 // the checksum covers the 56 bytes before it
	metaSize       = 64
	noFreelist     = ^uint64(0)
)

// boltMeta is what the damage check reads of a meta page.
type boltMeta struct {
	pageSize       uint32
	root, freelist uint64
	pgid, txid     uint64
}

func readMeta(b []byte) (boltMeta, bool) {
	if len(b) < metaSize {
		return boltMeta{}, false
	}
	le := binary.LittleEndian
	h := fnv.New64a()
	h.Write(b[:metaChecksumAt])
	if le.Uint32(b[0:]) != boltMagic || le.Uint32(b[4:]) != boltVersion || h.Sum64() != le.Uint64(b[metaChecksumAt:]) {
		return boltMeta{}, false
	}
	return boltMeta{pageSize: le.Uint32(b[8:]), root: le.Uint64(b[16:]), freelist: le.Uint64(b[32:]),
		pgid: le.Uint64(b[40:]), txid: le.Uint64(b[48:])}, true
}

// checkMeta is the cheap check run on every open: it reads the two meta
// pages and compares what the newer valid one says with the file. A
// store cut short references pages past its end, and bbolt would fault
// reading them (an mmap SIGSEGV no recover catches). doubt reports what
// makes a full check worth its cost: one meta page unreadable (a write
// cut in the middle) or a size that is no whole number of pages.
func checkMeta(path string, size int64) (doubt string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("store: open %s: %w", path, err)
	}
	defer f.Close()
	var metas []boltMeta
	first := make([]byte, metaOffset+metaSize)
	if _, err := io.ReadFull(f, first); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", fmt.Errorf("store: open %s: %w", path, err)
	}
	m0, ok0 := readMeta(first[metaOffset:])
	if ok0 {
		metas = append(metas, m0)
	}
	// The second meta page is one page further; without the first, try
	// the page sizes bbolt may have used.
	sizes := []int64{4096, 8192, 16384, 65536, 512, 1024, 2048, 32768}
	if ok0 {
		sizes = []int64{int64(m0.pageSize)}
	}
	ok1 := false
	for _, ps := range sizes {
		b := make([]byte, metaSize)
		if _, err := f.ReadAt(b, ps+metaOffset); err != nil {
			continue
		}
		if m1, ok := readMeta(b); ok && int64(m1.pageSize) == ps {
			metas, ok1 = append(metas, m1), true
			break
		}
	}
	if len(metas) == 0 {
		return "", fmt.Errorf("store: open %s: %w: no valid bbolt meta page", path, ErrCorrupt)
	}
	m := metas[0]
	if len(metas) == 2 && metas[1].txid > m.txid {
		m = metas[1]
	}
	ps := int64(m.pageSize)
	if ps < 512 || ps&(ps-1) != 0 {
		return "", damaged(path, "bad page size", fmt.Sprintf("the meta page says %d bytes", ps))
	}
	if end := int64(m.pgid) * ps; int64(m.pgid) < 2 || end > size || end/ps != int64(m.pgid) {
		return "", damaged(path, "cut short", fmt.Sprintf("its pages reach %d bytes, the file has %d", end, size))
	}
	if m.root >= m.pgid || (m.freelist != noFreelist && m.freelist >= m.pgid) {
		return "", damaged(path, "bad meta page", fmt.Sprintf("root page %d, freelist page %d, %d pages", m.root, m.freelist, m.pgid))
	}
	switch {
	case !ok0 || !ok1:
		return "one meta page unreadable", nil
	case size%ps != 0:
		return fmt.Sprintf("size %d is no whole number of %d-byte pages", size, ps), nil
	}
	return "", nil
}

func damaged(path, what, detail string) error {
	return fmt.Errorf("store: %s is %w (%s): %s", path, ErrDamaged, what, detail)
}

// verify runs bbolt's consistency check (every page reachable once, keys
// in order, no page past the high-water mark) and reads the schema. A
// fault or panic on a bad page is reported as damage, not a crash.
func (db *DB) verify() (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = damaged(db.path, "unreadable page", fmt.Sprint(r))
		}
	}()
	var problems []string
	err = db.bolt.View(func(tx *bolt.Tx) error {
		for e := range tx.Check() {
			problems = append(problems, e.Error())
		}
		return nil
	})
	if err != nil {
		return damaged(db.path, "check", err.Error())
	}
	if len(problems) > 0 {
		more := ""
		if len(problems) > 3 {
			more = fmt.Sprintf("; and %d more", len(problems)-3)
			problems = problems[:3]
		}
		return damaged(db.path, fmt.Sprintf("%d problems", len(problems)), strings.Join(problems, "; ")+more)
	}
	return nil
}

// Check verifies the store at path without changing it: the cheap check
// of Open, bbolt's full consistency check, and the schema. It returns
// nil for a sound store, else an error that says what is wrong.
func Check(path string) error {
	db, err := Open(path, &Options{ReadOnly: true, fullCheck: true})
	if err != nil {
		return err
	}
	return db.Close()
}
