// Package store keeps a crawl in one bbolt file: the fetched pages, the
// frontier of pending requests, the set of URLs already seen, the fetch
// failures and the crawl's metadata. It owns the file's schema and its
// version; no bbolt type or raw key leaves the package.
//
// # Basics
//
// Open a store with [Open]; a second process opening the same file gets
// [ErrLocked] within [Options.Timeout] (one second by default) instead of
// hanging. Reads ([DB.Page], [DB.Pages], [DB.Stats], …) run in their own
// read transactions and may run while a crawl writes.
//
// Writes go through a [Writer], which groups operations into one
// transaction every [WriterOptions.MaxOps] operations or
// [WriterOptions.MaxDelay], whichever comes first: one fsync per page would
// cap a crawl on a real disk at a few hundred pages per second. Operations
// are committed in the order they were submitted, which is what makes a
// killed crawl resumable: a page is only ever committed together with or
// after the links it enqueued.
//
// # Buckets (schema version 3)
//
//	bucket    key                      value
//	meta      "schema"                 decimal schema version ("3")
//	          "entry"                  the crawl's entry URL
//	          "created"                RFC 3339 creation time
//	pages     canonical URL            page record: version byte, uvarint
//	                                   length, JSON metadata, body (S2;
//	                                   DEFLATE in older records)
//	frontier  8-byte big-endian seq    JSON Request (FIFO by seq)
//	seen      canonical URL            8-byte seq of its frontier entry while
//	                                   pending, empty once it has an outcome
//	failures  canonical URL            JSON Failure (reason, status, detail)
//	cookies   host                     cookies as Set-Cookie lines
//	mined     canonical URL            the page's mining result (mine's JSON)
//	clusters  cluster ID               the cluster's statistics (mine's
//	                                   encoding): written with the results
//	                                   they produced, in one transaction
//	meta      "clustering"             URL pattern → cluster ID (mine's JSON)
//	          "phase"                  a focused crawl's phase ("learn",
//	                                   "sitemaps", "focus"); absent for a
//	                                   plain crawl
//	          "keep-versions"          versions kept of a page, the current
//	                                   one included (absent: 2)
//	versions  URL, 0, 8-byte seq       an earlier version of a page: uvarint
//	                                   length, its page record, its mining
//	                                   result (empty if never mined)
//	visits    8-byte round, URL        JSON Visit: a refresh round's fetch
//	                                   (status, change, referrer), written
//	                                   with its outcome
//	rounds    8-byte round             JSON Round (started, ended, counts)
//	schedule  list URL                 JSON Schedule (interval, next round,
//	                                   new stories per visit)
//
// Version 3 added the last four buckets and left every record as it was:
// a version 1 or 2 file gains them when opened for writing, and a version
// 2 file opened read-only reads as one with no refresh yet. A page record
// may carry "round" (the refresh round that fetched it) and a frontier
// request "revisit" and "round".
//
// A page fetched again whose body changed keeps its previous record and
// mining result under versions (the newest keep-versions−1 of them), in
// the transaction that stores the new one, which drops the old result so
// the page is mined again; an unchanged body leaves the record as it was.
// A page's and a frontier request's JSON may carry "origin" ("sitemap",
// "feed"; absent for a link) and "lastmod" (RFC 3339): optional fields
// that version-2 code without them ignores and that read as a link with no
// date from older stores, so adding them kept schema version 2.
//
// A URL is in seen as soon as it is enqueued, so a resumed crawl never
// enqueues it twice; its frontier entry is deleted in the same transaction
// that stores its outcome (a page or a failure).
//
// [DB.Merge] adds another store's crawl of the same entry URL (a worker's
// shard of a distributed crawl, package swarm) to a store: a page fetched
// in two shards is kept once, a page wins over a failure. Mining results
// are not merged; mine the merged store.
//
// # Caveats
//
// Page bodies are stored decoded to UTF-8 (the original charset is kept in
// [Page.Charset]); a <meta charset> inside the stored HTML may therefore
// name the original encoding, not UTF-8.
//
// The seen set is kept in memory by the crawler while it runs; that costs
// roughly the length of each URL plus a map entry.
package store
