package mine

// Chinese, Japanese and Korean text: its credit lines, its words, its
// length in characters as the thresholds count them.

import (
	"strings"
	"testing"
)

func TestCJKCreditLine(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"2020年05月19日 08:30　来源：江城日报　编辑：王明", true},
		{"（责任编辑：王明）", true},
		{"来源: 新华网 | 2020-05-19 08:30:12", true},
		{"2020年5月19日(火) 12時30分配信", false}, // "12時30分配信" is one part, not a time
		{"2020年5月19日(火) 12時30分 配信", true},
		{"입력 2020.05.19 08:30 | 수정 2020.05.19 09:00", true},
		{"記者 金大中 기자", true},
		{"2020年05月19日", true},
		{"今天上午九时，轨道交通三号线首班列车从城东新区站驶出。", false},
		{"来源：", true},
		{"日期:1月21日，凱爾特人在主場以139-107大勝湖人。", false},
		{"2020-09-01", false}, // no CJK: byDateLine's, at the story's start only
		{"기자 회견이 열렸다", false},
		{"By James Oliphant", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := cjkCreditLine(tt.line); got != tt.want {
			t.Errorf("cjkCreditLine(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

func TestSpokenWords(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"When a Man is in Love", 6},
		{"Fix You", 2},
		{"蔡健雅", 2},
		{"第十七届台湾金曲奖完全入围名单", 8},
		{"천국의 계단", 2},
		{"", 0},
	}
	for _, tt := range tests {
		if got := spokenWords(tt.text); got != tt.want {
			t.Errorf("spokenWords(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

func TestTextChars(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"Fix You", 7},
		{"北京", 4},
		{"東京タワー", 10},
		{"천국의 계단", 11},
		{"Café — 2020", 11},
		{"（）。", 3}, // punctuation counts once
	}
	for _, tt := range tests {
		if got := textChars(tt.text); got != tt.want {
			t.Errorf("textChars(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

// A Chinese story starts with its first paragraph, though it has no
// spaces to count words by: a line of a date and time after it is the
// story's (a timetable), not a dateline above it.
func TestCJKStoryStarts(t *testing.T) {
	page := `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>地铁三号线今起开通运营_江城新闻</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/news/">新闻</a> <a href="/city/">城市</a></div>
<div class="article">
<h1>地铁三号线今起开通运营</h1>
<p>2021/06/01 08:30</p>
<p>今天上午九时，轨道交通三号线首班列车从城东新区站驶出，标志着这条线路正式投入运营。三号线全长二十八公里，共设车站二十二座。</p>
<p>开通当天的首末班车时刻如下：</p>
<p>2021/06/01 06:00</p>
<p>2021/06/01 23:30</p>
<p>运营公司表示，开通初期行车间隔为六分钟，高峰时段将缩短至四分钟，市民可通过官方应用查询实时到站信息。</p>
</div>
<div class="footer">版权所有 江城新闻网</div>
</body></html>`
	r := ExtractSite([]Input{{Key: "metro", Body: []byte(page)}}, Options{}, true)[0]
	checkText(t, r.ArticleText(), []string{"首班列车从城东新区站驶出", "2021/06/01 06:00", "2021/06/01 23:30", "实时到站信息"}, []string{"2021/06/01 08:30", "首页", "版权所有"})
}

func TestReprintNotice(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"<저작권자(c) 연합뉴스, 무단 전재-재배포 금지>", true},
		{"Copyright ⓒ Entermedia.co.kr. 무단전재 및 재배포 금지", true},
		{"本文版权归江城日报所有，未经许可不得转载", true},
		{"未经授权，禁止转载", true},
		{"記事・写真の無断転載を禁じます", true},
		{"無断転載禁止", true},
		{"他未经许可转载了别人的文章", false}, // without leave, no ban: a sentence
		{"法院认定，该网站在未经许可的情况下转载了原告的三十篇文章，应赔偿经济损失五万元。", false},
		{"기자 회견이 열렸다", false},
		{"Copyright 2020 The Times. All rights reserved.", false}, // no CJK: the golds disagree on it
		{"무단 전 재 금지", true},                                       // the words spaced out
		{strings.Repeat("新", 191) + "版权所有，禁止转载", true},            // 200 characters
		{strings.Repeat("新", 192) + "版权所有，禁止转载", false},           // 201: a paragraph
		{"", false},
	}
	for _, tt := range tests {
		if got := reprintNotice(tt.line); got != tt.want {
			t.Errorf("reprintNotice(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
