package crawler

import (
	"context"
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
	data, err := h.fetch(ctx, scheme+"://"+host+"/robots.txt")
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

func (h *hosts) fetch(ctx context.Context, u string) (*robotstxt.RobotsData, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", h.userAgent)
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 512<<10)) // RFC 9309: at least 500 KiB
	if err != nil {
		return nil, err
	}
	// RFC 9309 §2.3.1.4: 5xx (after the transport's retries) is "disallow
	// all". robotstxt's FindGroup ignores its own disallow-all marker and
	// would allow everything, so it is an error here, like no answer.
	if resp.StatusCode >= 500 {
		return nil, fmt.Errorf("HTTP %d (server error: the host is not crawled this run)", resp.StatusCode)
	}
	// 4xx: no rules.
	return robotstxt.FromStatusAndBytes(resp.StatusCode, body)
}
