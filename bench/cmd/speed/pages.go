package main

import (
	"fmt"
	"net/url"

	"infocrawl/bench/dataset"
	"infocrawl/bench/peer"
	"infocrawl/crawler"
	"infocrawl/mine"
)

// A set is a dataset's pages, read and decoded once, outside the timing.
// Each extractor gets them as its command does: infocrawl bytes decoded
// by crawler.DecodeHTML and no URL on the first three datasets (cmd/eval
// gives it none there), the page's URL where known on the others, the peers
// UTF-8 strings decoded by peer.Decode (infocrawl's decoder) with the page's original URL.
type set struct {
	name   string
	groups []pages
	pages  int
	bytes  int // uncompressed HTML
}

// pages are one group's pages and gold texts, in the group's file order.
type pages struct {
	name   string // the group's
	single bool   // infocrawl takes these pages one by one (cmd/eval's single groups)
	mine   []mine.Input
	peer   []peerPage
	names  []string
	gold   map[string]string // page name → gold text
}

type peerPage struct {
	html string
	url  *url.URL
}

func load(name string, groups []dataset.Group) (*set, error) {
	s := &set{name: name}
	for _, g := range groups {
		gold, err := g.GoldTexts()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.Label(), err)
		}
		p := pages{name: g.Name, gold: gold, single: g.Mode == dataset.Single}
		for _, f := range g.Files {
			raw, err := dataset.ReadPage(f)
			if err != nil {
				return nil, err
			}
			body, _ := crawler.DecodeHTML(raw)
			html, err := peer.Decode(raw)
			if err != nil {
				return nil, fmt.Errorf("decode %s: %w", f, err)
			}
			name := dataset.PageName(f)
			u, err := peer.PageURL(g.URLs, name)
			if err != nil {
				return nil, fmt.Errorf("url of %s: %w", f, err)
			}
			in := mine.Input{Key: f, Body: body}
			if _, known := g.URLs[name]; known && g.PassURLs {
				in.URL = u // as cmd/eval gives infocrawl --urls on these datasets
			}
			p.mine = append(p.mine, in)
			p.peer = append(p.peer, peerPage{html, u})
			p.names = append(p.names, name)
			s.bytes += len(raw)
		}
		s.pages += len(g.Files)
		s.groups = append(s.groups, p)
	}
	return s, nil
}
