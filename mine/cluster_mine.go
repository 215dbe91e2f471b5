package mine

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"sync"

	"infocrawl/mine/entropy"
	"infocrawl/mine/terms"
)

// ClusterState is what mining has learnt about one cluster. It only grows:
// mining more pages adds to it, so a crawl's pages can be mined as they
// arrive, and the store keeps it with the results it produced. Terms are
// counted only by the methods that read them (see ReadsTerms).
type ClusterState struct {
	Template *TemplateStats     // segment document frequencies (§7)
	Terms    *entropy.TermStats // term TF and S (§1)
	Votes    map[string]int     // article region paths chosen, by votePath
	TOCVotes map[string]int     // TOC block paths found, by votePath
}

// NewClusterState returns an empty state.
func NewClusterState() *ClusterState {
	return &ClusterState{Template: NewTemplateStats(), Terms: entropy.NewTermStats(), Votes: map[string]int{}, TOCVotes: map[string]int{}}
}

// stateData is ClusterState without its methods: gob would call
// MarshalBinary again on the state itself.
type stateData ClusterState

// MarshalBinary encodes the state for the store.
func (s *ClusterState) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode((*stateData)(s)); err != nil {
		return nil, fmt.Errorf("mine: encode cluster state: %w", err)
	}
	return b.Bytes(), nil
}

// UnmarshalBinary decodes a state written by MarshalBinary.
func (s *ClusterState) UnmarshalBinary(data []byte) error {
	*s = ClusterState{}
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode((*stateData)(s)); err != nil {
		return fmt.Errorf("mine: decode cluster state: %w", err)
	}
	if s.Template == nil {
		s.Template = NewTemplateStats()
	}
	if s.Template.DF == nil {
		s.Template.DF = map[uint64]int{}
	}
	if s.Template.Placed == nil && s.Template.Pages == 0 {
		s.Template.Placed = map[uint64]int{} // gob leaves out an empty map
	}
	if s.Terms == nil {
		s.Terms = entropy.NewTermStats()
	}
	if s.Terms.Terms == nil {
		s.Terms.Terms = map[string]entropy.TermStat{}
	}
	if s.Votes == nil {
		s.Votes = map[string]int{}
	}
	if s.TOCVotes == nil {
		s.TOCVotes = map[string]int{}
	}
	return nil
}

// MineCluster mines pages of one cluster: it adds them to the cluster's
// statistics, then extracts each page's article and TOC blocks with the
// selected method. Pages may come in chunks; each chunk adds to state.
func MineCluster(cluster ClusterID, state *ClusterState, inputs []Input, opts Options) []*Result {
	g := make([]*minedPage, len(inputs))
	for i, in := range inputs {
		g[i] = parse(in, cluster)
	}
	opts = opts.withDefaults()
	// A state that has every page's terms keeps them whole, whatever the
	// method, so that an entropy method can still be run on it later.
	termStats := ReadsTerms(opts.Method) || state.Terms.Pages > 0 && !state.TermsMissing()
	return minePages(state, g, opts, termStats)
}

// ReadsTerms reports whether method weighs blocks by the cluster's term
// statistics (InfoDiscoverer and WISDOM, §1–§2). The others neither read
// nor keep them, which spares the tokenising and the stored statistics.
func ReadsTerms(method string) bool {
	return method == MethodWISDOM || method == MethodInfoDiscoverer
}

// TermsMissing reports whether pages were added to the state without
// their terms, by a method that keeps no term statistics.
func (s *ClusterState) TermsMissing() bool {
	return s.Terms.Pages < s.Template.Pages
}

// ReadyFor returns an error when method reads term statistics and the
// state lacks some of its pages' terms: the entropies would be those of a
// part of the cluster.
func (s *ClusterState) ReadyFor(method string) error {
	if ReadsTerms(method) && s.TermsMissing() {
		return fmt.Errorf("mine: %d of the cluster's %d pages were mined by a method that keeps no term statistics, and method %s needs them: mine every page again with it (infocrawl mine --all)",
			s.Template.Pages-s.Terms.Pages, s.Template.Pages, method)
	}
	return nil
}

