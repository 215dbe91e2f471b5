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
		{"nested svg", "<svg><svg><path d='" + strings.Repeat("M1 1L2 2", 60) + "'/></svg><text>t</text></svg>", true},                                            // the inner drawing is cut
		{"svg left open", "<svg><use href='#i'/><p>" + strings.Repeat("story ", 100) + "</p><svg><path d='" + strings.Repeat("M1 1L2 2", 60) + "'/></svg>", true}, // the second drawing only
		{"svg left open, small drawing", "<svg><use href='#i'/><p>" + strings.Repeat("story ", 100) + "</p><svg><path d='M1 1'/></svg>", false},                   // what is cut decides, not the open svg
		{"svg left open, closed by a div", "<svg><path d='" + strings.Repeat("M1 1", 200) + "'/><div>story</div></svg>", false},
		{"foreign object", "<svg><foreignObject><p>" + strings.Repeat("story ", 100) + "</p></foreignObject></svg>", false},
		{"style in svg without markup", "<svg></svg><style>" + strings.Repeat("x", 500) + "</style>", true},
		{"upper case", "<SCRIPT>" + strings.Repeat("x", 500) + "</SCRIPT><p>b</p>", true}, // tags in any case
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

// FuzzCutKeepsText holds emptyRawText to TestCutKeepsText's promise on
// any markup: the parse of the cut page gives the same text segments as
// the parse of the page itself.
func FuzzCutKeepsText(f *testing.F) {
	for _, seed := range []string{
		"<p>a</p><svg viewBox='0 0 9 9'><path d='M1 1L2 2'/></svg><p>b</p>" + strings.Repeat("<script>var x = 1;</script>", 20),
		"<svg><use href='#i'/><p>story</p><svg><path/></svg>",
		"<svg><path/><div>story</div></svg>",
		"<svg><text>t</text><b>bold</b></svg><style>p{}</style>",
		"<svg><!-- </svg> --><p>x</p></svg>",
		"<table><svg><path/></svg><tr><td>cell</td></tr></table>",
		"<svg><foreignObject><p>story</p></foreignObject></svg>",
		"<math><svg><path/></svg></math><p>after</p>",
		"<SVG><PATH/></SVG><P>upper</P>",
		"<svg><path/></p><p>after a stray end tag</p></svg>",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		short := emptyRawText(body)
		whole, _ := parseCut(body)
		part, _ := parseCut(short)
		a, b := FromDOM(whole, nil), FromDOM(part, nil)
		if len(a.Segments) != len(b.Segments) {
			t.Fatalf("%d segments, cut %d\n%q\n%q", len(a.Segments), len(b.Segments), body, short)
		}
		for i := range a.Segments {
			if a.Segments[i].Text != b.Segments[i].Text {
				t.Fatalf("segment %d is %q, cut %q\n%q", i, a.Segments[i].Text, b.Segments[i].Text, body)
			}
		}
	})
}

func sameCuts(t *testing.T, name string, body []byte) {
	t.Helper()
	var c rawCuts
	scanPage(body, &c)
	if got, want := c.apply(body), emptyRawText(body); !bytes.Equal(got, want) {
		t.Errorf("%s: the scan's cuts leave %d bytes, emptyRawText %d", name, len(got), len(want))
	}
}
