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
	var g tableGrid
	if !g.read(h) || len(g.rows) == 0 {
		return false
	}
	if g.caption != nil {
		r.flow(g.caption, out)
	}
	var lines [][]string
	for _, row := range g.rows {
		cells, any := r.rowCells(row)
		if !any {
			continue
		}
		if g.spans {
			for _, s := range cells {
				if s != "" {
					*out = append(*out, mdBlock{md: s})
				}
			}
			continue
		}
		lines = append(lines, cells)
	}
	if g.spans || len(lines) == 0 {
		return true
	}
	*out = append(*out, mdBlock{md: pipeTable(lines)})
	return true
}

// tableGrid is a data table's cells by row, and its caption.
type tableGrid struct {
	rows    [][]*html.Node
	caption *html.Node
	spans   bool // a cell spans rows or columns
}

// read collects n's rows, through its row groups; false when n holds
// what a data table does not (text between rows, a div).
func (g *tableGrid) read(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || Skipped(c) {
			if strayText(c) {
				return false
			}
			continue
		}
		switch c.DataAtom {
		case atom.Thead, atom.Tbody, atom.Tfoot:
			if !g.read(c) {
				return false
			}
		case atom.Caption:
			g.caption = c
		case atom.Colgroup, atom.Col:
		case atom.Tr:
			if !g.readRow(c) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// readRow adds tr's cells as a row; false when it holds other than
// cells of lines of text.
func (g *tableGrid) readRow(tr *html.Node) bool {
	var row []*html.Node
	for d := tr.FirstChild; d != nil; d = d.NextSibling {
		if d.Type == html.ElementNode && !Skipped(d) {
			if d.DataAtom != atom.Td && d.DataAtom != atom.Th || complexCell(d) {
				return false
			}
			if htmlnode.Attr(d, "rowspan") > "1" || htmlnode.Attr(d, "colspan") > "1" {
				g.spans = true
			}
			row = append(row, d)
		} else if strayText(d) {
			return false
		}
	}
	g.rows = append(g.rows, row)
	return true
}

// strayText: text where a table holds only elements.
func strayText(h *html.Node) bool {
	return h.Type == html.TextNode && strings.TrimFunc(h.Data, isSpace) != ""
}

// rowCells renders a row's cells, each its blocks on one line; any
// reports a cell with text.
func (r *mdRenderer) rowCells(row []*html.Node) (cells []string, any bool) {
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
	return cells, any
}

// pipeTable writes rows of cells as a pipe table, the first row its
// header, each row padded to the widest.
func pipeTable(lines [][]string) string {
	cols := 0
	for _, cells := range lines {
		cols = max(cols, len(cells))
	}
	var b strings.Builder
	for i, cells := range lines {
		b.WriteString("|")
		for j := range cols {
			s := ""
			if j < len(cells) {
				s = pipeCell(cells[j])
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// pipeCell puts a cell on one line and escapes the pipes that would end it.
func pipeCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(s, "\\\n", " "), "\n", " "), "|", `\|`)
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
