// Package peer runs other Go article extractors (go-trafilatura,
// go-readability) on a page, for comparison with infocrawl.
package peer

import (
	"fmt"
	"net/url"
	"strings"

	readability "github.com/go-shiori/go-readability"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
)

// A Peer is another article extractor, run on a parsed page.
type Peer struct {
	Name    string
	extract func(doc *html.Node, pageURL *url.URL) (string, error)
}

// All are the peers, trafilatura first.
func All() []Peer {
	return []Peer{
		{"trafilatura", extractTrafilatura},
		{"readability", extractReadability},
	}
}

// ByName returns the named peer.
func ByName(name string) (Peer, error) {
	for _, p := range All() {
		if p.Name == name {
			return p, nil
		}
	}
	return Peer{}, fmt.Errorf("unknown peer %q (want trafilatura or readability)", name)
}

// extractTrafilatura runs go-trafilatura with its default options: balanced
// focus (neither precision nor recall), no fallback extractors, comments
// kept apart (CommentsText, not scored), tables included.
func extractTrafilatura(doc *html.Node, pageURL *url.URL) (string, error) {
	res, err := trafilatura.ExtractDocument(doc, trafilatura.Options{OriginalURL: pageURL})
	if err != nil {
		return "", err
	}
	return res.ContentText, nil
}

// extractReadability runs go-readability with its default parser and
// returns the article's text content.
func extractReadability(doc *html.Node, pageURL *url.URL) (string, error) {
	article, err := readability.FromDocument(doc, pageURL)
	if err != nil {
		return "", err
	}
	return article.TextContent, nil
}

// Run parses page (UTF-8 HTML, see Decode) and extracts its text, turning
// a panic into an error. The peers get the parsed page, not the bytes,
// because their own parser would sniff the charset a second time.
func (p Peer) Run(page string, pageURL *url.URL) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v", p.Name, r)
		}
	}()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return "", fmt.Errorf("parse: %w", err)
	}
	return p.extract(doc, pageURL)
}

// PageURL is the URL a peer gets for the page name (for link resolution):
// its original URL when urls has it, else http://localhost/NAME.
func PageURL(urls map[string]string, name string) (*url.URL, error) {
	raw, ok := urls[name]
	if !ok {
		raw = "http://localhost/" + url.PathEscape(name)
	}
	return url.Parse(raw)
}
