package mine

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"infocrawl/internal/testsite"
)

// annotated mines uris of the test site as one cluster and annotates the
// first, returning its result and annotations.
func annotated(t *testing.T, uris []string) (*Result, []Annotation) {
	t.Helper()
	site := testsite.New(testsite.Options{})
	inputs := fetchTestsite(t, site, uris)
	state := NewClusterState()
	results := MineCluster("c", state, inputs, Options{})
	before, err := state.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(inputs[0].Body))
	if err != nil {
		t.Fatal(err)
	}
	anns := Annotate(doc, inputs[0].URL, results[0], state, Options{})
	// gob writes maps in random order: compare the decoded states.
	var was ClusterState
	if err := was.UnmarshalBinary(before); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&was, state) {
		t.Error("Annotate changed the cluster state")
	}
	return results[0], anns
}

func TestAnnotate(t *testing.T) {
	site := testsite.New(testsite.Options{})
	var articles []string
	for _, a := range site.Articles() {
		if a.Section == "world" && len(articles) < 8 {
			articles = append(articles, a.URI)
		}
	}
	cases := []struct {
		name     string
		uris     []string
		kind     Kind // the kind whose blocks must all be found
		template []string
	}{
		{"article page", articles, "article", []string{"div#header.site-header", "div#footer.site-footer"}},
		{"section fronts", []string{"/world/", "/tech/", "/business/", "/world/?page=2", "/tech/?page=2"}, "toc", []string{"div#footer.site-footer"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, anns := annotated(t, c.uris)
			blocks := res.Article
			if c.kind == "toc" {
				blocks = res.TOC
			}
			if len(blocks) == 0 {
				t.Fatalf("no %s blocks mined (kind %s)", c.kind, res.Kind)
			}
			got := map[Kind]map[string]bool{}
			nodes := map[*html.Node]bool{}
			for _, a := range anns {
				if got[a.Kind] == nil {
					got[a.Kind] = map[string]bool{}
				}
				got[a.Kind][a.Path] = true
				if a.Kind == "template" {
					nodes[a.Node] = true
				}
			}
			for _, b := range blocks {
				for _, p := range b.Paths {
					if !got[c.kind][p] {
						t.Errorf("%s block %s not annotated; got %v", c.kind, p, got[c.kind])
					}
				}
			}
			for _, want := range c.template {
				found := false
				for p := range got["template"] {
					found = found || strings.HasSuffix(p, "/"+want)
				}
				if !found {
					t.Errorf("template %s not annotated; got %v", want, got["template"])
				}
			}
			// Outermost only: no template element inside another.
			for n := range nodes {
				for p := n.Parent; p != nil; p = p.Parent {
					if nodes[p] {
						t.Errorf("template %s nested in another template element", n.Data)
					}
				}
			}
		})
	}
}

// A block path that no element has gives no annotation; one page alone
// still gets its template from class and id hints.
func TestAnnotateUnplacedBlock(t *testing.T) {
	doc, _ := html.Parse(strings.NewReader(`<html><body><nav><a href="/a">A</a> <a href="/b">B</a></nav><div class="story"><p>Text.</p></div></body></html>`))
	res := &Result{Article: []Block{{Paths: []string{"informative blocks"}, Text: "Text."}, {Paths: []string{"html/body/div.missing"}}}}
	anns := Annotate(doc, nil, res, nil, Options{})
	if len(anns) != 1 || anns[0].Kind != "template" || anns[0].Path != "html/body/nav" {
		t.Errorf("got %+v, want one template annotation of html/body/nav", anns)
	}
}
