// Package mine finds each page's informative structure, as docs/ALGORITHMS.md
// specifies it: page clusters by URL pattern and template (cluster.go,
// with mine/urlpattern), the entropy of a cluster's terms (mine/terms,
// mine/entropy; InfoDiscoverer in infodiscoverer.go), the WISDOM measures
// and k-MIB (wisdom.go), and the default extractor that combines
// cross-page template removal with region selection (cluster_mine.go,
// region.go, article.go, toc.go). The single-page methods TTR and EEM,
// which need no cluster, are in mine/onepage.
//
// A page whose cluster is too small to learn a template from is mined
// alone: class and id names, the page's declared articleBody, the
// element around the headline its <title> repeats, and where its prose is
// stand in for the template.
//
// Statistics live in a ClusterState that the store keeps (storemine.go),
// so mining is incremental (miner.go). The package reads pages from the
// store and never imports the crawler.
package mine
