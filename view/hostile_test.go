package view

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"infocrawl/crawler"
	"infocrawl/focus"
	"infocrawl/mine"
	"infocrawl/store"
)

// run is script that marks the page when it runs; the browser test reads
// the title back.
func run(id string) string { return "top.document.title='pwned-" + id + "'" }

// hostilePayloads would each change document.title if the view let it run.
var hostilePayloads = []string{
	`<script>` + run("script") + `</script>`,
	`<img src="nope.png" onerror="` + run("img-onerror") + `">`,
	`<img src="nope.png" ONERROR="` + run("img-ONERROR") + `">`,
	`<img src="nope.png" oNeRrOr="` + run("img-mixed-case") + `">`,
	`<iframe src="java&#x09;script:` + run("iframe-tab") + `"></iframe>`,
	`<iframe src="java&#x0A;script:` + run("iframe-lf") + `"></iframe>`,
	`<iframe src="java&#x0D;script:` + run("iframe-cr") + `"></iframe>`,
	`<iframe src="&#x01;javascript:` + run("iframe-c0") + `"></iframe>`,
	`<iframe src=" JaVaScRiPt:` + run("iframe-case") + `"></iframe>`,
	`<svg><foreignObject><iframe src="java&#x09;script:` + run("svg-foreignobject") + `"></iframe></foreignObject></svg>`,
	`<svg onload="` + run("svg-onload") + `"></svg>`,
	`<svg><script>` + run("svg-script") + `</script></svg>`,
	`<svg><a xlink:href="javascript:` + run("svg-xlink") + `"><text y="20">x</text></a></svg>`,
	`<iframe srcdoc="&lt;script&gt;` + strings.ReplaceAll(run("srcdoc"), "top.", "parent.") + `&lt;/script&gt;"></iframe>`,
	`<object data="java&#x09;script:` + run("object") + `"></object>`,
	`<embed src="javascript:` + run("embed") + `">`,
	`<iframe src="data:text/html,&lt;script&gt;parent.postMessage(1,'*')&lt;/script&gt;"></iframe>`,
	`<details open ontoggle="` + run("details-ontoggle") + `"><summary>s</summary></details>`,
	`<input autofocus onfocus="` + run("autofocus") + `">`,
	`<body onload="` + run("body-onload") + `" onpageshow="` + run("body-onpageshow") + `">`,
	`<meta http-equiv="refresh" content="0;url=javascript:` + run("meta-refresh") + `">`,
	`<form action="javascript:` + run("form-action") + `"><button formaction="java&#x0A;script:` + run("formaction") + `">go</button></form>`,
	`<a href="java&#x09;script:` + run("a-tab") + `">tab link</a>`,
	`<a href="&#x01;javascript:` + run("a-c0") + `">c0 link</a>`,
	`<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data link</a>`,
	`<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=` + run("math-mxss") + `&gt;"></mglyph></table></mtext></math>`,
	`<noscript><p title="</noscript><img src=x onerror=` + run("noscript-mxss") + `>"></p></noscript>`,
	`<svg></p><style><a id="</style><img src=1 onerror=` + run("svg-style-mxss") + `>"></a></style></svg>`,
	`<template><img src=x onerror="` + run("template") + `"></template>`,
	`<video><source onerror="` + run("video-source") + `"></video>`,
	`<audio src="nope.mp3" onerror="` + run("audio") + `"></audio>`,
	`<marquee onstart="` + run("marquee") + `">m</marquee>`,
	`<base href="javascript:` + run("base") + `//">`,
	`<link rel="stylesheet" href="javascript:` + run("link") + `">`,
	`<div data-ic-kind="article" style="color: rgb(1, 2, 3)" onmouseover="` + run("div-hover") + `">x</div>`,
}

const hostileTitle = "Hostile page"

