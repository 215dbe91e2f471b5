package export

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/nlnwa/gowarc"

	"infocrawl/store"
)

// writeWARC writes a WARC 1.1 file: a warcinfo record, then a response
// record per stored page, mined or not. Pages are read one at a time.
func writeWARC(ctx context.Context, w io.Writer, db *store.DB, now time.Time, sum *Summary) error {
	m := gowarc.NewMarshaler()
	info, err := warcinfoRecord(db, now)
	if err != nil {
		return err
	}
	infoID := "<" + info.RecordId() + ">"
	if err := marshal(m, w, info, "warcinfo"); err != nil {
		return err
	}
	return db.Pages(true, func(p *store.Page) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		rec, err := responseRecord(p, infoID)
		if err != nil {
			return err
		}
		if err := marshal(m, w, rec, p.URL); err != nil {
			return err
		}
		sum.Records++
		return nil
	})
}

// marshal writes rec and releases its buffer.
func marshal(m gowarc.Marshaler, w io.Writer, rec gowarc.WarcRecord, what string) error {
	defer rec.Close()
	if _, _, err := m.Marshal(w, rec, 0); err != nil {
		return fmt.Errorf("export: write warc record %s: %w", what, err)
	}
	return nil
}

func warcinfoRecord(db *store.DB, now time.Time) (gowarc.WarcRecord, error) {
	b := gowarc.NewRecordBuilder(gowarc.Warcinfo)
	b.AddWarcHeaderTime(gowarc.WarcDate, now)
	b.AddWarcHeader(gowarc.ContentType, gowarc.ApplicationWarcFields)
	entry, err := db.Entry()
	if err != nil {
		return nil, err
	}
	// Written by hand: WarcFields would capitalise the customary
	// lower-case field names.
	fmt.Fprintf(b, "software: infocrawl\r\nformat: WARC File Format 1.1\r\n")
	fmt.Fprintf(b, "conformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/\r\n")
	if entry != "" {
		fmt.Fprintf(b, "description: crawl of %s\r\n", entry)
	}
	fmt.Fprintf(b, "comment: bodies are as stored, decompressed and decoded to UTF-8; headers adjusted to match\r\n")
	rec, _, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("export: warcinfo: %w", err)
	}
	return rec, nil
}

func responseRecord(p *store.Page, infoID string) (gowarc.WarcRecord, error) {
	b := gowarc.NewRecordBuilder(gowarc.Response)
	target := p.FinalURL
	if target == "" {
		target = p.URL
	}
	b.AddWarcHeader(gowarc.WarcTargetURI, target)
	b.AddWarcHeaderTime(gowarc.WarcDate, p.FetchedAt)
	b.AddWarcHeader(gowarc.ContentType, "application/http;msgtype=response")
	b.AddWarcHeader(gowarc.WarcWarcinfoID, infoID)
	if p.Truncated {
		b.AddWarcHeader(gowarc.WarcTruncated, "length")
	}
	fmt.Fprintf(b, "HTTP/1.1 %d %s\r\n", p.Status, http.StatusText(p.Status))
	if err := responseHeader(p).Write(b); err != nil {
		b.Close()
		return nil, fmt.Errorf("export: warc record %s: %w", p.URL, err)
	}
	b.WriteString("\r\n")
	if _, err := b.Write(p.Body); err != nil {
		b.Close()
		return nil, fmt.Errorf("export: warc record %s: %w", p.URL, err)
	}
	rec, _, err := b.Build()
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("export: warc record %s: %w", p.URL, err)
	}
	return rec, nil
}

// responseHeader is the stored header made true of the stored body: the
// body is decompressed, whole and UTF-8, so the encodings go, the length
// is the body's, and a converted charset is named utf-8.
func responseHeader(p *store.Page) http.Header {
	h := p.Header.Clone()
	if h == nil {
		h = http.Header{}
	}
	h.Del("Content-Encoding")
	h.Del("Transfer-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(p.Body)))
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = p.ContentType
	}
	if ct != "" {
		h.Set("Content-Type", utf8ContentType(ct, p.Charset))
	}
	return h
}

// utf8ContentType rewrites ct to say charset=utf-8 when the body was
// converted from another charset or ct names one that is not UTF-8.
func utf8ContentType(ct, charset string) string {
	converted := charset != "" && !isUTF8(charset)
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		if converted {
			return "text/html; charset=utf-8"
		}
		return ct
	}
	if !converted && (params["charset"] == "" || isUTF8(params["charset"])) {
		return ct
	}
	params["charset"] = "utf-8"
	return mime.FormatMediaType(mt, params)
}

func isUTF8(label string) bool {
	l := strings.ToLower(strings.TrimSpace(label))
	return l == "utf-8" || l == "utf8"
}
