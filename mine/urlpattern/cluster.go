package urlpattern

import (
	"cmp"
	"net/url"
	"slices"
	"sort"
	"strings"
)

// group is the pages of one URL pattern (or of merged patterns).
type group struct {
	id    string // the pattern the group is named after
	segs  []string
	pages []int // indexes into Cluster's urls
	dead  bool  // merged into another group
}

// Group names a cluster of pages by URL: the pattern its pages share, or,
// with Site set, the catch-all of Host's pages whose patterns stayed
// small (Host "" holds the pages without a URL).
type Group struct {
	Host    string
	Pattern string
	Site    bool
}

// Cluster groups pages by URL pattern (the first two steps of the mine
// package's clustering, docs/ALGORITHMS.md §0). urls[i] is page i's URL;
// the result maps each group to the indexes of its pages, ascending.
//
//  1. Pages are grouped by Of, per host.
//  2. A group with fewer than minPages pages is merged into the group of
//     the same host that shares the longest prefix of pattern segments
//     (at least one; the query counts as a last segment) among those at
//     least as large, ties to the larger then the smaller pattern;
//     smallest groups first, repeated until nothing merges. A group that
//     stays small goes to the host's catch-all group.
//     Pages with a nil URL go to the catch-all of host "".
//
// A group is named after the pattern of the URLs it started from
// ("x.com/item?id={n}"). Work is O(p²) in the number of patterns of a host.
func Cluster(urls []*url.URL, minPages int) map[Group][]int {
	byHost := map[string]map[string]*group{}
	out := map[Group][]int{}
	for i, u := range urls {
		if u == nil {
			g := Group{Site: true}
			out[g] = append(out[g], i)
			continue
		}
		host, pat := strings.ToLower(u.Host), Of(u)
		if byHost[host] == nil {
			byHost[host] = map[string]*group{}
		}
		g := byHost[host][pat]
		if g == nil {
			g = &group{id: pat, segs: patternSegments(pat)}
			byHost[host][pat] = g
		}
		g.pages = append(g.pages, i)
	}
	for host, groups := range byHost {
		for _, g := range mergeSmall(groups, minPages) {
			id := Group{Host: host, Pattern: g.id}
			if len(g.pages) < minPages {
				id = Group{Host: host, Site: true}
			}
			out[id] = append(out[id], g.pages...)
		}
	}
	for _, ps := range out {
		sort.Ints(ps)
	}
	return out
}

// mergeSmall merges the small groups of one host into their nearest
// larger group until nothing merges, and returns the survivors.
func mergeSmall(groups map[string]*group, minPages int) []*group {
	all := make([]*group, 0, len(groups))
	for _, g := range groups {
		all = append(all, g)
	}
	bySizeThenID := func(a, b *group) int {
		return cmp.Or(cmp.Compare(len(a.pages), len(b.pages)), strings.Compare(a.id, b.id))
	}
	for merged := true; merged; {
		merged = false
		slices.SortFunc(all, bySizeThenID)
		for _, g := range all {
			if g.dead || len(g.pages) >= minPages {
				continue
			}
			if t := nearest(g, all); t != nil {
				t.pages = append(t.pages, g.pages...)
				g.pages, g.dead, merged = nil, true, true
			}
		}
		all = slices.DeleteFunc(all, func(g *group) bool { return g.dead })
	}
	return all
}

// nearest is the live group, at least as large as g, sharing the longest
// (≥ 1) prefix of segments with g; ties go to the larger group, then the
// smaller pattern. Nil when there is none.
func nearest(g *group, all []*group) *group {
	var best *group
	bestShared := 0
	for _, t := range all {
		if t == g || t.dead || len(t.pages) < len(g.pages) {
			continue
		}
		shared := sharedPrefix(g.segs, t.segs)
		if shared == 0 || shared < bestShared {
			continue
		}
		if best == nil || shared > bestShared || len(t.pages) > len(best.pages) ||
			len(t.pages) == len(best.pages) && t.id < best.id {
			best, bestShared = t, shared
		}
	}
	return best
}

// sharedPrefix counts the equal leading elements of a and b.
func sharedPrefix(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
