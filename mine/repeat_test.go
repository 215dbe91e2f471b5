package mine

import (
	"strings"
	"testing"
)

// A paragraph said again is kept or dropped by where it stands: a story's
// copy (its mobile and desktop versions, paragraph after paragraph) and a
// pull quote are said once; a question an interview puts to each guest,
// between answers said once, is said each time.
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
	var interview, copies, quoted strings.Builder
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
	quoted.WriteString(`<html><head><title>New pontoon for the ferry</title></head><body><article><h1>New pontoon for the ferry</h1><div class="body">`)
	quoted.WriteString(`<p>` + story[0] + `</p><p>` + story[1] + `</p><blockquote class="pullquote"><p>` + story[1] + `</p></blockquote><p>` + story[2] + `</p></div></article></body></html>`)

	for _, tt := range []struct {
		name, html, line string
		want             int
	}{
		{"interview question", interview.String(), question, len(answers)},
		{"mobile copy", copies.String(), story[1], 1},
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
