package mine

import (
	"cmp"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"infocrawl/mine/urlpattern"
)

// ClusterOptions tunes Cluster. The zero value means the defaults.
type ClusterOptions struct {
	// MinPages is min_cluster_pages: a URL-pattern cluster with fewer
	// pages is merged into the nearest larger pattern of its host, and
	// what stays small goes to the host's site-wide cluster. Default 8;
	// 1 turns merging off.
	MinPages int
	// SplitOverlap: a cluster is split by template when its pages fall
	// into groups whose medoid signatures overlap (Jaccard) less than
	// this, while each group's pages overlap their own medoid by at least
	// this and by splitMargin more than the groups overlap each other.
	// Default 0.5. A tiny positive value turns splitting off.
	SplitOverlap float64
}

const (
	defaultMinPages     = 8
	defaultSplitOverlap = 0.5
	// splitMargin: within-group overlap must beat between-group overlap
	// by this much for a split to count as clear.
	splitMargin = 0.2
	// maxTemplateGroups caps the groups one cluster is split into.
	maxTemplateGroups = 8
	// medoidCandidates and medoidRefs cap the pairwise work: a medoid is
	// chosen among that many evenly spaced members, scored against that
	// many evenly spaced members.
	medoidCandidates = 32
	medoidRefs       = 256
	// bisectRounds caps the 2-medoid refinement of one split.
	bisectRounds = 5
	// strayOverlap: a page overlapping its group's medoid less than this
	// shares no template with the group (splitStrays).
	strayOverlap = 0.05
)

func (o ClusterOptions) withDefaults() ClusterOptions {
	if o.MinPages <= 0 {
		o.MinPages = defaultMinPages
	}
	if o.SplitOverlap <= 0 {
		o.SplitOverlap = defaultSplitOverlap
	}
	return o
}

// ClusterInput is one page to cluster.
type ClusterInput struct {
	Key       string
	URL       *url.URL // nil when unknown (offline files)
	Signature []uint64 // ScanSignature of the page; nil when unknown
}

// clusterPage is a page being clustered.
type clusterPage struct {
	key string
	sig []uint64
}

// Cluster assigns every page a cluster ID: pages of one template share
// an ID (docs/ALGORITHMS.md §0, §7). It is deterministic: the same pages in
// any order give the same IDs.
//
//  1. Pages are grouped by urlpattern.Of, per host.
//  2. A group with fewer than MinPages pages is merged into the group of
//     the same host that shares the longest prefix of pattern segments
//     (at least one; the query counts as a last segment) among those at
//     least as large, ties to the larger then the smaller pattern;
//     smallest groups first, repeated until nothing merges. A group that
//     stays small goes to the host's catch-all cluster (SiteCluster).
//     Pages with a nil URL (or an empty host) go to SiteCluster("").
//  3. Each cluster is split by template (see ClusterOptions.SplitOverlap)
//     by repeated 2-medoid bisection over the pages' signatures, keeping
//     a bisection only when both halves have ≥ max(3, MinPages/2) pages
//     and separate clearly; at most 8 groups per cluster. The largest
//     group keeps the cluster's ID, the others get its Part(2), Part(3), …
//     by decreasing size. A page overlapping its group's medoid less than
//     0.05 shares no template with it and gets a group of its own. Pages
//     without a signature stay in the largest.
//
// IDs are as ClusterID describes.
// Keys should be unique; of duplicates, one is kept deterministically.
// Work is O(p²) in the number of patterns of a host and O(n) per
// bisection of an n-page cluster.
func Cluster(pages []ClusterInput, opts ClusterOptions) map[string]ClusterID {
	opts = opts.withDefaults()
	out := make(map[string]ClusterID, len(pages))
	for id, members := range patternClusters(uniqueInputs(pages), opts.MinPages) {
		for i, g := range splitByTemplate(members, opts) {
			name := id
			if i > 0 {
				name = id.Part(i + 1)
			}
			for _, p := range g {
				out[p.key] = name
			}
		}
	}
	return out
}

// uniqueInputs sorts the pages by key and keeps one page per key.
func uniqueInputs(pages []ClusterInput) []ClusterInput {
	ps := slices.Clone(pages)
	urlOf := func(u *url.URL) string {
		if u == nil {
			return ""
		}
		return u.String()
	}
	slices.SortFunc(ps, func(a, b ClusterInput) int {
		return cmp.Or(strings.Compare(a.Key, b.Key),
			strings.Compare(urlOf(a.URL), urlOf(b.URL)),
			slices.Compare(a.Signature, b.Signature))
	})
	return slices.CompactFunc(ps, func(a, b ClusterInput) bool { return a.Key == b.Key })
}