// tokenizers keep their caches of words to terms from one cluster to the
// next: a site's clusters share most of their words, and stemming a word
// costs more than looking it up.
var tokenizers = sync.Pool{New: func() any { return terms.NewTokenizer() }}

// segmentTerms are a page's terms, segment by segment, as the cluster's
// statistics counted them.
type segmentTerms struct {
	all []string
	end []int // segment i's terms are all[end[i-1]:end[i]]
}

// of returns the terms of segment i.
func (t segmentTerms) of(i int) []string {
	start := 0
	if i > 0 {
		start = t.end[i-1]
	}
	return t.all[start:t.end[i]]
}

// tokenizePage returns p's terms by segment, reusing into's memory.
func tokenizePage(tz *terms.Tokenizer, p *Page, into segmentTerms) segmentTerms {
	t := segmentTerms{all: into.all[:0], end: into.end[:0]}
	for _, s := range p.Segments {
		t.all = tz.Append(t.all, s.Text)
		t.end = append(t.end, len(t.all))
	}
	return t
}

// minePages is MineCluster on pages already parsed. Without termStats
// the pages' terms are not counted into the state.
func minePages(state *ClusterState, g []*minedPage, opts Options, termStats bool) []*Result {
	tz := tokenizers.Get().(*terms.Tokenizer)
	defer tokenizers.Put(tz)
	// WISDOM and InfoDiscoverer weigh each block by its terms: they keep
	// each page's terms rather than tokenise its text again.
	keep := opts.Method == MethodWISDOM || opts.Method == MethodInfoDiscoverer
	var buf segmentTerms
	for _, p := range g {
		state.Template.AddPage(p.page)
		if !termStats {
			continue
		}
		t := tokenizePage(tz, p.page, buf)
		state.Terms.AddPage(t.all)
		if keep {
			p.terms = t
		} else {
			buf = t
		}
	}
	out := make([]*Result, 0, len(g))
	switch opts.Method {
	case MethodTTR, MethodEEM:
		for _, p := range g {
			out = append(out, singleMethod(p, opts))
		}
	case MethodInfoDiscoverer:
		out = infoDiscovererCluster(g, state.Terms, opts)
	case MethodWISDOM:
		out = wisdomCluster(g, state.Terms, opts)
	default:
		out = mineDefault(g, state, opts)
	}
	addPagination(g, out)
	addComments(g, out)
	return out
}

// addPagination gives the pages that list stories their links to the
// other pages of the list.
func addPagination(g []*minedPage, out []*Result) {
	byKey := make(map[string]*minedPage, len(g))
	for _, p := range g {
		byKey[p.in.Key] = p
	}
	for _, r := range out {
		if p := byKey[r.Key]; p != nil && len(r.TOC) > 0 {
			r.Pagination = paginationLinks(p.page)
		}
	}
}

