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
		{"style in svg with markup", "<svg><style><a>" + strings.Repeat("x", 500) + "</a></style></svg>", false},
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

func sameCuts(t *testing.T, name string, body []byte) {
	t.Helper()
	var c rawCuts
	scanPage(body, &c)
	if got, want := c.apply(body), emptyRawText(body); !bytes.Equal(got, want) {
		t.Errorf("%s: the scan's cuts leave %d bytes, emptyRawText %d", name, len(got), len(want))
	}
}
