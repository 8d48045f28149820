package main

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// contacts is a small htmx application: a page whose button loads the
// table's rows (with the count out of band), whose form adds a row at
// the end of the table, and whose other button asks for a page that is
// not there (an HTML 404, which htmx 2 leaves alone and htmx 4 swaps).
type contacts struct {
	mu    sync.Mutex
	names []string
}

func (c *contacts) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/":
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>Contacts</title>`+
			`<script src="/js/htmx-2.0.11.min.js"></script></head><body>`+
			`<button id="load" hx-get="/contacts" hx-target="#rows">Load</button>`+
			`<button id="broken" hx-get="/nowhere" hx-target="#error">Broken</button><p id="error"></p>`+
			`<p>Contacts: <span id="count">0</span></p>`+
			`<table><tbody id="rows"></tbody></table>`+
			`<form id="add" hx-post="/contacts" hx-target="#rows" hx-swap="beforeend">`+
			`<input name="name" aria-label="Name"><button>Add</button></form></body></html>`)
	case r.Method == http.MethodGet && r.URL.Path == "/contacts":
		for _, n := range c.names {
			fmt.Fprintf(w, "<tr><td>%s</td></tr>", html.EscapeString(n))
		}
		fmt.Fprintf(w, `<span id="count" hx-swap-oob="true">%d</span>`, len(c.names))
	case r.Method == http.MethodPost && r.URL.Path == "/contacts":
		name := strings.TrimSpace(r.FormValue("name"))
		c.names = append(c.names, name)
		fmt.Fprintf(w, "<tr><td>%s</td></tr>", html.EscapeString(name))
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "Not found")
	}
}

// startContacts serves a new contacts application with two names.
func startContacts(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(&contacts{names: []string{"Ada", "Grace"}})
	t.Cleanup(func() {
		srv.Close()
		http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	})
	return srv.URL
}

// TestHTMX runs a scenario on the contacts application: the page loads
// htmx, so its hx- attributes run, and the trace shows each request htmx
// sends and each swap. --htmx=4 runs it as htmx 4, --htmx=off leaves the
// attributes alone.
func TestHTMX(t *testing.T) {
	dir := chdirRoot(t)
	const scenario = "cmd/eventperk/testdata/htmx/contacts.json"
	const broken = "cmd/eventperk/testdata/htmx/broken.json"
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"htmx-run", []string{"run", "--no-durations", "--color=never", scenario}, 0},
		{"htmx-run-json", []string{"run", "--json", "--no-durations", scenario}, 0},
		{"htmx-run-4", []string{"run", "--htmx=4", "--no-durations", "--color=never", scenario}, 0},
		{"htmx-off", []string{"run", "--htmx=off", "--no-durations", "--color=never", scenario}, 1},
		{"htmx-bad-flag", []string{"run", "--htmx=3", scenario}, 2},
		{"htmx-broken", []string{"run", "--no-durations", "--color=never", broken}, 0},
		{"htmx-broken-4", []string{"run", "--htmx=4", "--no-durations", "--color=never", broken}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			server := startContacts(t)
			args := append([]string{tt.args[0], "--base-url", server}, tt.args[1:]...)
			stdout, stderr, code := invoke(args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			golden(t, dir, tt.name, strings.ReplaceAll(transcript(args, stdout, stderr, code), server, "http://SERVER"))
		})
	}
}

// TestDocsShowHTMXTrace checks that the htmx trace docs/cli.md and
// docs/htmx.md show is what the command printed for the htmx scenarios
// (the golden files), line for line, indents aside.
func TestDocsShowHTMXTrace(t *testing.T) {
	chdirRoot(t)
	const glob = "cmd/eventperk/testdata/golden/htmx-*.txt"
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files %s (%v)", glob, err)
	}
	printed := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			printed[strings.TrimSpace(l)] = true
		}
	}
	for _, doc := range []string{"docs/cli.md", "docs/htmx.md"} {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		marker := "<!-- htmx-trace: " + glob + " -->"
		_, after, ok := strings.Cut(string(text), marker)
		if !ok {
			t.Fatalf("%s lacks the marker %s", doc, marker)
		}
		_, block, _ := strings.Cut(after, "```text\n")
		block, _, _ = strings.Cut(block, "```")
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if len(lines) < 3 {
			t.Fatalf("%s shows %d lines after %s, want a trace", doc, len(lines), marker)
		}
		for _, l := range lines {
			if l = strings.TrimSpace(l); !printed[l] {
				t.Errorf("%s shows a line the command does not print:\n%s", doc, l)
			}
		}
	}
}
