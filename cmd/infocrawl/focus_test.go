package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"

	"infocrawl/crawler"
	"infocrawl/eval"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// counter counts the requests a server answers, by path.
type counter struct {
	mu   sync.Mutex // guards hits
	hits map[string]int
}

func (c *counter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.hits[r.URL.Path]++
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

// measureCrawl runs "infocrawl crawl" with args against h and counts,
// server side, what it fetched. kind gives a path's truth: article, toc
// or other.
func measureCrawl(t *testing.T, h http.Handler, kind func(path string) string, args ...string) crawlFigures {
	t.Helper()
	c := &counter{hits: map[string]int{}}
	srv := httptest.NewServer(c.wrap(h))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "c.db")
	all := append([]string{"crawl", srv.URL + "/", "--db", db, "--quiet", "--parallel", "8"}, args...)
	if code, out, errs := runCLI(all...); code != exitOK {
		t.Fatalf("infocrawl %v: exit %d\n%s%s", all, code, out, errs)
	}
	f := crawlFigures{articles: map[string]bool{}, db: db}
	good := 0
	for path, n := range c.hits {
		f.fetches += n
		if k := kind(path); k == "article" || k == "toc" {
			good += n
		}
	}
	f.harvest = float64(good) / float64(max(1, f.fetches))
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	err = d.Pages(false, func(p *store.Page) error {
		u, err := url.Parse(p.FinalURL)
		if err == nil && kind(u.Path) == "article" {
			f.articles[u.Path] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// focusFigures compares a focused crawl with a plain one of the same depth.
type focusFigures struct {
	coverage, fetchRatio float64
	plain, focus         crawlFigures
}

func compareFocus(t *testing.T, h http.Handler, kind func(string) string, depth int, focusArgs ...string) focusFigures {
	t.Helper()
	d := fmt.Sprint(depth)
	plain := measureCrawl(t, h, kind, "--depth", d)
	focus := measureCrawl(t, h, kind, append([]string{"--depth", d, "--focus"}, focusArgs...)...)
	reached := 0
	for a := range plain.articles {
		if focus.articles[a] {
			reached++
		}
	}
	ff := focusFigures{
		coverage:   float64(reached) / float64(max(1, len(plain.articles))),
		fetchRatio: float64(focus.fetches) / float64(max(1, plain.fetches)),
		plain:      plain, focus: focus,
	}
	t.Logf("plain: %d fetches, %d articles, harvest %.3f", plain.fetches, len(plain.articles), plain.harvest)
	t.Logf("focus %v: %d fetches, %d articles, harvest %.3f", focusArgs, focus.fetches, len(focus.articles), focus.harvest)
	t.Logf("coverage %.3f (%d of %d articles) with %.2f× the fetches", ff.coverage, reached, len(plain.articles), ff.fetchRatio)
	var missed []string
	for a := range plain.articles {
		if !focus.articles[a] {
			missed = append(missed, a)
		}
	}
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
	f := compareFocus(t, site.Handler(), kind, 5, "--learn-depth", "1")
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

// TestFocusWhizzy: on the real blog, the focused crawl reaches the posts
// with at most half the fetches of a plain crawl, and what it mined as it
// went scores as well as a whole-site mining.
func TestFocusWhizzy(t *testing.T) {
	siteDir := filepath.Join(whizzyDir, "site")
	if _, err := os.Stat(siteDir); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s absent", whizzyDir)
	}
	truth := readWhizzyTruth(t, filepath.Join(whizzyDir, "truth.jsonl"))
	kinds := map[string]string{}
	for _, p := range truth {
		kinds[whizzyPath(p.Path)] = p.Kind
	}
	kind := func(path string) string { return kinds[whizzyPath(path)] }
	// Learning one hop deep already fetches every month, category and tag
	// list of the blog's sidebar; two hops fetch most of the site.
	f := compareFocus(t, http.FileServer(http.Dir(siteDir)), kind, 10, "--learn-depth", "1")
	if f.coverage < 0.98 || f.fetchRatio > 0.5 {
		t.Errorf("coverage %.3f with %.2f× the fetches; want ≥ 0.98 with ≤ 0.5×", f.coverage, f.fetchRatio)
	}
	score := whizzyScore(t, f.focus.db, truth)
	t.Logf("focused store: article F1 %.3f over %d posts; TOC links P %.3f R %.3f over %d listings",
		score.f1, score.posts, score.tocP, score.tocR, score.listings)
	// The same articles as the export writes them.
	out := filepath.Join(t.TempDir(), "articles.jsonl")
	if code, _, errs := runCLI("export", "--db", f.focus.db, "--kind", "article", "-o", out); code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	gold, pred := map[string]string{}, map[string]string{}
	for _, p := range truth {
		if p.Kind == "article" {
			gold[whizzyPath(p.Path)] = p.ArticleText
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
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
	exported := eval.Set(gold, pred, eval.NGram)
	t.Logf("export: article F1 %.3f over the %d posts (%d exported as articles)", exported.F1, len(gold), len(pred))
	if exported.F1 < 0.95 {
		t.Errorf("exported article F1 %.3f, want ≥ 0.95", exported.F1)
	}
	if score.f1 < 0.95 || score.tocP < 0.9 || score.tocR < 0.9 {
		t.Errorf("article F1 %.3f, TOC P %.3f R %.3f; want ≥ 0.95, 0.9, 0.9", score.f1, score.tocP, score.tocR)
	}
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
	tp, fp, fn := 0, 0, 0
	err = db.MinedResults(func(key string, _ []byte) error {
		r, err := mine.StoredResult(db, key)
		if err != nil {
			return err
		}
		u, _ := url.Parse(key)
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
			c := countLinks(got, want)
			tp, fp, fn = tp+c.tp, fp+c.fp, fn+c.fn
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s := eval.Set(gold, pred, eval.NGram)
	out.f1, out.posts = s.F1, len(gold)
	out.tocP = float64(tp) / float64(max(1, tp+fp))
	out.tocR = float64(tp) / float64(max(1, tp+fn))
	return out
}

// A focused crawl killed in its learning or its focused phase resumes in
// that phase: no page stored before the kill is fetched again, every page
// ends up mined, and the articles are all reached.
func TestFocusResumeAfterSIGKILL(t *testing.T) {
	truth := testsite.New(testsite.Options{})
	var articles []string
	for _, uri := range truth.Reach(3) {
		if truth.PageKind(uri) == "article" {
			articles = append(articles, uri)
		}
	}
	for _, killAt := range []int{40, 150, 260} {
		t.Run(fmt.Sprintf("kill-after-%d-requests", killAt), func(t *testing.T) {
			site := testsite.New(testsite.Options{})
			srv := httptest.NewServer(site.Handler())
			defer srv.Close()
			db := filepath.Join(t.TempDir(), "focus.db")
			focus := []string{"--focus", "--learn-depth", "1"}

			code, _ := runBinary(t, site, srv, db, killAt, syscall.SIGKILL, focus...)
			if code != -int(syscall.SIGKILL) {
				t.Fatalf("first run exited %d, want killed", code)
			}
			before, _ := storedURIs(t, db)
			phase := storePhase(t, db)
			hits1 := copyHits(site.Hits())
			if code, stderr := runBinary(t, site, srv, db, 0, nil, focus...); code != 0 {
				t.Fatalf("resumed run exited %d: %s", code, stderr)
			}
			hits2 := site.Hits()
			for uri := range before {
				if n := hits2[uri] - hits1[uri]; n > 0 {
					t.Errorf("%s was stored before the kill and fetched %d more times", uri, n)
				}
			}
			fetched, finals := storedURIs(t, db)
			missed := 0
			for _, a := range articles {
				if !fetched[a] {
					missed++
				}
			}
			if float64(len(articles)-missed) < 0.98*float64(len(articles)) {
				t.Errorf("after resume %d of %d articles reached", len(articles)-missed, len(articles))
			}
			d, err := store.Open(db, &store.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			unmined := 0
			d.Pages(false, func(p *store.Page) error {
				if _, err := d.MinedResult(p.URL); err != nil {
					unmined++
				}
				return nil
			})
			if unmined > 0 {
				t.Errorf("%d of %d pages not mined after resume", unmined, len(finals))
			}
			t.Logf("killed after %d requests in phase %q with %d pages stored; %d pages after resume", killAt, phase, len(before)/2, len(finals))
		})
	}
}

func storePhase(t *testing.T, path string) string {
	t.Helper()
	d, err := store.Open(path, &store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p, err := d.Phase()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A store keeps to the kind of crawl that made it: --focus on a plain
// crawl's store, or a plain crawl on a focused one, is a usage error that
// changes nothing.
func TestFocusStoreKind(t *testing.T) {
	site := testsite.New(testsite.Options{})
	srv := httptest.NewServer(site.Handler())
	defer srv.Close()
	dir := t.TempDir()
	plain, focused := filepath.Join(dir, "plain.db"), filepath.Join(dir, "focus.db")
	for _, args := range [][]string{
		{"crawl", srv.URL + "/", "--db", plain, "--depth", "0", "--quiet"},
		{"crawl", srv.URL + "/", "--db", focused, "--depth", "1", "--focus", "--learn-depth", "0", "--quiet"},
	} {
		if code, out, errs := runCLI(args...); code != exitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"crawl", srv.URL + "/", "--db", plain, "--focus", "--quiet"}, "holds a plain crawl"},
		{[]string{"crawl", srv.URL + "/", "--db", focused, "--quiet"}, "add --focus to resume it"},
	}
	for _, c := range cases {
		hits := totalHits(site)
		code, _, errs := runCLI(c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, exitUsage, c.want)
		}
		if n := totalHits(site) - hits; n > 0 {
			t.Errorf("%v: %d requests sent", c.args, n)
		}
	}
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
