package mine

import (
	"strings"
	"testing"
)

// A data table's text keeps its rows: a line a row, its cells on it
// apart, so that a key-value box or a results table reads as the page
// shows it. A layout table's cell that holds a story's paragraphs keeps
// them as paragraphs, and the Markdown, made from the same segments,
// still finds them.
func TestTableRowsText(t *testing.T) {
	story := `<p>The count in the harbour ward ended late on Thursday night, after two recounts that the losing candidates had asked for, and the returning officer read the results from the steps of the town hall.</p>`
	page := func(body string) []byte {
		return []byte(`<html><head><title>Harbour ward result – Kingsbridge Gazette</title></head><body>
<div id="nav"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<div id="main"><h1>Harbour ward result</h1>` + body + `</div>
<div id="footer"><a href="/about">About us</a> <a href="/contact">Contact</a></div></body></html>`)
	}
	for _, tt := range []struct {
		name      string
		body      []byte
		want, not []string
	}{
		{"infobox", singleFixture(t, "infobox.html"),
			[]string{"Council area | Argyll\nFounded | 1821\nFounder | Walter Frederick Campbell\nPort authority | Islay Harbour Board\nPopulation | 880 (2011)\n\nPort Ellen is the largest village"},
			[]string{"Founded\n\n1821", "(2011) | Port Ellen"}},
		{"results table", page(story + `<table><thead><tr><th>Candidate</th><th>Party</th><th>Votes</th></tr></thead><tbody>
<tr><td>Mary Ellen Hart</td><td>Harbour First</td><td>1,204</td></tr>
<tr><td>John Hart</td><td>Independent</td><td>1,187</td></tr>
<tr><td>Peter Lowe</td><td>Town Party</td><td>342</td></tr></tbody></table>
<p>Turnout was 41 per cent, the highest in the ward since the boundaries were redrawn, and the new councillor takes her seat at the meeting next month.</p>`),
			[]string{"town hall.\n\nCandidate | Party | Votes\nMary Ellen Hart | Harbour First | 1,204\nJohn Hart | Independent | 1,187\nPeter Lowe | Town Party | 342\n\nTurnout was 41 per cent"},
			[]string{"Candidate\n\nParty", "342 | Turnout"}},
		{"layout table", page(`<table><tr><td>` + story + `<p>Turnout was 41 per cent, the highest in the ward since the boundaries were redrawn, and the new councillor takes her seat at the meeting next month.</p></td>
<td><p>Polling stations open at seven in the morning.</p></td></tr></table>`),
			[]string{"town hall.\n\nTurnout was 41 per cent"},
			[]string{" | ", "town hall.\nTurnout"}},
		{"a cell of two paragraphs beside a value", page(story + `<table><tr><th>Notes</th><td><p>Two recounts were held at the losing candidates' request.</p><p>The result stands unless it is challenged in court.</p></td></tr>
<tr><th>Turnout</th><td>41 per cent</td></tr></table>`),
			[]string{"Notes\n\nTwo recounts were held", "court.\n\nTurnout | 41 per cent"},
			[]string{"Notes | Two", "court. | Turnout", "court.\nTurnout"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := ExtractSite([]Input{{Key: tt.name, Body: tt.body}}, Options{}, true)[0]
			if len(r.Article) != 1 {
				t.Fatalf("%d article blocks, want 1 (kind %s, fallback %q)", len(r.Article), r.Kind, r.Fallback)
			}
			checkText(t, r.ArticleText(), tt.want, tt.not)
			// Markdown renders the page's elements, found by the text's
			// segments: a data table as a pipe table.
			if md := r.Article[0].Markdown; tt.name == "results table" && !strings.Contains(md, "| Candidate | Party | Votes |\n| --- | --- | --- |\n| Mary Ellen Hart |") {
				t.Errorf("Markdown lacks the pipe table:\n%s", md)
			}
		})
	}
}
