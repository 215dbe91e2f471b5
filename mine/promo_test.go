package mine

import (
	"net/url"
	"strings"
	"testing"
)

// Lines that mark an ad's slot, show a media player's clock or promote
// the site itself, and lines of stories that only look like them.
func TestAdAndPromotionLines(t *testing.T) {
	for _, c := range []struct {
		line     string
		ad, self bool
	}{
		{"Advertisement", true, false},
		{"- ADVERTISEMENT -", true, false},
		{"Advert", true, false},
		{"The advert ran for a week in both papers.", false, false},
		{"Story continues below advertisement", true, false},
		{"Continue reading the main story", true, false},
		{"Anzeige", true, false},
		{"PUBLICITÉ", true, false},
		{"Реклама", true, false},
		{"広告", true, false},
		{"Die Anzeige erschien am Montag in drei Zeitungen.", false, false},
		{"0:00 / 5:32", true, false},
		{"1:02:10 / 1:30:00", true, false},
		{"12:30 / 14:00 / 16:30", false, false},
		{"3/4", false, false},
		{"24/7", false, false},
		{"Advertisement rates rose by a fifth last year, the agency said.", false, false},
		{"Subscribe to our newsletter for the week's farm news.", false, true},
		{"SUBSCRIBE", false, true},
		{"Subscribe to WIRED and stay smart with more of your favorite writers.", false, true},
		{"Sign up for our Farm & Ranch newsletter to get the week's news in your inbox.", false, true},
		{"Join our forums to keep talking about the launch.", false, true},
		{"Follow us on Facebook and Instagram.", false, true},
		{"Follow @GossipCop on Twitter!", false, true},
		{"Followers of the band queued from dawn.", false, false},
		{"Subscribers to the service will pay two dollars more from March.", false, false},
		{"Sign up for a library card at any branch; it takes five minutes.", false, false},
		{"Sign-ups for the autumn league close on Friday.", false, false},
	} {
		if got := adLabel(c.line) || playerClock(c.line); got != c.ad {
			t.Errorf("adLabel(%q) = %v, want %v", c.line, got, c.ad)
		}
		if got := selfPromotion(c.line); got != c.self {
			t.Errorf("selfPromotion(%q) = %v, want %v", c.line, got, c.self)
		}
	}
}

// Lines that are a photo's credit, a control's label, a script's notice
// or an embed's request for consent, each alone on a line, and story
// lines that name an agency, start with a control's word or speak of
// privacy.
func TestCreditAndControlLines(t *testing.T) {
	for _, c := range []struct {
		name string
		is   func(string) bool
		yes  []string
		no   []string
	}{
		{"photoCredit", photoCredit,
			[]string{"Stanley Chou/Getty Images", "Mandel Ngan / AFP/Getty Images", "(AP Photo/Evan Vucci)", "ASSOCIATED PRESS", "Reuters",
				"Photo: Hau Dinh, AP", "Photo: David Zalubowski, STF / Associated Press", "Foto: dpa", "Image: Reuters"},
			[]string{"The AP/NORC poll found that most voters had made up their minds.", "Photo: the old pier at dawn",
				"Image: a map of the route, AP", "Picture: Getty Images said the archive was sold",
				"Photographs by the agency were sold to Getty Images in 2009.",
				"Getty Images has bought a rival archive, the company said on Monday.", "and/or", "24/7"}},
		{"scriptError", scriptError,
			[]string{"Warning: Creating default object from empty value in /www/htdocs/w0094d70/wp-includes/classes.php on line 407",
				"Notice: Undefined index: id in /var/www/html/wp-content/themes/news/single.php on line 12",
				"Deprecated: Function split() is deprecated in /home/site/public_html/index.php on line 3"},
			[]string{"Warning: the river is rising in the valley on line 5 of the report.",
				"Notice: the office in Leeds.php on line is closed.", "Warning: storms expected in the north"}},
		{"scriptNotice", scriptNotice,
			[]string{"This slideshow requires JavaScript.", "You need to enable JavaScript to run this app.",
				"Aktivieren Sie JavaScript um das Video zu sehen.", "Please enable JavaScript to view the comments powered by Disqus."},
			[]string{"JavaScript turned 25 this year, and its creator has moved on to a browser company.",
				"The new engine needs less memory than the old one.", "Enable notifications", "You need JavaScript and a text editor.",
				"JavaScript developers are in high demand and required in every team."}},
		{"consentNotice", consentNotice,
			[]string{"Please accept YouTube cookies to play this video. By accepting you will be accessing content from YouTube, a service provided by an external third party.",
				"Wir respektieren deine Privatsphäre und stellen deshalb ohne dein Einverständnis keine Verbindung zu Twitter her. Hier kannst du deine Einstellungen verwalten, um eine Verbindung zu den Social-Media-Kanälen herzustellen.",
				"Ich bin damit einverstanden, dass mir externe Inhalte angezeigt werden. Damit können personenbezogene Daten an Drittplattformen übermittelt werden.",
				"To view this content, please enable cookies in your privacy settings: it is hosted by Instagram."},
			[]string{"Under “Privacy Settings” is “How You Connect” with a nice description “Control how you connect with people you know.”",
				"Do you understand Facebook’s privacy settings?",
				"In den USA soll es Pläne zur Zusammenarbeit zwischen Google und Facebook und der US-Regierung geben. Befürchten Sie einen datenschutzrechtlichen Dammbruch?",
				"Google said it would stop third-party cookies in Chrome next year, and advertisers will have to find other ways to follow users.",
				"Human and Animal Rights and Informed Consent"}},
		{"slideCounter", slideCounter,
			[]string{"Image 1 of 8", "Image 1 of / 8", "1 / 8", "1 of 8", "Photo 3/12", "Slide 12 of 12", "Bild 2 von 5", "Foto 1 de 20"},
			[]string{"3/4", "1/8", "23/16", "24 / 7", "Image 9 of 8", "0 / 8", "1 of 8 voters said no", "Chapter 1 of 8",
				"Images 1 of 8 and 2 of 8", "1 / 8 / 2020", "Image of the day"}},
		{"readingTime", readingTime,
			[]string{"5 min read", "1-min read", "Lesezeit: 2 Minuten", "Lesezeit von 4 Minuten", "Lesezeit:", "Estimated reading time: 6 minutes",
				"Temps de lecture : 3 min", "Reading Time: 4 Minutes"},
			[]string{"Reading time for children fell by a third last year.", "Lesezeit ist Lebenszeit", "Read time: the story of a clock",
				"Par E. NURDIN - 05:01 - Temps de lecture :"}},
		{"controlLabel", controlLabel,
			[]string{"Share", "Text size:", "PHOTO GALLERY", "Loading...", "Hide topics", "Was this article helpful?",
				"Diesen Artikel teilen", "Möchten Sie den Artikel teilen?", "Valora esta noticia", "drukuj", "Jetzt teilen!", "Print Recipe",
				"Skip to main content", "Zum Hauptinhalt springen", "Zur Suche springen", "Aller au contenu principal",
				"Printer-Friendly Format", "Print this article", "E-mail this article", "Email to a friend",
				"Listen to this article", "Artikel anhören", "Copy link", "Link copied!", "Save for later", "Fehler melden"},
			[]string{"Share prices fell by a tenth on Monday.", "Video of the arrest was shown to the jury.", "Print edition",
				"Printer-friendly versions of the forms are at the town hall.", "Email to a friend is how most of the invitations went out.",
				"Teilen Sie uns Ihre Meinung mit.", "Was this article helpful to the council? It was not.", "Skip to the end of the story",
				"Listen to this article's author read it on the podcast", "Copy link addresses into the form", "Save for later use"}},
	} {
		for _, want := range []bool{true, false} {
			lines := c.no
			if want {
				lines = c.yes
			}
			for _, line := range lines {
				if got := c.is(line); got != want {
					t.Errorf("%s(%q) = %v, want %v", c.name, line, got, want)
				}
			}
		}
	}
}