// patternClusters groups key-sorted pages by URL pattern and merges the
// small groups (steps 1 and 2 of Cluster). Members stay key-sorted.
func patternClusters(pages []ClusterInput, minPages int) map[ClusterID][]*clusterPage {
	urls := make([]*url.URL, len(pages))
	for i, in := range pages {
		urls[i] = in.URL
	}
	out := map[ClusterID][]*clusterPage{}
	for g, idx := range urlpattern.Cluster(urls, minPages) {
		members := make([]*clusterPage, len(idx))
		for j, i := range idx {
			members[j] = &clusterPage{key: pages[i].Key, sig: pages[i].Signature}
		}
		id := ClusterID(g.Pattern)
		if g.Site {
			id = SiteCluster(g.Host)
		}
		out[id] = members
	}
	return out
}

// splitByTemplate splits one cluster's key-sorted pages by signature
// (step 3 of Cluster). The largest group comes first.
func splitByTemplate(members []*clusterPage, opts ClusterOptions) [][]*clusterPage {
	var signed, unsigned []*clusterPage
	for _, p := range members {
		if len(p.sig) > 0 {
			signed = append(signed, p)
		} else {
			unsigned = append(unsigned, p)
		}
	}
	if len(signed) == 0 {
		return [][]*clusterPage{unsigned}
	}
	minSize := max(3, opts.MinPages/2)
	// A group of mostly strays (pages of unrelated sites) loses them
	// first: they would only slow the bisection. Fewer, they may be a
	// second template that overlaps the first one's medoid as little,
	// and the bisection finds it.
	todo := [][]*clusterPage{signed}
	var strays, done [][]*clusterPage
	split := splitStrays(todo)
	if 2*(len(split)-1) > len(signed) {
		strays, todo, split = split[:len(split)-1], split[len(split)-1:], nil
	}
	for len(todo) > 0 {
		g := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if len(done)+len(todo)+2 <= maxTemplateGroups {
			if a, b, ok := bisectTemplates(g, minSize, opts.SplitOverlap); ok {
				todo = append(todo, a, b)
				continue
			}
		}
		done = append(done, g)
	}
	if len(done) == 1 && split != nil {
		done = split // the group stayed whole: its strays are known already
	} else {
		done = splitStrays(done)
	}
	done = append(done, strays...)
	slices.SortFunc(done, func(a, b []*clusterPage) int {
		return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a[0].key, b[0].key))
	})
	done[0] = append(done[0], unsigned...)
	return done
}

// splitStrays gives each page that shares next to nothing with its
// group's medoid (Jaccard under strayOverlap) a group of its own: pages
// of unrelated sites taken together (files with no URLs) are no template
// to learn, and each is mined alone.
func splitStrays(groups [][]*clusterPage) [][]*clusterPage {
	out := make([][]*clusterPage, 0, len(groups))
	for _, g := range groups {
		if len(g) < 2 {
			out = append(out, g)
			continue
		}
		m := templateMedoid(g)
		kept := make([]*clusterPage, 0, len(g))
		for _, p := range g {
			if p == m || Jaccard(p.sig, m.sig) >= strayOverlap {
				kept = append(kept, p)
			} else {
				out = append(out, []*clusterPage{p})
			}
		}
		out = append(out, kept)
	}
	return out
}

// bisectTemplates splits key-sorted pages in two around two medoids when
// that separates them clearly: both halves have ≥ minSize pages, the
// medoids overlap less than overlap, and each half's mean overlap with its
// medoid is at least overlap and splitMargin above the medoids' overlap.
// Halves stay key-sorted.
func bisectTemplates(g []*clusterPage, minSize int, overlap float64) (a, b []*clusterPage, ok bool) {
	if len(g) < 2*minSize {
		return nil, nil, false
	}
	ma := templateMedoid(g)
	mb := secondMedoid(g, ma, overlap)
	if mb == nil {
		return nil, nil, false
	}
	for range bisectRounds {
		a, b = assignToMedoids(g, ma, mb)
		na, nb := templateMedoid(a), templateMedoid(b)
		if na == ma && nb == mb {
			break
		}
		ma, mb = na, nb
	}
	a, b = assignToMedoids(g, ma, mb)
	if len(a) < minSize || len(b) < minSize {
		return nil, nil, false
	}
	between := Jaccard(ma.sig, mb.sig)
	need := max(overlap, between+splitMargin)
	if between >= overlap || meanOverlap(a, ma) < need || meanOverlap(b, mb) < need {
		return nil, nil, false
	}
	return a, b, true
}

