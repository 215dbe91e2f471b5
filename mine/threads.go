package mine

import (
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html/atom"

	"infocrawl/mine/internal/htmlnode"
)

// linkedThreads returns the comment lists that blog engines build the
// same way whatever a theme names them: each comment links itself, by a
// permalink to its own anchor ("#comment-42", "#c4242424") or by a reply
// link ("?replytocom=42"). Around each such link, the largest element
// that holds no other is one comment or a part of one; two or more of
// them side by side are a list of comments (or the parts of one), and
// their parent is returned. Without class names to go by (hashed or
// stripped ones) this is what still tells the comments from the post.
func linkedThreads(p *Page) []*Node {
	var links []*Node
	for _, n := range p.Nodes {
		if n.H.DataAtom == atom.A && commentLink(n) {
			links = append(links, n)
		}
	}
	return listsAround(links, nil)
}

// citedThreads returns the comment lists whose comments each open with
// their author's name in a <cite> on a line of its own, as WordPress's
// older comment markup and Disqus's fallback write it ("<cite>Alayna
// F</cite>" over the comment's text, or "Alayna F says:"). A <cite> that
// closes a quote, names a work in a sentence or a reading list, or is a
// reference, opens no comment: the item must begin with the name's line
// and say more than it.
func citedThreads(p *Page) []*Node {
	var cites []*Node
	names := map[*Node]string{}
	for _, n := range p.Nodes {
		if n.H.DataAtom != atom.Cite {
			continue
		}
		name := clean(nodeText(n.H))
		if line := clean(nodeText(blockOf(n).H)); citedName(name) && (line == name || authorName(line) == name) {
			cites = append(cites, n)
			names[n] = name
		}
	}
	if len(cites) < 2 {
		return nil
	}
	head := pageHeadline(p)
	return listsAround(cites, func(item, cite *Node) bool {
		own, all := names[cite], clean(nodeText(item.H))
		return strings.HasPrefix(all, own) && textChars(all) >= 2*textChars(own)+20 &&
			(head == nil || !p.contains(item.Parent, head))
	})
}

// citedName: text could be a commenter's name, a handle or a site's
// address: a few words and no sentence.
func citedName(text string) bool {
	n := spokenWords(text)
	return n >= 1 && n <= 5 && textChars(text) <= 60 && !endsSentence(text)
}

// listsAround returns the elements that hold two or more items side by
// side, an item being the largest element around one of marks that holds
// no other (and that item accepts, when not nil).
func listsAround(marks []*Node, item func(item, mark *Node) bool) []*Node {
	if len(marks) < 2 {
		return nil
	}
	held := make(map[*Node]int) // marks in each subtree
	for _, m := range marks {
		for a := m; a != nil; a = a.Parent {
			held[a]++
		}
	}
	items := make(map[*Node]int) // items among each element's children
	var lists []*Node
	for _, m := range marks {
		it := m
		for it.Parent != nil && held[it.Parent] == 1 {
			it = it.Parent
		}
		if par := it.Parent; par != nil && !pageWide(par) && (item == nil || item(it, m)) {
			if items[par]++; items[par] == 2 {
				lists = append(lists, par)
			}
		}
	}
	return lists
}

// commentLink: a links one comment: a reply link (WordPress's
// "?replytocom=42", a comment script's "comments.pl?…&cid=42", Blogger's
// "?showComment=…" inside the comment its "#c…" anchor names), or a
// permalink to the anchor of the comment it sits in (WordPress's and
// Movable Type's "#comment-42", TypePad's "#comment-6a00d8…", the
// "#c4242424" of other engines). A link to an anchor elsewhere is a
// table of contents' (a CMS that numbers every part of a page "c68514")
// or a sidebar's or gadget's link to the newest comments.
func commentLink(a *Node) bool {
	href := htmlnode.Attr(a.H, "href")
	if !strings.Contains(href, "omment") && !strings.Contains(href, "#c") && !strings.Contains(href, "cid=") && !strings.Contains(href, "replytocom=") {
		return false // most links: no need to parse
	}
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return false
	}
	q := u.Query()
	anchored := commentAnchor(strings.ToLower(u.Fragment)) && anchoredIn(a, u.Fragment)
	return q.Get("replytocom") != "" || q.Get("cid") != "" && strings.Contains(strings.ToLower(u.Path), "comment") || anchored ||
		// Blogger's timestamp links carry the comment's anchor too, which a
		// gadget's list of recent comments elsewhere on the page does not
		// hold.
		q.Get("showComment") != "" && (u.Fragment == "" || anchored)
}

// anchoredIn: the element named id (by its id, or an empty anchor's
// name just before it) holds a.
func anchoredIn(a *Node, id string) bool {
	for n := a.Parent; n != nil && n.Parent != nil; n = n.Parent {
		if nid, _ := n.names(); nid == id {
			return true
		}
		if i := slices.Index(n.Parent.Kids, n); i > 0 {
			prev := n.Parent.Kids[i-1]
			if pid, _ := prev.names(); (pid == id || htmlnode.Attr(prev.H, "name") == id) && prev.CLenA+prev.ALenA == 0 {
				return true
			}
		}
	}
	return false
}

// commentAnchor: an anchor name that numbers one comment: "comment-42",
// "comment42", "comment-6a00d8341c" (hex), or "c" and five or more
// digits.
func commentAnchor(frag string) bool {
	if id, ok := strings.CutPrefix(frag, "comment"); ok {
		id = strings.TrimLeft(id, "-_")
		return id != "" && strings.Trim(id, "0123456789abcdef") == "" && strings.ContainsAny(id, "0123456789")
	}
	id, ok := strings.CutPrefix(frag, "c")
	return ok && len(id) >= 5 && strings.Trim(id, "0123456789") == ""
}

// addThreads adds to the named sections the comment lists no name marks,
// keeping the outermost in document order. A list inside a named section
// is in it already; a list around named ones is left to them, which know
// their comments' parts (an author, a date) by name.
func addThreads(p *Page, sections, threads []*Node, in []bool) []*Node {
	named := len(sections)
	for _, t := range threads {
		if !in[t.Index] && !slices.ContainsFunc(sections[:named], func(s *Node) bool { return p.contains(t, s) }) {
			sections = append(sections, t)
		}
	}
	slices.SortFunc(sections, func(a, b *Node) int { return a.Index - b.Index })
	out := sections[:0]
	for _, s := range sections {
		if len(out) == 0 || !p.contains(out[len(out)-1], s) {
			out = append(out, s)
		}
	}
	return out
}
