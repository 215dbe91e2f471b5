package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func openTemp(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crawl.db")
	db, err := Open(path, &Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func TestOpenWhileInUse(t *testing.T) {
	_, path := openTemp(t)
	start := time.Now()
	_, err := Open(path, &Options{Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: got %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("second open took %v, want under a second", d)
	}
}

func TestOpenSchemaMismatch(t *testing.T) {
	db, path := openTemp(t)
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("99"))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(path, nil)
	if !errors.Is(err, ErrSchemaVersion) {
		t.Fatalf("got %v, want ErrSchemaVersion", err)
	}
}

// A version 1 store (no mining buckets) is migrated when opened for writing.
func TestMigrateV1(t *testing.T) {
	db, path := openTemp(t)
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		tx.DeleteBucket(bucketMined)
		tx.DeleteBucket(bucketClusters)
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("1"))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(path, &Options{ReadOnly: true}); !errors.Is(err, ErrSchemaVersion) {
		t.Fatalf("read-only open of v1: %v, want ErrSchemaVersion", err)
	}
	db, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.PutMined("c", []byte("state"), []Mined{{URL: "http://a/", Data: []byte("{}")}}); err != nil {
		t.Fatalf("after migration: %v", err)
	}
}

func TestOpenCorrupt(t *testing.T) {
	dir := t.TempDir()
	garbage := bytes.Repeat([]byte("not a database, just text\n"), 1000)
	foreign := filepath.Join(dir, "foreign.db")
	fdb, err := bolt.Open(foreign, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	fdb.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("other")); return err })
	fdb.Close()

	_, good := openTemp(t)
	// Zero both meta pages of a real store: bbolt can no longer trust it.
	truncated := filepath.Join(dir, "zeroed.db")
	raw, _ := os.ReadFile(good)
	copy(raw[:8192], make([]byte, 8192))
	os.WriteFile(truncated, raw, 0o644)

	cases := map[string]string{
		"garbage": filepath.Join(dir, "garbage.db"),
		"foreign": foreign,
		"zeroed":  truncated,
	}
	os.WriteFile(cases["garbage"], garbage, 0o644)
	for name, path := range cases {
		t.Run(name, func(t *testing.T) {
			before, _ := os.ReadFile(path)
			_, err := Open(path, nil)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("got %v, want ErrCorrupt", err)
			}
			after, _ := os.ReadFile(path)
			if !bytes.Equal(before, after) {
				t.Fatal("Open changed a file it could not read")
			}
		})
	}
}

func TestWriterRoundTrip(t *testing.T) {
	db, path := openTemp(t)
	w := db.NewWriter(WriterOptions{MaxOps: 3, MaxDelay: time.Hour})
	for _, u := range []string{"http://a/1", "http://a/2", "http://a/3", "http://a/1"} {
		if err := w.Enqueue(Request{URL: u, Depth: 1, Referrer: "http://a/"}); err != nil {
			t.Fatal(err)
		}
	}
	body := bytes.Repeat([]byte("<p>héllo 世界</p>"), 500)
	page := &Page{URL: "http://a/2", FinalURL: "http://a/2", Status: 200, Charset: "big5", Depth: 1, Body: body}
	if err := w.PutPage(page); err != nil {
		t.Fatal(err)
	}
	w.PutFailure(Failure{URL: "http://a/3", Reason: "http-404", Status: 404, Depth: 1})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	fr, err := db.Frontier()
	if err != nil {
		t.Fatal(err)
	}
	if len(fr) != 1 || fr[0].URL != "http://a/1" {
		t.Fatalf("frontier = %+v, want only http://a/1", fr)
	}
	got, err := db.Page("http://a/2")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Body, body) || got.Charset != "big5" || got.StoredSize >= got.RawSize {
		t.Fatalf("page round trip: charset %q, %d/%d bytes", got.Charset, got.StoredSize, got.RawSize)
	}
	if _, err := db.Page("http://a/3"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing page: got %v, want ErrNotFound", err)
	}
	st, err := db.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Pages != 1 || st.Failures != 1 || st.ByReason["http-404"] != 1 || st.Frontier != 1 || st.Seen != 3 {
		t.Fatalf("stats = %+v", st)
	}
}

