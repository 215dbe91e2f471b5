// Package onepage extracts a page's article from that page alone, by the
// single-page methods of the literature the mine package compares itself
// with: TTR, the text-to-tag ratio of the page's source lines, and EEM,
// the entropy of each block's mix of text, links and images. They need
// no cluster and no statistics, which makes them baselines for the
// cross-page extractor and a choice for sites too small to learn from.
package onepage
