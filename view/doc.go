// Package view shows what mining found on a stored page: the page's own
// HTML with its blocks outlined where they are, article blocks green, TOC
// blocks blue, template grey, each with its scores on hover, and a small
// local web UI (Handler) to browse a store's clusters and pages that way.
//
// # Basics
//
// Page renders one stored page; Handler serves "/" (the clusters),
// "/cluster?id=…" (a cluster's pages) and "/show?url=…" (Page). Outlines
// are CSS on the real elements (a data-ic-kind attribute), not overlays,
// so they follow the page's own layout.
//
// # Caveats
//
// The page's scripts and on* attributes are dropped so it stays inert and
// viewable offline; its CSS and images are kept and load through a <base>
// of the page's final URL when the site is reachable. The view adds one
// small script of its own, which only counts the outlined elements into
// <body data-ic-rendered> for the browser test.
package view
