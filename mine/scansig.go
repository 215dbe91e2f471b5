package mine

import (
	"html"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/atom"

	"infocrawl/internal/htmlscan"
)

// ScanSignature is a page's template signature, the tag paths of its
// tree (docs/ALGORITHMS.md §0), read from its tags without building the
// tree: each element is placed under the elements open when its start tag
// comes, as a stack of start and end tags (with the end tags HTML leaves
// out: a <p> closes an open <p> before it, an <li> an <li>, a <td> a
// <td>…) finds them. Where a page's markup is broken the paths differ
// from its tree's, the same way on every page of its template, which is
// all clustering asks of them; the scan costs a seventh of a parse and
// holds no tree, so a site's pages are clustered before any is parsed.
func ScanSignature(body []byte) []uint64 {
	sig, _ := scanPage(body, nil)
	return sig
}

// scanPage is ScanSignature that also gathers, when cuts is not nil, the
// raw text emptyRawText would cut: the page's parse then needs no scan of
// its own. It returns the address the page declares in its head too (as
// declaredURL reads it: its canonical link, else its og:url; nil when
// none), which places a file with no known URL on its site.
func scanPage(body []byte, cuts *rawCuts) (sig []uint64, declared *url.URL) {
	stack := []openTag{{"html", fnvAppend(fnvOffset64, "html")}}
	var name []byte
	names := map[string]string{} // a page's other tag names, allocated once each
	var canonical, og string
	inHead := true // no element of the body has started yet
	htmlscan.Scan(body, func(t htmlscan.Tag) {
		if cuts != nil {
			cuts.see(body, t)
		}
		name = lowerASCII(name[:0], t.Name(body))
		a := atom.Lookup(name)
		if inHead {
			switch a {
			case atom.Link:
				if canonical == "" && t.HasHref && attrHasToken(body, t, "rel", "canonical") {
					canonical = html.UnescapeString(string(body[t.Href.V0:t.Href.V1]))
				}
			case atom.Meta:
				if og == "" && attrIs(body, t, "property", "og:url") {
					if c, ok := t.Attr(body, "content"); ok {
						og = html.UnescapeString(string(body[c.V0:c.V1]))
					}
				}
			case atom.Html, atom.Head, atom.Title, atom.Base, atom.Script, atom.Style, atom.Noscript, atom.Template:
			default:
				inHead = false
			}
		}
		tag := a.String() // HTML's own names need no allocation
		if a == 0 {
			var ok bool
			if tag, ok = names[string(name)]; !ok {
				tag = string(name)
				names[tag] = tag
			}
		}
		var class []byte
		if t.HasClass {
			class = body[t.Class.V0:t.Class.V1]
		}
		switch tag {
		case "html":
			if len(stack) == 1 && len(sig) == 0 {
				stack[0].h = appendTagClassBytes(fnvOffset64, "html", class)
			}
			return
		case "head", "body":
			stack = stack[:1]
		}
		stack = closeImplied(stack, tag)
		// A table's rows sit in a <tbody> and its cells in a <tr>, written
		// or not: the tree adds the ones left out.
		for _, implied := range impliedParents(stack[len(stack)-1].name, tag) {
			h := appendTagClassBytes(fnvAppend(stack[len(stack)-1].h, "/"), implied, nil)
			sig = append(sig, h)
			stack = append(stack, openTag{implied, h})
		}
		h := appendTagClassBytes(fnvAppend(stack[len(stack)-1].h, "/"), tag, class)
		sig = append(sig, h)
		if !voidElement(a) && !selfClosing(body, t) {
			stack = append(stack, openTag{tag, h})
		}
	}, func(end []byte) {
		name = lowerASCII(name[:0], end)
		if string(name) == "html" || string(name) == "body" || string(name) == "head" {
			return
		}
		for i := len(stack) - 1; i > 0; i-- {
			if stack[i].name == string(name) {
				stack = stack[:i]
				return
			}
		}
	})
	declared = firstAbsolute(canonical, og)
	if len(sig) == 0 {
		return nil, declared
	}
	sig = append(sig, stack[0].h)
	slices.Sort(sig)
	return slices.Compact(sig), declared
}

