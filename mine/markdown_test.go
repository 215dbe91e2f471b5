package mine

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"golang.org/x/net/html"
)

// mdStructure counts what a Markdown document's HTML rendering holds.
type mdStructure struct {
	Headings, Items, CodeLines, Cells, Quotes, Links, Images int
}

// renderBack renders md with a CommonMark library (GFM tables on) and
// counts its structure, and returns its text.
func renderBack(t *testing.T, md string) (mdStructure, string) {
	t.Helper()
	var buf bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(md), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var s mdStructure
	var text strings.Builder
	var walk func(*html.Node, bool)
	walk = func(n *html.Node, code bool) {
		switch n.Type {
		case html.TextNode:
			text.WriteString(n.Data + " ")
			if code {
				s.CodeLines += strings.Count(n.Data, "\n")
			}
		case html.ElementNode:
			switch n.Data {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				s.Headings++
			case "li":
				s.Items++
			case "td", "th":
				s.Cells++
			case "blockquote":
				s.Quotes++
			case "a":
				s.Links++
			case "img":
				s.Images++
				text.WriteString(attrOf(n, "alt") + " ")
			case "pre":
				code = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, code)
		}
	}
	walk(doc, false)
	return s, text.String()
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

var wordRE = regexp.MustCompile(`\w+`)

// The Markdown of realistic pages: a golden file each, valid CommonMark
// (rendered back, its structure is the page's), and of the same blocks
// as the text: every word of the text is in it, and nothing mining
// dropped (navigation, share bars, comments, the pull quote's copy).
func TestMarkdownGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		want    mdStructure
		dropped []string // text mining removed, which must not come back
	}{
		{"news", mdStructure{Items: 3, Cells: 12, Quotes: 1, Links: 1},
			[]string{"Share on X", "More from Local", "About us", "Maria Lopez"}},
		{"blog", mdStructure{Headings: 3, CodeLines: 26, Links: 1, Images: 1},
			[]string{"Great post", "jitter", "Posted in", "version#"}},
		{"docs", mdStructure{Headings: 3, CodeLines: 5, Cells: 8, Quotes: 2, Links: 1},
			[]string{"¶", "Navigation", "Table of Contents", "Copyright"}},
		{"recipe", mdStructure{Headings: 2, Items: 12},
			[]string{"Recipes", "simple vegetarian food"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "markdown", c.name+".html"))
			if err != nil {
				t.Fatal(err)
			}
			u, _ := url.Parse("https://example.org/" + c.name + "/page.html")
			res := ExtractSite([]Input{{Key: u.String(), URL: u, Body: body}}, Options{}, true)[0]
			if len(res.Article) != 1 {
				t.Fatalf("kind %s, %d article blocks; want an article", res.Kind, len(res.Article))
			}
			b := res.Article[0]
			got := "title: " + res.Title + "\n\n" + b.Markdown + "\n"
			golden := filepath.Join("testdata", "markdown", c.name+".md")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("markdown differs from %s (-update rewrites it):\n%s", golden, got)
			}
			s, rendered := renderBack(t, b.Markdown)
			if s != c.want {
				t.Errorf("rendered back: %+v; want %+v", s, c.want)
			}
			have := map[string]int{}
			for _, w := range wordRE.FindAllString(rendered, -1) {
				have[w]++
			}
			for _, w := range wordRE.FindAllString(b.Text, -1) {
				if have[w]--; have[w] < 0 {
					t.Errorf("word %q of the text is not in the markdown", w)
					break
				}
			}
			for _, d := range c.dropped {
				if strings.Contains(b.Markdown, d) || strings.Contains(res.Title, d) {
					t.Errorf("%q came back", d)
				}
			}
			// export re-renders from the stored page with other options.
			again, err := RenderMarkdown(body, u, b, res.Title, MarkdownOptions{})
			if err != nil || again != b.Markdown {
				t.Errorf("RenderMarkdown: %v, differs from mining's:\n%s", err, again)
			}
			plain, err := RenderMarkdown(body, u, b, res.Title, MarkdownOptions{NoLinks: true, NoImages: true})
			if s, _ := renderBack(t, plain); err != nil || s.Links != 0 || s.Images != 0 {
				t.Errorf("without links and images: %v, %+v", err, s)
			}
		})
	}
}
