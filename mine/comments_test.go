package mine

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		// A board whose posts are each a section ("BoardComment"), with
		// no comment item inside: each is one comment.
		{"forum-thread", 3, "macbacchi", ""},
		// A Q&A page's answers (schema.org Answer items), after the
		// comment under the accepted one.
		{"qa-page", 3, "Ingrid", ""},
		// An old theme's table per comment, its author in a class word
		// that joins "author" to others ("sidecommentauthor").
		{"table-theme", 3, "truckfan @ Video", "below-average reliability"},
		// Themes that name neither the author nor the date: a first line
		// "NAME on DATE", bare in the item or in a heading.
		{"meta-lines", 3, "Heather", ""},
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

// TestQuestionPage: a Q&A page whose main entity is a schema.org
// Question is about its question, which is the article's text; its
// answers are its replies, in Comments with their authors and dates.
func TestQuestionPage(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "comments", "qa-page.html"))
	if err != nil {
		t.Fatal(err)
	}
	r := ExtractSite([]Input{{Key: "q", Body: body}}, Options{}, true)[0]
	text := r.ArticleText()
	for _, want := range []string{"How does one know when to use", "Hun lagde middag", "matter of region?"} {
		if !strings.Contains(text, want) {
			t.Errorf("article lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"standard past tense", "survives in speech", "Sorted by", "Hot Network", "Improve this question", "Ingrid"} {
		if strings.Contains(text, not) {
			t.Errorf("article holds %q:\n%s", not, text)
		}
	}
	var answers []Comment
	for _, c := range r.Comments {
		if c.Author == "Sverre" || c.Author == "Tor" {
			answers = append(answers, c)
		}
	}
	if len(answers) != 2 || answers[0].Published != "2014-02-06T23:35:45" || !strings.HasPrefix(answers[0].Text, "Both are correct") ||
		!strings.Contains(answers[0].Text, "\n\nIn writing") || answers[1].Author != "Tor" || strings.Contains(answers[0].Text, "Share") {
		t.Errorf("answers %+v; want Sverre's accepted answer (2014-02-06T23:35:45, two paragraphs) and then Tor's", r.Comments)
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
		{"div", `class="MtnComment"`, true},           // any case, inside a name
		{"div", `id="DISQUS_THREAD"`, true},           // upper case
		{"div", `class="post-reply respond"`, true},   // the last word
		{"div", `class="comm ent respo"`, false},      // parts of the words only
		{"div", `id="kommentare"`, true},              // German
		{"section", `id="komentarze"`, true},          // Polish
		{"div", `class="articulo-comentarios"`, true}, // Spanish
		{"div", `class="kommentar"`, false},           // a German opinion piece
		{"div", `class="ee-term--kommentar"`, false},
		{"article", `class="post category-kommentare tag-comments"`, false}, // the post's terms
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

// Movable Type's, TypePad's and WordPress's classic templates open the
// comments with a heading whose id, or an empty anchor's inside it, names
// them, and the comments follow it as its siblings, in no container: they
// are left out of the story all the same. A heading that names no
// comments (or commentary) is no such mark.
func TestCommentsAfterHeading(t *testing.T) {
	post := `<p>Communities grow when their most active members are given room to lead, and a place of their own to talk.</p>
<p>Give the experts a reason to stay: recognition, early access, a say in what comes next for the product.</p>
<p>Don't tolerate abuse of the beginners, but don't force the experts to put up with newbie questions either. As a community matures, it needs separate places for newbies and experts; if its culture is one of generosity, there will still be experts who want to spend time helping the newcomers.</p>
<p>And consider a monthly membership with something that comes in the real mail: a newsletter, a sticker, a small gift that says the community is real and that somebody noticed you are part of it.</p>
<p class="posted">Posted by Kathy on March 21, 2007 | <a href="/2007/03/communities.html">Permalink</a></p>
%s
<p>I was meaning to say something about this in response to the post about conferences, but it applies here too.</p>
<p class="posted">Posted by: omni | Mar 22, 2007 12:56:24 AM</p>
<p>Well, my basic rule is: be part of your community, and never think you are special because you hold the admin password.</p>
<p class="posted">Posted by: <a rel="nofollow" href="http://example.org/">f.enzenhofer</a> | Mar 22, 2007 1:52:31 AM</p>`
	for _, tt := range []struct {
		anchor, heading string
		comments        bool
	}{
		{"comments", `<h2><a id="comments"></a>Comments</h2>`, true},
		{"heading id", `<h2 id="comments">Comments</h2>`, true},
		{"commentary", `<h2 id="commentary">Commentary</h2>`, false},
		{"more", `<h2><a id="more"></a>More thoughts</h2>`, false},
		{"label", `<h3>COMMENTS</h3>`, true},
		{"count label", `<h3>12 Comments</h3>`, true},
		{"responses to", `<h3>3 Responses to &#8220;Building communities&#8221;</h3>`, true},
		{"thoughts on", `<h3>10 thoughts on &#8220;Building communities&#8221;</h3>`, true},
		{"one thought on", `<h3>One thought on &#8220;Building communities&#8221;</h3>`, true},
		{"replies to", `<h3>2 Replies to &#8220;Building communities&#8221;</h3>`, true},
		{"thoughts with no count", `<h3>Thoughts on communities</h3>`, false},
		{"a headline's count of thoughts", `<h3>6 Thoughts on Why Communities Help You Succeed</h3>`, false},
		{"a reply with no count", `<h3>Reply to the critics</h3>`, false},
		{"reader comments", `<h4>Reader comments (2)</h4>`, true},
		{"label in another language", `<h3>Kommentare</h3>`, true},
		{"label alone in its wrapper", `<div><h2>Comments</h2></div>`, true},
		{"heading id alone in its wrappers", `<div><div><h2 id="comments">Comments</h2></div></div>`, true},
		{"the form's heading", `<h3 id="reply-title">Leave a Reply <small><a rel="nofollow" href="#respond" style="display:none;">Cancel reply</a></small></h3>`, true},
		{"a form's heading", `<h4>Post a Comment</h4>`, true},
		{"a heading that asks more", `<h3>Leave a reply to the council</h3>`, false},
		{"count of the comments shown", `<h3>Comments (5 of 12)</h3>`, true},
		{"links beside the heading in its wrapper", `<div><h2>Comments (2)</h2> <a href="/2007/03/communities.html?all=1">View all comments &raquo;</a></div>`, true},
		{"wrapper with more than the heading", `<div><h2>Comments on communities</h2><p>See the forum.</p></div>`, false},
		{"heading about comments", `<h3>Comments on communities</h3>`, false},
		{"comment policy", `<h3>Comments policy</h3>`, false},
		{"which comments", `<h2>Top Rated Comments</h2>`, true},
		{"recent comments", `<h3>Recent comments</h3>`, true},
		{"too many words before", `<h3>What our readers said in the comments</h3>`, false},
	} {
		body := `<html><head><title>Creating Passionate Users: Building communities</title></head><body>` +
			`<div id="banner"><h1><a href="/">Creating Passionate Users</a></h1><p>Notes on making users awesome</p></div>` +
			`<div id="content"><div class="entry"><h3>Building communities</h3>` + fmt.Sprintf(post, tt.heading) + `</div></div>` +
			`<div id="sidebar"><h2>Recent Posts</h2><ul><li><a href="/2007/03/conferences.html">Why are we still going to conferences?</a></li>` +
			`<li><a href="/2007/03/newbies.html">Be kind to the newbies</a></li><li><a href="/2007/02/flow.html">Flow for the rest of us</a></li></ul></div>` +
			`<div id="footer">Copyright 2007. Powered by TypePad.</div></body></html>`
		r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
		text := r.ArticleText()
		if !strings.Contains(text, "a say in what comes next") {
			t.Errorf("%s: the story is missing:\n%s", tt.anchor, text)
		}
		if got := strings.Contains(text, "be part of your community"); got == tt.comments {
			t.Errorf("%s: comment in the text %v, want %v:\n%s", tt.anchor, got, !tt.comments, text)
		}
	}
}

// TestHeadlineNoCommentHeading: a comment plugin that puts its anchor on
// the headline ("insticator-commenting", where its button scrolls to)
// does not make the story that follows the headline's wrapper comments.
func TestHeadlineNoCommentHeading(t *testing.T) {
	body := `<html><head><title>Council keeps the night buses | The Harbour Times</title></head><body>` +
		`<nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a></nav>` +
		`<main><div class="right-border"><h1 id="insticator-commenting" class="page-headline">Council keeps the night buses</h1></div>` +
		`<div class="story"><p>The council kept the night buses for two more years after a long debate on Tuesday evening in the town hall.</p>` +
		`<p>Shift workers at the hospital and the port had asked for the routes to stay, and three hundred of them signed the letter.</p>` +
		`<p>The routes will be reviewed again in two years, when the new depot opens by the ring road.</p></div></main>` +
		`<footer>Copyright the Harbour Times.</footer></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
	if text := r.ArticleText(); !strings.Contains(text, "three hundred of them signed") {
		t.Errorf("the story is missing:\n%s", text)
	}
}

// A blog's trackbacks are left out of the story, and are no comments.
func TestTrackbacks(t *testing.T) {
	body := `<html><head><title>Notes: Keep it simple</title></head><body><div id="banner"><a href="/">Notes</a></div>` +
		`<div class="entry"><h3>Keep it simple</h3><div class="post-body">` +
		`<p>The simplest design that works is usually the one that lasts, because there is less of it to break when the world changes around it.</p>` +
		`<p>Every feature you add is a feature somebody has to understand, test and carry forward for years, long after the reason for it is gone.</p></div>` +
		`<div class="trackbacks"><h3>TrackBack</h3><div class="trackbacks-info"><p>TrackBack URL for this entry: http://www.example.com/t/trackback/1234</p>` +
		`<p>Listed below are links to weblogs that reference Keep it simple:</p></div>` +
		`<p>&raquo; <a href="http://other.example.org/2012/11/simple.html">On simplicity</a> from Other Blog<br>We agree with every word of this post, and then some more besides.</p></div>` +
		`</div><div id="footer">Copyright 2012</div></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
	text := r.ArticleText()
	if !strings.Contains(text, "long after the reason for it is gone") {
		t.Errorf("the story is missing:\n%s", text)
	}
	for _, not := range []string{"TrackBack URL", "We agree with every word"} {
		if strings.Contains(text, not) {
			t.Errorf("%q in the text:\n%s", not, text)
		}
	}
	if len(r.Comments) != 0 {
		t.Errorf("%d comments, want none: trackbacks are no comments", len(r.Comments))
	}
}

// An author line loses the verb after the name, not a name's last word.
func TestAuthorName(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"Jane says:", "Jane"},
		{"Emily said...", "Emily"},
		{"Tim Buesing\n said...", "Tim Buesing"},
		{"Mason wrote :", "Mason"},
		{"FenlandFred", "FenlandFred"},
		{"John Said", "John Said"},
		{"says", "says"},
		{"http://www.facebook.com/elboogee Ella Rucker", "Ella Rucker"},
		{"2. Subversive", "Subversive"},
		{"nomaduk 10.29.2012 Log in to Reply", "nomaduk"},
		{"Gregg N.", "Gregg N."},
		{"C. Wingate", "C. Wingate"},
		{"Courtney from Cocroft & Delbridge writes", "Courtney from Cocroft & Delbridge"},
		{"Trevor Shelley-de Brauw | Posted at 12:45pm", "Trevor Shelley-de Brauw"},
		{"mikedow 29 October 2012 5:50PM Stupidity is never simple.", "mikedow"},
		{"May Lin", "May Lin"},
		{"April May 3 2012", "April"},
	} {
		if got := authorName(tt.line); got != tt.want {
			t.Errorf("authorName(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestCommentMetaLine(t *testing.T) {
	for _, tt := range []struct{ line, name, date string }{
		{"Tim Ferriss — June 24th, 2012, 11:39 pm", "Tim Ferriss", "June 24th, 2012, 11:39 pm"},
		{"Heather on October 23rd, 2012 1:37 pm", "Heather", "October 23rd, 2012 1:37 pm"},
		{"GreatAunt On Friday, November 2 at 12:14 pm", "GreatAunt", "Friday, November 2 at 12:14 pm"},
		{"dolorean | 9 Aug 2012", "dolorean", "9 Aug 2012"},
		{"I agree on October 23rd, 2012 it was cold", "", ""},      // a sentence, no date after the cut
		{"We met him on June 24, 2012", "", ""},                    // five words and more are no name
		{"Great point, November 2012 is when it changed.", "", ""}, // the date part is a sentence
		{"Heather", "", ""},
	} {
		name, date, ok := commentMetaLine(tt.line)
		if name != tt.name || date != tt.date || ok != (tt.name != "") {
			t.Errorf("commentMetaLine(%q) = %q, %q, %v; want %q, %q", tt.line, name, date, ok, tt.name, tt.date)
		}
	}
}
