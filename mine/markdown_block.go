package mine

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// block renders a block element.
func (r *mdRenderer) block(h *html.Node, out *[]mdBlock) {
	if l := headingLevel(h); l > 0 {
		var inner []mdBlock
		r.flow(h, &inner)
		for i, b := range inner {
			if i == 0 && !b.list {
				level := min(6, max(2, l+r.shift))
				b.md = strings.Repeat("#", level) + " " + strings.ReplaceAll(strings.ReplaceAll(b.md, "\\\n", " "), "\n", " ")
			}
			*out = append(*out, b)
		}
		return
	}
	if codeBlock(h) {
		r.code(h, out)
		return
	}
	switch h.DataAtom {
	case atom.Ul, atom.Ol:
		r.list(h, out)
		return
	case atom.Blockquote:
		r.quote(h, out)
		return
	case atom.Table:
		if r.table(h, out) {
			return
		}
	case atom.Dt:
		var inner []mdBlock
		r.flow(h, &inner)
		for _, b := range inner {
			if !b.list && !strings.Contains(b.md, "\n") {
				b.md = "**" + b.md + "**"
			}
			*out = append(*out, b)
		}
		return
	case atom.Hr:
		return
	}
	if h.DataAtom == atom.Div || h.DataAtom == atom.Aside {
		if admonition(h) {
			r.quote(h, out)
			return
		}
	}
	r.flow(h, out)
}

// admonition: a documentation page's note or warning box.
func admonition(h *html.Node) bool {
	for _, c := range strings.Fields(htmlnode.Attr(h, "class")) {
		switch strings.ToLower(c) {
		case "admonition", "note", "warning", "tip", "caution", "important", "callout", "alert", "pullquote", "pull-quote":
			return true
		}
	}
	return false
}

func (r *mdRenderer) quote(h *html.Node, out *[]mdBlock) {
	var inner []mdBlock
	r.flow(h, &inner)
	if len(inner) == 0 {
		return
	}
	*out = append(*out, mdBlock{md: prefixLines(joinBlocks(inner, false), "> ", "> ", ">")})
}

func (r *mdRenderer) list(h *html.Node, out *[]mdBlock) {
	ordered := h.DataAtom == atom.Ol
	num := 1
	if v, err := strconv.Atoi(htmlnode.Attr(h, "start")); ordered && err == nil && v >= 0 {
		num = v
	}
	var items []string
	loose := false
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || Skipped(c) {
			if c.Type == html.TextNode && strings.TrimFunc(c.Data, isSpace) != "" {
				var stray []mdBlock
				var cur run
				r.text(&cur, c.Data, false)
				r.flush(&cur, &stray)
				for _, b := range stray {
					items = append(items, "- "+b.md)
				}
			}
			continue
		}
		var inner []mdBlock
		if c.DataAtom == atom.Li {
			r.flow(c, &inner)
		} else {
			r.block(c, &inner)
		}
		if len(inner) == 0 {
			continue
		}
		marker := "- "
		if ordered {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		if len(inner) > 1 && !inner[1].list {
			loose = true
		}
		pad := strings.Repeat(" ", len(marker))
		items = append(items, prefixLines(joinBlocks(inner, true), marker, pad, ""))
	}
	if len(items) == 0 {
		return
	}
	sep := "\n"
	if loose {
		sep = "\n\n"
	}
	*out = append(*out, mdBlock{md: strings.Join(items, sep), list: true})
}

// prefixLines puts first before the first line and rest before the
// others (empty lines get empty, so no trailing spaces).
func prefixLines(s, first, rest, empty string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			lines[i] = first + l
		case l == "":
			lines[i] = empty
		default:
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}
