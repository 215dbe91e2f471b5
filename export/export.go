package export

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"infocrawl/mine"
	"infocrawl/store"
)

// Format is an output format.
type Format string

// The formats.
const (
	JSONL    Format = "jsonl"
	Markdown Format = "md"
	Text     Format = "txt"
	WARC     Format = "warc"
)

// Formats lists the formats, for flag help and validation.
func Formats() []Format { return []Format{JSONL, Markdown, Text, WARC} }

// Kind selects pages by their mined kind.
type Kind string

// The kind selections.
const (
	Articles Kind = "article" // pages whose kind is article or article+toc
	TOCs     Kind = "toc"     // pages whose kind is toc or article+toc
	All      Kind = "all"     // every mined page
)

// Kinds lists the kind selections, for flag help and validation.
func Kinds() []Kind { return []Kind{Articles, TOCs, All} }

// Match reports whether a page of mined kind k is selected.
func (s Kind) Match(k mine.Kind) bool {
	switch s {
	case Articles:
		return k == mine.KindArticle || k == mine.KindArticleTOC
	case TOCs:
		return k == mine.KindTOC || k == mine.KindArticleTOC
	case All:
		return true
	}
	return false
}

// Options says what to export and how. The zero value exports articles
// as JSONL.
type Options struct {
	Kind   Kind   // "" = Articles; ignored by WARC, which holds every stored page
	Format Format // "" = JSONL
	// Now dates the WARC's warcinfo record; nil = time.Now. Response
	// records are dated by their fetch.
	Now func() time.Time
	// Since, when set, exports only the pages fetched since then that are
	// new or whose mined content changed, with the change field in JSONL;
	// not for WARC.
	Since time.Time
	// Markdown says what the markdown field and the md format leave out.
	Markdown mine.MarkdownOptions
	// noMarkdown leaves the markdown field empty: the export as it was
	// before it had one, BenchmarkExport's baseline.
	noMarkdown bool
}

func (o Options) withDefaults() Options {
	if o.Kind == "" {
		o.Kind = Articles
	}
	if o.Format == "" {
		o.Format = JSONL
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Summary counts what an export wrote.
type Summary struct {
	Records int   // JSONL lines, articles in md/txt, response records in WARC
	Bytes   int64 // bytes written to the output
}

// Write exports db to w in opts.Format, one page at a time.
func Write(ctx context.Context, w io.Writer, db *store.DB, opts Options) (Summary, error) {
	opts = opts.withDefaults()
	cw := &countingWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	var sum Summary
	var err error
	switch opts.Format {
	case JSONL:
		err = eachResult(ctx, db, opts.Kind, newJSONLWriter(bw, db, opts), &sum)
	case Markdown, Text:
		err = eachResult(ctx, db, opts.Kind, newTextWriter(bw, db, opts), &sum)
	case WARC:
		if !opts.Since.IsZero() {
			return sum, errors.New("export: a WARC holds every stored page: no --since")
		}
		err = writeWARC(ctx, bw, db, opts.Now(), &sum)
	default:
		return sum, fmt.Errorf("export: unknown format %q", opts.Format)
	}
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("export: write: %w", ferr)
	}
	sum.Bytes = cw.n
	return sum, err
}

// eachResult calls write for every mined page that kind selects, decoding
// one result at a time so memory does not grow with the store.
func eachResult(ctx context.Context, db *store.DB, kind Kind, write func(key string, r *mine.Result) error, sum *Summary) error {
	seen := 0
	err := mine.EachResult(db, func(key string, r *mine.Result) error {
		seen++
		if err := ctx.Err(); err != nil {
			return err
		}
		if !kind.Match(r.Kind) {
			return nil
		}
		if err := write(key, r); errors.Is(err, errSkip) {
			return nil
		} else if err != nil {
			return err
		}
		sum.Records++
		return nil
	})
	if err != nil {
		return err
	}
	if seen == 0 {
		return ErrNotMined
	}
	return nil
}

// pageURL is the URL a reader would visit: where the fetch ended.
func pageURL(key string, r *mine.Result) string {
	if r.URL != "" {
		return r.URL
	}
	return key
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
