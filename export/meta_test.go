package export

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestExtractMeta(t *testing.T) {
	cases := []struct {
		file    string
		article string // the article blocks' HTML, as mining stored it
		want    Meta
	}{
		// article:published_time wins over name=date; a profile URL in
		// article:author loses to the author's name.
		{"opengraph.html", "", Meta{"2024-03-16T08:30:00+00:00", "Jane Miller"}},
		// The article node of an @graph, its author a reference to a Person.
		{"yoast-graph.html", "", Meta{"2024-05-01T06:15:00+00:00", "Sam O'Neill"}},
		// An array of nodes; authors as objects and a string, joined.
		{"jsonld-authors.html", "", Meta{"2024-02-10T12:00:00Z", "Priya Shah, Tom Evans, Wire Staff"}},
		// A plain author string; a non-JSON-LD script is not read.
		{"jsonld-string.html", "", Meta{"2024-01-09", "Lee Chen"}},
		// Microdata, as the built-in test site writes it.
		{"microdata.html", "", Meta{"2024-03-12T09:41:00Z", "Maria Lopez"}},
		// Only a <time> in the article counts, not one in the navigation.
		{"time-only.html", `<div id="story"><h1>Market report</h1><p><time datetime="2024-06-29T17:00:00+02:00">Saturday 5pm</time></p></div>`,
			Meta{"2024-06-29T17:00:00+02:00", ""}},
		// Dublin Core names; broken JSON-LD is skipped.
		{"dublin-core.html", "", Meta{"2024-07-08", "Kenji Watanabe"}},
		{"none.html", "<p>Write to us.</p>", Meta{}},
		// The byline as readers see it, when the page has no structured
		// author. WordPress (Underscores-based themes): hCard, with a
		// rel="author" in the sidebar and a commenter's vcard left alone.
		{"wp-vcard.html", "", Meta{"2024-02-19T07:30:00+00:00", "Ciara Brennan"}},
		// tagDiv's Newspaper theme: td-post-author-name, "By" in its own
		// div; the related posts' authors are not this story's.
		// Its date as the page shows it, in span.td-post-date.
		{"newspaper-author-name.html", "", Meta{"August 2, 2024", "Chidi Okonkwo"}},
		// Drupal 7's "Submitted by <a class=username>", a user list aside.
		// Its date as RDFa dc:created.
		{"drupal-submitted.html", "", Meta{"2023-04-11T09:12:44+01:00", "Marta Kovács"}},
		// Blogger's Minima: "Posted by" in a vcard; a commenter's name in
		// the comments block; the date as hAtom's <abbr class=published>.
		{"blogger-minima.html", "", Meta{"2013-09-08T18:05:00+01:00", "Ruth Ellery"}},
		// No meta tags: the date is the post's hAtom "published" <time>,
		// not the sidebar's before it, the "updated" one or a comment's.
		{"wp-hatom.html", "", Meta{"2026-11-18T10:00:00+00:00", "Ruth Adeyemi"}},
		// A news byline of two authors and their role after a "|".
		// The date line under them, p.story-date.
		{"news-two-authors.html", "", Meta{"13 September 2024", "Daniel Reeve, Priya Anand"}},
		// A "By" line under the headline with no telling class; roles and
		// "for The Valley Times" dropped. The story's first sentence starts
		// with "By" too.
		{"news-plain-byline.html", "", Meta{"", "MARIA GARCIA, Kwame Asante"}},
		// The date as the post's meta line writes it; not the masthead's
		// date of today, nor the "Updated" one.
		{"header-date.html", "", Meta{"March 3, 2025", "Hannah Lowe"}},
		// A byline with no telling link; the box about the author after
		// the story ("author-bio") holds sentences, not a name. The date
		// is the byline's <time>.
		{"author-bio.html", "", Meta{"2026-08-14", "Jo Martin"}},
		// A microdata Person is its itemprop="name", not the text of the
		// card around it (a popup with the paper's name, links, email).
		{"person-card.html", "", Meta{"Nov. 12, 2015 7:43 p.m. ET", "Owen Pritchard"}},
		// A meta byl written as a byline: its names, without "By". An
		// itemprop="author" element that holds a bio (sentences, over
		// maxNameChars) names nobody.
		{"byl-bio.html", "", Meta{"", "ANNA FERREIRA, TOMAS NOVAK"}},
		// A timestamp followed by its template's format string, as a CMS
		// printed it: the timestamp.
		{"og-date-junk.html", "", Meta{"2015-11-13T10:15:18.000Z", "Press Association"}},
		// "By the time…", an aside's rel="author", a commenter: no author.
		{"no-byline.html", "", Meta{}},
	}
	for _, c := range cases {
		page, err := os.ReadFile(filepath.Join("testdata", "meta", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := extractMeta(page, []byte(c.article)); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.file, got, c.want)
		}
	}
}

func TestWrittenDate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"May 8, 2009", "May 8, 2009"},
		{" Posted on\n  May 8, 2009 ", "May 8, 2009"},
		{"Published: 13 September 2024", "13 September 2024"},
		{"Friday, November 27, 2026", "Friday, November 27, 2026"},
		{"2009/05/08", "2009/05/08"},
		{"08.05.2009 | 14:02", "08.05.2009 | 14:02"},
		{"8. Mai 2009", "8. Mai 2009"},
		{"3 hours ago", ""},
		{"Nov 20", ""},
		{"Updated May 2, 2020", ""},
		{"Date", ""},
		{"In 2009 the council voted on the plan to rebuild the old stone bridge", ""},
	} {
		if got := writtenDate(c.in); got != c.want {
			t.Errorf("writtenDate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzMeta(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "meta", "*.html"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, []byte("<time datetime=x>"))
	}
	f.Add([]byte(`<script type="application/ld+json">{"author":{"@id":"a"},"@graph":[{"@id":"a","name":{"@id":"a"}}]}</script>`), []byte(nil))
	f.Add([]byte(`<span itemprop=author><img><br/><span>x`), []byte(`<time datetime`))
	f.Fuzz(func(t *testing.T, page, article []byte) {
		extractMeta(page, article) // must not panic or loop
	})
}

func TestParseByline(t *testing.T) {
	cases := []struct {
		in     string
		needBy bool
		want   []string
	}{
		{"By Jane Doe", true, []string{"Jane Doe"}},
		{"By Jane Doe and John Roe | Staff Writers", true, []string{"Jane Doe", "John Roe"}},
		{"By Jane Doe, Staff Writer", true, []string{"Jane Doe"}},
		{"By Ana de la Cruz for The Times", true, []string{"Ana de la Cruz"}},
		{"By Lee Chen & Omar Haddad | Photos by Sam Ito", true, []string{"Lee Chen", "Omar Haddad"}}, // a photo credit is no byline
		{"Posted by will / May 8, 2009", false, nil},                                                 // a handle needs markup that says author
		{"Written by Ruth Ellery | 5 min read | Share", true, []string{"Ruth Ellery"}},
		{"By the time the schools break up", true, nil},
		{"Jane Doe", true, nil},
		{"Jane Doe", false, []string{"Jane Doe"}},
	}
	for _, c := range cases {
		if got := parseByline(c.in, c.needBy, false); !slices.Equal(got, c.want) {
			t.Errorf("parseByline(%q): %q, want %q", c.in, got, c.want)
		}
	}
}
