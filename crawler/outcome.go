package crawler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gocolly/colly/v2"
	whatwg "github.com/nlnwa/whatwg-url/url"

	"infocrawl/store"
)

// Failure reasons recorded in the store; stable: scripts read them.
const (
	ReasonRobots            = "robots"
	ReasonRobotsUnreachable = "robots-unreachable"
	ReasonContentType       = "content-type"
	ReasonBinary            = "binary"
	ReasonTimeout           = "timeout"
	ReasonNetwork           = "network"
	ReasonBadURL            = "bad-url"
	ReasonRedirectLoop      = "redirect-loop"
	ReasonTooManyRedirects  = "too-many-redirects"
	ReasonRedirectOffsite   = "redirect-offsite"
	ReasonRedirectSeen      = "redirect-duplicate" // target already crawled under its own URL
)

var (
	errRedirectLoop    = errors.New("redirect loop")
	errTooManyRedirect = errors.New("too many redirects")
	errRedirectOffsite = errors.New("redirect leaves the crawl's hosts")
	errRedirectSeen    = errors.New("redirect to a URL already crawled")
	errRedirectRobots  = errors.New("redirect target disallowed by robots.txt")
	errBadRedirect     = errors.New("bad redirect target")
)

// whatwgParser checks a new URL the way Colly will parse it, so Colly
// cannot reject it later without calling back (its queue drops such
// errors, which would leave the URL in flight forever).
var whatwgParser = whatwg.NewParser(whatwg.WithPercentEncodeSinglePercentSign())

// parsedAgain: a canonical URL that considerKey must still give to the
// WHATWG parser. canonicalize holds hosts to that parser's rules
// (validHostname) and ports to 65535, and the parser fails on nothing
// else but one thing canonicalize takes as it is: an ASCII host's
// punycode labels ("xn--"), which the parser decodes and checks by IDNA.
// Every other URL is taken as it is, and Colly parses it when it fetches.
func parsedAgain(u *url.URL) bool {
	return strings.Contains(u.Host, "xn--")
}

// consider queues u unless robots.txt or Colly would refuse it. The caller
// has claimed u in the seen set.
func (r *run) consider(ctx context.Context, u *url.URL, depth int, referrer string) {
	r.considerKey(ctx, u, u.String(), depth, referrer)
}

// considerKey is consider with u's string, key, known.
func (r *run) considerKey(ctx context.Context, u *url.URL, key string, depth int, referrer string) {
	fail := func(reason, detail string) {
		r.failed.Add(1)
		r.w.PutFailure(store.Failure{URL: key, Reason: reason, Detail: detail, Depth: depth, Referrer: referrer, At: r.opts.Now()})
	}
	if parsedAgain(u) {
		if _, err := whatwgParser.Parse(key); err != nil {
			fail(ReasonBadURL, err.Error())
			return
		}
	}
	ok, err := r.hosts.allowed(ctx, u.Scheme, u.Host, robotsPath(u))
	if err != nil {
		fail(ReasonRobotsUnreachable, err.Error())
		return
	}
	if !ok {
		fail(ReasonRobots, "")
		return
	}
	if err := r.frontier.push(store.Request{URL: key, Depth: depth, Referrer: referrer, Round: r.opts.Round}); err != nil {
		r.opts.Logger.Error("enqueue", "url", key, "err", err)
	}
}

func robotsPath(u *url.URL) string {
	if u.RawQuery == "" {
		return u.EscapedPath()
	}
	return u.EscapedPath() + "?" + u.RawQuery
}

func isHTML(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// onHeaders aborts non-HTML responses before their bodies are read, and
// hides a charset other than UTF-8 from Colly until onResponse puts it
// back (hidesCharset). Colly reads the body into the same header map.
func (r *run) onHeaders(resp *colly.Response) {
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return
	}
	ct := resp.Headers.Get("Content-Type")
	if ct != "" && !isHTML(ct) {
		resp.Ctx.Put(ctxSkip, ct)
		resp.Request.Abort()
		return
	}
	if hidesCharset(ct) {
		mt, _, _ := mime.ParseMediaType(ct)
		resp.Ctx.Put(ctxContentType, ct)
		resp.Headers.Set("Content-Type", mt)
	}
}

