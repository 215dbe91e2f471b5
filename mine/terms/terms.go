package terms

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
	"github.com/kljensen/snowball/english"
)

// maxWordBytes bounds a space-separated word. Longer tokens are hashes,
// base64 or glued identifiers, not words: each is unique to its page, so
// it would look maximally informative to term entropy while saying nothing.
const maxWordBytes = 64

// Of returns the normalised terms of text, in text order (docs/ALGORITHMS.md §0).
func Of(text string) []string {
	return Append(nil, text)
}

// Append appends the normalised terms of text to dst and returns it.
//
// Text is split at Unicode word boundaries (UAX #29). A word of a script
// written with spaces is lower-cased and dropped if it is an English stop
// word; a Latin-script word is then stemmed with the Snowball English
// stemmer. Runs of Han, Hiragana, Katakana, Hangul and of the Southeast
// Asian scripts written without spaces (Thai, Lao, Khmer, Myanmar) become
// overlapping character bigrams, a one-character run that character. Tokens
// without a letter (numbers such as 2,024 or 3.5, punctuation, spaces,
// symbols) are dropped; words mixing letters and digits (mp3) are kept.
//
// Terms may share memory with text: a caller that keeps a term long after
// text should strings.Clone it. Invalid UTF-8 is read as U+FFFD.
func Append(dst []string, text string) []string {
	return appendTerms(dst, text, nil, nil)
}

// Tokenizer is Append with a cache of stems, for mining many pages:
// the Snowball stemmer takes most of the time, and a site's pages repeat
// their words. Not safe for concurrent use.
type Tokenizer struct {
	stems map[string]string
	// words caches ASCII tokens as they stand in the text ("The",
	// "Council") to their term, "" for none: no lower-casing, stop list or
	// stemming for a token seen before.
	words map[string]string
}

// maxStems bounds a Tokenizer's cache; it starts afresh when full.
const maxStems = 1 << 18

// NewTokenizer returns a Tokenizer with an empty cache.
func NewTokenizer() *Tokenizer {
	return &Tokenizer{stems: map[string]string{}, words: map[string]string{}}
}

// Append is the package's Append, with cached stems.
func (tz *Tokenizer) Append(dst []string, text string) []string {
	if len(tz.stems) > maxStems {
		clear(tz.stems)
	}
	if len(tz.words) > maxStems {
		clear(tz.words)
	}
	return appendTerms(dst, text, tz.stems, tz.words)
}

func appendTerms(dst []string, text string, stems, wordTerms map[string]string) []string {
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	t := termer{text: text, dst: dst, stems: stems, words: wordTerms}
	it := words.FromString(text)
	for it.Next() {
		tok := it.Value()
		ascii, letter := scanASCII(tok)
		switch {
		case ascii && letter:
			t.flushRun()
			t.asciiWord(tok)
		case !ascii:
			t.mixed(tok, it.Start())
		}
	}
	t.flushRun()
	return t.dst
}

// termer carries Append's state: the output, and the pending run of
// unspaced-script characters, text[runStart:runEnd]. The run is kept as
// offsets because UAX #29 splits Han and Hiragana into one token per
// character: the run is rebuilt from tokens that touch in the text.
type termer struct {
	text             string
	dst              []string
	runStart, runEnd int
	runLen           int               // runes in the pending run
	stems            map[string]string // cache of Snowball stems; nil: none
	words            map[string]string // cache of ASCII tokens' terms; nil: none
}

// stem is english.Stem through the cache, when there is one.
func (t *termer) stem(w string) string {
	if t.stems == nil {
		return english.Stem(w, false)
	}
	if s, ok := t.stems[w]; ok {
		return s
	}
	s := english.Stem(w, false)
	t.stems[strings.Clone(w)] = strings.Clone(s)
	return s
}

// scanASCII reports whether tok is all ASCII and whether it has a letter.
func scanASCII(tok string) (ascii, letter bool) {
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c >= utf8.RuneSelf {
			return false, false
		}
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			letter = true
		}
	}
	return true, letter
}

// mixed splits a token with non-ASCII runes into unspaced-script runes,
// which join the pending run, and the space-separated words between them
// (UAX #29 glues Hangul to adjacent Latin letters and digits: "2024년").
func (t *termer) mixed(tok string, start int) {
	word := -1 // start in tok of the pending word, or -1
	for i, r := range tok {
		if !unspaced(r) {
			if word < 0 {
				word = i
			}
			continue
		}
		if word >= 0 {
			t.word(tok[word:i])
			word = -1
		}
		t.addRune(start+i, utf8.RuneLen(r))
	}
	if word >= 0 {
		t.word(tok[word:])
	}
}

