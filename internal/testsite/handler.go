package testsite

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"net/http"
	"strconv"
	"strings"
)

// Handler returns the http.Handler serving the site. Every request is
// counted in Hits under its request URI (path and raw query as received).
// The handler is safe for concurrent use.
//
// Responses: HTML pages are 200 with "text/html; charset=utf-8", except the
// taiwan section ("text/html; charset=big5", no meta charset) and the japan
// section (plain "text/html", charset only in <meta charset="shift_jis">).
// Pages of world and business are gzip-compressed when the request accepts
// gzip, pages of tech are deflate (zlib) compressed when it accepts deflate.
// Redirects carry a root-relative Location; unknown paths are 404.
func (s *Site) Handler() http.Handler {
	return http.HandlerFunc(s.serveHTTP)
}

func (s *Site) serveHTTP(w http.ResponseWriter, r *http.Request) {
	uri := r.RequestURI
	if uri == "" {
		uri = r.URL.RequestURI()
	}
	s.mu.Lock()
	s.hits[uri]++
	s.mu.Unlock()

	s.clockMu.RLock()
	defer s.clockMu.RUnlock()
	rt := s.routeOf(r.URL.Path, r.URL.Query())
	h := w.Header()
	switch rt.kind {
	case routeRobots:
		writeBody(w, r, http.StatusOK, "text/plain; charset=utf-8", s.robotsBody(r.Host))
	case routeSitemap:
		ctype, body := s.sitemapFile(rt.path, "http://"+r.Host)
		writeBody(w, r, http.StatusOK, ctype, body)
	case routeFile:
		if rt.path == PDFURI {
			writeBody(w, r, http.StatusOK, "application/pdf", pdfBytes)
		} else {
			writeBody(w, r, http.StatusOK, "image/jpeg", jpegBytes())
		}
	case routeRedirect:
		h.Set("Location", rt.target)
		writeBody(w, r, rt.status, "text/html; charset=utf-8",
			[]byte(`<html><body>Moved to <a href="`+rt.target+`">`+rt.target+"</a>.</body></html>\n"))
	case routeNotFound:
		writeBody(w, r, http.StatusNotFound, "text/html; charset=utf-8", []byte(notFoundPage))
	default:
		if rt.kind == routeArticle && rt.art == s.flaky && s.failFlaky() {
			writeBody(w, r, http.StatusInternalServerError, "text/plain; charset=utf-8",
				[]byte("500 Internal Server Error: upstream timeout\n"))
			return
		}
		p := s.page(rt)
		if s.conditional(w, r, rt, p) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		s.serveHTML(w, r, p)
	}
}

// failFlaky reports whether this request to the flaky page must fail: only
// the first one after New or ResetHits does.
func (s *Site) failFlaky() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.flakyDone {
		return false
	}
	s.flakyDone = true
	return true
}

func (s *Site) serveHTML(w http.ResponseWriter, r *http.Request, p *rendered) {
	ctype := "text/html; charset=utf-8"
	switch p.charset {
	case "big5":
		ctype = "text/html; charset=big5"
	case "shift_jis":
		ctype = "text/html"
	}
	body := p.body
	if p.encoding != "" {
		w.Header().Set("Vary", "Accept-Encoding")
		if acceptsEncoding(r, p.encoding) {
			w.Header().Set("Content-Encoding", p.encoding)
			body = p.compressed()
		}
	}
	w.Header().Set("Cache-Control", "max-age=60")
	writeBody(w, r, http.StatusOK, ctype, body)
}

func writeBody(w http.ResponseWriter, r *http.Request, status int, ctype string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// compressed returns the page body compressed with its encoding, computed
// once.
func (p *rendered) compressed() []byte {
	switch p.encoding {
	case "gzip":
		p.gzOnce.Do(func() {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write(p.body)
			zw.Close()
			p.gz = buf.Bytes()
		})
		return p.gz
	case "deflate":
		p.zlOnce.Do(func() {
			var buf bytes.Buffer
			zw := zlib.NewWriter(&buf)
			zw.Write(p.body)
			zw.Close()
			p.zl = buf.Bytes()
		})
		return p.zl
	}
	return p.body
}

// acceptsEncoding reports whether the Accept-Encoding headers name enc with
// a non-zero quality. The wildcard "*" is not honoured.
func acceptsEncoding(r *http.Request, enc string) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(name), enc) {
				continue
			}
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			if qv, ok := strings.CutPrefix(strings.ToLower(q), "q="); ok {
				if f, err := strconv.ParseFloat(qv, 64); err == nil && f == 0 {
					return false
				}
			}
			return true
		}
	}
	return false
}

// Hits returns a copy of the request counts, keyed by request URI as
// received (path plus raw query, in the client's parameter order).
func (s *Site) Hits() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := make(map[string]int, len(s.hits))
	for k, v := range s.hits {
		m[k] = v
	}
	return m
}

// ResetHits clears the request counts and re-arms the flaky page, so that
// its next request fails again.
func (s *Site) ResetHits() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits = map[string]int{}
	s.flakyDone = false
}
