package export

import (
	"bufio"
	"fmt"
	"strings"

	"infocrawl/mine"
	"infocrawl/store"
)

// textSeparator ends each page in the plain-text export: a line a story
// is unlikely to contain, easy to split on.
const textSeparator = "========================================================================"

// newTextWriter returns a writer of one page after another as Markdown or
// plain text: title, URL, blank line, then the article (its Markdown, or
// its text's paragraphs) for kind article, the TOC links for kind toc, or
// both for kind all.
func newTextWriter(w *bufio.Writer, db *store.DB, opts Options) func(key string, r *mine.Result) error {
	f, kind := opts.Format, opts.Kind
	return func(key string, r *mine.Result) error {
		if !opts.Since.IsZero() {
			p, err := db.PageMeta(key)
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			if _, err := changeSince(db, key, r, p, opts.Since); err != nil {
				return err
			}
		}
		u := pageURL(key, r)
		title := clean(r.Title)
		if title == "" {
			title = u
		}
		layout, body := plainLayout, r.MainText()
		if f == Markdown {
			layout = markdownLayout
			var err error
			if body, err = articleMarkdown(key, r, func() (*store.Page, error) { return db.Page(key) }, opts.Markdown); err != nil {
				return err
			}
		}
		writePage(w, layout, title, u, body, r, kind)
		// bufio.Writer keeps its first error; checking here stops an
		// export to a full disk at the page that failed.
		if _, err := w.Write(nil); err != nil {
			return fmt.Errorf("export: write %s: %w", key, err)
		}
		return nil
	}
}

// textLayout is how one of the text formats lays a page out.
type textLayout struct {
	head func(title, u string) string
	link func(l mine.Link) string
	end  string
}

var (
	markdownLayout = textLayout{
		head: func(title, u string) string { return fmt.Sprintf("# %s\n<%s>\n\n", title, u) },
		link: func(l mine.Link) string { return fmt.Sprintf("- [%s](<%s>)\n", markdownText(l.Text), l.URL) },
	}
	plainLayout = textLayout{
		head: func(title, u string) string { return fmt.Sprintf("%s\n%s\n\n", title, u) },
		link: func(l mine.Link) string { return fmt.Sprintf("%s\t%s\n", clean(l.Text), l.URL) },
		end:  textSeparator + "\n\n",
	}
)

// writePage writes a page: its head, its body (text or Markdown), its
// TOC links.
func writePage(w *bufio.Writer, layout textLayout, title, u, body string, r *mine.Result, kind Kind) {
	w.WriteString(layout.head(title, u))
	if kind != TOCs {
		if text := body; text != "" {
			w.WriteString(text)
			w.WriteString("\n\n")
		}
	}
	if kind != Articles {
		links := tocLinks(r)
		for _, l := range links {
			w.WriteString(layout.link(l))
		}
		if len(links) > 0 {
			w.WriteString("\n")
		}
	}
	w.WriteString(layout.end)
}

// markdownText keeps a link's text from closing its brackets early.
func markdownText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(clean(s))
}
