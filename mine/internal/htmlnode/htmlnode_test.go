package htmlnode

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestFindAndAttr(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<p><a id=first href=" /x ">a</a><a href=y>b</a></p>`))
	if err != nil {
		t.Fatal(err)
	}
	a := Find(doc, atom.A)
	if a == nil || Attr(a, "id") != "first" {
		t.Fatalf("Find(doc, a) = %v, want the first <a>", a)
	}
	if got := Attr(a, "href"); got != " /x " {
		t.Errorf(`Attr(a, "href") = %q, want the value as written`, got)
	}
	if got := Attr(a, "class"); got != "" {
		t.Errorf(`Attr(a, "class") = %q, want ""`, got)
	}
	if Find(doc, atom.Table) != nil {
		t.Error("Find(doc, table) found an element the page does not have")
	}
	if Find(a, atom.A) != a {
		t.Error("Find does not return the node itself when it matches")
	}
}

func TestHas(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div itemscope itemtype="https://schema.org/Answer" id=""><span>a</span></div>`))
	if err != nil {
		t.Fatal(err)
	}
	div := Find(doc, atom.Div)
	if !Has(div, "itemscope") || !Has(div, "id") {
		t.Error("Has misses an attribute written without a value or with an empty one")
	}
	if Has(div, "itemprop") || Has(Find(doc, atom.Span), "itemscope") {
		t.Error("Has finds an attribute the element does not have")
	}
}
