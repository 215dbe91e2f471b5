package onepage

import (
	"bytes"
	"math"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TTROptions tune TTR. The zero value means the defaults of Weninger and
// Hsu, "Text Extraction from the Web via Text-to-Tag Ratio" (TIR 2008),
// whose values the authors' reference code (TTRExtractorThresh) fixes where
// the paper's text does not.
type TTROptions struct {
	// Radius of the moving average that smooths the TTR array: each line's
	// ratio becomes the mean of the ratios within Radius lines of it (fewer
	// at the ends). 0 means the authors' 3; a negative radius turns
	// smoothing off.
	Radius int
	// Lambda scales the threshold: a line is content when its smoothed
	// ratio exceeds Lambda·σ, σ the (population) standard deviation of
	// the smoothed array: the paper's "threshold clustering based on
	// standard deviation", which the authors' code writes tau·σ. 0 means
	// 1; any other value is used as it is.
	Lambda float64
	// FromMean moves the threshold to μ + Lambda·σ, the restatement in
	// docs/ALGORITHMS.md §5, instead of the paper's Lambda·σ.
	FromMean bool
	// Clusters, when 2 or more, replaces the threshold by the paper's
	// clustering variant: one-dimensional k-means of the smoothed ratios
	// into Clusters clusters; every line outside the cluster with the
	// lowest centroid is content (all lines when the values do not
	// separate). 0 or 1 means the threshold method.
	Clusters int
}

func (o TTROptions) withDefaults() TTROptions {
	if o.Radius == 0 {
		o.Radius = 3
	}
	if o.Lambda == 0 {
		o.Lambda = 1
	}
	return o
}

// TTR returns the article text of an HTML page by the Text-to-Tag Ratio
// method. Script, style and comments are removed from the source (with
// the other elements whose content is not text: noscript, iframe,
// noembed, noframes, xmp, plaintext, textarea, and title, which the
// authors' code reports apart), then empty lines. Each remaining source
// line k gets TTR[k] = x/y, x its non-tag characters and y its tags, or x
// when it has no tag. Characters are Unicode characters of the decoded
// text, a whitespace run counting as one and the line's leading and
// trailing whitespace as none; a tag counts on the line where it starts.
// The array is smoothed and thresholded as TTROptions says. The text of
// the content lines is returned with entities decoded and whitespace
// collapsed, paragraphs separated by a blank line where the source had a
// block-level tag and by a line break at <br>.
//
// A page written on one line is the paper's worst case: one ratio, and
// either all of its text or none of it.
func TTR(body []byte, opts TTROptions) string {
	opts = opts.withDefaults()
	sc := ttrScan(body)
	kept, ratios := sc.ratios()
	if len(kept) == 0 {
		return ""
	}
	smooth := ttrSmooth(ratios, opts.Radius)
	content := make([]bool, len(sc.lines))
	for i, isContent := range ttrClassify(smooth, opts) {
		content[kept[i]] = isContent
	}
	var w textWriter
	for _, it := range sc.items {
		switch {
		case it.brk > 0:
			w.brk(it.brk)
		case it.line < 0 || content[it.line]:
			w.text(it.text)
		default:
			w.text(" ") // dropped text still separates words
		}
	}
	return w.String()
}

// ttrClassify marks the content lines of a smoothed TTR array.
func ttrClassify(smooth []float64, o TTROptions) []bool {
	out := make([]bool, len(smooth))
	if o.Clusters >= 2 {
		assign, centroids := ttrKMeans(smooth, o.Clusters)
		low, high := 0, 0
		for c := range centroids {
			if centroids[c] < centroids[low] {
				low = c
			}
			if centroids[c] > centroids[high] {
				high = c
			}
		}
		for i, c := range assign {
			// Clusters that do not separate (one value) are all content,
			// as the threshold is when σ = 0.
			out[i] = c != low || centroids[low] == centroids[high]
		}
		return out
	}
	tau := ttrThreshold(smooth, o.Lambda, o.FromMean)
	for i, v := range smooth {
		out[i] = v > tau
	}
	return out
}

// ttrLine holds the counts of one source line.
type ttrLine struct {
	tags     int
	chars    int  // non-tag characters, whitespace runs as one
	nonEmpty bool // anything but whitespace on the line
	started  bool // a non-space character has been counted
	space    bool // whitespace seen after the last counted character
}

// ratio is the line's text-to-tag ratio (Algorithm 1).
func (l *ttrLine) ratio() float64 {
	if l.tags == 0 {
		return float64(l.chars)
	}
	return float64(l.chars) / float64(l.tags)
}

func (l *ttrLine) count(s string) {
	for _, r := range s {
		if r == 0 {
			continue
		}
		if unicode.IsSpace(r) {
			l.space = l.started
			continue
		}
		if l.space {
			l.chars++
			l.space = false
		}
		l.chars++
		l.started = true
		l.nonEmpty = true
	}
}

// ttrItem is a piece of the page's text in source order: text on a
// source line (line < 0: whitespace that belongs to no line) or a break
// (brk 1: line break, 2: paragraph).
type ttrItem struct {
	text string
	line int
	brk  int
}

type ttrScanned struct {
	lines []ttrLine
	items []ttrItem
}

// ratios returns the TTR array (Algorithm 1) over the non-empty lines and
// the line numbers they come from.
func (s *ttrScanned) ratios() (kept []int, ratios []float64) {
	for i, l := range s.lines {
		if l.nonEmpty {
			kept = append(kept, i)
			ratios = append(ratios, l.ratio())
		}
	}
	return kept, ratios
}

func (s *ttrScanned) at(line int) *ttrLine {
	for len(s.lines) <= line {
		s.lines = append(s.lines, ttrLine{})
	}
	return &s.lines[line]
}

// ttrDropTags are the elements removed with their content before lines
// are counted: the tokenizer reads their content as raw text or RCDATA.
var ttrDropTags = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Iframe: true,
	atom.Noembed: true, atom.Noframes: true, atom.Xmp: true, atom.Plaintext: true,
	atom.Textarea: true, atom.Title: true,
}

