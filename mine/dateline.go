package mine

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// byDateLine: a line that only says who wrote the story or when ("By
// James Oliphant and David G. Savage", "June 25, 2009", "Posted by Kathy
// on March 20, 2007 at 9:03 AM ET", a blog's "Posted by admin | 6 Nov
// 2012 | Comments (0)"), which the article text leaves out as it leaves
// out a byline box. A line of a sentence ("By Friday, the team had
// finished") is none: its lower-case words are not a byline's, bar the
// one right after "by", which may be a user's name.
func byDateLine(text string) bool {
	if len(text) > 120 {
		return false
	}
	words := strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",|·•–—-/()", r)
	})
	if len(words) == 0 || len(words) > 16 {
		return false
	}
	// name is the word after "by": the author's, or a user name in lower
	// case ("Posted by admin").
	name := 1
	if !strings.EqualFold(words[0], "by") {
		name = 2
	}
	byline := name == 1 || strings.EqualFold(words[0], "posted") && len(words) > 1 && strings.EqualFold(words[1], "by")
	dated := false
	for i, w := range words {
		w = strings.TrimRight(w, ".:")
		lw := strings.ToLower(w)
		switch {
		case w == "":
		case monthWords[lw] || weekdayWords[lw]:
			dated = true
		case dateNumber(w):
			dated = dated || strings.ContainsAny(w, ":/") // a time, a numeric date; a year alone is none
		case datelineWords[lw] || zoneWords[w]:
		case byline && i > 0 && (nameWord(w) || i == name):
		default:
			return false
		}
	}
	return byline || dated
}

// dateNumber: a day, year or time ("25", "2009", "9:03", "12/20/06",
// "1st").
func dateNumber(w string) bool {
	w = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w, "st"), "nd"), "rd"), "th")
	if w == "" {
		return false
	}
	for _, r := range w {
		if !('0' <= r && r <= '9' || r == ':' || r == '/' || r == '.') {
			return false
		}
	}
	return true
}

// nameWord: a word of a person's name, capitalised ("Savage", "G.",
// "O'Brien"), or a name's small words ("de", "van").
func nameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) || nameParticles[w]
}

var (
	monthWords = wordSet("january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec")
	weekdayWords = wordSet("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun")
	// datelineWords are the small words of a byline or a dateline.
	datelineWords = wordSet("by on at and & updated posted published last modified originally written am pm a.m p.m staff writer reporter correspondent editor comment comments")
	zoneWords     = wordSet("ET EST EDT CT CST CDT PT PST PDT GMT UTC BST CET CEST IST AEST AEDT")
	nameParticles = wordSet("de van von der den du da la le al bin")
)

// rightsNotice: a line that opens with a copyright mark and reserves the
// rights to the story ("Copyright 2009 Associated Press. All rights
// reserved. This material may not be published, broadcast, rewritten or
// redistributed.", "© 2019 Press TV. Tous droits réservés."): a notice
// about the story, as its credit line is, which wire copy carries onto
// every site that runs it. reprintNotice is its Chinese, Japanese and
// Korean form. A sentence of the story that speaks of copyright does not
// open with the mark.
func rightsNotice(text string) bool {
	if len(text) > maxRightsNotice {
		return false
	}
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "©") && !prefixFold(t, "copyright") && !prefixFold(t, "(c)") {
		return false
	}
	return containsAny(strings.ToLower(t), rightsReserved)
}

// maxRightsNotice bounds a rights notice, in bytes: the longest, the
// wire services', run to some 150.
const maxRightsNotice = 300

// rightsReserved are what a rights notice says, in the larger news
// languages, lower-cased.
var rightsReserved = []string{"all rights reserved", "may not be published", "may not be reproduced", "may not be republished",
	"alle rechte vorbehalten", "tous droits réservés", "todos los derechos reservados", "tutti i diritti riservati",
	"todos os direitos reservados", "alle rechten voorbehouden", "wszelkie prawa zastrzeżone"}

