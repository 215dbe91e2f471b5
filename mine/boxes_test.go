package mine

import (
	"strings"
	"testing"
)

// TestUnnamedEmbeds: a social network's post embedded in a story is
// known by its fallback markup's last link, the post's permalink, when
// no class names it (a theme that strips or hashes classes): the tweet
// leaves the story as the named one does. A quote whose last link is a
// story of another site stays.
func TestUnnamedEmbeds(t *testing.T) {
	page := string(singleFixture(t, "cardedpost.html"))
	unnamed := strings.Replace(page, `<blockquote class="twitter-tweet" data-dnt="true">`, `<blockquote>`, 1)
	if unnamed == page {
		t.Fatal("cardedpost.html has no named tweet")
	}
	quoted := strings.Replace(unnamed, "https://twitter.com/islandferries/status/1", "https://www.example.org/2024/03/09/ferries-report/", 1)
	// A video's embed code writes its credit line under the player.
	vimeo := strings.Replace(page, `<blockquote class="twitter-tweet" data-dnt="true">`,
		`<iframe src="https://player.vimeo.com/video/5199312" width="500" height="281"></iframe>`+
			`<p><a href="https://vimeo.com/5199312">Loading at any tide: the new ramp</a> from <a href="https://vimeo.com/islandferries">Island Ferries</a> on <a href="https://vimeo.com">Vimeo</a>.</p><blockquote class="twitter-tweet" data-dnt="true">`, 1)
	for _, tt := range []struct {
		name, page string
		gone       bool
	}{
		{"named", page, true},
		{"unnamed", unnamed, true},
		{"a quote linking a story", quoted, false},
		{"a video's credit", vimeo, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := ExtractSite([]Input{{Key: "k", Body: []byte(tt.page)}}, Options{}, true)[0].ArticleText()
			if !strings.Contains(text, "For eleven years the island was served by one boat") {
				t.Fatalf("the story is missing:\n%s", text)
			}
			if got := !strings.Contains(text, "right on the tide"); got != tt.gone {
				t.Errorf("the tweet left out %v, want %v:\n%s", got, tt.gone, text)
			}
			if strings.Contains(text, "on Vimeo") {
				t.Errorf("the video's credit line is in the text:\n%s", text)
			}
		})
	}
}

func TestPostPermalink(t *testing.T) {
	for _, tt := range []struct {
		href string
		want bool
	}{
		{"https://twitter.com/islandferries/status/1", true},
		{"https://x.com/islandferries/status/1766", true},
		{"https://www.instagram.com/p/C4abc/", true},
		{"https://www.tiktok.com/@ferries/video/73", true},
		{"https://bsky.app/profile/ferries.bsky.social/post/3k", true},
		{"https://twitter.com/islandferries", false},
		{"https://www.instagram.com/islandferries/", false},
		{"https://www.example.org/status/1", false},
	} {
		if got := postPermalink(tt.href); got != tt.want {
			t.Errorf("postPermalink(%q) = %v, want %v", tt.href, got, tt.want)
		}
	}
}
