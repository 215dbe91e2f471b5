package mine

import (
	"strings"
	"testing"
)

// A paragraph said again is kept or dropped by where it stands: a story's
// copy (its mobile and desktop versions, paragraph after paragraph) and a
// pull quote are said once; a question an interview puts to each guest,
// between answers said once, is said each time, and so is a document
// the story quotes item by item, with remarks between, and then gives
// whole.
func TestRepeatedParagraphs(t *testing.T) {
	const question = "What was the first dish you learned to cook, and who taught you how to make it at home?"
	answers := []string{
		"My grandmother taught me to make flatbread on a cast iron pan when I was about seven years old, standing on a chair.",
		"An omelette. My father made one every Sunday and let me crack the eggs, then one day he just handed me the pan.",
		"Rice, which sounds simple, but my aunt was strict about rinsing it until the water ran clear, three times at least.",
	}
	story := []string{
		"The harbour board voted on Tuesday to replace the old ferry pier with a floating pontoon before the summer season starts.",
		"Engineers said the timber piles under the pier had rotted below the waterline and could not be repaired again.",
		"Work will begin in March, and the ferry will use the fish quay as a temporary landing stage until the pontoon is ready.",
	}
	letter := []string{
		"1. Ask us what groceries we need around the house and bring them to us. We likely need toilet paper and milk.",
		"2. Drop off a big salad with grilled chicken. We will dress it ourselves at home, or bring frozen lasagna instead.",
		"3. Come over at about two in the afternoon and hold the baby while I have a hot shower, then fold the laundry.",
		"4. Take the dog for a well-deserved long walk or run around our neighbourhood, or all the way to the park.",
	}
	remarks := []string{
		"Translated for the rest of us: you are the delivery service now, and the delivery service does not get thanked.",
		"Note that the dressing is not to be trusted to you, which tells you everything about the last time you tried it.",
		"The shower is the only part of this arrangement that anyone involved will remember with any fondness at all.",
		"The dog, at least, will be glad to see you, which is more than anyone else in the house can promise you.",
	}
	var interview, copies, captioned, quoted, pasted strings.Builder
	interview.WriteString(`<html><head><title>Five cooks on their first dish</title></head><body><article><h1>Five cooks on their first dish</h1>`)
	for i, a := range answers {
		interview.WriteString(`<section class="guest"><h2>Guest ` + string(rune('A'+i)) + `</h2><p>` + question + `</p><p>` + a + `</p></section>`)
	}
	interview.WriteString(`</article></body></html>`)
	copies.WriteString(`<html><head><title>New pontoon for the ferry</title></head><body><article><h1>New pontoon for the ferry</h1>`)
	for _, cls := range []string{"story-desktop", "story-mobile"} {
		copies.WriteString(`<div class="` + cls + `">`)
		for _, p := range story {
			copies.WriteString(`<p>` + p + `</p>`)
		}
		copies.WriteString(`</div>`)
	}
	copies.WriteString(`</article></body></html>`)
	captioned.WriteString(`<html><head><title>New pontoon for the ferry</title></head><body><article><h1>New pontoon for the ferry</h1><div class="story-desktop">`)
	captioned.WriteString(`<p>` + story[0] + `</p><figure><img src="pier.jpg"><figcaption>The old timber pier at low tide on Monday, seen from the fish quay where the ferry will land until March.</figcaption></figure><p>` + story[1] + `</p><p>` + story[2] + `</p></div>`)
	captioned.WriteString(`<div class="story-mobile"><p>` + strings.Join(story, `</p><p>`) + `</p></div></article></body></html>`)
	pasted.WriteString(`<html><head><title>A new mother's rules for visitors</title></head><body><article><h1>A new mother's rules for visitors</h1><div class="post-body">`)
	pasted.WriteString(`<p>A reader forwarded us the list of rules a new mother sent to the friends who will help her in the first weeks.</p>`)
	for i, item := range letter {
		pasted.WriteString(`<blockquote><p>` + item + `</p></blockquote><p>` + remarks[i] + `</p>`)
	}
	pasted.WriteString(`<p>For your reference, the whole document:</p><p>` + strings.Join(letter, `</p><p>`) + `</p><p>Love, the parents</p></div></article></body></html>`)
	quoted.WriteString(`<html><head><title>New pontoon for the ferry</title></head><body><article><h1>New pontoon for the ferry</h1><div class="body">`)
	quoted.WriteString(`<p>` + story[0] + `</p><p>` + story[1] + `</p><blockquote class="pullquote"><p>` + story[1] + `</p></blockquote><p>` + story[2] + `</p></div></article></body></html>`)

	for _, tt := range []struct {
		name, html, line string
		want             int
	}{
		{"interview question", interview.String(), question, len(answers)},
		{"mobile copy", copies.String(), story[1], 1},
		{"mobile copy of a captioned story", captioned.String(), story[1], 1},
		{"document pasted whole", pasted.String(), letter[1], 2},
		{"document pasted whole, its last item", pasted.String(), letter[3], 2},
		{"pull quote", quoted.String(), story[1], 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := ExtractSite([]Input{{Key: tt.name, Body: []byte(tt.html)}}, Options{}, true)[0].ArticleText()
			if got := strings.Count(text, tt.line); got != tt.want {
				t.Errorf("%q %d times, want %d:\n%s", tt.line, got, tt.want, text)
			}
		})
	}
}
