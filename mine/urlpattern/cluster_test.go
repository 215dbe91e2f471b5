package urlpattern

import (
	"fmt"
	"net/url"
	"slices"
	"testing"
)

func TestClusterMergeChain(t *testing.T) {
	// Five small patterns under /blog/ merge into one cluster of 15; with
	// minPages 1 nothing merges. A nil URL goes to the catch-all of host
	// "", a lone page of another host to its host's catch-all.
	var urls []*url.URL
	pats := []string{"/blog/%d", "/blog/p%d.html", "/blog/%d/comments", "/blog/x/%d", "/blog/y/%d"}
	for i, p := range pats {
		for j := range 3 {
			urls = append(urls, mustURL(t, "http://b.example"+fmt.Sprintf(p, i*10+j)))
		}
	}
	urls = append(urls, nil, mustURL(t, "http://c.example/a/1"))
	got := Cluster(urls, 8)
	noURL, c := Group{Site: true}, Group{Host: "c.example", Site: true}
	if len(got) != 3 || !slices.Equal(got[noURL], []int{15}) || !slices.Equal(got[c], []int{16}) {
		t.Fatalf("clusters %v, want the blog's and two catch-alls", got)
	}
	for id, idx := range got {
		if !slices.IsSorted(idx) {
			t.Errorf("%v: indexes %v not ascending", id, idx)
		}
		if !id.Site && (len(idx) != 15 || id.Host != "b.example") {
			t.Errorf("%v: %d pages, want the blog's 15", id, len(idx))
		}
	}
	if n := len(Cluster(urls, 1)); n != len(pats)+2 {
		t.Errorf("minPages 1: %d clusters, want %d", n, len(pats)+2)
	}
}
