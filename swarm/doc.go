// Package swarm crawls one site with many worker processes, on one or
// many machines, sharing the crawl through NATS JetStream: the frontier is
// a work-queue stream, the seen set and robots.txt a key-value bucket.
// Each worker fetches with the crawler package and stores what it fetched
// in its own store (a shard); `infocrawl merge` joins the shards.
//
// # The job
//
// Workers given the same job name share, on the server:
//
//   - the stream INFOCRAWL_<job>, subjects infocrawl.<job>.f.<depth>.<part>:
//     one message per URL to fetch (JSON store.Request, deduplicated by URL
//     within the stream's duplicate window). A worker acknowledges a
//     message only once the page's outcome is committed to its shard and
//     the links it found are claimed and in the stream, so a worker that
//     dies leaves its unacknowledged URLs to be redelivered after the ack
//     wait. A page's links are claimed together and published without
//     waiting for each; the page waits for all their acknowledgements.
//     Workers heartbeat the messages they hold (InProgress), so a slow
//     fetch is not redelivered while its worker lives.
//   - the bucket infocrawl_<job>: key u.<sha256 of the canonical URL> is a
//     URL's claim (created atomically; the value names the page it was
//     found on and the claiming worker), r.<sha256 of host> the host's
//     robots.txt.
//
// # Depth
//
// Workers take URLs one depth at a time, as the single-process crawl
// does: a depth's consumers are read only when no message of a smaller
// depth is left in the stream (a work-queue stream keeps a message until
// it is acknowledged, so this counts URLs in flight too). Every page then
// gets its shortest depth and the crawl reaches the same pages as one
// process at the same --depth.
//
// # Politeness
//
// A URL's subject partition <part> is a hash of its host ("p<n>", or
// "s<n>" for a host whose robots.txt sets a Crawl-delay), and each
// partition of a depth has one durable consumer, shared by all workers,
// whose MaxAckPending is the per-host parallelism (1 for "s"). The server
// then never hands out more of one host's URLs at once than the job's
// parallelism, whatever the number of workers; a worker holds a message
// the host's delay after its fetch before acknowledging it. Hosts that
// share a partition share its slots: politer than required, never less.
//
// # Completion
//
// The job is over when the stream holds no message and something was
// ever published to it: every URL then has an outcome in some shard.
//
// A finished job's stream (empty) and bucket (every URL's claim) stay on
// the server: workers started again with the job's command find it over
// and fetch nothing, as a finished single-process crawl does. A job whose
// workers all died goes on from the stream when they are started again.
// Delete (infocrawl job --delete) removes a job, so that the same command
// crawls afresh; Job reports its state.
package swarm
