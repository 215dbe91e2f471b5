package focus

import (
	"context"
	"fmt"
	"net/url"
	"sort"

	"infocrawl/mine"
	"infocrawl/mine/urlpattern"
	"infocrawl/store"
)

// chunkPages bounds how many pages of a cluster are parsed at once, so
// memory grows with a cluster's statistics, not with its pages.
const chunkPages = 200

// Summary counts what a mining run did, per cluster.
type Summary struct {
	Mined    int
	Clusters map[mine.ClusterID]map[mine.Kind]int
}

// MineStore mines the store's pages that have no result yet (all of them
// when all is set, after dropping earlier results and statistics), cluster
// by cluster and chunk by chunk, committing each chunk's results with the
// cluster statistics that produced them. progress, if not nil, is called
// after each chunk.
func MineStore(ctx context.Context, db *store.DB, opts mine.Options, all bool, progress func(done, total int)) (*Summary, error) {
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
	groups := map[mine.ClusterID][]*store.Page{}
	for _, p := range todo {
		id := cl.Pages[p.URL]
		groups[id] = append(groups[id], p)
	}
	ids := make([]mine.ClusterID, 0, len(groups))
	for id := range groups {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	sum := &Summary{Clusters: map[mine.ClusterID]map[mine.Kind]int{}}
	for _, id := range ids {
		g := group{id: id, pages: groups[id], total: len(todo)}
		if err := g.mine(ctx, db, opts, sum, progress); err != nil {
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
// template signature, read from each page's tags without parsing it;
// only the signatures are held, so a large store clusters in little
// memory) and places the pages of later runs by their URL pattern.
func assignClusters(db *store.DB, pages []*store.Page, opts mine.Options) (*mine.Clustering, error) {
	cl, err := mine.LoadClustering(db)
	if err != nil {
		return nil, err
	}
	var fresh []mine.ClusterInput
	for _, p := range pages {
		if _, ok := cl.Pages[p.URL]; ok {
			continue
		}
		u, err := pageURL(p)
		if err != nil {
			return nil, err
		}
		if len(cl.Patterns) > 0 {
			cl.Pages[p.URL] = cl.Place(u)
			continue
		}
		full, err := db.Page(p.URL)
		if err != nil {
			return nil, err
		}
		fresh = append(fresh, mine.ClusterInput{Key: p.URL, URL: u, Signature: mine.ScanSignature(full.Body)})
	}
	if len(fresh) > 0 {
		ids := mine.Cluster(fresh, opts.Cluster)
		for _, in := range fresh {
			cl.Pages[in.Key] = ids[in.Key]
			if in.URL != nil {
				cl.Patterns[urlpattern.Of(in.URL)] = ids[in.Key]
			}
		}
	}
	return cl, cl.Save(db)
}

type group struct {
	id    mine.ClusterID
	pages []*store.Page
	total int // pages in the whole run, for progress
}

func (g group) mine(ctx context.Context, db *store.DB, opts mine.Options, sum *Summary, progress func(int, int)) error {
	state, err := mine.LoadClusterState(db, g.id)
	if err != nil {
		return err
	}
	if err := state.ReadyFor(opts.Method); err != nil {
		return fmt.Errorf("focus: cluster %s: %w", g.id, err)
	}
	counts := sum.Clusters[g.id]
	if counts == nil {
		counts = map[mine.Kind]int{}
		sum.Clusters[g.id] = counts
	}
	for start := 0; start < len(g.pages); start += chunkPages {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk := g.pages[start:min(start+chunkPages, len(g.pages))]
		inputs := make([]mine.Input, 0, len(chunk))
		for _, meta := range chunk {
			p, err := db.Page(meta.URL)
			if err != nil {
				return err
			}
			u, err := pageURL(p)
			if err != nil {
				return err
			}
			inputs = append(inputs, mine.Input{Key: p.URL, URL: u, Body: p.Body})
		}
		results := mine.MineCluster(g.id, state, inputs, opts)
		for _, r := range results {
			counts[r.Kind]++
		}
		if err := mine.PutResults(db, g.id, state, results); err != nil {
			return err
		}
		sum.Mined += len(results)
		if progress != nil {
			progress(sum.Mined, g.total)
		}
	}
	return nil
}

// pageURL is the URL a stored page was fetched from. The crawler stores
// only URLs it could parse, so an error here means a damaged record.
func pageURL(p *store.Page) (*url.URL, error) {
	u, err := url.Parse(p.FinalURL)
	if err != nil {
		return nil, fmt.Errorf("focus: page %s: final URL: %w", p.URL, err)
	}
	return u, nil
}
