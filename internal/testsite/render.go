package testsite

import (
	"fmt"
	"hash/fnv"
	"html"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// rendered is one generated page: its markup, its bytes in the page charset,
// and every href it contains (recorded while writing, in document order).
type rendered struct {
	body     []byte // bytes in charset
	charset  string // "utf-8", "big5" or "shift_jis"
	encoding string // Content-Encoding applied when accepted ("gzip", "deflate", "")
	hrefs    []string
	toc      []string // hrefs inside TOC blocks

	gzOnce, zlOnce sync.Once
	gz, zl         []byte
}

// pageBuilder writes markup and records the hrefs of the anchors it writes.
type pageBuilder struct {
	b     strings.Builder
	hrefs []string
	toc   []string
}

// w writes raw markup.
func (p *pageBuilder) w(parts ...string) {
	for _, s := range parts {
		p.b.WriteString(s)
	}
}

// esc writes escaped text.
func (p *pageBuilder) esc(s string) { p.b.WriteString(html.EscapeString(s)) }

// a writes an anchor with escaped text; attrs is raw markup (may be "").
func (p *pageBuilder) a(href, attrs, text string) {
	p.aHTML(href, attrs, html.EscapeString(text))
}

// aHTML writes an anchor whose content is raw markup.
func (p *pageBuilder) aHTML(href, attrs, inner string) {
	p.hrefs = append(p.hrefs, href)
	p.w(`<a href="`, html.EscapeString(href), `"`)
	if attrs != "" {
		p.w(" ", attrs)
	}
	p.w(">", inner, "</a>")
}

// tocA writes an article link that belongs to a TOC block.
func (p *pageBuilder) tocA(href, attrs, text string) {
	p.toc = append(p.toc, href)
	p.a(href, attrs, text)
}

// ad writes an advertisement block linking to the external ad network.
func (p *pageBuilder) ad(key, slot string, w, h int) {
	f := fnv.New32a()
	f.Write([]byte(key + "/" + slot))
	id := 10000 + f.Sum32()%90000
	p.w(`<div class="ad ad-`, slot, `" id="ad-`, slot, `"><span class="ad-label">Advertisement</span>`)
	p.aHTML(fmt.Sprintf("https://ads.example-adnet.com/click?id=%d&slot=%s", id, slot),
		`rel="nofollow sponsored" target="_blank"`,
		fmt.Sprintf(`<img src="https://ads.example-adnet.com/banner/%d.gif" width="%d" height="%d" alt="">`, id, w, h))
	p.w("</div>\n")
}

// frame describes the shared template around a page's main content.
type frame struct {
	key       string   // cache key; also varies the ad ids
	title     string   // <title> text
	sec       *section // section of the page; nil for site-wide pages
	bodyClass string
	canonical string
	pageType  string // analytics page type
}

const (
	siteName    = "The Daily Example"
	publicHost  = "https://www.daily-example.com"
	staticHost  = "https://cdn.example-static.net/dailyexample"
	archiveDate = "2024-03-15"
)

// renderPage wraps main in the site template and encodes the result.
func (s *Site) renderPage(f frame, main func(p *pageBuilder)) *rendered {
	ui, charset, secName, enc := uiEnglish, "utf-8", "", ""
	if f.sec != nil {
		ui, charset, secName, enc = f.sec.ui, f.sec.charset, f.sec.name, f.sec.encoding
	}
	p := &pageBuilder{}
	p.w("<!DOCTYPE html>\n<html lang=\"", ui.lang, "\">\n<head>\n")
	switch charset {
	case "utf-8":
		p.w("<meta charset=\"utf-8\">\n")
	case "shift_jis":
		p.w("<meta charset=\"shift_jis\">\n")
	}
	p.w("<title>")
	p.esc(f.title + " | " + siteName)
	p.w("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p.w(`<link rel="canonical" href="`, publicHost, html.EscapeString(f.canonical), "\">\n")
	p.w(`<link rel="stylesheet" href="`, staticHost, "/css/main.3f9a1c.css\">\n")
	if s.opts.Sitemaps {
		p.w(`<link rel="alternate" type="application/rss+xml" title="`, siteName, ` Feed" href="`, FeedURI, "\">\n")
	}
	p.w("<script>window.dataLayer=window.dataLayer||[];dataLayer.push({'section':'", secName,
		"','pageType':'", f.pageType, "'});</script>\n</head>\n")
	p.w(`<body class="`, f.bodyClass, "\">\n<div id=\"top\"></div>\n<div id=\"wrapper\">\n")
	p.ad(f.key, "leaderboard", 728, 90)
	s.writeHeader(p, f.sec)
	s.writeTicker(p)
	p.w("<div id=\"container\" class=\"clearfix\">\n<div id=\"main-content\" class=\"col-main\">\n")
	main(p)
	p.w("</div>\n")
	s.writeSidebar(p, f.key)
	p.w("</div>\n")
	writeFooter(p)
	p.w("</div>\n<script src=\"", staticHost, "/js/app.min.js\" async></script>\n</body>\n</html>\n")
	return &rendered{
		body:     encodeCharset(p.b.String(), charset),
		charset:  charset,
		encoding: enc,
		hrefs:    p.hrefs,
		toc:      p.toc,
	}
}

func (s *Site) writeHeader(p *pageBuilder, cur *section) {
	p.w("<div id=\"header\" class=\"site-header\">\n<div class=\"logo\">")
	p.aHTML("/", `title="`+siteName+`"`, `<img src="`+staticHost+`/logo.png" alt="`+siteName+`" width="240" height="48">`)
	p.w("</div>\n<div class=\"header-tools\"><span class=\"today\">Friday, 15 March 2024</span> ")
	p.a("/about.html#subscribe", `class="btn-subscribe"`, "Subscribe")
	p.w("</div>\n<ul id=\"nav\" class=\"menu main-menu\">\n<li class=\"menu-item\">")
	p.a("/", "", "Home")
	p.w("</li>\n")
	for _, sec := range s.sections {
		if sec == cur {
			p.w(`<li class="menu-item current-menu-item">`)
		} else {
			p.w(`<li class="menu-item">`)
		}
		p.a("/"+sec.name+"/", "", sec.title)
		p.w("</li>\n")
	}
	p.w(`<li class="menu-item menu-item-static">`)
	p.a("/about.html", "", "About")
	p.w("</li>\n<li class=\"menu-item menu-item-static\">")
	p.a("/contact.html", "", "Contact")
	p.w("</li>\n</ul>\n</div>\n")
}

func (s *Site) writeTicker(p *pageBuilder) {
	p.w("<div class=\"breaking-news ticker\" id=\"ticker\"><span class=\"ticker-label\">Breaking</span>\n<ul class=\"ticker-items\">\n")
	for _, a := range s.ticker {
		p.w("<li>")
		p.a(a.path, "", a.title)
		p.w("</li>\n")
	}
	p.w("</ul></div>\n")
}

func (s *Site) writeSidebar(p *pageBuilder, key string) {
	p.w("<div id=\"sidebar\" class=\"col-side\">\n<div class=\"widget widget-most-read\"><h3 class=\"widget-title\">Most read</h3>\n<ol class=\"most-read-list\">\n")
	for i, a := range s.mostRead {
		p.w(fmt.Sprintf(`<li><span class="rank">%d</span> `, i+1))
		p.a(a.path, "", a.title)
		p.w("</li>\n")
	}
	p.w("</ol></div>\n")
	p.ad(key, "sidebar", 300, 250)
	p.w("<div class=\"widget widget-newsletter\"><h3 class=\"widget-title\">Newsletter</h3><p>The day's top stories in your inbox every morning.</p>")
	p.a("mailto:newsletter@daily-example.com?subject=Subscribe", `class="btn"`, "Sign up by email")
	p.w("</div>\n</div>\n")
}

func writeFooter(p *pageBuilder) {
	p.w("<div id=\"footer\" class=\"site-footer\">\n<div class=\"footer-nav\"><ul>\n")
	for _, l := range [][2]string{
		{"/about.html", "About us"}, {"/contact.html", "Contact"}, {"/privacy.html", "Privacy policy"},
		{"/terms.html", "Terms of use"}, {PrivateURI, "Subscriber area"}, {ArchiveURI, "Archive"},
		{OldNewsURI, "Latest news"},
	} {
		p.w("<li>")
		p.a(l[0], "", l[1])
		p.w("</li>\n")
	}
	p.w("<li>")
	p.a("javascript:void(0)", `onclick="openCookieSettings()"`, "Cookie settings")
	p.w("</li>\n</ul></div>\n<div class=\"social-follow\">Follow us: ")
	p.a("https://twitter.com/dailyexample", `class="social social-twitter" rel="noopener"`, "Twitter")
	p.w(" ")
	p.a("https://www.facebook.com/dailyexample", `class="social social-facebook" rel="noopener"`, "Facebook")
	p.w(" ")
	p.a("https://www.youtube.com/@dailyexample", `class="social social-youtube" rel="noopener"`, "YouTube")
	p.w("</div>\n<p class=\"copyright\">&copy; 2024 The Daily Example Media Group. All rights reserved.</p>\n")
	p.a("#top", `class="back-to-top"`, "Back to top \u2191")
	p.w("\n</div>\n")
}

// encodeCharset converts UTF-8 markup to the page charset; characters the
// charset lacks become numeric character references.
func encodeCharset(markup, charset string) []byte {
	var enc *encoding.Encoder
	switch charset {
	case "big5":
		enc = traditionalchinese.Big5.NewEncoder()
	case "shift_jis":
		enc = japanese.ShiftJIS.NewEncoder()
	default:
		return []byte(markup)
	}
	b, err := encoding.HTMLEscapeUnsupported(enc).Bytes([]byte(markup))
	if err != nil {
		panic("testsite: encoding page: " + err.Error())
	}
	return b
}

// uiText holds the interface strings of one language.
type uiText struct {
	lang          string
	byline        string // fmt verb %s = author markup
	commentsOne   string
	commentsMany  string // fmt verb %d
	related       string
	commentsTitle string // fmt verb %d
	noComments    string
	prev, next    string
	pageOf        string // fmt verbs page, total
	cjkDate       bool
}

var (
	uiEnglish = &uiText{"en", "By %s", "1 comment", "%d comments", "Related stories", "Comments (%d)",
		"No comments yet. Be the first to comment.", "\u00ab Previous", "Next \u00bb", "Page %d of %d", false}
	uiChinese = &uiText{"zh-Hant-TW", "記者 %s 報導", "1 則留言", "%d 則留言", "相關新聞", "讀者留言（%d）",
		"目前還沒有留言。", "\u00ab 上一頁", "下一頁 \u00bb", "第 %d 頁，共 %d 頁", true}
	uiJapanese = &uiText{"ja", "%s 記者", "コメント 1件", "コメント %d件", "関連記事", "コメント（%d）",
		"まだコメントはありません。", "\u00ab 前へ", "次へ \u00bb", "%d / %d ページ", true}
)

func (ui *uiText) comments(n int) string {
	if n == 1 {
		return ui.commentsOne
	}
	return fmt.Sprintf(ui.commentsMany, n)
}

func (ui *uiText) date(t time.Time) string {
	if ui.cjkDate {
		return fmt.Sprintf("%d年%d月%d日", t.Year(), int(t.Month()), t.Day())
	}
	return t.Format("January 2, 2006")
}
