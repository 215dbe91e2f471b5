package mine

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzExtract mines arbitrary bytes as a page, alone and in site mode
// beside two pages of a real template: whatever the input, mining returns
// one result per page, in order, of a known kind, with valid UTF-8 text,
// and an article only with text. Seeds: the one-page fixtures.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob("testdata/single/*.html")
	for _, file := range files[:min(len(files), 8)] {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`<html><head><title>t</title></head><body><h1>t</h1><p>a <a href="http://x.test/?url=http://news.test/a/1.html">b</a></p><footer><p>0:00 / 5:32</p></footer></body></html>`))
	f.Add([]byte("\xff\xfe<dl><dt><a href=/x>x<dd>y</dl><aside>z"))
	siblings := gazettePages(func(i int, topic string) string {
		return "<p>The council voted on the " + topic + " after a long debate in which residents from every district spoke at length.</p>"
	})[:2]
	u, _ := url.Parse("http://gazette.example/news/9/story.html")
	f.Fuzz(func(t *testing.T, in []byte) {
		page := Input{Key: u.String(), URL: u, Body: in}
		for _, single := range []bool{true, false} {
			inputs := append([]Input{page}, siblings...)
			results := ExtractSite(inputs, Options{}, single)
			if len(results) != len(inputs) {
				t.Fatalf("single=%v: %d results for %d pages", single, len(results), len(inputs))
			}
			for i, r := range results {
				if r.Key != inputs[i].Key {
					t.Fatalf("single=%v: result %d is %q, want %q", single, i, r.Key, inputs[i].Key)
				}
				switch r.Kind {
				case KindArticle, KindArticleTOC, KindTOC, KindOther:
				default:
					t.Fatalf("single=%v: %s: kind %q", single, r.Key, r.Kind)
				}
				text := r.ArticleText()
				if !utf8.ValidString(text) {
					t.Fatalf("single=%v: %s: text is not UTF-8: %q", single, r.Key, text)
				}
				if (r.Kind == KindArticle || r.Kind == KindArticleTOC) && text == "" {
					t.Fatalf("single=%v: %s: kind %q with no text", single, r.Key, r.Kind)
				}
			}
		}
	})
}
