package testsite

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"sort"
	"strings"
	"time"
)

// The site has a clock, still until Advance moves it: then it publishes
// new stories and corrects an old one, as a news site does between two
// visits of a crawler. A site never advanced serves what it always has.

// Change is what one Advance did to the site.
type Change struct {
	New     []string // canonical URIs of the stories published, oldest first
	Updated []string // canonical URIs of the stories corrected
}

// defaultPublishEvery is how often the site publishes a story when
// Options.PublishEvery is not set.
const defaultPublishEvery = time.Hour

// Now returns the site's clock: the time the newest generated story was
// published before, moved on by Advance.
func (s *Site) Now() time.Time {
	s.clockMu.RLock()
	defer s.clockMu.RUnlock()
	return s.clock()
}

func (s *Site) clock() time.Time { return baseTime.Add(s.elapsed) }

// Advance moves the clock on by d. It publishes one story per
// Options.PublishEvery (one hour by default) that the clock passes, in the
// sections in turn: each goes to the top of its section front and of the
// home page (pushing the oldest to the next page), to the day's calendar
// page and, on a DeepArchive site, to its author's and tags' archives;
// the "Breaking" ticker of every page shows the newest stories, so every
// page's body, and so its ETag, changes, as the "latest stories" boxes of
// real sites make them. It also corrects one older story (a paragraph
// added), whether or not the clock passed a publication.
//
// Advance must not run at the same time as the truth methods (Articles,
// Reach, TOCLinks…); requests may be served meanwhile.
func (s *Site) Advance(d time.Duration) Change {
	s.clockMu.Lock()
	defer s.clockMu.Unlock()
	every := s.opts.PublishEvery
	if every <= 0 {
		every = defaultPublishEvery
	}
	before := int(s.elapsed / every)
	s.elapsed += d
	due := int(s.elapsed/every) - before
	var ch Change
	for i := 0; i < due; i++ {
		at := baseTime.Add(time.Duration(before+i+1) * every)
		ch.New = append(ch.New, s.publish(at).path)
	}
	if a := s.correct(); a != nil {
		ch.Updated = append(ch.Updated, a.path)
	}
	s.cache.Clear()
	return ch
}

// publish writes a new story at the top of the next section in turn.
func (s *Site) publish(at time.Time) *article {
	sec := s.sections[s.publishedN%len(s.sections)]
	s.publishedN++
	r := s.newRand(fmt.Sprintf("publish/%d", s.publishedN))
	a := &article{sec: sec, idx: 1000 + s.publishedN, published: at}
	var title, slug, lead string
	for try := 0; ; try++ {
		title, slug, lead = sec.gen.headline(r)
		if slug == "" || try > 20 {
			slug = fmt.Sprintf("story-%d", s.publishedN)
		}
		a.path = fmt.Sprintf("/%s/%s/%s.html", sec.name, at.Format("2006/01/02"), slug)
		if s.byPath[a.path] == nil {
			break
		}
	}
	a.title, a.slug = title, slug
	a.paragraphs = sec.gen.body(r, 4+r.IntN(7), lead)
	a.author = sec.gen.author(r)
	a.image = r.IntN(3) == 0
	a.tags = sec.gen.tags(r)
	for _, rel := range sec.articles[:min(3, len(sec.articles))] {
		a.related = append(a.related, rel)
	}
	sec.articles = append([]*article{a}, sec.articles...)
	s.articles = append(s.articles, a)
	s.byPath[a.path] = a
	day := at.Format("2006-01-02")
	s.byDay[day] = append(s.byDay[day], a)
	s.byTime = append([]*article{a}, s.byTime...)
	s.ticker = s.byTime[:min(5, len(s.byTime))]
	if s.opts.DeepArchive {
		s.addToLists(a)
	}
	return a
}

