package mine

// The article-extraction scorer of ../shared/eval/score.py (the Zyte
// article-extraction-benchmark's metric), for tests of any extractor:
//
//	pages, gold := scoreBenchmarkPages(t) // skips when the data set is absent
//	pred := map[string]string{}
//	for id, body := range pages { pred[id] = Extract(body) }
//	s := scoreSet(gold, pred, 4)
//	t.Logf("F1 %.3f", s.F1)

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// scoreBenchmarkDir is the article-extraction-benchmark, relative to this
// package's folder.
const scoreBenchmarkDir = "../../shared/datasets/article-extraction-benchmark"

// scoreTokens returns the tokens of text as Python's re.findall(r"\w+")
// finds them: maximal runs of letters, numbers and underscores.
func scoreTokens(text string) []string {
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

// scoreShingles is the multiset of the n-grams of toks; fewer than n
// tokens make one shingle of them all, none make none.
func scoreShingles(toks []string, n int) map[string]int {
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

// scoreCounts are one document's shingle matches.
type scoreCounts struct{ TP, FP, FN int }

func scoreDoc(gold, pred string, n int) scoreCounts {
	g, p := scoreShingles(scoreTokens(gold), n), scoreShingles(scoreTokens(pred), n)
	var c scoreCounts
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

func (c scoreCounts) precision() float64 {
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1
	case c.TP == 0 && c.FP == 0:
		return 0
	}
	return float64(c.TP) / float64(c.TP+c.FP)
}

func (c scoreCounts) recall() float64 {
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1
	case c.TP == 0 && c.FN == 0:
		return 0
	}
	return float64(c.TP) / float64(c.TP+c.FN)
}

func scoreHarmonic(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// scoreSummary is score.py's row: P is the mean precision over documents
// with a non-empty prediction, R the mean recall over documents with a
// non-empty gold, F1 their harmonic mean; MeanDocF1 and Accuracy are
// means over all documents. Empty counts empty predictions, Missing gold
// ids without a prediction.
type scoreSummary struct {
	P, R, F1, MeanDocF1, Accuracy float64
	Docs, Empty, Missing          int
}

// scoreSet scores pred against gold with n-gram shingles (score.py's
// --ngram, 4 by default there). Predictions for ids not in gold are
// ignored; a missing prediction is an empty one.
func scoreSet(gold, pred map[string]string, n int) scoreSummary {
	var s scoreSummary
	var sumP, sumR, sumF, sumA float64
	var nP, nR int
	for id, g := range gold {
		p, ok := pred[id]
		if !ok {
			s.Missing++
		}
		c := scoreDoc(g, p, n)
		pr, rc := c.precision(), c.recall()
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
		sumF += scoreHarmonic(pr, rc)
		if slices.Equal(scoreTokens(g), scoreTokens(p)) {
			sumA++
		}
		s.Docs++
	}
	s.P, s.R = scoreMean(sumP, nP), scoreMean(sumR, nR)
	s.F1 = math.NaN()
	if !math.IsNaN(s.P) && !math.IsNaN(s.R) {
		s.F1 = scoreHarmonic(s.P, s.R)
	}
	s.MeanDocF1, s.Accuracy = scoreMean(sumF, s.Docs), scoreMean(sumA, s.Docs)
	return s
}

func scoreMean(sum float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// scoreLoadJSON reads texts by id from a JSON file in score.py's formats:
// {id: {"articleBody": text}}, {id: text}, or either wrapped as
// {"version": v, "output": {...}}.
func scoreLoadJSON(t testing.TB, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	if out, ok := raw["output"]; ok && len(raw) == 2 && raw["version"] != nil {
		raw = nil
		if err := json.Unmarshal(out, &raw); err != nil {
			t.Fatalf("decode %s output: %v", path, err)
		}
	}
	texts := make(map[string]string, len(raw))
	for id, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			texts[id] = s
			continue
		}
		var doc struct {
			ArticleBody *string `json:"articleBody"`
		}
		if err := json.Unmarshal(v, &doc); err != nil {
			t.Fatalf("decode %s[%s]: %v", path, id, err)
		}
		if doc.ArticleBody != nil {
			texts[id] = *doc.ArticleBody
		} else {
			texts[id] = ""
		}
	}
	return texts
}

// scoreBenchmarkPages returns the benchmark's pages (decompressed) and
// gold texts by id; it skips the test when the data set is absent.
func scoreBenchmarkPages(t testing.TB) (pages map[string][]byte, gold map[string]string) {
	t.Helper()
	if _, err := os.Stat(scoreBenchmarkDir); os.IsNotExist(err) {
		t.Skipf("%s absent", scoreBenchmarkDir)
	}
	gold = scoreLoadJSON(t, filepath.Join(scoreBenchmarkDir, "ground-truth.json"))
	files, err := filepath.Glob(filepath.Join(scoreBenchmarkDir, "html", "*.html.gz"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pages in %s/html: %v", scoreBenchmarkDir, err)
	}
	pages = make(map[string][]byte, len(files))
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), ".html.gz")
		pages[id] = scoreGunzip(t, f)
	}
	return pages, gold
}

