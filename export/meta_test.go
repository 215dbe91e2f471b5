package export

import (
	"os"
	"path/filepath"
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
