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

// scoreGroup runs score.py on gold and the prediction directories
// dir/<name>, keeping its JSON in dir/score.json.
func scoreGroup(ctx context.Context, scorer, gold, dir string, names []string) (map[string]score, error) {
	out := filepath.Join(dir, "score.json")
	args := []string{scorer, gold}
	for _, n := range names {
		args = append(args, filepath.Join(dir, n))
	}
	args = append(args, "--bootstrap", "0", "--json", out)
	cmd := exec.CommandContext(ctx, "python3", args...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("score %s: %w: %s", dir, err, firstLine(string(msg)))
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("score %s: %w", dir, err)
	}
	// Python writes NaN, which is not JSON.
	raw = bytes.ReplaceAll(raw, []byte("NaN"), []byte("null"))
	var rows []struct {
		Name string `json:"name"`
		score
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, fmt.Errorf("score %s: %w", out, err)
	}
	scores := map[string]score{}
	for _, r := range rows {
		scores[r.Name] = r.score
	}
	return scores, nil
}
