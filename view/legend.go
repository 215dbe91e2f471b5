package view

import (
	"bytes"
	"html/template"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"infocrawl/mine"
)

var legendTmpl = template.Must(template.New("legend").Parse(`<div id="ic-legend" data-ic-legend>
<div><b>infocrawl blocks</b>{{if .Home}} · <a href="{{.Home}}">all clusters</a>{{end}}</div>
<div><span class="ic-sw ic-article"></span>article {{.Counts.article}}
 &nbsp; <span class="ic-sw ic-toc"></span>TOC {{.Counts.toc}}
 &nbsp; <span class="ic-sw ic-template"></span>template {{.Counts.template}}</div>
<div>kind <b>{{.Res.Kind}}</b> · method {{.Res.Method}} · template share {{printf "%.0f%%" .Share}}{{if .Res.Fallback}} · fallback {{.Res.Fallback}}{{end}}</div>
<div>cluster <code>{{.Res.Cluster}}</code></div>
{{with .Res.Title}}<div>title “{{.}}”</div>{{end}}
{{if .Unplaced}}<div>{{.Unplaced}} block(s) have no element to outline</div>{{end}}
<div style="color:#666">hover a box for its path and scores</div>
</div>`))

// legend is the box of counts and the page's mining result, parsed into
// nodes to append to the body.
func legend(res *mine.Result, counts map[string]int, home string) *html.Node {
	unplaced := 0
	for _, b := range append(append([]mine.Block(nil), res.Article...), res.TOC...) {
		if !strings.HasPrefix(b.Path(), "html") { // NodePaths start at the root

			unplaced++
		}
	}
	var buf bytes.Buffer
	err := legendTmpl.Execute(&buf, map[string]any{
		"Res": res, "Counts": counts, "Home": home, "Share": 100 * res.Template, "Unplaced": unplaced,
	})
	ctx := element(atom.Body)
	var nodes []*html.Node
	if err == nil {
		nodes, err = html.ParseFragment(&buf, ctx)
	}
	box := element(atom.Div)
	if err != nil || len(nodes) == 0 { // cannot happen with this template; keep the page anyway
		return box
	}
	return nodes[0]
}
