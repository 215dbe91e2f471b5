package mine

import (
	"testing"
)

func TestDescribed(t *testing.T) {
	tests := []struct {
		name, meta, text string
		want             bool
	}{
		{"same words, other bullets and entities",
			`<meta property="og:description" content=" Blend a keyed actor &amp; its plate Build the wrap">`,
			"• Blend a keyed actor & its plate\n• Build the wrap", true},
		{"description is half the text, beside a title and a duration",
			`<meta name="description" content="Blend a keyed actor into any background plate">`,
			"87. Light Wrap\n\n• Blend a keyed actor into any background plate\n\n18:42", true},
		{"description under half the text",
			`<meta name="description" content="Blend a keyed actor">`,
			"87. Light Wrap by Hand\n\n• Blend a keyed actor into any background plate\n\n18:42 64,310 Views", false},
		{"description cut short: its last, cut word is not asked for",
			`<meta name="twitter:description" content="Photographs of the lighthouses along the coast of Jutland, taken over one wint...">`,
			"Photographs of the lighthouses along the coast of Jutland, taken over one winter.", true},
		{"words out of order",
			`<meta name="description" content="background plate into any keyed actor blend">`,
			"Blend a keyed actor into any background plate", false},
		{"no description", ``, "Blend a keyed actor into any background plate", false},
		{"another meta tag", `<meta name="keywords" content="Blend a keyed actor">`, "Blend a keyed actor", false},
		{"a description in the body is no meta tag",
			`</head><body><meta name="description" content="Blend a keyed actor">`, "Blend a keyed actor", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := "<!DOCTYPE html><html><head><title>T</title>" + tt.meta + "</head><body><p>x</p></body></html>"
			p, err := Parse([]byte(doc), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := described(p, tt.text); got != tt.want {
				t.Errorf("described(%q) with %s = %v, want %v", tt.text, tt.meta, got, tt.want)
			}
		})
	}
}
