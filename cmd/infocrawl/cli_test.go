package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"infocrawl/config"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCLIUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{nil, exitUsage, "Commands:"},
		{[]string{"fly"}, exitUsage, `unknown command "fly"`},
		{[]string{"crawl"}, exitUsage, "want exactly one URL"},
		{[]string{"crawl", "http://a.example/"}, exitUsage, "--db FILE is required"},
		{[]string{"crawl", "ftp://a.example/", "--db", "x.db"}, exitUsage, "want an http or https URL"},
		{[]string{"crawl", "http://a.example/", "--db", "x.db", "--parallel", "0"}, exitUsage, "parallel: 0 is not valid"},
		{[]string{"crawl", "http://a.example/", "--db", "x.db", "--depth", "x"}, exitUsage, `invalid value "x" for flag -depth`},
		{[]string{"crawl", "http://a.example/", "--db", "x.db", "--focus", "--learn-depth", "-1"}, exitUsage, "learn-depth: -1 is not valid"},
		{[]string{"job", "http://a.example/"}, exitUsage, "--nats SERVER is required"},
		{[]string{"job", "--nats", "nats://127.0.0.1:1"}, exitUsage, "want the crawl's URL or --job NAME"},
		{[]string{"job", "http://a.example/", "--job", "a", "--nats", "nats://127.0.0.1:1"}, exitUsage, "not both"},
		{[]string{"job", "--job", "a b", "--nats", "nats://127.0.0.1:1"}, exitUsage, "--job: job name"},
		{[]string{"job", "--job", "a", "--nats", "nats://127.0.0.1:1", "--force"}, exitUsage, "--force goes with --delete"},
		{[]string{"stats"}, exitUsage, "want --db FILE"},
		{[]string{"stats", "--db", "/nonexistent/x.db"}, exitError, "no store at /nonexistent/x.db"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("infocrawl %v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

// --help explains every flag of every command.
func TestCLIHelp(t *testing.T) {
	for _, c := range []struct {
		cmd   string
		flags []string
	}{
		{"crawl", []string{"db", "depth", "max-pages", "parallel", "delay", "user-agent", "ignore-robots", "allow-domain", "config", "max-body-size", "timeout", "retries", "log-level", "quiet", "focus", "learn-depth", "learn-pages", "sitemaps"}},
		{"stats", []string{"db", "json"}},
		{"demo", []string{"db", "depth", "parallel"}},
		{"mine", []string{"db", "all", "method", "config", "quiet"}},
		{"extract", []string{"out", "single", "urls", "method", "config"}},
		{"export", []string{"db", "kind", "format", "o", "since"}},
		{"refresh", []string{"db", "every", "recheck-articles", "keep-versions", "parallel", "delay", "timeout"}},
		{"job", []string{"nats", "job", "delete", "force"}},
	} {
		code, _, stderr := runCLI(c.cmd, "--help")
		if code != exitOK || !strings.Contains(stderr, "Usage: infocrawl "+c.cmd) {
			t.Errorf("%s --help: exit %d, %q", c.cmd, code, stderr)
		}
		for _, f := range c.flags {
			if !strings.Contains(stderr, "-"+f) {
				t.Errorf("%s --help does not explain -%s", c.cmd, f)
			}
		}
	}
}

// The config file sets values, flags given on the command line override it.
func TestConfigThenFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(file, []byte("depth: 5\nparallel: 2\nallow-domain: [a.example]\ndb: from-file.db\n"), 0o644)
	cfg := config.Default()
	var configFile string
	fs := flag.NewFlagSet("crawl", flag.ContinueOnError)
	fs.StringVar(&configFile, "config", "", "")
	bindCrawlFlags(fs, &cfg)
	if _, err := parseArgs(fs, []string{"http://x/", "--config", file, "--depth", "1", "--allow-domain", "b.example"}); err != nil {
		t.Fatal(err)
	}
	got, err := loadConfig(fs, cfg, configFile, bindCrawlFlags)
	if err != nil {
		t.Fatal(err)
	}
	if got.Depth != 1 || got.Parallel != 2 || got.DB != "from-file.db" || strings.Join(got.AllowDomains, ",") != "b.example" {
		t.Fatalf("got depth %d parallel %d db %q domains %v; want 1, 2 (file), from-file.db, [b.example]", got.Depth, got.Parallel, got.DB, got.AllowDomains)
	}

	os.WriteFile(file, []byte("parallel: many\n"), 0o644)
	code, _, stderr := runCLI("crawl", "http://x/", "--db", filepath.Join(t.TempDir(), "x.db"), "--config", file)
	if code == exitOK || !strings.Contains(stderr, "parallel") || !strings.Contains(stderr, "many") {
		t.Fatalf("bad config: exit %d, %q; want the field and the value named", code, stderr)
	}
}

func TestCrawlAndStatsJSON(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "c.db")
	code, stdout, stderr := runCLI("crawl", srv.URL+"/", "--db", db, "--depth", "1", "--quiet")
	if code != exitOK || !strings.Contains(stdout, "stored 46 pages") {
		t.Fatalf("crawl: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI("stats", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("stats: exit %d, %s", code, stderr)
	}
	var st struct {
		Pages    int            `json:"pages"`
		ByDepth  map[string]int `json:"pages_by_depth"`
		Frontier int            `json:"frontier"`
	}
	if err := json.Unmarshal([]byte(stdout), &st); err != nil {
		t.Fatalf("stats --json is not JSON: %v\n%s", err, stdout)
	}
	if st.Pages != len(site.Reach(1)) || st.ByDepth["0"] != 1 || st.Frontier != 0 {
		t.Fatalf("stats = %+v", st)
	}
	code, stdout, stderr = runCLI("mine", "--db", db, "--quiet")
	if code != exitOK || !strings.Contains(stdout, "mined 46 pages") {
		t.Fatalf("mine: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = runCLI("mine", "--db", db, "--quiet")
	if code != exitOK || !strings.Contains(stdout, "mined 0 pages") {
		t.Fatalf("mine again: exit %d, %q; want nothing left to mine", code, stdout)
	}
	// A store of another site is refused, not mixed.
	code, _, stderr = runCLI("crawl", "http://other.example/", "--db", db)
	if code != exitUsage || !strings.Contains(stderr, "another entry URL") {
		t.Fatalf("other site into the same store: exit %d, %q", code, stderr)
	}
}

// extract writes NAME.txt and NAME.json per input, plain or gzipped.
func TestExtractCommand(t *testing.T) {
	dir := t.TempDir()
	story := "<p>" + strings.Repeat("The council approved the new budget after a long debate. ", 12) + "</p>"
	page := func(title, body string) string {
		return "<html><head><title>" + title + "</title><meta property='article:published_time' content='2024-05-02T10:00:00Z'></head>" +
			"<body><nav><a href='/'>Home</a> <a href='/world'>World</a></nav>" +
			"<div class=story><h1>" + title + "</h1><p class=byline>By Ana Ruiz</p>" + body + "</div>" +
			"<div id=comments><div class=comment><span class=comment-author>kim_r</span><p>Well argued.</p></div></div>" +
			"<footer>© News Co</footer></body></html>"
	}
	var files []string
	for i, name := range []string{"a.html", "b.html", "c.htm"} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(page(fmt.Sprintf("Story %d", i), strings.ReplaceAll(story, "budget", fmt.Sprintf("budget %c", 'x'+i)))), 0o644)
		files = append(files, path)
	}
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(append([]string{"extract", "--out", out, "--quiet"}, files...)...)
	if code != exitOK {
		t.Fatalf("extract: exit %d: %s", code, stderr)
	}
	for _, name := range []string{"a", "b", "c"} {
		txt, err := os.ReadFile(filepath.Join(out, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(txt), "approved the new budget") || strings.Contains(string(txt), "News Co") {
			t.Errorf("%s.txt = %q: want the story without the footer", name, txt)
		}
		var r struct {
			Kind, Published, Author string
			Comments                []mine.Comment
		}
		js, _ := os.ReadFile(filepath.Join(out, name+".json"))
		if err := json.Unmarshal(js, &r); err != nil || r.Kind != "article" {
			t.Errorf("%s.json: kind %q, %v", name, r.Kind, err)
		}
		// The metadata the JSONL export gives, and the comments.
		if r.Published != "2024-05-02T10:00:00Z" || r.Author != "Ana Ruiz" ||
			len(r.Comments) != 1 || r.Comments[0] != (mine.Comment{Author: "kim_r", Text: "Well argued."}) {
			t.Errorf("%s.json: published %q, author %q, comments %+v", name, r.Published, r.Author, r.Comments)
		}
	}
	code, _, stderr = runCLI("extract", "--out", out, "--method", "magic", files[0])
	if code != exitUsage || !strings.Contains(stderr, "magic") {
		t.Errorf("bad --method: exit %d, %q", code, stderr)
	}
}
