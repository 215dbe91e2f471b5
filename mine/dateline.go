package mine

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// byDateLine: a line that only says who wrote the story or when ("By
// James Oliphant and David G. Savage", "June 25, 2009", "Posted by Kathy
// on March 20, 2007 at 9:03 AM ET", a blog's "Posted by admin | 6 Nov
// 2012 | Comments (0)"), in English or another of the larger news
// languages of Latin script ("Veröffentlicht am 30.07.2019, 09:35 Uhr",
// "Publié le 27 mars 2020 à 10h15", "Por Juan Pérez | 15 de abril de
// 2020"), which the article text leaves out as it leaves out a byline
// box. A line of a sentence ("By Friday, the team had finished") is
// none: its lower-case words are not a byline's, bar the one right after
// "by", which may be a user's name.
func byDateLine(text string) bool {
	// A line that ends with a colon introduces what follows ("UPDATE on
	// Tuesday, January 24th, 2012:"): the story's.
	if len(text) > 120 || strings.HasSuffix(strings.TrimSpace(text), ":") {
		return false
	}
	words := datelineFields(text)
	if len(words) == 0 || len(words) > 16 {
		return false
	}
	// name is the word after "by" ("von", "par"…): the author's, or a
	// user name in lower case ("Posted by admin"). A byline opens the
	// line, after a label ("Posted", "Geschrieben") or not, or follows
	// its date ("Publicado el 27 de marzo de 2020 por ACN").
	name, byline, dated := -1, false, false
	// placed counts the capitalised words of the place and the desk that
	// may open a line parted into fields ("Hamburg, 2. November 2021",
	// "New Delhi, News Nation Bureau | Updated: 19 November 2019", "Wien -
	// Mittwoch, 02.02.2022"), up to maxPlaceWords, none a label
	// ("Termin:"). They make no dateline by themselves.
	placed, fields := 0, fieldMarked(text)
	for i, w := range words {
		w = strings.TrimRight(w, ".:")
		lw := strings.ToLower(w)
		switch {
		case w == "" || w == "-" || w == "@":
		case bylineLeads[lw] && (i == 0 || dated || i == 1 && bylineLabels[strings.ToLower(words[0])]):
			name, byline = i+1, true
		case i == 0 && len(words) > 1 && bylineLabels[lw]:
		case monthWords[lw] || weekdayWords[lw] || numericDate(w) || clockWord(lw) || clockWord(lw+nextWord(words, i)):
			dated = true
		case dateNumber(w):
			// a day, or a year: a date's part, no date alone
		case datelineWords[lw] || zoneWord(w):
		case byline && (i == name || nameWord(w)):
		case fields && i == placed && placed < maxPlaceWords && nameWord(w) && !bylineLeads[lw] && !bylineLabels[lw] && !strings.HasSuffix(words[i], ":"):
			placed++
		default:
			return false
		}
	}
	return byline || dated
}

// maxPlaceWords bounds the place and desk that open a dateline: "New
// Delhi, News Nation Bureau".
const maxPlaceWords = 6

// fieldMarked: text is parted into fields by a comma or a bar early on,
// or by a dash between spaces, as a dateline that opens with its place
// is.
func fieldMarked(text string) bool {
	i := strings.IndexAny(text, ",|")
	return i > 0 && i <= 60 || strings.Contains(text, " - ")
}

// datelineFields splits a dateline into its words at spaces and the
// marks that part a dateline's fields (full-width ones too, as Japanese
// and Chinese pages write them: "by 山田太郎 ／ 2016.12.01"), keeping a numeric date or a time
// whole: a "/", "-" or "." between two digits is the date's own
// ("12/20/06", "2020-09-30", "30.07.2019").
func datelineFields(text string) []string {
	var words []string
	start := -1
	prev := rune(0)
	for i, r := range text {
		sep := unicode.IsSpace(r) || strings.ContainsRune(",|·•∙–—()／｜", r)
		if r == '/' || r == '-' {
			next, _ := utf8.DecodeRuneInString(text[i+1:])
			sep = !(isDigit(prev) && isDigit(next))
		}
		switch {
		case sep && start >= 0:
			words = append(words, text[start:i])
			start = -1
		case !sep && start < 0:
			start = i
		}
		prev = r
	}
	if start >= 0 {
		words = append(words, text[start:])
	}
	return words
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// dateNumber: a day or a year ("25", "2009", "1st", "5." once trimmed).
func dateNumber(w string) bool {
	w = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w, "st"), "nd"), "rd"), "th")
	if w == "" || len(w) > 4 {
		return false
	}
	for _, r := range w {
		if !isDigit(r) {
			return false
		}
	}
	return true
}

// numericDate: a date written in numbers, day, month and year in any of
// the orders news sites use ("12/20/06", "30.07.2019", "2020-09-30",
// "19.2.2020"), with no time or with one ("2020-09-30T10:15"). A version
// or a score ("4.47", "1.24") has fewer parts, a phone number longer
// ones.
func numericDate(w string) bool {
	if d, _, ok := strings.Cut(w, "T"); ok {
		w = d
	}
	parts := strings.FieldsFunc(w, func(r rune) bool { return r == '/' || r == '-' || r == '.' })
	if len(parts) != 3 || len(parts[0])+len(parts[1])+len(parts[2])+2 != len(w) {
		return false
	}
	var n [3]int
	for i, p := range parts {
		if !dateNumber(p) || len(p) == 3 {
			return false
		}
		n[i], _ = strconv.Atoi(p)
	}
	dayMonth := func(a, b int) bool { // day and month, in either order
		return 1 <= a && a <= 31 && 1 <= b && b <= 31 && (a <= 12 || b <= 12)
	}
	switch {
	case len(parts[0]) == 4: // 2020-09-30
		return len(parts[2]) <= 2 && 1 <= n[1] && n[1] <= 12 && 1 <= n[2] && n[2] <= 31
	case len(parts[1]) == 4:
		return false
	}
	return dayMonth(n[0], n[1]) // 30.07.2019, 12/20/06
}

