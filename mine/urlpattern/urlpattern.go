package urlpattern

import (
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Placeholders that stand for the variable parts of a URL in its pattern.
// The escaping of literal text never writes '{', so a '{' in a pattern is
// always the start of a placeholder.
const (
	placeNum  = "{n}"    // a run of digits: ids, years, page numbers
	placeID   = "{id}"   // a hex id, a uuid, a mixed letters-and-digits token
	placeSlug = "{slug}" // a headline slug or other free text
)

const (
	// slugMinWords: a part with separators and this many words is a slug.
	slugMinWords = 3
	// slugMinRunes: a part with separators and this many runes is a slug.
	slugMinRunes = 20
	// hexIDMinLen: hex digits (with at least one digit) this long are an id.
	hexIDMinLen = 8
	// tokenMinLen and tokenMinSwitches: letters and digits alternating at
	// least tokenMinSwitches times in a part this long are an id (a1b2c3d4).
	tokenMinLen      = 8
	tokenMinSwitches = 3
	// maxLiteralRunes: a longer part that no other rule generalised is
	// {slug} when it holds punctuation or spaces and {id} otherwise.
	maxLiteralRunes = 32
	// maxExtLen is the longest file extension kept (".html", ".shtml").
	maxExtLen = 5
)

// Of generalises a URL into its template pattern (docs/ALGORITHMS.md §0):
//
//	http://news.example/world/2024/03/15/markets-rally-as-rates-fall.html
//	→ news.example/world/{n}/{n}/{n}/{slug}.html
//
// The scheme, user info and fragment are dropped; the host is kept,
// lower-cased, port included. Each path segment and each query value is
// generalised on its decoded text, in this order:
//   - all ASCII digits → {n} (20240315 too);
//   - a uuid, or ≥ 8 hex digits with at least one digit → {id};
//   - digits joined by separators → {n} parts (2024-03-15 → {n}-{n}-{n});
//   - a part with '-', '_', '+' or space separators and ≥ 3 words or
//     ≥ 20 runes → {slug} (a single short word is a section name, kept);
//   - letters and digits alternating ≥ 3 times in ≥ 8 ASCII characters → {id};
//   - longer than 32 runes → {slug} if it holds punctuation, else {id};
//   - otherwise each digit run → {n} (page2 → page{n}), the rest kept.
//
// A file extension (1 to 5 letters or digits with a letter) is split off
// first and kept, lower-cased: 12345.htm → {n}.htm. Kept text is
// re-escaped (url.PathEscape, url.QueryEscape), so "/café" gives "/caf%C3%A9"
// and an encoded slash stays inside its segment.
//
// Empty segments are dropped ("//" is "/"), and a trailing slash does not
// matter: a path is written with a trailing slash exactly when its last
// segment is kept literally and has no extension, so "/world" and "/world/"
// both give ".../world/", while "/a/12345" and "/a/12345/" both give
// ".../a/{n}". An empty path gives "host/".
//
// Query pairs are split on '&'; keys are kept, values generalised, and the
// pairs sorted by key then value, with duplicates removed:
// "id=123&cat=world" → "cat=world&id={n}". A key without '=' is written
// "key=". A nil URL gives "".
func Of(u *url.URL) string {
	if u == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(strings.ToLower(u.Host))
	b.WriteString(patternPath(u.EscapedPath()))
	if q := patternQuery(u.RawQuery); q != "" {
		b.WriteByte('?')
		b.WriteString(q)
	}
	return b.String()
}

// patternPath generalises an escaped path; the result starts with '/'.
func patternPath(escaped string) string {
	var b strings.Builder
	trailing := true // an empty path is "/"
	for _, raw := range strings.Split(escaped, "/") {
		if raw == "" {
			continue
		}
		seg, err := url.PathUnescape(raw)
		if err != nil {
			seg = raw
		}
		pat, hasExt := generalizePart(seg, url.PathEscape)
		b.WriteByte('/')
		b.WriteString(pat)
		trailing = !hasExt && !strings.Contains(pat, "{")
	}
	if trailing {
		b.WriteByte('/')
	}
	return b.String()
}

// patternQuery generalises a raw query: sorted, deduplicated key=pattern
// pairs joined by '&'.
func patternQuery(raw string) string {
	type pair struct{ k, v string }
	var pairs []pair
	for _, kv := range strings.Split(raw, "&") {
		k, v, _ := strings.Cut(kv, "=")
		k, v = unescapeQuery(k), unescapeQuery(v)
		if k == "" && v == "" {
			continue
		}
		pat, _ := generalizePart(v, url.QueryEscape)
		pairs = append(pairs, pair{url.QueryEscape(k), pat})
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].k != pairs[j].k {
			return pairs[i].k < pairs[j].k
		}
		return pairs[i].v < pairs[j].v
	})
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 && p == pairs[i-1] {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.k + "=" + p.v)
	}
	return b.String()
}

