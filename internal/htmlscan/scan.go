package htmlscan

import "bytes"

// A Tag is a start tag as StartTags finds it, by offsets into the body.
type Tag struct {
	Start, End int  // the '<' and the offset past the '>'
	NameEnd    int  // the end of the name, which starts at Start+1
	Href       Span // the first attribute whose key is href in any case
	HasHref    bool
	Class      Span // the first attribute whose key is class in any case
	HasClass   bool
	// TextEnd, for an element whose text the tokenizer reads raw (script,
	// style, textarea, title…): where the end tag that closes it starts,
	// or -1 when the text runs to the end of the body. 0 for others.
	TextEnd int
}

// Name is the tag's name as written.
func (t Tag) Name(b []byte) []byte { return b[t.Start+1 : t.NameEnd] }

// Attr finds the tag's first attribute whose key is key (lower case) in
// any case, reading the tag's attributes again: for the few tags whose
// other attributes a caller needs (a <link>'s rel, a <meta>'s property).
func (t Tag) Attr(b []byte, key string) (Span, bool) {
	for pos := t.NameEnd; pos < t.End; {
		if pos = skipHTMLSpace(b, pos); pos >= t.End || b[pos] == '>' {
			break
		}
		var a Span
		if pos, a = readAttr(b, pos); pos < 0 {
			break
		}
		if FoldedIs(b[a.K0:a.K1], key) {
			return a, true
		}
	}
	return Span{}, false
}

// StartTags calls fn, in document order, with every start tag of body as
// x/net/html's Tokenizer finds them, without its costs: the Tokenizer
// reads every byte through a method call and copies the name and key of
// every tag and attribute. The scan jumps from '<' to '<' and follows the
// Tokenizer's states (tags and attributes, comments, bogus comments, raw
// text and RCDATA elements, script data and its escapes) only as far as
// they decide where a tag starts. Tests hold the two to the same results
// on tricky markup, the data sets' pages and fuzzed input.
func StartTags(body []byte, fn func(Tag)) {
	Scan(body, fn, nil)
}

// Scan is StartTags that also calls end, when not nil, with the name (as
// written) of every end tag, in document order among the start tags.
func Scan(body []byte, start func(Tag), end func(name []byte)) {
	fn := start
	for i := 0; ; {
		j := bytes.IndexByte(body[i:], '<')
		if j < 0 || i+j+1 >= len(body) {
			return
		}
		p := i + j
		switch c := body[p+1]; {
		case isASCIILetter(c):
			i = startTag(body, p, fn)
		case c == '/':
			i = endTag(body, p, end)
		case c == '!':
			i = markupDeclaration(body, p)
		case c == '?':
			i = untilCloseAngle(body, p+1)
		default:
			i = p + 1 // text; the byte after '<' is read again
		}
		if i < 0 {
			return // the Tokenizer ends with an error token here
		}
	}
}

// startTag handles the start tag at p ('<' then a letter), passing it to
// fn; after a raw text or RCDATA element's start tag it skips the
// element's text. It returns where the data state goes on (-1: the end
// of the scan).
func startTag(b []byte, p int, fn func(Tag)) int {
	end, nameEnd, href, class := readTag(b, p+1)
	if end < 0 {
		return -1
	}
	t := Tag{Start: p, End: end, NameEnd: nameEnd, Href: href, HasHref: href.K1 > 0, Class: class, HasClass: class.K1 > 0}
	switch raw := rawTextTag(b[p+1 : nameEnd]); raw {
	case "":
	case "plaintext":
		t.TextEnd = -1 // the rest of the body is text
	case "script":
		t.TextEnd = skipScript(b, end)
	default:
		t.TextEnd = skipRawText(b, end, raw)
	}
	fn(t)
	if t.TextEnd != 0 {
		return t.TextEnd
	}
	return end
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isHTMLSpace(c byte) bool { return byteClass[c]&space != 0 }

// byteClass holds, for each byte, what it ends or is in a tag: the scan
// asks it of nearly every byte of every tag, and one load is cheaper than
// the five to eight comparisons it stands for.
var byteClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f") {
		t[c] |= space | endsName | endsKey | endsValue
	}
	t['/'] |= endsName | endsKey
	t['>'] |= endsName | endsKey | endsValue
	t['='] |= endsKey
	return t
}()

const (
	space     = 1 << iota // HTML white space
	endsName              // ends a tag's name (EndsTagName)
	endsKey               // ends an attribute's key, after its first byte
	endsValue             // ends an unquoted attribute value
)

func skipHTMLSpace(b []byte, pos int) int {
	for pos < len(b) && isHTMLSpace(b[pos]) {
		pos++
	}
	return pos
}

// TagEnd returns the offset past the '>' of the tag whose name starts at
// s (after "<" or "</"), as the Tokenizer reads it: quoted attribute
// values may hold a '>' or a "</svg>". -1 when the body ends first.
func TagEnd(b []byte, s int) int {
	end, _, _, _ := readTag(b, s)
	return end
}

// Span is an attribute's key and value as offsets into the body.
type Span struct{ K0, K1, V0, V1 int }

// readTag reads the tag whose name starts at s (after "<" or "</") as
// Tokenizer.readTag does. It returns the offset past its '>' (or -1 at
// the end of the body), the name's end, and the first attributes whose
// keys are href and class in any case (a zero Span when there is none:
// an attribute's key never starts at 0).
func readTag(b []byte, s int) (end, nameEnd int, href, class Span) {
	pos := s + 1
	for ; ; pos++ {
		if pos >= len(b) {
			return -1, 0, href, class
		}
		if c := b[pos]; EndsTagName(c) {
			nameEnd = pos
			if isHTMLSpace(c) {
				pos++
			}
			break
		}
	}
	for {
		if pos = skipHTMLSpace(b, pos); pos >= len(b) {
			return -1, 0, href, class
		}
		if b[pos] == '>' {
			return pos + 1, nameEnd, href, class
		}
		var a Span
		if pos, a = readAttr(b, pos); pos < 0 {
			return -1, 0, href, class
		}
		switch key := b[a.K0:a.K1]; {
		case href.K1 == 0 && FoldedIs(key, "href"):
			href = a
		case class.K1 == 0 && FoldedIs(key, "class"):
			class = a
		}
	}
}