func scoreGunzip(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gunzip %s: %v", path, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gunzip %s: %v", path, err)
	}
	return out
}

// scorePyPath is the reference scorer, relative to this package's folder.
const scorePyPath = "../../shared/eval/score.py"

// scorePython runs score.py (python3, --bootstrap 0) on gold and the
// prediction files, returning score.py's summaries in the order of preds.
// ok is false when python3 or score.py is not there.
func scorePython(t testing.TB, gold string, preds ...string) (rows []scoreSummary, ok bool) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		return nil, false
	}
	if _, err := os.Stat(scorePyPath); err != nil {
		return nil, false
	}
	out := filepath.Join(t.TempDir(), "score.json")
	args := append([]string{scorePyPath, gold}, preds...)
	args = append(args, "--bootstrap", "0", "--json", out)
	if b, err := exec.Command(py, args...).CombinedOutput(); err != nil {
		t.Fatalf("score.py: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("read score.py output: %v", err)
	}
	var res []struct {
		F1, Precision, Recall, Accuracy float64
		MeanDocF1                       float64 `json:"mean_doc_f1"`
		Docs, Empty, Missing            int
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatalf("decode score.py output: %v", err)
	}
	for _, r := range res {
		rows = append(rows, scoreSummary{P: r.Precision, R: r.Recall, F1: r.F1, MeanDocF1: r.MeanDocF1,
			Accuracy: r.Accuracy, Docs: r.Docs, Empty: r.Empty, Missing: r.Missing})
	}
	return rows, true
}

// scoreWritePreds writes predictions in score.py's JSON format to a
// temporary file and returns its path.
func scoreWritePreds(t testing.TB, pred map[string]string) string {
	t.Helper()
	out := map[string]map[string]string{}
	for id, text := range pred {
		out[id] = map[string]string{"articleBody": text}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatalf("encode predictions: %v", err)
	}
	path := filepath.Join(t.TempDir(), "pred.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatalf("write predictions: %v", err)
	}
	return path
}

// scoreCheckPython asserts that score.py, when it can run, scores pred
// as s within tol.
func scoreCheckPython(t *testing.T, pred map[string]string, s scoreSummary, tol float64) {
	t.Helper()
	rows, ok := scorePython(t, filepath.Join(scoreBenchmarkDir, "ground-truth.json"), scoreWritePreds(t, pred))
	if !ok {
		t.Log("python3 or score.py absent: not cross-checked")
		return
	}
	scoreAssertClose(t, "score.py", rows[0], s, tol)
}

