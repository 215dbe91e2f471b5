package mine

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"infocrawl/mine/entropy"
)

// wisdomPage is WISDOM's informative structure of one page: its article
// blocks (k-MIB on CLEN_A, CII constraint) and TOC blocks (k-MIB on API_A,
// or on ALEN_A where API does not work), both expanded and condensed.
type wisdomPage struct {
	article, toc []*Node
	f            *features
	apiWorks     bool
}

func mineWISDOM(p *Page, pt segmentTerms, stats *entropy.TermStats, linked func(string) map[string]bool, o WISDOMOptions) *wisdomPage {
	o = o.withDefaults()
	f := wisdomFeatures(p, pt, stats, linked)
	w := &wisdomPage{f: f, apiWorks: apiWorks(p, f)}
	clen := func(n *Node) float64 { return float64(n.CLenA) }
	isArticle := func(n *Node) bool { return f.hasT[n.Index] && f.cii[n.Index] > 1-o.TCArticle }
	w.article = kMIB(p.Root, o.K, o.ST, clen, isArticle)
	if !o.NoExpand {
		w.article = expand(w.article, clen, isArticle)
	}
	tocF, isTOC := w.tocMeasure(o)
	w.toc = kMIB(p.Root, o.K, o.ST, tocF, isTOC)
	if !o.NoExpand {
		w.toc = expand(w.toc, tocF, isTOC)
	}
	return w
}

// apiWorks: API needs the linked pages in the store; when most of the
// page's meaningful anchors (a few words of text) have none, WISDOM falls
// back to ALEN.
func apiWorks(p *Page, f *features) bool {
	meaningful, with := 0, 0
	for _, n := range p.Nodes {
		if n.Href != "" && n.ALen >= 10 {
			meaningful++
			if f.api[n.Index] > 0 {
				with++
			}
		}
	}
	return meaningful > 0 && 2*with >= meaningful
}

// tocMeasure returns f_A and the type constraint for TOC blocks. With API:
// API_A / anchors > TC (the paper). Without, the ALEN fallback needs its
// own constraint, since API_A is 0: at least three anchors, mostly link
// text, and informative terms (CII above the article bar) so that a
// menu repeated on every page does not pass.
func (w *wisdomPage) tocMeasure(o WISDOMOptions) (func(*Node) float64, func(*Node) bool) {
	f := w.f
	if w.apiWorks {
		return func(n *Node) float64 { return f.api[n.Index] },
			func(n *Node) bool { return n.Anchors > 0 && f.api[n.Index]/float64(n.Anchors) > o.TCTOC }
	}
	return func(n *Node) float64 { return float64(n.ALenA) },
		func(n *Node) bool {
			return n.Anchors >= 3 && n.ALenA >= n.CLenA && f.hasT[n.Index] && f.cii[n.Index] > 1-o.TCArticle
		}
}

// condensedText is the text of the blocks with the subtrees that fail
// keep removed (WISDOM's condensing), in document order.
func condensedText(p *Page, blocks []*Node, keep func(*Node) bool) string {
	drop := map[*Node]bool{}
	for _, b := range blocks {
		markDropped(b, keep, drop, true)
	}
	var parts []string
	for _, b := range sortByIndex(blocks) {
		p.walkSegments(b, func(s *Segment) {
			for o := s.Owner; o != nil && o != b.Parent; o = o.Parent {
				if drop[o] {
					return
				}
			}
			parts = append(parts, s.Text)
		})
	}
	return strings.Join(parts, "\n\n")
}

func markDropped(n *Node, keep func(*Node) bool, drop map[*Node]bool, top bool) {
	if !top && !keep(n) {
		drop[n] = true
		return
	}
	for _, k := range n.Kids {
		markDropped(k, keep, drop, false)
	}
}

func sortByIndex(ns []*Node) []*Node {
	out := append([]*Node(nil), ns...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Index < out[j-1].Index; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// tocLinks lists the anchors of TOC blocks, skipping those that are
// navigation by their text (page numbers, "next", a single short word).
func tocLinks(blocks []*Node) []Link {
	var out []Link
	seen := map[string]bool{}
	for _, b := range sortByIndex(blocks) {
		collectLinks(b, func(a *Node) {
			text := anchorText(a)
			if a.Href == "" || seen[a.Href] || !storyAnchor(text) {
				return
			}
			seen[a.Href] = true
			out = append(out, Link{URL: a.Href, Text: text})
		})
	}
	return out
}

func collectLinks(n *Node, fn func(*Node)) {
	if n.Href != "" {
		fn(n)
	}
	for _, k := range n.Kids {
		collectLinks(k, fn)
	}
}

// storyAnchor: a link to a story has a headline, not a page number, an
// arrow or one word such as "More".
func storyAnchor(text string) bool {
	words := wordCount(text)
	if words == 0 {
		return false
	}
	letters := 0
	for _, r := range text {
		if r > 0x2E7F || ('a' <= r|0x20 && r|0x20 <= 'z') {
			letters++
		}
	}
	cjk := letters > 0 && hasCJK(text)
	return (words >= 3 && letters >= 12) || (cjk && letters >= 4)
}

// hasCJK: s holds a character of Chinese, Japanese or Korean
// (wideRune). Every such character is U+2E80 or above, whose UTF-8 starts
// with a byte of 0xE2 or more: the bytes below, all of a Latin line, go by
// undecoded.
func hasCJK(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xE2 {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(s[i:]); wideRune(r) {
			return true
		}
	}
	return false
}

// anchorText is the collapsed text of an element's subtree.
func anchorText(n *Node) string {
	if !n.textCached {
		n.text, n.textCached = subtreeText(n), true
	}
	return n.text
}

// subtreeText is n's text, its words joined by single spaces.
func subtreeText(n *Node) string {
	if c := n.H.FirstChild; c != nil && c.NextSibling == nil && c.Type == html.TextNode && collapsed(c.Data) {
		return c.Data // most anchors: one text node, nothing to collapse
	}
	var b strings.Builder
	space := false
	var walk func(h *html.Node)
	walk = func(h *html.Node) {
		if h.Type == html.TextNode {
			eachWord(h.Data, &space, func(w string) {
				if b.Len() > 0 && space {
					b.WriteByte(' ')
				}
				b.WriteString(w)
				space = false
			})
			space = true // a text node ends a word
		}
		for c := h.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && dummyTags[c.DataAtom] {
				continue
			}
			walk(c)
		}
	}
	walk(n.H)
	return b.String()
}

// collapsed: s's only white space is single spaces between words.
func collapsed(s string) bool {
	space := true // none may lead
	for _, r := range s {
		sp := isSpace(r)
		if sp && (r != ' ' || space) {
			return false
		}
		space = sp
	}
	return !space || s == ""
}

// wordCount is len(strings.Fields(s)), without the slice.
func wordCount(s string) int {
	n, in := 0, false
	for _, r := range s {
		switch sp := isSpace(r); {
		case !sp && !in:
			n++
			in = true
		case sp:
			in = false
		}
	}
	return n
}

// spokenWords counts text's words, two characters of a script written
// without spaces (Chinese, Japanese) counting as one: a headline there is
// one "word" between spaces.
func spokenWords(text string) int {
	n, run := 0, 0
	for w := range strings.FieldsSeq(text) {
		run = 0
		for _, r := range w {
			if wideRune(r) && !hangulSyllable(r) {
				run++
			}
		}
		n += max(1, (run+1)/2)
	}
	return n
}