// word normalises a space-separated word of any script.
func (t *termer) word(w string) {
	if len(w) > maxWordBytes || !hasLetter(w) {
		return
	}
	t.flushRun()
	t.add(normalizeApostrophes(strings.ToLower(w)))
}

// asciiWord is word for a token already known to be ASCII with a letter:
// the hot path for English text.
func (t *termer) asciiWord(w string) {
	if len(w) > maxWordBytes {
		return
	}
	if t.words == nil {
		t.add(strings.ToLower(w)) // no allocation when w is already lower-case
		return
	}
	if term, ok := t.words[w]; ok {
		if term != "" {
			t.dst = append(t.dst, term)
		}
		return
	}
	n, term := len(t.dst), ""
	t.add(strings.ToLower(w))
	if len(t.dst) > n {
		term = strings.Clone(t.dst[n]) // the cache outlives the text
	}
	t.words[strings.Clone(w)] = term
}

// add appends a lower-cased word's term, unless it is a stop word.
func (t *termer) add(w string) {
	if isStop(w) {
		return
	}
	if stemmable(w) {
		w = t.stem(w)
	}
	if w != "" {
		t.dst = append(t.dst, w)
	}
}

// addRune extends the pending run with the rune at text[off:off+size], or
// starts a new run when the rune does not touch it.
func (t *termer) addRune(off, size int) {
	if t.runLen > 0 && off != t.runEnd {
		t.flushRun()
	}
	if t.runLen == 0 {
		t.runStart = off
	}
	t.runEnd = off + size
	t.runLen++
}

// flushRun emits the pending run's overlapping bigrams and empties it.
func (t *termer) flushRun() {
	if t.runLen == 0 {
		return
	}
	run := t.text[t.runStart:t.runEnd]
	t.runLen = 0
	_, first := utf8.DecodeRuneInString(run)
	if first == len(run) {
		t.dst = append(t.dst, run)
		return
	}
	// prev and cur are the starts of the last two runes seen.
	prev, cur := 0, first
	for cur < len(run) {
		_, size := utf8.DecodeRuneInString(run[cur:])
		t.dst = append(t.dst, run[prev:cur+size])
		prev, cur = cur, cur+size
	}
}

// unspaced reports whether r belongs to a script written without spaces
// between words, whose runs are cut into character bigrams.
func unspaced(r rune) bool {
	switch {
	case r < 0x0E00: // below Thai: Latin, Greek, Cyrillic, Arabic, Indic…
		return false
	case r == 0x30A0 || r == 0x30FB: // ゠ and ・ separate words
		return false
	case 0x4E00 <= r && r <= 0x9FFF, // CJK Unified Ideographs
		0x3040 <= r && r <= 0x30FF, // Hiragana, Katakana, ー
		0xAC00 <= r && r <= 0xD7A3: // Hangul syllables
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana,
		unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// hasLetter reports whether w has a letter: tokens without one are
// numbers, punctuation or symbols, not terms.
func hasLetter(w string) bool {
	for _, r := range w {
		if r < utf8.RuneSelf {
			if 'a' <= r|0x20 && r|0x20 <= 'z' {
				return true
			}
			continue
		}
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// stemmable reports whether the English stemmer applies to w: a plain
// Latin-script word of letters, digits, combining marks and apostrophes.
// It would mangle Cyrillic or Greek words, and tokens that UAX #29 glues
// with '.', ':' or '_' (u.s, example.com, snake_case) are abbreviations
// and names, kept as they are.
func stemmable(w string) bool {
	for _, r := range w {
		switch {
		case r < utf8.RuneSelf:
			if r != '\'' && !('a' <= r && r <= 'z') && !('0' <= r && r <= '9') {
				return false
			}
		case unicode.IsLetter(r):
			if !unicode.Is(unicode.Latin, r) {
				return false
			}
		case !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r):
			return false
		}
	}
	return true
}

// normalizeApostrophes writes the typographic apostrophes that UAX #29
// keeps inside a word (don’t) as ', so both spellings give one term.
func normalizeApostrophes(w string) string {
	if !strings.ContainsAny(w, "\u2018\u2019\u201B\u02BC\uFF07") {
		return w
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '\u2018', '\u2019', '\u201B', '\u02BC', '\uFF07':
			return '\''
		}
		return r
	}, w)
}
