package mine

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"infocrawl/mine/internal/htmlnode"
)

// storyLink: a line that is all one link to another page of the site,
// on a line of its own in the story: another story's headline inserted
// between the paragraphs, long ("[Most read] At least 21 injured in
// explosion downtown »") or after the label of a box of other stories
// (boxLabel: "READ MORE: Turkey raises death toll from Syrian
// airstrike", "À LIRE AUSSI Guerre Israël-Hamas : …", "Lesen Sie auch:
// …"). A shorter line with no label is a link line already; a paragraph
// that links its words to a source leads off the site, or says something
// around its link, and a sentence of the story linked whole ("This
// week's episode is a party game called Say Anything.", "Read more about
// ad blocking here.") ends as a sentence does, where a headline does
// not. Which site a link leads to is known only when the page's address
// is.
func storyLink(p *Page, s *Segment) bool {
	if p.URL == nil || s.LinkLen == 0 || endsSentence(s.Text) {
		return false
	}
	if s.Len < 80 || !linkedFrom(s, 0) {
		// Not long and linked whole: linked whole past a label, then.
		if 2*s.LinkLen < nonSpace(s) {
			return false
		}
		end := boxLabelEnd(s.Text)
		if end == 0 || spokenWords(s.Text[end:]) < 3 || !linkedFrom(s, end) {
			return false
		}
	}
	var href string
	for h := range p.lineLinks(s) {
		if href != "" && h != href {
			return false
		}
		href = h
	}
	return href != "" && href != p.selfHref() && !offSite(p, href)
}

// boxLabelEnd is the end, in bytes, of text's first words when they are
// a box's label ("Read more:", "Lire aussi"), up to five words; 0 when
// they are none, or all of text.
func boxLabelEnd(text string) int {
	end := 0
	for range 5 {
		i := end
		for i < len(text) && text[i] == ' ' {
			i++
		}
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			return 0
		}
		end = i + j
		if boxLabel(text[:end]) {
			return end
		}
	}
	return 0
}

// postNavigation: a line that links to the posts on either side, which
// blogging platforms print under a post, and nothing else: its links all
// lead to other pages of the site and it starts or ends with an arrow
// ("« An older post | Main | A newer post »", "‹ The previous post's
// headline"), or its words are a pager's ("Newer Post Older Post Home",
// "Next page"), or a pager's label leads the one link that names the post
// ("Previous post: The previous post's headline"). Naming the posts
// makes it longer than a link line (linkLine).
func postNavigation(p *Page, s *Segment) bool {
	if s.LinkLen == 0 {
		return false
	}
	linked := linkedFrom(s, 0)
	switch {
	case linked && (arrowEnds(s.Text) || pagerText(s.Text)):
	case !linked:
		end := pagerLabelEnd(s.Text)
		if end == 0 || !linkedFrom(s, end) {
			return false
		}
	default:
		return false
	}
	self, found := p.selfHref(), false
	for h := range p.lineLinks(s) {
		if h == self || offSite(p, h) {
			return false
		}
		found = true
	}
	return found
}

// pagerText: text is only the words of a pager's links, one of them a
// direction ("Older Post", "Newer Post Older Post Home", "Next page »").
func pagerText(text string) bool {
	way := false
	for w := range strings.FieldsFuncSeq(strings.ToLower(text), nonLetter) {
		switch {
		case pagerWays[w]:
			way = true
		case !pagerNouns[w]:
			return false
		}
	}
	return way
}

// pagerLabelEnd is the end, in bytes, of the pager's label that opens
// text ("Previous post:", "Next article:"): a direction, a noun or none,
// and a colon; 0 when text opens with none.
func pagerLabelEnd(text string) int {
	colon := strings.IndexAny(text, ":：")
	if colon <= 0 || colon > 30 || !pagerText(text[:colon]) {
		return 0
	}
	return colon + 1
}

var (
	// pagerWays are the directions of a pager's links, in English and
	// the larger news languages of Latin script.
	pagerWays = wordSet("previous next older newer prev anterior siguiente próximo proximo précédent precedent suivant " +
		"vorheriger vorherige nächster nächste precedente successivo")
	// pagerNouns are what a pager's links lead to, and its way home.
	pagerNouns = wordSet("post posts entry entries article articles story stories page home " +
		"artículo articulo entrada artigo beitrag artikel articolo")
)

