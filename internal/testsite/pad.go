package testsite

import "strings"

// padArticles lengthens every article with more paragraphs of its
// section's prose until its page is at least Options.PageBytes bytes (in
// the page's charset, before compression), like the long pages of a real
// news site. The paragraphs come from a generator of their own per
// article, so the rest of the site is what it is without PageBytes, and
// they are part of the article's truth (Articles).
func (s *Site) padArticles() {
	for _, a := range s.articles {
		r := s.newRand("pad" + a.path)
		short := s.opts.PageBytes - len(s.renderArticle(a).body)
		for short > 0 {
			p := strings.TrimSpace(a.sec.gen.body(r, 1, "")[0])
			a.paragraphs = append(a.paragraphs, p)
			// The page's encodings are stateless: a paragraph takes the
			// same bytes alone as in the page.
			short -= len(encodeCharset("<p>"+escape(p)+"</p>\n", a.sec.charset))
		}
	}
}
