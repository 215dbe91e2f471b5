package focus

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"infocrawl/crawler"
	"infocrawl/internal/testsite"
	"infocrawl/mine"
	"infocrawl/store"
)

// testsiteBase is the origin the test site's pages are given: its links
// are root-relative, so any host will do.
const testsiteBase = "http://example.com"

// sitePages serves the uris in-process and returns the HTML pages as UTF-8
// inputs (the Big5 and Shift_JIS sections decoded as the crawler does).
func sitePages(t *testing.T, site *testsite.Site, uris []string) []mine.Input {
	t.Helper()
	h := site.Handler()
	var out []mine.Input
	for _, uri := range uris {
		var rec *httptest.ResponseRecorder
		for try := 0; try < 2; try++ { // the site has a flaky page
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, uri, nil))
			if rec.Code != http.StatusInternalServerError {
				break
			}
		}
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			continue
		}
		u, err := url.Parse(testsiteBase + uri)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := crawler.DecodeHTML(rec.Body.Bytes())
		out = append(out, mine.Input{Key: u.String(), URL: u, Body: body})
	}
	return out
}

func openStore(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// putPages stores inputs through a writer whose commits m hears of, as a
// focused crawl's do.
func putPages(t *testing.T, db *store.DB, m *Miner, inputs []mine.Input) {
	t.Helper()
	wo := store.WriterOptions{}
	if m != nil {
		wo.Committed = m.Committed
	}
	w := db.NewWriter(wo)
	for _, in := range inputs {
		if err := w.PutPage(&store.Page{URL: in.Key, FinalURL: in.URL.String(), Status: 200, Body: in.Body}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// templatePages is how many pages the store's cluster statistics count.
func templatePages(t *testing.T, db *store.DB) int {
	t.Helper()
	cl, err := mine.LoadClustering(db)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[mine.ClusterID]bool{}
	for _, id := range cl.Pages {
		ids[id] = true
	}
	n := 0
	for id := range ids {
		s, err := mine.LoadClusterState(db, id)
		if err != nil {
			t.Fatal(err)
		}
		n += s.Template.Pages
	}
	return n
}

// autoMined stores the test site's pages to depth 2 but the last held of
// them (later) and mines them with auto, as a crawl's first run does.
func autoMined(t *testing.T, held int) (site *testsite.Site, db *store.DB, all, later []mine.Input) {
	t.Helper()
	site = testsite.New(testsite.Options{})
	all = sitePages(t, site, site.Reach(2))
	db = openStore(t)
	putPages(t, db, nil, all[:len(all)-held])
	if _, err := MineStore(context.Background(), db, mine.Options{}, false, nil); err != nil {
		t.Fatal(err)
	}
	return site, db, all, all[len(all)-held:]
}

// Pages mined one by one after a batch mining join the statistics exactly
// once, their results are stored only once the store has committed their
// pages, and a page of a URL pattern never seen joins the cluster whose
// template it shares.
func TestMinerIncremental(t *testing.T) {
	site, db, _, later := autoMined(t, 40)
	before := templatePages(t, db)

	m, err := NewMiner(db, mine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range later {
		if _, err := m.Mine(in.Key, in.URL.String(), in.Body); err != nil {
			t.Fatal(err)
		}
	}
	// An article served under a path no URL pattern has seen.
	var story mine.Input
	for _, in := range later {
		if site.PageKind(in.URL.RequestURI()) == "article" {
			story = in
			break
		}
	}
	moved, _ := url.Parse(testsiteBase + "/moved/elsewhere/story.html")
	res, err := m.Mine(moved.String(), moved.String(), story.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.Cluster == mine.SiteCluster(moved.Host) {
		t.Errorf("a page of an unseen pattern went to the catch-all cluster; want the articles' cluster")
	}
	if res.Kind != mine.KindArticle && res.Kind != mine.KindArticleTOC {
		t.Errorf("moved article mined as %s", res.Kind)
	}

	// Not committed yet: nothing is written.
	if err := m.Flush(false); err != nil {
		t.Fatal(err)
	}
	if _, err := mine.LoadResult(db, later[0].Key); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("result before its page was committed: %v; want ErrNotFound", err)
	}
	putPages(t, db, m, append(later, mine.Input{Key: moved.String(), URL: moved, Body: story.Body}))
	if err := m.Flush(false); err != nil {
		t.Fatal(err)
	}
	for _, in := range later {
		if _, err := mine.LoadResult(db, in.Key); err != nil {
			t.Fatalf("%s: %v", in.Key, err)
		}
	}
	if got, want := templatePages(t, db), before+len(later)+1; got != want {
		t.Errorf("cluster statistics count %d pages, want %d", got, want)
	}
	// MineStore finds nothing left to mine.
	sum, err := MineStore(context.Background(), db, mine.Options{}, false, nil)
	if err != nil || sum.Mined != 0 {
		t.Fatalf("MineStore after the miner: mined %d, %v; want 0", sum.Mined, err)
	}
}

// Mining with an entropy method a store whose clusters were mined with
// auto, which counts no terms, stops with an error that says what to do,
// before it writes anything; mining every page again (all) works.
func TestMineMethodNeedsTerms(t *testing.T) {
	_, db, all, later := autoMined(t, 10)
	ctx := context.Background()
	before := templatePages(t, db)
	wisdom := mine.Options{Method: mine.MethodWISDOM}

	if _, err := NewMiner(db, wisdom); err == nil || !strings.Contains(err.Error(), "mine --all") {
		t.Fatalf("miner with wisdom on auto's statistics: %v; want an error that says to mine again with --all", err)
	}
	putPages(t, db, nil, later)
	sum, err := MineStore(ctx, db, wisdom, false, nil)
	if err == nil || !strings.Contains(err.Error(), "mine --all") || sum.Mined != 0 {
		t.Fatalf("MineStore with wisdom on auto's statistics: mined %d, %v; want none and an error that says to mine again with --all", sum.Mined, err)
	}
	if got := templatePages(t, db); got != before {
		t.Fatalf("the refused run changed the statistics: %d pages, want %d", got, before)
	}
	sum, err = MineStore(ctx, db, wisdom, true, nil)
	if err != nil || sum.Mined != len(all) {
		t.Fatalf("MineStore --all with wisdom: mined %d, %v; want %d", sum.Mined, err, len(all))
	}
	if _, err := NewMiner(db, wisdom); err != nil {
		t.Fatalf("miner with wisdom after mining every page with it: %v", err)
	}
}

// A final flush writes the results of the pages the store committed and
// drops the others: a result never stands for a page the store lost.
func TestMinerFinalFlushDropsUncommitted(t *testing.T) {
	site := testsite.New(testsite.Options{})
	pages := sitePages(t, site, site.Reach(1))
	db := openStore(t)
	m, err := NewMiner(db, mine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range pages {
		if _, err := m.Mine(in.Key, in.URL.String(), in.Body); err != nil {
			t.Fatal(err)
		}
	}
	kept, lost := pages[:len(pages)-2], pages[len(pages)-2:]
	putPages(t, db, m, kept)
	if err := m.Flush(true); err != nil {
		t.Fatal(err)
	}
	for _, in := range kept {
		if _, err := mine.LoadResult(db, in.Key); err != nil {
			t.Errorf("committed page %s: %v", in.Key, err)
		}
	}
	for _, in := range lost {
		if _, err := mine.LoadResult(db, in.Key); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("uncommitted page %s: result stored (%v)", in.Key, err)
		}
	}
}
