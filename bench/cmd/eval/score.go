package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// A num is a score that may be undefined (NaN: score.py's precision when
// every prediction is empty); it is null in JSON.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(float64(n), 'f', 4, 64)), nil
}

func (n *num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = num(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	*n = num(f)
	return err
}

// A score is one extractor's aggregate on a group, as score.py writes it.
type score struct {
	F1        num `json:"f1"`
	Precision num `json:"precision"`
	Recall    num `json:"recall"`
	MeanDocF1 num `json:"mean_doc_f1"`
	Accuracy  num `json:"accuracy"`
	Docs      int `json:"docs"`
	Empty     int `json:"empty"`
	Missing   int `json:"missing"`
}

// A docScore is one page's shingle counts for one extractor, a line of
// score.py's --per-doc output.
type docScore struct {
	Pred, ID   string
	TP, FP, FN int
}

// precision, recall and f1 are score.py's per-document values.
func (d docScore) precision() float64 {
	switch {
	case d.FP == 0 && d.FN == 0:
		return 1
	case d.TP == 0 && d.FP == 0:
		return 0
	}
	return float64(d.TP) / float64(d.TP+d.FP)
}

func (d docScore) recall() float64 {
	switch {
	case d.FP == 0 && d.FN == 0:
		return 1
	case d.TP == 0 && d.FN == 0:
		return 0
	}
	return float64(d.TP) / float64(d.TP+d.FN)
}

func (d docScore) f1() float64 { return harmonic(d.precision(), d.recall()) }

func harmonic(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// scoreGroup runs score.py on gold and the prediction directories
// dir/<name>, keeping its JSON in dir/score.json and its per-page counts
// in dir/per-doc.tsv, which it returns too.
func scoreGroup(ctx context.Context, scorer, gold, dir string, names []string) (map[string]score, []docScore, error) {
	out := filepath.Join(dir, "score.json")
	perDoc := filepath.Join(dir, "per-doc.tsv")
	args := []string{scorer, gold}
	for _, n := range names {
		args = append(args, filepath.Join(dir, n))
	}
	args = append(args, "--bootstrap", "0", "--json", out, "--per-doc", perDoc)
	cmd := exec.CommandContext(ctx, "python3", args...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("score %s: %w: %s", dir, err, firstLine(string(msg)))
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		return nil, nil, fmt.Errorf("score %s: %w", dir, err)
	}
	// Python writes NaN, which is not JSON.
	raw = bytes.ReplaceAll(raw, []byte("NaN"), []byte("null"))
	var rows []struct {
		Name string `json:"name"`
		score
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, nil, fmt.Errorf("score %s: %w", out, err)
	}
	scores := map[string]score{}
	for _, r := range rows {
		scores[r.Name] = r.score
	}
	docs, err := readPerDoc(perDoc)
	if err != nil {
		return nil, nil, fmt.Errorf("score %s: %w", dir, err)
	}
	return scores, docs, nil
}

// readPerDoc reads score.py's --per-doc TSV (pred id tp fp fn ...).
func readPerDoc(path string) ([]docScore, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var docs []docScore
	for i, line := range strings.Split(strings.TrimRight(string(raw), "\n"), "\n") {
		col := strings.Split(line, "\t")
		if i == 0 {
			continue
		}
		if len(col) < 5 {
			return nil, fmt.Errorf("%s: line %d: want pred id tp fp fn", path, i+1)
		}
		d := docScore{Pred: col[0], ID: col[1]}
		for k, p := range []*int{&d.TP, &d.FP, &d.FN} {
			if *p, err = strconv.Atoi(col[2+k]); err != nil {
				return nil, fmt.Errorf("%s: line %d: %w", path, i+1, err)
			}
		}
		docs = append(docs, d)
	}
	return docs, nil
}
