package crawler

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
)

// How a URL entered the crawl; a page records it (store.Page.Origin).
const (
	OriginLink    = "link"    // found in a page's links ("" in older stores)
	OriginSitemap = "sitemap" // listed by a sitemap
	OriginFeed    = "feed"    // listed by an RSS or Atom feed
)

// Found is a URL a sitemap or a feed lists.
type Found struct {
	URL     string    // canonical, in the crawl's scope and allowed by robots.txt
	Origin  string    // OriginSitemap or OriginFeed
	Lastmod time.Time // the sitemap's lastmod (or Google News publication date), the feed item's date; zero if none
}

// DiscoverOptions bounds Discover. The zero value means the defaults.
type DiscoverOptions struct {
	// Feeds are feed URLs found on the site's pages (FeedLinks).
	Feeds []string
	// MaxDepth bounds how deep sitemap indexes nest (an index is depth 1).
	// 0 means 3.
	MaxDepth int
	// MaxURLs bounds the URLs returned, over all sitemaps and feeds.
	// 0 means 50,000 (the protocol's limit for one sitemap).
	MaxURLs int
	// MaxBytes cuts each sitemap or feed after decompression. 0 means
	// 50 MiB (the protocol's limit).
	MaxBytes int64
}

func (o DiscoverOptions) withDefaults() DiscoverOptions {
	if o.MaxDepth <= 0 {
		o.MaxDepth = 3
	}
	if o.MaxURLs <= 0 {
		o.MaxURLs = 50000
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 50 << 20
	}
	return o
}

// Discover reads where the site at entry publishes its stories: the
// sitemaps its robots.txt names (else /sitemap.xml), sitemap indexes,
// gzip'd and Google News sitemaps, and the feeds in o.Feeds. Sitemaps are
// streamed, never held whole. It returns the URLs they list that are in
// the crawl's scope and allowed by robots.txt, each once; a sitemap or
// feed that fails is logged and skipped, so what the others gave is kept.
// It stores nothing: the caller queues what it wants.
func (c *Crawler) Discover(ctx context.Context, entry string, o DiscoverOptions) ([]Found, error) {
	o = o.withDefaults()
	key, err := Canonical(entry)
	if err != nil {
		return nil, fmt.Errorf("crawler: entry URL %q: %w", entry, err)
	}
	entryURL, _ := url.Parse(key)
	opts := c.opts
	tr := &transport{next: opts.Transport, retries: opts.Retries, backoff: opts.RetryBackoff, maxWait: 2 * time.Minute,
		timeout: opts.Timeout, maxBody: o.MaxBytes}
	if tr.next == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.DisableCompression = true // ours decodes, under the cap
		defer t.CloseIdleConnections()
		tr.next = t
	}
	delay := opts.Delay
	d := &discovery{
		ctx: ctx, o: o, r: &run{opts: opts, entry: entryURL}, tr: tr, logger: opts,
		seen: map[string]bool{}, fetched: map[string]bool{},
	}
	d.r.hosts = &hosts{
		client: &http.Client{Transport: tr}, userAgent: opts.UserAgent, ignore: opts.IgnoreRobots, logger: opts.Logger,
		byHost: map[string]*hostRules{},
		onNewHost: func(_ string, crawlDelay time.Duration) {
			delay = max(delay, crawlDelay)
		},
	}
	if _, err := d.r.hosts.allowed(ctx, entryURL.Scheme, entryURL.Host, "/robots.txt"); err != nil {
		return nil, fmt.Errorf("crawler: sitemaps of %s: %w", key, err)
	}
	d.delay = delay
	sitemaps := d.r.hosts.sitemaps(entryURL.Host)
	if len(sitemaps) == 0 {
		sitemaps = []string{entryURL.Scheme + "://" + entryURL.Host + "/sitemap.xml"}
	}
	for _, sm := range sitemaps {
		d.sitemap(sm, 1)
	}
	for _, f := range o.Feeds {
		d.feed(f)
	}
	if ctx.Err() != nil {
		return d.found, ctx.Err()
	}
	return d.found, nil
}

// discovery is the state of one Discover.
type discovery struct {
	ctx     context.Context
	o       DiscoverOptions
	r       *run // scope and robots.txt
	tr      *transport
	logger  Options
	delay   time.Duration
	last    time.Time
	seen    map[string]bool // URLs found
	fetched map[string]bool // sitemaps and feeds read: an index naming itself is read once
	found   []Found
}

var errMaxURLs = errors.New("URL limit reached")

// add keeps a listed URL if it is in scope, allowed and new.
func (d *discovery) add(raw, origin string, lastmod time.Time) error {
	if len(d.found) >= d.o.MaxURLs {
		return errMaxURLs
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil
	}
	c, err := canonicalize(u)
	if err != nil || !d.r.inScope(c) || d.seen[c.String()] {
		return nil
	}
	if ok, err := d.r.hosts.allowed(d.ctx, c.Scheme, c.Host, robotsPath(c)); err != nil || !ok {
		return nil
	}
	d.seen[c.String()] = true
	d.found = append(d.found, Found{URL: c.String(), Origin: origin, Lastmod: lastmod})
	return nil
}

