package mine

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// byDateLine: a line that only says who wrote the story or when ("By
// James Oliphant and David G. Savage", "June 25, 2009", "Posted by Kathy
// on March 20, 2007 at 9:03 AM ET"), which the article text leaves out as
// it leaves out a byline box. A line of a sentence ("By Friday, the team
// had finished") is none: its lower-case words are not a byline's.
func byDateLine(text string) bool {
	if len(text) > 120 {
		return false
	}
	words := strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",|·•–—-/()", r)
	})
	if len(words) == 0 || len(words) > 16 {
		return false
	}
	byline := strings.EqualFold(words[0], "by") || strings.EqualFold(words[0], "posted") && len(words) > 1 && strings.EqualFold(words[1], "by")
	dated := false
	for i, w := range words {
		w = strings.TrimRight(w, ".:")
		lw := strings.ToLower(w)
		switch {
		case w == "":
		case monthWords[lw] || weekdayWords[lw]:
			dated = true
		case dateNumber(w):
			dated = dated || strings.ContainsAny(w, ":/") // a time, a numeric date; a year alone is none
		case datelineWords[lw] || zoneWords[w]:
		case byline && i > 0 && nameWord(w):
		default:
			return false
		}
	}
	return byline || dated
}

// dateNumber: a day, year or time ("25", "2009", "9:03", "12/20/06",
// "1st").
func dateNumber(w string) bool {
	w = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w, "st"), "nd"), "rd"), "th")
	if w == "" {
		return false
	}
	for _, r := range w {
		if !('0' <= r && r <= '9' || r == ':' || r == '/' || r == '.') {
			return false
		}
	}
	return true
}

// nameWord: a word of a person's name, capitalised ("Savage", "G.",
// "O'Brien"), or a name's small words ("de", "van").
func nameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) || nameParticles[w]
}

var (
	monthWords = wordSet("january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec")
	weekdayWords = wordSet("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun")
	// datelineWords are the small words of a byline or a dateline.
	datelineWords = wordSet("by on at and & updated posted published last modified originally written am pm a.m p.m staff writer reporter correspondent editor")
	zoneWords     = wordSet("ET EST EDT CT CST CDT PT PST PDT GMT UTC BST CET CEST IST AEST AEDT")
	nameParticles = wordSet("de van von der den du da la le al bin")
)
