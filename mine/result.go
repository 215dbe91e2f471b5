package mine

import (
	"encoding/json"
	"strings"
)

// Kind is what a page is, by its informative structure.
type Kind string

// The page kinds.
const (
	KindArticle    Kind = "article"
	KindTOC        Kind = "toc"
	KindArticleTOC Kind = "article+toc"
	KindOther      Kind = "other"
)

// KindTemplate is the kind of an annotated block that the template
// repeats (see Annotate); a page is never of this kind.
const KindTemplate Kind = "template"

// Link is an anchor inside a TOC block.
type Link struct {
	URL  string `json:"url"`
	Text string `json:"text"`
}

// Block is an informative block of a page: part of its article, or a TOC
// (a list of links to stories).
type Block struct {
	// Paths are the NodePaths of the block's elements: one, or several for
	// a block made of sibling elements (WISDOM's, or a TOC spread over
	// lists). InfoDiscoverer's block, made of text from all over the page,
	// has the single pseudo-path "informative blocks".
	Paths []string
	Text  string // paragraphs separated by blank lines; a data table a line a row, its cells joined by " | "
	// Markdown is Text with the page's structure (headings, lists, code,
	// tables, links, images) as CommonMark; "" for results mined before
	// mining wrote it, and for the methods that keep no structure.
	Markdown string
	HTML     string             // the element's outer HTML
	Links    []Link             // TOC blocks: their anchors
	Scores   map[string]float64 // the measures that chose the block, by name
}

// pathSep joins a block's paths in its JSON form.
const pathSep = " + "

// blockJSON is the JSON form of a Block, as the store and extract's
// NAME.json keep it: its paths joined by pathSep.
type blockJSON struct {
	Path     string             `json:"path"`
	Text     string             `json:"text,omitempty"`
	Markdown string             `json:"markdown,omitempty"`
	HTML     string             `json:"html,omitempty"`
	Links    []Link             `json:"links,omitempty"`
	Scores   map[string]float64 `json:"scores,omitempty"`
}

// Path is the block's paths joined as its JSON form joins them.
func (b Block) Path() string { return strings.Join(b.Paths, pathSep) }

// MarshalJSON writes the block's JSON form.
func (b Block) MarshalJSON() ([]byte, error) {
	return json.Marshal(blockJSON{Path: b.Path(), Text: b.Text, Markdown: b.Markdown, HTML: b.HTML, Links: b.Links, Scores: b.Scores})
}

// UnmarshalJSON reads the block's JSON form.
func (b *Block) UnmarshalJSON(data []byte) error {
	var j blockJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*b = Block{Text: j.Text, Markdown: j.Markdown, HTML: j.HTML, Links: j.Links, Scores: j.Scores}
	if j.Path != "" {
		b.Paths = strings.Split(j.Path, pathSep)
	}
	return nil
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
	// Comments are the page's reader comments, which the article leaves
	// out; nil for a page without any, and for results mined before
	// mining read them.
	Comments []Comment `json:"comments,omitempty"`
	// PageText is the text of a page of kind other (neither an article
	// nor a TOC: a photo post, a short note), outside the template, the
	// headline and the comments. Empty on other kinds of page (a
	// listing's stories are its TOC links) and for the methods other
	// than auto.
	PageText string `json:"page_text,omitempty"`
}

// MainText is the page's text: its article's, or on a page of kind
// other, its PageText.
func (r *Result) MainText() string {
	if t := r.ArticleText(); t != "" {
		return t
	}
	return r.PageText
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
