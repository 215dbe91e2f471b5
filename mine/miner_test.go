package mine

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"testing"

	"infocrawl/internal/testsite"
	"infocrawl/store"
)

func putPages(t *testing.T, db *store.DB, inputs []Input) {
	t.Helper()
	w := db.NewWriter(store.WriterOptions{})
	for _, in := range inputs {
		if err := w.PutPage(&store.Page{URL: in.Key, FinalURL: in.URL.String(), Status: 200, Body: in.Body}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func templatePages(t *testing.T, db *store.DB) int {
	t.Helper()
	n := 0
	raw, err := db.Clustering()
	if err != nil || raw == nil {
		t.Fatalf("clustering: %v", err)
	}
	var cl clustering
	if err := json.Unmarshal(raw, &cl); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, id := range cl.Pages {
		ids[id] = true
	}
	for id := range ids {
		raw, err := db.ClusterState(id)
		if err != nil || raw == nil {
			continue
		}
		s := NewClusterState()
		if err := s.UnmarshalBinary(raw); err != nil {
			t.Fatal(err)
		}
		n += s.Template.Pages
	}
	return n
}

// Pages mined one by one after a batch mining join the statistics exactly
// once, their results are stored only once their pages are, and a page of
// a URL pattern never seen joins the cluster whose template it shares.
func TestMinerIncremental(t *testing.T) {
	site := testsite.New(testsite.Options{})
	all := fetchTestsite(t, site, site.Reach(2))
	learnt, later := all[:len(all)-40], all[len(all)-40:]
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	putPages(t, db, learnt)
	if _, err := MineStore(context.Background(), db, Options{}, false, nil); err != nil {
		t.Fatal(err)
	}
	before := templatePages(t, db)

	m, err := NewMiner(db, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range later {
		if _, err := m.Mine(in.Key, in.URL.String(), in.Body); err != nil {
			t.Fatal(err)
		}
	}
	// An article served under a path no URL pattern has seen.
	var story Input
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
	if res.Cluster == "site:"+moved.Host {
		t.Errorf("a page of an unseen pattern went to the catch-all cluster; want the articles' cluster")
	}
	if res.Kind != KindArticle && res.Kind != KindArticleTOC {
		t.Errorf("moved article mined as %s", res.Kind)
	}

	// Not stored yet: nothing is written.
	if err := m.Flush(false); err != nil {
		t.Fatal(err)
	}
	if _, err := db.MinedResult(later[0].Key); err == nil {
		t.Fatal("a result was stored before its page")
	}
	putPages(t, db, append(later, Input{Key: moved.String(), URL: moved, Body: story.Body}))
	if err := m.Flush(false); err != nil {
		t.Fatal(err)
	}
	for _, in := range later {
		if _, err := db.MinedResult(in.Key); err != nil {
			t.Fatalf("%s: %v", in.Key, err)
		}
	}
	if got, want := templatePages(t, db), before+len(later)+1; got != want {
		t.Errorf("cluster statistics count %d pages, want %d", got, want)
	}
	// MineStore finds nothing left to mine.
	sum, err := MineStore(context.Background(), db, Options{}, false, nil)
	if err != nil || sum.Mined != 0 {
		t.Fatalf("MineStore after the miner: mined %d, %v; want 0", sum.Mined, err)
	}
}
