package mine

import (
	"net/url"

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
	// pages of a template (docs/ALGORITHMS.md §7).
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

// WithDefaults returns o with its zero settings replaced by the defaults
// documented on each field.
func (o Options) WithDefaults() Options { return o.withDefaults() }

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

// minedPage is a page being mined: its input, its DOM and Page, and the
// decisions mining makes about it.
type minedPage struct {
	in       Input
	doc      *html.Node
	page     *Page
	cluster  ClusterID
	region   *Node
	scores   []float64
	links    *links       // cleaned link measures, once templates are marked
	voted    bool         // region is the cluster's majority article region
	alone    bool         // mined without a cluster to compare with
	declared bool         // region is the page's declared articleBody or its one entry-content
	placed   bool         // region is where the page's headline or its one <article> places the story
	cuts     *rawCuts     // the raw text to cut before parsing, when a scan found it
	terms    segmentTerms // kept for the methods that read them block by block (WISDOM, InfoDiscoverer)
}

func parse(in Input, cluster ClusterID) *minedPage {
	p := &minedPage{in: in, cluster: cluster}
	p.parseDoc()
	p.page = FromDOM(p.doc, in.URL)
	return p
}

// parseDoc parses the page's HTML into doc.
func (p *minedPage) parseDoc() {
	body := p.in.Body
	if p.cuts != nil { // the raw text was found by the signature's scan
		body = p.cuts.apply(body)
	} else {
		body = emptyRawText(body)
	}
	doc, err := parseCut(body)
	if err != nil { // x/net/html parses any bytes; kept for safety
		doc = &html.Node{Type: html.DocumentNode}
	}
	p.doc = doc
}

// release drops what mining a page built, once its result is made.
func (p *minedPage) release() {
	p.doc, p.page, p.region, p.scores, p.links, p.cuts, p.terms = nil, nil, nil, nil, nil, nil, segmentTerms{}
}

// ExtractSite mines pages of one site together, offline: clusters them,
// learns each cluster's template from its pages, and extracts every
// page's informative structure. With single set, each page is mined
// alone, with no cross-page statistics. Results are in input order.
//
// In site mode the pages are clustered on signatures read from their
// tags (ScanSignature), then parsed and mined a cluster at a time, each
// cluster's trees dropped once its results are made: memory holds the
// inputs and one cluster's pages. With single, one page is parsed and
// mined at a time.
func ExtractSite(inputs []Input, opts Options, single bool) []*Result {
	opts = opts.withDefaults()
	pages := make([]*minedPage, len(inputs))
	for i, in := range inputs {
		pages[i] = &minedPage{in: in, cluster: SingleCluster(in.Key)}
	}
	if !single {
		// The scan for signatures finds the raw text parsing skips too.
		cuts := make([]*rawCuts, len(pages))
		for i, p := range pages {
			p.cuts = &rawCuts{}
			cuts[i] = p.cuts
		}
		ids := clusterScanned(inputs, cuts, opts)
		for _, p := range pages {
			p.cluster = ids[p.in.Key]
		}
	}
	groups := map[ClusterID][]*minedPage{}
	var order []ClusterID
	for _, p := range pages {
		if _, ok := groups[p.cluster]; !ok {
			order = append(order, p.cluster)
		}
		groups[p.cluster] = append(groups[p.cluster], p)
	}
	byKey := make(map[string]*Result, len(inputs))
	for _, id := range order {
		// The state lives for this call only: term statistics only
		// for the methods that read them.
		termStats := ReadsTerms(opts.Method)
		g := groups[id]
		for _, p := range g {
			p.parseDoc()
			p.page = FromDOM(p.doc, p.in.URL)
		}
		for _, r := range minePages(NewClusterState(), g, opts, termStats) {
			byKey[r.Key] = r
		}
		for _, p := range g {
			p.release()
		}
	}
	out := make([]*Result, len(inputs))
	for i, in := range inputs {
		out[i] = byKey[in.Key]
	}
	return out
}

// ClusterInputs assigns each page a cluster by URL pattern and template
// signature (docs/ALGORITHMS.md §0), read from each page's tags
// (ScanSignature) without parsing it.
func ClusterInputs(inputs []Input, opts Options) map[string]ClusterID {
	return clusterScanned(inputs, nil, opts)
}

// clusterScanned is ClusterInputs that also gathers, when cuts is not
// nil, each page's raw text into its cuts[i] in the same scan.
func clusterScanned(inputs []Input, cuts []*rawCuts, opts Options) map[string]ClusterID {
	in := make([]ClusterInput, len(inputs))
	for i, p := range inputs {
		var c *rawCuts
		if cuts != nil {
			c = cuts[i]
		}
		sig, declared := scanPage(p.Body, c)
		u := p.URL
		if u == nil { // a file: its site is the one it declares, as FromDOM reads it
			u = declared
		}
		in[i] = ClusterInput{Key: p.Key, URL: u, Signature: sig}
	}
	return Cluster(in, opts.Cluster)
}
