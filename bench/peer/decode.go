package peer

import (
	"strings"

	"infocrawl/crawler"
)

// Decode turns an HTML page into UTF-8 with the decoder infocrawl's own
// extract command uses (BOM, <meta> charset, byte statistics; a body that
// is valid UTF-8 throughout is UTF-8), so every extractor in a comparison
// reads the same text.
func Decode(raw []byte) (string, error) {
	out, _ := crawler.DecodeHTML(raw)
	return strings.TrimPrefix(string(out), "\ufeff"), nil
}
