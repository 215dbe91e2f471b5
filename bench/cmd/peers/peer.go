package main

import (
	"fmt"
	"net/url"
	"strings"

	readability "github.com/go-shiori/go-readability"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
)

// A peer is another article extractor, run on a parsed page.
type peer struct {
	name    string
	extract func(doc *html.Node, pageURL *url.URL) (string, error)
}

func peers() []peer {
	return []peer{
		{"trafilatura", extractTrafilatura},
		{"readability", extractReadability},
	}
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

// run parses page and extracts its text, turning a panic into an error.
func (p peer) run(page string, pageURL *url.URL) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v", p.name, r)
		}
	}()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return "", fmt.Errorf("parse: %w", err)
	}
	return p.extract(doc, pageURL)
}
