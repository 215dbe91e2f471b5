package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"infocrawl/export"
	"infocrawl/store"
)

const exportAbout = `Writes a mined store out for other tools, one page at a time (memory
stays flat however large the store):

  jsonl  one JSON object per mined page: url, title, text, html, links,
         published, author, … (the fields are listed in README.md)
  md     one article after another: "# Title", its URL, its paragraphs
  txt    the same as plain text, each page ended by a line of "="
  warc   WARC 1.1: a warcinfo record, then a response record per stored
         page (every page, mined or not; --kind does not apply)

--kind picks pages by their mined kind: article (article and article+toc
pages), toc (toc and article+toc pages) or all. With -o FILE the output is
written to a temporary file and renamed at the end, so a failed export
leaves no half file.`

func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db, kind, format, out string
	fs := newFlagSet("export", "export --db FILE [--kind article|toc|all] [--format jsonl|md|txt|warc] [-o FILE|-]", exportAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to read (mined with \"infocrawl mine\")")
	fs.StringVar(&kind, "kind", string(export.Articles), "pages to export: article, toc or all")
	fs.StringVar(&format, "format", string(export.JSONL), "output format: jsonl, md, txt or warc")
	fs.StringVar(&out, "o", "-", "output `file`; - is stdout")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	opts, err := exportOptions(fs, db, kind, format, pos)
	if err != nil {
		return err
	}
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer d.Close()
	var sum export.Summary
	if out == "-" {
		sum, err = export.Write(ctx, stdout, d, opts)
	} else {
		sum, err = exportToFile(ctx, out, d, opts)
	}
	if err != nil {
		if ctx.Err() != nil {
			return errInterrupted
		}
		return err
	}
	dest := out
	if out == "-" {
		dest = "stdout"
	}
	fmt.Fprintf(stderr, "exported %d records (%d bytes) to %s\n", sum.Records, sum.Bytes, dest)
	return nil
}

func exportOptions(fs *flag.FlagSet, db, kind, format string, pos []string) (export.Options, error) {
	opts := export.Options{Kind: export.Kind(kind), Format: export.Format(format)}
	if db == "" || len(pos) > 0 {
		return opts, usageError("want --db FILE and no arguments")
	}
	if !slices.Contains(export.Kinds(), opts.Kind) {
		return opts, usageError("--kind %q: want article, toc or all", kind)
	}
	if !slices.Contains(export.Formats(), opts.Format) {
		return opts, usageError("--format %q: want jsonl, md, txt or warc", format)
	}
	if opts.Format == export.WARC && flagGiven(fs, "kind") {
		return opts, usageError("--kind does not apply to --format warc: a WARC holds every stored page")
	}
	return opts, nil
}

func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// exportToFile writes to a temporary file beside path and renames it into
// place only once the export succeeded.
func exportToFile(ctx context.Context, path string, d *store.DB, opts export.Options) (export.Summary, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return export.Summary{}, fmt.Errorf("export: %w", err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	sum, err := export.Write(ctx, tmp, d, opts)
	if err != nil {
		return sum, err
	}
	if err := tmp.Sync(); err != nil {
		return sum, fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return sum, fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return sum, fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		done = true
		return sum, fmt.Errorf("export: write %s: %w", path, err)
	}
	done = true
	return sum, nil
}
