package mine

import (
	"hash/fnv"
	"html"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// normHashRef is normHash as first written, through hash/fnv: stored
// cluster states hold these values, so the fast version must not move
// them.
func normHashRef(s string) uint64 {
	h := fnv.New64a()
	var buf [4]byte
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsDigit(r):
			r = '0'
		default:
			r = unicode.ToLower(r)
		}
		if space {
			h.Write([]byte{' '})
			space = false
		}
		n := encodeRune(buf[:], r)
		h.Write(buf[:n])
	}
	return h.Sum64()
}

func TestNormHashUnchanged(t *testing.T) {
	alphabet := []rune("aZ09 \t\n\r\v\f\u00a0\u0085\u3000ÉéΣσς٣漢カ한\u00ad-.,\U0001F600\uFFFD")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for j := rng.IntN(30); j > 0; j-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		if i%7 == 0 {
			s += "\xff\xfe" // invalid UTF-8 reads as U+FFFD in both
		}
		if got, want := normHash(s), normHashRef(s); got != want {
			t.Fatalf("normHash(%q) = %x, want %x", s, got, want)
		}
	}
	if normHash("15 Comments") != normHash("12  comments") {
		t.Error(`"15 Comments" and "12  comments" hash apart`)
	}
}

// A paragraph's line is its words as strings.Fields splits them, one
// space apart, whatever the spaces between them.
func TestSegmentWords(t *testing.T) {
	alphabet := []rune("ab Z9 \t\n\r\v\f\u00a0\u0085\u2003\u3000é漢\u00ad.\uFFFD")
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		var b strings.Builder
		for j := rng.IntN(40); j > 0; j-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		want := strings.Join(strings.Fields(s), " ")
		p := parse(Input{Key: "p", Body: []byte("<p>" + html.EscapeString(s) + "</p>")}, "")
		got := ""
		if len(p.page.Segments) > 0 {
			got = p.page.Segments[0].Text
		}
		if got != want || len(p.page.Segments) > 1 {
			t.Fatalf("segments of %q: %d, first %q; want one, %q", s, len(p.page.Segments), got, want)
		}
	}
}
