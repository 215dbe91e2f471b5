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
// Crawled pages are hostile: each goes through an allowlist sanitiser
// (bluemonday) that keeps its layout and CSS and drops everything that
// runs, and carries a Content-Security-Policy (a meta, and Handler's
// header) that lets only the view's own script run. Its CSS and images
// load through a <base> of the page's final URL when the site is
// reachable. The view's one small script only counts the outlined
// elements into <body data-ic-rendered> for the browser test. Handler
// answers only the Host values in Options.Hosts (DNS rebinding).
package view
