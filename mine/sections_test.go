package mine

import (
	"strings"
	"testing"
)

// A site whose stories share their section headings repeats them on
// every page, so template detection marks them; between paragraphs of a
// story's own prose they head its sections and stay in its text, and so
// does the first, over the first paragraph, when it is of their form. The
// label over the related links, repeated too, heads links and goes.
func TestSiteSectionHeadings(t *testing.T) {
	in := siteFixtures(t, "sections")
	for _, r := range ExtractSite(in, Options{}, false) {
		if r.Kind != KindArticle || len(r.Article) == 0 {
			t.Errorf("%s: kind %s, want an article", r.Key, r.Kind)
			continue
		}
		text := r.Article[0].Text
		idea := strings.Index(text, "What's the Big Idea?")
		if idea < 0 {
			t.Errorf("%s: the section heading between the story's paragraphs is missing from\n%s", r.Key, text)
			continue
		}
		// It stands where the page has it: after the first section's
		// prose, before the second's.
		paras := strings.Split(text, "\n\n")
		// The first section's heading, of the same form in the same
		// container, is above the first paragraph: it opens the text.
		if paras[0] != "What's the Latest Development?" {
			t.Errorf("%s: the text opens with %q, want the first section's heading", r.Key, paras[0])
		}
		for i, p := range paras {
			if p == "What's the Big Idea?" && (i < 2 || i == len(paras)-1 || !isProseText(paras[i-1]) || !isProseText(paras[i+1])) {
				t.Errorf("%s: the heading is paragraph %d of %d, want it between two paragraphs of prose:\n%s", r.Key, i, len(paras), text)
			}
		}
		for _, gone := range []string{"Related Content", "Most Popular", "newsletter", "All rights reserved"} {
			if strings.Contains(text, gone) {
				t.Errorf("%s: template %q in the text:\n%s", r.Key, gone, text)
			}
		}
	}
}

func isProseText(s string) bool { return len(s) >= 80 && strings.HasSuffix(s, ".") }
