package htmlscan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"infocrawl/internal/shared"
)

// tokenizerTags is what StartTags must find, read from x/net/html's
// Tokenizer: each start tag's offset and, for an element whose
// text the Tokenizer reads raw, where that text ends (-1: at the end of
// the body).
func tokenizerTags(body []byte) []string {
	z := html.NewTokenizer(bytes.NewReader(body))
	var out []string
	pos := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		pos += len(z.Raw())
		if tt == html.EndTagToken {
			name, _ := z.TagName()
			out = append(out, "end "+string(name))
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		start := pos - len(z.Raw())
		name, more := z.TagName()
		class := ""
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			if string(k) == "class" {
				class = " class=" + string(v)
				break
			}
		}
		if !rawText[string(name)] {
			out = append(out, fmt.Sprint(start)+class)
			continue
		}
		end := pos
		switch z.Next() {
		case html.EndTagToken: // no text: the end tag at once
			pos += len(z.Raw())
			endName, _ := z.TagName()
			out = append(out, fmt.Sprintf("%d%s text to %d", start, class, end), "end "+string(endName))
			continue
		case html.ErrorToken:
			// An empty text before an end tag the body cuts short: the
			// Tokenizer stops with no token for the text; where it ended
			// is not its to say.
			return append(out, fmt.Sprintf("%d text to ?", start))
		case html.TextToken:
			if end += len(z.Raw()); end == len(body) {
				end = -1 // the text ran to the end of the body
			}
		}
		pos += len(z.Raw())
		out = append(out, fmt.Sprintf("%d%s text to %d", start, class, end))
	}
}

var rawText = map[string]bool{"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true,
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true}

// scannedTags is what Scan finds, written as tokenizerTags writes it:
// start tags with their class (entities decoded, line ends and NULs
// replaced, as the Tokenizer does), end tags by name.
func scannedTags(body []byte) []string {
	var out []string
	Scan(body, func(t Tag) {
		tag := fmt.Sprintf("%d", t.Start)
		if t.HasClass {
			v := strings.ReplaceAll(string(body[t.Class.V0:t.Class.V1]), "\x00", "\uFFFD")
			v = strings.ReplaceAll(strings.ReplaceAll(v, "\r\n", "\n"), "\r", "\n") // as the Tokenizer does
			tag += " class=" + html.UnescapeString(v)
		}
		if t.TextEnd != 0 {
			tag += fmt.Sprintf(" text to %d", t.TextEnd)
		}
		out = append(out, tag)
	}, func(name []byte) {
		out = append(out, "end "+strings.ReplaceAll(string(asciiOnly(name)), "\x00", "\uFFFD"))
	})
	return out
}

func sameTags(t *testing.T, name string, body []byte) {
	t.Helper()
	got, want := scannedTags(body), tokenizerTags(body)
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || got[i] != want[i] && !(strings.HasSuffix(want[i], " ?") && strings.HasPrefix(got[i], strings.TrimSuffix(want[i], "?"))) {
			g, w := "(none)", "(none)"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			t.Fatalf("%s: tag %d of %d/%d: scanned %s, Tokenizer %s", name, i, len(got), len(want), g, w)
		}
	}
}

var cases = []string{
	`<p>a<script>var a = "<p>"; if (a<b) {}</script><p>b`,
	`<style>p{} <p></style><p><STYLE></stylex><b></Style ><i>`,
	`<title><p></title><p><textarea></textarea/><b>`,
	`<script><!-- <script> <p> </script> <p> --></script><p>`,
	`<script src=x /><p></script><p>`,
	`<script><!--<script>--></script><p></script><p><script><!-- --!></script><b>`,
	`<script><!--<script x></script--></script><p><script><!--</SCRIPT ><b>`,
	`<script><!--<scrip></script><p><script><!- <b></script><i><script></scrip><u>`,
	"<script><!--<script\t<</script\f--></script><p><script><!--<",
	`<noscript><p></noscript><p><xmp><p></xmp><iframe><p></iframe>`,
	`<noembed></noembed><noframes></noframes><p><plaintext><p>`,
	`<!-- <script> --><p><div title="<script>"><script>x</script><b>`,
	`<script>`, `<style>`, `<script>x`, `<script></script`, `<script></script>`, `<p title="x`,
	`<svg><style>a</style></svg><![CDATA[<script>]]><p>`,
}

func TestStartTagsMatchTokenizer(t *testing.T) {
	for i, c := range cases {
		sameTags(t, fmt.Sprintf("case %d %q", i, c), []byte(c))
	}
}

// The same on every page of the data sets beside the repository.
func TestStartTagsDataSets(t *testing.T) {
	n := shared.EachHTMLPage(t, func(path string, body []byte) { sameTags(t, path, body) })
	t.Logf("%d pages", n)
}

// FuzzStartTags: StartTags finds the start tags and raw text ends the
// Tokenizer finds.
func FuzzStartTags(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sameTags(t, "input", body)
	})
}

// asciiOnly is a copy of b with its ASCII letters, and nothing else,
// lower-cased, as the Tokenizer writes tag names.
func asciiOnly(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// TestByteClass holds the lookup table to the comparisons it stands for,
// byte by byte.
func TestByteClass(t *testing.T) {
	for i := 0; i < 256; i++ {
		c := byte(i)
		sp := c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
		if isHTMLSpace(c) != sp {
			t.Errorf("isHTMLSpace(%q) = %v", c, !sp)
		}
		if want := sp || c == '/' || c == '>'; EndsTagName(c) != want {
			t.Errorf("EndsTagName(%q) = %v", c, !want)
		}
		if want := sp || c == '/' || c == '>' || c == '='; (byteClass[c]&endsKey != 0) != want {
			t.Errorf("endsKey(%q) = %v", c, !want)
		}
		if want := sp || c == '>'; (byteClass[c]&endsValue != 0) != want {
			t.Errorf("endsValue(%q) = %v", c, !want)
		}
	}
}
