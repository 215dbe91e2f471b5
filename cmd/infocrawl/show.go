package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"infocrawl/mine"
	"infocrawl/store"
	"infocrawl/view"
)

const showAbout = `Writes a stored page as HTML with the blocks mining found outlined on the
page's own elements: article blocks green, TOC blocks blue, template grey.
Hovering a block shows its path and scores; a legend box counts the blocks
and names the page's kind, cluster, title and method. The page's scripts
are removed, its CSS kept (through a <base> of its URL, when online).

URL is the page's canonical URL as stored (see "infocrawl serve" to browse
them). The store must have been mined ("infocrawl mine").`

func runShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db, out, configFile string
	fs := newFlagSet("show", "show --db FILE URL [-o page.html]", showAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to read")
	fs.StringVar(&out, "o", "-", "write the page to this `file` (- for stdout)")
	fs.StringVar(&configFile, "config", "", "YAML `file` whose mine-* keys the store was mined with (template thresholds)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if db == "" || len(pos) != 1 {
		return usageError("want --db FILE and exactly one URL")
	}
	d, opts, err := openMined(fs, db, configFile)
	if err != nil {
		return err
	}
	defer d.Close()
	page, err := view.Page(d, pos[0], view.Options{Mine: opts})
	if err != nil {
		return err
	}
	if out == "-" || out == "" {
		_, err = stdout.Write(page)
		return err
	}
	if err := os.WriteFile(out, page, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	return nil
}

// openMined opens a mined store for reading, with the mining options of
// --config (the template thresholds decide what the view greys out).
func openMined(fs *flag.FlagSet, db, configFile string) (*store.DB, mine.Options, error) {
	opts, err := loadMineOptions(fs, configFile, "")
	if err != nil {
		return nil, mine.Options{}, err
	}
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	return d, opts, err
}
