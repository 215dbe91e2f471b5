package mine

import (
	"strings"
	"testing"
)

// TestStandfirst: the standfirst between a story's headline and a region
// that holds the body but not the headline opens the article's text and
// Markdown; the byline, the date, the share bar and the photo's caption
// in the same header do not, and a header that holds more than a
// header's text (other stories' teasers) gives no standfirst.
func TestStandfirst(t *testing.T) {
	const (
		dek  = "The operator says fuel and the new boat's loan leave it no choice, but the islands' councils want the rise phased over two years."
		body = "Fares on the island ferries will rise by ten per cent"
	)
	teasers := strings.Repeat(`<p><a href="/news/another-story/">Another of the day's stories about the islands, their harbours and their boats</a></p>`, 10) + `<p class="dek">`
	tests := []struct {
		name    string
		edit    func(string) string
		wantDek bool
	}{
		{"header", func(s string) string { return s }, true},
		{"teasers under the headline", func(s string) string { return strings.Replace(s, `<p class="dek">`, teasers, 1) }, false},
		{"headline in the region", func(s string) string {
			return strings.Replace(s, `<div class="story-body">`, `<div class="story-body"><h1>Ferry fares to rise by a tenth in spring</h1>`, 1)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := tt.edit(string(singleFixture(t, "standfirst.html")))
			r := ExtractSite([]Input{{Key: "standfirst.html", Body: []byte(page)}}, Options{}, true)[0]
			if len(r.Article) != 1 {
				t.Fatalf("%d article blocks, want 1", len(r.Article))
			}
			b := r.Article[0]
			if got := strings.HasPrefix(b.Text, dek+"\n\n"+body); got != tt.wantDek {
				t.Errorf("text opens with the standfirst: %v, want %v:\n%s", got, tt.wantDek, b.Text)
			}
			if got := strings.HasPrefix(b.Markdown, dek); got != tt.wantDek {
				t.Errorf("Markdown opens with the standfirst: %v, want %v", got, tt.wantDek)
			}
			if got := strings.Contains(b.Path(), "p.dek"); got != tt.wantDek {
				t.Errorf("path %q names the standfirst: %v, want %v", b.Path(), got, tt.wantDek)
			}
			for _, not := range []string{"Ilona Marsh", "Share this story", "The morning ferry leaves", "February 11, 2025"} {
				if strings.Contains(b.Text, not) {
					t.Errorf("text holds %q", not)
				}
			}
		})
	}
}

func TestHomePath(t *testing.T) {
	tests := []struct {
		href string
		want bool
	}{
		{"https://news.example/", true},
		{"https://news.example", true},
		{"https://news.example/index.html", true},
		{"https://news.example/?ref=logo", true},
		{"https://web.archive.org/web/20140226054445/http://www.time4talks.com/", true},
		{"https://news.example/2013/08/07/digital-cinemas/", false},
		{"https://web.archive.org/web/20140226054445/http://www.time4talks.com/2013/08/07/kinos/", false},
		{"/about/", false},
		{"http://thecuriousbrain.com/?p=34518", false}, // a WordPress post
		{"/?page_id=2", false},
		{"https://news.example/?utm_source=x&utm_medium=y", true},
	}
	for _, tt := range tests {
		if got := homePath(tt.href); got != tt.want {
			t.Errorf("homePath(%q) = %v, want %v", tt.href, got, tt.want)
		}
	}
}

func TestSentenceEnds(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"The north pier at dawn.", 1},
		{"The north pier at dawn", 0},
		{"Heu ist die Grundlage. Doch viele Ballen enthalten Staub.", 2},
		{"Prices rose 2.5 per cent. Fares follow in April!", 2},
		{"Lorient a tenu. (Photo: AFP)", 1},
		{"“We cannot hold them,” she said. “Not for a third winter.”", 2},
		{"新华网记者报道。北京时间下午。", 2},
	}
	for _, tt := range tests {
		if got := sentenceEnds(tt.text); got != tt.want {
			t.Errorf("sentenceEnds(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}
