// Package testsite serves a realistic, deterministic news website through an
// http.Handler, for the crawler's tests, benchmarks and demo.
//
// The site knows its own truth: the link graph of every page (Links, Kind,
// RedirectTarget), the pages a correct crawler stores at a given depth (Reach),
// which pages are articles and their body text (Articles), and which link
// lists are table-of-contents blocks (TOCLinks). None of it is obtained by
// crawling; it is recorded while the pages are generated.
//
// The site contains the usual traps of the real web: a robots.txt exclusion,
// an endless calendar, a redirect and a redirect loop, a flaky page, non-HTML
// files, a broken link, Big5 and Shift_JIS pages, gzip and deflate
// compression, fragments, relative links and query parameters in varying
// order.
package testsite
