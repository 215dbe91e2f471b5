package crawler

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/saintfish/chardet"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// toUTF8 returns the body as UTF-8 and the name of its original charset.
//
// A charset named by the Content-Type header is decoded as Colly's
// Response.fixCharset would (charset.DetermineEncoding: a BOM wins), which
// onHeaders keeps Colly from doing itself. Otherwise we decide from the
// BOM, <meta charset> or, failing those, byte statistics: a page with no
// declaration that is not UTF-8 is more often GBK, Big5 or Shift-JIS than
// Windows-1252 on Asian news sites.
func toUTF8(body []byte, contentType string) ([]byte, string) {
	if label := headerCharset(contentType); label != "" {
		if isUTF8Label(label) {
			return body, "utf-8"
		}
		name := label
		if _, n := charset.Lookup(label); n != "" {
			name = n
		}
		enc, encName, _ := charset.DetermineEncoding(body, contentType)
		if enc == encoding.Nop {
			return body, name
		}
		return decode(enc, encName, body), name
	}
	enc, name, certain := charset.DetermineEncoding(body, "text/html")
	// A <meta> that names another charset over a body of valid UTF-8 with
	// non-ASCII in it was left behind when the page was re-encoded (a
	// page saved to disk, a CMS migration): legacy multibyte text is
	// almost never valid UTF-8 at length. ASCII-only bodies (ISO-2022-JP
	// is 7-bit) keep their declaration.
	if !certain && name != "utf-8" && nonASCII(body) && utf8.Valid(body) {
		return body, "utf-8"
	}
	// DetermineEncoding looks at the first 1024 bytes only: a page that
	// declares nothing and is all ASCII there falls to Windows-1252 even
	// when the rest is UTF-8. A whole body that is valid UTF-8 is UTF-8.
	if !certain && name == "windows-1252" && utf8.Valid(body) {
		return body, "utf-8"
	}
	// The prescan reads the first 1024 bytes; a browser that meets a
	// <meta> charset later in the head switches to it. A page of UTF-8
	// with a stray byte or two (a plugin's double-encoded description)
	// that declares UTF-8 after a long head is UTF-8.
	if !certain && name == "windows-1252" {
		if e, n := lateMetaCharset(body); e != nil {
			if n == "utf-8" {
				return body, n
			}
			return decode(e, n, body), n
		}
	}
	if !certain && name == "windows-1252" {
		if guess := sniffCharset(body); guess != "" {
			if e, n := charset.Lookup(guess); e != nil {
				enc, name = e, n
			}
		}
	}
	if name == "utf-8" {
		return body, name
	}
	return decode(enc, name, body), name
}

func nonASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// decode returns body decoded from enc, named name, to UTF-8, or body as
// it is if it cannot be decoded.
func decode(enc encoding.Encoding, name string, body []byte) []byte {
	if m := multibyteFor(name, enc); m != nil {
		if out, ok := m.decode(body); ok {
			return out
		}
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return body
	}
	return out
}

// hidesCharset reports whether onHeaders hides the Content-Type's charset
// from Colly: a charset other than UTF-8, which Colly would decode with
// x/text through a transform.Reader and io.ReadAll, and cannot be told not
// to. toUTF8 decodes it from the header put back.
func hidesCharset(contentType string) bool {
	label := headerCharset(contentType)
	return label != "" && !isUTF8Label(label)
}

func headerCharset(contentType string) string {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(params["charset"]))
}

func isUTF8Label(l string) bool { return l == "utf-8" || l == "utf8" }

// lateMetaCharset is the encoding a <meta> names in the head after the
// prescan's first 1024 bytes, where the prescan reads it (a head of long
// scripts and links before it); nil when the head names none, or an
// encoding x/net/html/charset does not know.
func lateMetaCharset(body []byte) (encoding.Encoding, string) {
	head := body
	if len(head) > maxHeadScan {
		head = head[:maxHeadScan]
	}
	// Rare (no declaration in the first 1024 bytes): a lower-case copy
	// to search in is cheap enough.
	lower := bytes.ToLower(head)
	if end := bytes.Index(lower, []byte("<body")); end >= 0 {
		lower = lower[:end]
	}
	for i := max(1024-len("<meta"), 0); i < len(lower); {
		j := bytes.Index(lower[i:], []byte("<meta"))
		if j < 0 {
			return nil, ""
		}
		at := i + j
		end := bytes.IndexByte(lower[at:], '>')
		if end < 0 {
			return nil, ""
		}
		if tag := lower[at : at+end+1]; bytes.Contains(tag, []byte("charset")) && !nonASCII(tag) {
			// The prescan of the tag alone: what it names, or its
			// default, windows-1252, which the labels latin1,
			// iso-8859-1 and windows-1252 name too.
			e, n, _ := charset.DetermineEncoding(tag, "text/html")
			if n != "windows-1252" || bytes.Contains(tag, []byte("1252")) || bytes.Contains(tag, []byte("8859-1")) || bytes.Contains(tag, []byte("latin1")) {
				return e, n
			}
		}
		i = at + end
	}
	return nil, ""
}

// maxHeadScan bounds how far into a page lateMetaCharset looks for its
// head's <meta> charset.
const maxHeadScan = 64 << 10

// sniffCharset trusts the statistical detector only for multi-byte
// encodings it names with confidence: for single-byte Latin text its
// guesses between ISO-8859-x variants are noise.
func sniffCharset(body []byte) string {
	sample := body
	if len(sample) > 64<<10 {
		sample = sample[:64<<10]
	}
	r, err := chardet.NewHtmlDetector().DetectBest(sample)
	if err != nil || r.Confidence < 50 {
		return ""
	}
	switch strings.ToLower(r.Charset) {
	case "big5", "gb-18030", "gb18030", "gbk", "shift_jis", "euc-jp", "euc-kr", "iso-2022-jp":
		return r.Charset
	}
	return ""
}

// DecodeHTML decodes a raw HTML document with no HTTP header (a file on
// disk) to UTF-8 by its BOM, <meta charset> or byte statistics, and names
// the charset it found.
func DecodeHTML(raw []byte) ([]byte, string) {
	return toUTF8(raw, "")
}
