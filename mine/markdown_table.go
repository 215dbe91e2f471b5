package mine

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// table renders a data table as a GFM pipe table, its header the first
// row; it reports false for a layout table (cells holding blocks), left
// to the caller to render as blocks. A table with row or column spans
// has no pipe form: its cells become paragraphs in row order.
func (r *mdRenderer) table(h *html.Node, out *[]mdBlock) bool {
	var rows [][]*html.Node
	var caption *html.Node
	spans := false
	var walk func(*html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || Skipped(c) {
				if c.Type == html.TextNode && strings.TrimFunc(c.Data, isSpace) != "" {
					return false
				}
				continue
			}
			switch c.DataAtom {
			case atom.Thead, atom.Tbody, atom.Tfoot:
				if !walk(c) {
					return false
				}
			case atom.Caption:
				caption = c
			case atom.Colgroup, atom.Col:
			case atom.Tr:
				var row []*html.Node
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.Type == html.ElementNode && !Skipped(d) {
						if d.DataAtom != atom.Td && d.DataAtom != atom.Th || complexCell(d) {
							return false
						}
						if htmlnode.Attr(d, "rowspan") > "1" || htmlnode.Attr(d, "colspan") > "1" {
							spans = true
						}
						row = append(row, d)
					} else if d.Type == html.TextNode && strings.TrimFunc(d.Data, isSpace) != "" {
						return false
					}
				}
				rows = append(rows, row)
			default:
				return false
			}
		}
		return true
	}
	if !walk(h) || len(rows) == 0 {
		return false
	}
	if caption != nil {
		r.flow(caption, out)
	}
	var lines [][]string
	cols := 0
	for _, row := range rows {
		var cells []string
		any := false
		for _, cell := range row {
			var inner []mdBlock
			r.flow(cell, &inner)
			var parts []string
			for _, b := range inner {
				parts = append(parts, b.md)
			}
			s := strings.Join(parts, " ")
			any = any || s != ""
			cells = append(cells, s)
		}
		if !any {
			continue
		}
		if spans {
			for _, s := range cells {
				if s != "" {
					*out = append(*out, mdBlock{md: s})
				}
			}
			continue
		}
		lines = append(lines, cells)
		cols = max(cols, len(cells))
	}
	if spans || len(lines) == 0 {
		return true
	}
	var b strings.Builder
	for i, cells := range lines {
		b.WriteString("|")
		for j := range cols {
			s := ""
			if j < len(cells) {
				s = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(cells[j], "\\\n", " "), "\n", " "), "|", `\|`)
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
		}
	}
	*out = append(*out, mdBlock{md: strings.TrimSuffix(b.String(), "\n")})
	return true
}

// complexCell: a table cell holding more than lines of text (a list, a
// nested table, code), which a pipe table cannot hold.
func complexCell(h *html.Node) bool {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || Skipped(c) {
			continue
		}
		switch c.DataAtom {
		case atom.Table, atom.Ul, atom.Ol, atom.Dl, atom.Li, atom.Pre, atom.Blockquote,
			atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return true
		}
		if complexCell(c) {
			return true
		}
	}
	return false
}