// addToLists puts a new story at the top of its author's and tags'
// archives, creating those it is the first of.
func (s *Site) addToLists(a *article) {
	add := func(kind, title string) {
		key := kind + "/" + slugOf(title)
		l := s.lists[key]
		if l == nil {
			l = &archiveList{kind: kind, slug: slugOf(title), title: title}
			s.lists[key] = l
		}
		l.articles = append([]*article{a}, l.articles...)
	}
	add("author", a.author)
	for _, t := range a.tags {
		add("tag", t)
	}
}

// correct adds a correction to the newest story of the next section in
// turn that the clock has not published: the same story is corrected
// again at the next turn of its section.
func (s *Site) correct() *article {
	if len(s.sections) == 0 {
		return nil
	}
	sec := s.sections[s.corrections%len(s.sections)]
	s.corrections++
	for _, a := range sec.articles {
		if a.idx < 1000 && len(a.sec.articles) > 0 {
			a.paragraphs = append(append([]string(nil), a.paragraphs...),
				fmt.Sprintf("Correction (%s): an earlier version of this story misstated a figure; it has been corrected.", s.clock().Format("2 January 2006 15:04")))
			return a
		}
	}
	return nil
}

// validators says which cache validators a page of sec is served with:
// the site's own pages and world and business a strong ETag and
// Last-Modified, tech a weak ETag only, taiwan Last-Modified only, japan
// neither.
func validators(sec *section) (etag, weak, lastMod bool) {
	if sec == nil {
		return true, false, true
	}
	switch sec.name {
	case "tech":
		return true, true, false
	case "taiwan":
		return false, false, true
	case "japan":
		return false, false, false
	}
	return true, false, true
}

// conditional sets the page's validators (Options.Validators) and reports
// whether the request's conditional headers match them, so the answer is
// 304 (never with Options.IgnoreConditional).
func (s *Site) conditional(w http.ResponseWriter, r *http.Request, rt route, p *rendered) bool {
	if !s.opts.Validators {
		return false
	}
	useTag, weak, useLM := validators(rt.sec)
	h := fnv.New64a()
	h.Write(p.body)
	sum := h.Sum64()
	tag := fmt.Sprintf(`"%016x"`, sum)
	if weak {
		tag = "W/" + tag
	}
	modified := s.lastModified(r.URL.RequestURI(), sum)
	if useTag {
		w.Header().Set("ETag", tag)
	}
	if useLM {
		w.Header().Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
	}
	if s.opts.IgnoreConditional {
		return false
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		if !useTag {
			return false
		}
		for _, t := range strings.Split(inm, ",") {
			if t = strings.TrimSpace(t); t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(tag, "W/") {
				return true
			}
		}
		return false
	}
	if ims := r.Header.Get("If-Modified-Since"); ims != "" && useLM {
		if t, err := http.ParseTime(ims); err == nil && !modified.Truncate(time.Second).After(t) {
			return true
		}
	}
	return false
}

// lastModified returns when the page at uri last changed: the clock's
// time when its body hash was first seen different from before.
func (s *Site) lastModified(uri string, sum uint64) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.modified[uri]
	if !ok {
		m = modRecord{sum: sum, at: baseTime}
	} else if m.sum != sum {
		m = modRecord{sum: sum, at: s.clock()}
	}
	s.modified[uri] = m
	return m.at
}

type modRecord struct {
	sum uint64
	at  time.Time
}

// Lists returns the canonical URIs of the site's lists that a crawler
// can reach: the home page, every page of every section front (and, on a
// DeepArchive site, of their variants and of the author and tag
// archives). The endless calendar is left out.
func (s *Site) Lists() []string {
	s.clockMu.RLock()
	defer s.clockMu.RUnlock()
	out := []string{"/"}
	for _, sec := range s.sections {
		for k := 1; k <= s.frontPages(sec); k++ {
			out = append(out, frontURI(sec, k))
			if s.opts.DeepArchive {
				out = append(out, filteredFrontURI(sec, k, "popular"), filteredFrontURI(sec, k, "random"))
			}
		}
	}
	for _, l := range s.lists {
		for k := 1; k <= s.listPages(l); k++ {
			out = append(out, l.uri(k))
		}
	}
	sort.Strings(out)
	return out
}
