package mine

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"infocrawl/mine/urlpattern"
	"infocrawl/store"
)

// Miner mines pages one at a time as a focused crawl fetches them
// (ALGORITHMS.md §1, §4): each page joins its cluster's statistics, which
// only grow, and is mined with what the cluster has learnt so far — its
// template, its voted article region and its voted TOC paths, the fast
// first guess for where a page's story lists are. A page of a URL pattern
// never seen goes to its host's catch-all cluster and is mined with that
// cluster's statistics, alone while it has too few pages.
//
// Results wait in memory until Flush writes them with their cluster
// states, once their pages are in the store: a result is never stored for
// a page the store lost.
type Miner struct {
	db   *store.DB
	opts Options

	mu      sync.Mutex // guards the fields below
	cl      *clustering
	states  map[string]*ClusterState
	pending []pendingResult
	mined   int
}

type pendingResult struct {
	cluster string
	key     string
	data    []byte
}

// NewMiner returns a miner that places pages by the store's clustering
// (made by an earlier MineStore) and adds to its cluster states.
func NewMiner(db *store.DB, opts Options) (*Miner, error) {
	cl := &clustering{Pages: map[string]string{}, Patterns: map[string]string{}}
	raw, err := db.Clustering()
	if err != nil {
		return nil, err
	}
	if raw != nil {
		if err := json.Unmarshal(raw, cl); err != nil {
			return nil, fmt.Errorf("mine: stored clustering: %w", err)
		}
	}
	return &Miner{db: db, opts: opts.withDefaults(), cl: cl, states: map[string]*ClusterState{}}, nil
}

// Mine mines one page. key is its canonical URL (its key in the store),
// finalURL the URL it was fetched from, body its UTF-8 HTML. It is safe
// for concurrent use; pages are mined one at a time.
func (m *Miner) Mine(key, finalURL string, body []byte) (*Result, error) {
	u, _ := url.Parse(finalURL)
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.cl.Pages[key]
	if !ok {
		var err error
		if id, err = m.place(u, body); err != nil {
			return nil, err
		}
		m.cl.Pages[key] = id
	}
	state, err := m.state(id)
	if err != nil {
		return nil, err
	}
	res := MineCluster(id, state, []Input{{Key: key, URL: u, Body: body}}, m.opts)[0]
	data, err := json.Marshal(res)
	if err != nil {
		return nil, fmt.Errorf("mine: encode result %s: %w", key, err)
	}
	m.pending = append(m.pending, pendingResult{cluster: id, key: key, data: data})
	m.mined++
	return res, nil
}

// Mined returns how many pages Mine has mined.
func (m *Miner) Mined() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.mined
}

// minPlaceShare is the share of a page's text a cluster's template must
// cover for a page of a URL pattern never seen to join that cluster.
const minPlaceShare = 0.1

// place finds a page's cluster: by its URL pattern when that is known,
// else the (URL pattern) cluster whose template covers most of the page's text (a site
// often serves one template under several patterns: /category/x/page/2/
// looks like /category/x/), else its host's catch-all cluster. The
// pattern joins the chosen cluster. The caller holds m.mu.
func (m *Miner) place(u *url.URL, body []byte) (string, error) {
	if u == nil {
		return m.cl.place(u), nil
	}
	pattern := urlpattern.Of(u)
	if id, ok := m.cl.Patterns[pattern]; ok {
		return id, nil
	}
	ids := map[string]bool{}
	for _, id := range m.cl.Patterns {
		if !strings.HasPrefix(id, "site:") { // catch-alls mix templates
			ids[id] = true
		}
	}
	page, err := Parse(body, u)
	if err != nil {
		return "", err
	}
	total := 0
	for _, sg := range page.Segments {
		total += len(sg.Text)
	}
	best, bestShare := m.cl.place(u), minPlaceShare
	for _, id := range sortedKeys(ids) {
		st, err := m.state(id)
		if err != nil {
			return "", err
		}
		if st.Template.Pages < m.opts.MinClusterPages || total == 0 {
			continue
		}
		share := float64(st.Template.Mark(page, m.opts.TemplateShare, m.opts.TemplateMinDF)) / float64(total)
		if share > bestShare {
			best, bestShare = id, share
		}
	}
	m.cl.Patterns[pattern] = best
	return best, nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// state returns a cluster's state, loading it from the store once.
// The caller holds m.mu.
func (m *Miner) state(id string) (*ClusterState, error) {
	if s := m.states[id]; s != nil {
		return s, nil
	}
	s, err := LoadClusterState(m.db, id)
	if err != nil {
		return nil, err
	}
	m.states[id] = s
	return s, nil
}

// Flush stores the pending results, each cluster's with its state in one
// transaction, and the clustering. The states count every page mined, so
// they are only written once the store holds all those pages: Flush holds
// back new mining for a moment while the crawl commits them, else waits for
// the next call. A killed crawl thus neither loses a page's statistics nor
// counts a page twice. With final set (the crawl has ended) it writes what
// it has, dropping the results of pages the store never got.
func (m *Miner) Flush(final bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.pending) == 0 {
		return nil
	}
	ready, err := m.stored(final)
	if err != nil || ready == nil {
		return err
	}
	m.pending = m.pending[:0]
	ids := make([]string, 0, len(ready))
	for id := range ready {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		raw, err := m.states[id].MarshalBinary()
		if err != nil {
			return err
		}
		if err := m.db.PutMined(id, raw, ready[id]); err != nil {
			return err
		}
	}
	raw, err := json.Marshal(m.cl)
	if err != nil {
		return fmt.Errorf("mine: encode clustering: %w", err)
	}
	return m.db.SetClustering(raw)
}

// flushWaits bounds how long Flush holds mining back while the crawl
// commits the pages it mined (the store's writer commits every 100 ms).
const flushWaits, flushWait = 10, 30 * time.Millisecond

// stored groups the pending results by cluster if their pages are all in
// the store (final: those that are), else returns nil. The caller holds m.mu.
func (m *Miner) stored(final bool) (map[string][]store.Mined, error) {
	for try := 0; ; try++ {
		ready := map[string][]store.Mined{}
		missing := false
		for _, p := range m.pending {
			ok, err := m.db.HasPage(p.key)
			if err != nil {
				return nil, err
			}
			if !ok {
				missing = true
				continue
			}
			ready[p.cluster] = append(ready[p.cluster], store.Mined{URL: p.key, Data: p.data})
		}
		switch {
		case !missing || final:
			return ready, nil
		case try == flushWaits:
			return nil, nil
		}
		time.Sleep(flushWait)
	}
}