// arrowEnds: text starts with an arrow that points back or ends with one
// that points on.
func arrowEnds(text string) bool {
	text = strings.TrimSpace(text)
	for _, a := range backArrows {
		if strings.HasPrefix(text, a) {
			return true
		}
	}
	for _, a := range onArrows {
		if strings.HasSuffix(text, a) {
			return true
		}
	}
	return false
}

var (
	backArrows = []string{"«", "‹", "←", "<<"}
	onArrows   = []string{"»", "›", "→", ">>"}
)

// filedLines returns the lines of region that say where the story is
// filed: a line holding a link marked as the site's tag or category
// (rel="tag", microformats' rel-tag, which WordPress writes as "category
// tag" on its "Posted in …" lines) that is no running prose and has few
// words outside its links: a category's line a few ("This entry was
// posted in News. Bookmark the permalink."), a tag's hardly any ("Tags:
// a, b"), since plugins also link a story's own words to tag pages
// marked rel="tag", and a paragraph of the story stays whatever its links.
func filedLines(p *Page, region *Node) map[*Segment]bool {
	var out map[*Segment]bool
	for i := region.Index; i <= p.lastDescendant(region); i++ {
		a := p.Nodes[i]
		if a.Href == "" || a.Tag != "a" {
			continue
		}
		rel := htmlnode.Attr(a.H, "rel")
		limit := 0
		switch {
		case hasToken(rel, "category"):
			limit = maxFiledChars
		case hasToken(rel, "tag"):
			limit = maxTagListChars
		default:
			continue
		}
		if s := segmentOf(p, a); s != nil && nonSpace(s)-s.LinkLen <= limit && !runningLine(s) {
			if out == nil {
				out = map[*Segment]bool{}
			}
			out[s] = true
		}
	}
	return out
}

// nonSpace is the characters of s other than spaces, as LinkLen counts
// its links'.
func nonSpace(s *Segment) int { return s.Len - strings.Count(s.Text, " ") }

// nonSpaceChars is nonSpace for a part of a line's text.
func nonSpaceChars(text string) int { return textChars(text) - strings.Count(text, " ") }

// linkedFrom: s's text from byte i on is in its links but for a tenth
// (a line linked whole, or a headline past its label: "Read more: …",
// "Previous post: …"). LinkLen counts no spaces, nor does the measure.
func linkedFrom(s *Segment, i int) bool {
	n := nonSpace(s)
	if i > 0 {
		n = nonSpaceChars(s.Text[i:])
	}
	return 10*s.LinkLen >= 9*n
}

// maxFiledChars bounds the characters other than spaces a filing line
// has outside its links: a theme's few words around the category and
// the permalink.
const maxFiledChars = 120

// maxTagListChars bounds what a list of tags has outside its links, but
// for spaces: a label and the commas.
const maxTagListChars = 20

// trimLabels leaves out the labels of what a page shows after its story:
// the lines that end text as labels ("Related posts:", "You may also
// like:", "Share this:"), and everything from the first line after the
// story's last paragraph of prose that labels a box of other stories
// ("More money and business news:", "Most Popular", "Top Stories") on.
// A story does not end on a label, and what a label introduces (a box of
// teasers, share buttons, a video) is not the story. The first line
// always stays.
func trimLabels(text string) string {
	for {
		i := strings.LastIndex(text, "\n\n")
		if i < 0 || !trailingLabel(text[i+2:]) {
			break
		}
		text = text[:i]
	}
	// cut: where the first label after the last paragraph of prose starts.
	// A post with no prose (a round-up of links) has no end to find.
	cut, off, prose := -1, 0, false
	for p := range strings.SplitSeq(text, "\n\n") {
		switch {
		case len(p) >= 80 && textChars(p) >= 80 && hasStop(p):
			cut, prose = -1, true
		case cut < 0 && prose && promoLabel(p):
			cut = off
		}
		off += len(p) + 2
	}
	if cut > 0 {
		return text[:cut-2]
	}
	return text
}

// labelWords name, beside the promotion class words, a box of other
// stories in its label ("Most popular", "Top stories", "Latest news",
// "Latest comments").
var labelWords = wordSet("popular stories headlines latest more mehr")

// promoLabel: line is a label that names a box of other stories.
func promoLabel(line string) bool {
	line = strings.TrimSpace(line)
	return labelShape(line) && namesBox(line) || boxLabel(line)
}

