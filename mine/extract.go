package mine

import (
	"bytes"
	"net/url"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// Methods selectable with --method.
const (
	MethodAuto           = "auto"
	MethodInfoDiscoverer = "infodiscoverer"
	MethodWISDOM         = "wisdom"
	MethodTTR            = "ttr"
	MethodEEM            = "eem"
)

// Methods lists the article extraction methods.
var Methods = []string{MethodAuto, MethodInfoDiscoverer, MethodWISDOM, MethodTTR, MethodEEM}

// Options are the mining settings. The zero value means the defaults.
type Options struct {
	Method string // default auto
	// MinClusterPages: a page whose cluster has fewer pages is mined
	// alone (one-page mode). Default 3: template detection needs 3 to 5
	// pages of a template (ALGORITHMS.md §7).
	MinClusterPages int
	TemplateShare   float64 // a segment in this share of a cluster's pages is template; default 0.5
	TemplateMinDF   int     // …and in at least this many pages; default 2
	// FallbackShare: when the chosen region holds less than this share of
	// the page's non-template text, the page is a list or table page and
	// all its non-template text is kept. Default 0.5.
	FallbackShare float64
	// MinArticleChars: less article text than this and the page has no
	// article. Default 250.
	MinArticleChars int
	// MinTOCLinks: fewer story links than this and a list is no TOC. Default 3.
	MinTOCLinks int
	Region      RegionOptions
	WISDOM      WISDOMOptions
	Cluster     ClusterOptions
}

func (o Options) withDefaults() Options {
	if o.Method == "" {
		o.Method = MethodAuto
	}
	if o.MinClusterPages <= 0 {
		o.MinClusterPages = 3
	}
	if o.TemplateShare <= 0 {
		o.TemplateShare = 0.5
	}
	if o.TemplateMinDF <= 0 {
		o.TemplateMinDF = 2
	}
	if o.FallbackShare <= 0 {
		o.FallbackShare = 0.5
	}
	if o.MinArticleChars <= 0 {
		o.MinArticleChars = 250
	}
	if o.MinTOCLinks <= 0 {
		o.MinTOCLinks = 3
	}
	o.Region = o.Region.withDefaults()
	return o
}

// Input is a page to mine.
type Input struct {
	Key  string
	URL  *url.URL // nil when unknown
	Body []byte   // UTF-8 HTML
}

// parsed is a page with its DOM and the cluster-level decisions about it.
type parsed struct {
	in      Input
	doc     *html.Node
	page    *Page
	cluster string
	region  *Node
	scores  []float64
	links   *links // cleaned link measures, once templates are marked
}

// ExtractSite mines pages of one site together: clusters them, learns
// each cluster's template, and extracts every page's article. With
// single set, each page is mined alone.
func ExtractSite(inputs []Input, opts Options, single bool) []*Result {
	opts = opts.withDefaults()
	pages := make([]*parsed, 0, len(inputs))
	for _, in := range inputs {
		doc, err := html.Parse(bytes.NewReader(in.Body))
		if err != nil { // x/net/html parses any bytes; kept for safety
			doc = &html.Node{Type: html.DocumentNode}
		}
		pages = append(pages, &parsed{in: in, doc: doc, page: FromDOM(doc, in.URL)})
	}
	groups := groupPages(pages, opts, single)
	results := make([]*Result, len(pages))
	index := make(map[*parsed]int, len(pages))
	for i, p := range pages {
		index[p] = i
	}
	for _, g := range groups {
		for _, r := range extractCluster(g, opts) {
			results[index[r.p]] = r.res
		}
	}
	return results
}

// groupPages clusters the pages (all alone when single).
func groupPages(pages []*parsed, opts Options, single bool) [][]*parsed {
	if single {
		out := make([][]*parsed, len(pages))
		for i, p := range pages {
			p.cluster = "single"
			out[i] = []*parsed{p}
		}
		return out
	}
	in := make([]ClusterInput, len(pages))
	for i, p := range pages {
		in[i] = ClusterInput{Key: p.in.Key, URL: p.in.URL, Signature: TagPathSignature(p.doc)}
	}
	ids := Cluster(in, opts.Cluster)
	byID := map[string][]*parsed{}
	for _, p := range pages {
		p.cluster = ids[p.in.Key]
		byID[p.cluster] = append(byID[p.cluster], p)
	}
	keys := make([]string, 0, len(byID))
	for k := range byID {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]*parsed, 0, len(keys))
	for _, k := range keys {
		out = append(out, byID[k])
	}
	return out
}

