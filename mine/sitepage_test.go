package mine

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// sitePage gets uri from the test site in process and returns its body as
// UTF-8 (the taiwan section is Big5 by its header, japan Shift_JIS by its
// <meta>); ok is false for pages that are not 200 HTML. The flaky article
// fails its first request, so a 500 is asked again once.
func sitePage(tb testing.TB, h http.Handler, uri string) (body []byte, ok bool) {
	tb.Helper()
	var rec *httptest.ResponseRecorder
	for try := 0; try < 2; try++ {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, uri, nil))
		if rec.Code != http.StatusInternalServerError {
			break
		}
	}
	ctype := rec.Header().Get("Content-Type")
	if rec.Code != http.StatusOK || !strings.HasPrefix(ctype, "text/html") {
		return nil, false
	}
	return toUTF8(rec.Body.Bytes(), ctype), true
}