// attrIs: t's attribute key has value v, in any case.
func attrIs(body []byte, t htmlscan.Tag, key, v string) bool {
	a, ok := t.Attr(body, key)
	return ok && strings.EqualFold(strings.TrimSpace(string(body[a.V0:a.V1])), v)
}

// attrHasToken: one of the space-separated words of t's attribute key is
// v, in any case (rel="canonical", rel="Canonical nofollow").
func attrHasToken(body []byte, t htmlscan.Tag, key, v string) bool {
	a, ok := t.Attr(body, key)
	return ok && hasToken(string(body[a.V0:a.V1]), v)
}

// An openTag is an element open during the scan: its name (lower case)
// and the hash of its path.
type openTag struct {
	name string
	h    uint64
}

// closeImplied pops the elements a start tag closes without an end tag.
// The root (html) stays.
func closeImplied(stack []openTag, tag string) []openTag {
	topIs := func(names ...string) bool {
		return len(stack) > 1 && slices.Contains(names, stack[len(stack)-1].name)
	}
	switch {
	case topIs("p") && closesP[tag], // the map asked only under a <p>
		tag == "li" && topIs("li"),
		(tag == "dt" || tag == "dd") && topIs("dt", "dd"),
		tag == "option" && topIs("option"):
		stack = stack[:len(stack)-1]
	case tag == "td" || tag == "th":
		if topIs("td", "th") {
			stack = stack[:len(stack)-1]
		}
	case tag == "tr":
		if topIs("td", "th") {
			stack = stack[:len(stack)-1]
		}
		if topIs("tr") {
			stack = stack[:len(stack)-1]
		}
	}
	return stack
}

// impliedParents are the elements the tree adds between an open element
// parent and a start tag: a <tbody> for a row in a table, and a <tr> too
// for a cell.
func impliedParents(parent, tag string) []string {
	switch {
	case parent == "table" && tag == "tr":
		return []string{"tbody"}
	case parent == "table" && (tag == "td" || tag == "th"):
		return []string{"tbody", "tr"}
	case (parent == "tbody" || parent == "thead" || parent == "tfoot") && (tag == "td" || tag == "th"):
		return []string{"tr"}
	}
	return nil
}

// selfClosing: a start tag written "<…/>", which closes the element only
// in SVG and MathML but never opens one worth a path of its own in HTML
// either (<div/> is rare, <path/> common).
func selfClosing(body []byte, t htmlscan.Tag) bool {
	return t.End >= 2 && body[t.End-2] == '/'
}

// appendTagClassBytes is appendTagClass for a class attribute as written
// in the page; it allocates nothing when the first class name and the
// spaces before it are ASCII without entities. Nothing after that name
// can change it: an entity starts with "&", a space outside ASCII is not
// ASCII.
func appendTagClassBytes(h uint64, tag string, classAttr []byte) uint64 {
	i := 0
	for i < len(classAttr) && isASCIISpace(classAttr[i]) {
		i++
	}
	j := i
	for ; j < len(classAttr) && !isASCIISpace(classAttr[j]); j++ {
		if c := classAttr[j]; c >= utf8.RuneSelf || c == '&' {
			return appendTagClass(h, tag, html.UnescapeString(string(classAttr)))
		}
	}
	h = fnvAppend(h, tag)
	if i == j {
		return h
	}
	return appendASCIIClass(fnvAppend(h, "."), classAttr[i:j])
}

// isASCIISpace is unicode.IsSpace for ASCII bytes.
func isASCIISpace(c byte) bool {
	return c == ' ' || '\t' <= c && c <= '\r'
}

func lowerASCII(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// voidElement: a is an element that has no content and no end tag.
func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr, atom.Keygen:
		return true
	}
	return false
}

var (
	// closesP are the start tags that close an open <p>.
	closesP = wordSet("address article aside blockquote details dialog div dl fieldset figcaption figure footer form " +
		"h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section table ul")
)