// assignToMedoids puts each page with the medoid it overlaps more (ties
// to ma). Neither half is empty: each medoid goes with itself.
func assignToMedoids(g []*clusterPage, ma, mb *clusterPage) (a, b []*clusterPage) {
	for _, p := range g {
		if p != ma && (p == mb || Jaccard(p.sig, mb.sig) > Jaccard(p.sig, ma.sig)) {
			b = append(b, p)
		} else {
			a = append(a, p)
		}
	}
	return a, b
}

// templateMedoid is the page of g (among medoidCandidates evenly spaced
// ones) with the highest total overlap with medoidRefs evenly spaced pages.
func templateMedoid(g []*clusterPage) *clusterPage {
	refs := sampleEvenly(g, medoidRefs)
	var best *clusterPage
	bestScore := -1.0
	for _, c := range sampleEvenly(g, medoidCandidates) {
		score := 0.0
		for _, r := range refs {
			score += Jaccard(c.sig, r.sig)
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// secondMedoid seeds the second half of a bisection: among evenly spaced
// pages overlapping ma less than overlap, the one that more sampled pages
// overlap than they overlap ma. Nil when every page overlaps ma enough.
func secondMedoid(g []*clusterPage, ma *clusterPage, overlap float64) *clusterPage {
	var far []*clusterPage
	for _, p := range g {
		if Jaccard(p.sig, ma.sig) < overlap {
			far = append(far, p)
		}
	}
	refs := sampleEvenly(g, medoidRefs)
	toA := make([]float64, len(refs))
	for i, r := range refs {
		toA[i] = Jaccard(r.sig, ma.sig)
	}
	var best *clusterPage
	bestVotes := -1
	for _, c := range sampleEvenly(far, medoidCandidates) {
		votes := 0
		for i, r := range refs {
			if Jaccard(r.sig, c.sig) > toA[i] {
				votes++
			}
		}
		if votes > bestVotes {
			best, bestVotes = c, votes
		}
	}
	return best
}

// meanOverlap is the mean Jaccard of (up to medoidRefs sampled) pages of g
// other than m with m; 1 when m is alone.
func meanOverlap(g []*clusterPage, m *clusterPage) float64 {
	sum, n := 0.0, 0
	for _, p := range sampleEvenly(g, medoidRefs) {
		if p != m {
			sum += Jaccard(p.sig, m.sig)
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

// sampleEvenly returns at most k evenly spaced elements of ps, in order.
func sampleEvenly(ps []*clusterPage, k int) []*clusterPage {
	if len(ps) <= k {
		return ps
	}
	out := make([]*clusterPage, k)
	for i := range out {
		out[i] = ps[i*len(ps)/k]
	}
	return out
}

// Jaccard is |a ∩ b| / |a ∪ b| of two sorted, deduplicated sets; 1 when
// both are empty.
func Jaccard(a, b []uint64) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	// The steps are three independent tests rather than a switch: the
	// compiler makes them branch-free, and the merge's branches are the
	// least predictable there are (a fifth faster on signatures' sizes).
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		x, y := a[i], b[j]
		if x == y {
			inter++
		}
		if x <= y {
			i++
		}
		if y <= x {
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// FNV-1a, 64 bits, kept as a running state so a child's path hash
// continues its parent's.
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvAppend(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

// appendTagClass hashes onto h the label of an element named tag (lower
// case) whose class attribute is classAttr.
func appendTagClass(h uint64, tag, classAttr string) uint64 {
	h = fnvAppend(h, tag)
	class := firstField(classAttr)
	if class == "" {
		return h
	}
	h = fnvAppend(h, ".")
	if !isASCII(class) {
		return fnvAppend(h, collapseDigits(strings.ToLower(class)))
	}
	return appendASCIIClass(h, class)
}

// appendASCIIClass hashes an ASCII class name onto h lower-cased, each
// run of digits as one "0".
func appendASCIIClass[S string | []byte](h uint64, class S) uint64 {
	for i := 0; i < len(class); i++ {
		c := class[i]
		switch {
		case isASCIIDigit(c):
			if i > 0 && isASCIIDigit(class[i-1]) {
				continue
			}
			c = '0'
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		h ^= uint64(c)
		h *= fnvPrime64
	}
	return h
}

// firstField is strings.Fields(s)[0] without the slice, "" when s is blank.
func firstField(s string) string {
	start := -1
	for i, r := range s {
		switch {
		case !unicode.IsSpace(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			return s[start:i]
		}
	}
	if start < 0 {
		return ""
	}
	return s[start:]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }

// collapseDigits writes each run of ASCII digits as one "0".
func collapseDigits(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isASCIIDigit(s[i]) {
			if i == 0 || !isASCIIDigit(s[i-1]) {
				b.WriteByte('0')
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
