package mine

import (
	"strings"
)

// Bounds of a standfirst: the one or two sentences a story's header sets
// between its headline and its body ("Fitch downgrades Berkshire
// Hathaway to AA because of possible market losses.").
const (
	// standfirstGap is the most text, outside the template, between the
	// headline and the region for the two to be one story's: a header's
	// byline, date, share bar and standfirst, not a column of teasers.
	standfirstGap = 800
	// standfirstChars bounds the standfirst itself.
	standfirstChars = 500
)

// standfirst returns the lines of the story's standfirst when the region
// holds the story's body but not its headline: the lines between the
// headline (the nearest non-template h1 before the region, or the
// <h1>–<h3> the <title> repeats; not a logo's link) and the region that are sentences of
// eight words or more, mostly not links, neither byline, dateline nor
// furniture, nor the title again, nor a caption (a meta box, or text beside a picture), nor
// inside an element named as furniture. A header with more than two such
// lines, or with more text than a header holds, is no story's header.
func standfirst(p *Page, region *Node, headline *Segment, kept string) []*Segment {
	h := headlineBefore(p, region, headline)
	if h == nil {
		return nil
	}
	top := commonAncestor(h, region)
	var meta map[*Node]bool
	var out []*Segment
	gap, chars := 0, 0
	_, last := p.segmentRange(h)
	for i := last + 1; i < len(p.Segments); i++ {
		s := &p.Segments[i]
		if s.Owner.Index >= region.Index {
			break
		}
		if s.Template {
			continue
		}
		if gap += s.Len; gap > standfirstGap {
			return nil
		}
		text := strings.TrimSpace(s.Text)
		if !standfirstLine(s, text) || strings.Contains(kept, text) || p.titleHolds(text) {
			continue
		}
		if meta == nil {
			meta = inMetaBox(p, top, true)
		}
		if meta[s.Owner] || meta[s.Inner] || namedFurnitureBelow(p, s.Owner, top) || besidePicture(s, top) {
			continue
		}
		if chars += textChars(text); len(out) == 2 || chars > standfirstChars {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// headlineBefore returns the story's headline element when it stands
// before region and outside it: the headline articleText found (the
// nearest non-template h1 before region), or else the h1–h3 the <title>
// repeats.
func headlineBefore(p *Page, region *Node, headline *Segment) *Node {
	var h *Node
	if headline != nil {
		h = headline.Owner
	} else {
		h = pageHeadline(p)
	}
	if h == nil || h.Index >= region.Index || p.contains(h, region) || linkedHome(p, h) {
		return nil
	}
	return h
}

// linkedHome: all of h's text is links, one of them to a site's home
// page: the site's name under its logo, not a headline.
func linkedHome(p *Page, h *Node) bool {
	return h.CLenA == 0 && h.ALenA > 0 && homeLinked(p, h)
}

// homeLinked: n holds a link to a site's home page (homePath), as a
// header's heading that is the site's name does.
func homeLinked(p *Page, n *Node) bool {
	for i := n.Index; i <= p.lastDescendant(n); i++ {
		if href := p.Nodes[i].Href; href != "" && homePath(href) {
			return true
		}
	}
	return false
}

// homePath: the URL's path is a site's root ("/", "/index.html") and its
// query names no page (a logo's "?ref=logo" does not; WordPress's
// "/?p=34518" is a post); an archived copy's URL is read for the address
// it archives.
func homePath(href string) bool {
	if i := strings.LastIndex(href, "://"); i >= 0 {
		href = href[i+3:]
		if j := strings.IndexAny(href, "/?#"); j >= 0 {
			href = href[j:]
		} else {
			href = ""
		}
	}
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	path, query, _ := strings.Cut(href, "?")
	return (path == "" || path == "/" || strings.HasPrefix(path, "/index.")) && !pageQuery(query)
}

// pageQuery: a URL's query picks a page of the site, as a CMS's
// "p=34518", "page_id=2" or "id=7" does, not a tracking tag.
func pageQuery(query string) bool {
	for kv := range strings.SplitSeq(query, "&") {
		switch k, _, _ := strings.Cut(kv, "="); strings.ToLower(k) {
		case "p", "page_id", "id", "cat", "tag", "s", "m", "article", "story", "page":
			return true
		}
	}
	return false
}

// standfirstLine: a line shaped as a standfirst: a sentence of eight
// words or more that ends as one, three quarters of it outside links,
// and no byline, dateline or furniture.
func standfirstLine(s *Segment, text string) bool {
	return 4*s.LinkLen < s.Len && spokenWords(text) >= 8 && sentence(text) && endsSentence(text) && !byDateLine(text) && !furnitureLine(text)
}

// namedFurnitureBelow: n or an ancestor below top is named as furniture
// (a share bar's text, a breadcrumb) or is one of HTML's furniture
// elements.
func namedFurnitureBelow(p *Page, n, top *Node) bool {
	for a := n; a != nil && a != top; a = a.Parent {
		if furnitureElement(a) || hintScore(p, a) < 0 {
			return true
		}
	}
	return false
}

// besidePicture: the smallest elements around s, up to top, that hold
// little more than s's text also hold a picture: a caption under its
// photo, whatever its markup.
func besidePicture(s *Segment, top *Node) bool {
	for a := s.Owner; a != nil && a != top && a.CLenA+a.ALenA <= s.Len+captionRoom; a = a.Parent {
		if holdsMedia(a.H) {
			return true
		}
	}
	return false
}

// withStandfirst puts the standfirst's lines before the region's text,
// Markdown, paths and HTML, each line a paragraph.
func withStandfirst(dek []*Segment, text, md string, paths []string, htm string) (string, string, []string, string) {
	var lines, own []string
	var owners []*Node
	for _, s := range dek {
		lines = append(lines, strings.TrimSpace(s.Text))
		if len(owners) == 0 || owners[len(owners)-1] != s.Owner {
			owners = append(owners, s.Owner)
		}
	}
	var sb strings.Builder
	for _, n := range owners {
		own = append(own, NodePath(n))
		sb.WriteString(outerHTML(n))
	}
	lead := strings.Join(lines, "\n\n")
	return lead + "\n\n" + text, plainMarkdown(lead) + "\n\n" + md, append(own, paths...), sb.String() + htm
}
