package htmlnode

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Find returns the first element of n's subtree (n included, in document
// order) with atom a, nil if there is none.
func Find(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := Find(c, a); f != nil {
			return f
		}
	}
	return nil
}

// Attr returns the value of n's first attribute named key, as written,
// "" if it has none.
func Attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Has reports whether n has an attribute named key, whatever its value
// (an empty itemscope has one).
func Has(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}
