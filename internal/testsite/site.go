package testsite

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"sync"
	"time"
)

// Section titles shown on the pages of the non-English sections, so tests can
// assert the decoded text.
const (
	TaiwanSectionTitle = "台灣新聞"    // title of the "taiwan" section (served in Big5)
	JapanSectionTitle  = "日本のニュース" // title of the "japan" section (served in Shift_JIS)
)

// URIs of the special pages. All are canonical site URIs.
const (
	RobotsURI   = "/robots.txt"                        // text/plain; disallows /private/
	PrivateURI  = "/private/subscribers.html"          // an HTML page that robots.txt disallows; linked from every footer
	AboutURI    = "/about.html"                        // static page; links the loop, the PDF and the JPEG
	ContactURI  = "/contact.html"                      // static page
	PrivacyURI  = "/privacy.html"                      // static page
	TermsURI    = "/terms.html"                        // static page
	ArchiveURI  = "/archive/2024-03-15"                // entry of the endless calendar trap; linked from every footer
	OldNewsURI  = "/old/latest-news"                   // 301 to the first section front (/world/ by default)
	LoopAURI    = "/loop/a"                            // 302 to LoopBURI
	LoopBURI    = "/loop/b"                            // 302 to LoopAURI
	PDFURI      = "/files/annual-report-2024.pdf"      // application/pdf
	JPEGURI     = "/img/newsroom.jpg"                  // image/jpeg
	RemovedURI  = "/world/this-story-was-removed.html" // 404; linked from one article
	ArchivePath = "/archive/"                          // prefix of the calendar pages /archive/YYYY-MM-DD
)

// DefaultSections returns the names of the five default sections, in order.
func DefaultSections() []string {
	return []string{"world", "business", "tech", "taiwan", "japan"}
}

// Options configures a Site. The zero value gives the default site.
type Options struct {
	Sections           []string // section names; empty = DefaultSections(). Unknown names become English sections.
	ArticlesPerSection int      // articles per section; <= 0 means 60
	PageSize           int      // articles per section-front page; <= 0 means 10
	Seed               int64    // seed of the content generator; 0 means 1
	// DeepArchive gives the site the deep archive of a real news site
	// (see deep.go): section fronts paginated page by page ("1 … 6 7 8 …
	// 24"), "popular" and "random" variants of each front that repeat its
	// first page's stories, paginated author and tag archives, related
	// lists that name only the newest stories, and ?replytocom= comment
	// links. Stories past the first page are reachable only through deep
	// list pages.
	DeepArchive bool
	// Sitemaps serves robots.txt Sitemap lines, a sitemap index with two
	// child sitemaps (the second gzip'd), a Google News sitemap and an RSS
	// feed linked from every page's head.
	Sitemaps bool
	// Validators serves ETag and Last-Modified headers (see validators
	// for which pages get which) and answers a conditional GET whose
	// validators match with 304 and no body; with IgnoreConditional too,
	// the headers are served but every answer is 200, like servers that
	// ignore conditional requests.
	Validators, IgnoreConditional bool
	// PublishEvery is how often the clock publishes a story (Advance);
	// 0 means one an hour.
	PublishEvery time.Duration
	// PageBytes, when positive, pads every article with more paragraphs
	// of its section's prose until its page is at least this many bytes
	// (before compression), as on a real news site (BenchmarkCrawl's
	// 100 KB site). 0 leaves the pages as they are.
	PageBytes int
}

// Site is one generated news website. It is safe for concurrent use.
type Site struct {
	opts     Options
	sections []*section
	secBy    map[string]*section
	articles []*article          // all articles, section by section, newest first
	byPath   map[string]*article // article path -> article
	byDay    map[string][]*article
	ticker   []*article // 5 latest articles, shown on every page
	mostRead []*article // 5 "most read" articles, shown on every page
	flaky    *article   // answers 500 on its first request
	special  map[*article]string

	lists  map[string]*archiveList // DeepArchive's author and tag archives, by "kind/slug"
	byTime []*article              // all articles, newest first

	cache sync.Map // render key -> *rendered

	// clockMu guards the clock and what Advance changes: held for writing
	// by Advance, for reading while a request is answered.
	clockMu     sync.RWMutex
	elapsed     time.Duration // how far Advance moved the clock
	publishedN  int           // stories Advance published
	corrections int           // stories Advance corrected

	mu        sync.Mutex
	hits      map[string]int
	flakyDone bool
	modified  map[string]modRecord // request URI -> when its body last changed
}

var reservedNames = map[string]bool{
	"files": true, "img": true, "archive": true, "old": true, "loop": true, "private": true,
	"author": true, "tag": true, "feed": true,
}

