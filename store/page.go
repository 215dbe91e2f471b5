package store

import (
	"net/http"
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
