// Package terms turns page text into the terms that term statistics
// count: words cut at Unicode word boundaries, lower-cased, English stop
// words dropped and Latin words stemmed, and runs of the scripts written
// without spaces (Chinese, Japanese, Korean, Thai…) cut into character
// bigrams, so that every language gives comparable units.
package terms
