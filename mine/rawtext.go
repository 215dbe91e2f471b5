package mine

import (
	"bytes"

	"infocrawl/internal/htmlscan"
)

// emptyRawText returns body with the text of its script and style
// elements cut out, the elements left in place, empty: mining reads
// neither, and on pages heavy with inline code they are half the bytes
// the parser would go through. body itself when there is nothing to cut.
//
// The scan reads the page as x/net/html's Tokenizer does. The parser
// differs from it only inside SVG and MathML, where a <style> or <script>
// is markup, not raw text; so after the first <svg> or <math> only a text
// without a '<', which is text either way, is cut.
func emptyRawText(body []byte) []byte {
	if 4*rawTextBytes(body, "<script", "</script")+4*rawTextBytes(body, "<style", "</style") < len(body) {
		return body // too little to pay for the scan and the copy
	}
	var out []byte
	last, foreign := 0, false
	htmlscan.StartTags(body, func(t htmlscan.Tag) {
		name := t.Name(body)
		if htmlscan.FoldedIs(name, "svg") || htmlscan.FoldedIs(name, "math") {
			foreign = true
			return
		}
		if t.TextEnd <= t.End || !htmlscan.FoldedIs(name, "script") && !htmlscan.FoldedIs(name, "style") {
			return // no raw text, or none that ends before the body does
		}
		if foreign && bytes.IndexByte(body[t.End:t.TextEnd], '<') >= 0 {
			return
		}
		if out == nil {
			out = make([]byte, 0, len(body))
		}
		out = append(out, body[last:t.End]...)
		last = t.TextEnd
	})
	if out == nil {
		return body
	}
	return append(out, body[last:]...)
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
