// Package eval scores extracted article text against gold text the way
// score.py, the article-extraction benchmark's scorer (in the shared
// folder's eval/, see docs/ARCHITECTURE.md), does: \w+ tokens, 4-gram shingles, precision averaged over non-empty
// predictions, recall over non-empty gold, F1 their harmonic mean. The
// mine package's tests check it reproduces score.py's numbers.
package eval