// trailingLabel: line is a label that ends with a colon or names a box
// of other stories.
func trailingLabel(line string) bool {
	line = strings.TrimSpace(line)
	return labelShape(line) && (endsWithColon(line) || namesBox(line)) || boxLabel(line)
}

// furnitureLine: a line that is the page's furniture whatever element
// holds it: an ad's label, a control's, a photo's credit, a player's
// clock, the site asking to be followed.
func furnitureLine(text string) bool {
	return adLabel(text) || controlLabel(text) || photoCredit(text) || playerClock(text) || selfPromotion(text) || scriptError(text) || scriptNotice(text) || consentNotice(text) || readingTime(text)
}

// readingTime: a line that only says how long the story takes to read
// ("5 min read", "Lesezeit: 2 Minuten", "Estimated reading time: 6
// minutes", a "Lesezeit:" label whose value stands apart): the site's
// furniture above the story. A line that says more ("Reading time for
// children fell by a third") is the story's.
func readingTime(text string) bool {
	if len(text) > 60 || !readingStems.in(text) {
		return false
	}
	lower := strings.ToLower(text)
	for _, ph := range readingPhrases {
		i := strings.Index(lower, ph)
		if i < 0 {
			continue
		}
		for w := range strings.FieldsFuncSeq(lower[:i]+" "+lower[i+len(ph):], func(r rune) bool { return !unicode.IsLetter(r) && !isDigit(r) }) {
			if strings.Trim(w, "0123456789") != "" && !readingUnits[w] {
				return false
			}
		}
		return true
	}
	return false
}

var (
	// readingPhrases name the reading time, in English and the larger
	// news languages of Latin script.
	readingPhrases = []string{"reading time", "read time", "min read", "mins read", "minute read", "minutes read", "lesezeit", "lesedauer",
		"temps de lecture", "tiempo de lectura", "tempo di lettura", "tempo de leitura", "leestijd", "czas czytania", "lesetid", "lästid"}
	// readingStems are ASCII parts of readingPhrases, looked for before
	// any lower-casing.
	readingStems = newFoldSet("read", "lese", "lect", "lett", "leit", "leest", "czyt", "tid")
	// readingUnits are the other words of a reading time's line: its
	// units and the words around its number.
	readingUnits = wordSet("min mins minute minutes minuten minuto minutos minuti minuut minut minuty m estimated approx approximately " +
		"ca circa about under less than von etwa environ de unos aprox ungefähr read")
)

// consentNotice: a short line (under 400 bytes, 50 words at most) that
// stands in for an embedded post, video or map until the reader consents
// to loading it ("Please accept YouTube cookies to play this video. By
// accepting you will be accessing content from YouTube, a service
// provided by an external third party.", "Wir respektieren deine
// Privatsphäre und stellen deshalb ohne dein Einverständnis keine
// Verbindung zu Twitter her."): it speaks of consent or privacy, to the
// reader, and of external content, or of a named service and what to do
// to see it. A story's line about privacy settings names no such action,
// or does not speak to the reader.
func consentNotice(text string) bool {
	// Every kept line is asked: most have none of the consent words,
	// which one pass over the line finds without allocating.
	if len(text) >= 400 || !consentStems.in(text) || len(strings.Fields(text)) > 50 {
		return false
	}
	lower := strings.ToLower(text)
	reader := false
	for w := range strings.FieldsFuncSeq(lower, nonLetter) {
		if readerWords[w] {
			reader = true
			break
		}
	}
	return reader && (containsAny(lower, externalContent) || containsAny(lower, embedServices) && containsAny(lower, consentActions))
}

var (
	// consentStems are the words of consent and privacy, in English and
	// the larger news languages of Latin script, as ASCII stems.
	consentStems = newFoldSet("consen", "cookie", "privacy", "privatsph", "einwillig", "einverst", "zustimm", "datenschutz", "privacidad")
	// readerWords address the reader, or speak as the reader in a
	// consent box's label ("Ich bin damit einverstanden").
	readerWords = wordSet("you your i me my du dein deine deinen deiner sie ihre ihren ihrer ich mir vous votre je usted tu ti io")
	// externalContent names content from another site.
	externalContent = []string{"external content", "external third party", "third-party content", "third party content", "externe inhalte",
		"externer inhalt", "externen inhalt", "drittanbieter", "drittplattform", "contenu externe", "contenido externo", "contenuto esterno"}
	// embedServices are the services whose posts stories embed.
	embedServices = []string{"twitter", "youtube", "instagram", "facebook", "tiktok", "vimeo", "spotify", "podcast", "google maps", "datawrapper",
		"social media", "social-media"}
	// consentActions are what the reader is asked to do.
	consentActions = []string{"accept", "allow", "enable", "manage", "load", "click", "activate", "akzeptier", "zulass", "aktivier", "freischalt",
		"laden", "verwalt", "klick", "accepter", "autoriser", "activer", "aceptar", "permitir", "activar", "accett", "consenti"}
)

