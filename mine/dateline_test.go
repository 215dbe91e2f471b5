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
		{"By Friday, the team had finished the bridge.", false},
		{"By now the plan is clear to everyone.", false},
		{"By 2050 the city will need twice the water.", false},
		{"Monday, October 29", true}, // a date alone; kept when a story's words came before it
		{"The bridge opened on June 25, 2009, after four years of work.", false},
		{"Tempor incididunt ut labore", false},
		{"", false},
		{"2009", false}, // a number alone is no date
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
