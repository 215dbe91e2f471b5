package mine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"infocrawl/internal/testsite"
)

// TestMineMemory mines 10,000 pages into one cluster and checks that the
// process's peak RSS stays under 1 GiB. It is too slow for CI and runs only
// with INFOCRAWL_MEMTEST=1:
//
//	INFOCRAWL_MEMTEST=1 go test -run TestMineMemory -v ./mine
//
// The pages are variants of the test site's article pages (all sections;
// the Big5 and Shift_JIS ones decoded to UTF-8), cycled through, each with
// one paragraph of its own appended to its article: 40 words drawn from
// the site's English vocabulary and 20 words found on no other page, so
// every page adds a segment hash and new terms (200,000 in all, about a
// real crawl's vocabulary at this size). They are mined as MineStore
// does: by MineCluster in chunks of 200 into one ClusterState, each
// chunk's results encoded as JSON and the state encoded after each chunk,
// then dropped. Only the chunk being mined is in memory. The method is
// WISDOM, whose state is the largest: it keeps the term statistics,
// which auto does not.
func TestMineMemory(t *testing.T) {
	if os.Getenv("INFOCRAWL_MEMTEST") != "1" {
		t.Skip("set INFOCRAWL_MEMTEST=1 to run (slow: mines 10,000 pages)")
	}
	const (
		pages = 10000
		chunk = 200 // chunkPages in storemine.go
		limit = 1 << 30
	)
	site := testsite.New(testsite.Options{})
	var uris []string
	for _, a := range site.Articles() {
		uris = append(uris, a.URI)
	}
	bases := fetchTestsite(t, site, uris)
	vocab := memtestVocabulary(site)
	t.Logf("%d base article pages, %d vocabulary words; VmHWM before mining %s", len(bases), len(vocab), mib(vmHWM(t)))

	state := NewClusterState()
	kinds := map[Kind]int{}
	var htmlBytes, resultBytes int64
	stateBytes := 0
	start := time.Now()
	for first := 0; first < pages; first += chunk {
		inputs := make([]Input, 0, chunk)
		for i := first; i < min(first+chunk, pages); i++ {
			in := memtestVariant(bases[i%len(bases)], i, vocab)
			htmlBytes += int64(len(in.Body))
			inputs = append(inputs, in)
		}
		for _, r := range MineCluster("memtest", state, inputs, Options{Method: MethodWISDOM}) {
			data, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			resultBytes += int64(len(data))
			kinds[r.Kind]++
		}
		raw, err := state.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		stateBytes = len(raw)
	}
	elapsed := time.Since(start)
	peak := vmHWM(t)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("mined %d pages (%.1f MB of HTML) in %v: %.0f pages/s", pages, float64(htmlBytes)/1e6, elapsed.Round(time.Millisecond), pages/elapsed.Seconds())
	t.Logf("kinds: %v; results %.1f MB of JSON", kinds, float64(resultBytes)/1e6)
	t.Logf("state: %d pages, %d distinct terms, %d segment hashes, %d voted paths; encoded %.1f MB",
		state.Template.Pages, len(state.Terms.Terms), len(state.Template.DF), len(state.Votes), float64(stateBytes)/1e6)
	t.Logf("Go heap in use now %s, Sys %s, GC cycles %d", mib(int64(ms.HeapInuse)), mib(int64(ms.Sys)), ms.NumGC)
	t.Logf("peak RSS (VmHWM) %s, limit %s", mib(peak), mib(limit))
	if state.Template.Pages != pages || state.Terms.Pages != pages {
		t.Errorf("state counts %d/%d pages, want %d", state.Template.Pages, state.Terms.Pages, pages)
	}
	if kinds[KindArticle]+kinds[KindArticleTOC] < pages/2 {
		t.Errorf("only %d of %d pages have an article", kinds[KindArticle]+kinds[KindArticleTOC], pages)
	}
	if peak >= limit {
		t.Errorf("peak RSS %s, want under %s", mib(peak), mib(limit))
	}
}

// memtestVariant is base with a paragraph unique to page i appended to its
// article (or body), under a URL of its own.
func memtestVariant(base Input, i int, vocab []string) Input {
	r := rand.New(rand.NewPCG(uint64(i), 42))
	var p strings.Builder
	p.WriteString("<p>")
	for w := 0; w < 60; w++ {
		if w > 0 {
			p.WriteByte(' ')
		}
		if w%3 == 1 { // 20 words of this page alone
			p.WriteString("qx" + letters(i*20+w/3))
			continue
		}
		p.WriteString(vocab[r.IntN(len(vocab))])
	}
	p.WriteString(".</p>\n")
	body := base.Body
	at := bytes.LastIndex(body, []byte("</article>"))
	if at < 0 {
		at = bytes.LastIndex(body, []byte("</body>"))
	}
	if at < 0 {
		at = len(body)
	}
	out := make([]byte, 0, len(body)+p.Len())
	out = append(append(append(out, body[:at]...), p.String()...), body[at:]...)
	u := *base.URL
	u.Path = strings.TrimSuffix(u.Path, ".html") + "-v" + strconv.Itoa(i) + ".html"
	return Input{Key: u.String(), URL: &url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}, Body: out}
}

// letters writes n in base 26 with the digits a to z: a word of letters
// alone, which normalisation and stemming keep distinct.
func letters(n int) string {
	var b []byte
	for {
		b = append(b, byte('a'+n%26))
		n /= 26
		if n == 0 {
			return string(b)
		}
	}
}

// memtestVocabulary is the distinct Latin-letter words of the site's
// article paragraphs.
func memtestVocabulary(site *testsite.Site) []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range site.Articles() {
		for _, para := range a.Paragraphs {
			for _, w := range strings.FieldsFunc(para, func(r rune) bool { return !unicode.IsLetter(r) || r > unicode.MaxLatin1 }) {
				if w = strings.ToLower(w); len(w) > 1 && !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// vmHWM is the process's peak resident set size, in bytes, from
// /proc/self/status.
func vmHWM(t *testing.T) int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM: %v", err)
			}
			return kb << 10
		}
	}
	t.Skip("no VmHWM in /proc/self/status")
	return 0
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
