package mine

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// described: half or more of text's words are the page's own
// description (its description, og:description or twitter:description
// meta tag), word for word; a description cut short with an ellipsis
// counts up to its last whole word. A publisher describes a page by its
// story: a photo post's or a video's few lines that repeat the
// description are that story, short and sentence-less as they are.
func described(p *Page, text string) bool {
	words := descWords(text)
	if len(words) == 0 {
		return false
	}
	for _, d := range descriptions(p) {
		dw := descWords(d)
		if cutShort(d) && len(dw) > 0 {
			dw = dw[:len(dw)-1]
		}
		if len(dw) == 0 || 2*len(dw) < len(words) {
			continue
		}
		for i := 0; i+len(dw) <= len(words); i++ {
			if slices.Equal(dw, words[i:i+len(dw)]) {
				return true
			}
		}
	}
	return false
}

// descriptions returns the contents of the page's description meta tags
// in <head>.
func descriptions(p *Page) []string {
	if p.Root == nil || p.Root.H == nil {
		return nil
	}
	head := htmlnode.Find(p.Root.H, atom.Head)
	if head == nil {
		return nil
	}
	var out []string
	for c := head.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom != atom.Meta {
			continue
		}
		name := htmlnode.Attr(c, "name")
		if name == "" {
			name = htmlnode.Attr(c, "property")
		}
		switch strings.ToLower(name) {
		case "description", "og:description", "twitter:description":
			if v := htmlnode.Attr(c, "content"); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// descWords are s's words, lower-cased: letters and digits only, so
// that bullets, quotes and entities the meta tag spells otherwise do
// not count.
func descWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
