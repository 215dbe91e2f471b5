package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// Page is a fetched HTML page.
type Page struct {
	URL          string      `json:"url"`       // canonical URL: the key
	FinalURL     string      `json:"final_url"` // after redirects
	Status       int         `json:"status"`
	ContentType  string      `json:"content_type"`
	Charset      string      `json:"charset"` // the original encoding; Body is UTF-8
	FetchedAt    time.Time   `json:"fetched_at"`
	Depth        int         `json:"depth"`
	Referrer     string      `json:"referrer,omitempty"`
	ETag         string      `json:"etag,omitempty"`
	LastModified string      `json:"last_modified,omitempty"`
	Header       http.Header `json:"header,omitempty"` // response header as received
	Truncated    bool        `json:"truncated,omitempty"`
	Origin       string      `json:"origin,omitempty"` // how its URL was found: "link" (or "", older stores), "sitemap", "feed"
	Lastmod      time.Time   `json:"lastmod,omitzero"` // the sitemap's lastmod or the feed's date, if any
	Round        int         `json:"round,omitempty"`  // the refresh round that fetched this version; 0: the crawl
	RawSize      int         `json:"raw_size"`         // body bytes as received, after decompression
	StoredSize   int         `json:"stored_size"`      // compressed body bytes in the store
	Body         []byte      `json:"-"`                // UTF-8 HTML
}

// Request is a pending fetch in the frontier.
type Request struct {
	URL      string    `json:"url"` // canonical URL
	Depth    int       `json:"depth"`
	Referrer string    `json:"referrer,omitempty"`
	Origin   string    `json:"origin,omitempty"` // how it was found, as Page.Origin; "" is a link
	Lastmod  time.Time `json:"lastmod,omitzero"`
	// Revisit asks for a stored page again (a refresh), with a
	// conditional GET; it is queued although its URL was seen.
	Revisit bool `json:"revisit,omitempty"`
	// Round is the refresh round that queued it; 0: the crawl.
	Round int `json:"round,omitempty"`
}

// Failure is a fetch that did not give a stored page, and why.
type Failure struct {
	URL      string    `json:"url"`
	Reason   string    `json:"reason"` // short, stable code: "http-404", "robots", "content-type", …
	Detail   string    `json:"detail,omitempty"`
	Status   int       `json:"status,omitempty"`
	Depth    int       `json:"depth"`
	Referrer string    `json:"referrer,omitempty"`
	At       time.Time `json:"at"`
}

const pageCodecVersion = 1

var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed)
	return w
}}

// encodePage lays a page out as: version byte, uvarint length of the JSON
// metadata, the metadata, the DEFLATE-compressed body. Keeping the metadata
// in front lets stats read it without inflating the body.
func encodePage(p *Page) ([]byte, error) {
	var body bytes.Buffer
	fw := flateWriters.Get().(*flate.Writer)
	fw.Reset(&body)
	if _, err := fw.Write(p.Body); err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	flateWriters.Put(fw)
	p.RawSize = len(p.Body)
	p.StoredSize = body.Len()
	meta, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, 1+binary.MaxVarintLen64+len(meta)+body.Len())
	out = append(out, pageCodecVersion)
	out = binary.AppendUvarint(out, uint64(len(meta)))
	out = append(out, meta...)
	return append(out, body.Bytes()...), nil
}

// pageBody returns the compressed body of an encoded page record: equal
// bodies compress to equal bytes (same level, same library), so two
// records hold the same body when these are equal.
func pageBody(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	n, k := binary.Uvarint(b[1:])
	if k <= 0 || n > uint64(len(b)-1-k) {
		return nil
	}
	return b[1+k+int(n):]
}

// decodePage reverses encodePage; with withBody false it skips inflating.
func decodePage(b []byte, withBody bool) (*Page, error) {
	if len(b) == 0 || b[0] != pageCodecVersion {
		return nil, errors.New("page record: unknown codec version")
	}
	n, k := binary.Uvarint(b[1:])
	if k <= 0 || n > uint64(len(b)-1-k) {
		return nil, errors.New("page record: bad metadata length")
	}
	meta := b[1+k : 1+k+int(n)]
	p := &Page{}
	if err := json.Unmarshal(meta, p); err != nil {
		return nil, fmt.Errorf("page record: %w", err)
	}
	if !withBody {
		return p, nil
	}
	body, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(b[1+k+int(n):])), int64(p.RawSize)+1))
	if err != nil {
		return nil, fmt.Errorf("page record: body: %w", err)
	}
	if len(body) != p.RawSize {
		return nil, fmt.Errorf("page record: body is %d bytes, want %d", len(body), p.RawSize)
	}
	p.Body = body
	return p, nil
}
