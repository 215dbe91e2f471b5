package htmlscan

import "bytes"

// skipScript returns the offset of the "</script" that ends a script's
// text starting at pos, or -1 when the text runs to the end of the body.
// It goes through the script data states of Tokenizer.readScript (WHATWG
// 13.2.5.4 and after) one for one; reading a byte is "c, pos = b[pos],
// pos+1" after an end-of-body check, reading it again "pos--". Where an
// end tag or "script" does not match, the scan goes on right after "</"
// or "<": the letters it read again change no state.
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
		if match, eof = tagNameAt(b, pos, "script"); match {
			return pos - len("</")
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
		if match, eof = tagNameAt(b, pos, "script"); match {
			return pos - len("</")
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
	if match, eof = tagNameAt(b, pos, "script"); eof {
		return -1
	} else if !match {
		goto scriptDataEscaped
	}
	pos += len("script") + 1

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
	if match, eof = tagNameAt(b, pos, "script"); match {
		pos += len("script") + 1
		goto scriptDataEscaped
	} else if eof {
		return -1
	}
	goto scriptDataDoubleEscaped
}
