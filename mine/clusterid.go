package mine

import (
	"strconv"
	"strings"
)

// ClusterID names a cluster. Its string form is what the store and the
// exports keep:
//
//	"x.com/news/{n}/{slug}.html"   the URL pattern its pages share
//	"site:x.com"                   a host's catch-all: the pages of its small patterns
//	"site:"                        pages without a URL
//	"single:KEY"                   one page mined alone (extract --single)
//	any of those + "#2", "#3", …   a further template found among the pattern's pages
//
// URL patterns never contain '#', so the forms cannot be confused.
type ClusterID string

const (
	sitePrefix   = "site:"
	singlePrefix = "single:"
)

// SiteCluster is the ID of host's catch-all cluster.
func SiteCluster(host string) ClusterID { return ClusterID(sitePrefix + host) }

// SingleCluster is the ID of the page key mined alone.
func SingleCluster(key string) ClusterID { return ClusterID(singlePrefix + key) }

// Part is the ID of the k-th template (k ≥ 2) found among id's pages.
func (id ClusterID) Part(k int) ClusterID { return id + ClusterID("#"+strconv.Itoa(k)) }

// IsSite reports whether id is a host's catch-all cluster (or a part of
// one), whose pages may be of several templates.
func (id ClusterID) IsSite() bool { return strings.HasPrefix(string(id), sitePrefix) }
