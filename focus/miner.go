package focus

import (
	"fmt"
	"net/url"
	"sort"
	"sync"
	"time"

	"infocrawl/mine"
	"infocrawl/mine/urlpattern"
	"infocrawl/store"
)

// Miner mines pages one at a time as a focused crawl fetches them
// (docs/ALGORITHMS.md §1, §4): each page joins its cluster's statistics,
// which only grow, and is mined with what the cluster has learnt so far —
// its template, its voted article region and its voted TOC paths, the fast
// first guess for where a page's story lists are. A page of a URL pattern
// never seen goes to its host's catch-all cluster and is mined with that
// cluster's statistics, alone while it has too few pages.
//
// Results wait in memory until Flush writes them with their cluster
// states, once the store has committed their pages (Committed tells it
// which): a result is never stored for a page the store lost.
type Miner struct {
	db   *store.DB
	opts mine.Options

	mu      sync.Mutex // guards the fields below
	cl      *mine.Clustering
	states  map[mine.ClusterID]*mine.ClusterState
	pending []pending
	mined   int

	commitMu  sync.Mutex      // guards committed; never held with mu waiting on it
	committed map[string]bool // pages of pending results the store has committed
	commits   chan struct{}   // a token after each commit, for Flush to wait on
}

type pending struct {
	cluster mine.ClusterID
	result  *mine.Result
}

