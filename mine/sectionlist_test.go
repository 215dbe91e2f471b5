package mine

import "testing"

// TestSectionList: a section's list of linked titles, each with a word
// of its own, is told from boxes of headlines and from a sidebar's
// widget by its heading, its siblings and its links' length.
func TestSectionList(t *testing.T) {
	tests := []struct {
		name, body string
		want       bool
	}{
		{"filmography", `<h2>Profile</h2><p>An actress.</p><h2>TV Shows</h2><ul id="x">
			<li><a href="/Fix_You">Fix You</a> (KBS2, 2020)</li><li><a href="/Last">Last</a> (JTBC, 2015)</li>
			<li><a href="/Bali">What Happened in Bali</a> (SBS, 2004)</li><li><a href="/Queen">Queen Seon Deok</a> (MBC, 2009)</li>
			<li><a href="/When">When a Man is in Love</a> (SBS, 2004)</li></ul>`, true},
		{"headlines with dates", `<h2>Profile</h2><p>An actress.</p><h2>Drama news</h2><ul id="x">
			<li><a href="/n1">Fix You ends its run with the best ratings of the season</a> (7 April)</li>
			<li><a href="/n2">Casting announced for the new weekend drama of the broadcaster</a> (28 March)</li></ul>`, false},
		{"CJK headlines with dates", `<h2>简介</h2><p>歌手。</p><h2>新闻</h2><ul id="x">
			<li><a href="/n1">蔡健雅新专辑尝试突破酷玩御用混音师领衔打造</a>（05-19）</li>
			<li><a href="/n2">金曲奖五月天拿六项大奖蔡健雅含泪三度封后</a>（06-24）</li></ul>`, false},
		{"a widget's one title", `<h2>Recent comments</h2><ul id="x">
			<li>Ann on <a href="/p1">Spring walks</a></li><li>Bob on <a href="/p2">Ferry times</a></li></ul>`, false},
		{"links alone", `<h2>Profile</h2><p>An actress.</p><h2>Works</h2><ul id="x">
			<li><a href="/Fix_You">Fix You</a></li><li><a href="/Last">Last</a></li></ul>`, false},
		{"no heading before it", `<h2>Profile</h2><p>An actress.</p><h2>TV Shows</h2><p>Her dramas:</p><ul id="x">
			<li><a href="/Fix_You">Fix You</a> (KBS2, 2020)</li><li><a href="/Last">Last</a> (JTBC, 2015)</li></ul>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := parseHTML([]byte("<html><head><title>t</title></head><body><div>" + tt.body + "</div></body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			p := FromDOM(doc, nil)
			for _, n := range p.Nodes {
				if id, _ := n.names(); id == "x" {
					if got := sectionList(p, n); got != tt.want {
						t.Errorf("sectionList = %v, want %v", got, tt.want)
					}
					return
				}
			}
			t.Fatal("no list with id x")
		})
	}
}
