package view

import (
	"bytes"
	"context"
	"image/png"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// chromium returns the browser to test with. Without one the test is
// skipped, unless INFOCRAWL_BROWSER_TEST=1 says CI installed it.
func chromium(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err == nil {
		return path
	}
	if os.Getenv("INFOCRAWL_BROWSER_TEST") == "1" {
		t.Fatalf("INFOCRAWL_BROWSER_TEST=1 but no chromium: %v", err)
	}
	t.Skip("chromium not installed (set INFOCRAWL_BROWSER_TEST=1 to require it)")
	return ""
}

// runChromium runs headless chromium on target with extra flags and
// returns its stdout.
func runChromium(t *testing.T, bin, target string, extra ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-breakpad", "--user-data-dir=" + t.TempDir()}
	args = append(append(args, extra...), target)
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", extra, err, stderr.Bytes())
	}
	return stdout.Bytes()
}

var renderedAttr = regexp.MustCompile(`<body[^>]*\bdata-ic-rendered="article:(\d+) toc:(\d+) template:(\d+)"`)

// The outlines are drawn by a real browser: its computed styles give
// article and template outlines on an article page, TOC outlines on a
// listing, and the screenshot shows green.
func TestBrowserOutlines(t *testing.T) {
	bin := chromium(t)
	srv := httptest.NewServer(Handler(fixture.db, Options{}))
	defer srv.Close()
	showURL := func(uri string) string { return srv.URL + "/show?url=" + url.QueryEscape(siteKey(t, uri)) }
	cases := []struct {
		name                   string
		uri                    string
		article, toc, template int // at least
	}{
		{"article", articleURI(t), 1, 0, 1},
		{"listing", "/world/", 0, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dom := runChromium(t, bin, showURL(c.uri), "--dump-dom")
			m := renderedAttr.FindSubmatch(dom)
			if m == nil {
				t.Fatalf("no data-ic-rendered on the rendered body:\n%.2000s", dom)
			}
			got := [3]int{}
			for i := range got {
				got[i], _ = strconv.Atoi(string(m[i+1]))
			}
			t.Logf("%s: rendered article:%d toc:%d template:%d", c.uri, got[0], got[1], got[2])
			if got[0] < c.article || got[1] < c.toc || got[2] < c.template {
				t.Errorf("rendered %v, want at least [%d %d %d]", got, c.article, c.toc, c.template)
			}
		})
	}
	t.Run("screenshot", func(t *testing.T) {
		dir := os.Getenv("INFOCRAWL_ARTIFACTS")
		if dir == "" {
			dir = t.TempDir()
		} else if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		shot, err := filepath.Abs(filepath.Join(dir, "show-article.png"))
		if err != nil {
			t.Fatal(err)
		}
		runChromium(t, bin, showURL(articleURI(t)), "--screenshot="+shot, "--window-size=1280,2000", "--hide-scrollbars")
		t.Logf("screenshot: %s", shot)
		checkScreenshot(t, shot)
	})
}

// checkScreenshot: a real PNG of some size, with the article's green
// outline in it.
func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 20_000 {
		t.Errorf("screenshot is %d bytes, want > 20 KB", len(data))
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	green := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 80 && g>>8 > 140 && bl>>8 < 80 { // #2a2, the article outline
				green++
			}
		}
	}
	if green < 500 {
		t.Errorf("screenshot has %d green pixels, want ≥ 500 (an article outline)", green)
	}
}
