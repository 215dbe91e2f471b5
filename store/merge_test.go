package store

import (
	"errors"
	"sort"
	"strings"
	"testing"
	"time"
)

// shard writes a store with the given entry, pages, failures and pending
// requests.
func shard(t *testing.T, entry string, pages, failures, pending []string) *DB {
	t.Helper()
	db, _ := openTemp(t)
	if err := db.SetEntry(entry); err != nil {
		t.Fatal(err)
	}
	w := db.NewWriter(WriterOptions{})
	for _, u := range pending {
		w.Enqueue(Request{URL: u, Depth: 1})
	}
	for _, u := range pages {
		w.PutPage(&Page{URL: u, FinalURL: u, Status: 200, Body: []byte("<p>" + u), FetchedAt: time.Now()})
	}
	for _, u := range failures {
		w.PutFailure(Failure{URL: u, Reason: "http-404"})
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return db
}

func contents(t *testing.T, db *DB) (pages, failures, pending string) {
	t.Helper()
	var p, f, q []string
	db.Pages(true, func(pg *Page) error {
		if string(pg.Body) != "<p>"+pg.URL {
			t.Errorf("%s: body %q", pg.URL, pg.Body)
		}
		p = append(p, pg.URL)
		return nil
	})
	db.Failures(func(fl Failure) error { f = append(f, fl.URL); return nil })
	reqs, err := db.Frontier()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reqs {
		q = append(q, r.URL)
	}
	for _, l := range [][]string{p, f, q} {
		sort.Strings(l)
	}
	return strings.Join(p, " "), strings.Join(f, " "), strings.Join(q, " ")
}

func TestMerge(t *testing.T) {
	const entry = "http://a/"
	type sh struct{ pages, failures, pending []string }
	for _, tc := range []struct {
		name                       string
		shards                     []sh
		pages, failures, pending   string
		wantDuplicates, wantFailed int
	}{
		{
			name:   "disjoint shards",
			shards: []sh{{pages: []string{"http://a/", "http://a/1"}}, {pages: []string{"http://a/2"}, failures: []string{"http://a/x"}}},
			pages:  "http://a/ http://a/1 http://a/2", failures: "http://a/x",
		},
		{
			name:   "a page fetched twice is kept once",
			shards: []sh{{pages: []string{"http://a/", "http://a/1"}}, {pages: []string{"http://a/1"}}},
			pages:  "http://a/ http://a/1", wantDuplicates: 1,
		},
		{
			name:   "a page wins over a failure, either way round",
			shards: []sh{{failures: []string{"http://a/1"}, pages: []string{"http://a/2"}}, {pages: []string{"http://a/1"}, failures: []string{"http://a/2"}}},
			pages:  "http://a/1 http://a/2",
		},
		{
			name:   "pending requests without an outcome are kept",
			shards: []sh{{pending: []string{"http://a/1", "http://a/2"}}, {pages: []string{"http://a/1"}}},
			pages:  "http://a/1", pending: "http://a/2",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all, _ := openTemp(t)
			dups := 0
			for _, s := range tc.shards {
				st, err := all.Merge(shard(t, entry, s.pages, s.failures, s.pending))
				if err != nil {
					t.Fatal(err)
				}
				dups += st.Duplicates
			}
			p, f, q := contents(t, all)
			if p != tc.pages || f != tc.failures || q != tc.pending {
				t.Errorf("got pages %q failures %q pending %q\nwant pages %q failures %q pending %q", p, f, q, tc.pages, tc.failures, tc.pending)
			}
			if dups != tc.wantDuplicates {
				t.Errorf("%d duplicates, want %d", dups, tc.wantDuplicates)
			}
			if e, _ := all.Entry(); e != entry {
				t.Errorf("entry %q, want %q", e, entry)
			}
		})
	}
}

func TestMergeOtherCrawl(t *testing.T) {
	all := shard(t, "http://a/", []string{"http://a/"}, nil, nil)
	_, err := all.Merge(shard(t, "http://b/", []string{"http://b/"}, nil, nil))
	if !errors.Is(err, ErrOtherCrawl) {
		t.Fatalf("got %v, want ErrOtherCrawl", err)
	}
}
