// Package htmlscan finds the start tags of an HTML page, and where the
// text of its script, style and other raw text elements ends, as
// x/net/html's Tokenizer would, at a fraction of its cost: the crawler
// reads a page's links with it, and mining empties scripts and styles
// before the parser sees them.
package htmlscan
