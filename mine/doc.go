// Package mine finds each page's informative structure: page clusters by
// URL pattern and template, term entropy across a cluster
// (InfoDiscoverer), and the ARTICLE and TOC blocks of every page (WISDOM),
// as specified in ALGORITHMS.md. It reads pages from the store and never
// imports the crawler.
//
// The package is being built (see the mining issue); until then it holds
// nothing but this comment, so the layout and the import rules are in place.
package mine
