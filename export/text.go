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
		if f == Markdown {
			writeMarkdown(w, title, u, r, kind)
		} else {
			writeText(w, title, u, r, kind)
		}
		// bufio.Writer keeps its first error; checking here stops an
		// export to a full disk at the page that failed.
		if _, err := w.Write(nil); err != nil {
			return fmt.Errorf("export: write %s: %w", key, err)
		}
		return nil
	}
}

func writeMarkdown(w *bufio.Writer, title, u string, r *mine.Result, kind Kind) {
	fmt.Fprintf(w, "# %s\n<%s>\n\n", title, u)
	if kind != TOCs {
		if text := r.ArticleText(); text != "" {
			w.WriteString(text)
			w.WriteString("\n\n")
		}
	}
	if kind != Articles {
		links := tocLinks(r)
		for _, l := range links {
			fmt.Fprintf(w, "- [%s](<%s>)\n", markdownText(l.Text), l.URL)
		}
		if len(links) > 0 {
			w.WriteString("\n")
		}
	}
}

func writeText(w *bufio.Writer, title, u string, r *mine.Result, kind Kind) {
	fmt.Fprintf(w, "%s\n%s\n\n", title, u)
	if kind != TOCs {
		if text := r.ArticleText(); text != "" {
			w.WriteString(text)
			w.WriteString("\n\n")
		}
	}
	if kind != Articles {
		links := tocLinks(r)
		for _, l := range links {
			fmt.Fprintf(w, "%s\t%s\n", clean(l.Text), l.URL)
		}
		if len(links) > 0 {
			w.WriteString("\n")
		}
	}
	w.WriteString(textSeparator + "\n\n")
}

// markdownText keeps a link's text from closing its brackets early.
func markdownText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(clean(s))
}
