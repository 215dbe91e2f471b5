package peer

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// Decode turns an HTML page into UTF-8 (NFC) by its BOM or its <meta>
// charset (sniffed in the first 1024 bytes). Windows-1252, which
// DetermineEncoding also returns when it finds nothing (it checks only
// those 1024 bytes for UTF-8) and for a declared iso-8859-1, yields to
// UTF-8 when the whole page is valid UTF-8: real windows-1252 text is
// almost never valid UTF-8, mislabelled UTF-8 is common.
func Decode(raw []byte) (string, error) {
	enc, name, _ := charset.DetermineEncoding(raw, "text/html")
	if name == "windows-1252" && utf8.Valid(raw) {
		enc = unicode.UTF8
	}
	out, err := enc.NewDecoder().Bytes(raw)
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(norm.NFC.String(string(out)), "\ufeff"), nil
}
