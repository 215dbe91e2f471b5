// Package urlpattern generalises URLs into the patterns of the templates
// that serve them (news.example/world/{n}/{n}/{slug}.html), and groups a
// site's pages by pattern: a cheap first guess at which pages share a
// template, before any page is parsed.
package urlpattern
