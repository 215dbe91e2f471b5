package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infocrawl/store"
)

// pagesStore writes n stored pages of incompressible bodies.
func pagesStore(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "news.db")
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	w := db.NewWriter(store.WriterOptions{})
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < n; i++ {
		b := make([]byte, 6000)
		for j := range b {
			b[j] = byte('a' + r.IntN(26))
		}
		u := fmt.Sprintf("http://x.example/%04d.html", i)
		if err := w.PutPage(&store.Page{URL: u, FinalURL: u, Status: 200, Body: b}); err != nil {
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

// Every command on a store cut short exits 1 saying so, and leaves the
// file as it was (bbolt faulted on it: exit 2, or a crawl went on).
func TestDamagedStore(t *testing.T) {
	raw, err := os.ReadFile(pagesStore(t, 300))
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "t.db")
	if err := os.WriteFile(cut, raw[:len(raw)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.jsonl")
	for _, args := range [][]string{
		{"stats", "--db", cut},
		{"check", "--db", cut},
		{"mine", "--db", cut},
		{"export", "--db", cut, "-o", out},
		{"export", "--db", cut, "--format", "warc"},
		{"show", "--db", cut, "http://x.example/0001.html"},
		{"serve", "--db", cut, "--addr", "127.0.0.1:0"},
		{"crawl", "http://127.0.0.1:1/", "--db", cut, "--retries", "0", "--quiet"},
	} {
		t.Run(args[0], func(t *testing.T) {
			code, _, stderr := runCLI(args...)
			want := "store: " + cut + " is damaged (cut short): "
			if code != exitError || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, exitError, want)
			}
			if after, _ := os.ReadFile(cut); !bytes.Equal(after, raw[:len(raw)/2]) {
				t.Error("the damaged file changed")
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("export wrote output from a damaged store")
	}
	if code, stdout, stderr := runCLI("check", "--db", pagesStore(t, 10)); code != exitOK || !strings.Contains(stdout, "sound") {
		t.Errorf("check of a sound store: exit %d, %q %q", code, stdout, stderr)
	}
}

// A missing or empty file is no store for the commands that read or
// mine; it is neither created nor turned into one.
func TestNoStore(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	missing := filepath.Join(dir, "missing.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, db := range []string{empty, missing} {
		for _, args := range [][]string{
			{"stats", "--db", db},
			{"mine", "--db", db},
			{"export", "--db", db},
			{"show", "--db", db, "http://x.example/"},
			{"serve", "--db", db, "--addr", "127.0.0.1:0"},
			{"check", "--db", db},
		} {
			code, _, stderr := runCLI(args...)
			if want := "no store at " + db; code != exitError || !strings.Contains(stderr, want) {
				t.Errorf("%v: exit %d, stderr %q; want %d and %q", args, code, stderr, exitError, want)
			}
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file changed: %v", err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("a missing store was created")
	}
}
