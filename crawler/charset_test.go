package crawler

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// A file's <meta> charset is believed unless the body is valid UTF-8 with
// non-ASCII in it: a page re-encoded to UTF-8 keeps its old declaration.
// Real GBK and Windows-1252 bytes are still decoded by their <meta>.
func TestDecodeHTMLMetaAgainstBody(t *testing.T) {
	const story = "谷歌在2014年收购的人工智能公司开发出一款能够用自己的记忆学习新知识的计算机。"
	gbk, err := simplifiedchinese.GBK.NewEncoder().String(story)
	if err != nil {
		t.Fatal(err)
	}
	const latin = "Le café de la gare a rouvert ses portes après l'été."
	cp1252, err := charmap.Windows1252.NewEncoder().String(latin)
	if err != nil {
		t.Fatal(err)
	}
	page := func(meta, body string) []byte {
		return []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=` + meta + `"><title>t</title></head><body><p>` + body + `</p></body></html>`)
	}
	for _, tt := range []struct {
		name, charset string
		raw           []byte
		want          string
	}{
		{"utf-8 body under a gb2312 meta", "utf-8", page("gb2312", story), story},
		{"gbk body under a gb2312 meta", "gbk", page("gb2312", gbk), story},
		{"utf-8 body under an iso-8859-1 meta", "utf-8", page("iso-8859-1", latin), latin},
		{"windows-1252 body under its meta", "windows-1252", page("windows-1252", cp1252), latin},
		{"ascii body keeps its meta", "shift_jis", page("shift_jis", "plain words"), "plain words"},
	} {
		out, cs := DecodeHTML(tt.raw)
		if cs != tt.charset || !bytes.Contains(out, []byte(tt.want)) {
			t.Errorf("%s: charset %q, want %q; body has the text: %v", tt.name, cs, tt.charset, bytes.Contains(out, []byte(tt.want)))
		}
	}
}

// A <meta> charset after the prescan's first 1024 bytes (a head of long
// scripts and links) is the page's charset, as a browser that meets it
// switches to it: UTF-8 text with a stray double-encoded byte pair stays
// UTF-8, a Windows-1252 page declared late is decoded by its <meta>, and
// a page that declares nothing keeps the prescan's default.
func TestDecodeHTMLLateMeta(t *testing.T) {
	longHead := `<script>` + strings.Repeat("var tracking = 'x';\n", 80) + `</script>`
	const story = "The network’s president said archery is “the new curling”."
	cp1252, err := charmap.Windows1252.NewEncoder().String("Le café de la gare a rouvert après l'été.")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, charset, want string
		raw                 string
	}{
		{"late utf-8 meta over a stray byte pair", "utf-8", story,
			`<html><head>` + longHead + `<meta name="description" content="NBC&acirc;` + "\x80\x99" + `s"><meta http-equiv="Content-type" content="text/html;charset=UTF-8"></head><body><p>` + story + `</p></body></html>`},
		{"late windows-1252 meta", "windows-1252", "Le café de la gare",
			`<html><head>` + longHead + `<meta charset="windows-1252"></head><body><p>` + cp1252 + `</p></body></html>`},
		{"a meta after the head does not count", "windows-1252", "NBC",
			`<html><head>` + longHead + `</head><body><p>NBC` + "\x80\x99" + `s</p><meta charset="utf-8"></body></html>`},
		{"a description that says charset", "windows-1252", "words",
			`<html><head>` + longHead + `<meta name="description" content="on charset detection"></head><body><p>words` + "\x80" + `</p></body></html>`},
	} {
		out, cs := DecodeHTML([]byte(tt.raw))
		if cs != tt.charset || !bytes.Contains(out, []byte(tt.want)) {
			t.Errorf("%s: charset %q, want %q; body has %q: %v", tt.name, cs, tt.charset, tt.want, bytes.Contains(out, []byte(tt.want)))
		}
	}
}
