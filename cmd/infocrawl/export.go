package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"infocrawl/export"
	"infocrawl/store"
)

const exportAbout = `Writes a mined store out for other tools, one page at a time (memory
stays flat however large the store):

  jsonl  one JSON object per mined page: url, title, text, markdown,
         html, links, published, author, … (the fields are listed in
         README.md)
  md     one article after another: "# Title", its URL, its Markdown
         (headings, lists, code, tables, links, images)
  txt    the same as plain text, each page ended by a line of "="
  warc   WARC 1.1: a warcinfo record, then a response record per stored
         page (every page, mined or not; --kind does not apply)

--kind picks pages by their mined kind: article (article and article+toc
pages), toc (toc and article+toc pages) or all. With -o FILE the output is
written to a temporary file and renamed at the end, so a failed export
leaves no half file; a symlink is followed, and a device or FIFO
(/dev/stdout, a pipe) is written straight through.`

func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db, kind, format, out string
	var noLinks, noImages bool
	var since string
	fs := newFlagSet("export", "export --db FILE [--kind article|toc|all] [--format jsonl|md|txt|warc] [--no-links] [--no-images] [-o FILE|-]", exportAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to read (mined with \"infocrawl mine\")")
	fs.StringVar(&kind, "kind", string(export.Articles), "pages to export: article, toc or all")
	fs.StringVar(&format, "format", string(export.JSONL), "output format: jsonl, md, txt or warc")
	fs.StringVar(&out, "o", "-", "output `file`; - is stdout")
	fs.BoolVar(&noLinks, "no-links", false, "Markdown (the markdown field, --format md): links as their text only")
	fs.BoolVar(&noImages, "no-images", false, "Markdown (the markdown field, --format md): no images")
	fs.StringVar(&since, "since", "", "only pages new or changed since `TIME` (RFC 3339, or last: the last refresh round), with a change field in JSONL")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	opts, err := exportOptions(fs, db, kind, format, pos)
	if err != nil {
		return err
	}
	opts.Markdown.NoLinks, opts.Markdown.NoImages = noLinks, noImages
	if err := checkOutPath(out); err != nil {
		return err
	}
	if since != "" && opts.Format == export.WARC {
		return usageError("--since does not apply to --format warc")
	}
	d, err := store.Open(db, &store.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer d.Close()
	if opts.Since, err = sinceTime(d, since); err != nil {
		return err
	}
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

// sinceTime reads --since: RFC 3339, or "last" for the start of the last
// refresh round; "" is no limit.
func sinceTime(d *store.DB, since string) (time.Time, error) {
	switch since {
	case "":
		return time.Time{}, nil
	case "last":
		r, err := d.LastRound()
		if err != nil {
			return time.Time{}, err
		}
		if r == nil {
			return time.Time{}, usageError("--since last: %s has had no refresh round", d.Path())
		}
		return r.Started, nil
	}
	t, err := time.Parse(time.RFC3339, since)
	if err != nil {
		return time.Time{}, usageError("--since %q: want an RFC 3339 time (2024-03-15T21:30:00Z) or last", since)
	}
	return t, nil
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

// checkOutPath refuses, before any work, an -o that can name no file.
func checkOutPath(out string) error {
	if out == "" {
		return usageError("-o \"\": want a file, or - for stdout")
	}
	if out == "-" {
		return nil
	}
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return usageError("-o %s: want a file, not a directory", out)
	}
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return usageError("-o %s is a directory: want a file", out)
	}
	return nil
}

// exportToFile writes a regular file (or a new one) under a temporary
// name beside it and renames it into place once the export succeeded. A
// symlink is followed and its target written that way; a device, FIFO or
// socket is written straight through: renaming over it would replace,
// say, /dev/null with a regular file.
func exportToFile(ctx context.Context, path string, d *store.DB, opts export.Options) (export.Summary, error) {
	target, special, err := outTarget(path)
	if err != nil {
		return export.Summary{}, fmt.Errorf("export: %w", err)
	}
	if special {
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return export.Summary{}, fmt.Errorf("export: %w", err)
		}
		sum, err := export.Write(ctx, f, d, opts)
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("export: write %s: %w", path, cerr)
		}
		return sum, err
	}
	return exportAtomic(ctx, target, d, opts)
}

// outTarget resolves path's symlinks (a dangling one names the file to
// create) and reports whether what it names is not a regular file.
func outTarget(path string) (target string, special bool, err error) {
	for range 40 { // the kernel's own limit on a chain of links
		fi, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, false, nil
		case err != nil:
			return "", false, err
		case fi.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return "", false, err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(path), link)
			}
			path = link
		case fi.IsDir():
			return "", false, fmt.Errorf("%s is a directory", path)
		default:
			return path, !fi.Mode().IsRegular(), nil
		}
	}
	return "", false, fmt.Errorf("%s: too many levels of symbolic links", path)
}

func exportAtomic(ctx context.Context, path string, d *store.DB, opts export.Options) (export.Summary, error) {
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
