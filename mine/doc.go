// Package mine finds each page's informative structure, as docs/ALGORITHMS.md
// specifies it: page clusters by URL pattern and template (cluster.go,
// with mine/urlpattern), the entropy of a cluster's terms (mine/terms,
// mine/entropy; InfoDiscoverer in infodiscoverer.go), the WISDOM measures
// and k-MIB (wisdom.go), and the default extractor that combines
// cross-page template removal with region selection (cluster_mine.go,
// region.go, article.go, toc.go). Inside the region, the boxes that are
// no part of the story (related links, teaser cards, forms, embeds) are
// found in boxes.go, and the lines (pagers, share and consent labels,
// credits, breadcrumbs) in lines.go. The single-page methods TTR and
// EEM, which need no cluster, are in mine/onepage.
//
// A page whose cluster is too small to learn a template from is mined
// alone: class and id names (names.go), the page's declared articleBody,
// the element around the headline its <title> repeats, and where its
// prose is (place.go) stand in for the template. Comment sections, left
// out of every story and exported apart, are in comments.go; threads.go
// finds the lists of comments no name marks, by the links each comment
// carries.
//
// Statistics live in a ClusterState (cluster_mine.go) that the store
// keeps with each cluster's results (stored.go), so a cluster's new pages
// are mined against what its earlier ones taught. The package reads
// pages from the store and never imports the crawler.
package mine
