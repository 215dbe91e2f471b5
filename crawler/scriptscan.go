package crawler

import "bytes"

// readScriptEndTag follows Tokenizer.readRawEndTag for "script" after a
// "</" read up to pos: on a match it returns the offset of the '<';
// otherwise the offset to read on from, and whether the body ended.
func readScriptEndTag(b []byte, pos int) (next int, match, eof bool) {
	const tag = "script"
	for i := 0; i < len(tag); i++ {
		if pos >= len(b) {
			return pos, false, true
		}
		if c := b[pos]; c != tag[i] && c != tag[i]-('a'-'A') {
			return pos, false, false
		}
		pos++
	}
	if pos >= len(b) {
		return pos, false, true
	}
	if c := b[pos]; isHTMLSpace(c) || c == '/' || c == '>' {
		return pos - len("</"+tag), true, false
	}
	return pos, false, false
}

// skipScript returns the offset of the "</script" that ends a script's
// text starting at pos, or -1 when the text runs to the end of the body.
// It goes through the script data states of Tokenizer.readScript (WHATWG
// 13.2.5.4 and after) one for one; reading a byte is "c, pos = b[pos],
// pos+1" after an end-of-body check, reading it again "pos--".
func skipScript(b []byte, pos int) int {
	var c byte
	var match, eof bool

scriptData:
	if k := bytes.IndexByte(b[pos:], '<'); k >= 0 {
		pos += k + 1
	} else {
		return -1
	}
	// script data less-than sign
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '/':
		if pos, match, eof = readScriptEndTag(b, pos); match {
			return pos
		} else if eof {
			return -1
		}
		goto scriptData
	case '!':
		goto scriptDataEscapeStart
	}
	pos--
	goto scriptData

scriptDataEscapeStart:
	if pos >= len(b) {
		return -1
	}
	if c, pos = b[pos], pos+1; c != '-' {
		pos--
		goto scriptData
	}
	if pos >= len(b) {
		return -1
	}
	if c, pos = b[pos], pos+1; c != '-' {
		pos--
		goto scriptData
	}
	goto scriptDataEscapedDashDash

scriptDataEscaped:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataEscapedDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDash:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	}
	goto scriptDataEscaped

scriptDataEscapedDashDash:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataEscapedDashDash
	case '<':
		goto scriptDataEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataEscaped

scriptDataEscapedLessThanSign:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	if c == '/' {
		if pos, match, eof = readScriptEndTag(b, pos); match {
			return pos
		} else if eof {
			return -1
		}
		goto scriptDataEscaped
	}
	if !isASCIILetter(c) {
		pos--
		goto scriptData
	}
	// script data double escape start
	pos--
	for i := 0; i < len("script"); i++ {
		if pos >= len(b) {
			return -1
		}
		if c, pos = b[pos], pos+1; c != "script"[i] && c != "SCRIPT"[i] {
			pos--
			goto scriptDataEscaped
		}
	}
	if pos >= len(b) {
		return -1
	}
	if c, pos = b[pos], pos+1; !isHTMLSpace(c) && c != '/' && c != '>' {
		pos--
		goto scriptDataEscaped
	}

scriptDataDoubleEscaped:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDash:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedDashDash:
	if pos >= len(b) {
		return -1
	}
	c, pos = b[pos], pos+1
	switch c {
	case '-':
		goto scriptDataDoubleEscapedDashDash
	case '<':
		goto scriptDataDoubleEscapedLessThanSign
	case '>':
		goto scriptData
	}
	goto scriptDataDoubleEscaped

scriptDataDoubleEscapedLessThanSign:
	if pos >= len(b) {
		return -1
	}
	if c, pos = b[pos], pos+1; c != '/' {
		pos--
		goto scriptDataDoubleEscaped
	}
	// script data double escape end
	if pos, match, eof = readScriptEndTag(b, pos); match {
		pos += len("</script>")
		goto scriptDataEscaped
	} else if eof {
		return -1
	}
	goto scriptDataDoubleEscaped
}
