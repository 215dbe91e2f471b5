package crawler

import (
	"net/url"
	"sync"

	"infocrawl/store"
)

// collyStorage is Colly's storage.Storage over the store: cookies survive a
// resumed crawl. Colly's own visited check (IsVisited then Visited, a read
// and a later write keyed by the raw URL) lets goroutines that find one
// link at once all fetch it (docs/CRAWLER.md), so the crawler turns it off
// (AllowURLRevisit) and keeps the canonical seen set itself; Visited and
// IsVisited here serve only Collector.HasVisited.
type collyStorage struct {
	db *store.DB
	w  *store.Writer

	mu      sync.Mutex // protects cookies and visited
	cookies map[string]string
	visited map[uint64]struct{}
}

func newCollyStorage(db *store.DB, w *store.Writer) *collyStorage {
	return &collyStorage{db: db, w: w, cookies: map[string]string{}, visited: map[uint64]struct{}{}}
}

func (s *collyStorage) Init() error { return nil }

func (s *collyStorage) Visited(id uint64) error {
	s.mu.Lock()
	s.visited[id] = struct{}{}
	s.mu.Unlock()
	return nil
}

func (s *collyStorage) IsVisited(id uint64) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.visited[id]
	return ok, nil
}

// Cookies returns the host's cookies, loading them from the store on first use.
func (s *collyStorage) Cookies(u *url.URL) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.cookies[u.Host]
	if !ok {
		c, _ = s.db.Cookies(u.Host) // a read error means no cookies, as on a first visit
		s.cookies[u.Host] = c
	}
	return c
}

func (s *collyStorage) SetCookies(u *url.URL, cookies string) {
	s.mu.Lock()
	changed := s.cookies[u.Host] != cookies
	s.cookies[u.Host] = cookies
	s.mu.Unlock()
	if changed {
		s.w.SetCookies(u.Host, cookies) // a failed commit surfaces through the writer's Err
	}
}
