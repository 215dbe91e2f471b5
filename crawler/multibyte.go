package crawler

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// multibyte decodes the double-byte charsets of Asian news sites with
// tables built from x/text's own decoders. x/text decodes character by
// character through the transform machinery, at about a third of the
// speed of link extraction on Big5 and Shift_JIS pages; a body made only
// of ASCII runs and characters the tables know (nearly every page) is
// decoded here with the same result, and any other byte sends the whole
// body to x/text, so that invalid input is handled exactly as before.
type multibyte struct {
	single [128]rune      // bytes 0x80–0xFF that are a character alone; 0: not one
	pair   [128][256]rune // lead 0x80–0xFF, trail: the character; 0: not one
}

// multibyteNames are the charsets (charset.Lookup's names) whose
// characters are one or two bytes and whose ASCII bytes never start a
// character of more, so that a byte below 0x80 that is not a trail byte
// always stands for itself. GB18030's four-byte forms (ASCII digits in
// second place) fall back to x/text through the tables' gaps.
var multibyteNames = map[string]bool{"big5": true, "shift_jis": true, "euc-kr": true, "gbk": true}

var multibyteTables sync.Map // charset name -> *multibyte, built on first use

func multibyteFor(name string, enc encoding.Encoding) *multibyte {
	if !multibyteNames[name] {
		return nil
	}
	if m, ok := multibyteTables.Load(name); ok {
		return m.(*multibyte)
	}
	m, _ := multibyteTables.LoadOrStore(name, newMultibyte(enc.NewDecoder()))
	return m.(*multibyte)
}

// newMultibyte asks dec for every byte from 0x80 alone and every pair
// after it: what it decodes to exactly one character that is not U+FFFD
// goes into the tables.
func newMultibyte(dec transform.Transformer) *multibyte {
	m := &multibyte{}
	one := func(src []byte) rune {
		var dst [16]byte
		dec.Reset()
		n, k, err := dec.Transform(dst[:], src, true)
		if err != nil || k != len(src) {
			return 0
		}
		r, size := utf8.DecodeRune(dst[:n])
		if size != n || r == utf8.RuneError {
			return 0
		}
		return r
	}
	for c := 0x80; c <= 0xff; c++ {
		m.single[c-0x80] = one([]byte{byte(c)})
		if m.single[c-0x80] != 0 {
			continue
		}
		for t := 0; t <= 0xff; t++ {
			m.pair[c-0x80][t] = one([]byte{byte(c), byte(t)})
		}
	}
	return m
}

// decode returns src as UTF-8, or false when src holds a byte sequence
// the tables do not know.
func (m *multibyte) decode(src []byte) ([]byte, bool) {
	out := make([]byte, 0, len(src)+len(src)/2)
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			j := i + 1
			for j < len(src) && src[j] < utf8.RuneSelf {
				j++
			}
			out = append(out, src[i:j]...)
			i = j
			continue
		}
		if r := m.single[c-0x80]; r != 0 {
			out = appendRune(out, r)
			i++
			continue
		}
		if i+1 == len(src) {
			return nil, false
		}
		r := m.pair[c-0x80][src[i+1]]
		if r == 0 {
			return nil, false
		}
		out = appendRune(out, r)
		i += 2
	}
	return out, true
}

// appendRune is utf8.AppendRune with the three-byte form, which nearly
// every character of these charsets takes (CJK, kana, hangul), written
// inline: the call to the general encoder was most of decode's time.
func appendRune(out []byte, r rune) []byte {
	if r >= 0x800 && r <= 0xffff {
		return append(out, 0xe0|byte(r>>12), 0x80|byte(r>>6)&0x3f, 0x80|byte(r)&0x3f)
	}
	return utf8.AppendRune(out, r)
}
