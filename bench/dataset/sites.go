package dataset

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// MinSitePages is the fewest pages a site needs to be extracted in site
// mode (one infocrawl call for its pages); a smaller site's pages, and
// unplaced ones, are extracted page by page (--single).
const MinSitePages = 3

// Single is the name of the group of pages extracted one by one.
const Single = "single"

// siteGroups reads a dataset of sites.tsv (file site host how) and
// html/FILE + gold/NAME.txt: one group "site/<site>" per site with
// MinSitePages or more pages (Mode "site"), and one group "single" of the
// other pages (Mode "single"). A page's URL is its canonical link, og:url
// or <base href>, as sites.tsv's how column says; pages placed by their
// links have no URL.
func siteGroups(dir, name string) ([]Group, error) {
	f, err := os.Open(filepath.Join(dir, "sites.tsv"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer f.Close()
	type page struct{ file, site, how string }
	var pages []page
	count := map[string]int{}
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		col := strings.Split(sc.Text(), "\t")
		if first || len(col) < 4 {
			continue
		}
		pages = append(pages, page{col[0], col[1], col[3]})
		if col[1] != "" {
			count[col[1]]++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("%s: no pages in %s", name, filepath.Join(dir, "sites.tsv"))
	}
	byName := map[string]*Group{}
	for _, p := range pages {
		key, mode := Single, Single
		if count[p.site] >= MinSitePages {
			key, mode = "site/"+p.site, "site"
		}
		g := byName[key]
		if g == nil {
			g = newGroup(name, key, mode)
			byName[key] = g
		}
		file := filepath.Join(dir, "html", p.file)
		page := PageName(p.file)
		g.Files = append(g.Files, file)
		g.Gold[page] = filepath.Join(dir, "gold", page+".txt")
		g.Sites[page] = p.site
		if u := declaredURL(file, p.how); u != "" {
			g.URLs[page] = u
		}
	}
	return sorted(byName), nil
}

// cleanevalGroups reads cleaneval-dev (html/NAME.html, gold/NAME.txt in
// CleanEval format): one page per host, so one group "single"; the URL is
// the HTML's first line, <text id="URL" ...> (3 golds have an empty "URL:"
// line).
func cleanevalGroups(dir string) ([]Group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "html", "*.html"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("cleaneval-dev: no html/*.html in %s", dir)
	}
	g := newGroup("cleaneval-dev", Single, Single)
	for _, f := range files {
		name := PageName(f)
		gold := filepath.Join(dir, "gold", name+".txt")
		g.Files = append(g.Files, f)
		g.Gold[name] = gold
		if u := textID(f); u != "" {
			g.URLs[name] = u
			if pu, err := url.Parse(u); err == nil {
				g.Sites[name] = strings.TrimPrefix(pu.Hostname(), "www.")
			}
		}
	}
	sort.Strings(g.Files)
	return []Group{*g}, nil
}

func newGroup(dataset, name, mode string) *Group {
	return &Group{Dataset: dataset, Name: name, Mode: mode, PassURLs: true,
		Gold: map[string]string{}, URLs: map[string]string{}, Sites: map[string]string{}}
}

// declaredURL is the absolute URL a page declares of itself, by how
// (sites.tsv's column): "canonical" its <link rel=canonical>, "og" its
// <meta property=og:url>, "og:url" too, "base" its <base href>; "" for
// any other how, or when the page has none that is absolute http(s) (a
// scheme-relative "//host/path" is taken as http).
func declaredURL(path, how string) string {
	how, _, _ = strings.Cut(how, ":")
	if how != "canonical" && how != "og" && how != "base" {
		return ""
	}
	raw, err := ReadPage(path)
	if err != nil {
		return ""
	}
	z := html.NewTokenizer(strings.NewReader(string(raw)))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return ""
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		t := z.Token()
		attr := map[string]string{}
		for _, a := range t.Attr {
			attr[strings.ToLower(a.Key)] = strings.TrimSpace(a.Val)
		}
		var u string
		switch {
		case how == "canonical" && t.Data == "link" && hasToken(attr["rel"], "canonical"):
			u = attr["href"]
		case how == "og" && t.Data == "meta" && (attr["property"] == "og:url" || attr["name"] == "og:url"):
			u = attr["content"]
		case how == "base" && t.Data == "base":
			u = attr["href"]
		default:
			continue
		}
		if strings.HasPrefix(u, "//") {
			u = "http:" + u
		}
		if pu, err := url.Parse(u); err == nil && (pu.Scheme == "http" || pu.Scheme == "https") && pu.Host != "" {
			return pu.String()
		}
	}
}

func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(strings.ToLower(list)) {
		if f == tok {
			return true
		}
	}
	return false
}

var textIDRe = regexp.MustCompile(`^\s*<text id="([^"]+)"`)

// textID is the URL of a CleanEval page's first line, <text id="URL" ...>.
func textID(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	m := textIDRe.FindStringSubmatch(line)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}
