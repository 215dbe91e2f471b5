package mine

import (
	"strings"
	"testing"
)

func TestByDateLine(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"By James Oliphant and David G. Savage", true},
		{"By Paul West", true},
		{"June 25, 2009", true},
		{"updated 09:40 pm EDT, Fri October 26, 2012", true},
		{"Posted by Cass Sunstein on July 18, 2012 at 11:00 AM EDT", true},
		{"Posted by Josh Alper on November 13, 2012, 6:33 PM EST", true},
		{"July 18, 2012", true},
		{"Friday October 19, 2001", true},
		{"By Arpon Basu - Managing Editor LNH.com", true},
		{"Posted by hipstomp / Rain Noe | 6 Nov 2012 | Comments (0)", true},
		{"Posted by admin | March 3, 2012 | 5 Comments", true},
		{"by ライトハウス国際特許事務所 ／ 2016.12.01", true}, // full-width marks part the fields too
		{"2016.12.01 ｜ 田中太郎", false},            // no "by": a name after a date needs one
		{"By Friday, the team had finished the bridge.", false},
		{"By now the plan is clear to everyone.", false},
		{"By 2050 the city will need twice the water.", false},
		{"Monday, October 29", true}, // a date alone; kept when a story's words came before it
		{"The bridge opened on June 25, 2009, after four years of work.", false},
		{"Tempor incididunt ut labore", false},
		{"", false},
		{"2009", false}, // a number alone is no date
		// Numbers, times and zones as news sites write them.
		{"2020-09-30", true},
		{"12/20/06", true},
		{"May 15, 2020,07:02pm EDT", true},
		{"Updated: Jan 23, 2020, 10.45 AM IST", true},
		{"13 Jan 2020, 22:11 GMT+10", true},
		{"First Published on Apr 8, 2020 04:25 pm", true},
		{"Written by Miami Today on November 7, 2023", true},
		{"Posted by Konstantin @ 12:00 am", true},
		{"4.47.4", false}, // a version: no month 47
		{"1.24", false},   // a score, or a price
		{"3:1", false},
		{"10.000", false},
		{"0228 - 8491 - 4444", false},
		{"ISSN 2222-2464", false},
		{"Nature 574, 16-17 (2019)", false},
		// German, French, Spanish, Italian, Portuguese, Dutch.
		{"Veröffentlicht: 30.07.2019 09:35 Uhr", true},
		{"zuletzt bearbeitet: 04.02.2022, 08:27 Uhr", true},
		{"Di, 10:19 Uhr", true},
		{"Von Volkmar Kabisch, Jan Lukas Strozyk und Benedikt Strunz", true},
		{"Geschrieben von Cooper am 25.08.2015 22:30", true},
		{"Par Matthieu Hy le 07 Mai 2020", true},
		{"Publié le 27 mars 2020 à 10h15", true},
		{"Actualizado Jueves, 2 noviembre 2023 - 15:05", true},
		{"Publicado el 27 Marzo, 2020 por ACN en Nacionales", true},
		{"06 Dicembre 2020", true},
		{"Atualizado em 15/04/2020 às 16h05", true},
		{"Door Jan de Vries", true},
		{"Am 5. November 2021 wird sie 100 Jahre alt.", false},
		{"Von Berlin aus fährt der Zug", false},
		{"Di Maria scored twice", false},
		{"Mi casa es su casa", false},
		{"1.24 am Ende", false},
		// A place before the date.
		{"Hamburg, 2. November 2021", true},
		{"New Delhi, News Nation Bureau | Updated : 19 November 2019, 09:01 AM", true},
		{"Wien - Mittwoch, 02.02.2022, 11:17 Uhr", true},
		{"New Delhi, the capital", false},
		{"Berlin, Paris and Rome", false},
		{"Termin: 21.02.2020, 19 Uhr", false}, // an event's date, under its label
		// Polish, Russian, Ukrainian dates.
		{"Dzisiaj, 02-11-2023 13:29", true},
		{"13 января 2020, 12:05", true},
		{"Опубликовано 13 января 2020 г. в 12:05", true},
		{"Оновлено 5 листопада 2023 о 10:15", true},
		{"2 listopada 2023, 15:40", true},
		{"Сегодня в Москве прошёл митинг", false},
		{"Yesterday, the council voted", false},
		{"UPDATE on Tuesday, January 24th, 2012:", false}, // it introduces the update
	} {
		if got := byDateLine(tt.line); got != tt.want {
			t.Errorf("byDateLine(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// A story's byline and dateline, between its headline and its first
// words, are left out; a line of dates among its words (a schedule) is
// its content.
func TestBylineLeftOut(t *testing.T) {
	body := `<html><head><title>Bridge opens after four years | City News</title></head><body>
<div id="nav"><a href="/">Home</a> <a href="/city/">City</a> <a href="/sport/">Sport</a></div>
<div class="main"><h1>Bridge opens after four years</h1>
<p>By Maria Lopez and John O'Neill</p>
<p>June 25, 2009</p>
<p>The new bridge over the river opened on Thursday morning, four years after the first pile was driven, and the first buses crossed it at noon.</p>
<p>The council has planned a week of events for residents:</p>
<p>Saturday, June 27</p>
<p>A walk across the bridge with the engineers who built it, starting at the east bank at ten in the morning.</p>
<p>Sunday, June 28</p>
<p>A concert on the west bank, with the city orchestra and two school choirs, from six in the evening.</p>
</div>
<div id="footer">Copyright 2009 City News</div></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
	checkText(t, r.ArticleText(),
		[]string{"The new bridge over the river opened", "Saturday, June 27", "Sunday, June 28", "A concert on the west bank"},
		[]string{"Maria Lopez", "June 25, 2009"})
}

// A standfirst of a sentence or two may stand above the byline and the
// dateline: they are left out under it as under the headline, and a line
// of dates after the story's first paragraph is still its content.
func TestBylineUnderStandfirst(t *testing.T) {
	body := `<html><head><title>Bridge opens after four years | City News</title></head><body>
<div id="nav"><a href="/">Home</a> <a href="/city/">City</a> <a href="/sport/">Sport</a></div>
<div class="main"><h1>Bridge opens after four years</h1>
<p class="dek">The crossing that was meant to take two years is finally open, and the first buses used it at noon.</p>
<p>By Maria Lopez and John O'Neill</p>
<p>June 25, 2009</p>
<p>The new bridge over the river opened on Thursday morning, four years after the first pile was driven, to a crowd of several hundred.</p>
<p>The council has planned a week of events for residents, starting this weekend.</p>
<p>Saturday, June 27</p>
<p>A walk across the bridge with the engineers who built it, starting at the east bank at ten in the morning.</p>
</div>
<div id="footer">Copyright 2009 City News</div></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
	checkText(t, r.ArticleText(),
		[]string{"The new bridge over the river opened", "Saturday, June 27", "A walk across the bridge"},
		[]string{"Maria Lopez", "June 25, 2009"})
}

// A German or French story's byline and dateline go as an English one's
// do, and its own dates after its first words stay.
func TestBylineLeftOutInOtherLanguages(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		want, gone []string
	}{
		{"de", `<html lang="de"><head><title>Neue Brücke nach vier Jahren eröffnet | Stadtanzeiger</title></head><body>
<div id="nav"><a href="/">Startseite</a> <a href="/stadt/">Stadt</a> <a href="/sport/">Sport</a></div>
<article><h1>Neue Brücke nach vier Jahren eröffnet</h1>
<p class="autor">Von Anna Schmidt und Jan de Vries</p>
<p><time datetime="2019-07-30T09:35">Veröffentlicht am 30.07.2019, 09:35 Uhr</time></p>
<p>Die neue Brücke über den Fluss ist am Donnerstagmorgen eröffnet worden, vier Jahre nachdem der erste Pfeiler gesetzt wurde.</p>
<p>Die Stadt hat für die Anwohner eine Woche mit Veranstaltungen geplant, die am Wochenende beginnt:</p>
<p>Samstag, 3. August</p>
<p>Ein Rundgang über die Brücke mit den Ingenieuren, die sie gebaut haben, ab zehn Uhr am Ostufer.</p>
</article>
<div id="footer">Impressum · Datenschutz</div></body></html>`,
			[]string{"Die neue Brücke über den Fluss", "Samstag, 3. August", "Ein Rundgang über die Brücke"},
			[]string{"Anna Schmidt", "30.07.2019"}},
		{"fr", `<html lang="fr"><head><title>Le nouveau pont ouvre après quatre ans | Le Quotidien</title></head><body>
<div id="nav"><a href="/">Accueil</a> <a href="/ville/">Ville</a> <a href="/sport/">Sport</a></div>
<article><h1>Le nouveau pont ouvre après quatre ans</h1>
<p>Par Marie Dupont</p>
<p>Publié le 27 mars 2020 à 10h15</p>
<p>Le nouveau pont sur le fleuve a ouvert jeudi matin, quatre ans après la pose de la première pile, devant plusieurs centaines de personnes.</p>
<p>La ville a prévu une semaine de fêtes pour les riverains, à partir de ce week-end.</p>
</article>
<div id="footer">Mentions légales</div></body></html>`,
			[]string{"Le nouveau pont sur le fleuve a ouvert", "La ville a prévu"},
			[]string{"Marie Dupont", "Publié le 27 mars"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := ExtractSite([]Input{{Key: "k", Body: []byte(tt.body)}}, Options{}, true)[0]
			checkText(t, r.ArticleText(), tt.want, tt.gone)
		})
	}
}

// The byline and dateline under a story go as those over it do; a
// schedule's last date, with its event under it, stays.
func TestClosingDatelines(t *testing.T) {
	body := `<html lang="de"><head><title>Neue Brücke nach vier Jahren eröffnet | Stadtanzeiger</title></head><body>
<div id="nav"><a href="/">Startseite</a> <a href="/stadt/">Stadt</a> <a href="/sport/">Sport</a></div>
<article><h1>Neue Brücke nach vier Jahren eröffnet</h1>
<p>Die neue Brücke über den Fluss ist am Donnerstagmorgen eröffnet worden, vier Jahre nachdem der erste Pfeiler gesetzt wurde.</p>
<p>Die Stadt hat für die Anwohner eine Woche mit Veranstaltungen geplant, die am Wochenende beginnt:</p>
<p>Samstag, 3. August</p>
<p>Ein Rundgang über die Brücke mit den Ingenieuren, die sie gebaut haben, ab zehn Uhr am Ostufer.</p>
<p>Sonntag, 4. August</p>
<p>Ein Konzert am Westufer mit dem Stadtorchester und zwei Schulchören, ab sechs Uhr abends.</p>
<p class="autor">Von Claudia Lindner</p>
<p class="stand">Stand: 19.10.2019 11:05 Uhr</p>
</article>
<div id="footer">Impressum · Datenschutz</div></body></html>`
	r := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0]
	checkText(t, r.ArticleText(),
		[]string{"Die neue Brücke über den Fluss", "Samstag, 3. August", "Sonntag, 4. August", "Ein Konzert am Westufer"},
		[]string{"Claudia Lindner", "19.10.2019"})
}

// A rights notice opens with the copyright mark and reserves the rights,
// in English or another news language; the story's own sentences about
// copyright, and a notice too long to be one, are not.
func TestRightsNotice(t *testing.T) {
	long := "© 2012 " + strings.Repeat("The council's own words on the matter, ", 10) + "all rights reserved."
	tests := []struct {
		line string
		want bool
	}{
		{"Copyright 2009 Associated Press. All rights reserved. This material may not be published broadcast, rewritten, or redistributed", true},
		{"© 2019 Associated Press. All Rights Reserved. This material may not be published, broadcast, rewritten, or redistributed.", true},
		{"Copyright © 2019 Press TV. All rights reserved.", true},
		{"(c) 2020 Reuters. May not be reproduced without permission.", true},
		{"© 2021 Le Courrier. Tous droits réservés.", true},
		{"© dpa-infocom GmbH. Alle Rechte vorbehalten.", true},
		{"The court held that all rights reserved by the label passed to the estate in 1998.", false},
		{"Copyright law says little about the photographs the estate holds.", false},
		{"© Reuters", false},
		{long, false},
	}
	for _, tt := range tests {
		if got := rightsNotice(tt.line); got != tt.want {
			t.Errorf("rightsNotice(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestDatedReadingTime: a meta line that joins a dateline and a reading
// time is a dateline; a reading time alone, a date alone and a line
// that joins either to other words are not such a line.
func TestDatedReadingTime(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"Published 12 August 2024 · 5 min read", true},
		{"By Anna Berg | 3 min read", true},
		{"Aug 12, 2024 • 4 minute read", true},
		{"5 min read", false},
		{"Published 12 August 2024", false}, // byDateLine's, not this one's
		{"Published 12 August 2024 · Farming · 5 min read", false},
		{"Harvest down a fifth · 5 min read", false},
	} {
		if got := datedReadingTime(tt.line); got != tt.want {
			t.Errorf("datedReadingTime(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestTimedLine: a line that holds a <time> and few other words is a
// byline or dateline, under the standfirst too, and in a header's list
// of byline and dateline; the dates of a list of dated items and of a
// table, and a sentence with a <time> in it, are the story's.
func TestTimedLine(t *testing.T) {
	body := `<html><head><title>Summer concerts return to the harbour | Harbour News</title></head><body>
<div><a href="/">Harbour News</a> <a href="/events/">Events</a> <a href="/news/">News</a></div>
<div><h1>Summer concerts return to the harbour</h1>
<p>The free evening concerts on the quay are back after a year's break, with six dates in June and July</p>
<div><a href="/profile/ilona-marsh/">Ilona Marsh</a><span>Culture reporter</span><time datetime="2024-05-02T08:00">2 May 2024, 08:00</time></div>
<ul><li><a href="/events/">Events</a></li><li>Harbour News, <time datetime="2024-05-02T08:00">Thursday 2 May 2024 08.00 BST</time></li></ul>
<p>The harbour trust said on <time datetime="2024-05-01">Wednesday</time> that the concerts would return this summer after the stage was rebuilt over the winter.</p>
<p>Each concert starts at seven in the evening and ends before the last ferry leaves, so that visitors from the islands can get home.</p>
<ul><li><time datetime="2024-06-07">7 June</time> Brass band of the north pier</li><li><time datetime="2024-06-21">21 June</time> Island choirs</li><li><time datetime="2024-07-05">5 July</time> Folk night</li></ul>
<table><tr><th>Date</th><th>Stage</th></tr><tr><td><time datetime="2024-06-07">7 June</time></td><td>North quay</td></tr><tr><td><time datetime="2024-07-19">19 July</time></td><td>South quay</td></tr></table>
<p>The trust is still looking for volunteers to help with seating and the first-aid tent.</p></div>
<div><a href="/about/">About</a> <a href="/contact/">Contact</a></div></body></html>`
	text := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	for _, want := range []string{"after a year's break", "said on Wednesday that the concerts", "7 June Brass band of the north pier", "Folk night", "19 July", "South quay", "looking for volunteers"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"Ilona Marsh", "Culture reporter", "2 May 2024", "Thursday 2 May 2024"} {
		if strings.Contains(text, not) {
			t.Errorf("text holds %q:\n%s", not, text)
		}
	}
}

// TestTimedLineDuration: a recipe's times, <time> elements that say how
// long ("PT15M"), are no dateline, however short their line.
func TestTimedLineDuration(t *testing.T) {
	body := `<html><head><title>Basic muffin batter | Muffin Recipes</title></head><body>
<div><a href="/">Muffin Recipes</a> <a href="/sweet/">Sweet</a> <a href="/savoury/">Savoury</a></div>
<div><h1>Basic muffin batter</h1>
<div><span>Preparation:</span> <time itemprop="prepTime" datetime="PT15M">15 Min</time></div>
<div><span>Baking:</span> <time itemprop="cookTime" datetime="PT25M">25 Min</time></div>
<p>This batter is the base of almost every muffin on this site: add fruit, chocolate or nuts to it, and bake it in paper cases for the best crumb.</p>
<p>Mix the dry ingredients first, then stir in the wet ones only until the flour disappears; a lumpy batter makes a lighter muffin.</p>
<p>Fill the cases two thirds full and bake at 180 degrees until a skewer comes out clean.</p></div>
<div><a href="/about/">About</a> <a href="/contact/">Contact</a></div></body></html>`
	text := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	for _, want := range []string{"15 Min", "25 Min", "a lumpy batter makes a lighter muffin"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}
