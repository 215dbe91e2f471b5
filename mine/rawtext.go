package mine

import (
	"bytes"

	"infocrawl/internal/htmlscan"
)

// emptyRawText returns body with the text of its script and style
// elements cut out, the elements left in place, empty: mining reads
// neither, and on pages heavy with inline code they are half the bytes
// the parser would go through. body itself when there is nothing to cut.
func emptyRawText(body []byte) []byte {
	if !worthCutting(body) {
		return body
	}
	var c rawCuts
	htmlscan.StartTags(body, func(t htmlscan.Tag) { c.see(body, t) })
	return c.apply(body)
}

// rawCuts collects, over a scan of a page's start tags, the spans of
// script and style text that emptyRawText cuts.
//
// The scan reads the page as x/net/html's Tokenizer does. The parser
// differs from it only inside SVG and MathML, where a <style> or <script>
// is markup, not raw text; so after the first <svg> or <math> only a text
// without a '<', which is text either way, is cut.
type rawCuts struct {
	spans   []int // start and end offsets, in pairs
	foreign bool  // an <svg> or <math> came
}

// see takes the scan's next start tag t of body.
func (c *rawCuts) see(body []byte, t htmlscan.Tag) {
	name := t.Name(body)
	if htmlscan.FoldedIs(name, "svg") || htmlscan.FoldedIs(name, "math") {
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

// apply returns body without the spans seen (emptyRawText's result,
// without its scan).
func (c *rawCuts) apply(body []byte) []byte {
	if len(c.spans) == 0 || !worthCutting(body) {
		return body
	}
	n := len(body)
	for i := 0; i < len(c.spans); i += 2 {
		n -= c.spans[i+1] - c.spans[i]
	}
	out := make([]byte, 0, n)
	last := 0
	for i := 0; i < len(c.spans); i += 2 {
		out = append(out, body[last:c.spans[i]]...)
		last = c.spans[i+1]
	}
	return append(out, body[last:]...)
}

// worthCutting: body's script and style text is a quarter of it or more,
// enough to pay for a scan and a copy. Below that the page is parsed as it
// is, so a block's HTML keeps its scripts the same way in every mode.
func worthCutting(body []byte) bool {
	return 4*rawTextBytes(body, "<script", "</script")+4*rawTextBytes(body, "<style", "</style") >= len(body)
}

// rawTextBytes is a quick count of the bytes between each open (written in
// lower case) and the close after it: a gauge of what emptyRawText would
// cut, not where.
func rawTextBytes(body []byte, open, close string) int {
	n := 0
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte(open))
		if j < 0 {
			return n
		}
		k := bytes.Index(body[i+j:], []byte(close))
		if k < 0 {
			return n
		}
		n += k
		i += j + k
	}
}
