package httpapi

import (
	"embed"
	"net/http"
	"path"
)

// web holds the chat page: plain HTML, CSS and JavaScript, no build step.
//
//go:embed web
var web embed.FS

// servePage serves the chat page.
func servePage(w http.ResponseWriter, r *http.Request) {
	serveFile(w, r, "index.html")
}

// serveFavicon answers the browser's /favicon.ico with the page's icon (an
// SVG, which browsers take by its content type).
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	serveFile(w, r, "favicon.svg")
}

// serveStatic serves the page's script, style sheet and icon.
func serveStatic(w http.ResponseWriter, r *http.Request) {
	serveFile(w, r, r.PathValue("file"))
}

func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	b, err := web.ReadFile(path.Join("web", path.Base(name)))
	if err != nil {
		writeError(w, &apiError{status: http.StatusNotFound, Message: "no file " + name, Type: "invalid_request_error", Code: "not_found"})
		return
	}
	switch path.Ext(name) {
	case ".html":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	case ".js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case ".css":
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	case ".svg":
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "max-age=86400")
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
	_, _ = w.Write(b)
}