// hostilePage is a page with every payload, and some layout the view must
// keep: classes, ids, style, a stylesheet, an image, links.
func hostilePage() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><title>` + hostileTitle + `</title>
<link rel="stylesheet" href="/site.css"><style>.lead { font-weight: bold }</style></head><body>
<div id="main" class="story lead" style="margin: 3px"><h1>A story from a hostile site</h1>
<img src="/photo.png" alt="photo"><a href="/other.html">other story</a> <a href="https://example.org/x">abs</a>`)
	for i := 0; i < 6; i++ {
		b.WriteString("<p>This paragraph is the story's text, long enough for mining to see an article here, sentence after sentence.</p>\n")
	}
	for _, p := range hostilePayloads {
		b.WriteString(p + "\n")
	}
	b.WriteString("</div></body></html>")
	return b.String()
}

// hostileStore crawls and mines a site of one hostile page and returns
// the store and the page's key.
func hostileStore(t *testing.T) (*store.DB, string) {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, hostilePage())
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	db, err := store.Open(filepath.Join(t.TempDir(), "hostile.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	if _, err := crawler.New(db, crawler.Options{Depth: 0}).Run(ctx, site.URL+"/"); err != nil {
		t.Fatal(err)
	}
	if _, err := focus.MineStore(ctx, db, mine.Options{}, false, nil); err != nil {
		t.Fatal(err)
	}
	key, err := crawler.Canonical(site.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	return db, key
}

// scriptScheme applies the URL clean-up browsers make before they read a
// scheme (leading and trailing C0 controls and spaces trimmed, tab and
// newlines removed anywhere) and reports a scheme that runs or renders
// a document.
func scriptScheme(v string) bool {
	v = strings.TrimFunc(v, func(r rune) bool { return r <= 0x20 })
	v = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, v)
	v = strings.ToLower(v)
	for _, s := range []string{"javascript:", "vbscript:", "livescript:", "data:"} {
		if strings.HasPrefix(v, s) {
			return true
		}
	}
	return false
}

// TestRenderHostileStatic reads the view of the hostile page as a browser
// would parse it: no handler, no srcdoc, no script-scheme URL, no element
// that runs or embeds, only the view's script; and the layout is kept.
func TestRenderHostileStatic(t *testing.T) {
	db, key := hostileStore(t)
	out, err := Page(db, key, Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script":
				if attr(n, "nonce") == "" || n.FirstChild == nil || n.FirstChild.Data != countScript {
					t.Errorf("a page script survived: %v", n.Attr)
				}
			case "iframe", "frame", "object", "embed", "svg", "math", "template", "noscript", "audio", "video", "source", "marquee":
				t.Errorf("<%s %v> survived", n.Data, n.Attr)
			case "meta":
				if eq := strings.ToLower(attr(n, "http-equiv")); eq != "" && eq != "content-security-policy" {
					t.Errorf("<meta http-equiv=%q> survived", eq)
				}
			case "base":
				if scriptScheme(attr(n, "href")) {
					t.Errorf("the page's <base> survived: %v", n.Attr)
				}
			}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				if strings.HasPrefix(key, "on") || key == "srcdoc" || key == "formaction" || key == "action" {
					t.Errorf("<%s %s=%q> survived", n.Data, a.Key, a.Val)
				}
				if scriptScheme(a.Val) && key != "content" && key != "title" {
					t.Errorf("<%s %s=%q>: a script-scheme URL survived", n.Data, a.Key, a.Val)
				}
				if key == "data-ic-kind" && attr(n, "data-ic-path") == "" {
					t.Errorf("<%s %s=%q>: the page's own view mark survived", n.Data, a.Key, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for _, keep := range []string{
		`<!DOCTYPE html>`, `<title>` + hostileTitle + `</title>`, `<link rel="stylesheet" href="/site.css"/>`,
		`.lead { font-weight: bold }`, `id="main"`, `class="story lead"`, `style="margin: 3px"`,
		`<img src="/photo.png" alt="photo"/>`, `<a href="/other.html">`, `<a href="https://example.org/x">`,
		`style="color: rgb(1, 2, 3)"`, `http-equiv="Content-Security-Policy"`,
	} {
		if !strings.Contains(string(out), keep) {
			t.Errorf("view lost %s", keep)
		}
	}
}

var titleRe = regexp.MustCompile(`<title>([^<]*)</title>`)

// TestBrowserHostile loads the hostile page's view in headless chromium,
// served (CSP header and meta) and as a file without its CSP meta (the
// allowlist alone): no payload may change the title, and the view's own
// script must still run.
func TestBrowserHostile(t *testing.T) {
	bin := chromium(t)
	db, key := hostileStore(t)
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = Handler(db, Options{Hosts: []string{srv.Listener.Addr().String()}})
	srv.Start()
	defer srv.Close()

	out, err := Page(db, key, Options{})
	if err != nil {
		t.Fatal(err)
	}
	noCSP := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy"[^>]*>`).ReplaceAll(out, nil)
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, noCSP, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, target string }{
		{"served", srv.URL + "/show?url=" + url.QueryEscape(key)},
		{"file without CSP", "file://" + file},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dom := runChromium(t, bin, c.target, "--dump-dom", "--virtual-time-budget=3000")
			m := titleRe.FindSubmatch(dom)
			if m == nil || string(m[1]) != hostileTitle {
				t.Errorf("title %q, want %q: a payload ran", m, hostileTitle)
			}
			if !renderedAttr.Match(dom) {
				t.Errorf("the view's own script did not run:\n%.1500s", dom)
			}
		})
	}
}
