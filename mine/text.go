package mine

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// normHash hashes a segment's text as template detection compares it:
// lower-cased, whitespace collapsed, digits as 0 (so "15 comments" and
// "12 comments", or two dates, are the same line).
func normHash(s string) uint64 {
	// FNV-1a written out: through hash.Hash, a call per rune cost more
	// than the hashing (the values are the same, and stored states keep
	// their meaning).
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	var buf [4]byte
	space := false
	for i := 0; i < len(s); {
		// ASCII, most of most pages, byte by byte: no rune decoding.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			switch {
			case c == ' ' || c >= '\t' && c <= '\r':
				space = true
				continue
			case c >= '0' && c <= '9':
				c = '0'
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			if space {
				h = (h ^ ' ') * prime
				space = false
			}
			h = (h ^ uint64(c)) * prime
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case wideRune(r):
			// Chinese, Japanese and Korean letters have no case, and none
			// is a digit or a space (TestWideRunesPlain): the tables below
			// cost more than the hashing.
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsDigit(r):
			r = '0'
		default:
			r = unicode.ToLower(r)
		}
		if space {
			h = (h ^ ' ') * prime
			space = false
		}
		n := encodeRune(buf[:], r)
		for _, b := range buf[:n] {
			h = (h ^ uint64(b)) * prime
		}
	}
	return h
}

func encodeRune(p []byte, r rune) int {
	switch {
	case r < 0x80:
		p[0] = byte(r)
		return 1
	case r < 0x800:
		p[0], p[1] = 0xC0|byte(r>>6), 0x80|byte(r)&0x3F
		return 2
	case r < 0x10000:
		p[0], p[1], p[2] = 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F
		return 3
	}
	p[0], p[1], p[2], p[3] = 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F
	return 4
}

// textOf renders the segments of n's subtree in document order, one
// paragraph each with its line breaks, separated by blank lines.
func (p *Page) textOf(n *Node) string {
	var parts []string
	p.walkSegments(n, func(s *Segment) { parts = append(parts, s.Display()) })
	return strings.Join(parts, "\n\n")
}

// lineLinks yields the target of each link in line s, in document order.
func (p *Page) lineLinks(s *Segment) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i, last := s.Owner.Index+1, p.lastDescendant(s.Owner); i <= last; i++ {
			if a := p.Nodes[i]; a.Href != "" && segmentOf(p, a) == s && !yield(a.Href) {
				return
			}
		}
	}
}

// walkSegments visits the segments of n's subtree in document order.
// Segments are numbered in document order and a subtree's segments are
// those owned by its block elements, so one pass over its nodes suffices.
func (p *Page) walkSegments(n *Node, fn func(*Segment)) {
	first, last := p.segmentRange(n)
	end := p.lastDescendant(n)
	for i := first; i <= last; i++ {
		if s := &p.Segments[i]; s.Owner.Index >= n.Index && s.Owner.Index <= end {
			fn(s)
		}
	}
}

// segmentRange returns the first and last segment index of n's subtree
// (last < first when it has none).
func (p *Page) segmentRange(n *Node) (int, int) {
	first, last := len(p.Segments), -1
	end := p.lastDescendant(n)
	for i := n.Index; i <= end; i++ {
		for _, s := range p.Nodes[i].Segments {
			first = min(first, s)
			last = max(last, s)
		}
	}
	return first, last
}

// lastDescendant returns the preorder index of n's last descendant.
func (p *Page) lastDescendant(n *Node) int {
	for len(n.Kids) > 0 {
		n = n.Kids[len(n.Kids)-1]
	}
	return n.Index
}

// contains reports whether d is n or below it.
func (p *Page) contains(n, d *Node) bool {
	return d.Index >= n.Index && d.Index <= p.lastDescendant(n)
}

// containsAny: s holds one of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// colons are the colons a label ends with, Latin and full-width.
const colons = ":："

// endsWithColon: line ends with a colon, Latin or full-width.
func endsWithColon(line string) bool {
	return strings.HasSuffix(line, ":") || strings.HasSuffix(line, "：")
}
