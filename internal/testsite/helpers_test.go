package testsite

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// serveRec runs one request through the handler without a network.
func serveRec(s *Site, uri string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, uri, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

// rawClient does not follow redirects and does not touch Accept-Encoding.
func rawClient(srv *httptest.Server) *http.Client {
	c := *srv.Client()
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DisableCompression = true
	c.Transport = tr
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// get fetches uri from the server without decompression or redirects and
// returns the response with its body read.
func get(t *testing.T, c *http.Client, srv *httptest.Server, uri string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+uri, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", uri, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading body: %v", uri, err)
	}
	return resp, b
}

// decompress undoes the Content-Encoding of a body.
func decompress(t *testing.T, ce string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	var err error
	switch ce {
	case "":
		return b
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(b))
	case "deflate":
		r, err = zlib.NewReader(bytes.NewReader(b))
	default:
		t.Fatalf("unexpected Content-Encoding %q", ce)
	}
	if err != nil {
		t.Fatalf("%s: %v", ce, err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", ce, err)
	}
	return out
}

// decodeBody converts a page to UTF-8 according to its declared charset.
func decodeBody(t *testing.T, ctype string, b []byte) string {
	t.Helper()
	var err error
	switch {
	case strings.Contains(ctype, "charset=big5"):
		b, err = traditionalchinese.Big5.NewDecoder().Bytes(b)
	case bytes.Contains(b, []byte(`<meta charset="shift_jis">`)):
		b, err = japanese.ShiftJIS.NewDecoder().Bytes(b)
	}
	if err != nil {
		t.Fatalf("decoding %s: %v", ctype, err)
	}
	return string(b)
}

// parseHTML parses a page.
func parseHTML(t *testing.T, s string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasClass(n *html.Node, class string) bool {
	v, _ := attr(n, "class")
	for _, c := range strings.Fields(v) {
		if c == class {
			return true
		}
	}
	return false
}

// walk calls f for every element node, with its ancestors.
func walk(n *html.Node, anc []*html.Node, f func(n *html.Node, anc []*html.Node)) {
	if n.Type == html.ElementNode {
		f(n, anc)
		anc = append(anc, n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, anc, f)
	}
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return b.String()
}

// servedLinks returns the canonical same-host targets of the <a href>
// elements of a served page, resolved against pageURL, in document order
// without duplicates. If inside is not nil, only anchors with an ancestor
// for which inside is true count.
func servedLinks(t *testing.T, doc *html.Node, pageURL *url.URL, inside func(*html.Node) bool) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	walk(doc, nil, func(n *html.Node, anc []*html.Node) {
		if n.Data != "a" {
			return
		}
		href, ok := attr(n, "href")
		if !ok {
			return
		}
		if inside != nil {
			found := false
			for _, a := range anc {
				found = found || inside(a)
			}
			if !found {
				return
			}
		}
		ref, err := url.Parse(strings.TrimSpace(href))
		if err != nil {
			t.Errorf("%s: bad href %q: %v", pageURL, href, err)
			return
		}
		u := pageURL.ResolveReference(ref)
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host != pageURL.Host {
			return
		}
		c := CanonicalURI(u)
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	})
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
