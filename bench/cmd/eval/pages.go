package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"infocrawl/bench/dataset"
)

// tie is the per-page F1 difference within which two extractors tie.
const tie = 0.005

// A pageSummary is one dataset's scores over its pages rather than its
// groups (dragnet, readability, cleaneval-dev).
type pageSummary struct {
	Dataset     string               `json:"dataset"`
	Pages       int                  `json:"pages"`
	SitePages   int                  `json:"site_pages"` // in site mode
	Sites       int                  `json:"sites"`      // site-mode groups
	SinglePages int                  `json:"single_pages"`
	Scores      map[string]pageScore `json:"scores"` // by extractor
	WinLoss     []winLoss            `json:"win_loss"`
}

// A pageScore is score.py's aggregate over all the dataset's pages.
type pageScore struct {
	F1        num `json:"f1"` // of the mean precision and the mean recall
	Precision num `json:"precision"`
	Recall    num `json:"recall"`
	MeanDocF1 num `json:"mean_doc_f1"`
	Docs      int `json:"docs"`
	// EmptyOutput counts the pages whose output is empty while the gold
	// is not.
	EmptyOutput int `json:"empty_output"`
}

// A winLoss counts the pages where an infocrawl extractor's F1 is above
// (Wins) or below (Losses) a peer's by more than 0.005.
type winLoss struct {
	Extractor string `json:"extractor"`
	Peer      string `json:"peer"`
	Wins      int    `json:"wins"`
	Losses    int    `json:"losses"`
	Ties      int    `json:"ties"`
}

// pages sums up a dataset over its pages from the groups' per-page
// counts, and writes OUT/<dataset>/pages.tsv.
func (ev *evaluation) pages(ds string, groups []dataset.Group, rows []row) (pageSummary, error) {
	ps := pageSummary{Dataset: ds, Scores: map[string]pageScore{}}
	pages, byExt, err := ps.collect(groups, rows)
	if err != nil {
		return ps, err
	}
	var exts []string
	for _, e := range ev.report.Extractors {
		if ds := byExt[e]; len(ds) > 0 {
			exts = append(exts, e)
			ps.Scores[e] = aggregatePages(ds)
		}
	}
	ps.WinLoss = winLosses(exts, pages)
	// pages.tsv, the worst pages of the first extractor first.
	sortBy := ""
	if len(exts) > 0 {
		sortBy = exts[0]
	}
	sortWorstFirst(pages, sortBy)
	return ps, os.WriteFile(filepath.Join(ev.out, ds, "pages.tsv"), []byte(pagesTSV(pages, exts)), 0o644)
}

// A scoredPage is one page of a dataset with its scores by extractor.
type scoredPage struct {
	id, group, site, mode string
	goldChars             int
	docs                  map[string]docScore
}

// collect counts the groups' pages into ps and gathers their scores: by
// page, and by extractor.
func (ps *pageSummary) collect(groups []dataset.Group, rows []row) ([]*scoredPage, map[string][]docScore, error) {
	var pages []*scoredPage
	byExt := map[string][]docScore{}
	for i, g := range groups {
		gold, err := g.GoldTexts()
		if err != nil {
			return nil, nil, err
		}
		ps.Pages += len(g.Files)
		if g.Mode == dataset.Single {
			ps.SinglePages += len(g.Files)
		} else {
			ps.SitePages += len(g.Files)
			ps.Sites++
		}
		byID := map[string]*scoredPage{}
		for _, f := range g.Files {
			id := dataset.PageName(f)
			p := &scoredPage{id: id, group: g.Name, site: g.Sites[id], mode: g.Mode,
				goldChars: utf8.RuneCountInString(gold[id]), docs: map[string]docScore{}}
			byID[id] = p
			pages = append(pages, p)
		}
		for _, d := range rows[i].docs {
			if p := byID[d.ID]; p != nil {
				p.docs[d.Pred] = d
			}
			byExt[d.Pred] = append(byExt[d.Pred], d)
		}
	}
	return pages, byExt, nil
}

// winLosses compares each infocrawl extractor of exts with each peer.
func winLosses(exts []string, pages []*scoredPage) []winLoss {
	var wls []winLoss
	for _, e := range exts {
		if !strings.HasPrefix(e, "infocrawl") {
			continue
		}
		for _, peer := range exts {
			if strings.HasPrefix(peer, "infocrawl") {
				continue
			}
			wls = append(wls, countWinLoss(e, peer, pages))
		}
	}
	return wls
}

// countWinLoss counts the pages both e and peer scored by whose F1 is
// the higher, beyond a tie.
func countWinLoss(e, peer string, pages []*scoredPage) winLoss {
	wl := winLoss{Extractor: e, Peer: peer}
	for _, p := range pages {
		a, ok1 := p.docs[e]
		b, ok2 := p.docs[peer]
		if !ok1 || !ok2 {
			continue
		}
		switch d := a.f1() - b.f1(); {
		case d > tie:
			wl.Wins++
		case d < -tie:
			wl.Losses++
		default:
			wl.Ties++
		}
	}
	return wl
}

