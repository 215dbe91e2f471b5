package entropy

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync"
)

// TermStat is one term's statistics in a cluster: TF = Σ tf_i, S = Σ tf_i·ln tf_i,
// over the cluster's pages i. With the page count n they give the term's
// entropy exactly (docs/ALGORITHMS.md §1), and they only ever grow by addition,
// so a cluster's statistics can be built page by page and kept in the store.
type TermStat struct {
	TF float64
	S  float64
}

// TermStats are a cluster's term statistics, built page by page.
//
// EN and W are derived at read time, never stored: a new page changes n and
// so the entropy of every term, those absent from it included.
type TermStats struct {
	Pages int
	Terms map[string]TermStat
}

// NewTermStats returns empty statistics. The zero TermStats is usable too.
func NewTermStats() *TermStats {
	return &TermStats{Terms: make(map[string]TermStat)}
}

// AddPage adds one page, given as its terms (repeats counted).
func (s *TermStats) AddPage(terms []string) {
	tf := tfMaps.Get().(map[string]int)
	for _, t := range terms {
		tf[t]++
	}
	s.AddCounts(tf)
	clear(tf)
	tfMaps.Put(tf)
}

// tfMaps keeps AddPage's per-page counts for the next page: a map per
// page was most of mining's garbage after the DOM.
var tfMaps = sync.Pool{New: func() any { return map[string]int{} }}

// AddCounts adds one page, given as term → frequency. Non-positive
// frequencies are ignored: the term is absent from the page.
func (s *TermStats) AddCounts(tf map[string]int) {
	if s.Terms == nil {
		s.Terms = make(map[string]TermStat, len(tf))
	}
	for t, f := range tf {
		if f <= 0 {
			continue
		}
		st, ok := s.Terms[t]
		if !ok {
			// Terms often share memory with their page's text; a cluster's
			// statistics outlive the page and must not pin it.
			t = strings.Clone(t)
		}
		x := float64(f)
		st.TF += x
		if f > 1 { // 1·ln 1 = 0: most terms occur once in a page
			st.S += x * math.Log(x)
		}
		s.Terms[t] = st
	}
	s.Pages++
}

// Merge adds o's statistics to s. When the two were built from disjoint
// sets of pages, the result is exactly that of their union.
func (s *TermStats) Merge(o *TermStats) {
	if o == nil {
		return
	}
	if s.Terms == nil {
		s.Terms = make(map[string]TermStat, len(o.Terms))
	}
	for t, ot := range o.Terms {
		st := s.Terms[t]
		st.TF += ot.TF
		st.S += ot.S
		s.Terms[t] = st
	}
	s.Pages += o.Pages
}

// EN is the term's entropy across the cluster's n pages, in [0, 1]:
//
//	EN = −Σ w_i·log_n w_i = (ln TF − S/TF) / ln n,   w_i = tf_i / TF
//
// 1 for a term spread evenly over every page (redundant), 0 for a term
// found in one page only (informative). It is 0 when the term never occurs
// or n < 2, where it is undefined.
func (s *TermStats) EN(term string) float64 {
	st := s.Terms[term]
	if st.TF <= 0 || s.Pages < 2 {
		return 0
	}
	return clamp01((math.Log(st.TF) - st.S/st.TF) / math.Log(float64(s.Pages)))
}

// W is the term's weight, 1 − EN: how informative it is.
func (s *TermStats) W(term string) float64 {
	return 1 - s.EN(term)
}

// Of is EN by the batch formula, −Σ w_i·log_n w_i with w_i = tfs[i]/Σtfs
// and n = len(tfs): one frequency per page of the cluster, zeros included.
// It states the definition that TermStats computes incrementally.
func Of(tfs []float64) float64 {
	n := len(tfs)
	if n < 2 {
		return 0
	}
	total := 0.0
	for _, f := range tfs {
		if f > 0 {
			total += f
		}
	}
	if total <= 0 {
		return 0
	}
	h := 0.0
	for _, f := range tfs {
		if f > 0 {
			w := f / total
			h -= w * math.Log(w)
		}
	}
	return clamp01(h / math.Log(float64(n)))
}

// clamp01 keeps a computed entropy in [0, 1] against rounding: S/TF can
// exceed ln TF by an ulp when a term occurs in one page only.
func clamp01(x float64) float64 {
	return math.Max(0, math.Min(1, x))
}

// maxExactTF is the largest TF a float64 holds as an exact whole count.
const maxExactTF = 1 << 53

// MarshalBinary encodes t compactly, since the store keeps one per cluster
// and term:
//
//	uvarint(TF<<1 | hasS)  then, if hasS, 8 bytes big-endian IEEE 754 bits of S
//
// TF is a count and is written as a whole number; hasS is 0 when S's bits
// are all zero (every occurrence of the term alone in its page, the common
// case), so such a stat takes one to three bytes. It fails when TF is not
// a whole number in [0, 2^53].
func (t TermStat) MarshalBinary() ([]byte, error) {
	if !(t.TF >= 0 && t.TF <= maxExactTF && t.TF == math.Trunc(t.TF)) {
		return nil, fmt.Errorf("mine: encode term stat: TF %v is not a whole count", t.TF)
	}
	bits := math.Float64bits(t.S)
	head := uint64(t.TF) << 1
	if bits != 0 {
		head |= 1
	}
	b := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen64+8), head)
	if bits != 0 {
		b = binary.BigEndian.AppendUint64(b, bits)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary encodes.
func (t *TermStat) UnmarshalBinary(b []byte) error {
	head, n := binary.Uvarint(b)
	if n <= 0 {
		return fmt.Errorf("mine: decode term stat: bad count varint in % x", b)
	}
	rest := b[n:]
	want := 0
	if head&1 != 0 {
		want = 8
	}
	if len(rest) != want {
		return fmt.Errorf("mine: decode term stat: %d bytes after count, want %d", len(rest), want)
	}
	tf := head >> 1
	if tf > maxExactTF {
		return fmt.Errorf("mine: decode term stat: TF %d beyond 2^53", tf)
	}
	s := 0.0
	if want == 8 {
		s = math.Float64frombits(binary.BigEndian.Uint64(rest))
	}
	*t = TermStat{TF: float64(tf), S: s}
	return nil
}