// A commit holds everything submitted before it: Flush makes it durable.
func TestWriterFlushOrder(t *testing.T) {
	db, _ := openTemp(t)
	w := db.NewWriter(WriterOptions{MaxOps: 1000, MaxDelay: time.Hour})
	defer w.Close()
	w.Enqueue(Request{URL: "http://a/x"})
	w.PutPage(&Page{URL: "http://a/x", Status: 200, Body: []byte("x")})
	if fr, _ := db.Frontier(); len(fr) != 0 {
		t.Fatalf("frontier before flush = %v; the writer committed early", fr)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Page("http://a/x"); err != nil {
		t.Fatalf("after flush: %v", err)
	}
	if fr, _ := db.Frontier(); len(fr) != 0 {
		t.Fatalf("frontier after the page was stored = %v", fr)
	}
}

// Committed hears of a page once it is readable, and only of pages: a
// reader told of a page finds it in the store.
func TestWriterCommitted(t *testing.T) {
	db, _ := openTemp(t)
	var got [][]string
	var missing []string
	w := db.NewWriter(WriterOptions{MaxOps: 1000, MaxDelay: time.Hour, Committed: func(pages []string) {
		for _, u := range pages {
			if ok, err := db.HasPage(u); err != nil || !ok {
				missing = append(missing, u)
			}
		}
		got = append(got, pages)
	}})
	w.Enqueue(Request{URL: "http://a/x"})
	w.PutPage(&Page{URL: "http://a/x", Status: 200, Body: []byte("x")})
	w.PutFailure(Failure{URL: "http://a/y", Reason: "http-404"})
	w.PutPage(&Page{URL: "http://a/z", Status: 200, Body: []byte("z")})
	if len(got) != 0 {
		t.Fatalf("told of %v before any commit", got)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	w.SetCookies("a", "c=1")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"http://a/x", "http://a/z"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("committed = %v, want %v (a commit without pages is not reported)", got, want)
	}
	if len(missing) > 0 {
		t.Fatalf("told of %v before a reader could see them", missing)
	}
}

func TestWriterClosed(t *testing.T) {
	db, _ := openTemp(t)
	w := db.NewWriter(WriterOptions{})
	w.Close()
	if err := w.Enqueue(Request{URL: "http://a/"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("got %v, want ErrClosed", err)
	}
}

func FuzzPageCodec(f *testing.F) {
	f.Add([]byte("<html>hi</html>"), "http://a/", 200)
	f.Add([]byte{}, "", 0)
	f.Fuzz(func(t *testing.T, body []byte, u string, status int) {
		p := &Page{URL: u, Status: status, Body: body}
		enc, err := encodePage(p)
		if err != nil {
			t.Skip() // invalid UTF-8 in a URL string cannot be JSON; not a page
		}
		got, err := decodePage(enc, true)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Body, body) || got.Status != status {
			t.Fatalf("round trip changed the page")
		}
		// Decoding garbage must fail cleanly, never panic.
		decodePage(enc[:len(enc)/2], true)
		decodePage(body, true)
		decodePage(append([]byte{codecFlate}, enc[1:]...), true) // an S2 body read as DEFLATE
		sameBody(enc, body)
	})
}

// DropFrontier forgets the pending requests and that they were seen, and
// keeps what has an outcome; Phase round-trips.
func TestFocusPhaseAndDropFrontier(t *testing.T) {
	db, _ := openTemp(t)
	if p, err := db.Phase(); err != nil || p != "" {
		t.Fatalf("new store phase %q, %v; want empty", p, err)
	}
	if err := db.SetPhase("learn"); err != nil {
		t.Fatal(err)
	}
	if p, _ := db.Phase(); p != "learn" {
		t.Fatalf("phase %q, want learn", p)
	}
	w := db.NewWriter(WriterOptions{})
	for _, u := range []string{"http://a/1", "http://a/2", "http://a/3"} {
		if err := w.Enqueue(Request{URL: u, Depth: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.PutPage(&Page{URL: "http://a/1", FinalURL: "http://a/1", Body: []byte("<p>x")}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	n, err := db.DropFrontier()
	if err != nil || n != 2 {
		t.Fatalf("dropped %d, %v; want 2", n, err)
	}
	fr, _ := db.Frontier()
	var seen []string
	db.Seen(func(u string) error { seen = append(seen, u); return nil })
	if len(fr) != 0 || len(seen) != 1 || seen[0] != "http://a/1" {
		t.Fatalf("after drop: frontier %v, seen %v; want empty and the stored page", fr, seen)
	}
	if ok, _ := db.HasPage("http://a/1"); !ok {
		t.Error("HasPage: stored page not found")
	}
	if ok, _ := db.HasPage("http://a/2"); ok {
		t.Error("HasPage: a dropped request is a page")
	}
	// Dropped URLs can be queued again.
	w = db.NewWriter(WriterOptions{})
	w.Enqueue(Request{URL: "http://a/2", Depth: 2})
	w.Close()
	if fr, _ := db.Frontier(); len(fr) != 1 || fr[0].URL != "http://a/2" {
		t.Fatalf("frontier %v, want http://a/2 queued again", fr)
	}
}

// A writable store maps its address space once: a write that grows the
// file does not wait for a long read transaction to end (bbolt remaps a
// growing file only when no read holds the old map), and the file grows
// with its data, not with the map.
func TestMapReserve(t *testing.T) {
	if runtime.GOOS == "windows" || strconv.IntSize != 64 {
		t.Skip("the store keeps bbolt's default map on Windows and 32-bit builds")
	}
	db, path := openTemp(t)
	read, err := db.bolt.Begin(false)
	if err != nil {
		t.Fatal(err)
	}
	defer read.Rollback()

	done := make(chan error, 1)
	go func() {
		w := db.NewWriter(WriterOptions{MaxOps: 50})
		for i := range 400 {
			var body []byte
			for j := 0; len(body) < 16<<10; j++ {
				body = fmt.Appendf(body, "<p>page %d, paragraph %d: %x</p>", i, j, j*7919+i)
			}
			w.PutPage(&Page{URL: fmt.Sprintf("http://a/%d", i), Status: 200, Body: body})
		}
		done <- w.Close()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("writes that grow the file wait for an open read transaction")
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() < 1<<20 || fi.Size() >= mmapReserve/4 {
		t.Fatalf("file is %d bytes after 400 pages of 16 KB: want it grown past 1 MB by its data, far below the %d-byte map", fi.Size(), mmapReserve)
	}
	if got, err := db.Page("http://a/399"); err != nil || len(got.Body) < 16<<10 {
		t.Fatalf("last page: %v", err)
	}
}
