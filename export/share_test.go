package export

import (
	"bufio"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"infocrawl/crawler"
	"infocrawl/internal/shared"
	"infocrawl/internal/testsite"
)

// TestAuthorShare measures the share of articles that get an author
// (and on whizzy a published date), on
// the real WordPress blog of the shared data sets (an author only in its
// byline: Posted by <a rel="author">) and on the test site (microdata).
// README.md's Export section has the figures:
//
//	go test ./export -run TestAuthorShare -v
func TestAuthorShare(t *testing.T) {
	t.Run("whizzy", func(t *testing.T) {
		dir := shared.Path("datasets", "sites", "whizzy")
		shared.Require(t, filepath.Join(dir, "site"))
		f, err := os.Open(filepath.Join(dir, "truth.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		authors := map[string]int{}
		n, with, dated := 0, 0, 0
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var p struct{ Path, Kind string }
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil || p.Kind != "article" {
				continue
			}
			page, err := os.ReadFile(filepath.Join(dir, "site", filepath.FromSlash(p.Path)))
			if err != nil {
				t.Fatal(err)
			}
			n++
			m := extractMeta(page, nil)
			if m.Author != "" {
				with++
				authors[m.Author]++
			}
			if m.Published != "" {
				dated++
			}
		}
		t.Logf("whizzy: author on %d of %d posts (%.1f%%): %v; published on %d", with, n, 100*float64(with)/float64(max(n, 1)), authors, dated)
		if n == 0 || with < n*9/10 {
			t.Errorf("author on %d of %d posts, want ≥ 90%%", with, n)
		}
		// Its dates are text only ("May 8, 2009" in span.date-post).
		if dated < n*9/10 {
			t.Errorf("published on %d of %d posts, want ≥ 90%%", dated, n)
		}
	})
	t.Run("testsite", func(t *testing.T) {
		site := testsite.New(testsite.Options{})
		h := site.Handler()
		n, with, right := 0, 0, 0
		for _, a := range site.Articles() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", a.URI, nil))
			if rec.Code != 200 {
				continue
			}
			n++
			body, _ := crawler.DecodeHTML(rec.Body.Bytes()) // Big5 and Shift_JIS sections
			got := extractMeta(body, nil).Author
			if got != "" {
				with++
			}
			if got == a.Author {
				right++
			}
		}
		t.Logf("test site: author on %d of %d articles (%.1f%%), %d as the site wrote it", with, n, 100*float64(with)/float64(max(n, 1)), right)
		if n == 0 || right != n {
			t.Errorf("author right on %d of %d articles", right, n)
		}
	})
}
