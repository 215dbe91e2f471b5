package terms

import "strings"

// isStop reports whether the lower-cased word w is an English stop word,
// contractions of stop words included: besides those listed, a stop word
// with clitics ('s, 'd, 'll, 're, 've, 'm, n't; at most two, as in
// "they'd've") is one too, so "would've" and "mightn't" need no listing.
func isStop(w string) bool {
	for range 3 {
		if isStopWord(w) {
			return true
		}
		var ok bool
		if w, ok = cutClitic(w); !ok {
			return false
		}
	}
	return false
}

// cutClitic removes w's last clitic: "they'd've" → "they'd", "doesn't" → "does".
func cutClitic(w string) (string, bool) {
	i := strings.LastIndexByte(w, '\'')
	if i <= 0 {
		return w, false
	}
	base, clitic := w[:i], w[i+1:]
	switch clitic {
	case "t":
		base, ok := strings.CutSuffix(base, "n")
		return base, ok && base != ""
	case "s", "d", "ll", "re", "ve", "m":
		return base, true
	}
	return w, false
}

// isStopWord reports whether w is in the English stop list: the Snowball
// project's list (snowballstem.org/algorithms/english/stop.txt), which
// includes its contractions, plus a few function words news text is full of.
// A switch, not a map, so the list is constant and lookup needs no hashing.
// "us" and "may" are left out on purpose: they are also "US" and "May".
func isStopWord(w string) bool {
	switch w {
	// Pronouns.
	case "i", "me", "my", "myself", "we", "our", "ours", "ourselves",
		"you", "your", "yours", "yourself", "yourselves",
		"he", "him", "his", "himself", "she", "her", "hers", "herself",
		"it", "its", "itself", "they", "them", "their", "theirs", "themselves",
		"what", "which", "who", "whom", "whose", "this", "that", "these", "those":
		return true
	// Auxiliary and modal verbs.
	case "am", "is", "are", "was", "were", "be", "been", "being",
		"have", "has", "had", "having", "do", "does", "did", "doing",
		"would", "should", "could", "ought", "can", "will", "shall",
		"might", "must": // not "may": the month, and a surname
		return true
	// Contractions the clitic rule in isStop does not derive.
	case "i'm", "you're", "he's", "she's", "it's", "we're", "they're",
		"i've", "you've", "we've", "they've", "i'd", "you'd", "he'd", "she'd",
		"we'd", "they'd", "i'll", "you'll", "he'll", "she'll", "we'll", "they'll",
		"isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "hadn't",
		"doesn't", "don't", "didn't", "won't", "wouldn't", "shan't", "shouldn't",
		"can't", "cannot", "couldn't", "mustn't", "ain't", "let's", "that's",
		"who's", "what's", "here's", "there's", "when's", "where's", "why's", "how's":
		return true
	// Articles, conjunctions, prepositions.
	case "a", "an", "the", "and", "but", "if", "or", "because", "as", "until",
		"while", "of", "at", "by", "for", "with", "about", "against", "between",
		"into", "through", "during", "before", "after", "above", "below", "to",
		"from", "up", "down", "in", "out", "on", "off", "over", "under",
		"again", "further", "then", "once", "upon", "onto", "via", "per":
		return true
	// Adverbs and determiners.
	case "here", "there", "when", "where", "why", "how", "all", "any", "both",
		"each", "few", "more", "most", "other", "some", "such", "no", "nor",
		"not", "only", "own", "same", "so", "than", "too", "very", "also",
		"just", "yet", "ever", "even", "whether", "either", "neither":
		return true
	// Fragments left when a tokeniser splits at the apostrophe.
	case "s", "t", "d", "ll", "re", "ve", "m", "don":
		return true
	}
	return false
}