// readAttr reads one attribute from pos, as Tokenizer.readTagAttrKey and
// readTagAttrVal do, and returns the offset after it (-1 at the end).
func readAttr(b []byte, pos int) (int, Span) {
	a := Span{K0: pos}
	for ; ; pos++ {
		if pos >= len(b) {
			return -1, a
		}
		c := b[pos]
		if byteClass[c]&endsKey != 0 && (c != '=' || pos != a.K0) {
			break // an '=' before the name begins is part of the name
		}
	}
	a.K1, a.V0, a.V1 = pos, pos, pos
	if pos = skipHTMLSpace(b, pos); pos >= len(b) {
		return -1, a
	}
	switch b[pos] {
	case '/':
		return pos + 1, a
	case '=':
	default:
		return pos, a
	}
	if pos = skipHTMLSpace(b, pos+1); pos >= len(b) {
		return -1, a
	}
	switch q := b[pos]; q {
	case '>':
		return pos, a
	case '\'', '"':
		k := bytes.IndexByte(b[pos+1:], q)
		if k < 0 {
			return -1, a
		}
		a.V0, a.V1 = pos+1, pos+1+k
		return pos + 2 + k, a
	default:
		a.V0 = pos
		for pos++; ; pos++ {
			if pos >= len(b) {
				return -1, a
			}
			if c := b[pos]; byteClass[c]&endsValue != 0 {
				a.V1 = pos
				if c == '>' {
					return pos, a
				}
				return pos + 1, a
			}
		}
	}
}

// rawTextTag returns the lower-case name of a start tag after which the
// Tokenizer reads raw text or RCDATA, else "".
func rawTextTag(name []byte) string {
	for _, t := range rawTextNames[min(len(name), len(rawTextNames)-1)] {
		if FoldedIs(name, t) {
			return t
		}
	}
	return ""
}

// rawTextNames are the tags rawTextTag knows, by the length of their
// names: every start tag asks, and most are none of them.
var rawTextNames = [...][]string{
	3: {"xmp"}, 5: {"style", "title"}, 6: {"iframe", "script"}, 7: {"noembed"},
	8: {"noframes", "noscript", "textarea"}, 9: {"plaintext"}, 10: nil,
}

// skipRawText returns the offset of the end tag that closes the raw text
// or RCDATA element tag, from pos, as Tokenizer.readRawOrRCDATA finds it.
func skipRawText(b []byte, pos int, tag string) int {
	for {
		j := bytes.Index(b[pos:], []byte("</"))
		if j < 0 {
			return -1
		}
		match, eof := tagNameAt(b, pos+j+2, tag)
		if eof {
			return -1
		}
		if match {
			return pos + j
		}
		pos = pos + j + 1
	}
}

// tagNameAt: b holds the name tag (lower case), in any case, at k and a
// character that ends a name after it; eof: b ends before that is known.
func tagNameAt(b []byte, k int, tag string) (match, eof bool) {
	if k+len(tag) >= len(b) {
		return false, true
	}
	return FoldedIs(b[k:k+len(tag)], tag) && EndsTagName(b[k+len(tag)]), false
}

// endTag handles "</" at p: an end tag, "</>" (no token), or a bogus
// comment up to the next '>'.
func endTag(b []byte, p int, fn func(name []byte)) int {
	if p+2 >= len(b) {
		return -1
	}
	switch c := b[p+2]; {
	case c == '>':
		return p + 3
	case isASCIILetter(c):
		end, nameEnd, _, _ := readTag(b, p+2)
		if end >= 0 && fn != nil {
			fn(b[p+2 : nameEnd])
		}
		return end
	default:
		return untilCloseAngle(b, p+2)
	}
}

// markupDeclaration handles "<!" at p: a comment, or a doctype or bogus
// comment, both up to the next '>'.
func markupDeclaration(b []byte, p int) int {
	if p+3 >= len(b) {
		return -1
	}
	if b[p+2] == '-' && b[p+3] == '-' {
		return commentEnd(b, p+4)
	}
	return untilCloseAngle(b, p+2)
}

func untilCloseAngle(b []byte, pos int) int {
	k := bytes.IndexByte(b[pos:], '>')
	if k < 0 {
		return -1
	}
	return pos + k + 1
}

// commentEnd returns the offset after the comment whose text starts at
// pos, as Tokenizer.readComment ends it: "-->", "--!>", or at once "<!-->".
func commentEnd(b []byte, pos int) int {
	dashes, beginning := 0, true
	for ; pos < len(b); pos++ {
		switch b[pos] {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return pos + 1
			}
		case '!':
			if dashes >= 2 {
				if pos+1 >= len(b) {
					return -1
				}
				pos++
				if b[pos] == '>' {
					return pos + 1
				}
				if b[pos] == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return -1
}

// EndsTagName: c ends a tag's name, as the tokenizer reads it.
func EndsTagName(c byte) bool { return byteClass[c]&endsName != 0 }

// FoldedIs reports whether b is the lower-case ASCII word w, in any case.
func FoldedIs(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range b {
		if b[i]|0x20 != w[i] {
			return false
		}
	}
	return true
}
