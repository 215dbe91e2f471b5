package dataset

import (
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// ReadGold reads a gold file as UTF-8. A file that is not valid UTF-8
// (34 big9 gold files are windows-1252) is transcoded, since score.py
// reads UTF-8 and would split words at the bad bytes.
func ReadGold(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("gold: %w", err)
	}
	if utf8.Valid(raw) {
		return raw, nil
	}
	if raw, err = charmap.Windows1252.NewDecoder().Bytes(raw); err != nil {
		return nil, fmt.Errorf("gold %s: %w", path, err)
	}
	return raw, nil
}

// GoldTexts returns the group's gold text by page name, as score.py's
// load_texts reads it: AEB's articleBody, or the gold file with its
// CleanEval markup removed.
func (g Group) GoldTexts() (map[string]string, error) {
	texts := map[string]string{}
	if g.GoldJSON != "" {
		truth, err := readTruth(g.GoldJSON)
		if err != nil {
			return nil, err
		}
		for id, t := range truth {
			texts[id] = t.ArticleBody
		}
		return texts, nil
	}
	for name, path := range g.Gold {
		raw, err := ReadGold(path)
		if err != nil {
			return nil, err
		}
		texts[name] = cleanGold(string(raw))
	}
	return texts, nil
}

var cleanEvalTag = regexp.MustCompile(`(?m)^\s*<(p|h|l)>\s*`)

// cleanGold is score.py's clean_gold: plain text as is; CleanEval format
// (a "URL:" first line, then segments starting <p>, <h> or <l>, entities
// escaped) reduced to its text. Like Python's text mode, it reads a BOM
// away and any line break as "\n".
func cleanGold(text string) string {
	text = strings.TrimPrefix(text, "\ufeff")
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text)
	text = strings.TrimLeft(text, " \t\n\f\v")
	if !strings.HasPrefix(text, "URL:") {
		return text
	}
	_, body, _ := strings.Cut(text, "\n")
	return html.UnescapeString(cleanEvalTag.ReplaceAllString(body, ""))
}
