package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"

	"infocrawl/bench/dataset"
)

// stripFiles writes a copy of each file into dir with every element's
// class and id attributes taken out (stripNames), under the same name
// (gzipped again when it was), and returns the copies' paths: every
// extractor then reads a site whose class names say nothing, as the
// hashed names of CSS-in-JS sites say nothing.
func stripFiles(files []string, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	for i, f := range files {
		body, err := dataset.ReadPage(f)
		if err != nil {
			return nil, fmt.Errorf("strip names: %w", err)
		}
		stripped := stripNames(body)
		out[i] = filepath.Join(dir, filepath.Base(f))
		if strings.HasSuffix(f, ".gz") {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			if _, err := zw.Write(stripped); err != nil {
				return nil, err
			}
			if err := zw.Close(); err != nil {
				return nil, err
			}
			stripped = b.Bytes()
		}
		if err := os.WriteFile(out[i], stripped, 0o644); err != nil {
			return nil, fmt.Errorf("strip names: %w", err)
		}
	}
	return out, nil
}

// stripNames returns body with the class and id attributes of its start
// tags taken out; every other byte (text, comments, scripts, the other
// attributes as written) is kept as it is, whatever the charset.
func stripNames(body []byte) []byte {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out bytes.Buffer
	out.Grow(len(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.Bytes()
		}
		raw := z.Raw()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			raw = dropNames(raw)
		}
		out.Write(raw)
	}
}

// dropNames takes the class and id attributes out of one raw start tag,
// keeping the rest of its bytes.
func dropNames(tag []byte) []byte {
	var out []byte
	i := bytes.IndexAny(tag, " \t\n\r\f/>")
	if i < 0 {
		return tag
	}
	out = append(out, tag[:i]...)
	for i < len(tag) {
		// white space before a name, kept unless the attribute goes
		j := i
		for j < len(tag) && isSpace(tag[j]) {
			j++
		}
		k := j
		for k < len(tag) && !isSpace(tag[k]) && tag[k] != '=' && tag[k] != '>' && !(tag[k] == '/' && k+1 < len(tag) && tag[k+1] == '>') {
			k++
		}
		if k == j { // the tag's end, "/>" or ">"
			return append(out, tag[i:]...)
		}
		name := strings.ToLower(string(tag[j:k]))
		end := attrEnd(tag, k)
		if name != "class" && name != "id" {
			out = append(out, tag[i:end]...)
		}
		i = end
	}
	return out
}

// attrEnd returns where the attribute whose name ends at k ends: past
// its value, when "=" follows.
func attrEnd(tag []byte, k int) int {
	v := k
	for v < len(tag) && isSpace(tag[v]) {
		v++
	}
	if v >= len(tag) || tag[v] != '=' {
		return k
	}
	v++
	for v < len(tag) && isSpace(tag[v]) {
		v++
	}
	if v < len(tag) && (tag[v] == '"' || tag[v] == '\'') {
		if e := bytes.IndexByte(tag[v+1:], tag[v]); e >= 0 {
			return v + 1 + e + 1
		}
		return len(tag)
	}
	for v < len(tag) && !isSpace(tag[v]) && tag[v] != '>' {
		v++
	}
	return v
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