// ttrScan tokenises body, numbering the lines of the source as it reads
// after the removal of comments and ttrDropTags elements.
func ttrScan(body []byte) *ttrScanned {
	sc := &ttrScanned{}
	z := html.NewTokenizer(bytes.NewReader(body))
	line := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return sc
		case html.CommentToken:
			continue
		case html.TextToken:
			line = sc.text(z.Raw(), line)
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken, html.DoctypeToken:
			raw := string(z.Raw())
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if tt != html.EndTagToken && ttrDropTags[a] {
				ttrSkip(z, string(name))
				continue
			}
			line = sc.tag(raw, a, tt, line)
		}
	}
}

// ttrSkip reads past the content and end tag of a dropped element.
func ttrSkip(z *html.Tokenizer, name string) {
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.EndTagToken:
			if n, _ := z.TagName(); string(n) == name {
				return
			}
		}
	}
}

func (s *ttrScanned) text(raw []byte, line int) int {
	for i, seg := range strings.Split(string(raw), "\n") {
		if i > 0 {
			line++
			s.items = append(s.items, ttrItem{text: " ", line: -1})
		}
		t := html.UnescapeString(seg)
		if t == "" {
			continue
		}
		s.at(line).count(t)
		s.items = append(s.items, ttrItem{text: t, line: line})
	}
	return line
}

func (s *ttrScanned) tag(raw string, a atom.Atom, tt html.TokenType, line int) int {
	l := s.at(line)
	l.tags++
	l.nonEmpty = true
	if tt != html.DoctypeToken {
		if lv := ttrBreak(a); lv > 0 {
			s.items = append(s.items, ttrItem{brk: lv, line: -1})
		}
	}
	for i, seg := range strings.Split(raw, "\n") {
		if i == 0 {
			continue
		}
		line++
		if strings.TrimSpace(seg) != "" { // attributes continued on this line
			s.at(line).nonEmpty = true
		}
	}
	return line
}

// ttrBreak is the break a tag makes in the text: 1 for <br>, 2 for a
// block-level element, 0 for an inline one.
func ttrBreak(a atom.Atom) int {
	if a == atom.Br {
		return 1
	}
	if renderBlocks[a] {
		return 2
	}
	return 0
}

// ttrSmooth returns the moving average of a with the given radius: entry
// i is the mean of a[i-radius..i+radius], clipped to the array. A radius
// below 1 returns a copy.
func ttrSmooth(a []float64, radius int) []float64 {
	out := make([]float64, len(a))
	if radius < 1 {
		copy(out, a)
		return out
	}
	prefix := make([]float64, len(a)+1)
	for i, v := range a {
		prefix[i+1] = prefix[i] + v
	}
	for i := range a {
		lo, hi := max(0, i-radius), min(len(a), i+radius+1)
		out[i] = (prefix[hi] - prefix[lo]) / float64(hi-lo)
	}
	return out
}

// ttrThreshold is the content threshold over smoothed ratios: λ·σ, or
// μ + λ·σ when fromMean, with σ the population standard deviation.
func ttrThreshold(a []float64, lambda float64, fromMean bool) float64 {
	if len(a) == 0 {
		return 0
	}
	var sum float64
	for _, v := range a {
		sum += v
	}
	mean := sum / float64(len(a))
	var ss float64
	for _, v := range a {
		ss += (v - mean) * (v - mean)
	}
	tau := lambda * math.Sqrt(ss/float64(len(a)))
	if fromMean {
		tau += mean
	}
	return tau
}

// ttrKMeans clusters the values of a into k groups (Lloyd's algorithm in
// one dimension, centroids started at the k evenly spaced quantiles so the
// result is deterministic). It returns each value's cluster and the
// centroids.
func ttrKMeans(a []float64, k int) (assign []int, centroids []float64) {
	assign = make([]int, len(a))
	if len(a) == 0 {
		return assign, make([]float64, k)
	}
	sorted := append([]float64(nil), a...)
	sort.Float64s(sorted)
	centroids = make([]float64, k)
	for c := range centroids {
		centroids[c] = sorted[(2*c+1)*len(sorted)/(2*k)]
	}
	for iter := 0; iter < 100; iter++ {
		changed := iter == 0
		for i, v := range a {
			best := 0
			for c := range centroids {
				if math.Abs(v-centroids[c]) < math.Abs(v-centroids[best]) {
					best = c
				}
			}
			if assign[i] != best {
				assign[i], changed = best, true
			}
		}
		if !changed {
			break
		}
		sums, counts := make([]float64, k), make([]int, k)
		for i, v := range a {
			sums[assign[i]] += v
			counts[assign[i]]++
		}
		for c := range centroids {
			if counts[c] > 0 {
				centroids[c] = sums[c] / float64(counts[c])
			}
		}
	}
	return assign, centroids
}