// sortWorstFirst orders pages by ext's F1, lowest first (pages ext did
// not score last), then by id.
func sortWorstFirst(pages []*scoredPage, ext string) {
	f1 := func(p *scoredPage) float64 {
		if d, ok := p.docs[ext]; ok {
			return d.f1()
		}
		return math.Inf(1)
	}
	slices.SortStableFunc(pages, func(a, b *scoredPage) int {
		if fa, fb := f1(a), f1(b); fa != fb {
			if fa < fb {
				return -1
			}
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
}

// pagesTSV is pages.tsv: a line per page, with each extractor's
// precision, recall and F1 where it scored the page.
func pagesTSV(pages []*scoredPage, exts []string) string {
	var b strings.Builder
	b.WriteString("page\tgroup\tsite\tmode\tgold_chars")
	for _, e := range exts {
		fmt.Fprintf(&b, "\t%s_p\t%s_r\t%s_f1", e, e, e)
	}
	b.WriteString("\n")
	for _, p := range pages {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%d", p.id, p.group, p.site, p.mode, p.goldChars)
		for _, e := range exts {
			if d, ok := p.docs[e]; ok {
				fmt.Fprintf(&b, "\t%.4f\t%.4f\t%.4f", d.precision(), d.recall(), d.f1())
			} else {
				b.WriteString("\t\t\t")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// aggregatePages is score.py's aggregate: precision the mean over pages
// with a non-empty output, recall over pages with a non-empty gold, F1
// theirs.
func aggregatePages(docs []docScore) pageScore {
	var s pageScore
	var p, r, f float64
	np, nr := 0, 0
	for _, d := range docs {
		if d.TP+d.FP > 0 {
			p += d.precision()
			np++
		} else if d.FN > 0 {
			s.EmptyOutput++
		}
		if d.TP+d.FN > 0 {
			r += d.recall()
			nr++
		}
		f += d.f1()
	}
	s.Docs = len(docs)
	s.Precision, s.Recall = num(p/float64(np)), num(r/float64(nr))
	s.F1 = num(math.NaN())
	if np > 0 && nr > 0 {
		s.F1 = num(harmonic(float64(s.Precision), float64(s.Recall)))
	}
	s.MeanDocF1 = num(f / float64(len(docs)))
	return s
}

// pageTables writes one table per dataset summed up over its pages.
func (r *report) pageTables(b *strings.Builder) {
	for _, ps := range r.Pages {
		fmt.Fprintf(b, "\n## %s over its %d pages\n\n", ps.Dataset, ps.Pages)
		fmt.Fprintf(b, "%d pages in site mode (%d sites of ≥%d pages, one call each), %d page by page (`--single`). "+
			"`infocrawl`: site mode where it applies; `infocrawl-single`: page by page throughout. "+
			"Wins / losses: pages where the F1 differs by more than %.3f.\n\n",
			ps.SitePages, ps.Sites, dataset.MinSitePages, ps.SinglePages, tie)
		var exts []string
		for _, e := range r.Extractors {
			if _, ok := ps.Scores[e]; ok {
				exts = append(exts, e)
			}
		}
		fmt.Fprintf(b, "| over pages | %s |\n|---|%s\n", strings.Join(exts, " | "), strings.Repeat("--:|", len(exts)))
		line := func(label string, cell func(pageScore) string) {
			fmt.Fprintf(b, "| %s |", label)
			for _, e := range exts {
				fmt.Fprintf(b, " %s |", cell(ps.Scores[e]))
			}
			b.WriteString("\n")
		}
		line("score.py (F1 of mean P and R)", func(s pageScore) string { return fmtNum(s.F1) })
		line("precision", func(s pageScore) string { return fmtNum(s.Precision) })
		line("recall", func(s pageScore) string { return fmtNum(s.Recall) })
		line("mean per-page F1", func(s pageScore) string { return fmtNum(s.MeanDocF1) })
		line("empty output, gold not", func(s pageScore) string { return fmt.Sprint(s.EmptyOutput) })
		peers := []string{}
		for _, wl := range ps.WinLoss {
			if !slices.Contains(peers, wl.Peer) {
				peers = append(peers, wl.Peer)
			}
		}
		for _, peer := range peers {
			fmt.Fprintf(b, "| wins / losses vs %s |", peer)
			for _, e := range exts {
				i := slices.IndexFunc(ps.WinLoss, func(wl winLoss) bool { return wl.Extractor == e && wl.Peer == peer })
				if i < 0 {
					b.WriteString(" — |")
					continue
				}
				fmt.Fprintf(b, " %d / %d |", ps.WinLoss[i].Wins, ps.WinLoss[i].Losses)
			}
			b.WriteString("\n")
		}
	}
}
