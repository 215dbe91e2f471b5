package view

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"infocrawl/mine"
)

func TestHandler(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = Handler(fixture.db, Options{Hosts: []string{srv.Listener.Addr().String()}})
	srv.Start()
	defer srv.Close()
	key := siteKey(t, articleURI(t))
	res, err := mine.LoadResult(fixture.db, key)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		code int
		want string
	}{
		{"/", http.StatusOK, "/cluster?id=" + url.QueryEscape(string(res.Cluster))},
		{"/cluster?id=" + url.QueryEscape(string(res.Cluster)), http.StatusOK, "/show?url=" + url.QueryEscape(key)},
		{"/show?url=" + url.QueryEscape(key), http.StatusOK, `data-ic-kind="article"`},
		{"/show?url=" + url.QueryEscape(key), http.StatusOK, `<a href="` + srv.URL + `/">all clusters</a>`},
		{"/show?url=" + url.QueryEscape(fixture.srv.URL+"/nope.html"), http.StatusNotFound, "page not stored"},
		{"/show", http.StatusBadRequest, "want /show?url=URL"},
		{"/cluster?id=nope", http.StatusNotFound, `no cluster "nope"`},
		{"/nope", http.StatusNotFound, "not found"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			resp, err := http.Get(srv.URL + c.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			// html/template writes %-escapes in lower case, url.QueryEscape in upper.
			got, want := strings.ToLower(string(body)), strings.ToLower(c.want)
			if resp.StatusCode != c.code || !strings.Contains(got, want) {
				t.Errorf("GET %s: %d, body %.300q; want %d and %q", c.path, resp.StatusCode, body, c.code, c.want)
			}
		})
	}
}

// The UI answers only its own address (a DNS rebinding sends another
// Host), and every answer says it may not be framed or sniffed; /show
// lets only its own nonce'd script run.
func TestHandlerGuards(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	own := srv.Listener.Addr().String()
	srv.Config.Handler = Handler(fixture.db, Options{Hosts: []string{own}})
	srv.Start()
	defer srv.Close()
	show := "/show?url=" + url.QueryEscape(siteKey(t, articleURI(t)))
	cases := []struct {
		host, path string
		code       int
		csp        string
	}{
		{own, "/", http.StatusOK, "frame-ancestors 'none'"},
		{own, show, http.StatusOK, "script-src 'nonce-"},
		{"evil.example:" + strings.Split(own, ":")[1], "/", http.StatusMisdirectedRequest, "frame-ancestors 'none'"},
		{"evil.example", show, http.StatusMisdirectedRequest, "frame-ancestors 'none'"},
	}
	for _, c := range cases {
		t.Run(c.host+c.path, func(t *testing.T) {
			req, err := http.NewRequest("GET", srv.URL+c.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Host = c.host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.code {
				t.Errorf("status %d, want %d", resp.StatusCode, c.code)
			}
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, c.csp) || !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("CSP %q, want %q and frame-ancestors 'none'", csp, c.csp)
			}
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("no nosniff")
			}
			if strings.Contains(string(body), "evil.example") && resp.StatusCode == http.StatusOK {
				t.Errorf("the Host was copied into the page")
			}
			if c.code == http.StatusOK && c.path == show {
				m := regexp.MustCompile(`'nonce-([^']+)'`).FindStringSubmatch(resp.Header.Get("Content-Security-Policy"))
				if m == nil || !strings.Contains(string(body), `<script nonce="`+m[1]+`">`) {
					t.Errorf("the view's script does not carry the header's nonce")
				}
			}
		})
	}
}
