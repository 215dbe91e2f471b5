package view

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ensureHeadBody returns the document's head and body; html.Parse always
// makes both.
func ensureHeadBody(doc *html.Node) (head, body *html.Node) {
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Head:
				if head == nil {
					head = n
				}
			case atom.Body, atom.Frameset:
				if body == nil {
					body = n
				}
			}
		}
		for c := n.FirstChild; c != nil && (head == nil || body == nil); c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if head == nil || body == nil { // not from html.Parse: give it both
		root := &html.Node{Type: html.ElementNode, Data: "html", DataAtom: atom.Html}
		doc.AppendChild(root)
		if head == nil {
			head = &html.Node{Type: html.ElementNode, Data: "head", DataAtom: atom.Head}
			root.AppendChild(head)
		}
		if body == nil {
			body = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
			root.AppendChild(body)
		}
	}
	return head, body
}

func element(a atom.Atom, kv ...string) *html.Node {
	n := &html.Node{Type: html.ElementNode, Data: a.String(), DataAtom: a}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Attr = append(n.Attr, html.Attribute{Key: kv[i], Val: kv[i+1]})
	}
	return n
}

// rawElement is a <style> or <script> holding text, which html.Render
// writes unescaped.
func rawElement(a atom.Atom, text string) *html.Node {
	n := element(a)
	n.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	return n
}

func prepend(parent, n *html.Node) {
	if parent.FirstChild == nil {
		parent.AppendChild(n)
		return
	}
	parent.InsertBefore(n, parent.FirstChild)
}

func insertAfter(ref, n *html.Node) {
	if ref.NextSibling == nil {
		ref.Parent.AppendChild(n)
		return
	}
	ref.Parent.InsertBefore(n, ref.NextSibling)
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}
