package onepage

import (
	"bytes"
	"math"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// EEMOptions tune EEM. The zero value means the defaults below.
type EEMOptions struct {
	// TextWeight, LinkWeight and ImageWeight multiply the counts of text
	// nodes, links and images of a block before they are normalised into
	// the probabilities of equation (2). 0 means 1: the paper counts
	// every element node once.
	TextWeight, LinkWeight, ImageWeight float64
	// MinTextChars is a guard the paper does not have: a block is a
	// candidate only if it holds at least this many characters of text
	// outside links (whitespace runs counting as one), or, on a page where
	// no block holds that much, as much as the block with the most such
	// text. Without it the maximum-entropy block of a news page is a
	// teaser or a caption (one text, one link, one image: log2 3, the
	// largest entropy there is): F1 0.21 on the article-extraction
	// benchmark, against 0.74 with the default. 0 means 1000 (a few
	// paragraphs); a negative value turns the guard off.
	MinTextChars int
}

func (o EEMOptions) withDefaults() EEMOptions {
	for _, w := range []*float64{&o.TextWeight, &o.LinkWeight, &o.ImageWeight} {
		if *w == 0 {
			*w = 1
		}
	}
	if o.MinTextChars == 0 {
		o.MinTextChars = 1000
	}
	return o
}

// EEM returns the article text of a page by the Entropy Evaluation Model
// of Nyein, "Extraction of Informative Blocks from Myanmar Web Pages
// Based on Entropy Measure". The page is parsed and cleaned of what a
// browser does not show (comments, script, style, noscript, template,
// head, hidden elements). Every element of the paper's block set (div, p,
// br, li, ul, ol, td, tr, table, h1–h6, hr) inside <body> is a block; its
// element nodes are counted by kind: text nodes outside links, links (<a
// href>), images (<img>). Its entropy is equation (2),
// H = −Σ (EN_i/W) log2(EN_i/W) over the three kinds, EN_i the weighted
// count and W their sum. The block of maximum entropy is the article.
// Ties (within 1e-9) go to the block with more text outside links, then to
// the first in document order (the outermost of nested blocks with the
// same counts). When the body has no block, the body is the article.
//
// The text is rendered with block-level elements separated by blank lines,
// <br> as a line break, inline text joined and whitespace collapsed.
func EEM(body []byte, opts EEMOptions) string {
	opts = opts.withDefaults()
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return ""
	}
	root := htmlnode.Find(doc, atom.Body)
	if root == nil {
		return ""
	}
	var blocks []eemBlock
	eemCount(root, false, &blocks)
	best := eemBest(blocks, opts)
	n := root
	if best >= 0 {
		n = blocks[best].node
	}
	var w textWriter
	eemRender(n, &w)
	return w.String()
}

// eemKinds counts the element nodes of a subtree by kind.
type eemKinds struct {
	text, links, images int
	chars               int // characters of the text outside links
}

func (k *eemKinds) add(o eemKinds) {
	k.text += o.text
	k.links += o.links
	k.images += o.images
	k.chars += o.chars
}

type eemBlock struct {
	node  *html.Node
	kinds eemKinds
}

// eemBlockTags are the paper's block elements (§3.3).
var eemBlockTags = map[atom.Atom]bool{
	atom.Div: true, atom.P: true, atom.Br: true, atom.Li: true, atom.Ul: true, atom.Ol: true,
	atom.Td: true, atom.Tr: true, atom.Table: true, atom.H1: true, atom.H2: true, atom.H3: true,
	atom.H4: true, atom.H5: true, atom.H6: true, atom.Hr: true,
}

// eemSkipTags hold nothing a reader sees as text of the page.
var eemSkipTags = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Head: true,
	atom.Iframe: true, atom.Noembed: true, atom.Noframes: true, atom.Xmp: true, atom.Plaintext: true,
	atom.Textarea: true, atom.Select: true, atom.Svg: true, atom.Math: true, atom.Title: true,
}

// eemCount counts the kinds in n's subtree, appending every block it
// meets to blocks (in document order, parents first).
func eemCount(n *html.Node, inLink bool, blocks *[]eemBlock) eemKinds {
	var k eemKinds
	switch n.Type {
	case html.TextNode:
		if c := eemChars(n.Data); c > 0 && !inLink {
			k.text, k.chars = 1, c
		}
		return k
	case html.ElementNode:
		if eemSkip(n) {
			return k
		}
	default:
		if n.Type != html.DocumentNode {
			return k
		}
	}
	idx := -1
	if n.Type == html.ElementNode && eemBlockTags[n.DataAtom] {
		idx = len(*blocks)
		*blocks = append(*blocks, eemBlock{node: n})
	}
	switch {
	case n.DataAtom == atom.A && strings.TrimSpace(htmlnode.Attr(n, "href")) != "":
		k.links++
		inLink = true
	case n.DataAtom == atom.Img:
		k.images++
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		k.add(eemCount(c, inLink, blocks))
	}
	if idx >= 0 {
		(*blocks)[idx].kinds = k
	}
	return k
}

