package store

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// schema2Store writes out testdata/schema2.db.gz, a store written by the
// code of schema version 2 (its page records of codec version 1), and
// returns its path.
func schema2Store(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "v2.db")
	gz, err := os.ReadFile("testdata/schema2.db.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMigrateV2 opens a store written by the code of schema version 2 (a
// focused crawl of a small test site, mined): read-only it is read as
// is; opened for writing it becomes version 3 with its pages, results
// and frontier intact, and takes versions.
func TestMigrateV2(t *testing.T) {
	path := schema2Store(t)
	ro, err := Open(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open of a v2 store: %v", err)
	}
	before, err := ro.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if r, err := ro.LastRound(); err != nil || r != nil {
		t.Fatalf("v2 store's rounds: %v %v, want none", r, err)
	}
	ro.Close()
	if before.Pages == 0 {
		t.Fatal("fixture holds no pages")
	}

	db, err := Open(path, nil)
	if err != nil {
		t.Fatalf("migrating open: %v", err)
	}
	defer db.Close()
	var schema string
	db.bolt.View(func(tx *bolt.Tx) error { schema = string(tx.Bucket(bucketMeta).Get(keySchema)); return nil })
	if schema != "3" {
		t.Fatalf("schema after migration %q, want 3", schema)
	}
	after, err := db.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if after.Pages != before.Pages || after.Failures != before.Failures {
		t.Fatalf("after migration %d pages %d failures, before %d %d", after.Pages, after.Failures, before.Pages, before.Failures)
	}
	results := 0
	if err := db.MinedResults(func(string, []byte) error { results++; return nil }); err != nil {
		t.Fatal(err)
	}
	if results != before.Pages {
		t.Fatalf("%d mining results after migration, want %d", results, before.Pages)
	}
	// A page fetched again keeps its v2 record as its earlier version.
	var first *Page
	db.Pages(true, func(p *Page) error {
		if first == nil {
			first = p
		}
		return nil
	})
	p := *first
	p.Body = append([]byte("<!-- changed -->"), first.Body...)
	p.Round = 1
	w := db.NewWriter(WriterOptions{})
	if err := w.PutPage(&p); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	vs, err := db.Versions(p.URL)
	if err != nil || len(vs) != 1 || !bytes.Equal(vs[0].Page.Body, first.Body) || vs[0].Mined == nil {
		t.Fatalf("versions after refetch: %d, %v", len(vs), err)
	}
	db.Close()
	if db, err = Open(path, &Options{ReadOnly: true}); err != nil {
		t.Fatalf("reopen migrated store: %v", err)
	}
}

func TestPutPageVersions(t *testing.T) {
	page := func(body string, round int) *Page {
		return &Page{URL: "http://x/a", FinalURL: "http://x/a", Status: 200, Body: []byte(body), Round: round, FetchedAt: time.Unix(int64(round), 0).UTC()}
	}
	tests := []struct {
		name       string
		keep       int
		bodies     []string
		wantChange []string // per round from 1
		wantBody   string
		wantOld    []string // earlier versions, newest first
	}{
		{"same body changes nothing", 2, []string{"a", "a"}, []string{ChangeSame}, "a", nil},
		{"changed body keeps one version", 2, []string{"a", "b"}, []string{ChangeUpdated}, "b", []string{"a"}},
		{"bounded to keep-1 earlier versions", 3, []string{"a", "b", "c", "d"}, []string{ChangeUpdated, ChangeUpdated, ChangeUpdated}, "d", []string{"c", "b"}},
		{"keep 1 keeps none", 1, []string{"a", "b"}, []string{ChangeUpdated}, "b", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := openTemp(t)
			if err := db.SetKeepVersions(tt.keep); err != nil {
				t.Fatal(err)
			}
			for i, b := range tt.bodies {
				w := db.NewWriter(WriterOptions{})
				if err := w.PutPage(page(b, i)); err != nil {
					t.Fatal(err)
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				if err := db.PutMined("c", []byte("state"), []Mined{{URL: "http://x/a", Data: []byte("mined " + b)}}); err != nil {
					t.Fatal(err)
				}
			}
			cur, err := db.Page("http://x/a")
			if err != nil || string(cur.Body) != tt.wantBody {
				t.Fatalf("current body %q (%v), want %q", cur.Body, err, tt.wantBody)
			}
			vs, err := db.Versions("http://x/a")
			if err != nil {
				t.Fatal(err)
			}
			var old []string
			for _, v := range vs {
				old = append(old, string(v.Page.Body))
				if string(v.Mined) != "mined "+string(v.Page.Body) {
					t.Errorf("version %q kept mining result %q", v.Page.Body, v.Mined)
				}
			}
			if len(old) != len(tt.wantOld) || (len(old) > 0 && !equalStrings(old, tt.wantOld)) {
				t.Fatalf("earlier versions %q, want %q", old, tt.wantOld)
			}
			for i, want := range tt.wantChange {
				var got []string
				db.Visits(i+1, func(v Visit) error { got = append(got, v.Change); return nil })
				if len(got) != 1 || got[0] != want {
					t.Errorf("round %d visits %v, want [%s]", i+1, got, want)
				}
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRoundRevisitNotModified: a round queues a stored page again
// although it was seen; a 304 completes it without touching the page.
func TestRoundRevisitNotModified(t *testing.T) {
	db, _ := openTemp(t)
	w := db.NewWriter(WriterOptions{})
	w.Enqueue(Request{URL: "http://x/"})
	w.PutPage(&Page{URL: "http://x/", Status: 200, Body: []byte("home")})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.StartRound(Round{N: 1, Started: time.Now()}, []Request{{URL: "http://x/"}, {URL: "http://x/"}}, []Request{{URL: "http://x/"}}); err != nil {
		t.Fatal(err)
	}
	fr, err := db.Frontier()
	if err != nil || len(fr) != 1 || !fr[0].Revisit || fr[0].Round != 1 {
		t.Fatalf("frontier after StartRound: %+v %v, want one revisit", fr, err)
	}
	w = db.NewWriter(WriterOptions{})
	w.NotModified("http://x/", 1, 304, "")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, n, _ := db.Counts(); n != 0 {
		t.Fatalf("frontier holds %d after the 304", n)
	}
	if err := db.FinishRound(Round{N: 1}, []Schedule{{URL: "http://x/", Interval: 2, Next: 3}}); err != nil {
		t.Fatal(err)
	}
	r, err := db.LastRound()
	if err != nil || r.NotModified != 1 || r.Fetched != 1 || r.Revisited != 1 {
		t.Fatalf("round %+v %v", r, err)
	}
	s, err := db.Schedules()
	if err != nil || s["http://x/"].Next != 3 {
		t.Fatalf("schedules %v %v", s, err)
	}
	if _, err := db.Versions("http://x/"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.PageMeta("http://x/nothing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("PageMeta of a missing page: %v", err)
	}
}
