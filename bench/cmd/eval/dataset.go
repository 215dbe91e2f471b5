package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"infocrawl/bench/dataset"
)

// prepare writes a group's gold files into dir/gold, named after the
// pages so that gold ids match prediction names, and its URLs into
// dir/urls.tsv. It returns the GOLD argument for score.py and the URL map
// file ("" when there are no URLs).
func prepare(g dataset.Group, dir string) (gold, urls string, err error) {
	gold = g.GoldJSON
	if g.Gold != nil {
		gold = filepath.Join(dir, "gold")
		if err := writeGold(gold, g.Gold); err != nil {
			return "", "", err
		}
	}
	if len(g.URLs) == 0 {
		return gold, "", nil
	}
	var b strings.Builder
	for _, f := range g.Files {
		if u, ok := g.URLs[dataset.PageName(f)]; ok {
			fmt.Fprintf(&b, "%s\t%s\n", filepath.Base(f), u)
		}
	}
	urls = filepath.Join(dir, "urls.tsv")
	return gold, urls, os.WriteFile(urls, []byte(b.String()), 0o644)
}

// writeGold copies gold files into dir as NAME.txt, in UTF-8.
func writeGold(dir string, gold map[string]string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, path := range gold {
		raw, err := dataset.ReadGold(path)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), raw, 0o644); err != nil {
			return err
		}
	}
	return nil
}
