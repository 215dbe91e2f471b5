package mine

import (
	"encoding/json"
	"fmt"
	"net/url"

	"infocrawl/mine/urlpattern"
	"infocrawl/store"
)

// The store keeps mine's records as bytes; mine owns their encodings, and
// these functions are the only places that encode or decode them: a
// result is JSON, a cluster's state binary (ClusterState.MarshalBinary),
// the clustering JSON.

// LoadResult returns a page's stored mining result; the error wraps
// store.ErrNotFound when the page has none.
func LoadResult(db *store.DB, key string) (*Result, error) {
	raw, err := db.MinedResult(key)
	if err != nil {
		return nil, err
	}
	return decodeResult(key, raw)
}

// EachResult calls fn with every stored result, in URL order, decoding one
// at a time so that memory does not grow with the store. key is the page's
// key in the store.
func EachResult(db *store.DB, fn func(key string, r *Result) error) error {
	return db.MinedResults(func(key string, raw []byte) error {
		r, err := decodeResult(key, raw)
		if err != nil {
			return err
		}
		return fn(key, r)
	})
}

// Head is the part of a result that lists of pages show.
type Head struct {
	Cluster ClusterID `json:"cluster"`
	Kind    Kind      `json:"kind"`
	Title   string    `json:"title"`
}

// EachHead calls fn with every stored result's Head, in URL order,
// decoding neither its blocks nor their HTML: what a list of a store's
// pages needs, at a fraction of EachResult's cost.
func EachHead(db *store.DB, fn func(key string, h Head) error) error {
	return db.MinedResults(func(key string, raw []byte) error {
		var h Head
		if err := json.Unmarshal(raw, &h); err != nil {
			return fmt.Errorf("mine: result %s: %w", key, err)
		}
		return fn(key, h)
	})
}

// EachTOC calls fn with every stored result's kind, TOC blocks and
// pagination, in URL order; the article blocks, by far the larger part,
// are not decoded. It is what following lists needs (a focused crawl's
// seeds, a refresh's lists).
func EachTOC(db *store.DB, fn func(key string, r *Result) error) error {
	return db.MinedResults(func(key string, raw []byte) error {
		var t struct {
			Kind       Kind    `json:"kind"`
			TOC        []Block `json:"toc"`
			Pagination []Link  `json:"pagination"`
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			return fmt.Errorf("mine: result %s: %w", key, err)
		}
		return fn(key, &Result{Key: key, Kind: t.Kind, TOC: t.TOC, Pagination: t.Pagination})
	})
}

func decodeResult(key string, raw []byte) (*Result, error) {
	r := &Result{}
	if err := json.Unmarshal(raw, r); err != nil {
		return nil, fmt.Errorf("mine: result %s: %w", key, err)
	}
	return r, nil
}

// PutResults stores results with the state of the cluster that produced
// them, in one transaction.
func PutResults(db *store.DB, cluster ClusterID, state *ClusterState, results []*Result) error {
	mined := make([]store.Mined, len(results))
	for i, r := range results {
		data, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("mine: encode result %s: %w", r.Key, err)
		}
		mined[i] = store.Mined{URL: r.Key, Data: data}
	}
	raw, err := state.MarshalBinary()
	if err != nil {
		return err
	}
	return db.PutMined(string(cluster), raw, mined)
}

// LoadClusterState returns a cluster's state as the store keeps it, an
// empty one when the store has none.
func LoadClusterState(db *store.DB, id ClusterID) (*ClusterState, error) {
	s := NewClusterState()
	raw, err := db.ClusterState(string(id))
	if err != nil || raw == nil {
		return s, err
	}
	if err := s.UnmarshalBinary(raw); err != nil {
		return nil, fmt.Errorf("mine: cluster %s: %w", id, err)
	}
	return s, nil
}

// Clustering is the assignment of pages to clusters, and of URL patterns
// to clusters for the pages that arrive later.
type Clustering struct {
	Pages    map[string]ClusterID `json:"pages"`    // page key → cluster
	Patterns map[string]ClusterID `json:"patterns"` // URL pattern → cluster
}

// LoadClustering returns the store's clustering, an empty one when the
// store has none.
func LoadClustering(db *store.DB) (*Clustering, error) {
	cl := &Clustering{Pages: map[string]ClusterID{}, Patterns: map[string]ClusterID{}}
	raw, err := db.Clustering()
	if err != nil || raw == nil {
		return cl, err
	}
	if err := json.Unmarshal(raw, cl); err != nil {
		return nil, fmt.Errorf("mine: stored clustering: %w", err)
	}
	return cl, nil
}

// Save stores the clustering.
func (c *Clustering) Save(db *store.DB) error {
	raw, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("mine: encode clustering: %w", err)
	}
	return db.SetClustering(raw)
}

// Place finds a new page's cluster by its URL pattern, else its host's
// catch-all cluster.
func (c *Clustering) Place(u *url.URL) ClusterID {
	if u == nil {
		return SiteCluster("")
	}
	if id, ok := c.Patterns[urlpattern.Of(u)]; ok {
		return id
	}
	return SiteCluster(u.Host)
}
