package view

import "html/template"

const listCSS = `<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.k-article { color: #2a2; } .k-toc { color: #26c; } .k-article\+toc { color: #188; } .k-other { color: #888; }
a { color: #26c; text-decoration: none; } a:hover { text-decoration: underline; }
</style>`

var indexTmpl = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>infocrawl: clusters</title>` + listCSS + `</head><body>
<h1>Clusters</h1>
<p>{{.Mined}} of {{.Stored}} stored pages mined{{if lt .Mined .Stored}} (run <code>infocrawl mine</code> for the rest){{end}}.</p>
<table><tr><th>cluster</th><th>pages</th><th class="k-article">article</th><th class="k-toc">toc</th><th class="k-article+toc">article+toc</th><th class="k-other">other</th></tr>
{{range .Clusters}}<tr><td><a href="/cluster?id={{.ID}}">{{.ID}}</a></td><td class="n">{{.Pages}}</td><td class="n">{{.Article}}</td><td class="n">{{.TOC}}</td><td class="n">{{.ArticleTOC}}</td><td class="n">{{.Other}}</td></tr>
{{end}}</table>
</body></html>`))

var clusterTmpl = template.Must(template.New("cluster").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>infocrawl: {{.ID}}</title>` + listCSS + `</head><body>
<p><a href="/">← clusters</a></p>
<h1>Cluster <code>{{.ID}}</code></h1>
<table><tr><th>url</th><th>kind</th><th>title</th></tr>
{{range .Pages}}<tr><td><a href="/show?url={{.Key}}">{{.Key}}</a></td><td class="k-{{.Kind}}">{{.Kind}}</td><td>{{.Title}}</td></tr>
{{end}}</table>
</body></html>`))
