package testsite

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestAdvancePublishes(t *testing.T) {
	s := New(Options{})
	before := len(s.Articles())
	front := string(s.page(s.routeOf("/world/", nil)).body)
	ch := s.Advance(3 * time.Hour)
	if len(ch.New) != 3 || len(ch.Updated) != 1 {
		t.Fatalf("Advance(3h) = %+v, want 3 new stories and 1 correction", ch)
	}
	if got := len(s.Articles()); got != before+3 {
		t.Fatalf("%d articles after Advance, want %d", got, before+3)
	}
	if got := s.TOCLinks("/world/"); got[0] != ch.New[0] {
		t.Fatalf("first story of /world/ is %s, want the new %s", got[0], ch.New[0])
	}
	if !slices.Contains(s.TOCLinks("/"), ch.New[2]) {
		t.Fatalf("home does not list the new %s", ch.New[2])
	}
	if a, ok := s.Article(ch.Updated[0]); !ok || !strings.HasPrefix(a.Paragraphs[len(a.Paragraphs)-1], "Correction") {
		t.Fatalf("corrected story %s has no correction", ch.Updated[0])
	}
	if string(s.page(s.routeOf("/world/", nil)).body) == front {
		t.Fatal("the front did not change")
	}
	if ch := s.Advance(10 * time.Minute); len(ch.New) != 0 {
		t.Fatalf("Advance(10m) published %v", ch.New)
	}
}

func TestConditionalGet(t *testing.T) {
	get := func(t *testing.T, srv *httptest.Server, uri string, h http.Header) *http.Response {
		req, _ := http.NewRequest("GET", srv.URL+uri, nil)
		for k, v := range h {
			req.Header[k] = v
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	tests := []struct {
		name            string
		opts            Options
		uri             string
		etag, weak, lm  bool
		want            int // status of the repeated conditional GET
		wantAfterChange int
	}{
		{"strong etag and last-modified", Options{Validators: true}, "/world/", true, false, true, 304, 200},
		{"weak etag only", Options{Validators: true}, "/tech/", true, true, false, 304, 200},
		{"last-modified only", Options{Validators: true}, "/taiwan/", false, false, true, 304, 200},
		{"neither", Options{Validators: true}, "/japan/", false, false, false, 200, 200},
		{"server ignoring conditionals", Options{Validators: true, IgnoreConditional: true}, "/world/", true, false, true, 200, 200},
		{"default site serves no validators", Options{}, "/world/", false, false, false, 200, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(tt.opts)
			srv := httptest.NewServer(s.Handler())
			defer srv.Close()
			first := get(t, srv, tt.uri, nil)
			etag, lm := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
			if (etag != "") != tt.etag || strings.HasPrefix(etag, "W/") != tt.weak || (lm != "") != tt.lm {
				t.Fatalf("validators ETag %q Last-Modified %q", etag, lm)
			}
			cond := http.Header{}
			if etag != "" {
				cond.Set("If-None-Match", etag)
			}
			if lm != "" {
				cond.Set("If-Modified-Since", lm)
			}
			if got := get(t, srv, tt.uri, cond).StatusCode; got != tt.want {
				t.Fatalf("conditional GET: %d, want %d", got, tt.want)
			}
			s.Advance(time.Hour)
			if got := get(t, srv, tt.uri, cond).StatusCode; got != tt.wantAfterChange {
				t.Fatalf("conditional GET after Advance: %d, want %d", got, tt.wantAfterChange)
			}
		})
	}
}
