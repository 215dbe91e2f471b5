package focus

import (
	"sort"
	"sync"

	"infocrawl/mine"
	"infocrawl/store"
)

// tocSeeds returns the links the focused crawl starts from: those the
// stored pages give by known.follow, taken in crawl order (by depth, then
// URL), each one hop deeper than its page.
func tocSeeds(db *store.DB, known *stories) ([]store.Request, error) {
	depth := map[string]int{}
	err := db.Pages(false, func(p *store.Page) error { depth[p.URL] = p.Depth; return nil })
	if err != nil {
		return nil, err
	}
	type listed struct {
		url   string
		links []string
	}
	var pages []listed
	err = mine.EachResult(db, func(key string, r *mine.Result) error {
		if len(r.TOC) > 0 {
			pages = append(pages, listed{key, known.follow(r)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(pages, func(i, j int) bool { return depth[pages[i].url] < depth[pages[j].url] })
	var seeds []store.Request
	for _, p := range pages {
		for _, l := range p.links {
			seeds = append(seeds, store.Request{URL: l, Depth: depth[p.url] + 1, Referrer: p.url})
		}
	}
	return seeds, nil
}

// stories is the set of story links the focused crawl has been given.
// A site lists each story on many lists (home, section, month, tag,
// author); once a page of a list names no story the crawl did not know,
// the list's further pages are not worth their fetches.
type stories struct {
	mu   sync.Mutex // guards seen
	seen map[string]bool
}

func newStories() *stories { return &stories{seen: map[string]bool{}} }

// follow returns a fetched page's TOC links, and its pagination when at
// least half of those links are new.
func (s *stories) follow(r *mine.Result) []string {
	links := r.TOCLinks()
	s.mu.Lock()
	fresh := 0
	for _, l := range links {
		if !s.seen[l] {
			s.seen[l] = true
			fresh++
		}
	}
	s.mu.Unlock()
	if 2*fresh >= len(links) && fresh > 0 {
		for _, l := range r.Pagination {
			links = append(links, l.URL)
		}
	}
	return links
}
