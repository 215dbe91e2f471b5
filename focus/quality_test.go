package focus

import (
	"context"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"infocrawl/crawler"
	"infocrawl/eval"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// siteQuality crawls the test site, mines it, and scores the results
// against the site's own truth: article text F1 over its articles, and
// micro precision and recall of the TOC links over its pages.
func siteQuality(t *testing.T, opts mine.Options) (f1 float64, tocP, tocR float64, kinds map[string]mine.Kind) {
	t.Helper()
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	db, err := store.Open(filepath.Join(t.TempDir(), "q.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := crawler.New(db, crawler.Options{Depth: 3, Parallel: 8}).Run(ctx, srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	if _, err := MineStore(ctx, db, opts, false, nil); err != nil {
		t.Fatal(err)
	}
	return siteScore(site, db, srv.URL, site.Reach(3))
}

// siteScore scores the mining results of the pages at uris in a store of
// the test site served at base.
func siteScore(site *testsite.Site, db *store.DB, base string, uris []string) (f1 float64, tocP, tocR float64, kinds map[string]mine.Kind) {
	gold, pred := map[string]string{}, map[string]string{}
	kinds = map[string]mine.Kind{}
	var links linkCounts
	for _, uri := range uris {
		key, _ := crawler.Canonical(base + uri)
		r, err := mine.LoadResult(db, key)
		if err != nil {
			continue // reached under a redirecting URL
		}
		kinds[uri] = r.Kind
		if a, ok := site.Article(uri); ok {
			gold[uri] = strings.Join(a.Paragraphs, "\n\n") // the title is the result's Title
			pred[uri] = r.ArticleText()
		}
		want := map[string]bool{}
		for _, l := range site.TOCLinks(uri) {
			want[l] = true
		}
		got := map[string]bool{}
		for _, b := range r.TOC {
			for _, l := range b.Links {
				if u, err := url.Parse(l.URL); err == nil && u.Host == strings.TrimPrefix(base, "http://") {
					c, _ := crawler.Canonical(l.URL)
					cu, _ := url.Parse(c)
					got[testsite.CanonicalURI(cu)] = true
				}
			}
		}
		links.add(countLinks(got, want))
	}
	s := eval.Set(gold, pred, eval.NGram)
	return s.F1, links.precision(), links.recall(), kinds
}

// The default extractor on the test site, crawled whole and mined:
// article F1 ≥ 0.98, TOC links precision and recall ≥ 0.95.
func TestTestSiteQuality(t *testing.T) {
	f1, p, r, kinds := siteQuality(t, mine.Options{})
	t.Logf("article F1 %.3f; TOC links P %.3f R %.3f", f1, p, r)
	if f1 < 0.98 {
		t.Errorf("article F1 %.3f, want ≥ 0.98", f1)
	}
	if p < 0.95 || r < 0.95 {
		t.Errorf("TOC links P %.3f R %.3f, want ≥ 0.95", p, r)
	}
	for _, uri := range []string{"/", "/world/", "/tech/?page=2"} {
		if k := kinds[uri]; k != mine.KindTOC {
			t.Errorf("%s mined as %q, want toc", uri, k)
		}
	}
}

// linkCounts compares found links with the truth's.
type linkCounts struct{ tp, fp, fn int }

func (c *linkCounts) add(d linkCounts) { c.tp, c.fp, c.fn = c.tp+d.tp, c.fp+d.fp, c.fn+d.fn }

func (c linkCounts) precision() float64 { return float64(c.tp) / float64(max(1, c.tp+c.fp)) }

func (c linkCounts) recall() float64 { return float64(c.tp) / float64(max(1, c.tp+c.fn)) }

func countLinks(got, want map[string]bool) linkCounts {
	var c linkCounts
	for l := range got {
		if want[l] {
			c.tp++
		} else {
			c.fp++
		}
	}
	for l := range want {
		if !got[l] {
			c.fn++
		}
	}
	return c
}
