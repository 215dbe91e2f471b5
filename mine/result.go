package mine

import "strings"

// Kind is what a page is, by its informative structure.
type Kind string

// The page kinds.
const (
	KindArticle    Kind = "article"
	KindTOC        Kind = "toc"
	KindArticleTOC Kind = "article+toc"
	KindOther      Kind = "other"
)

// Link is an anchor inside a TOC block.
type Link struct {
	URL  string `json:"url"`
	Text string `json:"text"`
}

// Block is an informative block of a page: part of its article, or a TOC
// (a list of links to stories).
type Block struct {
	Path   string             `json:"path"`            // NodePath of the block's element
	Text   string             `json:"text,omitempty"`  // paragraphs separated by blank lines
	HTML   string             `json:"html,omitempty"`  // the element's outer HTML
	Links  []Link             `json:"links,omitempty"` // TOC blocks: their anchors
	Scores map[string]float64 `json:"scores,omitempty"`
}

// Result is what mining found on one page.
type Result struct {
	Key      string    `json:"key"`
	URL      string    `json:"url,omitempty"`
	Cluster  ClusterID `json:"cluster"`
	Method   string    `json:"method"`
	Kind     Kind      `json:"kind"`
	Title    string    `json:"title"`
	Article  []Block   `json:"article,omitempty"`
	TOC      []Block   `json:"toc,omitempty"`
	Template float64   `json:"template_share"` // share of the page's text found to be template
	// Pagination links a TOC page to the other pages of its list: not
	// stories, but where a focused crawl finds more of them.
	Pagination []Link `json:"pagination,omitempty"`
	Fallback   string `json:"fallback,omitempty"`
}

// ArticleText is the article's text: its blocks' paragraphs in order.
func (r *Result) ArticleText() string {
	parts := make([]string, 0, len(r.Article))
	for _, b := range r.Article {
		if b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n\n")
}

// TOCLinks returns the URLs of the links in the page's TOC blocks, each
// once, in document order.
func (r *Result) TOCLinks() []string {
	seen := map[string]bool{}
	var out []string
	for _, b := range r.TOC {
		for _, l := range b.Links {
			if !seen[l.URL] {
				seen[l.URL] = true
				out = append(out, l.URL)
			}
		}
	}
	return out
}
