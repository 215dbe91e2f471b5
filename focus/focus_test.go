package focus

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"infocrawl/crawler"
	"infocrawl/eval"
	"infocrawl/export"
	"infocrawl/internal/shared"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// counter counts the requests a server answers, by request URI.
type counter struct {
	mu   sync.Mutex // guards hits
	hits map[string]int
}

func (c *counter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.hits[r.URL.RequestURI()]++
		c.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

// crawlFigures is what one crawl of a site with known page kinds cost and
// reached.
type crawlFigures struct {
	fetches  int             // requests the server answered
	harvest  float64         // of them, for article or TOC pages
	articles map[string]bool // article pages stored, by path
	db       string
}

// measureCrawl crawls h to depth, focused when learnDepth ≥ 0, and counts,
// server side, what it fetched. kind gives a request URI's truth: article,
// toc or other.
func measureCrawl(t *testing.T, h http.Handler, kind func(path string) string, depth, learnDepth int, sitemaps bool) crawlFigures {
	t.Helper()
	c := &counter{hits: map[string]int{}}
	srv := httptest.NewServer(c.wrap(h))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "c.db")
	db, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	co := crawler.Options{Depth: depth, Parallel: 8}
	if learnDepth >= 0 {
		err = Run(context.Background(), db, Options{Entry: srv.URL + "/", Crawl: co, LearnDepth: learnDepth, Sitemaps: sitemaps})
	} else {
		_, err = crawler.New(db, co).Run(context.Background(), srv.URL+"/")
	}
	if err != nil {
		t.Fatal(err)
	}
	f := crawlFigures{articles: map[string]bool{}, db: path}
	good := 0
	for p, n := range c.hits {
		f.fetches += n
		if k := kind(p); k == "article" || k == "toc" {
			good += n
		}
	}
	f.harvest = float64(good) / float64(max(1, f.fetches))
	err = db.Pages(false, func(p *store.Page) error {
		u, err := url.Parse(p.FinalURL)
		if err == nil && kind(u.RequestURI()) == "article" {
			f.articles[u.Path] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return f
}

// focusFigures compares a focused crawl with a plain one of the same depth.
type focusFigures struct {
	coverage, fetchRatio float64
	plain, focus         crawlFigures
}

func compareFocus(t *testing.T, h http.Handler, kind func(string) string, depth, learnDepth int, sitemaps bool) focusFigures {
	t.Helper()
	plain := measureCrawl(t, h, kind, depth, -1, false)
	return compareWith(t, plain, h, kind, depth, learnDepth, sitemaps)
}

// compareWith measures a focused crawl against a plain crawl's figures.
func compareWith(t *testing.T, plain crawlFigures, h http.Handler, kind func(string) string, depth, learnDepth int, sitemaps bool) focusFigures {
	t.Helper()
	focus := measureCrawl(t, h, kind, depth, learnDepth, sitemaps)
	reached := 0
	var missed []string
	for a := range plain.articles {
		if focus.articles[a] {
			reached++
		} else {
			missed = append(missed, a)
		}
	}
	ff := focusFigures{
		coverage:   float64(reached) / float64(max(1, len(plain.articles))),
		fetchRatio: float64(focus.fetches) / float64(max(1, plain.fetches)),
		plain:      plain, focus: focus,
	}
	t.Logf("plain: %d fetches, %d articles, harvest %.3f", plain.fetches, len(plain.articles), plain.harvest)
	t.Logf("focus, learning depth %d, sitemaps %v: %d fetches, %d articles, harvest %.3f", learnDepth, sitemaps, focus.fetches, len(focus.articles), focus.harvest)
	t.Logf("coverage %.3f (%d of %d articles) with %.2f× the fetches", ff.coverage, reached, len(plain.articles), ff.fetchRatio)
	sort.Strings(missed)
	t.Logf("articles the focused crawl missed: %v", missed)
	return ff
}

// TestFocusTestSite: on the built-in news site, the focused crawl reaches
// the articles a plain crawl reaches, fetching fewer pages. The site is
// mostly articles (300 of ~370 pages), so no crawl that reaches them can
// fetch half as much: what focus saves here is the calendar trap, the
// static pages and the non-HTML files.
func TestFocusTestSite(t *testing.T) {
	site := testsite.New(testsite.Options{})
	kind := func(path string) string { return site.PageKind(path) }
	f := compareFocus(t, site.Handler(), kind, 5, 1, true)
	if f.coverage < 0.98 {
		t.Errorf("coverage %.3f, want ≥ 0.98", f.coverage)
	}
	f1, tocP, tocR := focusedSiteScore(t, site, f.focus)
	t.Logf("focused store: article F1 %.3f; TOC links P %.3f R %.3f", f1, tocP, tocR)
	if f1 < 0.95 || tocP < 0.9 || tocR < 0.9 {
		t.Errorf("article F1 %.3f, TOC P %.3f R %.3f; want ≥ 0.95, 0.9, 0.9", f1, tocP, tocR)
	}
	if f.fetchRatio >= 1 || f.focus.harvest <= f.plain.harvest {
		t.Errorf("focused crawl: %.2f× the fetches, harvest %.3f vs plain %.3f; want fewer fetches and a higher harvest",
			f.fetchRatio, f.focus.harvest, f.plain.harvest)
	}
}

// deepSite is the test site with a deep archive: 400 stories, each
// section's front paginated over 20 pages, author and tag archives,
// variants of the fronts that repeat their first page, comment-reply
// URLs, and sitemaps and a feed.
func deepSite() *testsite.Site {
	return testsite.New(testsite.Options{Sections: []string{"world", "tech"},
		ArticlesPerSection: 200, PageSize: 10, DeepArchive: true, Sitemaps: true})
}

// TestFocusDeepArchive: on a site whose old stories are listed only deep
// in paginated lists, the focused crawl reaches every story a plain crawl
// reaches with at most half its fetches, through the lists alone and,
// faster, through the sitemaps.
func TestFocusDeepArchive(t *testing.T) {
	site := deepSite()
	kind := func(path string) string { return site.PageKind(path) }
	plain := measureCrawl(t, site.Handler(), kind, 30, -1, false)
	for _, sitemaps := range []bool{false, true} {
		f := compareWith(t, plain, site.Handler(), kind, 30, 1, sitemaps)
		f1, tocP, tocR := focusedSiteScore(t, site, f.focus)
		t.Logf("focused store (sitemaps %v): article F1 %.3f; TOC links P %.3f R %.3f", sitemaps, f1, tocP, tocR)
		if f.coverage < 0.99 || f.fetchRatio > 0.5 {
			t.Errorf("sitemaps %v: coverage %.3f with %.2f× the fetches; want ≥ 0.99 with ≤ 0.5×", sitemaps, f.coverage, f.fetchRatio)
		}
		if f1 < 0.95 || tocP < 0.9 || tocR < 0.9 {
			t.Errorf("sitemaps %v: article F1 %.3f, TOC P %.3f R %.3f; want ≥ 0.95, 0.9, 0.9", sitemaps, f1, tocP, tocR)
		}
	}
}

// TestFocusWhizzy: on the real blog, the focused crawl reaches the posts
// with at most half the fetches of a plain crawl, and what it mined as it
// went scores as well as a whole-site mining.
func TestFocusWhizzy(t *testing.T) {
	siteDir := whizzySite(t)
	truth := readWhizzyTruth(t, filepath.Join(whizzyDir, "truth.jsonl"))
	kinds := map[string]string{}
	for _, p := range truth {
		kinds[whizzyPath(p.Path)] = p.Kind
	}
	kind := func(uri string) string {
		u, err := url.Parse(uri)
		if err != nil {
			return ""
		}
		return kinds[whizzyPath(u.Path)]
	}
	// Learning one hop deep already fetches every month, category and tag
	// list of the blog's sidebar; two hops fetch most of the site.
	f := compareFocus(t, http.FileServer(http.Dir(siteDir)), kind, 10, 1, true)
	if f.coverage < 0.98 || f.fetchRatio > 0.5 {
		t.Errorf("coverage %.3f with %.2f× the fetches; want ≥ 0.98 with ≤ 0.5×", f.coverage, f.fetchRatio)
	}
	score := whizzyScore(t, f.focus.db, truth)
	t.Logf("focused store: article F1 %.3f over %d posts; TOC links P %.3f R %.3f over %d listings",
		score.f1, score.posts, score.tocP, score.tocR, score.listings)
	gold := map[string]string{}
	for _, p := range truth {
		if p.Kind == "article" {
			gold[whizzyPath(p.Path)] = p.ArticleText
		}
	}
	exported := eval.Set(gold, exportedTexts(t, f.focus.db, gold), eval.NGram)
	t.Logf("export: article F1 %.3f over the %d posts", exported.F1, len(gold))
	if exported.F1 < 0.95 {
		t.Errorf("exported article F1 %.3f, want ≥ 0.95", exported.F1)
	}
	if score.f1 < 0.95 || score.tocP < 0.9 || score.tocR < 0.9 {
		t.Errorf("article F1 %.3f, TOC P %.3f R %.3f; want ≥ 0.95, 0.9, 0.9", score.f1, score.tocP, score.tocR)
	}
}

// exportedTexts is the article text of the JSONL export of the store at
// path, by URL path, for the paths in gold.
func exportedTexts(t *testing.T, path string, gold map[string]string) map[string]string {
	t.Helper()
	db, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var b strings.Builder
	if _, err := export.Write(context.Background(), &b, db, export.Options{Kind: export.Articles}); err != nil {
		t.Fatal(err)
	}
	pred := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var rec struct{ URL, Text string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if u, err := url.Parse(rec.URL); err == nil {
			if _, ok := gold[u.Path]; ok {
				pred[u.Path] = rec.Text
			}
		}
	}
	return pred
}

type whizzyFigures struct {
	f1, tocP, tocR  float64
	posts, listings int
}

// whizzyScore scores the mined pages of a whizzy store against the truth:
// article F1 over the posts it holds, TOC links over the listings it holds.
func whizzyScore(t *testing.T, path string, truth []whizzyPage) whizzyFigures {
	t.Helper()
	db, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	byPath := map[string]whizzyPage{}
	for _, p := range truth {
		byPath[whizzyPath(p.Path)] = p
	}
	gold, pred := map[string]string{}, map[string]string{}
	var out whizzyFigures
	var links linkCounts
	err = mine.EachResult(db, func(key string, r *mine.Result) error {
		u, err := url.Parse(key)
		if err != nil {
			return err
		}
		pg, ok := byPath[u.Path]
		switch {
		case !ok:
		case pg.Kind == "article":
			gold[u.Path], pred[u.Path] = pg.ArticleText, r.ArticleText()
		case pg.Kind == "toc":
			out.listings++
			want := map[string]bool{}
			for _, l := range pg.TOCLinks {
				want[whizzyPath(l)] = true
			}
			got := map[string]bool{}
			for _, l := range r.TOCLinks() {
				if c, err := crawler.Canonical(l); err == nil {
					if lu, err := url.Parse(c); err == nil && lu.Host == u.Host {
						got[whizzyPath(lu.Path)] = true
					}
				}
			}
			links.add(countLinks(got, want))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s := eval.Set(gold, pred, eval.NGram)
	out.f1, out.posts = s.F1, len(gold)
	out.tocP, out.tocR = links.precision(), links.recall()
	return out
}

// focusedSiteScore scores what a focused crawl of the test site mined on
// its way, page by page, against the site's truth.
func focusedSiteScore(t *testing.T, site *testsite.Site, f crawlFigures) (f1, tocP, tocR float64) {
	t.Helper()
	db, err := store.Open(f.db, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var base string
	var uris []string
	err = db.Pages(false, func(p *store.Page) error {
		u, err := url.Parse(p.URL)
		if err != nil {
			return err
		}
		base = u.Scheme + "://" + u.Host
		uris = append(uris, testsite.CanonicalURI(u))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f1, tocP, tocR, _ = siteScore(site, db, base, uris)
	return f1, tocP, tocR
}

// whizzySite returns the real blog's folder (see internal/shared for
// when it is absent).
func whizzySite(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(whizzyDir, "site")
	shared.Require(t, dir)
	return dir
}