// eemBest returns the index of the maximum-entropy block among those
// that pass the text guard, -1 if there is no block. On a page where no
// block holds MinTextChars, the guard is the most text a block holds.
func eemBest(blocks []eemBlock, o EEMOptions) int {
	guard := math.MinInt
	if o.MinTextChars > 0 {
		most := 0
		for _, b := range blocks {
			most = max(most, b.kinds.chars)
		}
		guard = min(o.MinTextChars, most)
	}
	best, bestH := -1, 0.0
	for i, b := range blocks {
		if b.kinds.chars < guard {
			continue
		}
		h := eemEntropy(b.kinds, o)
		switch {
		case best < 0, h > bestH+1e-9:
		case h >= bestH-1e-9 && b.kinds.chars > blocks[best].kinds.chars:
		default:
			continue
		}
		best, bestH = i, h
	}
	return best
}

// eemEntropy is equation (2) over the weighted counts of text, links and
// images: 0 for an empty block or one of a single kind, log2 3 at most.
func eemEntropy(k eemKinds, o EEMOptions) float64 {
	en := [3]float64{o.TextWeight * float64(k.text), o.LinkWeight * float64(k.links), o.ImageWeight * float64(k.images)}
	var w float64
	for _, e := range en {
		w += e
	}
	if w <= 0 {
		return 0
	}
	var h float64
	for _, e := range en {
		if e > 0 {
			p := e / w
			h -= p * math.Log2(p)
		}
	}
	return h
}

// eemSkip reports whether n and its subtree are dropped: elements with no
// readable text and hidden ones (§3.1's display:none).
func eemSkip(n *html.Node) bool {
	if eemSkipTags[n.DataAtom] {
		return true
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "style":
			s := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
			if strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden") {
				return true
			}
		}
	}
	return false
}

// eemChars counts the characters of s with whitespace collapsed and
// trimmed.
func eemChars(s string) int {
	n, space := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = n > 0
			continue
		}
		if space {
			n++
			space = false
		}
		n++
	}
	return n
}

// renderBlocks are laid out as blocks when text is rendered: a blank
// line separates them from what is around.
var renderBlocks = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true, atom.Body: true,
	atom.Caption: true, atom.Center: true, atom.Dd: true, atom.Details: true, atom.Dialog: true,
	atom.Div: true, atom.Dl: true, atom.Dt: true, atom.Fieldset: true, atom.Figcaption: true,
	atom.Figure: true, atom.Footer: true, atom.Form: true, atom.H1: true, atom.H2: true, atom.H3: true,
	atom.H4: true, atom.H5: true, atom.H6: true, atom.Head: true, atom.Header: true, atom.Hr: true,
	atom.Html: true, atom.Legend: true, atom.Li: true, atom.Main: true, atom.Menu: true, atom.Nav: true,
	atom.Ol: true, atom.Option: true, atom.P: true, atom.Pre: true, atom.Section: true,
	atom.Summary: true, atom.Table: true, atom.Tbody: true, atom.Td: true, atom.Tfoot: true,
	atom.Th: true, atom.Thead: true, atom.Title: true, atom.Tr: true, atom.Ul: true,
}

// eemRender writes the readable text of n's subtree.
func eemRender(n *html.Node, w *textWriter) {
	switch n.Type {
	case html.TextNode:
		w.text(n.Data)
		return
	case html.ElementNode:
		if eemSkip(n) {
			return
		}
		if n.DataAtom == atom.Br {
			w.brk(1)
			return
		}
	}
	block := n.Type == html.ElementNode && renderBlocks[n.DataAtom]
	if block {
		w.brk(2)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		eemRender(c, w)
	}
	if block {
		w.brk(2)
	}
}

// textWriter assembles extracted text, for EEM and TTR: whitespace runs
// collapse to one space, breaks collapse to the strongest one asked for
// (1: a line break, 2: a blank line), and nothing leads or trails.
type textWriter struct {
	b       strings.Builder
	pending int  // break asked for since the last character
	space   bool // whitespace seen since the last character
}

func (w *textWriter) brk(level int) {
	w.pending = max(w.pending, level)
}

func (w *textWriter) text(s string) {
	for _, r := range s {
		if unicode.IsSpace(r) {
			w.space = true
			continue
		}
		if r == 0 {
			continue
		}
		if w.b.Len() > 0 {
			switch {
			case w.pending >= 2:
				w.b.WriteString("\n\n")
			case w.pending == 1:
				w.b.WriteByte('\n')
			case w.space:
				w.b.WriteByte(' ')
			}
		}
		w.pending, w.space = 0, false
		w.b.WriteRune(r)
	}
}

func (w *textWriter) String() string { return w.b.String() }
