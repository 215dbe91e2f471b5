package mine

import (
	"bytes"
	"strings"
	"testing"

	"infocrawl/internal/shared"
)

// The raw text ExtractSite's signature scan finds must cut a page as
// emptyRawText, which the one-page path calls, does: the two modes parse
// the same bytes.
func TestScanCutsAsEmptyRawText(t *testing.T) {
	script := "<script>" + strings.Repeat("var a = '<div>';", 100) + "</script>"
	cases := []struct {
		name, src string
		cut       bool // emptyRawText cuts something
	}{
		{"heavy script", "<html><head>" + script + "</head><body><p>story</p></body></html>", true},
		{"heavy style", "<style>" + strings.Repeat("p{color:red}", 100) + "</style><p>story</p>", true},
		{"light script", "<script>x()</script><p>" + strings.Repeat("story ", 100) + "</p>", false},
		{"script to the end", "<p>a</p><script>" + strings.Repeat("x", 500), false},
		{"style in svg with markup", "<svg><style><a>" + strings.Repeat("x", 500) + "</a></style></svg>", true}, // the drawing is cut
		{"style in svg with a comment", "<svg><!-- c --><style><a>" + strings.Repeat("x", 500) + "</a></style></svg>", false},
		{"svg drawing", "<p>a</p><svg viewBox='0 0 9 9'><path d='" + strings.Repeat("M1 1L2 2", 60) + "'/></svg><p>b</p>", true},
		{"nested svg", "<svg><svg><path d='" + strings.Repeat("M1 1L2 2", 60) + "'/></svg><text>t</text></svg>", true}, // the inner drawing is cut
		{"foreign object", "<svg><foreignObject><p>" + strings.Repeat("story ", 100) + "</p></foreignObject></svg>", false},
		{"style in svg without markup", "<svg></svg><style>" + strings.Repeat("x", 500) + "</style>", true},
		{"upper case", "<SCRIPT>" + strings.Repeat("x", 500) + "</SCRIPT><p>b</p>", false}, // the gauge counts lower case only
	}
	for _, c := range cases {
		body := []byte(c.src)
		want := emptyRawText(body)
		if got := len(want) < len(body); got != c.cut {
			t.Errorf("%s: emptyRawText cut %v, want %v", c.name, got, c.cut)
		}
		sameCuts(t, c.name, body)
	}
	n := shared.EachHTMLPage(t, func(path string, body []byte) { sameCuts(t, path, body) })
	t.Logf("%d data-set pages", n)
}

// Cutting a page's raw text and drawings leaves the text mining reads as
// it is: the same segments, in the same elements, on every data-set page.
func TestCutKeepsText(t *testing.T) {
	cut := 0
	shared.EachHTMLPage(t, func(path string, body []byte) {
		short := emptyRawText(body)
		if len(short) == len(body) {
			return
		}
		cut++
		whole, _ := parseCut(body)
		part, _ := parseCut(short)
		a, b := FromDOM(whole, nil), FromDOM(part, nil)
		if len(a.Segments) != len(b.Segments) || len(a.Nodes) != len(b.Nodes) {
			t.Errorf("%s: %d segments and %d elements, cut %d and %d", path, len(a.Segments), len(a.Nodes), len(b.Segments), len(b.Nodes))
			return
		}
		for i := range a.Segments {
			if x, y := a.Segments[i], b.Segments[i]; x.Text != y.Text || x.Owner.Index != y.Owner.Index {
				t.Errorf("%s: segment %d is %q in element %d, cut %q in %d", path, i, x.Text, x.Owner.Index, y.Text, y.Owner.Index)
				return
			}
		}
	})
	t.Logf("%d data-set pages cut", cut)
}

func sameCuts(t *testing.T, name string, body []byte) {
	t.Helper()
	var c rawCuts
	scanPage(body, &c)
	if got, want := c.apply(body), emptyRawText(body); !bytes.Equal(got, want) {
		t.Errorf("%s: the scan's cuts leave %d bytes, emptyRawText %d", name, len(got), len(want))
	}
}
