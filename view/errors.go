package view

import "errors"

var (
	// ErrNotStored is returned for a URL the store has no page for.
	ErrNotStored = errors.New("page not stored")
	// ErrNotMined is returned for a stored page with no mining result.
	ErrNotMined = errors.New("page not mined yet: run infocrawl mine")
)
