package eval

import (
	"math"
	"slices"
	"testing"
)

// The cases score.py's metric is defined by (its header), computed by hand.
func TestDoc(t *testing.T) {
	tests := []struct {
		gold, pred string
		n          int
		want       Counts
		p, r       float64
	}{
		{"a b c d e", "a b c d e", 4, Counts{2, 0, 0}, 1, 1},
		{"a b c d e", "", 4, Counts{0, 0, 2}, 0, 0},
		{"", "x y", 4, Counts{0, 1, 0}, 0, 0},
		{"", "", 4, Counts{}, 1, 1},
		{"a b", "a, b!", 4, Counts{1, 0, 0}, 1, 1}, // one short shingle, punctuation dropped
		{"a b c d e f", "c d e f g", 4, Counts{1, 1, 2}, 0.5, 1.0 / 3},
		{"x x x x x", "x x x x", 4, Counts{1, 0, 1}, 1, 0.5}, // multiset
		{"Déjà vu 42_x", "déjà vu 42_x", 1, Counts{2, 1, 1}, 2.0 / 3, 2.0 / 3},
	}
	for _, tt := range tests {
		got := Doc(tt.gold, tt.pred, tt.n)
		if got != tt.want || math.Abs(got.Precision()-tt.p) > 1e-12 || math.Abs(got.Recall()-tt.r) > 1e-12 {
			t.Errorf("Doc(%q, %q) = %+v P %v R %v, want %+v P %v R %v",
				tt.gold, tt.pred, got, got.Precision(), got.Recall(), tt.want, tt.p, tt.r)
		}
	}
	if got, want := Tokens("end</p><p>Next l'été_2 ½"), []string{"end", "p", "p", "Next", "l", "été_2", "½"}; !slices.Equal(got, want) {
		t.Errorf("scoreTokens = %q, want %q", got, want)
	}
}
