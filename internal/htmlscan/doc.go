// Package htmlscan finds the start tags (with their href and class
// attributes) and end tags of an HTML page, and where the text of its
// script, style and other raw text elements ends, as x/net/html's
// Tokenizer would, at a fraction of its cost: the crawler reads a page's
// links with it, and mining reads a page's template signature with it and
// empties scripts and styles before the parser sees them.
package htmlscan
