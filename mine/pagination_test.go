package mine

import (
	"net/url"
	"regexp"
	"slices"
	"testing"
)

func TestPaginationLinks(t *testing.T) {
	cases := []struct {
		name, page, html string
		want             []string
	}{
		{"wordpress page-numbers", "http://b.example/category/linux/",
			`<ul><li><a href="/a/">A story</a></ul><nav class="navigation paging-navigation"><span class="page-numbers current">1</span>
			<a class="page-numbers" href="/category/linux/page/2/">2</a><a class="page-numbers" href="/category/linux/page/3/">3</a>
			<a class="next page-numbers" href="/category/linux/page/2/">Next »</a></nav>`,
			[]string{"http://b.example/category/linux/page/2/", "http://b.example/category/linux/page/3/"}},
		{"rel next on any text", "http://n.example/world/",
			`<p><a rel="next" href="/world/?p=2">See what else happened</a></p>`,
			[]string{"http://n.example/world/?p=2"}},
		{"older posts with a page query", "http://n.example/news",
			`<div><a href="/news?page=2">Older posts</a> <a href="/news/story-1.html">Older news about the election</a></div>`,
			[]string{"http://n.example/news?page=2"}},
		{"numbers in a pager div", "http://n.example/tech/",
			`<div class="pager"><a href="/tech/archive-b">2</a></div><a href="/tech/archive-c">3</a>`,
			[]string{"http://n.example/tech/archive-b"}},
		{"not: the page itself, other hosts, story titles, menus", "http://n.example/page/2/",
			`<a href="/page/2/">2</a><a href="http://other.example/page/3/">3</a><a href="/2019/06/11/slug/">Whizzy labs</a>
			<ul class="menu"><li><a href="/about/">About</a></ul>`,
			nil},
	}
	for _, c := range cases {
		u, _ := url.Parse(c.page)
		p, err := Parse([]byte(c.html), u)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range paginationLinks(p) {
			got = append(got, l.URL)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// pageWord accepts what the pattern it replaced matched.
func TestPageWord(t *testing.T) {
	old := regexp.MustCompile(`(?i)^(\d{1,4}|next|prev|previous|older|newer|more|older (posts|entries|stories|articles)|newer (posts|entries|stories|articles)|next page|previous page|load more|»|›|«|‹|→|←|>>|<<)$`)
	for _, s := range []string{"1", "24", "2024", "12345", "", "Next", "NEXT", "next page", "Older Posts", "older  posts", "Newer entries",
		"Load more", "»", ">>", "<", "More stories", "previous", "Prev", "3a", "٣", "next »", "Read more"} {
		if got, want := pageWord(s), old.MatchString(s); got != want {
			t.Errorf("pageWord(%q) = %v, the pattern says %v", s, got, want)
		}
	}
}
