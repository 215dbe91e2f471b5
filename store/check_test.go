package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filledStore writes n pages of incompressible 3,000-byte bodies, a
// record a bbolt page each, and closes the file.
func filledStore(t *testing.T, n int) string {
	t.Helper()
	db, path := openTemp(t)
	w := db.NewWriter(WriterOptions{})
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		b := make([]byte, 3000)
		for j := range b {
			b[j] = byte('a' + r.IntN(26))
		}
		u := fmt.Sprintf("http://x.example/%04d.html", i)
		if err := w.PutPage(&Page{URL: u, FinalURL: u, Status: 200, Body: b}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// dataEnd is where the pages of a sound store file end, by its newer
// meta page: the file may run on past it, grown ahead of its data.
func dataEnd(raw []byte) int {
	m0, _ := readMeta(raw[metaOffset:])
	m1, _ := readMeta(raw[int(m0.pageSize)+metaOffset:])
	if m1.txid > m0.txid {
		m0 = m1
	}
	return int(m0.pgid) * int(m0.pageSize)
}

// damage writes a changed copy of path.
func damage(t *testing.T, path, name string, change func([]byte) []byte) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(out, change(raw), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// breakLeaf gives the first leaf page past the metas a wrong page id, as
// a stray write would: bbolt asserts on it when it reads the page.
func breakLeaf(raw []byte) []byte {
	for off := 2 * 4096; off+4096 <= len(raw); off += 4096 {
		if binary.LittleEndian.Uint16(raw[off+8:]) == 0x02 { // leaf
			binary.LittleEndian.PutUint64(raw[off:], 1<<40)
			return raw
		}
	}
	panic("no leaf page")
}

// tearMeta spoils the checksum of the older meta page, as a write cut
// in the middle would: bbolt reads the other, and Open checks the file.
func tearMeta(raw []byte) []byte {
	tx0, tx1 := binary.LittleEndian.Uint64(raw[16+48:]), binary.LittleEndian.Uint64(raw[4096+16+48:])
	off := 16
	if tx1 < tx0 {
		off = 4096 + 16
	}
	raw[off+56] ^= 0xff
	return raw
}

func TestOpenDamaged(t *testing.T) {
	good := filledStore(t, 300)
	size := func() int64 { fi, _ := os.Stat(good); return fi.Size() }()
	cases := []struct {
		name   string
		change func([]byte) []byte
		want   string // in the error; "" for a store that opens
	}{
		{"cut in half", func(b []byte) []byte { return b[:dataEnd(b)/2] }, "is damaged (cut short)"},
		{"cut mid-page", func(b []byte) []byte { return b[:dataEnd(b)/3+100] }, "is damaged (cut short)"},
		{"bad leaf page", breakLeaf, ""}, // the cheap check sees nothing to doubt
		{"torn meta", tearMeta, ""},
		{"torn meta and bad leaf", func(b []byte) []byte { return breakLeaf(tearMeta(b)) }, "checked because one meta page unreadable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := damage(t, good, "d.db", c.change)
			before, _ := os.ReadFile(path)
			for _, opts := range []*Options{{ReadOnly: true}, {MustExist: true}, nil} {
				db, err := Open(path, opts)
				if c.want == "" {
					if err != nil {
						t.Fatalf("Open(%+v): %v", opts, err)
					}
					db.Close()
					continue
				}
				if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
					t.Errorf("Open(%+v): %v; want ErrDamaged naming %s and %q", opts, err, path, c.want)
				}
				if db != nil {
					db.Close()
				}
			}
			if after, _ := os.ReadFile(path); c.want != "" && !bytes.Equal(before, after) {
				t.Error("Open changed a damaged file")
			}
		})
	}
	t.Logf("store of %d bytes", size)
}

func TestCheck(t *testing.T) {
	good := filledStore(t, 300)
	cases := []struct {
		name string
		path string
		want error
	}{
		{"sound", good, nil},
		{"cut", damage(t, good, "cut.db", func(b []byte) []byte { return b[:dataEnd(b)/2] }), ErrDamaged},
		{"bad leaf page", damage(t, good, "leaf.db", breakLeaf), ErrDamaged},
		{"missing", filepath.Join(t.TempDir(), "none.db"), ErrNoStore},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(c.path)
			if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
				t.Errorf("Check: %v; want %v", err, c.want)
			}
		})
	}
}

// Only a crawl creates a store: a missing or empty file is no store for
// the commands that read or mine.
func TestOpenNoStore(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	for _, path := range []string{empty, filepath.Join(dir, "missing.db")} {
		for _, opts := range []*Options{{ReadOnly: true}, {MustExist: true}} {
			_, err := Open(path, opts)
			if !errors.Is(err, ErrNoStore) || !strings.Contains(err.Error(), "no store at "+path) {
				t.Errorf("Open(%s, %+v): %v; want ErrNoStore", path, opts, err)
			}
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("empty file changed: %v %v", fi, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("missing file created")
	}
	db, err := Open(empty, nil)
	if err != nil {
		t.Fatalf("a crawl's Open of an empty file: %v", err)
	}
	db.Close()
}