func (r *run) onResponse(resp *colly.Response) {
	key := resp.Ctx.Get(ctxKey)
	depth := resp.Request.Depth
	ref := resp.Ctx.Get(ctxReferrer)
	defer r.frontier.done(key)
	alsoSeen := r.takeRedirects(key)

	if ct := resp.Ctx.Get(ctxContentType); ct != "" {
		resp.Headers.Set("Content-Type", ct)
	}
	body := resp.Body
	truncated := int64(len(body)) > r.opts.MaxBodySize
	if truncated {
		body = body[:r.opts.MaxBodySize]
	}
	ct := resp.Headers.Get("Content-Type")
	if reason, detail := sniffNonHTML(body, ct); reason != "" {
		r.skipped.Add(1)
		r.failed.Add(1)
		r.w.PutFailure(store.Failure{URL: key, Reason: reason, Detail: detail, Status: resp.StatusCode, Depth: depth, Referrer: ref, At: r.opts.Now()}, alsoSeen...)
		return
	}
	text, cs := toUTF8(body, ct)
	final := resp.Request.URL
	page := &store.Page{
		URL: key, FinalURL: final.String(), Status: resp.StatusCode, ContentType: ct, Charset: cs,
		FetchedAt: r.opts.Now().UTC(), Depth: depth, Referrer: ref,
		ETag: resp.Headers.Get("ETag"), LastModified: resp.Headers.Get("Last-Modified"),
		Header: resp.Headers.Clone(), Truncated: truncated, Body: text,
		Origin: resp.Ctx.Get(ctxOrigin), Round: r.opts.Round,
	}
	if lm, err := time.Parse(time.RFC3339, resp.Ctx.Get(ctxLastmod)); err == nil {
		page.Lastmod = lm
	}
	links := r.links(page, final) // Follow sees every page, even at the last depth
	if depth < r.opts.Depth {
		r.follow(links, depth+1, key)
	}
	r.queueAgain(page)
	if err := r.w.PutPage(page, alsoSeen...); err != nil {
		r.opts.Logger.Error("store page", "url", key, "err", err)
		return
	}
	r.stored.Add(1)
	r.total.Add(1)
	r.bytes.Add(int64(len(text)))
	if r.opts.Logger.Enabled(context.Background(), slog.LevelDebug) { // its arguments cost allocations
		r.opts.Logger.Debug("stored", "url", key, "depth", depth, "bytes", len(text), "charset", cs)
	}
}

// follow claims the page's links in scope, all at once, and queues those
// claimed here at depth.
func (r *run) follow(links []link, depth int, referrer string) {
	next, keys := make([]link, 0, len(links)), make([]string, 0, len(links))
	for _, l := range links {
		if r.inScope(l.u) {
			next = append(next, l)
			keys = append(keys, l.key)
		}
	}
	for i, mine := range r.seen.addAll(keys, referrer) {
		if mine {
			r.considerKey(context.Background(), next[i].u, next[i].key, depth, referrer)
		}
	}
}

// conditional makes a refresh's request for a stored page conditional on
// the validators the store holds for it.
func (r *run) conditional(db *store.DB, req *colly.Request) {
	if req.Ctx.Get(ctxRevisit) == "" {
		return
	}
	p, err := db.PageMeta(req.Ctx.Get(ctxKey))
	if err != nil {
		return // not stored (yet): an ordinary GET
	}
	if p.ETag != "" {
		req.Headers.Set("If-None-Match", p.ETag)
	}
	if p.LastModified != "" {
		req.Headers.Set("If-Modified-Since", p.LastModified)
	}
}

// queueAgain queues, in a refresh round, the stored pages Again names,
// each once a run, at the page's depth (they are its list's next pages).
func (r *run) queueAgain(p *store.Page) {
	if r.opts.Again == nil || r.opts.Round <= 0 {
		return
	}
	for _, s := range r.opts.Again(p) {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		c, err := canonicalize(u)
		if err != nil || !r.inScope(c) {
			continue
		}
		key := c.String()
		if _, dup := r.again.LoadOrStore(key, struct{}{}); dup {
			continue
		}
		if err := r.frontier.push(store.Request{URL: key, Depth: p.Depth, Referrer: p.URL, Revisit: true, Round: r.opts.Round}); err != nil {
			r.opts.Logger.Error("enqueue", "url", key, "err", err)
		}
	}
}

// links returns the links to follow from a page: all its anchors, or in a
// focused crawl the ones Follow picks. Follow sees every page, even at the
// last depth, so it can learn from each.
func (r *run) links(p *store.Page, final *url.URL) []link {
	if r.opts.Follow == nil {
		if p.Depth >= r.opts.Depth {
			return nil
		}
		return scanLinks(final, p.Body, &r.linkCache, r.needless)
	}
	var out []link
	for _, s := range r.opts.Follow(p) {
		if u, err := url.Parse(s); err == nil {
			if c, err := canonicalize(u); err == nil {
				out = append(out, link{u: c, key: c.String()})
			}
		}
	}
	return out
}

// needless: following href cannot reach a page the crawl wants and has
// not seen: it names the page itself ("#top"), or plainly leads out of
// scope (offScope).
func (r *run) needless(href string) bool {
	return strings.HasPrefix(strings.TrimSpace(href), "#") || offScope(href, r.entry.Hostname(), r.opts.AllowDomains)
}