// mineDefault is the default extractor, method "auto" (docs/ALGORITHMS.md
// §7): template removal by cross-page redundancy, region selection over
// the cleaned tree, the region path voted across the cluster, TOC blocks
// by k-MIB on the cleaned links. A cluster too small to learn a template from is
// mined one page at a time, with class and id hints standing in.
func mineDefault(g []*minedPage, state *ClusterState, opts Options) []*Result {
	alone := state.Template.Pages < opts.MinClusterPages
	for _, p := range g {
		p.alone = alone
		if alone {
			markByHints(p.page)
		} else {
			state.Template.Mark(p.page, opts.TemplateShare, opts.TemplateMinDF)
		}
		markComments(p.page)
		p.links = newLinks(p.page, opts.MinTOCLinks)
		p.scores = regionScores(p.page, opts.Region, nil)
		p.region = bestRegion(p.page, p.scores)
		switch {
		case alone && !useDeclared(p, false):
			placeAlone(p)
		case !alone:
			// A story is its paragraphs: one that outscores the entry
			// around it (where the template's boxes cost the entry more
			// than its other paragraphs bring) stands for the entry,
			// before the cluster votes on where its stories are.
			if c := namedContainer(p.page, p.region, p.links); c != nil {
				p.region = c
			}
		}
		p.region = outOfQuote(p.page, p.region)
	}
	// A page the cluster's vote does not place whose best region is the
	// whole document is on another template than its cluster's (a second
	// version of the site's layout): it is mined alone.
	var apart map[*minedPage]bool
	if !alone {
		voteRegions(g, state.Votes)
		// A page the cluster's vote does not place (a second template,
		// no clear vote) takes the body it declares, as alone; a split
		// vote has given the pages that declare one theirs already.
		for _, p := range g {
			if !p.voted && !p.declared && !p.placed && !useDeclared(p, true) && (p.region == nil || pageWide(p.region)) {
				if apart == nil {
					apart = map[*minedPage]bool{}
				}
				apart[p] = true
			}
		}
	}
	out := make([]*Result, 0, len(g))
	for _, p := range g {
		if apart[p] {
			out = append(out, mineApart(p, opts))
			continue
		}
		res := articleResult(p, opts)
		for _, b := range addTOC(res, p, opts, alone) {
			state.TOCVotes[votePath(b)]++
		}
		out = append(out, res)
	}
	if !alone {
		for i, p := range g {
			if apart[p] {
				continue
			}
			votedTOC(out[i], p, state.TOCVotes, opts)
		}
	}
	for i, p := range g {
		if out[i].Kind == KindOther && !apart[p] {
			out[i].PageText = pageText(p)
		}
	}
	return out
}

// mineApart mines a page of a cluster alone, as if it had no siblings:
// the cluster's template marks are undone and the class and id hints
// stand in for them.
func mineApart(p *minedPage, opts Options) *Result {
	for i := range p.page.Segments {
		p.page.Segments[i].Template = false
	}
	p.voted, p.declared, p.placed = false, false, false
	return mineDefault([]*minedPage{p}, NewClusterState(), opts)[0]
}

// pageText is the text of a page with neither an article nor a listing,
// as a reader finds it outside the template: a note too short to be a
// story, a page of headings and pictures. The headline and the comments
// stay out as they do from an article.
func pageText(p *minedPage) string {
	text, _ := articleText(p, p.page.Root, true, true)
	return text
}

// placeAlone corrects the best region of a page mined alone that declares
// no body, by its headline, its markup or its prose: moved off a column of
// teasers to the story beside it (pastTeasers); then narrowed to the
// element around the headline (titledRegion), or moved to the story under
// a headline it lies away from (headlineStory), or widened from one
// paragraph to its parent (namedContainer); then narrowed to the
// headline's column when it took a second one beside it
// (headlineColumn); and a region that is still the whole page narrowed
// to where its prose is (proseCenter) or, when no element holds most of
// it, to the story under its headline (wholePageStory). A region that these moves place
// at the headline's story, or that holds the headline and lies in its
// story already (headlinePlaces), is placed: the page is then no list
// page, whatever text lies beside the story.
func placeAlone(p *minedPage) {
	if s := pastTeasers(p.page, p.region, p.links, p.scores); s != nil {
		p.region, p.placed = s, true
	}
	if t := titledRegion(p.page, p.region, p.links); t != nil {
		p.region = t
	} else if h := headlineStory(p.page, p.region, p.links); h != nil {
		p.region, p.placed = h, true
	} else if c := namedContainer(p.page, p.region, p.links); c != nil {
		p.region = c
	}
	if c := headlineColumn(p.page, p.region, p.links); c != nil {
		p.region, p.placed = c, true
	}
	if c := proseCenter(p.page, p.region, p.links); c != nil {
		p.region = c
	} else if s := wholePageStory(p.page, p.region, p.links); s != nil {
		p.region, p.placed = s, true
	}
	p.placed = p.placed || headlinePlaces(p.page, p.region, p.links)
}