// reprintNotice: a Chinese, Japanese or Korean line that forbids
// reprinting the story ("<저작권자(c) 연합뉴스, 무단 전재-재배포 금지>",
// "本文版权归江城日报所有，未经许可不得转载", "記事の無断転載を禁じます"): a
// notice about the story, as its credit line is, which those sites print
// under every story. A sentence that tells of a reprint made without
// leave is the story's: a notice names the copyright, or is short and
// bans.
func reprintNotice(text string) bool {
	if len(text) > 200*utf8.UTFMax || !hasCJK(text) {
		return false
	}
	n := utf8.RuneCountInString(text)
	if n > 200 || !strings.ContainsAny(text, reprintLeads) {
		return false
	}
	c := strings.ToLower(strings.Join(strings.Fields(text), "")) // "무단 전재" as "무단전재"
	if !containsAny(c, reprintWords) || !containsAny(c, forbidWords) {
		return false
	}
	return containsAny(c, copyrightMarks) || n <= 30 && containsAny(c, banWords)
}

var (
	reprintWords   = []string{"전재", "재배포", "转载", "轉載", "転載", "复制", "複製"}
	forbidWords    = []string{"금지", "무단", "禁止", "不得", "严禁", "嚴禁", "未经", "未經", "無断", "禁じ"}
	banWords       = []string{"금지", "禁止", "不得", "严禁", "嚴禁", "禁じ"} // a ban, not "without leave"
	copyrightMarks = []string{"ⓒ", "©", "(c)", "copyright", "저작권", "版权", "版權", "著作権"}
)

// reprintLeads are the first characters of reprintWords: a line with
// none of them has none of the words, and is not joined and lowered.
var reprintLeads = func() string {
	var b strings.Builder
	for _, w := range reprintWords {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(r)
	}
	return b.String()
}()

// cjkCreditLine: a Chinese, Japanese or Korean page's line that gives
// the story's date, source, author or editor, as those pages print it
// under the headline or after the story ("2020年05月19日 08:30　来源：江城日报
// 编辑：王明", "（责任编辑：王明）", "입력 2020.05.19 08:30"): every part of
// it a date, a time, or a credit's label with its value, and at least one
// date or label, and some of it in those scripts. The article text
// leaves it out as it leaves out an English byline.
func cjkCreditLine(text string) bool {
	text = strings.Trim(strings.TrimSpace(text), "()（）[]【】")
	if text == "" || len(text) > 100*utf8.UTFMax || !hasCJK(text) || utf8.RuneCountInString(text) > 100 {
		return false // a Latin page's dates are byDateLine's
	}
	parts := strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '|' || r == '｜' })
	found, value := false, false
	for _, w := range parts {
		label, rest, colon := cutCreditColon(w)
		switch {
		case cjkDate.MatchString(w):
			found = true
		case clockTime.MatchString(w):
		case creditLabels[label] && (colon || rest == "") && utf8.RuneCountInString(rest) <= 20 && !strings.ContainsAny(rest, "，。！？,"):
			// "来源：新华网" holds its value; "来源：" or "입력" leave it to
			// the next part.
			found, value = true, rest == ""
			continue
		case value && utf8.RuneCountInString(w) <= 20:
		default:
			return false
		}
		value = false
	}
	return found
}

// cutCreditColon splits "来源：新华网" at its first colon, Latin or
// full-width; w whole when it has none.
func cutCreditColon(w string) (label, rest string, colon bool) {
	i := strings.IndexAny(w, colons)
	if i < 0 {
		return w, "", false
	}
	_, size := utf8.DecodeRuneInString(w[i:])
	return w[:i], w[i+size:], true
}

var (
	cjkDate = regexp.MustCompile(`^((\d{4}年)?\d{1,2}月\d{1,2}日([(（].{1,3}[)）])?|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\.?)(\d{1,2}:\d{2}(:\d{2})?)?$`)
	// clockTime is a time of day, also as Japanese writes it ("12時30分").
	clockTime = regexp.MustCompile(`^(\d{1,2}:\d{2}(:\d{2})?|\d{1,2}時(\d{1,2}分)?)$`)
	// creditLabels name a story's date, source and people in Chinese
	// (simplified and traditional), Japanese and Korean.
	creditLabels = wordSet("来源 來源 稿源 出处 作者 编辑 編輯 责任编辑 責任編輯 责编 记者 記者 本报记者 本報記者 通讯员 通訊員 摄影 攝影 " +
		"发布时间 發布時間 發佈時間 发布日期 时间 時間 日期 更新时间 更新時間 " +
		"配信 配信日 公開 公開日 更新 更新日 掲載 掲載日 投稿日 執筆 文 写真 " +
		"입력 수정 기자 송고 등록 기사입력 최종수정")
)