// sniffNonHTML catches what the headers did not: no Content-Type and not
// HTML, or binary bytes behind a text/html label.
func sniffNonHTML(body []byte, ct string) (reason, detail string) {
	head := body[:min(len(body), 1024)]
	if ct == "" {
		if sniffed := http.DetectContentType(head); !strings.HasPrefix(sniffed, "text/html") && !strings.HasPrefix(sniffed, "text/plain") {
			return ReasonContentType, "sniffed " + sniffed
		}
	}
	utf16 := bytes.HasPrefix(head, []byte{0xFE, 0xFF}) || bytes.HasPrefix(head, []byte{0xFF, 0xFE})
	if !utf16 && bytes.IndexByte(head, 0) >= 0 {
		return ReasonBinary, "NUL bytes in a page labelled " + ct
	}
	return "", ""
}

func (r *run) onError(resp *colly.Response, err error) {
	key := resp.Ctx.Get(ctxKey)
	defer r.frontier.done(key)
	alsoSeen := r.takeRedirects(key)
	if errors.Is(err, errShutdown) {
		r.frontier.abandon(key) // no outcome: the URL stays in the frontier for the next run
		return
	}
	if resp.StatusCode == http.StatusNotModified && resp.Ctx.Get(ctxRevisit) != "" {
		r.w.NotModified(key, r.opts.Round, resp.StatusCode, resp.Ctx.Get(ctxReferrer))
		r.opts.Logger.Debug("not modified", "url", key)
		return
	}
	f := store.Failure{URL: key, Status: resp.StatusCode, Depth: resp.Request.Depth, Referrer: resp.Ctx.Get(ctxReferrer), At: r.opts.Now()}
	f.Reason, f.Detail = classify(resp, err)
	if f.Reason == ReasonContentType {
		r.skipped.Add(1)
	}
	r.failed.Add(1)
	r.w.PutFailure(f, alsoSeen...)
	r.opts.Logger.Debug("failed", "url", key, "reason", f.Reason, "detail", f.Detail)
}

func classify(resp *colly.Response, err error) (reason, detail string) {
	if ct := resp.Ctx.Get(ctxSkip); ct != "" {
		return ReasonContentType, ct
	}
	for _, c := range []struct {
		err    error
		reason string
	}{
		{errRedirectLoop, ReasonRedirectLoop}, {errTooManyRedirect, ReasonTooManyRedirects},
		{errRedirectOffsite, ReasonRedirectOffsite}, {errRedirectSeen, ReasonRedirectSeen},
		{errRedirectRobots, ReasonRobots}, {errBadRedirect, ReasonBadURL},
	} {
		if errors.Is(err, c.err) {
			return c.reason, err.Error()
		}
	}
	if resp.StatusCode >= 300 {
		return fmt.Sprintf("http-%d", resp.StatusCode), http.StatusText(resp.StatusCode)
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return ReasonTimeout, err.Error()
	}
	return ReasonNetwork, err.Error()
}

// redirect is Colly's redirect handler: it bounds chains, ends loops and
// never follows a redirect to a URL the crawl has (or will have) fetched
// under its own key.
func (r *run) redirect(req *http.Request, via []*http.Request) error {
	if len(via) >= r.opts.MaxRedirects {
		return fmt.Errorf("%w: %d", errTooManyRedirect, len(via))
	}
	target, err := canonicalize(req.URL)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", errBadRedirect, req.URL, err)
	}
	t := target.String()
	origin, err := canonicalize(via[0].URL)
	if err != nil {
		return fmt.Errorf("%w: %v", errBadRedirect, err)
	}
	key := origin.String()
	// A page may redirect straight to itself once (sites do, to set a
	// cookie); any other return to a URL of the chain is a loop.
	times, last := 0, ""
	for _, v := range via {
		if c, err := canonicalize(v.URL); err == nil {
			if last = c.String(); last == t {
				times++
			}
		}
	}
	switch {
	case times == 1 && last == t && len(via) == 1:
		return nil
	case times > 0:
		return fmt.Errorf("%w: back to %s", errRedirectLoop, t)
	}
	if !r.inScope(target) {
		return fmt.Errorf("%w: %s", errRedirectOffsite, t)
	}
	if ok, err := r.hosts.allowed(req.Context(), target.Scheme, target.Host, robotsPath(target)); err != nil || !ok {
		return fmt.Errorf("%w: %s", errRedirectRobots, t)
	}
	if !r.seen.add(t, key) {
		return fmt.Errorf("%w: %s", errRedirectSeen, t)
	}
	prev, _ := r.redirects.Load(key)
	targets, _ := prev.([]string)
	r.redirects.Store(key, append(targets, t))
	return nil
}

func (r *run) takeRedirects(key string) []string {
	v, ok := r.redirects.LoadAndDelete(key)
	if !ok {
		return nil
	}
	return v.([]string)
}
