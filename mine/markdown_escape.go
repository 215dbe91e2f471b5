package mine

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

// escapeInline escapes what would start Markdown inline syntax.
func escapeInline(s string) string {
	if !hasInlineSpecial(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '[', ']', '<', '~':
			b.WriteByte('\\')
		case '_':
			// Inside a word (snake_case) it cannot start emphasis.
			if i == 0 || i == len(s)-1 || !wordByte(s[i-1]) || !wordByte(s[i+1]) {
				b.WriteByte('\\')
			}
		case '&':
			if i+1 < len(s) && (s[i+1] == '#' || s[i+1] < 0x80 && unicode.IsLetter(rune(s[i+1]))) {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// inlineSpecial marks the bytes escapeInline may escape: one table
// instead of strings.ContainsAny's set built per call, as every word of
// every article comes here.
var inlineSpecial = func() (t [256]bool) {
	for _, c := range []byte("\\`*_[]<&~") {
		t[c] = true
	}
	return t
}()

func hasInlineSpecial(s string) bool {
	for i := 0; i < len(s); i++ {
		if inlineSpecial[s[i]] {
			return true
		}
	}
	return false
}

func wordByte(c byte) bool {
	return c >= 0x80 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// escapeLines escapes what would make a line a heading, a list item, a
// quote or a thematic break; all says the lines are plain text (no hard
// breaks of ours).
func escapeLines(s string, all bool) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if all && i < len(lines)-1 {
			l += "\\" // a line break of the text is a hard break
		}
		lines[i] = escapeLineStart(l)
	}
	return strings.Join(lines, "\n")
}

func escapeLineStart(l string) string {
	t := strings.TrimLeft(l, " ")
	if t == "" || len(l)-len(t) >= 4 {
		return strings.TrimLeft(l, " ")
	}
	switch t[0] {
	case '#', '-', '+', '=', '>':
		return `\` + t
	}
	j := 0
	for j < len(t) && j < 10 && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if j > 0 && j < len(t) && (t[j] == '.' || t[j] == ')') {
		return t[:j] + `\` + t[j:]
	}
	return t
}

// mdURL writes a link destination CommonMark reads back unchanged.
func mdURL(u string) string {
	if !strings.ContainsAny(u, " ()<>\\") {
		return u
	}
	var b bytes.Buffer
	for i := 0; i < len(u); i++ {
		switch c := u[i]; c {
		case ' ', '(', ')', '<', '>', '\\':
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
