package mine

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Class and id names are split into words whichever way a site writes
// them: hyphens, underscores, digits, or camel case ("editorBio" names a
// bio as "editor-bio" does), the camel-case name kept whole too.
func TestNameWords(t *testing.T) {
	for _, tt := range []struct {
		class, id string
		want      []string
	}{
		{"story-body_2", "", []string{"story", "body"}},
		{"editorBio", "", []string{"editorbio", "editor", "bio"}},
		{"shortBio x", "relatedPosts", []string{"shortbio", "short", "bio", "x", "relatedposts", "related", "posts"}},
		{"HTMLContent", "", []string{"htmlcontent"}},
		{"sideBar2", "", []string{"sidebar", "side", "bar"}},
		{"Ünïcode-Box", "", []string{"n", "code", "box"}},
		{"", "", nil},
	} {
		attrs := []html.Attribute{{Key: "class", Val: tt.class}, {Key: "id", Val: tt.id}}
		n := &Node{H: &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div, Attr: attrs}}
		if got := slices.Collect(nameWords(n)); !slices.Equal(got, tt.want) {
			t.Errorf("class %q id %q: words %q, want %q", tt.class, tt.id, got, tt.want)
		}
	}
}

// hintWords holds each list's words once: no positive word is a negative
// word or a negative word's plural, which one map could not say.
func TestHintWordsDisjoint(t *testing.T) {
	for w := range positiveWords {
		if negativeWords[w] || negativeWords[strings.TrimSuffix(w, "s")] {
			t.Errorf("%q is both a positive and a negative word", w)
		}
	}
	for _, tt := range []struct {
		word string
		want int8
	}{{"sidebars", -1}, {"menus", -1}, {"ads", -1}, {"ad", -1}, {"content", 1}, {"posts", 0}, {"news", 0}, {"trending", -1}, {"foot", -1}, {"football", 0}} {
		if got := hintWords[tt.word]; got != tt.want {
			t.Errorf("hintWords[%q] = %d, want %d", tt.word, got, tt.want)
		}
	}
}

// A class word that joins "author" to another names the author's box;
// "authority" and "authorization" are other words.
func TestAuthorCompound(t *testing.T) {
	for w, want := range map[string]bool{
		"postauthor": true, "authorinfo": true, "authorbox": true, "guestauthor": true, "authorsidebar": true,
		"author": false, "authors": true, "authority": false, "authorization": false, "authorise": false, "coauthors": false,
	} {
		if got := authorCompound(w); got != want {
			t.Errorf("authorCompound(%q) = %v, want %v", w, got, want)
		}
	}
}

// A class word that joins "caption" to another names a caption.
func TestCaptionCompound(t *testing.T) {
	for w, want := range map[string]bool{
		"thumbcaption": true, "imagecaption": true, "captiontext": true, "photocaption": true,
		"caption": false, "captions": true, "capture": false, "thumbinner": false,
	} {
		if got := captionCompound(w); got != want {
			t.Errorf("captionCompound(%q) = %v, want %v", w, got, want)
		}
	}
}
