package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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
	good := pagesStore(t, 300)
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the pages in half, not the file: bbolt grows a file ahead of
	// its data.
	db, err := store.Open(good, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	st, err := db.Stats()
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	raw = raw[:st.FileBytes]
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

// -o keeps the atomic rename for regular files and new ones; a symlink is
// followed and its target replaced; a FIFO or device is written straight
// through and stays what it was; "" and a directory are usage errors.
func TestExportOutputPaths(t *testing.T) {
	_, db := minedSite(t)
	dir := t.TempDir()
	regular := filepath.Join(dir, "regular.jsonl")
	os.WriteFile(regular, []byte("old"), 0o644)
	target := filepath.Join(dir, "target.jsonl")
	os.WriteFile(target, []byte("old"), 0o644)
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink("target.jsonl", link)
	dangling := filepath.Join(dir, "dangling.jsonl")
	os.Symlink("new-target.jsonl", dangling)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	linkFIFO := filepath.Join(dir, "link-fifo")
	os.Symlink(fifo, linkFIFO)

	cases := []struct {
		name, out string
		mode      fs.FileMode // of out afterwards (type bits)
		readFrom  string      // where the export lands; a FIFO is read while written
	}{
		{"new file", filepath.Join(dir, "new.jsonl"), 0, filepath.Join(dir, "new.jsonl")},
		{"regular file", regular, 0, regular},
		{"symlink", link, fs.ModeSymlink, target},
		{"dangling symlink", dangling, fs.ModeSymlink, filepath.Join(dir, "new-target.jsonl")},
		{"fifo", fifo, fs.ModeNamedPipe, ""},
		{"symlink to fifo", linkFIFO, fs.ModeSymlink, ""},
	}
	if os.Geteuid() == 0 { // a device of our own, like /dev/null (1, 3)
		null := filepath.Join(dir, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
			cases = append(cases, struct {
				name, out string
				mode      fs.FileMode
				readFrom  string
			}{"char device", null, fs.ModeDevice | fs.ModeCharDevice, ""})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var fromFIFO chan []byte
			if strings.Contains(c.name, "fifo") {
				fromFIFO = make(chan []byte, 1)
				go func() {
					b, _ := os.ReadFile(fifo)
					fromFIFO <- b
				}()
			}
			code, _, stderr := runCLI("export", "--db", db, "-o", c.out)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got []byte
			if fromFIFO != nil {
				select {
				case got = <-fromFIFO:
				case <-time.After(10 * time.Second):
					t.Error("nothing written to the FIFO")
				}
			} else if c.readFrom != "" {
				got, _ = os.ReadFile(c.readFrom)
			}
			if c.readFrom != "" || fromFIFO != nil {
				if !bytes.HasPrefix(got, []byte(`{"url":`)) {
					t.Errorf("export landed as %.40q", got)
				}
			}
			fi, err := os.Lstat(c.out)
			if err != nil || fi.Mode().Type() != c.mode {
				t.Errorf("%s is now %v (%v), want type %v", c.out, fi.Mode(), err, c.mode)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left %s", e.Name())
		}
	}
	for _, out := range []string{"", dir + "/", dir} {
		if code, _, stderr := runCLI("export", "--db", filepath.Join(dir, "none.db"), "-o", out); code != exitUsage {
			t.Errorf("-o %q: exit %d (%s), want %d before opening the store", out, code, stderr, exitUsage)
		}
	}
}

// extract never writes over one of its inputs.
func TestExtractOwnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "page.txt")
	page := []byte("<html><body><p>A story.</p></body></html>")
	os.WriteFile(in, page, 0o644)
	code, _, stderr := runCLI("extract", "--out", dir, in)
	if code != exitUsage || !strings.Contains(stderr, "would overwrite the input "+in) {
		t.Errorf("exit %d, %q; want %d and a refusal", code, stderr, exitUsage)
	}
	if b, _ := os.ReadFile(in); !bytes.Equal(b, page) {
		t.Errorf("input overwritten: %q", b)
	}
}

// A bad configuration file is exit 2, as the README promises.
func TestConfigFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("depth: 2\nno-such-key: 1\n"), 0o644)
	db := filepath.Join(dir, "x.db")
	for _, args := range [][]string{
		{"crawl", "http://127.0.0.1:1/", "--db", db, "--config", bad},
		{"mine", "--db", db, "--config", bad},
		{"crawl", "http://127.0.0.1:1/", "--db", db, "--config", filepath.Join(dir, "none.yaml")},
	} {
		if code, _, stderr := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d (%s), want %d", args, code, stderr, exitUsage)
		}
	}
}

// Ctrl-C during mine says what was kept and exits 130, like crawl.
func TestMineInterrupted(t *testing.T) {
	db := pagesStore(t, 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"mine", "--db", db}, &out, &errb)
	if code != exitInterrupted || !strings.Contains(errb.String(), "mined so far are saved") {
		t.Errorf("exit %d, stderr %q; want %d and what was saved", code, errb.String(), exitInterrupted)
	}
}
