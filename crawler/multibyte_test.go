package crawler

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"golang.org/x/net/html/charset"
)

// checkMultibyte fails unless the tables decode src as x/text does, or
// leave it to x/text.
func checkMultibyte(t *testing.T, name string, src []byte) (decoded bool) {
	t.Helper()
	enc, _ := charset.Lookup(name)
	m := multibyteFor(name, enc)
	if m == nil {
		t.Fatalf("no tables for %s", name)
	}
	got, ok := m.decode(src)
	if !ok {
		return false
	}
	want, err := enc.NewDecoder().Bytes(src)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: %x decodes to %q, x/text %q (%v)", name, src, got, want, err)
	}
	return true
}

// Random text drawn from ASCII, every byte from 0x80 and every pair the
// tables know decodes as x/text decodes it.
func TestMultibyteMatchesXText(t *testing.T) {
	for name := range multibyteNames {
		enc, _ := charset.Lookup(name)
		m := multibyteFor(name, enc)
		var chars [][]byte
		for c := 0x80; c <= 0xff; c++ {
			if m.single[c-0x80] != 0 {
				chars = append(chars, []byte{byte(c)})
			}
			for tr := 0; tr <= 0xff; tr++ {
				if m.pair[c-0x80][tr] != 0 {
					chars = append(chars, []byte{byte(c), byte(tr)})
				}
			}
		}
		if len(chars) < 5000 {
			t.Fatalf("%s: only %d characters in the tables", name, len(chars))
		}
		// Every known character, once, between ASCII.
		var all []byte
		for _, c := range chars {
			all = append(append(all, c...), 'a')
		}
		if !checkMultibyte(t, name, all) {
			t.Fatalf("%s: the tables refused their own characters", name)
		}
		r := rand.New(rand.NewPCG(1, uint64(len(name))))
		fallbacks := 0
		for range 2000 {
			var src []byte
			for range r.IntN(40) {
				switch r.IntN(4) {
				case 0:
					src = append(src, byte(r.IntN(0x80)))
				case 1:
					src = append(src, byte(r.IntN(0x100)))
				default:
					src = append(src, chars[r.IntN(len(chars))]...)
				}
			}
			if !checkMultibyte(t, name, src) {
				fallbacks++
			}
		}
		if fallbacks == 0 {
			t.Errorf("%s: no random input fell back to x/text", name)
		}
	}
}

// FuzzMultibyte: what the tables decode, they decode as x/text does.
func FuzzMultibyte(f *testing.F) {
	f.Add([]byte("<p>\xa4\xa4\xa4\xe5</p>"))
	f.Add([]byte("\x82\xa0\x82\xa2\xb1\x5c"))
	f.Add([]byte("\x80\x81"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for name := range multibyteNames {
			checkMultibyte(t, name, src)
		}
	})
}

func BenchmarkMultibyte(b *testing.B) {
	for _, name := range []string{"big5", "shift_jis"} {
		enc, _ := charset.Lookup(name)
		var src []byte
		for len(src) < 100_000 {
			s, _ := enc.NewEncoder().String("<p class=\"story\">新聞台北大学東京市場 and some ASCII words 1234.</p>\n")
			src = append(src, s...)
		}
		m := multibyteFor(name, enc)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				if _, ok := m.decode(src); !ok {
					b.Fatal("not decoded")
				}
			}
		})
		b.Run(name+"-xtext", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				enc.NewDecoder().Bytes(src)
			}
		})
	}
}
