package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"infocrawl/mine"
	"infocrawl/store"
)

// errSkip tells eachResult that a writer left a record out (Options.Since).
var errSkip = errors.New("skip")

// The change field of a --since export.
const (
	ChangeNew     = "new"     // no earlier version: the page is new since then
	ChangeUpdated = "updated" // its mined content differs from its previous version's
)

// changeSince says whether the page at key belongs in an export of what
// changed since a time, and how: fetched since then with no earlier
// version is new; fetched since then with an earlier version whose mined
// title, text or links differ is updated. A page fetched again whose
// mined content is the same (a list whose sidebar changed, say) is left
// out.
func changeSince(db *store.DB, key string, r *mine.Result, p *store.Page, since time.Time) (string, error) {
	if p.FetchedAt.Before(since) {
		return "", errSkip
	}
	vs, err := db.Versions(key)
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	if len(vs) == 0 {
		return ChangeNew, nil
	}
	if vs[0].Mined == nil {
		return ChangeUpdated, nil
	}
	var prev mine.Result
	if err := json.Unmarshal(vs[0].Mined, &prev); err != nil {
		return "", fmt.Errorf("export: earlier result of %s: %w", key, err)
	}
	if prev.Title == r.Title && prev.MainText() == r.MainText() && slices.Equal(prev.TOCLinks(), r.TOCLinks()) {
		return "", errSkip
	}
	return ChangeUpdated, nil
}