// clockWord: a time of day ("9:03", "19:02:47", "07:02pm", "9.45pm",
// "10h15", "14h"), lower-cased. A dot parts hours from minutes only
// with the clock's word after them.
func clockWord(w string) bool {
	bare := w
	for _, suffix := range clockSuffixes {
		if t, ok := strings.CutSuffix(w, suffix); ok {
			w = t
			break
		}
	}
	if w == "" || w == bare && strings.Contains(w, ".") { // "1.24" is a number, "9.45pm" a time
		return false
	}
	var sep rune
	digits := 0
	for _, r := range w {
		switch {
		case isDigit(r):
			digits++
		case sep == 0 && digits > 0 && digits <= 2 && (r == ':' || r == 'h' || r == '.'):
			sep, digits = r, 0
		case sep == ':' && digits == 2 && r == ':': // seconds
			digits = 0
		default:
			return false
		}
	}
	return sep != 0 && (digits == 2 || sep == 'h' && digits == 0)
}

// nextWord is words[i+1] when it is a clock's word ("AM", "Uhr"),
// lower-cased, so that "10.45 AM" reads as "10.45am"; "" otherwise.
func nextWord(words []string, i int) string {
	if i+1 < len(words) {
		if w := strings.ToLower(strings.TrimRight(words[i+1], ".")); slices.Contains(clockSuffixes, w) {
			return w
		}
	}
	return ""
}

// clockSuffixes are the words a time of day may carry, written on or
// apart: "07:02pm", "10.45 AM", "11:05 Uhr".
var clockSuffixes = []string{"am", "pm", "uhr"}

// zoneWord: a time zone ("EST", "GMT", "GMT+10", "UTC-5").
func zoneWord(w string) bool {
	if i := strings.IndexAny(w, "+-"); i > 0 {
		if _, err := strconv.Atoi(w[i+1:]); err != nil {
			return false
		}
		w = w[:i]
	}
	return zoneWords[w]
}

// nameWord: a word of a person's name, capitalised ("Savage", "G.",
// "O'Brien"), or a name's small words ("de", "van").
func nameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) || nameParticles[w]
}

// The words of datelines and bylines, lower-cased, in English, German,
// French, Spanish, Italian, Portuguese and Dutch, the Latin-script
// languages with the most news sites; the dates also in Polish, Russian
// and Ukrainian, whose months a date gives in the genitive ("13 января
// 2020", "2 listopada 2023").
var (
	monthWords = wordSet("january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec " +
		"januar jänner februar märz april mai juni juli august september oktober november dezember jän mär okt dez " +
		"janvier février mars avril mai juin juillet août septembre octobre novembre décembre janv févr avr juil sept déc " +
		"enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre ene abr ago dic " +
		"gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre gen mag giu lug set ott " +
		"janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro fev mai out dez " +
		"januari februari maart april mei juni juli augustus september oktober november december mrt " +
		"stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia " +
		"января февраля марта апреля мая июня июля августа сентября октября ноября декабря " +
		"січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня")
	weekdayWords = wordSet("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun " +
		"montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag mo di mi do fr sa so " +
		"lundi mardi mercredi jeudi vendredi samedi dimanche lun mer jeu ven sam dim " +
		"lunes martes miércoles jueves viernes sábado domingo " +
		"lunedì martedì mercoledì giovedì venerdì sabato domenica " +
		"segunda-feira terça-feira quarta-feira quinta-feira sexta-feira segunda terça quarta quinta sexta " +
		"maandag dinsdag woensdag donderdag vrijdag zaterdag zondag " +
		"poniedziałek wtorek środa czwartek piątek sobota niedziela " +
		"понедельник вторник среда четверг пятница суббота воскресенье " +
		"понеділок вівторок середа четвер пʼятниця п'ятниця субота неділя " +
		// "today" and "yesterday" stand for the date: "Dzisiaj, 02-11-2023 13:29"
		"today yesterday heute gestern aujourd'hui hier hoy ayer oggi ieri hoje ontem vandaag gisteren dzisiaj wczoraj сегодня вчера сьогодні вчора")
	// datelineWords are the small words of a byline or a dateline.
	datelineWords = wordSet("by on at and & updated posted published first last modified originally written am pm a.m p.m staff writer reporter correspondent editor comment comments " +
		"veröffentlicht aktualisiert erstellt geändert zuletzt bearbeitet stand datum am um uhr vom und " +
		"publié mis à jour le modifié mise par et h " +
		"publicado actualizado actualización el de del a las los y hrs horas " +
		"pubblicato aggiornato aggiornamento il alle ore e " +
		"atualizado em às " +
		"gepubliceerd bijgewerkt laatst op om en " +
		"opublikowano aktualizacja zaktualizowano o " +
		"опубликовано обновлено в г года " +
		"опубліковано оновлено о р року")
	// bylineLeads open a byline, as "by" does; bylineLabels come before
	// one ("Posted by", "Geschrieben von", "Publié par").
	bylineLeads   = wordSet("by von par por di door")
	bylineLabels  = wordSet("posted written words published geschrieben publié écrit publicado escrito pubblicato scritto geschreven")
	zoneWords     = wordSet("ET EST EDT CT CST CDT PT PST PDT GMT UTC BST CET CEST IST AEST AEDT MEZ MESZ WIB")
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
