package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// encodePageV1 is encodePage as codec version 1 wrote it (DEFLATE,
// BestSpeed), kept to write the records of older stores.
func encodePageV1(t *testing.T, p *Page) []byte {
	t.Helper()
	var body bytes.Buffer
	fw, err := flate.NewWriter(&body, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(p.Body)
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	p.RawSize = len(p.Body)
	p.StoredSize = body.Len()
	meta, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	out := []byte{codecFlate}
	out = binary.AppendUvarint(out, uint64(len(meta)))
	out = append(out, meta...)
	return append(out, body.Bytes()...)
}

func testPage(body string) *Page {
	return &Page{URL: "http://x/a", FinalURL: "http://x/a", Status: 200, Charset: "utf-8",
		FetchedAt: time.Unix(1700000000, 0).UTC(), Body: []byte(body)}
}

// Records of both codec versions decode to the page they were made of,
// with and without the body.
func TestDecodeBothCodecs(t *testing.T) {
	body := strings.Repeat("<p>the same paragraph, again and again</p>\n", 200)
	v1 := encodePageV1(t, testPage(body))
	v2, err := encodePage(testPage(body))
	if err != nil {
		t.Fatal(err)
	}
	if v1[0] != codecFlate || v2[0] != codecS2 {
		t.Fatalf("codec versions %d and %d, want %d and %d", v1[0], v2[0], codecFlate, codecS2)
	}
	for _, rec := range [][]byte{v1, v2} {
		p, err := decodePage(rec, true)
		if err != nil {
			t.Fatalf("codec %d: %v", rec[0], err)
		}
		if string(p.Body) != body || p.RawSize != len(body) || p.URL != "http://x/a" || p.StoredSize >= len(body) {
			t.Errorf("codec %d: body of %d bytes, raw %d, stored %d, url %q", rec[0], len(p.Body), p.RawSize, p.StoredSize, p.URL)
		}
		if m, err := decodePage(rec, false); err != nil || m.Body != nil || m.RawSize != len(body) {
			t.Errorf("codec %d without body: %+v, %v", rec[0], m, err)
		}
	}
}

// A record whose body does not match its metadata is refused, whatever
// its codec.
func TestDecodeDamagedBody(t *testing.T) {
	for _, enc := range []func(*Page) []byte{
		func(p *Page) []byte { return encodePageV1(t, p) },
		func(p *Page) []byte { b, _ := encodePage(p); return b },
	} {
		rec := enc(testPage("<html>a body long enough to be worth it, a body long enough</html>"))
		if _, err := decodePage(rec[:len(rec)-3], true); err == nil {
			t.Errorf("codec %d: a record cut short decoded", rec[0])
		}
		bad := bytes.Clone(rec)
		bad[0] = 9
		if _, err := decodePage(bad, false); err == nil {
			t.Errorf("codec 9 decoded")
		}
	}
}

func TestSameBodyAcrossCodecs(t *testing.T) {
	v1a := encodePageV1(t, testPage("<p>a</p>"))
	v2a, _ := encodePage(testPage("<p>a</p>"))
	v2b, _ := encodePage(testPage("<p>b</p>"))
	v1b := encodePageV1(t, testPage("<p>b</p>"))
	refetched := testPage("<p>a</p>")
	refetched.FetchedAt = refetched.FetchedAt.Add(time.Hour)
	v2later, _ := encodePage(refetched)
	tests := []struct {
		name string
		a, b []byte
		want bool
	}{
		{"v1 and v2, same body", v1a, v2a, true},
		{"v2 and v1, same body", v2a, v1a, true},
		{"v2, same body, other metadata", v2a, v2later, true},
		{"v1 and v2, other body", v1a, v2b, false},
		{"v1, other body", v1a, v1b, false},
		{"v2, other body", v2a, v2b, false},
		{"damaged record", v2a[:len(v2a)-2], v2a, false},
		{"no record", nil, v2a, false},
	}
	for _, tt := range tests {
		if got := sameBody(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: sameBody = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A refresh of a page stored by codec version 1: the same body, now
// encoded by version 2, is no change and leaves the record as it was; a
// new body keeps the version 1 record as the earlier version. Check
// accepts the store with records of both versions.
func TestRefetchOverV1Record(t *testing.T) {
	db, path := openTemp(t)
	old := encodePageV1(t, testPage("<p>first</p>"))
	err := db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketPages).Put([]byte("http://x/a"), old) })
	if err != nil {
		t.Fatal(err)
	}
	put := func(body string, round int) {
		t.Helper()
		p := testPage(body)
		p.Round = round
		w := db.NewWriter(WriterOptions{})
		if err := w.PutPage(p); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	change := func(round int) string {
		var got string
		db.Visits(round, func(v Visit) error { got = v.Change; return nil })
		return got
	}
	put("<p>first</p>", 1)
	if got := change(1); got != ChangeSame {
		t.Fatalf("same body over a v1 record: %q, want %q", got, ChangeSame)
	}
	var rec []byte
	db.bolt.View(func(tx *bolt.Tx) error {
		rec = bytes.Clone(tx.Bucket(bucketPages).Get([]byte("http://x/a")))
		return nil
	})
	if !bytes.Equal(rec, old) {
		t.Fatal("an unchanged body rewrote the v1 record")
	}

	put("<p>second</p>", 2)
	if got := change(2); got != ChangeUpdated {
		t.Fatalf("new body over a v1 record: %q, want %q", got, ChangeUpdated)
	}
	cur, err := db.Page("http://x/a")
	if err != nil || string(cur.Body) != "<p>second</p>" {
		t.Fatalf("current page %q, %v", cur.Body, err)
	}
	vs, err := db.Versions("http://x/a")
	if err != nil || len(vs) != 1 || string(vs[0].Page.Body) != "<p>first</p>" {
		t.Fatalf("earlier versions %+v, %v; want the v1 body", vs, err)
	}
	db.Close()
	if err := Check(path); err != nil {
		t.Fatalf("Check of a store with v1 and v2 records: %v", err)
	}
}

// The schema 2 fixture, written before codec version 2, reads in full
// with the current code and passes Check.
func TestReadV1Store(t *testing.T) {
	path := schema2Store(t)
	if err := Check(path); err != nil {
		t.Fatalf("Check: %v", err)
	}
	db, err := Open(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v1 int
	db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPages).ForEach(func(_, v []byte) error {
			if len(v) > 0 && v[0] == codecFlate {
				v1++
			}
			return nil
		})
	})
	n := 0
	err = db.Pages(true, func(p *Page) error {
		n++
		if len(p.Body) != p.RawSize || !bytes.Contains(p.Body, []byte("<html")) {
			t.Errorf("%s: body of %d bytes (raw %d) is no page", p.URL, len(p.Body), p.RawSize)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 || v1 != n {
		t.Fatalf("%d pages read, %d of them codec 1; want all of a nonempty fixture", n, v1)
	}
}
