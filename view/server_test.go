package view

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"infocrawl/mine"
)

func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler(fixture.db, Options{}))
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