// A gallery's counter under its picture leaves the story; the same
// shape in a table's cell is the table's value and stays.
func TestGalleryCounterLine(t *testing.T) {
	body := `<html><head><title>Workshop manual: lights | Harbour Trade School</title></head><body>` +
		`<div id="nav"><a href="/">Home</a> <a href="/courses/">Courses</a></div><div id="main"><h1>Workshop manual: lights</h1>` +
		`<p>The second-year class has rewritten the workshop manual's chapter on vehicle lights this term, with new pages on matrix headlamps.</p>` +
		`<div><img src="/img/lamp1.jpg" alt=""><div>1 / 8</div><div>Image 2 of 8</div></div>` +
		`<p>Each exercise now names the pages of the manual it uses, so that students can prepare before the practical session.</p>` +
		`<table><tr><th>Exercise</th><th>Pages</th></tr><tr><td>Trailer air brakes</td><td>99 / 106</td></tr>` +
		`<tr><td>Matrix headlamps</td><td>173 / 177</td></tr></table></div>` +
		`<div id="footer">Harbour Trade School, 2019</div></body></html>`
	text := ExtractSite([]Input{{Key: "k", Body: []byte(body)}}, Options{}, true)[0].ArticleText()
	for _, want := range []string{"matrix headlamps", "prepare before the practical session", "99 / 106", "173 / 177"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q missing from the text:\n%s", want, text)
		}
	}
	for _, not := range []string{"1 / 8", "Image 2 of 8"} {
		if strings.Contains(text, not) {
			t.Errorf("%q in the text:\n%s", not, text)
		}
	}
}

// A line of no words (a section break's "• • •", AP's "___") and a link
// that says only "read more", wherever it leads, are no lines of the
// story; a table's cell keeps its mark.
func TestOrnamentsAndMoreLinks(t *testing.T) {
	u, err := url.Parse("https://news.example.md/ro/story/10939686")
	if err != nil {
		t.Fatal(err)
	}
	page := `<html><head><title>Women can study IT for free | News</title></head><body>
<div class="nav"><a href="/">Home</a> <a href="/ro/">Știri</a></div>
<div class="story"><h1>Women can study IT for free</h1>
<p>Girls and women in Moldova can train for careers in information technology in a project run by the national association, with the support of its partners abroad.</p>
<div class="sep">&#8226; &#8226; &#8226;</div>
<p>The courses start in October and take six months; the first two hundred places are free of charge, the association said on Sunday.</p>
<p>___</p>
<table><tr><th>Course</th><th>Online</th><th>Evening</th></tr><tr><td>Web design</td><td>✓</td><td>–</td></tr><tr><td>Testing</td><td>–</td><td>✓</td></tr></table>
<p><a class="btn" rel="external" href="https://unica.example.md/it-free-courses/">Citeşte toată ştirea</a></p>
<p><a href="https://source.example.org/story/42">Read the full story</a></p>
</div></body></html>`
	text := ExtractSite([]Input{{Key: "k", Body: []byte(page), URL: u}}, Options{}, true)[0].ArticleText()
	for _, want := range []string{"train for careers", "take six months", "Web design", "✓", "–"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q missing from\n%s", want, text)
		}
	}
	for _, gone := range []string{"•", "___", "Citeşte", "Read the full story"} {
		if strings.Contains(text, gone) {
			t.Errorf("%q in\n%s", gone, text)
		}
	}
}
