package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"infocrawl/internal/testsite"
)

// minedStore crawls the test site to depth 1 into a store, mining it
// when mined is set, and returns the store and an article page's URL.
func minedStore(t *testing.T, mined bool) (db, article string) {
	t.Helper()
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	t.Cleanup(srv.Close)
	db = filepath.Join(t.TempDir(), "s.db")
	if code, _, stderr := runCLI("crawl", srv.URL+"/", "--db", db, "--depth", "1", "--quiet"); code != exitOK {
		t.Fatalf("crawl: exit %d, %s", code, stderr)
	}
	if mined {
		if code, _, stderr := runCLI("mine", "--db", db, "--quiet"); code != exitOK {
			t.Fatalf("mine: exit %d, %s", code, stderr)
		}
	}
	for _, uri := range site.Reach(1) {
		if _, ok := site.Article(uri); ok {
			return db, srv.URL + uri
		}
	}
	t.Fatal("no article within depth 1")
	return "", ""
}

func TestShowCommand(t *testing.T) {
	db, article := minedStore(t, true)
	unmined, unminedArticle := minedStore(t, false)
	out := filepath.Join(t.TempDir(), "page.html")
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // in stdout, or in -o's file when given
		stderr string
	}{
		{"stdout", []string{"show", "--db", db, article}, exitOK, `data-ic-kind="article"`, ""},
		{"dash", []string{"show", "--db", db, article, "-o", "-"}, exitOK, `data-ic-rendered`, ""},
		{"file", []string{"show", "--db", db, article, "-o", out}, exitOK, `data-ic-kind="template"`, ""},
		{"unknown page", []string{"show", "--db", db, article + "?nope"}, exitError, "", "page not stored"},
		{"not mined", []string{"show", "--db", unmined, unminedArticle}, exitError, "", "run infocrawl mine"},
		{"no url", []string{"show", "--db", db}, exitUsage, "", "exactly one URL"},
		{"no store", []string{"show", article}, exitUsage, "", "want --db FILE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(c.args...)
			if slices.Contains(c.args, out) {
				data, _ := os.ReadFile(out)
				stdout = string(data)
			}
			if code != c.code || !strings.Contains(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, stdout %.200q, stderr %q; want %d, %q, %q", code, stdout, stderr, c.code, c.stdout, c.stderr)
			}
			if code == exitOK && strings.Contains(stdout, "dataLayer") {
				t.Error("the page's own script survived")
			}
		})
	}
}

// syncBuffer is a bytes.Buffer the test reads while serve writes.
type syncBuffer struct {
	mu sync.Mutex // guards b
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve prints where it listens, serves the UI, and stops cleanly when
// its context is cancelled.
func TestServeCommand(t *testing.T) {
	db, _ := minedStore(t, true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, &stdout, &stderr) }()
	listening := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	var addr string
	for deadline := time.Now().Add(10 * time.Second); addr == "" && time.Now().Before(deadline); {
		addr = listening.FindString(stdout.String())
		time.Sleep(20 * time.Millisecond)
	}
	if addr == "" {
		t.Fatalf("serve printed no URL: %q %q", stdout.String(), stderr.String())
	}
	resp, err := http.Get(addr)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "Clusters") {
		t.Errorf("GET /: %d %.200q", resp.StatusCode, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exit %d after cancel, stderr %q", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop on cancel")
	}
}

func TestShowServeHelp(t *testing.T) {
	for _, c := range []struct {
		cmd   string
		flags []string
		about string
	}{
		{"show", []string{"db", "o", "config"}, "green"},
		{"serve", []string{"db", "addr", "config"}, "cannot coexist with a writer"},
	} {
		code, _, stderr := runCLI(c.cmd, "--help")
		if code != exitOK || !strings.Contains(stderr, "Usage: infocrawl "+c.cmd) || !strings.Contains(stderr, c.about) {
			t.Errorf("%s --help: exit %d, %q", c.cmd, code, stderr)
		}
		for _, f := range c.flags {
			if !strings.Contains(stderr, "-"+f+" ") {
				t.Errorf("%s --help does not explain -%s", c.cmd, f)
			}
		}
	}
}