// useDeclared makes the page's declared article body its region: its
// schema.org articleBody, or else its one hAtom entry-content (the post's
// content as its theme marks it) when takesEntry says so, or else, on the
// same terms, its one HTML5 <article> (which, not being declared as the
// body, is no list page but may still be a listing).
func useDeclared(p *minedPage, most bool) bool {
	if d := declaredBody(p.page); d != nil {
		p.region, p.declared = d, true
		return true
	}
	if e := entryContent(p.page); e != nil && takesEntry(p, e, most) {
		p.region, p.declared = e, true
		return true
	}
	if a := oneArticle(p.page); a != nil && takesEntry(p, a, most) && !besideStory(p, a) {
		p.region, p.placed = a, true
		return true
	}
	return false
}

// besideStory: the page's one <article> is a teaser card beside the
// story (a site that marks up its cards and not its story): its heading
// links another page, and it holds less than half of the running prose
// of the page's best region, which is elsewhere or the whole page.
func besideStory(p *minedPage, a *Node) bool {
	r := p.region
	if r == nil || p.page.contains(a, r) || p.page.contains(r, a) && !pageWide(r) || !linkedHeading(p.page, a) {
		return false
	}
	return 2*runningProse(p.page, a, p.links) < runningProse(p.page, r, p.links)
}

// linkedHeading: the first heading in n links another page: a link
// inside it, or around it, within n.
func linkedHeading(p *Page, n *Node) bool {
	for i, last := n.Index+1, p.lastDescendant(n); i <= last; i++ {
		h := p.Nodes[i]
		if !headingTag(h) {
			continue
		}
		for a := h.Parent; a != nil && a != n; a = a.Parent {
			if a.Href != "" {
				return a.Href != p.selfHref()
			}
		}
		return len(linkedPages(p, h, 1)) > 0
	}
	return false
}

// takesEntry: the entry-content e is the page's region rather than its
// best region, unless that is a part of e (a story beside related teasers
// that e holds too) that is a story of its own: a part with no sentence
// (a line of text above the post's pictures) is not. With most, for a page the cluster's vote does not
// place, a part of e stands only when it holds half of e's text, and an
// element around e (not the whole document) when e holds less than half
// of its text (a story that runs on past the element the theme marks);
// alone, such an element stands when e holds less than half of its
// running prose.
func takesEntry(p *minedPage, e *Node, most bool) bool {
	page, r := p.page, p.region
	switch {
	case r == nil || r == e:
		return true
	case page.contains(e, r) && most:
		return 2*contentChars(page, r) < contentChars(page, e)
	case page.contains(e, r):
		return !hasSentence(page.textOf(r))
	case most && page.contains(r, e) && !pageWide(r):
		return 2*contentChars(page, e) >= contentChars(page, r)
	case page.contains(r, e) && !pageWide(r):
		// Alone, the best region around e holds teasers and widgets as
		// often as the rest of the story: the story runs on past e only
		// when e holds less than half of the region's running prose.
		return 2*runningProse(page, e, p.links) >= runningProse(page, r, p.links)
	}
	return true
}

func newResult(p *minedPage, opts Options) *Result {
	res := &Result{Key: p.in.Key, Cluster: p.cluster, Method: opts.Method, Title: p.page.Title, Kind: KindOther}
	if p.in.URL != nil {
		res.URL = p.in.URL.String()
	}
	return res
}

func pathsOf(ns []*Node) []string {
	paths := make([]string, len(ns))
	for i, n := range ns {
		paths[i] = NodePath(n)
	}
	return paths
}

func kindOf(article, toc bool) Kind {
	switch {
	case article && toc:
		return KindArticleTOC
	case article:
		return KindArticle
	case toc:
		return KindTOC
	}
	return KindOther
}
