package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/unicode/norm"
)

// pageName is a file's base name without ".gz" and its HTML extension:
// "foo.html.gz" → "foo", "amd (1).htm" → "amd (1)".
func pageName(path string) string {
	name := strings.TrimSuffix(filepath.Base(path), ".gz")
	return strings.TrimSuffix(name, filepath.Ext(name))
}

// readPage reads a plain or gzipped HTML file and returns it as UTF-8 (NFC),
// with the size of the file as read (uncompressed).
func readPage(path string) (string, int, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", 0, err
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return "", 0, fmt.Errorf("gunzip %s: %w", path, err)
		}
		if raw, err = io.ReadAll(zr); err != nil {
			return "", 0, fmt.Errorf("gunzip %s: %w", path, err)
		}
	}
	text, err := toUTF8(raw)
	if err != nil {
		return "", 0, fmt.Errorf("decode %s: %w", path, err)
	}
	return text, len(raw), nil
}

// toUTF8 decodes an HTML page by its BOM or its <meta> charset (sniffed in
// the first 1024 bytes). Windows-1252, which DetermineEncoding also returns
// when it finds nothing (it checks only those 1024 bytes for UTF-8) and for
// a declared iso-8859-1, yields to UTF-8 when the whole page is valid UTF-8:
// real windows-1252 text is almost never valid UTF-8, mislabelled UTF-8 is common.
func toUTF8(raw []byte) (string, error) {
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
