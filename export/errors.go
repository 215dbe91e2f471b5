package export

import "errors"

// ErrNotMined is returned when an export of mined results finds a store
// that has none.
var ErrNotMined = errors.New("the store has no mining results: run infocrawl mine first")
