package mine

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// sidePicture: n is a block of a line or two (under 300 characters, no
// list or table, no picture in it, at most one sentence) whose parent,
// inside region, holds a picture beside it and little more text than n,
// and is no card of a series (inSeries, the parent or one of its three
// nearest ancestors inside region) nor a quotation (in a <blockquote>,
// whose picture is the quoted source's): a photo's caption under it, in
// whatever markup (a <p> beside the <img> in a "media" box, a <span> or
// an <em> that holds most of the box's text). The
// standfirst's besidePicture asks the same of any line, inline ones too,
// without the series and sentence tests: a header holds one picture.
func sidePicture(p *Page, n, region *Node) bool {
	a := n.Parent
	size := n.CLenA + n.ALenA
	if a == nil || size == 0 || size >= 300 || a == region || a.CLenA+a.ALenA > size+captionRoom {
		return false
	}
	// An inline caption ("<span>Figure: …</span>" beside the <img>) is
	// most of its box's text; a paragraph's own words stay whatever
	// picture floats in it.
	if !n.Block && (!a.Block || a.Tag == "p" || 2*size < a.CLenA+a.ALenA) || holdsMedia(n.H) || !holdsMedia(a.H) {
		return false
	}
	if sentenceEnds(p.textOf(n)) >= 2 {
		return false // a lede of two sentences beside the story's picture
	}
	switch n.H.DataAtom {
	case atom.Ul, atom.Ol, atom.Dl, atom.Table:
		return false // a fact box's points beside its picture
	}
	for i := 0; i < 4 && a != nil && a != region; i, a = i+1, a.Parent {
		if inSeries(a) {
			return false
		}
	}
	for q := n.Parent; q != nil && q != region; q = q.Parent {
		if q.H.DataAtom == atom.Blockquote {
			return false
		}
	}
	return true
}

// captionRoom is the text a picture's box holds beyond its caption: a
// credit, a "1 / 12" counter, an enlarge button's label.
const captionRoom = 80

// sentenceEnds counts the sentences of text that end with a stop
// followed by a capital or by the end of the text ("Foto: X." ends one).
func sentenceEnds(text string) int {
	text = strings.TrimSpace(text)
	n := 0
	for i, r := range text {
		if !strings.ContainsRune(stops, r) {
			continue
		}
		rest := strings.TrimLeft(text[i+utf8.RuneLen(r):], "\"'”’»)")
		if rest == "" {
			n++
			continue
		}
		if next, _ := utf8.DecodeRuneInString(strings.TrimLeft(rest, " (\"“‘«„")); rest[0] == ' ' && unicode.IsUpper(next) || r >= 0x3000 {
			n++
		}
	}
	return n
}

// inSeries: a is one of three or more siblings of its tag and class that
// each hold a picture: a how-to's steps, a page of testimonials, a
// forum's posts beside their avatars, a gallery, whose text is the
// content, not captions.
func inSeries(a *Node) bool {
	if a.Parent == nil {
		return false
	}
	_, class := a.names()
	n := 0
	for _, k := range a.Parent.Kids {
		if _, c := k.names(); k.Tag == a.Tag && c == class && holdsMedia(k.H) {
			n++
		}
	}
	return n >= 3
}

// holdsMedia: the element has an image, picture, video or embedded frame
// in it; an image that says it is smaller than 100 pixels either way is
// an icon, not a picture.
func holdsMedia(h *html.Node) bool {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Img:
			if !smallImage(c) {
				return true
			}
		case atom.Picture, atom.Video, atom.Iframe, atom.Figure:
			return true
		}
		if holdsMedia(c) {
			return true
		}
	}
	return false
}

// smallImage: the <img>'s width or height attribute is under 100 pixels.
func smallImage(h *html.Node) bool {
	for _, name := range [2]string{"width", "height"} {
		if v, err := strconv.Atoi(strings.TrimSuffix(htmlnode.Attr(h, name), "px")); err == nil && v < 100 {
			return true
		}
	}
	return false
}