func scoreAssertClose(t *testing.T, name string, want, got scoreSummary, tol float64) {
	t.Helper()
	for _, c := range []struct {
		what      string
		want, got float64
	}{{"F1", want.F1, got.F1}, {"precision", want.P, got.P}, {"recall", want.R, got.R},
		{"mean-doc-F1", want.MeanDocF1, got.MeanDocF1}, {"accuracy", want.Accuracy, got.Accuracy}} {
		if math.Abs(c.want-c.got) > tol {
			t.Errorf("%s: %s = %.6f, Go scorer %.6f", name, c.what, c.want, c.got)
		}
	}
}

// TestScoreMatchesScorePy scores the published outputs of the benchmark
// with the Go scorer and compares with the figures of its README and, when
// python3 is there, with score.py itself.
func TestScoreMatchesScorePy(t *testing.T) {
	_, gold := scoreBenchmarkPages(t)
	published := []struct {
		name     string
		f1, p, r float64 // README, rounded to 3 decimals
	}{
		{"trafilatura", 0.958, 0.938, 0.978},
		{"go_trafilatura", 0.960, 0.940, 0.980},
		{"readability_js", 0.947, 0.914, 0.982},
		{"go_readability", 0.934, 0.900, 0.971},
	}
	var paths []string
	var got []scoreSummary
	for _, pub := range published {
		path := filepath.Join(scoreBenchmarkDir, "output", pub.name+".json")
		s := scoreSet(gold, scoreLoadJSON(t, path), 4)
		t.Logf("%s: F1 %.4f P %.4f R %.4f", pub.name, s.F1, s.P, s.R)
		scoreAssertClose(t, pub.name+" README", scoreSummary{F1: pub.f1, P: pub.p, R: pub.r,
			MeanDocF1: s.MeanDocF1, Accuracy: s.Accuracy}, s, 0.0005+1e-9)
		paths = append(paths, path)
		got = append(got, s)
	}
	rows, ok := scorePython(t, filepath.Join(scoreBenchmarkDir, "ground-truth.json"), paths...)
	if !ok {
		t.Skip("python3 or score.py absent: checked against the README only")
	}
	for i, row := range rows {
		scoreAssertClose(t, published[i].name, row, got[i], 1e-9)
	}
}

func TestScoreDoc(t *testing.T) {
	tests := []struct {
		gold, pred string
		n          int
		want       scoreCounts
		p, r       float64
	}{
		{"a b c d e", "a b c d e", 4, scoreCounts{2, 0, 0}, 1, 1},
		{"a b c d e", "", 4, scoreCounts{0, 0, 2}, 0, 0},
		{"", "x y", 4, scoreCounts{0, 1, 0}, 0, 0},
		{"", "", 4, scoreCounts{}, 1, 1},
		{"a b", "a, b!", 4, scoreCounts{1, 0, 0}, 1, 1}, // one short shingle, punctuation dropped
		{"a b c d e f", "c d e f g", 4, scoreCounts{1, 1, 2}, 0.5, 1.0 / 3},
		{"x x x x x", "x x x x", 4, scoreCounts{1, 0, 1}, 1, 0.5}, // multiset
		{"Déjà vu 42_x", "déjà vu 42_x", 1, scoreCounts{2, 1, 1}, 2.0 / 3, 2.0 / 3},
	}
	for _, tt := range tests {
		got := scoreDoc(tt.gold, tt.pred, tt.n)
		if got != tt.want || math.Abs(got.precision()-tt.p) > 1e-12 || math.Abs(got.recall()-tt.r) > 1e-12 {
			t.Errorf("scoreDoc(%q, %q) = %+v P %v R %v, want %+v P %v R %v",
				tt.gold, tt.pred, got, got.precision(), got.recall(), tt.want, tt.p, tt.r)
		}
	}
	if got, want := scoreTokens("end</p><p>Next l'été_2 ½"), []string{"end", "p", "p", "Next", "l", "été_2", "½"}; !slices.Equal(got, want) {
		t.Errorf("scoreTokens = %q, want %q", got, want)
	}
}
