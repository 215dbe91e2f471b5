package entropy

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// statsOf builds TermStats for one term "t" with the given per-page frequencies.
func statsOf(tfs []float64) *TermStats {
	s := NewTermStats()
	for _, f := range tfs {
		s.AddCounts(map[string]int{"t": int(f)})
	}
	return s
}

// TestEntropyWorkedExamples checks the papers' worked examples (WISDOM's
// Fig. 5 and docs/ALGORITHMS.md §1) through both the batch and the incremental
// formula.
func TestEntropyWorkedExamples(t *testing.T) {
	tests := []struct {
		name  string
		tfs   []float64 // one per page
		wantW float64
	}{
		{"once in each of 3 of 4 pages", []float64{1, 1, 1, 0}, 0.207519},
		{"(2,2,2,0): its IDF, log_4 4/3", []float64{2, 2, 2, 0}, 0.207519},
		{"(1,1,4,0): skewed weighs more", []float64{1, 1, 4, 0}, 0.374185},
		{"even over every page", []float64{3, 3, 3, 3}, 0},
		{"in one page only", []float64{0, 5, 0, 0}, 1},
		{"absent", []float64{0, 0, 0}, 1},
		{"one page: undefined, taken as informative", []float64{4}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := 1 - Of(tt.tfs); math.Abs(got-tt.wantW) > 1e-6 {
				t.Errorf("1 - Of(%v) = %.6f, want %.6f", tt.tfs, got, tt.wantW)
			}
			if got := statsOf(tt.tfs).W("t"); math.Abs(got-tt.wantW) > 1e-6 {
				t.Errorf("TermStats.W over %v = %.6f, want %.6f", tt.tfs, got, tt.wantW)
			}
		})
	}
}

// TestEntropyTwoPages is InfoDiscoverer's example: two pages share the
// features F1..F6, each once in both, and F7..F10 each appear in one page.
func TestEntropyTwoPages(t *testing.T) {
	s := NewTermStats()
	s.AddPage([]string{"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"})
	s.AddPage([]string{"F1", "F2", "F3", "F4", "F5", "F6", "F9", "F10"})
	for i := 1; i <= 10; i++ {
		term := fmt.Sprintf("F%d", i)
		want := 0.0
		if i <= 6 {
			want = 1
		}
		if got := s.EN(term); math.Abs(got-want) > 1e-12 {
			t.Errorf("EN(%s) = %v, want %v", term, got, want)
		}
	}
	if got := s.EN("F11"); got != 0 {
		t.Errorf("EN of an absent term = %v, want 0", got)
	}
}

func TestTermStatsCounts(t *testing.T) {
	var s TermStats // the zero value is usable
	s.AddPage([]string{"a", "b", "a", "a"})
	s.AddCounts(map[string]int{"a": 2, "c": 0, "d": -1})
	if s.Pages != 2 {
		t.Errorf("Pages = %d, want 2", s.Pages)
	}
	want := map[string]TermStat{
		"a": {TF: 5, S: 3*math.Log(3) + 2*math.Log(2)},
		"b": {TF: 1, S: 0},
	}
	if len(s.Terms) != len(want) {
		t.Errorf("Terms = %v, want %v", s.Terms, want)
	}
	for term, w := range want {
		if got := s.Terms[term]; math.Abs(got.TF-w.TF) > 1e-12 || math.Abs(got.S-w.S) > 1e-12 {
			t.Errorf("Terms[%q] = %+v, want %+v", term, got, w)
		}
	}
}

// TestTermStatsIncrementalEqualsBatch is the property that makes incremental
// statistics safe: page by page (AddPage), or two halves merged, they give
// the batch entropy of every term's per-page frequency vector.
func TestTermStatsIncrementalEqualsBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		pages, vocab := 1+rng.IntN(40), 1+rng.IntN(25)
		freq := randomFrequencies(rng, pages, vocab)

		whole, left, right := NewTermStats(), NewTermStats(), NewTermStats()
		cut := rng.IntN(pages + 1)
		for p := range pages {
			terms := pageTerms(rng, freq, p)
			whole.AddPage(terms)
			if p < cut {
				left.AddPage(terms)
			} else {
				right.AddPage(terms)
			}
		}
		left.Merge(right)

		for v, tfs := range freq {
			term := fmt.Sprintf("t%d", v)
			want := Of(tfs)
			for name, s := range map[string]*TermStats{"AddPage": whole, "Merge": left} {
				if s.Pages != pages {
					t.Fatalf("trial %d %s: Pages = %d, want %d", trial, name, s.Pages, pages)
				}
				if got := s.EN(term); math.Abs(got-want) > 1e-9 {
					t.Fatalf("trial %d %s: EN(%s) = %.12f, batch Of(%v) = %.12f",
						trial, name, term, got, tfs, want)
				}
			}
		}
	}
}

