package mine

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"

	"infocrawl/mine/urlpattern"
	"infocrawl/store"
)

// chunkPages bounds how many pages of a cluster are parsed at once, so
// memory grows with a cluster's statistics, not with its pages.
const chunkPages = 200

// Summary counts what a mining run did, per cluster.
type Summary struct {
	Mined    int
	Clusters map[string]map[Kind]int
}

// clustering is the stored assignment of pages to clusters, and of URL
// patterns to clusters for pages that arrive later.
type clustering struct {
	Pages    map[string]string `json:"pages"`
	Patterns map[string]string `json:"patterns"`
}

// MineStore mines the store's pages that have no result yet (all of them
// when all is set, after dropping earlier results and statistics), cluster
// by cluster and chunk by chunk, committing each chunk's results with the
// cluster statistics that produced them. progress, if not nil, is called
// after each chunk.
func MineStore(ctx context.Context, db *store.DB, opts Options, all bool, progress func(done, total int)) (*Summary, error) {
	opts = opts.withDefaults()
	if all {
		if err := db.ResetMining(); err != nil {
			return nil, err
		}
	}
	todo, err := unmined(db)
	if err != nil {
		return nil, err
	}
	cl, err := assignClusters(db, todo, opts)
	if err != nil {
		return nil, err
	}
	groups := map[string][]*store.Page{}
	for _, p := range todo {
		id := cl.Pages[p.URL]
		groups[id] = append(groups[id], p)
	}
	ids := make([]string, 0, len(groups))
	for id := range groups {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	sum := &Summary{Clusters: map[string]map[Kind]int{}}
	for _, id := range ids {
		if err := mineGroup(ctx, db, id, groups[id], opts, sum, len(todo), progress); err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// unmined returns the metadata of the stored pages with no result.
func unmined(db *store.DB) ([]*store.Page, error) {
	done := map[string]bool{}
	err := db.MinedResults(func(u string, _ []byte) error { done[u] = true; return nil })
	if err != nil {
		return nil, err
	}
	var out []*store.Page
	err = db.Pages(false, func(p *store.Page) error {
		if !done[p.URL] {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// assignClusters clusters the pages on the first run (URL pattern and
// template signature, which costs one parse of each page) and places the
// pages of later runs by their URL pattern.
func assignClusters(db *store.DB, pages []*store.Page, opts Options) (*clustering, error) {
	cl := &clustering{Pages: map[string]string{}, Patterns: map[string]string{}}
	if raw, err := db.Clustering(); err != nil {
		return nil, err
	} else if raw != nil {
		if err := json.Unmarshal(raw, cl); err != nil {
			return nil, fmt.Errorf("mine: stored clustering: %w", err)
		}
	}
	var fresh []Input
	for _, p := range pages {
		if _, ok := cl.Pages[p.URL]; ok {
			continue
		}
		u, _ := url.Parse(p.FinalURL)
		if len(cl.Patterns) > 0 {
			cl.Pages[p.URL] = cl.place(u)
			continue
		}
		full, err := db.Page(p.URL)
		if err != nil {
			return nil, err
		}
		fresh = append(fresh, Input{Key: p.URL, URL: u, Body: full.Body})
	}
	if len(fresh) > 0 {
		ids := ClusterInputs(fresh, opts)
		for _, in := range fresh {
			cl.Pages[in.Key] = ids[in.Key]
			if in.URL != nil {
				cl.Patterns[urlpattern.Of(in.URL)] = ids[in.Key]
			}
		}
	}
	raw, err := json.Marshal(cl)
	if err != nil {
		return nil, err
	}
	return cl, db.SetClustering(raw)
}

// place finds a new page's cluster by its URL pattern, else its host's
// site-wide cluster.
func (c *clustering) place(u *url.URL) string {
	if u == nil {
		return "site:"
	}
	if id, ok := c.Patterns[urlpattern.Of(u)]; ok {
		return id
	}
	return "site:" + u.Host
}

func mineGroup(ctx context.Context, db *store.DB, id string, pages []*store.Page, opts Options, sum *Summary, total int, progress func(int, int)) error {
	state, err := LoadClusterState(db, id)
	if err != nil {
		return err
	}
	counts := sum.Clusters[id]
	if counts == nil {
		counts = map[Kind]int{}
		sum.Clusters[id] = counts
	}
	for start := 0; start < len(pages); start += chunkPages {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk := pages[start:min(start+chunkPages, len(pages))]
		inputs := make([]Input, 0, len(chunk))
		for _, meta := range chunk {
			p, err := db.Page(meta.URL)
			if err != nil {
				return err
			}
			u, _ := url.Parse(p.FinalURL)
			inputs = append(inputs, Input{Key: p.URL, URL: u, Body: p.Body})
		}
		results := MineCluster(id, state, inputs, opts)
		mined := make([]store.Mined, len(results))
		for i, r := range results {
			data, err := json.Marshal(r)
			if err != nil {
				return fmt.Errorf("mine: encode result %s: %w", r.Key, err)
			}
			mined[i] = store.Mined{URL: r.Key, Data: data}
			counts[r.Kind]++
		}
		raw, err := state.MarshalBinary()
		if err != nil {
			return err
		}
		if err := db.PutMined(id, raw, mined); err != nil {
			return err
		}
		sum.Mined += len(results)
		if progress != nil {
			progress(sum.Mined, total)
		}
	}
	return nil
}

// LoadClusterState returns a cluster's state as the store keeps it, an
// empty one when the store has none.
func LoadClusterState(db *store.DB, id string) (*ClusterState, error) {
	s := NewClusterState()
	raw, err := db.ClusterState(id)
	if err != nil || raw == nil {
		return s, err
	}
	if err := s.UnmarshalBinary(raw); err != nil {
		return nil, fmt.Errorf("mine: cluster %s: %w", id, err)
	}
	return s, nil
}

// StoredResult decodes a page's stored mining result.
func StoredResult(db *store.DB, u string) (*Result, error) {
	raw, err := db.MinedResult(u)
	if err != nil {
		return nil, err
	}
	r := &Result{}
	if err := json.Unmarshal(raw, r); err != nil {
		return nil, fmt.Errorf("mine: result %s: %w", u, err)
	}
	return r, nil
}
