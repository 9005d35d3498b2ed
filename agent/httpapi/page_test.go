package httpapi

import (
	"net/http"
	"strings"
	"testing"
)

// TestPageFiles: the page, its script and style sheet, and its icon at
// /favicon.ico (which browsers ask for) and at the page's own static path,
// all without a token; the page links the icon.
func TestPageFiles(t *testing.T) {
	_, srv := newTestServer(t, Options{Token: "tok"})
	for path, ctype := range map[string]string{
		"/": "text/html", "/static/app.js": "text/javascript", "/static/app.css": "text/css",
		"/favicon.ico": "image/svg+xml", "/static/favicon.svg": "image/svg+xml",
	} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), ctype) {
			t.Errorf("GET %s: %d %s, want 200 %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), ctype)
		}
	}
	if code, body := get(t, srv, "/"); code != 200 || !strings.Contains(body, `rel="icon" href="static/favicon.svg"`) || !strings.Contains(body, `id="side"`) {
		t.Errorf("page: %d, no icon link or side panel", code)
	}
}
