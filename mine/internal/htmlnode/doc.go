// Package htmlnode holds the lookups on parsed HTML that the mine package
// and its one-page methods (mine/onepage) both need, so that each does
// not keep its own copy.
package htmlnode