// scriptNotice: a short line (under 200 bytes, 25 words at most) that
// asks for JavaScript to be turned on ("This slideshow requires
// JavaScript.", "Aktivieren Sie JavaScript um das Video zu sehen."): the
// stand-in a widget shows until its script replaces it. A line about
// JavaScript ("You need JavaScript and a text editor") is no such
// request.
func scriptNotice(text string) bool {
	// Every kept line is asked: most fail the first two tests, which
	// allocate nothing. Segment text has its white space collapsed.
	if len(text) >= 200 || !containsFold(text, "javascript") || len(strings.Fields(text)) > 25 {
		return false
	}
	lower := strings.ToLower(text)
	for _, p := range scriptRequests {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// scriptRequests are the ways pages ask for scripts, in the larger news
// languages.
var scriptRequests = []string{"enable javascript", "javascript enabled", "javascript is disabled", "javascript is required",
	"requires javascript", "require javascript", "turn on javascript", "activate javascript",
	"javascript aktivieren", "aktivieren sie javascript", "javascript aktiviert", "javascript ist deaktiviert",
	"activer javascript", "activez javascript", "javascript activé", "activa javascript", "habilita javascript",
	"habilitar javascript", "attiva javascript", "abilita javascript", "włącz javascript", "ative o javascript"}

// adLabel: a line that only marks an advertisement's slot or says the
// story goes on past one ("Advertisement", "Story continues below
// advertisement", "Continue reading the main story"): no part of the story.
// Sites label the slot in their own language ("Anzeige", "Publicité").
func adLabel(text string) bool {
	return len(text) <= 60 && adLabels[phrase(text)]
}

// controlLabel: a line that is only the label of one of the page's
// controls or widgets ("Share", "Print", "Text size:", "Gallery",
// "Loading…", "Was this article helpful?", "Listen to this article",
// "Copy link", a skip link's "Skip to main content"), in English or
// another of the larger news languages: what a reader clicks, not what
// they read.
func controlLabel(text string) bool {
	return len(text) <= 48 && controlLabels[phrase(text)]
}

var controlLabels = phraseSet("share", "share this", "share this article", "print", "email", "e-mail", "text size", "font size", "font",
	"gallery", "photo gallery", "video", "photos", "hide", "show more", "more topics", "hide topics", "loading",
	"was this article helpful", "was this helpful", "rate this article", "be the first to like this",
	"like it? share it", "print recipe", "jump to recipe",
	// article tools
	"printer-friendly", "printer-friendly version", "printer-friendly format", "printer friendly version", "printer friendly format",
	"print this article", "print this page", "print this story", "print article",
	"email this article", "e-mail this article", "email this story", "e-mail this story", "email to a friend", "e-mail to a friend", "send to a friend",
	"teilen", "jetzt teilen", "artikel teilen", "diesen artikel teilen", "beitrag teilen", "drucken", "artikel drucken", "seite drucken", "rezept drucken",
	"war der artikel nützlich", "war dieser artikel hilfreich", "möchten sie den artikel teilen",
	"partager", "partager cet article", "imprimer", "compartir", "compartir esta noticia", "imprimir", "valora esta noticia",
	"condividi", "condividi questo articolo", "stampa", "drukuj", "udostępnij", "delen",
	// a story's audio, link, bookmark, comment and error-report buttons
	"listen to this article", "listen to article", "listen to this story", "artikel anhören", "artikel vorlesen lassen",
	"écouter cet article", "écouter l'article", "escuchar este artículo", "ascolta l'articolo", "ascolta questo articolo",
	"copy link", "link copied", "link kopieren", "copier le lien", "copiar enlace", "copia link",
	"gift this article", "save article", "save this article", "save for later", "add to bookmarks", "artikel merken",
	"show comments", "view comments", "kommentare anzeigen", "report an error", "fehler melden", "signaler une erreur",
	// skip links, for keyboards and screen readers
	"skip to main content", "skip to content", "skip to navigation", "skip to search", "jump to navigation", "jump to search",
	"zum inhalt springen", "zum hauptinhalt springen", "zur navigation springen", "zur suche springen", "direkt zum inhalt",
	"aller au contenu", "aller au contenu principal", "passer au contenu", "ir al contenido", "saltar al contenido",
	"ir para o conteúdo", "vai al contenuto", "passa al contenuto principale", "naar de inhoud", "przejdź do treści")

// photoCredit: a line that only credits a photo to its photographer and
// agency ("Stanley Chou/Getty Images", "Mandel Ngan / AFP/Getty Images",
// "AP Photo/Evan Vucci", "ASSOCIATED PRESS", "Photo: Hau Dinh, AP"): a
// caption's credit, which the text leaves out with the caption.
func photoCredit(text string) bool {
	// "Photo: Hau Dinh, AP": a label, then the credit, its photographer
	// (a name: a few capitalised words) and agency parted by a comma.
	if label, credit, ok := strings.Cut(text, ":"); ok && photoLabels[phrase(label)] {
		credit = strings.TrimSpace(credit)
		if who, _, ok := strings.Cut(credit, ", "); ok {
			words := strings.Fields(who)
			if len(words) == 0 || len(words) > 4 || slices.ContainsFunc(words, func(w string) bool { return !nameWord(w) }) {
				return false
			}
		}
		return photoCredit(strings.ReplaceAll(credit, ", ", "/"))
	}
	if len(text) > 80 || strings.ContainsAny(text, ".!?:") && !strings.HasSuffix(text, ".") {
		return false
	}
	t := phrase(text)
	if photoAgencies[t] {
		return true
	}
	parts := strings.Split(t, "/")
	if len(parts) < 2 {
		return false
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	// "AP Photo/Evan Vucci": the agency, then its photographer.
	if photoAgencies[parts[0]] && len(parts) == 2 && len(strings.Fields(parts[1])) <= 4 {
		return true
	}
	// "Stanley Chou/Getty Images", "Mandel Ngan / AFP/Getty Images".
	for _, part := range parts[1:] {
		if !photoAgencies[part] {
			return false
		}
	}
	return true
}

// photoLabels open a photo's credit.
var photoLabels = phraseSet("photo", "photograph", "photos", "image", "picture", "credit", "photo credit", "foto", "bild", "fotos")

// photoAgencies are the picture agencies and wire services whose name
// follows a photographer's in a credit.
var photoAgencies = phraseSet("getty images", "getty", "ap", "ap photo", "afp", "reuters", "epa", "associated press",
	"the associated press", "istock", "istockphoto", "shutterstock", "alamy", "corbis", "bloomberg", "pa", "pa wire",
	"rex", "rex features", "xinhua", "anadolu", "dpa", "zuma press", "sipa", "ansa", "efe", "kyodo", "yonhap", "stf")

// scriptError: a line that is an error the site's PHP printed into the
// page ("Warning: Creating default object from empty value in
// /www/wp-includes/classes.php on line 407", "Notice: Undefined index:
// id in … on line 12"), which a broken theme leaves above a story.
func scriptError(text string) bool {
	kind, rest, ok := strings.Cut(text, ": ")
	switch kind {
	case "Warning", "Notice", "Deprecated", "Fatal error", "Parse error", "Strict Standards":
	default:
		return false
	}
	in := strings.LastIndex(rest, " in ")
	if !ok || in < 0 {
		return false
	}
	file, line, ok := strings.Cut(rest[in+len(" in "):], " on line ")
	return ok && strings.HasSuffix(file, ".php") && line != "" && strings.Trim(line, "0123456789") == ""
}

// playerClock: a line that is a media player's clock, the time played
// and the length ("0:00 / 5:32", "1:02:10 / 1:30:00"): a control's
// display, no sentence of the story.
func playerClock(text string) bool {
	if len(text) > 24 {
		return false
	}
	played, length, ok := strings.Cut(text, "/")
	return ok && timecode(strings.TrimSpace(played)) && timecode(strings.TrimSpace(length))
}

// slideCounter: a line that only counts a gallery's pictures, this one
// and how many ("Image 1 of 8", "1 / 8", "Photo 3/12", "Bild 2 von 5";
// "Image 1 of / 8" where the script that fills it in has not run):
// a slideshow's display, no sentence of the story. The count starts at 1
// and ends at the total, which a table's pairs of values ("23/16", a
// month's high and low) need not; and in a table's cell such a line is
// the table's ("99 / 106", pages of a manual), which articleText asks.
func slideCounter(text string) bool {
	if len(text) > 32 || strings.IndexAny(text, "0123456789") < 0 {
		return false
	}
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 2 && slideWords[words[0]] { // "Image 1/8"; "3/4" alone is a fraction
		n, m, ok := strings.Cut(words[1], "/")
		if !ok {
			return false
		}
		words = []string{n, "/", m}
	} else if len(words) > 0 && slideWords[words[0]] {
		words = words[1:]
	}
	// a number, "of" or "/" or both, a number
	var nums []int
	seps := 0
	for _, w := range words {
		if w == "/" || slideOf[w] {
			seps++
			continue
		}
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || len(nums) == 2 {
			return false
		}
		nums = append(nums, n)
	}
	return len(nums) == 2 && seps >= 1 && seps <= 2 && nums[0] <= nums[1]
}

var (
	slideWords = wordSet("image picture photo slide bild foto imagen immagine diapositive")
	slideOf    = wordSet("of von de di sur")
)

// timecode: s is a clock reading of minutes and seconds, hours first
// when it has them ("5:32", "01:02:10").
func timecode(s string) bool {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	for i, part := range parts {
		if part == "" || len(part) > 2 || i > 0 && len(part) != 2 || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

var adLabels = phraseSet(
	"advertisement", "advertisements", "advertising", "advert", "adverts", "ad", "skip advertisement", "skip ad",
	"advertisement - scroll to continue", "scroll to continue with content",
	"story continues below advertisement", "story continues below",
	"article continues below advertisement", "article continues below", "article continues after advertisement",
	"continue reading below", "continue reading the main story", "continue reading",
	// The slot's label in the languages of the larger news markets.
	"anzeige", "werbung", "publicité", "publicidad", "publicidade", "pubblicità",
	"advertentie", "annons", "annonse", "annonce", "mainos", "reklama", "reklam",
	"реклама", "διαφήμιση", "إعلان", "広告", "广告", "廣告", "광고",
)

// selfPromotion: a line that asks the reader to subscribe, sign up or
// follow the site ("Subscribe to our newsletter", "Sign up for our
// daily email", "Join our forums", "Follow us on Twitter", "Follow
// @nytimesworld for international breaking news"): the site
// speaking of itself, not the story. A story's own "Sign up for a
// library card" names no newsletter, email or "our".
func selfPromotion(text string) bool {
	if len(text) > 220 {
		return false
	}
	if strings.EqualFold(text, "subscribe") {
		return true
	}
	for _, p := range []string{"subscribe ", "subscribe:", "subscribe!", "join our ", "follow us ", "follow @", "like us on ", "get our "} {
		if prefixFold(text, p) {
			return true
		}
	}
	for _, p := range []string{"sign up", "get the latest", "never miss", "don't miss"} {
		if prefixFold(text, p) {
			l := strings.ToLower(text)
			return slices.ContainsFunc([]string{" our ", "newsletter", "inbox", "email", "e-mail", " free "}, func(w string) bool {
				return strings.Contains(l, w)
			})
		}
	}
	return false
}

// prefixFold: s starts with prefix, an ASCII lower-case string, in any case.
func prefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// navigationLine: s is a linkLine that none of the shapes of content
// made of links claims: a sentence citing a story, a line of links off
// the site, a table's value cell, a reference list's citation, an item
// of a list written in sentences, an entry of a list written out with
// some of its entries linked.
func navigationLine(p *Page, s *Segment, region *Node, lists *listMemos) bool {
	return linkLine(s) && !citingLine(p, s) && !referenceLine(p, s) && !valueCell(s) &&
		!inReferenceList(p, s.Owner, region, &lists.references) && !itemOfWrittenList(p, s, &lists.written) && !itemOfMixedList(p, s, &lists.mixed)
}

// listMemos are the list tests navigationLine asks, each list once.
type listMemos struct{ references, written, mixed listMemo }

// linkLine: a short line that is mostly link text is navigation ("Next
// story", "Share on X"), not prose.
func linkLine(s *Segment) bool {
	return s.LinkLen > 0 && s.Len < shortLine && float64(s.LinkLen) >= 0.5*float64(s.Len)
}

// shortLine is the length under which a line is a label, a name or a
// link's title rather than a paragraph: a link line's, a written-out
// list's entries'.
const shortLine = 80

// breadcrumb: a line of three or more short names with links among them,
// separated by arrows ("Home > Science > Explorers > Article"): the
// page's place in the site, not its story.
func breadcrumb(s *Segment) bool {
	if s.LinkLen == 0 || s.Len > 160 {
		return false
	}
	parts := strings.FieldsFunc(s.Text, func(r rune) bool { return r == '>' || r == '›' || r == '»' })
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		if n := utf8.RuneCountInString(strings.TrimSpace(p)); n == 0 || n > 40 {
			return false
		}
	}
	return true
}

// citingLine: a short line of links that is a sentence around one of
// them ("We released the <a>AWS SDK for PHP</a>."): a round-up's item,
// not navigation.
func citingLine(p *Page, s *Segment) bool {
	if !endsSentence(s.Text) {
		return false // no sentence: no need to look at its links
	}
	for i, last := s.Owner.Index+1, p.lastDescendant(s.Owner); i <= last; i++ {
		if a := p.Nodes[i]; a.Href != "" && inSentence(a, s) {
			return true
		}
	}
	return false
}

// valueCell: a line in a cell of a table row that has a header cell is
// that row's name or value ("Founder: Netscape", an infobox, a data
// table), whatever its links, unless the cell is itself a list of links
// or the table is four-fifths link text: a navigation box labels its
// rows too ("Projects: Bugzilla · Jetpack · Persona …").
func valueCell(s *Segment) bool {
	cell := cellOf(s.Owner)
	if cell == nil {
		return false
	}
	row, n := rowOf(cell)
	if row == nil || n == nil || cell.Anchors > maxValueLinks || 5*n.ALenA >= 4*(n.CLenA+n.ALenA) {
		return false
	}
	for _, k := range row.Kids {
		if k.Tag == "th" {
			return true
		}
	}
	return false
}

// rowOf is the row and the table that cell stands in, nil for either it
// is not in.
func rowOf(cell *Node) (row, table *Node) {
	n := cell.Parent
	for ; n != nil && n.Tag != "table"; n = n.Parent {
		if row == nil && n.Tag == "tr" {
			row = n
		}
	}
	return row, n
}

// fieldValue: a line that is the value of a named field, in a table row
// with a header cell (valueCell) or in a description list's <dd> right
// after its <dt> ("Effective Date: Saturday, July 25, 2020", an
// infobox's "Born"): a record's data, not the story's dateline, however
// much it reads like one.
func fieldValue(s *Segment) bool {
	if valueCell(s) {
		return true
	}
	// The value's line may sit in a <p> or <span> inside the <dd>.
	for n, i := s.Owner, 0; n != nil && i <= maxValueDepth; n, i = n.Parent, i+1 {
		if n.Tag == "dd" {
			prev := previousKid(n)
			return prev != nil && prev.Tag == "dt"
		}
	}
	return false
}

// maxValueDepth bounds how far above a line its <dd> is looked for.
const maxValueDepth = 2

// previousKid is the element before n among its parent's kids, nil if none.
func previousKid(n *Node) *Node {
	if n.Parent == nil {
		return nil
	}
	if i := slices.Index(n.Parent.Kids, n); i > 0 {
		return n.Parent.Kids[i-1]
	}
	return nil
}

// maxValueLinks is the most links a table's value cell holds.
const maxValueLinks = 3

// referenceLine: a line whose links all lead off the site (a list of
// products, sources, resources in a post), content where a line of the
// site's own links is navigation. Links to social networks and sharing
// services ("Follow us", "Like us on Facebook") are furniture wherever
// they lead, and so are links that share, mail or license the page
// itself (actsOnPage).
func referenceLine(p *Page, s *Segment) bool {
	n := 0
	for h := range p.lineLinks(s) {
		if !offSite(p, h) || socialLink(h) || actsOnPage(p, h) {
			return false
		}
		n++
	}
	return n > 0
}
