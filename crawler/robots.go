package crawler

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/temoto/robotstxt"
)

// hosts fetches each host's robots.txt once, on first sight of the host,
// and tells the crawler the host's rules and Crawl-delay.
type hosts struct {
	client    *http.Client
	userAgent string
	ignore    bool
	logger    *slog.Logger
	onNewHost func(host string, crawlDelay time.Duration)
	// shared, when set, gives the robots.txt another process of the job
	// fetched, or fetches it through the function it is given.
	shared func(ctx context.Context, host string, fetch func(context.Context) RobotsFile) RobotsFile

	mu sync.Mutex // protects byHost
	// byHost holds one entry per host; its once makes other goroutines
	// wait for the first one's fetch instead of fetching again.
	byHost map[string]*hostRules
}

type hostRules struct {
	once     sync.Once
	group    *robotstxt.Group // nil: everything allowed
	sitemaps []string         // the Sitemap lines
	err      error
}

// allowed reports whether robots.txt lets us fetch path on scheme://host.
func (h *hosts) allowed(ctx context.Context, scheme, host, pathAndQuery string) (bool, error) {
	h.mu.Lock()
	r, ok := h.byHost[host]
	if !ok {
		r = &hostRules{}
		h.byHost[host] = r
	}
	h.mu.Unlock()
	r.once.Do(func() { h.load(ctx, r, scheme, host) })
	if r.err != nil {
		return false, r.err
	}
	return r.group == nil || r.group.Test(pathAndQuery), nil
}

// sitemaps returns the Sitemap lines of a host's robots.txt (read by an
// earlier allowed call).
func (h *hosts) sitemaps(host string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.byHost[host]; r != nil {
		return r.sitemaps
	}
	return nil
}

func (h *hosts) load(ctx context.Context, r *hostRules, scheme, host string) {
	var delay time.Duration
	defer func() { h.onNewHost(host, delay) }()
	if h.ignore {
		return
	}
	u := scheme + "://" + host + "/robots.txt"
	var file RobotsFile
	if h.shared != nil {
		file = h.shared(ctx, host, func(ctx context.Context) RobotsFile { return h.fetch(ctx, u) })
	} else {
		file = h.fetch(ctx, u)
	}
	data, err := file.parse()
	if err != nil {
		// RFC 9309 §2.3.1.4: an unreachable robots.txt means "disallow all".
		r.err = fmt.Errorf("robots.txt of %s unreachable: %w", host, err)
		h.logger.Warn("robots.txt unreachable; not crawling the host", "host", host, "err", err)
		return
	}
	r.sitemaps = data.Sitemaps
	r.group = data.FindGroup(h.userAgent)
	if r.group != nil {
		delay = r.group.CrawlDelay
	}
}

func (h *hosts) fetch(ctx context.Context, u string) RobotsFile {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return RobotsFile{Err: err.Error()}
	}
	req.Header.Set("User-Agent", h.userAgent)
	resp, err := h.client.Do(req)
	if err != nil {
		return RobotsFile{Err: err.Error()}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 512<<10)) // RFC 9309: at least 500 KiB
	if err != nil {
		return RobotsFile{Err: err.Error()}
	}
	return RobotsFile{Status: resp.StatusCode, Body: body}
}

func (f RobotsFile) parse() (*robotstxt.RobotsData, error) {
	if f.Err != "" {
		return nil, errors.New(f.Err)
	}
	// RFC 9309 §2.3.1.4: 5xx (after the transport's retries) is "disallow
	// all". robotstxt's FindGroup ignores its own disallow-all marker and
	// would allow everything, so it is an error here, like no answer.
	if f.Status >= 500 {
		return nil, fmt.Errorf("HTTP %d (server error: the host is not crawled this run)", f.Status)
	}
	// 4xx: no rules.
	return robotstxt.FromStatusAndBytes(f.Status, f.Body)
}
