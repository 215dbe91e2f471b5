package export

import (
	"bufio"
	"fmt"
	"strings"

	"infocrawl/mine"
)

// textSeparator ends each page in the plain-text export: a line a story
// is unlikely to contain, easy to split on.
const textSeparator = "========================================================================"

// newTextWriter returns a writer of one page after another as Markdown or
// plain text: title, URL, blank line, then the article's paragraphs (kind
// article), the TOC links (kind toc) or both (kind all).
func newTextWriter(w *bufio.Writer, f Format, kind Kind) func(key string, r *mine.Result) error {
	return func(key string, r *mine.Result) error {
		u := pageURL(key, r)
		title := clean(r.Title)
		if title == "" {
			title = u
		}
		layout := plainLayout
		if f == Markdown {
			layout = markdownLayout
		}
		writePage(w, layout, title, u, r, kind)
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

func writePage(w *bufio.Writer, layout textLayout, title, u string, r *mine.Result, kind Kind) {
	w.WriteString(layout.head(title, u))
	if kind != TOCs {
		if text := r.ArticleText(); text != "" {
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
