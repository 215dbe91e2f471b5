package export

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"

	"infocrawl/mine"
	"infocrawl/store"
)

var fetched = time.Date(2024, 3, 16, 9, 0, 0, 0, time.UTC)

// testStore holds two pages with hand-made mining results: an article
// (with a related-stories TOC) and a section front, plus a Big5 page that
// was gzipped on the wire and never mined.
func testStore(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "x.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	article, err := os.ReadFile(filepath.Join("testdata", "meta", "microdata.html"))
	if err != nil {
		t.Fatal(err)
	}
	w := db.NewWriter(store.WriterOptions{})
	pages := []*store.Page{
		{URL: "http://news.example/world/port.html", FinalURL: "http://news.example/world/port.html", Status: 200,
			ContentType: "text/html; charset=utf-8", Charset: "utf-8", FetchedAt: fetched,
			Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}, Body: article},
		{URL: "http://news.example/world/", FinalURL: "http://news.example/world/?page=1", Status: 200,
			ContentType: "text/html", Charset: "utf-8", FetchedAt: fetched.Add(time.Minute),
			Header: http.Header{"Content-Type": {"text/html"}}, Body: []byte("<html><body><ul><li><a href=port.html>Port reopens</a></ul></body></html>")},
		{URL: "http://news.example/tw/1.html", FinalURL: "http://news.example/tw/1.html", Status: 200,
			ContentType: "text/html; charset=big5", Charset: "big5", FetchedAt: fetched.Add(2 * time.Minute),
			Header: http.Header{"Content-Type": {"text/html; charset=big5"}, "Content-Encoding": {"gzip"}, "Content-Length": {"99"}},
			Body:   []byte("<html><body><p>台灣新聞</p></body></html>")},
	}
	for _, p := range pages {
		if err := w.PutPage(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	results := []*mine.Result{
		{Key: pages[0].URL, URL: pages[0].FinalURL, Cluster: "c1", Kind: mine.KindArticleTOC, Title: "Port reopens",
			Article: []mine.Block{
				{Paths: []string{"html/body/div.article/div.article-body"}, Text: "The port reopened on Tuesday.", Markdown: "The port reopened on **Tuesday**.", HTML: "<div><p>The port reopened on <b>Tuesday</b>.</p></div>"},
				{Paths: []string{"html/body/div.article/div.more"}, Text: "Ships queued.", HTML: "<div><p>Ships queued.</p></div>"}},
			TOC: []mine.Block{{Paths: []string{"html/body/div.related"}, Links: []mine.Link{{URL: "http://news.example/world/dock.html", Text: "Dock strike ends"}}}}},
		{Key: pages[1].URL, URL: pages[1].FinalURL, Cluster: "c2", Kind: mine.KindTOC, Title: "World",
			TOC: []mine.Block{{Paths: []string{"html/body/ul"}, Links: []mine.Link{{URL: "http://news.example/world/port.html", Text: "Port [reopens]"}}}}},
	}
	var mined []store.Mined
	for _, r := range results {
		b, _ := json.Marshal(r)
		mined = append(mined, store.Mined{URL: r.Key, Data: b})
	}
	if err := db.PutMined("c", nil, mined); err != nil {
		t.Fatal(err)
	}
	return db
}

func export(t *testing.T, db *store.DB, opts Options) (string, Summary) {
	t.Helper()
	var buf bytes.Buffer
	sum, err := Write(context.Background(), &buf, db, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Bytes != int64(buf.Len()) {
		t.Errorf("summary says %d bytes, wrote %d", sum.Bytes, buf.Len())
	}
	return buf.String(), sum
}

func TestJSONLRecords(t *testing.T) {
	db := testStore(t)
	for _, c := range []struct {
		kind Kind
		want []Record
	}{
		{Articles, []Record{{
			URL: "http://news.example/world/port.html", Cluster: "c1", Kind: mine.KindArticleTOC, Title: "Port reopens",
			Published: "2024-03-12T09:41:00Z", Author: "Maria Lopez",
			Text: "The port reopened on Tuesday.\n\nShips queued.",
			// The second block, as mined before mining wrote Markdown, is
			// rendered from the stored page: its path is not there, so
			// its text's paragraphs.
			Markdown:  "The port reopened on **Tuesday**.\n\nShips queued.",
			HTML:      "<div><p>The port reopened on <b>Tuesday</b>.</p></div>\n<div><p>Ships queued.</p></div>",
			Links:     []mine.Link{{URL: "http://news.example/world/dock.html", Text: "Dock strike ends"}},
			Path:      []string{"html/body/div.article/div.article-body", "html/body/div.article/div.more"},
			FetchedAt: "2024-03-16T09:00:00Z",
		}}},
		{TOCs, nil}, // filled below: both pages
	} {
		out, sum := export(t, db, Options{Kind: c.kind})
		var got []Record
		dec := json.NewDecoder(strings.NewReader(out))
		for dec.More() {
			var r Record
			if err := dec.Decode(&r); err != nil {
				t.Fatal(err)
			}
			got = append(got, r)
		}
		if sum.Records != len(got) {
			t.Errorf("%s: summary says %d records, got %d", c.kind, sum.Records, len(got))
		}
		if c.want == nil {
			if len(got) != 2 || got[0].Kind != mine.KindTOC || !reflect.DeepEqual(got[0].Path, []string{"html/body/ul"}) || got[0].Text != "" {
				t.Errorf("%s: got %+v; want both pages, the front's path its TOC block", c.kind, got)
			}
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", c.kind, got, c.want)
		}
	}
	// No published or author: the keys are left out, not null.
	out, _ := export(t, db, Options{Kind: TOCs})
	front, _, _ := strings.Cut(out, "\n")
	if strings.Contains(front, `"published"`) || strings.Contains(front, `"author"`) || strings.Contains(front, "null") {
		t.Errorf("record of a page with no metadata: %s", front)
	}
}

func TestTextFormats(t *testing.T) {
	db := testStore(t)
	cases := []struct {
		opts Options
		want string
	}{
		{Options{Format: Markdown}, "# Port reopens\n<http://news.example/world/port.html>\n\nThe port reopened on **Tuesday**.\n\nShips queued.\n\n"},
		// In URL order: the front's key, .../world/, comes first.
		{Options{Format: Markdown, Kind: TOCs}, "# World\n<http://news.example/world/?page=1>\n\n- [Port \\[reopens\\]](<http://news.example/world/port.html>)\n\n" +
			"# Port reopens\n<http://news.example/world/port.html>\n\n- [Dock strike ends](<http://news.example/world/dock.html>)\n\n"},
		{Options{Format: Text}, "Port reopens\nhttp://news.example/world/port.html\n\nThe port reopened on Tuesday.\n\nShips queued.\n\n" + textSeparator + "\n\n"},
		{Options{Format: Text, Kind: All}, "World\nhttp://news.example/world/?page=1\n\nPort [reopens]\thttp://news.example/world/port.html\n\n" + textSeparator + "\n\n" +
			"Port reopens\nhttp://news.example/world/port.html\n\nThe port reopened on Tuesday.\n\nShips queued.\n\n" +
			"Dock strike ends\thttp://news.example/world/dock.html\n\n" + textSeparator + "\n\n"},
	}
	for _, c := range cases {
		if got, _ := export(t, db, c.opts); got != c.want {
			t.Errorf("%s %s:\ngot  %q\nwant %q", c.opts.Format, c.opts.Kind, got, c.want)
		}
	}
}

func TestWARCHeaders(t *testing.T) {
	db := testStore(t)
	out, sum := export(t, db, Options{Format: WARC, Now: func() time.Time { return fetched }})
	if sum.Records != 3 {
		t.Errorf("%d response records, want 3 (every stored page, mined or not)", sum.Records)
	}
	rd, err := gowarc.NewWarcFileReaderFromStream(strings.NewReader(out), 0, gowarc.WithStrictValidation())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]http.Header{}
	for {
		rec, _, _, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if blk, ok := rec.Block().(gowarc.HttpResponseBlock); ok {
			got[rec.WarcHeader().Get(gowarc.WarcTargetURI)] = *blk.HttpHeader()
		}
		rec.Close()
	}
	tw := got["http://news.example/tw/1.html"]
	body := "<html><body><p>台灣新聞</p></body></html>"
	if tw.Get("Content-Encoding") != "" || tw.Get("Content-Length") != strconv.Itoa(len(body)) || tw.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("converted gzipped page: header %v; want no encoding, the stored length, charset=utf-8", tw)
	}
	if ct := got["http://news.example/world/?page=1"].Get("Content-Type"); ct != "text/html" {
		t.Errorf("UTF-8 page with no charset: Content-Type %q, want it as sent", ct)
	}
}

func TestNotMined(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "x.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, f := range []Format{JSONL, Markdown, Text} {
		if _, err := Write(context.Background(), io.Discard, db, Options{Format: f}); !errors.Is(err, ErrNotMined) {
			t.Errorf("%s of an unmined store: %v, want ErrNotMined", f, err)
		}
	}
}