// unescapeQuery decodes a query key or value, keeping it raw when its
// escapes are malformed.
func unescapeQuery(s string) string {
	if d, err := url.QueryUnescape(s); err == nil {
		return d
	}
	return s
}

// generalizePart generalises one decoded path segment or query value; esc
// escapes the text it keeps. hasExt reports a kept file extension.
func generalizePart(s string, esc func(string) string) (pat string, hasExt bool) {
	stem, ext := splitExtension(s)
	return generalizeStem(stem, esc) + esc(strings.ToLower(ext)), ext != ""
}

// splitExtension splits "story.html" into "story" and ".html". The
// extension is 1 to maxExtLen ASCII letters or digits with a letter, after
// a non-empty stem.
func splitExtension(s string) (stem, ext string) {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 || len(s)-i-1 > maxExtLen || i == len(s)-1 {
		return s, ""
	}
	letter := false
	for _, c := range []byte(s[i+1:]) {
		switch {
		case isASCIILetter(c):
			letter = true
		case isASCIIDigit(c):
		default:
			return s, ""
		}
	}
	if !letter {
		return s, ""
	}
	return s[:i], s[i:]
}

// generalizeStem applies the rules listed on Of, in order.
func generalizeStem(s string, esc func(string) string) string {
	switch {
	case s == "":
		return ""
	case allASCIIDigits(s):
		return placeNum
	case isUUIDLike(s) || isHexID(s):
		return placeID
	case isDigitGroups(s):
		return replaceDigitRuns(s, esc)
	case isSlugLike(s):
		return placeSlug
	case isTokenLike(s):
		return placeID
	case utf8.RuneCountInString(s) > maxLiteralRunes:
		if strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			return placeSlug
		}
		return placeID
	}
	return replaceDigitRuns(s, esc)
}

func isASCIIDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isHexLetter(c byte) bool   { return 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// allASCIIDigits reports a non-empty string of ASCII digits.
func allASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIIDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// isHexID reports ≥ hexIDMinLen hex digits, at least one a decimal digit.
func isHexID(s string) bool {
	if len(s) < hexIDMinLen {
		return false
	}
	digit := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isASCIIDigit(c):
			digit = true
		case !isHexLetter(c):
			return false
		}
	}
	return digit
}

// isUUIDLike reports the 8-4-4-4-12 hex form of a uuid.
func isUUIDLike(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
		} else if !isASCIIDigit(c) && !isHexLetter(c) {
			return false
		}
	}
	return true
}

// isDigitGroups reports digits joined by separators: 2024-03-15, 1.2.3.
func isDigitGroups(s string) bool {
	digit := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isASCIIDigit(c):
			digit = true
		case !strings.ContainsRune("-_.,:+ /", rune(c)):
			return false
		}
	}
	return digit
}

func isSlugSep(r rune) bool { return r == '-' || r == '_' || r == '+' || r == ' ' }

// isSlugLike reports a hyphenated or underscored slug: separators and
// ≥ slugMinWords words or ≥ slugMinRunes runes.
func isSlugLike(s string) bool {
	if !strings.ContainsFunc(s, isSlugSep) {
		return false
	}
	return len(strings.FieldsFunc(s, isSlugSep)) >= slugMinWords ||
		utf8.RuneCountInString(s) >= slugMinRunes
}

// isTokenLike reports an ASCII letters-and-digits token whose letters and
// digits alternate at least tokenMinSwitches times (a1b2c3d4, dQw4w9WgXcQ).
func isTokenLike(s string) bool {
	if len(s) < tokenMinLen {
		return false
	}
	switches := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIIDigit(c) && !isASCIILetter(c) {
			return false
		}
		if i > 0 && isASCIIDigit(c) != isASCIIDigit(s[i-1]) {
			switches++
		}
	}
	return switches >= tokenMinSwitches
}

// replaceDigitRuns writes each run of ASCII digits as {n} and escapes the
// text between them.
func replaceDigitRuns(s string, esc func(string) string) string {
	var b strings.Builder
	lit := 0
	for i := 0; i < len(s); {
		if !isASCIIDigit(s[i]) {
			i++
			continue
		}
		b.WriteString(esc(s[lit:i]))
		b.WriteString(placeNum)
		for i < len(s) && isASCIIDigit(s[i]) {
			i++
		}
		lit = i
	}
	b.WriteString(esc(s[lit:]))
	return b.String()
}

// patternSegments splits a pattern into its path segments, with the query
// (if any) as one last segment: the units of the shared-prefix distance
// that Cluster merges small patterns by.
func patternSegments(pattern string) []string {
	path, query, hasQuery := strings.Cut(pattern, "?")
	if i := strings.IndexByte(path, '/'); i >= 0 {
		path = path[i:]
	} else {
		path = ""
	}
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	if hasQuery {
		segs = append(segs, "?"+query)
	}
	return segs
}
