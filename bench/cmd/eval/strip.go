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
// hashed names of CSS-in-JS sites say nothing. keepAnchors keeps the ids
// that the page's links point at.
func stripFiles(files []string, dir string, keepAnchors bool) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	for i, f := range files {
		body, err := dataset.ReadPage(f)
		if err != nil {
			return nil, fmt.Errorf("strip names: %w", err)
		}
		stripped := stripNames(body, keepAnchors)
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
// attributes as written) is kept as it is, whatever the charset. With
// keepAnchors, an id that a link of the page points at ("#id") stays: a
// site that hashes its class names keeps the anchors its links land on.
func stripNames(body []byte, keepAnchors bool) []byte {
	var anchors map[string]bool
	if keepAnchors {
		anchors = linkTargets(body)
	}
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
			raw = dropNames(raw, anchors)
		}
		out.Write(raw)
	}
}

// linkTargets returns the fragments the page's links point at.
func linkTargets(body []byte) map[string]bool {
	out := map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			if string(k) == "href" {
				if _, frag, ok := strings.Cut(string(v), "#"); ok && frag != "" {
					out[frag] = true
				}
			}
		}
	}
}

// dropNames takes the class and id attributes out of one raw start tag,
// keeping the rest of its bytes and an id that anchors holds.
func dropNames(tag []byte, anchors map[string]bool) []byte {
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
		if name != "class" && (name != "id" || anchors != nil && anchors[attrValue(tag[k:end])]) {
			out = append(out, tag[i:end]...)
		}
		i = end
	}
	return out
}

// attrValue is the value in an attribute's raw rest ("= 'v'", "=v"),
// unescaped; "" when it has none.
func attrValue(rest []byte) string {
	v := strings.TrimLeft(string(rest), " \t\n\r\f")
	v, ok := strings.CutPrefix(v, "=")
	if !ok {
		return ""
	}
	v = strings.TrimLeft(v, " \t\n\r\f")
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return html.UnescapeString(v)
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