// NewMiner returns a miner that places pages by the store's clustering
// (made by an earlier MineStore) and adds to its cluster states. For a
// method that reads term statistics it fails when a cluster's lack some
// pages' terms (see mine.ClusterState.ReadyFor).
func NewMiner(db *store.DB, opts mine.Options) (*Miner, error) {
	cl, err := mine.LoadClustering(db)
	if err != nil {
		return nil, err
	}
	m := &Miner{
		db: db, opts: opts.WithDefaults(), cl: cl,
		states:    map[mine.ClusterID]*mine.ClusterState{},
		committed: map[string]bool{},
		commits:   make(chan struct{}, 1),
	}
	if mine.ReadsTerms(m.opts.Method) {
		// Before a crawl starts, not page by page during it: a cluster
		// whose statistics lack terms refuses every page.
		for _, id := range cl.Pages {
			if _, err := m.state(id); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// Mine mines one page. key is its canonical URL (its key in the store),
// finalURL the URL it was fetched from, body its UTF-8 HTML. It is safe
// for concurrent use; pages are mined one at a time.
func (m *Miner) Mine(key, finalURL string, body []byte) (*mine.Result, error) {
	return m.mine(key, finalURL, body, false)
}

// MineAgain mines a new version of a page its cluster has already
// counted (a list revisited by a refresh): against a copy of the
// cluster's statistics, so they do not count the page twice. Its result
// is written, once the store has committed the page, like Mine's.
func (m *Miner) MineAgain(key, finalURL string, body []byte) (*mine.Result, error) {
	return m.mine(key, finalURL, body, true)
}

func (m *Miner) mine(key, finalURL string, body []byte, again bool) (*mine.Result, error) {
	u, err := url.Parse(finalURL)
	if err != nil {
		return nil, fmt.Errorf("focus: mine %s: final URL: %w", key, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.cl.Pages[key]
	if !ok {
		if id, err = m.place(u, body); err != nil {
			return nil, err
		}
		m.cl.Pages[key] = id
	}
	state, err := m.state(id)
	if err != nil {
		return nil, err
	}
	if again {
		if state, err = copyState(state); err != nil {
			return nil, err
		}
	}
	res := mine.MineCluster(id, state, []mine.Input{{Key: key, URL: u, Body: body}}, m.opts)[0]
	m.pending = append(m.pending, pending{cluster: id, result: res})
	m.mined++
	return res, nil
}

// copyState is a deep copy of a cluster's state, by its encoding.
func copyState(s *mine.ClusterState) (*mine.ClusterState, error) {
	raw, err := s.MarshalBinary()
	if err != nil {
		return nil, err
	}
	c := &mine.ClusterState{}
	if err := c.UnmarshalBinary(raw); err != nil {
		return nil, err
	}
	return c, nil
}

// Mined returns how many pages Mine has mined.
func (m *Miner) Mined() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.mined
}

// Committed records that the store has committed pages: it is the
// crawler's Options.Committed.
func (m *Miner) Committed(pages []string) {
	m.commitMu.Lock()
	for _, p := range pages {
		m.committed[p] = true
	}
	m.commitMu.Unlock()
	select {
	case m.commits <- struct{}{}:
	default:
	}
}

// minPlaceShare is the share of a page's text a cluster's template must
// cover for a page of a URL pattern never seen to join that cluster.
const minPlaceShare = 0.1

// place finds a page's cluster: by its URL pattern when that is known,
// else the (URL pattern) cluster whose template covers most of the page's
// text (a site often serves one template under several patterns:
// /category/x/page/2/ looks like /category/x/), else its host's catch-all
// cluster. The pattern joins the chosen cluster. The caller holds m.mu.
func (m *Miner) place(u *url.URL, body []byte) (mine.ClusterID, error) {
	pattern := urlpattern.Of(u)
	if id, ok := m.cl.Patterns[pattern]; ok {
		return id, nil
	}
	seen := map[mine.ClusterID]bool{}
	var ids []mine.ClusterID
	for _, id := range m.cl.Patterns {
		if !id.IsSite() && !seen[id] { // catch-alls mix templates
			seen[id] = true
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	page, err := mine.Parse(body, u)
	if err != nil {
		return "", err
	}
	total := 0
	for _, sg := range page.Segments {
		total += len(sg.Text)
	}
	best, bestShare := m.cl.Place(u), minPlaceShare
	for _, id := range ids {
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

// state returns a cluster's state, loading it from the store once.
// The caller holds m.mu.
func (m *Miner) state(id mine.ClusterID) (*mine.ClusterState, error) {
	if s := m.states[id]; s != nil {
		return s, nil
	}
	s, err := mine.LoadClusterState(m.db, id)
	if err != nil {
		return nil, err
	}
	if err := s.ReadyFor(m.opts.Method); err != nil {
		return nil, fmt.Errorf("focus: cluster %s: %w", id, err)
	}
	m.states[id] = s
	return s, nil
}

// flushWait bounds how long Flush holds mining back for the store to
// commit the pages it has mined (the store's writer commits at least every
// 100 ms).
const flushWait = 300 * time.Millisecond

// Flush stores the pending results, each cluster's with its state in one
// transaction, and the clustering. The states count every page mined, so
// they are only written once the store has committed all those pages:
// Flush holds back new mining for up to flushWait while the crawl commits
// them, else leaves them for the next call. A killed crawl thus neither
// loses a page's statistics nor counts a page twice. With final set (the
// crawl has ended, so every page it will store is committed) it writes
// what it has, dropping the results of pages the store never got.
func (m *Miner) Flush(final bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.pending) == 0 {
		return nil
	}
	if !final && !m.awaitCommitted() {
		return nil
	}
	ready := map[mine.ClusterID][]*mine.Result{}
	m.commitMu.Lock()
	for _, p := range m.pending {
		if m.committed[p.result.Key] {
			ready[p.cluster] = append(ready[p.cluster], p.result)
		}
	}
	clear(m.committed)
	m.commitMu.Unlock()
	m.pending = m.pending[:0]
	ids := make([]mine.ClusterID, 0, len(ready))
	for id := range ready {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		if err := mine.PutResults(m.db, id, m.states[id], ready[id]); err != nil {
			return err
		}
	}
	return m.cl.Save(m.db)
}

// awaitCommitted waits up to flushWait for the store to commit the pages
// of every pending result, and reports whether it did. The caller holds
// m.mu, so no result is added meanwhile.
func (m *Miner) awaitCommitted() bool {
	deadline := time.NewTimer(flushWait)
	defer deadline.Stop()
	for {
		if m.allCommitted() {
			return true
		}
		select {
		case <-m.commits:
		case <-deadline.C:
			return m.allCommitted()
		}
	}
}

func (m *Miner) allCommitted() bool {
	m.commitMu.Lock()
	defer m.commitMu.Unlock()
	for _, p := range m.pending {
		if !m.committed[p.result.Key] {
			return false
		}
	}
	return true
}
