package export

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"infocrawl/mine"
	"infocrawl/store"
)

// Record is one line of the JSONL export: a mined page. README.md's
// Export section documents the fields; a test holds the two together.
type Record struct {
	URL       string      `json:"url"`
	Cluster   string      `json:"cluster"`
	Kind      mine.Kind   `json:"kind"`
	Title     string      `json:"title"`
	Published string      `json:"published,omitempty"`
	Author    string      `json:"author,omitempty"`
	Text      string      `json:"text"`
	Markdown  string      `json:"markdown"`
	HTML      string      `json:"html"`
	Links     []mine.Link `json:"links"`
	Path      []string    `json:"path"`
	// Comments are the reader comments mining found; a store mined
	// before mining read them has none until it is mined again.
	Comments  []mine.Comment `json:"comments,omitempty"`
	FetchedAt string         `json:"fetched_at"`
	// Change is "new" or "updated", only in an export of what changed
	// since a time (Options.Since).
	Change string `json:"change,omitempty"`
}

// newJSONLWriter returns a writer of one Record per line. It reads each
// page back from the store for its fetch time and metadata.
func newJSONLWriter(w io.Writer, db *store.DB, opts Options) func(key string, r *mine.Result) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the html field is easier to read unescaped
	return func(key string, r *mine.Result) error {
		p, err := db.Page(key)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		var change string
		if !opts.Since.IsZero() {
			if change, err = changeSince(db, key, r, p, opts.Since); err != nil {
				return err
			}
		}
		rec, err := newRecord(key, r, p, opts)
		if err != nil {
			return err
		}
		rec.Change = change
		if err := enc.Encode(rec); err != nil {
			return fmt.Errorf("export: write %s: %w", key, err)
		}
		return nil
	}
}

func newRecord(key string, r *mine.Result, p *store.Page, opts Options) (Record, error) {
	html := blockHTML(r.Article)
	meta := extractMeta(p.Body, []byte(html))
	var md string
	if !opts.noMarkdown {
		var err error
		if md, err = articleMarkdown(key, r, func() (*store.Page, error) { return p, nil }, opts.Markdown); err != nil {
			return Record{}, err
		}
	}
	return Record{
		URL:       pageURL(key, r),
		Cluster:   string(r.Cluster),
		Kind:      r.Kind,
		Title:     r.Title,
		Published: meta.Published,
		Author:    meta.Author,
		Text:      r.MainText(),
		Markdown:  md,
		HTML:      html,
		Links:     tocLinks(r),
		Path:      blockPaths(r),
		Comments:  r.Comments,
		FetchedAt: p.FetchedAt.UTC().Format(time.RFC3339),
	}, nil
}

// articleMarkdown is the article blocks' Markdown, as mining wrote it;
// with options that leave links or images out, or for a result mined
// before mining wrote Markdown, rendered again from the stored page,
// which page reads.
func articleMarkdown(key string, r *mine.Result, page func() (*store.Page, error), opts mine.MarkdownOptions) (string, error) {
	var p *store.Page
	parts := make([]string, 0, len(r.Article))
	for _, b := range r.Article {
		md := b.Markdown
		if b.Text != "" && (md == "" || opts != (mine.MarkdownOptions{})) {
			if p == nil {
				var err error
				if p, err = page(); err != nil {
					return "", fmt.Errorf("export: %w", err)
				}
			}
			u, _ := url.Parse(pageURL(key, r))
			var err error
			if md, err = mine.RenderMarkdown(p.Body, u, b, r.Title, opts); err != nil {
				return "", fmt.Errorf("export: %s: %w", key, err)
			}
		}
		if md != "" {
			parts = append(parts, md)
		}
	}
	return strings.Join(parts, "\n\n"), nil
}

func blockHTML(blocks []mine.Block) string {
	parts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		if b.HTML != "" {
			parts = append(parts, b.HTML)
		}
	}
	return strings.Join(parts, "\n")
}

// tocLinks lists the anchors of the TOC blocks, never nil so the field
// is [] rather than null.
func tocLinks(r *mine.Result) []mine.Link {
	out := []mine.Link{}
	for _, b := range r.TOC {
		out = append(out, b.Links...)
	}
	return out
}

// blockPaths gives where the page's content is: the article blocks, or
// for a page with no article (a TOC page), its TOC blocks.
func blockPaths(r *mine.Result) []string {
	blocks := r.Article
	if len(blocks) == 0 {
		blocks = r.TOC
	}
	out := make([]string, 0, len(blocks))
	for _, b := range blocks {
		out = append(out, b.Path())
	}
	return out
}
