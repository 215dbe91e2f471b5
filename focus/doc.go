// Package focus runs the pipeline that turns a crawler and a miner into a
// focused crawl, and mines a store's pages.
//
// # Basics
//
// [Run] crawls a site in four phases, recorded in the store so that a
// killed crawl resumes in the phase it was in:
//
//  1. learn: a plain breadth-first crawl of every link to
//     [Options.LearnDepth] (or [Options.LearnPages] pages);
//  2. mine: [MineStore] clusters the learnt pages, learns each cluster's
//     template and finds every page's article and TOC blocks;
//  3. sitemaps (with [Options.Sitemaps]): the URLs the site's sitemaps
//     and feeds list are queued, one hop from the entry page, with their
//     origin and date;
//  4. focus: the crawl goes on to the full depth from the TOC links of
//     the learnt pages, and from each new page follows only its TOC links
//     and a list's own further pages until a few in a row (a number learnt
//     from the site) named no story the crawl had not been given. A [Miner] mines each page as it arrives,
//     against its cluster's statistics, which the page then joins.
//
// [MineStore] alone is what "infocrawl mine" runs: it mines the pages of a
// store that have no result, cluster by cluster, committing each chunk's
// results with the statistics that produced them.
//
// [Refresh] runs one round of keeping a finished crawl up to date: the
// lists that are due are revisited with conditional GETs, the stories
// their TOC blocks name that the store has never seen are fetched and
// mined as they arrive (a revisited list is mined against a copy of its
// cluster's statistics), a list's next page is revisited while its page
// brings mostly new stories, and each list's revisit interval is halved
// or doubled by what its visit brought. The store records the round, so
// a killed round is resumed and ended by the next Refresh.
//
// # Caveats
//
// Cluster statistics count every page mined, so the Miner writes them only
// once the store has committed the pages they count: the crawler tells it
// through [crawler.Options.Committed]. A kill loses at most the results of
// the pages fetched since the last flush; those pages are mined again by
// the closing MineStore of the resumed crawl, never counted twice. In a
// refresh, a list page fetched again before such a kill is mined again by
// that MineStore against its cluster's statistics, which then count it
// once more: a small drift, only after a kill.
package focus
