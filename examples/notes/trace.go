package notes

import (
	"fmt"
	"net/http"
	"slices"
)

// Trace returns the calls the handler served so far, oldest first, each as
// "METHOD /path?query -> status": what the server saw, for tests to
// compare with what the user did.
func (a *App) Trace() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.trace)
}

// traced records every call of next in the trace once it has returned.
func (a *App) traced(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		status := sw.status
		if status == 0 {
			// A handler that wrote nothing answered 200, as net/http does.
			status = http.StatusOK
		}
		line := fmt.Sprintf("%s %s -> %d", r.Method, r.URL.RequestURI(), status)
		a.mu.Lock()
		a.trace = append(a.trace, line)
		a.mu.Unlock()
	})
}

// statusWriter remembers the status a handler sent.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
