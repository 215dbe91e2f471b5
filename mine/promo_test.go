package mine

import "testing"

// Lines that mark an ad's slot, show a media player's clock or promote
// the site itself, and lines of stories that only look like them.
func TestAdAndPromotionLines(t *testing.T) {
	for _, c := range []struct {
		line     string
		ad, self bool
	}{
		{"Advertisement", true, false},
		{"- ADVERTISEMENT -", true, false},
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

// A photo's credit on a line of its own, and story lines that name an
// agency.
func TestPhotoCredit(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Stanley Chou/Getty Images", true},
		{"Mandel Ngan / AFP/Getty Images", true},
		{"(AP Photo/Evan Vucci)", true},
		{"ASSOCIATED PRESS", true},
		{"Reuters", true},
		{"The AP/NORC poll found that most voters had made up their minds.", false},
		{"Photographs by the agency were sold to Getty Images in 2009.", false},
		{"Getty Images has bought a rival archive, the company said on Monday.", false},
		{"and/or", false},
		{"24/7", false},
	} {
		if got := photoCredit(c.line); got != c.want {
			t.Errorf("photoCredit(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

// The label of a control or widget on a line of its own, and story lines
// that start with one of those words.
func TestControlLabel(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Share", true},
		{"Text size:", true},
		{"PHOTO GALLERY", true},
		{"Loading...", true},
		{"Hide topics", true},
		{"Share prices fell by a tenth on Monday.", false},
		{"Video of the arrest was shown to the jury.", false},
		{"Print edition", false},
	} {
		if got := controlLabel(c.line); got != c.want {
			t.Errorf("controlLabel(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