// randomFrequencies returns freq[term][page]: many zeros, mostly small
// counts, now and then a large one.
func randomFrequencies(rng *rand.Rand, pages, vocab int) [][]float64 {
	freq := make([][]float64, vocab)
	for v := range freq {
		freq[v] = make([]float64, pages)
		for p := range freq[v] {
			switch r := rng.Float64(); {
			case r < 0.5:
			case r < 0.95:
				freq[v][p] = float64(1 + rng.IntN(5))
			default:
				freq[v][p] = float64(1 + rng.IntN(500))
			}
		}
	}
	return freq
}

// pageTerms lists page p's terms with repeats, shuffled as text would be.
func pageTerms(rng *rand.Rand, freq [][]float64, p int) []string {
	var terms []string
	for v := range freq {
		for range int(freq[v][p]) {
			terms = append(terms, fmt.Sprintf("t%d", v))
		}
	}
	rng.Shuffle(len(terms), func(i, j int) { terms[i], terms[j] = terms[j], terms[i] })
	return terms
}

func TestTermStatCodec(t *testing.T) {
	tests := []struct {
		stat    TermStat
		wantLen int
	}{
		{TermStat{}, 1},
		{TermStat{TF: 1}, 1},
		{TermStat{TF: 7}, 1},
		{TermStat{TF: 200}, 2},
		{TermStat{TF: 4, S: 2 * 2 * math.Log(2)}, 9},
		{TermStat{TF: 1 << 53, S: 1e300}, 16},
		{TermStat{TF: 3, S: math.Copysign(0, -1)}, 9}, // -0 keeps its sign
	}
	for _, tt := range tests {
		b, err := tt.stat.MarshalBinary()
		if err != nil {
			t.Fatalf("MarshalBinary(%+v): %v", tt.stat, err)
		}
		if len(b) != tt.wantLen {
			t.Errorf("MarshalBinary(%+v) = % x, %d bytes, want %d", tt.stat, b, len(b), tt.wantLen)
		}
		var got TermStat
		if err := got.UnmarshalBinary(b); err != nil {
			t.Fatalf("UnmarshalBinary(% x): %v", b, err)
		}
		if !sameStat(got, tt.stat) {
			t.Errorf("round trip of %+v = %+v", tt.stat, got)
		}
	}
}

func TestTermStatCodecErrors(t *testing.T) {
	for _, st := range []TermStat{{TF: 1.5}, {TF: -1}, {TF: math.NaN()}, {TF: math.Inf(1)}, {TF: 1<<53 + 2}} {
		if b, err := st.MarshalBinary(); err == nil {
			t.Errorf("MarshalBinary(%+v) = % x, want an error", st, b)
		}
	}
	for _, b := range [][]byte{
		nil,
		{0x80},                         // varint cut short
		{0x03, 1, 2, 3},                // S cut short
		{0x02, 0},                      // trailing byte
		bytes.Repeat([]byte{0xff}, 11), // varint overflow
		{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40}, // TF = 2^55
	} {
		var st TermStat
		if err := st.UnmarshalBinary(b); err == nil {
			t.Errorf("UnmarshalBinary(% x) = %+v, want an error", b, st)
		}
	}
}

// FuzzTermStatCodec decodes arbitrary bytes; whatever decodes must encode
// and decode again to the same stat.
func FuzzTermStatCodec(f *testing.F) {
	for _, st := range []TermStat{{}, {TF: 9, S: 3.3}, {TF: 1 << 40, S: -1}} {
		b, _ := st.MarshalBinary()
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var st TermStat
		if st.UnmarshalBinary(b) != nil {
			return
		}
		enc, err := st.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded %+v from % x but cannot encode it: %v", st, b, err)
		}
		var again TermStat
		if err := again.UnmarshalBinary(enc); err != nil || !sameStat(again, st) {
			t.Fatalf("% x → %+v → % x → %+v, %v", b, st, enc, again, err)
		}
	})
}

// sameStat compares bit for bit, so NaN equals NaN and -0 differs from 0.
func sameStat(a, b TermStat) bool {
	return slices.Equal(
		[]uint64{math.Float64bits(a.TF), math.Float64bits(a.S)},
		[]uint64{math.Float64bits(b.TF), math.Float64bits(b.S)})
}
