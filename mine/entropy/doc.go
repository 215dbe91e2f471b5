// Package entropy keeps a cluster's term statistics and derives each
// term's entropy across the cluster's pages from them (ALGORITHMS.md §1):
// a term spread evenly over every page is template, one found in a few
// pages informative. Only TF = Σ tf and S = Σ tf·ln tf are kept per term:
// they grow by addition, so statistics are built page by page and merged,
// and the entropy stays exact.
package entropy
