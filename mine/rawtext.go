package mine

import (
	"bytes"
	"strings"

	"infocrawl/internal/htmlscan"
)

// emptyRawText returns body with the text of its script and style
// elements and the drawing inside its inline <svg> elements cut out, the
// elements left in place, empty: mining reads none of them, and on pages
// heavy with inline code and icons they are half the bytes the parser
// would go through (an SVG's paths, each an element with long attributes,
// cost it more per byte than a script). body itself when that is less
// than an eighth of it (worthCutting). A block's HTML so shows an inline
// SVG empty; the stored page keeps it whole.
func emptyRawText(body []byte) []byte {
	var c rawCuts
	htmlscan.StartTags(body, func(t htmlscan.Tag) { c.see(body, t) })
	return c.apply(body)
}

// rawCuts collects, over a scan of a page's start tags, the spans of
// script and style text that emptyRawText cuts.
//
// The scan reads the page as x/net/html's Tokenizer does. The parser
// differs from it only inside SVG and MathML, where a <style> or <script>
// is markup, not raw text; so tags inside a cut SVG are passed over, and
// after an <svg> left whole or a <math> only a text without a '<', which
// is text either way, is cut.
type rawCuts struct {
	spans   []int // start and end offsets, in pairs
	foreign bool  // an <svg> left whole or a <math> came
	svgEnd  int   // the end of the last SVG drawing cut
}

// see takes the scan's next start tag t of body.
func (c *rawCuts) see(body []byte, t htmlscan.Tag) {
	if t.Start < c.svgEnd {
		return // inside a drawing already cut
	}
	name := t.Name(body)
	if htmlscan.FoldedIs(name, "svg") {
		if selfClosing(body, t) {
			return // <svg/>: closed at once, in foreign content
		}
		if end := svgDrawingEnd(body, t.End); end > t.End {
			c.spans = append(c.spans, t.End, end)
			c.svgEnd = end
			return
		}
		c.foreign = true
		return
	}
	if htmlscan.FoldedIs(name, "math") {
		c.foreign = true
		return
	}
	if t.TextEnd <= t.End || !htmlscan.FoldedIs(name, "script") && !htmlscan.FoldedIs(name, "style") {
		return // no raw text, or none that ends before the body does
	}
	if c.foreign && bytes.IndexByte(body[t.End:t.TextEnd], '<') >= 0 {
		return
	}
	c.spans = append(c.spans, t.End, t.TextEnd)
}

// svgDrawingEnd returns where the </svg> that closes the SVG whose start
// tag ends at from begins, when what lies between is a plain drawing that
// can be cut: no nested <svg> (its end tag would close the cut early), no
// comment or CDATA section (they may hide an end tag), no
// <foreignObject>, whose HTML a reader sees, and none of the HTML tags
// that end an SVG the page left open (<p>, <div>… — the parser then reads
// them and what follows as the page's text, whatever </svg> comes later).
// -1 otherwise.
func svgDrawingEnd(b []byte, from int) int {
	for i := from; ; {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 || i+j+2 >= len(b) {
			return -1
		}
		p := i + j
		switch c := b[p+1]; {
		case c == '/':
			switch tagName(b[p+2:]) {
			case "svg":
				return p
			case "", "p", "br": // a bogus comment may hide an end tag; </p> and </br> end foreign content
				return -1
			}
			i = htmlscan.TagEnd(b, p+2)
		case c == '!' || c == '?':
			return -1 // a comment, CDATA, doctype or bogus comment
		default:
			switch name := tagName(b[p+1:]); {
			case name == "":
				i = p + 1 // text
			case name == "svg" || name == "foreignobject" || breakoutTags[name]:
				return -1
			default:
				i = htmlscan.TagEnd(b, p+1)
			}
		}
		if i < 0 {
			return -1
		}
	}
}

// tagName is the name, in lower case, of the tag rest opens with: ""
// when rest opens with no tag name (a letter first), or with one longer
// than the names svgDrawingEnd looks for.
func tagName(rest []byte) string {
	n := 0
	for n < len(rest) && !htmlscan.EndsTagName(rest[n]) {
		n++
	}
	if n == 0 || n > len("foreignobject") || rest[0]|0x20 < 'a' || rest[0]|0x20 > 'z' {
		return ""
	}
	var buf [16]byte
	return string(lowerASCII(buf[:0], rest[:n]))
}

// breakoutTags end foreign content in the HTML parser: the start tags
// that, met inside an <svg> or <math>, close it and are read as HTML
// (the HTML standard's "in foreign content" insertion mode; <font> only
// with some attributes, taken here always).
var breakoutTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields("b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var font") {
		m[t] = true
	}
	return m
}()

// apply returns body without the spans seen (emptyRawText's result,
// without its scan).
func (c *rawCuts) apply(body []byte) []byte {
	cut := 0
	for i := 0; i < len(c.spans); i += 2 {
		cut += c.spans[i+1] - c.spans[i]
	}
	if !worthCutting(cut, len(body)) {
		return body
	}
	out := make([]byte, 0, len(body)-cut)
	last := 0
	for i := 0; i < len(c.spans); i += 2 {
		out = append(out, body[last:c.spans[i]]...)
		last = c.spans[i+1]
	}
	return append(out, body[last:]...)
}

// worthCutting: the cut, script and style text and SVG drawings, is an
// eighth of the body or more, enough to pay for the copy (the parse costs
// ten times the scan per byte). Below that the page is parsed as it is:
// the scan that found the cut decides alike in every mode, so a block's
// HTML keeps its scripts the same way in all of them.
func worthCutting(cut, body int) bool { return cut > 0 && 8*cut >= body }