type pageResult struct {
	p   *parsed
	res *Result
}

// extractCluster runs the selected method over one cluster's pages.
func extractCluster(g []*parsed, opts Options) []pageResult {
	out := make([]pageResult, 0, len(g))
	switch opts.Method {
	case MethodTTR, MethodEEM:
		for _, p := range g {
			out = append(out, pageResult{p, singleMethod(p, opts)})
		}
		return out
	case MethodInfoDiscoverer:
		return infoDiscovererCluster(g, opts)
	case MethodWISDOM:
		return wisdomCluster(g, opts)
	}
	alone := len(g) < opts.MinClusterPages
	if alone {
		for _, p := range g {
			markByHints(p.page)
		}
	} else {
		stats := NewTemplateStats()
		for _, p := range g {
			stats.AddPage(p.page)
		}
		for _, p := range g {
			stats.Mark(p.page, opts.TemplateShare, opts.TemplateMinDF)
		}
	}
	for _, p := range g {
		markComments(p.page)
		p.links = newLinks(p.page, opts.MinTOCLinks)
		p.scores = regionScores(p.page, opts.Region)
		p.region = bestRegion(p.page, p.scores)
	}
	if !alone {
		voteRegions(g)
	}
	for _, p := range g {
		res := articleResult(p, opts)
		addTOC(res, p, opts)
		out = append(out, pageResult{p, res})
	}
	return out
}

// termStats builds a cluster's term statistics from its pages' text.
func termStats(g []*parsed) *Stats {
	stats := NewStats()
	var terms []string
	for _, p := range g {
		terms = terms[:0]
		for _, s := range p.page.Segments {
			terms = AppendTerms(terms, s.Text)
		}
		stats.AddPage(terms)
	}
	return stats
}

func newResult(p *parsed, opts Options) *Result {
	res := &Result{Key: p.in.Key, Cluster: p.cluster, Method: opts.Method, Title: p.page.Title, Kind: KindOther}
	if p.in.URL != nil {
		res.URL = p.in.URL.String()
	}
	return res
}

// infoDiscovererCluster: the paper's method, faithfully: informative
// blocks are those whose mean term entropy is at most the cluster's
// greedy threshold.
func infoDiscovererCluster(g []*parsed, opts Options) []pageResult {
	stats := termStats(g)
	hs := make([]map[*Node]float64, len(g))
	ks := make([]map[*Node]int, len(g))
	for i, p := range g {
		hs[i], ks[i] = blockEntropy(p.page, stats)
	}
	th := greedyThreshold(hs, ks)
	out := make([]pageResult, 0, len(g))
	for i, p := range g {
		res := newResult(p, opts)
		if text := infoText(p.page, hs[i], th); len([]rune(text)) >= opts.MinArticleChars {
			res.Kind = KindArticle
			res.Article = []Block{{Path: "infodiscoverer", Text: text, Scores: map[string]float64{"threshold": th}}}
		}
		out = append(out, pageResult{p, res})
	}
	return out
}

// wisdomCluster: WISDOM's informative structure, with API from the other
// pages of the cluster (the offline stand-in for "the linked page is in
// the store").
func wisdomCluster(g []*parsed, opts Options) []pageResult {
	stats := termStats(g)
	byURL := map[string]*parsed{}
	for _, p := range g {
		if p.in.URL != nil {
			byURL[p.in.URL.String()] = p
		}
	}
	linked := func(u string) map[string]bool {
		p, ok := byURL[u]
		if !ok {
			return nil
		}
		set := map[string]bool{}
		for _, s := range p.page.Segments {
			for _, t := range Terms(s.Text) {
				set[t] = true
			}
		}
		return set
	}
	out := make([]pageResult, 0, len(g))
	for _, p := range g {
		res := newResult(p, opts)
		w := mineWISDOM(p.page, stats, linked, opts.WISDOM)
		keep := func(n *Node) bool {
			return !w.f.hasT[n.Index] || w.f.cii[n.Index] > 1-opts.WISDOM.withDefaults().TCArticle
		}
		if text := condensedText(p.page, w.article, keep); len([]rune(text)) >= opts.MinArticleChars {
			res.Article = []Block{{Path: pathsOf(w.article), Text: text}}
		}
		if links := tocLinks(w.toc); len(links) >= opts.MinTOCLinks {
			res.TOC = []Block{{Path: pathsOf(w.toc), Links: links}}
		}
		res.Kind = kindOf(len(res.Article) > 0, len(res.TOC) > 0)
		out = append(out, pageResult{p, res})
	}
	return out
}

