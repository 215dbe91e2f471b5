package view

import (
	"errors"
	"fmt"
	"net/url"

	"infocrawl/mine"
	"infocrawl/store"
)

// Options configures Page and Handler. The zero value means the defaults.
type Options struct {
	// Mine are the options the store was mined with: template thresholds
	// decide which elements are grey. Zero values are mine's defaults.
	Mine mine.Options
	// Home, when set, is an absolute URL the legend links back to (the
	// local UI's index). Relative links would resolve against the page's
	// own <base>.
	Home string
	// Nonce is the CSP nonce of the view's own script; empty means a
	// fresh one per page. Serve sends the same nonce in its CSP header.
	Nonce string
	// Hosts, for Handler, are the Host header values it answers (the
	// address it listens on): any other Host is refused, so a site whose
	// name a DNS rebinding points at 127.0.0.1 cannot read the UI. The
	// first is the legend's link home. Empty: every Host, and no link.
	Hosts []string
}

// Page renders the stored page u with its blocks outlined. It fails with
// ErrNotStored or ErrNotMined when there is nothing to show.
func Page(db *store.DB, u string, opts Options) ([]byte, error) {
	p, err := db.Page(u)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("view: %w: %s", ErrNotStored, u)
	}
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	res, err := mine.LoadResult(db, u)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("view: %s: %w", u, ErrNotMined)
	}
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	state, err := mine.LoadClusterState(db, res.Cluster)
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	raw := p.FinalURL
	if raw == "" { // not redirected
		raw = p.URL
	}
	final, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("view: page %s: URL: %w", u, err)
	}
	return Render(p.Body, final, res, state, opts)
}