// open fetches a sitemap or feed in scope, once, politely, and returns its
// body (gunzipped if it is gzip'd; the transport already decoded any
// Content-Encoding) cut at MaxBytes.
func (d *discovery) open(raw string) (io.ReadCloser, *url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, nil, err
	}
	c, err := canonicalize(u)
	if err != nil {
		return nil, nil, err
	}
	if d.fetched[c.String()] {
		return nil, nil, errors.New("already read")
	}
	d.fetched[c.String()] = true
	if !d.r.inScope(c) {
		return nil, nil, errors.New("off the crawl's hosts")
	}
	if ok, err := d.r.hosts.allowed(d.ctx, c.Scheme, c.Host, robotsPath(c)); err != nil || !ok {
		return nil, nil, errors.New("disallowed by robots.txt")
	}
	if wait := d.delay - time.Since(d.last); wait > 0 {
		select {
		case <-time.After(wait):
		case <-d.ctx.Done():
			return nil, nil, d.ctx.Err()
		}
	}
	req, err := http.NewRequestWithContext(d.ctx, http.MethodGet, c.String(), nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("User-Agent", d.logger.UserAgent)
	resp, err := (&http.Client{Transport: d.tr}).Do(req)
	d.last = time.Now()
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	br := bufio.NewReader(resp.Body)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			resp.Body.Close()
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		return readCloser{io.LimitReader(zr, d.o.MaxBytes), resp.Body}, c, nil
	}
	return readCloser{br, resp.Body}, c, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// sitemap streams one sitemap or sitemap index, token by token.
func (d *discovery) sitemap(raw string, depth int) {
	body, u, err := d.open(raw)
	if err != nil {
		d.logger.Logger.Warn("sitemap skipped", "url", raw, "err", err)
		return
	}
	defer body.Close()
	var children []string
	err = d.streamSitemap(body, func(loc string, lastmod time.Time, index bool) error {
		if index {
			children = append(children, loc)
			return nil
		}
		return d.add(loc, OriginSitemap, lastmod)
	})
	if err != nil && !errors.Is(err, errMaxURLs) {
		d.logger.Logger.Warn("sitemap cut short", "url", u.String(), "err", fmt.Errorf("crawler: sitemap %s: %w", u, err))
	}
	for _, ch := range children {
		if depth >= d.o.MaxDepth {
			d.logger.Logger.Warn("sitemap index too deep", "url", ch, "depth", depth+1)
			continue
		}
		d.sitemap(ch, depth+1)
	}
}

// streamSitemap calls each for every <url> (index false) or <sitemap>
// (index true) entry, with its loc and lastmod (a Google News
// publication_date when there is no lastmod). Names are matched by local
// name, so namespace prefixes do not matter.
func (d *discovery) streamSitemap(r io.Reader, each func(loc string, lastmod time.Time, index bool) error) error {
	dec := xml.NewDecoder(r)
	dec.CharsetReader = charset.NewReaderLabel
	dec.Strict = false
	var loc, lastmod, published, field string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "url", "sitemap":
				loc, lastmod, published = "", "", ""
			}
			field = t.Name.Local
		case xml.CharData:
			switch field {
			case "loc":
				loc += string(t)
			case "lastmod":
				lastmod += string(t)
			case "publication_date":
				published += string(t)
			}
		case xml.EndElement:
			field = ""
			if t.Name.Local != "url" && t.Name.Local != "sitemap" || strings.TrimSpace(loc) == "" {
				continue
			}
			when := parseW3CDate(lastmod)
			if when.IsZero() {
				when = parseW3CDate(published)
			}
			if err := each(strings.TrimSpace(loc), when, t.Name.Local == "sitemap"); err != nil {
				return err
			}
		}
	}
}

// parseW3CDate reads the W3C datetime forms sitemaps use.
func parseW3CDate(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", "2006-01-02", "2006-01", "2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

// feed reads an RSS or Atom feed with gofeed, which parses it as it reads
// and decodes its declared charset.
func (d *discovery) feed(raw string) {
	body, u, err := d.open(raw)
	if err != nil {
		d.logger.Logger.Warn("feed skipped", "url", raw, "err", err)
		return
	}
	defer body.Close()
	f, err := gofeed.NewParser().Parse(io.LimitReader(body, d.o.MaxBytes))
	if err != nil {
		d.logger.Logger.Warn("feed unreadable", "url", u.String(), "err", fmt.Errorf("crawler: feed %s: %w", u, err))
		return
	}
	for _, it := range f.Items {
		var when time.Time
		if it.PublishedParsed != nil {
			when = it.PublishedParsed.UTC()
		} else if it.UpdatedParsed != nil {
			when = it.UpdatedParsed.UTC()
		}
		link := it.Link
		if link == "" && len(it.Links) > 0 {
			link = it.Links[0]
		}
		if link == "" {
			continue
		}
		if l, err := u.Parse(link); err == nil {
			link = l.String()
		}
		if err := d.add(link, OriginFeed, when); err != nil {
			return
		}
	}
}

// FeedLinks returns the RSS and Atom feeds a page announces with <link
// rel="alternate" type="application/rss+xml"> (or atom+xml), resolved
// against the page URL.
func FeedLinks(page *url.URL, body []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []string
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if a := atom.Lookup(name); a == atom.Body {
			return out
		} else if a != atom.Link || !hasAttr {
			continue
		}
		var rel, typ, href string
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			switch string(k) {
			case "rel":
				rel = strings.ToLower(string(v))
			case "type":
				typ = strings.ToLower(strings.TrimSpace(string(v)))
			case "href":
				href = string(v)
			}
		}
		if !strings.Contains(" "+rel+" ", " alternate ") || (typ != "application/rss+xml" && typ != "application/atom+xml") || href == "" {
			continue
		}
		if u, err := page.Parse(strings.TrimSpace(href)); err == nil {
			out = append(out, u.String())
		}
	}
}
