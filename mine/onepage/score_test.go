package onepage

// The article-extraction scorer of the shared folder's eval/score.py (the Zyte
// article-extraction-benchmark's metric), for tests of any extractor:
//
//	pages, gold := scoreBenchmarkPages(t) // skips (fails under CI=true) without the data set
//	pred := map[string]string{}
//	for id, body := range pages { pred[id] = Extract(body) }
//	s := eval.Set(gold, pred, 4)
//	t.Logf("F1 %.3f", s.F1)

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"infocrawl/eval"
	"infocrawl/internal/shared"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// scoreBenchmarkDir is the article-extraction-benchmark of the shared
// data sets.
var scoreBenchmarkDir = shared.Path("datasets", "article-extraction-benchmark")

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
// gold texts by id; it skips the test when the data set is absent (fails
// it under CI=true: see internal/shared).
func scoreBenchmarkPages(t testing.TB) (pages map[string][]byte, gold map[string]string) {
	t.Helper()
	shared.Require(t, scoreBenchmarkDir)
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

// scorePyPath is the reference scorer of the shared folder.
var scorePyPath = shared.Path("eval", "score.py")

// scorePython runs score.py (python3, --bootstrap 0) on gold and the
// prediction files, returning score.py's summaries in the order of preds.
// ok is false when python3 or score.py is not there.
func scorePython(t testing.TB, gold string, preds ...string) (rows []eval.Summary, ok bool) {
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
		rows = append(rows, eval.Summary{P: r.Precision, R: r.Recall, F1: r.F1, MeanDocF1: r.MeanDocF1,
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
func scoreCheckPython(t *testing.T, pred map[string]string, s eval.Summary, tol float64) {
	t.Helper()
	rows, ok := scorePython(t, filepath.Join(scoreBenchmarkDir, "ground-truth.json"), scoreWritePreds(t, pred))
	if !ok {
		t.Log("python3 or score.py absent: not cross-checked")
		return
	}
	scoreAssertClose(t, "score.py", rows[0], s, tol)
}

func scoreAssertClose(t *testing.T, name string, want, got eval.Summary, tol float64) {
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
	var got []eval.Summary
	for _, pub := range published {
		path := filepath.Join(scoreBenchmarkDir, "output", pub.name+".json")
		s := eval.Set(gold, scoreLoadJSON(t, path), 4)
		t.Logf("%s: F1 %.4f P %.4f R %.4f", pub.name, s.F1, s.P, s.R)
		scoreAssertClose(t, pub.name+" README", eval.Summary{F1: pub.f1, P: pub.p, R: pub.r,
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
