package testsite

import "time"

// Article is the truth about one article page, for scoring a content
// extractor. Title, Paragraphs and Author are the text as a reader sees it
// after decoding the page charset and HTML entities.
type Article struct {
	URI        string    // canonical URI, /<section>/<yyyy>/<mm>/<dd>/<slug>.html
	Section    string    // section name, e.g. "tech"
	Title      string    // the h1 headline
	Paragraphs []string  // the body paragraphs, in order (no ads, captions, related links or comments)
	Published  time.Time // publication time (UTC)
	Author     string    // author name as shown in the byline
	Comments   []Comment // the reader comments under the story, in order
}

// Comment is a reader comment as the page shows it.
type Comment struct {
	User, Text string
}

func (a *article) export() Article {
	var comments []Comment
	for _, c := range a.comments {
		comments = append(comments, Comment{c.user, c.text})
	}
	return Article{
		URI:        a.path,
		Section:    a.sec.name,
		Title:      a.title,
		Paragraphs: append([]string(nil), a.paragraphs...),
		Published:  a.published,
		Author:     a.author,
		Comments:   comments,
	}
}

// Articles returns all articles, section by section in Options order, newest
// first within a section.
func (s *Site) Articles() []Article {
	out := make([]Article, len(s.articles))
	for i, a := range s.articles {
		out[i] = a.export()
	}
	return out
}

// Article returns the article served at uri. Query and fragment are ignored,
// since article pages ignore them too.
func (s *Site) Article(uri string) (Article, bool) {
	u, ok := parseURI(uri)
	if !ok {
		return Article{}, false
	}
	a := s.byPath[u.Path]
	if a == nil {
		return Article{}, false
	}
	return a.export(), true
}

// TOCLinks returns the canonical URIs of the article links inside the TOC
// blocks of the page at uri, in document order, without duplicates: the
// per-section story lists of the home page, the article list of a section
// front (title and comment-count links), an article's related list, and the
// article lists of a calendar (archive) page. Navigation, ticker, most-read,
// footer, pagination and in-text links are not TOC links. Nil for pages
// without TOC blocks.
func (s *Site) TOCLinks(uri string) []string {
	p, u := s.htmlPage(uri)
	if p == nil {
		return nil
	}
	return canonicalLinks(u, p.toc)
}

// PageKind returns "article" for article pages, "toc" for the home page,
// section fronts (and their variants), author and tag archives and calendar
// (archive) pages, and "other" for everything else (a story under a
// ?replytocom= URL included) (static pages, the subscriber page, non-HTML, redirects, 404).
func (s *Site) PageKind(uri string) string {
	u, ok := parseURI(uri)
	if !ok {
		return "other"
	}
	switch s.routeOf(u.Path, u.Query()).kind {
	case routeArticle:
		if u.Query().Has("replytocom") {
			return "other" // the story again, under a comment-reply URL
		}
		return "article"
	case routeHome, routeFront, routeArchive, routeList:
		return "toc"
	}
	return "other"
}
