package eval

import (
	"math"
	"slices"
	"strings"
	"unicode"
)

// NGram is score.py's default shingle length.
const NGram = 4

// Tokens returns the tokens of text as Python's re.findall(r"\w+")
// finds them: maximal runs of letters, numbers and underscores.
func Tokens(text string) []string {
	var toks []string
	start := -1
	for i, r := range text {
		word := r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			toks = append(toks, text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		toks = append(toks, text[start:])
	}
	return toks
}

// shingles is the multiset of the n-grams of toks; fewer than n
// tokens make one shingle of them all, none make none.
func shingles(toks []string, n int) map[string]int {
	m := map[string]int{}
	if len(toks) == 0 {
		return m
	}
	if len(toks) < n {
		m[strings.Join(toks, "\x00")]++
		return m
	}
	for i := 0; i+n <= len(toks); i++ {
		m[strings.Join(toks[i:i+n], "\x00")]++
	}
	return m
}

// Counts are one document's shingle matches.
type Counts struct{ TP, FP, FN int }

// Doc compares one document's predicted text with its gold text.
func Doc(gold, pred string, n int) Counts {
	g, p := shingles(Tokens(gold), n), shingles(Tokens(pred), n)
	var c Counts
	for k, pc := range p {
		gc := g[k]
		c.TP += min(gc, pc)
		c.FP += max(0, pc-gc)
	}
	for k, gc := range g {
		c.FN += max(0, gc-p[k])
	}
	return c
}

// Precision is score.py's per-document precision.
func (c Counts) Precision() float64 {
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1
	case c.TP == 0 && c.FP == 0:
		return 0
	}
	return float64(c.TP) / float64(c.TP+c.FP)
}

// Recall is score.py's per-document recall.
func (c Counts) Recall() float64 {
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1
	case c.TP == 0 && c.FN == 0:
		return 0
	}
	return float64(c.TP) / float64(c.TP+c.FN)
}

// F1 is the document's F1, the harmonic mean of its precision and
// recall.
func (c Counts) F1() float64 { return harmonic(c.Precision(), c.Recall()) }

func harmonic(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// Summary is score.py's row: P is the mean precision over documents
// with a non-empty prediction, R the mean recall over documents with a
// non-empty gold, F1 their harmonic mean; MeanDocF1 and Accuracy are
// means over all documents. Empty counts empty predictions, Missing gold
// ids without a prediction.
type Summary struct {
	P, R, F1, MeanDocF1, Accuracy float64
	Docs, Empty, Missing          int
}

// Set scores pred against gold with n-gram shingles (score.py's
// --ngram, 4 by default there). Predictions for ids not in gold are
// ignored; a missing prediction is an empty one.
func Set(gold, pred map[string]string, n int) Summary {
	var s Summary
	var sumP, sumR, sumF, sumA float64
	var nP, nR int
	for id, g := range gold {
		p, ok := pred[id]
		if !ok {
			s.Missing++
		}
		c := Doc(g, p, n)
		pr, rc := c.Precision(), c.Recall()
		if c.TP+c.FP > 0 {
			sumP += pr
			nP++
		} else {
			s.Empty++
		}
		if c.TP+c.FN > 0 {
			sumR += rc
			nR++
		}
		sumF += c.F1()
		if slices.Equal(Tokens(g), Tokens(p)) {
			sumA++
		}
		s.Docs++
	}
	s.P, s.R = mean(sumP, nP), mean(sumR, nR)
	s.F1 = math.NaN()
	if !math.IsNaN(s.P) && !math.IsNaN(s.R) {
		s.F1 = harmonic(s.P, s.R)
	}
	s.MeanDocF1, s.Accuracy = mean(sumF, s.Docs), mean(sumA, s.Docs)
	return s
}

func mean(sum float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}
