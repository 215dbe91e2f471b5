package mine

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestComments splits the comment sections of real-world markup into
// comments; testdata/comments/NAME.json holds each page's list
// (go test ./mine -run TestComments -update rewrites them).
func TestComments(t *testing.T) {
	cases := []struct {
		file    string
		n       int    // comments, replies included
		first   string // the first comment's author
		replyOf string // a reply's text, which its parent's text must not hold
	}{
		// ol.commentlist > li.comment, cite.fn, an (Edit) link beside the
		// date, a reply in ul.children, a pingback.
		{"wordpress-classic", 3, "Margaret Okafor", "Thank you, Margaret"},
		// Twenty Twenty's html5 markup: time datetime, div.children.
		{"wordpress-html5", 2, "Tomasz W.", "it is hungry"},
		// whizzy.org: <liclass> elements nested into each other, fn inside
		// the content, the date as text.
		{"whizzy", 13, "as days pass by, by Stuart Langridge — Absolute beginners guide to Google Maps JavaScript", "Epic fail."},
		// Disqus's server-side fallback inside <noscript>.
		{"disqus-fallback", 3, "", ""},
		// A news site's threaded comments with "Report abuse / Reply" lines.
		{"news-threaded", 4, "FenlandFred", "page 41"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "comments", c.file+".html"))
			if err != nil {
				t.Fatal(err)
			}
			got := pageComments(parse(Input{Key: c.file, Body: body}, "").page)
			if len(got) != c.n {
				t.Errorf("%d comments, want %d: %+v", len(got), c.n, got)
			}
			if len(got) > 0 && got[0].Author != c.first {
				t.Errorf("first author %q, want %q", got[0].Author, c.first)
			}
			for i, cm := range got {
				if cm.Text == "" {
					t.Errorf("comment %d has no text", i)
				}
				for _, junk := range []string{"Reply", "Report abuse", "says:", "(Edit)", "Leave a Reply"} {
					if strings.Contains(cm.Text, junk) {
						t.Errorf("comment %d holds %q: %q", i, junk, cm.Text)
					}
				}
				if c.replyOf != "" && i == 0 && strings.Contains(cm.Text, c.replyOf) {
					t.Errorf("comment 0 holds its reply's text: %q", cm.Text)
				}
			}
			js, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			js = append(js, '\n')
			golden := filepath.Join("testdata", "comments", c.file+".json")
			if *update {
				if err := os.WriteFile(golden, js, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (-update creates it)", err)
			}
			if !bytes.Equal(js, want) {
				t.Errorf("comments differ from %s (-update rewrites it):\n%s", golden, js)
			}
		})
	}
}

// TestCommentsInResult: mining stores the comments with the result and
// keeps them out of the article.
func TestCommentsInResult(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "comments", "wordpress-classic.html"))
	if err != nil {
		t.Fatal(err)
	}
	r := ExtractSite([]Input{{Key: "p", Body: body}}, Options{}, true)[0]
	if len(r.Comments) != 3 {
		t.Fatalf("result has %d comments, want 3", len(r.Comments))
	}
	if text := r.ArticleText(); !strings.Contains(text, "The 42 leaves") || strings.Contains(text, "night porters") {
		t.Errorf("article %q: want the story without its comments", text)
	}
	raw, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeResult("p", raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Comments) != 3 || back.Comments[1] != r.Comments[1] {
		t.Errorf("stored comments %+v, want %+v", back.Comments, r.Comments)
	}
}

// Which class and id names make an element a comment section.
func TestCommentish(t *testing.T) {
	for _, tt := range []struct {
		tag, attrs string
		want       bool
	}{
		{"div", `id="comments"`, true},
		{"ol", `class="commentlist"`, true},
		{"div", `id="disqus_thread"`, true},
		{"div", `id="respond" class="comment-respond"`, true},
		{"section", `class="comments-area"`, true},
		{"div", `class="article commentary"`, false},
		{"article", `class="post hentry commented status-published"`, false},
		{"article", `class="post comments-open"`, false},
		{"div", `class="entry has-comments"`, false},
		{"div", `class="entry no-comments"`, false},
		{"div", `class="comments-closed"`, false},
		{"body", `class="comments"`, false},
	} {
		page := parse(Input{Key: "k", Body: []byte(`<html><body><` + tt.tag + ` ` + tt.attrs + `><p>Text</p></` + tt.tag + `></body></html>`)}, "").page
		var n *Node
		for _, m := range page.Nodes {
			if m.Tag == tt.tag {
				n = m
			}
		}
		if n == nil {
			t.Fatalf("no %s in %s", tt.tag, tt.attrs)
		}
		if got := commentish(n); got != tt.want {
			t.Errorf("commentish(<%s %s>) = %v, want %v", tt.tag, tt.attrs, got, tt.want)
		}
	}
}
