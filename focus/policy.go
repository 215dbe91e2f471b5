package focus

import (
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"

	"infocrawl/crawler"
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
	err = mine.EachTOC(db, func(key string, r *mine.Result) error {
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

// stories is what the focused crawl knows of the site's lists: the story
// links it has been given, and for each list it walks page by page (a
// chain) how many of its pages in a row brought no new story.
//
// A site lists each story on many lists (home, section, month, tag,
// author, their "popular" and "random" variants), so most lists' first
// pages repeat stories seen elsewhere, while their later pages hold the
// archive. Stopping a list at its first page that brings nothing new loses
// that archive; following every list to its end pays for every list. So a
// list's own further pages are followed until patience pages in a row
// brought nothing new, and patience is learnt from the site: it starts at
// defaultPatience and grows past every dry run that a list's later page
// ended with new stories. Pagination to other lists (a variant of the list,
// the next day of a calendar) is followed only from a page whose links are
// at least half new.
type stories struct {
	mu       sync.Mutex // guards the fields below
	seen     map[string]bool
	chains   map[string]int // chain key -> pages in a row with no new story
	patience int
	// Pages followed on patience alone (their page brought nothing new)
	// and not mined yet; tried of them were mined, paid brought new
	// stories. Until one pays, at most probeBudget are tried: on a site
	// whose lists hold nothing past a dry page, patience costs little.
	probes      map[string]bool
	tried, paid int
}

// defaultPatience lets a list whose first two pages repeat stories listed
// elsewhere (a home page often shows a front's first pages) show its third.
// Measured: 2, 3 and 4 all reach every story of the deep-archive test site
// (its lists link their last page, which brings new stories); on whizzy
// they cost 8, 9 and 11 fetches more than stopping at the first dry page.
const defaultPatience = 3

// probeBudget is how many pages followed on patience alone may be tried
// before one of them brings a new story.
const probeBudget = 8

func newStories() *stories {
	return &stories{seen: map[string]bool{}, chains: map[string]int{}, probes: map[string]bool{}, patience: defaultPatience}
}

// give records links the crawl was given otherwise (stored pages, queued
// URLs, sitemaps and feeds), so lists naming only them bring nothing new.
func (s *stories) give(links ...string) {
	s.mu.Lock()
	for _, l := range links {
		s.seen[l] = true
	}
	s.mu.Unlock()
}

// follow returns a fetched page's TOC links, and the pagination the policy
// above allows.
func (s *stories) follow(r *mine.Result) []string {
	links := r.TOCLinks()
	chain := chainKey(r.Key)
	s.mu.Lock()
	defer s.mu.Unlock()
	fresh := 0
	for _, l := range links {
		if !s.seen[l] {
			s.seen[l] = true
			fresh++
		}
	}
	if s.probes[r.Key] {
		delete(s.probes, r.Key)
		s.tried++
		if fresh > 0 {
			s.paid++
		}
	}
	dry := s.chains[chain]
	if fresh > 0 {
		if dry+1 > s.patience {
			s.patience = dry + 1 // a dry run this long ended in new stories
		}
		dry = 0
	} else {
		dry++
	}
	s.chains[chain] = dry
	productive := fresh > 0 && 2*fresh >= len(links)
	patient := dry < s.patience && (s.paid > 0 || s.tried+len(s.probes) < probeBudget)
	for _, l := range r.Pagination {
		switch {
		case productive:
		case patient && chainKey(l.URL) == chain:
			if fresh == 0 {
				if c, err := crawler.Canonical(l.URL); err == nil && !s.probes[c] {
					s.probes[c] = true
				}
			}
		default:
			continue
		}
		links = append(links, l.URL)
	}
	return links
}

// Patience returns the number of pages in a row with no new story after
// which a list is no longer followed, as learnt so far.
func (s *stories) Patience() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.patience
}

// pageInPath is a page number at the end of a path: /page/3/, /p/3.
var pageInPath = regexp.MustCompile(`(?i)/(page|p|pg|seite|pagina)/\d+/?$`)

// chainParams are query parameters that number a list's pages or track
// the visit: pages that differ only in them are pages of one list.
var chainParams = map[string]bool{"page": true, "paged": true, "pg": true, "pn": true, "pagenum": true,
	"start": true, "offset": true, "ref": true}

// chainKey identifies the list a page belongs to: its canonical URL
// without page number or tracking parameters. "/world/?page=3&ref=nav"
// and "/world/" are one chain, "/world/?filter_by=popular" another.
func chainKey(raw string) string {
	c, err := crawler.Canonical(raw)
	if err != nil {
		return raw
	}
	u, err := url.Parse(c)
	if err != nil {
		return c
	}
	u.Path = pageInPath.ReplaceAllString(u.Path, "/")
	u.RawPath = ""
	q := u.Query()
	for k := range q {
		if chainParams[strings.ToLower(k)] || strings.HasPrefix(strings.ToLower(k), "utm_") {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}
