package testsite

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// article is the generated model of one article page.
type article struct {
	sec        *section
	idx        int // position in the section, 0 = newest
	title      string
	slug       string
	path       string
	published  time.Time
	author     string
	paragraphs []string
	comments   []comment
	related    []*article
	image      bool
	tags       []string
}

// teaser is the first sentence of the first paragraph.
func (a *article) teaser() string {
	p := a.paragraphs[0]
	for _, end := range []string{"。", ". ", "? "} {
		if i := strings.Index(p, end); i >= 0 {
			return strings.TrimSpace(p[:i+len(end)])
		}
	}
	return p
}

type comment struct {
	user, text string
}

// section describes one section of the site and how its pages are served.
type section struct {
	name     string
	title    string
	index    int
	charset  string // "utf-8", "big5" or "shift_jis"
	encoding string // Content-Encoding applied when accepted: "gzip", "deflate" or ""
	ui       *uiText
	gen      generator
	articles []*article
}

func newSection(name string, index int) *section {
	sec := &section{name: name, index: index, charset: "utf-8", ui: uiEnglish}
	switch name {
	case "taiwan":
		sec.title, sec.charset, sec.ui, sec.gen = TaiwanSectionTitle, "big5", uiChinese, zhGen
		return sec
	case "japan":
		sec.title, sec.charset, sec.ui, sec.gen = JapanSectionTitle, "shift_jis", uiJapanese, jaGen
		return sec
	case "world", "business":
		sec.encoding = "gzip"
	case "tech":
		sec.encoding = "deflate"
	}
	topic := enTopics[name]
	if topic == nil {
		topic = enGenericTopic
	}
	sec.title = enSectionTitle(name)
	sec.gen = enGenerator{topic}
	return sec
}

func enSectionTitle(name string) string {
	switch name {
	case "tech":
		return "Technology"
	case "world":
		return "World"
	case "business":
		return "Business"
	}
	words := strings.Split(name, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// generator produces the text of one language.
type generator interface {
	// headline returns a title, its slug and a lead sentence about it.
	headline(r *rand.Rand) (title, slug, lead string)
	// body returns the paragraphs; the first one starts with lead.
	body(r *rand.Rand, paragraphs int, lead string) []string
	author(r *rand.Rand) string
	comment(r *rand.Rand) comment
	tags(r *rand.Rand) []string
}

func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// slugify lowercases ASCII words and joins them with hyphens.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// enGenerator writes English prose about one topic.
type enGenerator struct{ t *enTopic }

func (g enGenerator) headline(r *rand.Rand) (string, string, string) {
	subj, verb, obj := pick(r, g.t.hlSubjects), pick(r, enHeadlineVerbs), pick(r, g.t.hlObjects)
	title := subj + " " + verb + " " + obj
	lead := fmt.Sprintf("%s %s to %s the %s %s.", subj, pick(r, enLeadVerbs), verb, obj, pick(r, enTails))
	return title, slugify(title), lead
}

func (g enGenerator) sentence(r *rand.Rand) string {
	switch r.IntN(7) {
	case 0:
		return fmt.Sprintf("%s %s %s %s.", pick(r, enSubjects), pick(r, enPast), pick(r, g.t.objects), pick(r, enTails))
	case 1:
		return fmt.Sprintf("%s, %s, said the plan could %s %s.", pick(r, enPeople), pick(r, enRoles), pick(r, enInf), pick(r, g.t.objects))
	case 2:
		return fmt.Sprintf("\u201c%s,\u201d %s told reporters.", pick(r, enQuotes), pick(r, enPeople))
	case 3:
		return fmt.Sprintf("The move follows %s %s.", pick(r, enEvents), pick(r, enTails))
	case 4:
		return fmt.Sprintf("Critics say %s will hurt %s.", pick(r, g.t.objects), pick(r, enConsequences))
	case 5:
		return fmt.Sprintf("Supporters argue that %s could %s %s within a year.", pick(r, g.t.objects), pick(r, enInf), pick(r, enConsequences))
	default:
		return fmt.Sprintf("It was not immediately clear how %s would affect %s.", pick(r, g.t.objects), pick(r, enConsequences))
	}
}

func (g enGenerator) body(r *rand.Rand, n int, lead string) []string {
	ps := make([]string, n)
	for i := range ps {
		var ss []string
		if i == 0 {
			ss = append(ss, lead)
		}
		for k := 2 + r.IntN(4); len(ss) < k; {
			if x := g.sentence(r); !slices.Contains(ss, x) {
				ss = append(ss, x)
			}
		}
		ps[i] = strings.Join(ss, " ")
	}
	return ps
}

func (g enGenerator) author(r *rand.Rand) string { return pick(r, enAuthors) }

func (g enGenerator) comment(r *rand.Rand) comment {
	return comment{pick(r, commentUsers), pick(r, enComments)}
}

func (g enGenerator) tags(r *rand.Rand) []string {
	a, b := r.IntN(len(g.t.tags)), r.IntN(len(g.t.tags)-1)
	if b >= a {
		b++
	}
	return []string{g.t.tags[a], g.t.tags[b]}
}

// cjkGenerator writes Chinese or Japanese text from lists of real sentences.
type cjkGenerator struct {
	places    []cjkPlace
	events    []cjkEvent
	sentences []string
	authors   []string
	comments  []string
	tagWords  []string
	leadJoin  string // between place and lead sentence
}

func (g cjkGenerator) headline(r *rand.Rand) (string, string, string) {
	p, e := pick(r, g.places), pick(r, g.events)
	return p.name + e.title, p.slug + "-" + e.slug, p.name + g.leadJoin + e.lead + "。"
}

func (g cjkGenerator) body(r *rand.Rand, n int, lead string) []string {
	ps := make([]string, n)
	for i := range ps {
		var b strings.Builder
		if i == 0 {
			b.WriteString(lead)
		}
		for _, j := range r.Perm(len(g.sentences))[:2+r.IntN(3)] {
			b.WriteString(g.sentences[j])
		}
		ps[i] = b.String()
	}
	return ps
}

func (g cjkGenerator) author(r *rand.Rand) string { return pick(r, g.authors) }

func (g cjkGenerator) comment(r *rand.Rand) comment {
	return comment{pick(r, commentUsers), pick(r, g.comments)}
}

func (g cjkGenerator) tags(r *rand.Rand) []string {
	return []string{pick(r, g.places).name, pick(r, g.tagWords)}
}

var (
	zhGen = cjkGenerator{zhPlaces, zhEvents, zhSentences, zhAuthors, zhComments, zhTags, ""}
	jaGen = cjkGenerator{jaPlaces, jaEvents, jaSentences, jaAuthors, jaComments, jaTags, "では、"}
)
