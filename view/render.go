package view

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine"
)

// kinds are the annotation kinds in legend order.
var kinds = []string{"article", "toc", "template"}

// Render rewrites body (UTF-8 HTML, the page res was mined from, fetched
// from u) into the outlined view: the page run through an allowlist
// (sanitize.go: layout and CSS stay, nothing that runs), a CSP meta that
// lets only the view's script run, a <base> of u, the view's style and
// legend added, and
// every annotated element marked with data-ic-kind and a title holding
// its scores.
func Render(body []byte, u *url.URL, res *mine.Result, state *mine.ClusterState, opts Options) ([]byte, error) {
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("view: parse %s: %w", u, err)
	}
	dropViewAttrs(doc)
	anns := mine.Annotate(doc, u, res, state, opts.Mine)
	counts := mark(anns)
	if doc, err = sanitized(doc); err != nil {
		return nil, fmt.Errorf("view: sanitise %s: %w", u, err)
	}
	nonce := opts.Nonce
	if nonce == "" {
		if nonce, err = NewNonce(); err != nil {
			return nil, err
		}
	}
	head, bodyEl := ensureHeadBody(doc)
	prepend(head, element(atom.Meta, "charset", "utf-8"))
	insertAfter(head.FirstChild, element(atom.Meta, "http-equiv", "Content-Security-Policy", "content", CSP(nonce)))
	if u != nil {
		insertAfter(head.FirstChild.NextSibling, element(atom.Base, "href", u.String()))
	}
	head.AppendChild(rawElement(atom.Style, styleCSS))
	bodyEl.AppendChild(legend(res, counts, opts.Home))
	script := rawElement(atom.Script, countScript)
	setAttr(script, "nonce", nonce)
	bodyEl.AppendChild(script)
	var out bytes.Buffer
	if err := html.Render(&out, doc); err != nil {
		return nil, fmt.Errorf("view: render %s: %w", u, err)
	}
	return out.Bytes(), nil
}

// mark sets the view's attributes on the annotated elements and counts
// them by kind. An element in two blocks (an article that is also a TOC)
// gets both kinds.
func mark(anns []mine.Annotation) map[string]int {
	counts := map[string]int{}
	byNode := map[*html.Node][]mine.Annotation{}
	var order []*html.Node
	for _, a := range anns {
		if byNode[a.Node] == nil {
			order = append(order, a.Node)
		}
		byNode[a.Node] = append(byNode[a.Node], a)
	}
	for _, n := range order {
		var ks, labels, tips []string
		for _, a := range byNode[n] {
			k := string(a.Kind)
			if !slices.Contains(ks, k) {
				ks = append(ks, k)
				labels = append(labels, strings.ToUpper(k))
				counts[k]++
			}
			tips = append(tips, tooltip(a))
		}
		setAttr(n, "data-ic-kind", strings.Join(ks, " "))
		setAttr(n, "data-ic-label", strings.Join(labels, "+"))
		setAttr(n, "data-ic-path", byNode[n][0].Path)
		setAttr(n, "title", strings.Join(tips, "\n\n"))
	}
	return counts
}

// tooltip is an annotation's hover text: kind, path, scores by name.
func tooltip(a mine.Annotation) string {
	lines := []string{string(a.Kind) + " block", "path: " + a.Path}
	names := make([]string, 0, len(a.Scores))
	for k := range a.Scores {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		lines = append(lines, fmt.Sprintf("%s: %.4g", k, a.Scores[k]))
	}
	return strings.Join(lines, "\n")
}

const styleCSS = `
:where([data-ic-kind]) { position: relative; }
[data-ic-kind~=template] { outline: 2px dashed #888 !important; outline-offset: -2px !important; }
[data-ic-kind~=toc] { outline: 3px solid #26c !important; outline-offset: -3px !important; }
[data-ic-kind~=article] { outline: 3px solid #2a2 !important; outline-offset: -3px !important; }
[data-ic-kind]::before { content: attr(data-ic-label); position: absolute; top: 0; left: 0; z-index: 2147483640;
  font: bold 11px/1.4 system-ui, sans-serif; color: #fff; padding: 0 5px; pointer-events: none; }
[data-ic-kind~=template]::before { background: #888; display: none; }
[data-ic-kind~=template]:hover::before { display: block; }
[data-ic-kind~=toc]::before { background: #26c; display: block; }
[data-ic-kind~=article]::before { background: #2a2; display: block; }
#ic-legend { position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; max-width: 360px;
  background: #fff; color: #222; border: 1px solid #999; border-radius: 6px; padding: 8px 10px;
  font: 13px/1.45 system-ui, sans-serif; box-shadow: 0 2px 10px rgba(0,0,0,.25); text-align: left; }
#ic-legend b { font-weight: 600; }
#ic-legend code { word-break: break-all; }
#ic-legend .ic-sw { display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px; border-radius: 2px; }
#ic-legend .ic-article { background: #2a2; } #ic-legend .ic-toc { background: #26c; } #ic-legend .ic-template { background: #888; }
#ic-legend a { color: #26c; }
`

// countScript writes, once styles apply and again on load, how many
// outlined elements of each kind the browser really draws: what the
// browser test reads back from the dumped DOM.
const countScript = `(function () {
  function count() {
    var c = {article: 0, toc: 0, template: 0};
    document.querySelectorAll('[data-ic-kind]').forEach(function (e) {
      if (getComputedStyle(e).outlineStyle === 'none') return;
      e.getAttribute('data-ic-kind').split(' ').forEach(function (k) { if (k in c) c[k]++; });
    });
    document.body.setAttribute('data-ic-rendered', 'article:' + c.article + ' toc:' + c.toc + ' template:' + c.template);
  }
  count();
  addEventListener('load', count);
})();`