// New generates the site described by opts. It panics if a section name is
// empty, repeated, reserved (files, img, archive, old, loop, private, author, tag, feed) or not
// made of lowercase ASCII letters, digits and hyphens.
func New(opts Options) *Site {
	if len(opts.Sections) == 0 {
		opts.Sections = DefaultSections()
	}
	if opts.ArticlesPerSection <= 0 {
		opts.ArticlesPerSection = 60
	}
	if opts.PageSize <= 0 {
		opts.PageSize = 10
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	opts.Sections = append([]string(nil), opts.Sections...)
	s := &Site{
		opts:    opts,
		secBy:   map[string]*section{},
		byPath:  map[string]*article{},
		byDay:   map[string][]*article{},
		special: map[*article]string{},
		hits:    map[string]int{},

		modified: map[string]modRecord{},
	}
	for i, name := range opts.Sections {
		if !validSectionName(name) || reservedNames[name] || s.secBy[name] != nil {
			panic(fmt.Sprintf("testsite: invalid or duplicate section name %q", name))
		}
		sec := newSection(name, i)
		s.sections = append(s.sections, sec)
		s.secBy[name] = sec
		s.generateSection(sec)
	}
	for _, a := range s.articles {
		s.byPath[a.path] = a
		day := a.published.Format("2006-01-02")
		s.byDay[day] = append(s.byDay[day], a)
	}
	s.pickSpecials()
	if opts.PageBytes > 0 {
		s.padArticles()
	}
	if opts.DeepArchive {
		s.buildDeepArchive()
	}
	return s
}

func validSectionName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// newRand returns a generator seeded by the site seed and a label.
func (s *Site) newRand(label string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(label))
	return rand.New(rand.NewPCG(uint64(s.opts.Seed), h.Sum64()))
}

// baseTime is the publication time the newest articles are generated before.
var baseTime = time.Date(2024, 3, 15, 21, 30, 0, 0, time.UTC)

func (s *Site) generateSection(sec *section) {
	r := s.newRand("section/" + sec.name)
	n := s.opts.ArticlesPerSection
	t := baseTime
	titles := map[string]bool{}
	slugs := map[string]bool{}
	for i := 0; i < n; i++ {
		if i == 0 {
			t = t.Add(-time.Duration(r.IntN(6*60)) * time.Minute)
		} else {
			t = t.Add(-time.Duration(8*60+r.IntN(32*60)) * time.Minute)
		}
		a := &article{sec: sec, idx: i, published: t}
		var title, slug, lead string
		for try := 0; try < 25; try++ {
			title, slug, lead = sec.gen.headline(r)
			if !titles[title] {
				break
			}
		}
		titles[title] = true
		base := slug
		for k := 2; slugs[slug]; k++ {
			slug = fmt.Sprintf("%s-%d", base, k)
		}
		slugs[slug] = true
		a.title, a.slug = title, slug
		a.path = fmt.Sprintf("/%s/%s/%s.html", sec.name, t.Format("2006/01/02"), slug)
		a.paragraphs = sec.gen.body(r, 4+r.IntN(7), lead)
		a.author = sec.gen.author(r)
		for c, nc := 0, r.IntN(4); c < nc; c++ {
			a.comments = append(a.comments, sec.gen.comment(r))
		}
		a.image = r.IntN(3) == 0
		a.tags = sec.gen.tags(r)
		sec.articles = append(sec.articles, a)
		s.articles = append(s.articles, a)
	}
	for _, a := range sec.articles {
		want := 3 + r.IntN(3)
		if want > n-1 {
			want = n - 1
		}
		for _, j := range r.Perm(n) {
			if len(a.related) == want {
				break
			}
			if j != a.idx {
				a.related = append(a.related, sec.articles[j])
			}
		}
	}
}

// pickSpecials chooses the ticker, the most-read list, the flaky article and
// the articles that carry the special links.
func (s *Site) pickSpecials() {
	if len(s.articles) == 0 {
		return
	}
	byTime := append([]*article(nil), s.articles...)
	sort.SliceStable(byTime, func(i, j int) bool {
		if !byTime[i].published.Equal(byTime[j].published) {
			return byTime[i].published.After(byTime[j].published)
		}
		return byTime[i].path < byTime[j].path
	})
	s.byTime = byTime
	s.ticker = byTime[:min(5, len(byTime))]
	r := s.newRand("most-read")
	for _, j := range r.Perm(len(s.articles))[:min(5, len(s.articles))] {
		s.mostRead = append(s.mostRead, s.articles[j])
	}
	s.flaky = s.pick("tech", 2)
	s.special[s.pick("business", 1)] += "pdf "
	s.special[s.pick("world", 3)] += "jpeg "
	s.special[s.pick("world", 4)] += "removed "
}

// pick returns article idx of the named section, falling back to the first
// section and to the last article when the section is missing or short.
func (s *Site) pick(name string, idx int) *article {
	sec := s.secBy[name]
	if sec == nil {
		sec = s.sections[0]
	}
	return sec.articles[min(idx, len(sec.articles)-1)]
}

// frontPages returns the number of section-front pages of a section.
func (s *Site) frontPages(sec *section) int {
	return max(1, (len(sec.articles)+s.opts.PageSize-1)/s.opts.PageSize)
}

// Sections returns the section names of the site, in order.
func (s *Site) Sections() []string {
	return append([]string(nil), s.opts.Sections...)
}

// FlakyURI returns the canonical URI of the article that answers 500 on its
// first request (after New or ResetHits) and 200 afterwards. By default it is
// the third article of the tech section.
func (s *Site) FlakyURI() string {
	if s.flaky == nil {
		return ""
	}
	return s.flaky.path
}
