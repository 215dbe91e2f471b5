package terms

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/clipperhouse/uax29/v2/words"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"empty", "", nil},
		{"only space and punctuation", " \t\n—, . !? “” ", nil},
		{"stems", "The crawlers were crawling news sites", []string{"crawler", "crawl", "news", "site"}},
		{"stop words gone", "It is what it is, and that was all of it.", nil},
		{"case folded", "CRAWLING Crawling crawling", []string{"crawl", "crawl", "crawl"}},
		{"contractions", "I don't think they'd've known; we won’t say it’s over", []string{"think", "known", "say"}},
		{"possessive", "Obama's and Obama’s speech", []string{"obama", "obama", "speech"}},
		{"numbers gone", "In 2024, 2,024 people paid 3.5 or 1.000,50 at 10:30 on 2024-05-01", []string{"peopl", "paid"}},
		{"letters with digits kept", "An mp3 of covid19 from the 1990s", []string{"mp3", "covid19", "1990s"}},
		{"abbreviations not stemmed", "The U.S. economy, e.g. example.com", []string{"u.s", "economi", "e.g", "example.com"}},
		{"chinese bigrams", "台灣新聞", []string{"台灣", "灣新", "新聞"}},
		{"chinese punctuation cuts runs", "今天，天氣好。", []string{"今天", "天氣", "氣好"}},
		{"single han", "雨", []string{"雨"}},
		{"numbers inside han", "2024年5月", []string{"年", "月"}},
		{"japanese kana and kanji", "東京に住む", []string{"東京", "京に", "に住", "住む"}},
		{"katakana middle dot separates", "ジョー・バイデン", []string{"ジョ", "ョー", "バイ", "イデ", "デン"}},
		{"korean per word", "대한민국 수도 서울", []string{"대한", "한민", "민국", "수도", "서울"}},
		{"korean after digits", "2024년", []string{"년"}},
		{"thai has no spaces", "ภาษา", []string{"ภา", "าษ", "ษา"}},
		{"cyrillic and greek lower-cased, not stemmed", "Москва Αθήνα", []string{"москва", "αθήνα"}},
		{"accented latin stemmed", "Cafés naïvely", []string{"café", "naïv"}},
		{"mixed scripts in order", "Reuters報導: 台北 markets rallied 3%", []string{"reuter", "報導", "台北", "market", "ralli"}},
		{"over-long token dropped", "a " + strings.Repeat("x", maxWordBytes+1) + " b", []string{"b"}},
		{"invalid utf-8", "news\xffpaper", []string{"news", "paper"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Of(tt.text)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Of(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestAppendKeepsDst(t *testing.T) {
	got := Append([]string{"kept"}, "crawling 台灣")
	want := []string{"kept", "crawl", "台灣"}
	if !slices.Equal(got, want) {
		t.Errorf("Append = %q, want %q", got, want)
	}
}

func TestIsStop(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"the", true},
		{"don't", true},
		{"doesn't", true},  // listed
		{"would've", true}, // clitic on a stop word
		{"mightn't", true}, // n't on a stop word
		{"obama's", false}, // clitic on a content word
		{"o'brien", false}, // not a clitic
		{"us", false},      // also US
		{"may", false},     // also May
		{"crawler", false},
		{"'s", false},
	}
	for _, tt := range tests {
		if got := isStop(tt.word); got != tt.want {
			t.Errorf("isStop(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

// TestAppendAllocs holds the promise that tokenising allocates
// nothing but the output: bigrams are slices of the text, so CJK text
// with room in dst allocates nothing at all.
func TestAppendAllocs(t *testing.T) {
	dst := make([]string, 0, 4096)
	allocs := testing.AllocsPerRun(100, func() {
		dst = Append(dst[:0], chineseNews)
	})
	if allocs != 0 {
		t.Errorf("Append on Chinese text: %v allocations per call, want 0", allocs)
	}
}

func FuzzOf(f *testing.F) {
	for _, s := range []string{
		"", "The crawlers were crawling news sites", "don’t mp3 2,024",
		"台灣新聞", "東京に住む", "대한민국 2024년", "ภาษา", "İSTANBUL ΣΟΦΟΣ",
		"a\u200db\u0301 c", "news\xffpaper", englishNews[:300], chineseNews[:300],
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, term := range Of(text) {
			if term == "" {
				t.Fatalf("Of(%q) has an empty term", text)
			}
			if strings.IndexFunc(term, unicode.IsSpace) >= 0 {
				t.Fatalf("Of(%q) has term %q with whitespace", text, term)
			}
			if strings.ToLower(term) != term {
				t.Fatalf("Of(%q) has term %q, not lower-case", text, term)
			}
		}
	})
}

// BenchmarkAppend measures Append beside a baseline that only walks
// the UAX #29 word boundaries of the same text, so the ratio shows what
// normalisation costs on a noisy machine.
func BenchmarkAppend(b *testing.B) {
	for _, bc := range []struct{ name, text string }{
		{"english", strings.Repeat(englishNews, 20<<10/len(englishNews)+1)[:20<<10]},
		{"chinese", strings.Repeat(chineseNews, 5<<10/len(chineseNews)+1)},
	} {
		b.Run(bc.name+"/terms", func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			var dst []string
			for b.Loop() {
				dst = Append(dst[:0], bc.text)
			}
		})
		b.Run(bc.name+"/uax29-baseline", func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			n := 0
			for b.Loop() {
				it := words.FromString(bc.text)
				for it.Next() {
					n += len(it.Value())
				}
			}
			_ = n
		})
	}
}

// englishNews and chineseNews are news-style text written for these tests.
const englishNews = `City council approves new budget after months of debate

The city council voted on Tuesday to approve a $4.2 billion budget for the coming fiscal year, ending months of debate over spending on public transport, housing and schools. The measure passed by a vote of 9 to 4, with several members saying they supported it only reluctantly.

"This is not the budget I would have written," said council member Maria Lopez, who chairs the finance committee. "But it keeps buses running, it funds 1,200 new affordable homes, and it doesn't raise property taxes. That's a compromise I can live with."

Under the plan, the transit authority will receive an additional $180 million, most of it earmarked for maintenance of ageing trains and the hiring of 350 drivers. Officials have blamed a shortage of drivers for the cancellations that frustrated commuters throughout the winter.

Critics argued that the budget relies too heavily on one-time federal grants. "We're papering over a structural deficit," said council member James O'Neill, who voted against the measure. "Next year the money runs out, and we'll be back here making the same cuts we've been avoiding."

The mayor's office welcomed the vote. In a statement, a spokesperson said the administration was "grateful to the council for working across differences" and would begin hiring immediately. Analysts at the state's fiscal monitoring board said they were reviewing the figures and expected to publish an assessment within weeks.

Schools will see a modest increase of 2.5 percent, well below what teachers' unions had requested. Union leaders said they would continue negotiating and did not rule out further protests. Parents who attended the hearing, some carrying signs reading "Fund our kids", said classrooms remained overcrowded.

Related coverage: Transit delays hit record high; Housing plan draws mixed reviews; What the budget means for your neighbourhood.
`

const chineseNews = `市議會通過新年度預算

市議會於週二表決通過新年度總預算，結束了數月來有關公共運輸、住宅與學校經費的爭論。議案以九票對四票通過，多位議員表示雖然支持，但仍有保留。

財政委員會召集人表示：「這不是我心目中的預算，但它讓公車繼續行駛，興建一千二百戶社會住宅，而且沒有調高房屋稅。」

根據計畫，運輸局將獲得額外一億八千萬元，主要用於老舊列車的維修及招募三百五十名司機。官員指出，司機短缺是冬季班次頻繁取消的主因。

批評者認為，預算過度依賴一次性的中央補助款。反對議案的議員說：「明年補助用完後，我們又得回到這裡，面對一直在逃避的削減。」
`

// The Tokenizer's caches change nothing: its terms are Append's, the
// first time a text is seen and again from the cache, whatever came
// between.
func TestTokenizerSameAsAppend(t *testing.T) {
	texts := []string{"The crawlers were crawling news sites", "THE Crawlers WERE crawling", "don’t mp3 2,024",
		"台灣新聞 Taipei news", "대한민국 2024년", "İSTANBUL ΣΟΦΟΣ", "news\xffpaper", englishNews, chineseNews}
	tz := NewTokenizer()
	for round := range 2 {
		for _, text := range texts {
			if got, want := tz.Append(nil, text), Append(nil, text); !slices.Equal(got, want) {
				t.Errorf("round %d: Tokenizer.Append(%.30q) = %q, Append gives %q", round, text, got, want)
			}
		}
	}
}