func pathsOf(ns []*Node) string {
	paths := make([]string, len(ns))
	for i, n := range ns {
		paths[i] = NodePath(n)
	}
	return strings.Join(paths, " + ")
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

// voteRegions replaces a page's region by the cluster's most common
// region path when the page has that element and it holds content: one
// page's odd choice (a long comment thread, a big caption) is outvoted by
// its siblings.
func voteRegions(g []*parsed) {
	votes := map[string]int{}
	paths := make([]string, len(g))
	for i, p := range g {
		if p.region != nil {
			paths[i] = votePath(p.region)
			votes[paths[i]]++
		}
	}
	best, bestN := "", 0
	for path, n := range votes {
		if n > bestN || (n == bestN && path < best) {
			best, bestN = path, n
		}
	}
	if bestN*2 <= len(g) {
		return // no majority: trust each page
	}
	for i, p := range g {
		if paths[i] == best {
			continue
		}
		if n := findVotePath(p.page, best); n != nil && p.scores[n.Index] > 0 {
			p.region = n
		}
	}
}

// articleResult turns a page's region into its article.
func articleResult(p *parsed, opts Options) *Result {
	page := p.page
	res := newResult(p, opts)
	total, template := 0, 0
	for _, s := range page.Segments {
		total += s.Len
		if s.Template {
			template += s.Len
		}
	}
	if total > 0 {
		res.Template = float64(template) / float64(total)
	}
	if p.region == nil {
		return res
	}
	region := p.region
	regionText, pageText := contentChars(page, region), contentChars(page, page.Root)
	if float64(regionText) < opts.FallbackShare*float64(pageText) {
		region = page.Root // a list or table page: keep all its non-template text
		res.Fallback = "whole-page"
	}
	seen := map[uint64]bool{}
	toc := p.links.inTOC(page, region)
	keep := func(s *Segment) bool {
		if s.Template || seen[s.Hash] || linkLine(s) || toc[s.Owner] {
			return false
		}
		seen[s.Hash] = true
		return true
	}
	var parts []string
	if h := heading(page, region); h != nil && !page.contains(region, h.Owner) {
		parts = append(parts, h.Text)
		seen[h.Hash] = true
		if res.Title == "" {
			res.Title = h.Text
		}
	}
	if body := page.textOf(region, keep); body != "" {
		parts = append(parts, body)
	}
	text := strings.Join(parts, "\n\n")
	if len([]rune(text)) < opts.MinArticleChars {
		return res
	}
	res.Kind = KindArticle
	res.Article = []Block{{Path: NodePath(region), Text: text, HTML: outerHTML(region), Scores: map[string]float64{
		"region": p.scores[region.Index], "template_share": res.Template}}}
	return res
}

// contentChars counts the non-template, non-link characters under n.
func contentChars(p *Page, n *Node) int {
	c := 0
	p.walkSegments(n, func(s *Segment) {
		if !s.Template {
			c += s.Len - s.LinkLen
		}
	})
	return c
}

// linkLine: a short line that is mostly link text is navigation ("Next
// story", "Share on X"), not prose.
func linkLine(s *Segment) bool {
	return s.LinkLen > 0 && s.Len < 80 && float64(s.LinkLen) >= 0.5*float64(s.Len)
}

func outerHTML(n *Node) string {
	var b bytes.Buffer
	html.Render(&b, n.H)
	return b.String()
}

// singleMethod runs a one-page method of the seeds on p.
func singleMethod(p *parsed, opts Options) *Result {
	res := newResult(p, opts)
	var text string
	if opts.Method == MethodTTR {
		text = TTR(p.in.Body, TTROptions{})
	} else {
		text = EEM(p.in.Body, EEMOptions{})
	}
	if len([]rune(text)) >= opts.MinArticleChars {
		res.Kind = KindArticle
		res.Article = []Block{{Text: text}}
	}
	return res
}
