package view

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
)

// policy is an allowlist: what is not named here is dropped. It keeps a
// page's layout and CSS (its elements, class, id, style, <style>,
// stylesheet links, images, links) and nothing that runs: no script, no
// on* handler, no srcdoc, iframe, object or embed, no form action, no
// <meta> or <base>, and only http, https and relative URLs. An element
// that is dropped keeps its text, except those whose content is code or
// hidden (script, style outside the allowlist, iframe, noscript…).
var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements(
		"html", "head", "body", "title", "style",
		"main", "div", "span", "p", "br", "hr", "wbr", "center", "font",
		"header", "footer", "nav", "aside", "section", "article", "address", "hgroup",
		"h1", "h2", "h3", "h4", "h5", "h6",
		"ul", "ol", "li", "dl", "dt", "dd", "menu",
		"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th",
		"figure", "figcaption", "picture", "blockquote", "pre", "code", "kbd", "samp", "var",
		"em", "strong", "b", "i", "u", "s", "small", "big", "sub", "sup", "mark", "del", "ins",
		"abbr", "cite", "q", "dfn", "time", "bdi", "ruby", "rt", "rp", "details", "summary",
		"form", "fieldset", "legend", "label", "input", "button", "select", "option", "optgroup", "textarea",
	)
	// <style> needs AllowUnsafe; <script> stays out because it is never
	// named, and its content is skipped.
	p.AllowUnsafe(true)
	p.AllowAttrs("class", "id", "style", "title", "lang", "dir", "role", "align", "valign",
		"width", "height", "bgcolor", "color", "border", "cellpadding", "cellspacing",
		"colspan", "rowspan", "span", "datetime", "alt", "aria-label", "aria-hidden", "hidden").Globally()
	p.AllowAttrs("type", "name", "value", "placeholder", "checked", "disabled", "selected").OnElements("input", "button", "select", "option", "textarea")
	p.AllowDataAttributes()
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("src").OnElements("img")
	p.AllowAttrs("rel").Matching(regexp.MustCompile(`^(?i)stylesheet$`)).OnElements("link")
	p.AllowAttrs("href", "media").OnElements("link")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(true)
	p.AllowURLSchemes("http", "https")
	return p
}

// sanitized renders doc, runs it through the allowlist and parses the
// result again; the view's own elements are added to what comes back.
// Only the doctype survives from the page's prologue (bluemonday drops
// it, and without one the page would lose its standards-mode layout).
func sanitized(doc *html.Node) (*html.Node, error) {
	var buf bytes.Buffer
	if err := html.Render(&buf, doc); err != nil {
		return nil, err
	}
	clean, err := html.Parse(policy.SanitizeReader(&buf))
	if err != nil {
		return nil, err
	}
	for c := doc.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.DoctypeNode {
			prepend(clean, &html.Node{Type: html.DoctypeNode, Data: "html"})
			break
		}
	}
	return clean, nil
}

// dropViewAttrs removes data-ic-* attributes a page brings itself, so
// only the view's own marks draw outlines.
func dropViewAttrs(n *html.Node) {
	if n.Type == html.ElementNode {
		out := n.Attr[:0]
		for _, a := range n.Attr {
			if !strings.HasPrefix(strings.ToLower(a.Key), "data-ic-") {
				out = append(out, a)
			}
		}
		n.Attr = out
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		dropViewAttrs(c)
	}
}

// CSP is the Content-Security-Policy of a rendered page: the view's own
// script (carrying nonce) is the only one that runs, which also stops
// javascript: URLs; the page's CSS, images and fonts load from http(s);
// nothing is framed, posted or fetched. Serve adds frame-ancestors
// 'none' in the header, where it applies.
func CSP(nonce string) string {
	return "default-src 'none'; script-src 'nonce-" + nonce + "'; " +
		"style-src http: https: 'unsafe-inline'; img-src http: https: data:; font-src http: https: data:; " +
		"media-src http: https:; base-uri http: https:; form-action 'none'; frame-src 'none'; " +
		"object-src 'none'; connect-src 'none'"
}

// NewNonce returns a fresh CSP nonce.
func NewNonce() (string, error) {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("view: nonce: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
