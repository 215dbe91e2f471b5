package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"

	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// minedSite crawls the test site to depth 2 and mines it, and returns the
// closed store's path, for the CLI to open (bbolt's file lock would keep
// it out while the test holds the store).
func minedSite(t *testing.T) (site *testsite.Site, path string) {
	t.Helper()
	site = testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	t.Cleanup(srv.Close)
	path = filepath.Join(t.TempDir(), "x.db")
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := crawler.New(db, crawler.Options{Depth: 2, Parallel: 8}).Run(ctx, srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	if _, err := focus.MineStore(ctx, db, mine.Options{}, false, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return site, path
}

// exportTo runs "infocrawl export" into a file and returns its bytes.
func exportTo(t *testing.T, db string, args ...string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI(append([]string{"export", "--db", db, "-o", out}, args...)...)
	if code != exitOK || !strings.Contains(stderr, "exported ") || !strings.Contains(stderr, out) {
		t.Fatalf("export %v: exit %d, %s", args, code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readRecords(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d is not JSON: %v", len(out)+1, err)
		}
		out = append(out, r)
	}
	return out
}

// readmeFields lists the JSONL fields in README.md's Export table.
func readmeFields(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	start := strings.Index(s, "\n## Export\n")
	if start < 0 {
		t.Fatal("README.md has no Export section")
	}
	s = s[start+1:]
	if end := strings.Index(s[3:], "\n## "); end >= 0 {
		s = s[:end+3]
	}
	var fields []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(s, -1) {
		fields = append(fields, m[1])
	}
	return fields
}

func TestExportJSONL(t *testing.T) {
	site, db := minedSite(t)
	recs := readRecords(t, exportTo(t, db, "--kind", "all"))
	documented := readmeFields(t)
	optional := []string{"published", "author", "comments", "change"} // change: only in --since exports
	if len(documented) == 0 {
		t.Fatal("no fields documented in README.md")
	}
	produced := map[string]bool{}
	for _, r := range recs {
		for k := range r {
			produced[k] = true
			if !slices.Contains(documented, k) {
				t.Errorf("field %q of %s is not documented in README.md", k, r["url"])
			}
		}
		for _, k := range documented {
			if _, ok := r[k]; !ok && !slices.Contains(optional, k) {
				t.Errorf("record %s lacks documented field %q", r["url"], k)
			}
		}
		if _, err := time.Parse(time.RFC3339, r["fetched_at"].(string)); err != nil {
			t.Errorf("%s: fetched_at: %v", r["url"], err)
		}
	}
	// change is written only by --since exports: since before the crawl,
	// every page is new.
	since := readRecords(t, exportTo(t, db, "--kind", "all", "--since", "2000-01-01T00:00:00Z"))
	if len(since) != len(recs) {
		t.Errorf("--since before the crawl gave %d records, want all %d", len(since), len(recs))
	}
	for _, r := range since {
		produced["change"] = true
		if r["change"] != "new" {
			t.Errorf("--since before the crawl: %s has change %v, want new", r["url"], r["change"])
		}
	}
	for _, r := range recs {
		if _, ok := r["change"]; ok {
			t.Errorf("%s has a change field without --since", r["url"])
		}
	}
	for _, k := range documented {
		if !produced[k] {
			t.Errorf("documented field %q never produced", k)
		}
	}

	// Articles: text as mined, published and author as the site wrote them.
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	checked := 0
	for _, r := range recs {
		u, _ := url.Parse(r["url"].(string))
		a, ok := site.Article(testsite.CanonicalURI(u))
		if !ok || !strings.HasPrefix(r["kind"].(string), string(mine.KindArticle)) {
			continue
		}
		key, _ := crawler.Canonical(r["url"].(string))
		res, err := mine.LoadResult(d, key)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := r["text"], res.ArticleText(); got != want {
			t.Errorf("%s: text %.60q, want what mining stored %.60q", key, got, want)
		}
		if got, want := r["author"], a.Author; got != want {
			t.Errorf("%s: author %q, want %q", key, got, want)
		}
		pub, _ := r["published"].(string)
		if got, err := time.Parse(time.RFC3339, pub); err != nil || !got.Equal(a.Published) {
			t.Errorf("%s: published %q, want %v", key, pub, a.Published)
		}
		var comments []testsite.Comment
		cs, _ := r["comments"].([]any)
		for _, c := range cs {
			m := c.(map[string]any)
			author, _ := m["author"].(string)
			text, _ := m["text"].(string)
			comments = append(comments, testsite.Comment{User: author, Text: text})
			if m["published"] == nil {
				t.Errorf("%s: comment %v has no date", key, m)
			}
		}
		if !reflect.DeepEqual(comments, a.Comments) {
			t.Errorf("%s: comments %v, want %v", key, comments, a.Comments)
		}
		if p, _ := r["path"].([]any); len(p) == 0 || !strings.Contains(r["html"].(string), "<p>") {
			t.Errorf("%s: path %v, html %.60q: want the article blocks", key, r["path"], r["html"])
		}
		checked++
	}
	if checked < 50 {
		t.Errorf("checked %d articles, want the test site's (≥ 50)", checked)
	}

	// TOC pages: their links as mining stored them, in order.
	tocs := readRecords(t, exportTo(t, db, "--kind", "toc"))
	withLinks := 0
	for _, r := range tocs {
		if k := r["kind"]; k != string(mine.KindTOC) && k != string(mine.KindArticleTOC) {
			t.Errorf("--kind toc exported %s of kind %v", r["url"], k)
		}
		key, _ := crawler.Canonical(r["url"].(string))
		res, err := mine.LoadResult(d, key)
		if err != nil {
			t.Fatal(err)
		}
		var want []any
		for _, b := range res.TOC {
			for _, l := range b.Links {
				want = append(want, map[string]any{"url": l.URL, "text": l.Text})
			}
		}
		got := r["links"].([]any)
		if len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d links, want the %d of its TOC blocks", key, len(got), len(want))
		}
		if len(got) > 0 {
			withLinks++
		}
	}
	if withLinks < len(tocs)/2 || len(tocs) < 20 {
		t.Errorf("%d TOC records, %d with links: want the site's fronts and their links", len(tocs), withLinks)
	}
}

func TestExportText(t *testing.T) {
	_, db := minedSite(t)
	recs := readRecords(t, exportTo(t, db))
	md := string(exportTo(t, db, "--format", "md"))
	txt := string(exportTo(t, db, "--format", "txt"))
	if got, want := strings.Count(txt, "\n========"), len(recs); got != want {
		t.Errorf("txt has %d separators, want one per article (%d)", got, want)
	}
	for _, r := range recs {
		title, u := r["title"].(string), r["url"].(string)
		first := strings.SplitN(r["text"].(string), "\n\n", 2)[0]
		firstMD := strings.SplitN(r["markdown"].(string), "\n\n", 2)[0] // md is the markdown field
		if !strings.Contains(md, "# "+title+"\n<"+u+">\n\n"+firstMD) {
			t.Errorf("md lacks %q, its URL and first paragraph", title)
		}
		if !strings.Contains(txt, title+"\n"+u+"\n\n"+first) {
			t.Errorf("txt lacks %q, its URL and first paragraph", title)
		}
	}
}

func TestExportWARC(t *testing.T) {
	_, db := minedSite(t)
	b := exportTo(t, db, "--format", "warc")
	path := filepath.Join(t.TempDir(), "x.warc")
	os.WriteFile(path, b, 0o644)

	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	want := map[string]*store.Page{}
	d.Pages(true, func(p *store.Page) error { want[p.FinalURL] = p; return nil })

	rd, err := gowarc.NewWarcFileReader(path, 0, gowarc.WithStrictValidation())
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var types []gowarc.RecordType
	seen := map[string]bool{}
	for {
		rec, _, _, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("record %d: %v", len(types), err)
		}
		types = append(types, rec.Type())
		if rec.Type() == gowarc.Response {
			checkResponse(t, rec, want, seen)
		}
		rec.Close()
	}
	if len(types) == 0 || types[0] != gowarc.Warcinfo {
		t.Fatalf("record types %v: want warcinfo first", types[:min(3, len(types))])
	}
	if got, want := len(types), 1+len(want); got != want {
		t.Errorf("%d records, want warcinfo + one per stored page = %d", got, want)
	}
	if len(seen) != len(want) {
		t.Errorf("%d distinct target URIs, want %d", len(seen), len(want))
	}
}

func checkResponse(t *testing.T, rec gowarc.WarcRecord, want map[string]*store.Page, seen map[string]bool) {
	t.Helper()
	target := rec.WarcHeader().Get(gowarc.WarcTargetURI)
	p := want[target]
	if p == nil {
		t.Errorf("target %s is not a stored page", target)
		return
	}
	seen[target] = true
	if got, _ := rec.Date(); !got.Equal(p.FetchedAt.Truncate(time.Second)) {
		t.Errorf("%s: WARC-Date %v, want %v", target, got, p.FetchedAt)
	}
	blk, ok := rec.Block().(gowarc.HttpResponseBlock)
	if !ok {
		t.Fatalf("%s: block %T is not an HTTP response", target, rec.Block())
	}
	if blk.HttpStatusCode() != p.Status || blk.HttpHeader().Get("Content-Encoding") != "" {
		t.Errorf("%s: status %d, header %v", target, blk.HttpStatusCode(), blk.HttpHeader())
	}
	if p.Charset != "utf-8" && !strings.Contains(blk.HttpHeader().Get("Content-Type"), "charset=utf-8") {
		t.Errorf("%s: converted from %s but Content-Type is %q", target, p.Charset, blk.HttpHeader().Get("Content-Type"))
	}
	r, err := blk.PayloadBytes()
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r)
	if !bytes.Equal(body, p.Body) {
		t.Errorf("%s: payload of %d bytes differs from the stored body (%d bytes)", target, len(body), len(p.Body))
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	unmined := filepath.Join(dir, "unmined.db")
	d, err := store.Open(unmined, nil)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	out := filepath.Join(dir, "out.jsonl")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"export"}, exitUsage, "want --db FILE"},
		{[]string{"export", "--db", unmined, "--kind", "story"}, exitUsage, `--kind "story"`},
		{[]string{"export", "--db", unmined, "--format", "pdf"}, exitUsage, `--format "pdf"`},
		{[]string{"export", "--db", unmined, "--format", "warc", "--kind", "toc"}, exitUsage, "--kind does not apply"},
		{[]string{"export", "--db", filepath.Join(dir, "none.db")}, exitError, "no store at"},
		{[]string{"export", "--db", unmined, "-o", out}, exitError, "run infocrawl mine first"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("infocrawl %v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	// The failed export to out left nothing behind, not even a temp file.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".db") {
			t.Errorf("failed export left %s", e.Name())
		}
	}
	// An unmined store still exports as WARC: it needs no mining.
	code, _, stderr := runCLI("export", "--db", unmined, "--format", "warc", "-o", filepath.Join(dir, "x.warc"))
	if code != exitOK || !strings.Contains(stderr, "exported 0 records") {
		t.Errorf("warc of an empty store: exit %d, %q", code, stderr)
	}
}
