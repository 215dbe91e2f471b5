package crawler

import (
	"bytes"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/nlnwa/whatwg-url/canonicalizer"
	whatwg "github.com/nlnwa/whatwg-url/url"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/internal/shared"
)

// BenchmarkCanonical times Canonical ("hand") against the closest
// canonicaliser whatwg-url offers ("whatwg"), one URL per op, over the
// links of the first benchPages dragnet pages resolved against the page.
// canonical.go says why the crawler keeps the hand-written one.
func BenchmarkCanonical(b *testing.B) {
	urls := benchURLs(b, shared.Dir(b, "datasets", "dragnet", "html"))
	for _, v := range []struct {
		name string
		f    func(string) (string, error)
	}{{"hand", Canonical}, {"whatwg", canonicalWhatwg}} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				v.f(urls[i%len(urls)])
			}
		})
	}
}

const benchPages = 300

// benchURLs returns the distinct links (<a>, <area>) of the first
// benchPages pages in dir, each resolved against http://bench.example/.
func benchURLs(b *testing.B, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no pages in %s: %v", dir, err)
	}
	sort.Strings(files)
	files = files[:min(len(files), benchPages)]
	seen := map[string]bool{}
	var urls []string
	for _, p := range files {
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		base, _ := url.Parse("http://bench.example/" + filepath.Base(p))
		z := html.NewTokenizer(bytes.NewReader(body))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			name, hasAttr := z.TagName()
			if a := atom.Lookup(name); !hasAttr || (a != atom.A && a != atom.Area) {
				continue
			}
			href, ok := attr(z, "href")
			if !ok {
				continue
			}
			ref, err := url.Parse(strings.TrimSpace(href))
			if err != nil {
				continue
			}
			if s := base.ResolveReference(ref).String(); !seen[s] {
				seen[s] = true
				urls = append(urls, s)
			}
		}
	}
	return urls
}

// whatwgCanon is the closest whatwg-url canonicalizer profile to Canonical:
// fragment and user info removed, query sorted by name and value, a lone
// '%' escaped.
var whatwgCanon = canonicalizer.New(
	canonicalizer.WithRemoveFragment(),
	canonicalizer.WithRemoveUserInfo(),
	canonicalizer.WithSortQuery(canonicalizer.SortParameter),
	whatwg.WithPercentEncodeSinglePercentSign(),
)

// canonicalWhatwg is Canonical built on whatwg-url's canonicalizer.
func canonicalWhatwg(raw string) (string, error) {
	u, err := whatwgCanon.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", err
	}
	if p := u.Protocol(); p != "http:" && p != "https:" {
		return "", errNotHTTP
	}
	if h := u.Hostname(); strings.HasSuffix(h, ".") {
		u.SetHostname(strings.TrimSuffix(h, "."))
	}
	if u.Hostname() == "" {
		return "", errors.New("no host")
	}
	s := u.Href(true)
	if len(s) > maxURLLength {
		return "", errors.New("URL too long")
	}
	return s, nil
}
