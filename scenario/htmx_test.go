package scenario_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/scenario"
	"github.com/google/go-cmp/cmp"
)

// A request whose timeout passes before its answer comes shows as such;
// with Options.HTMX.Off the page's hx- attributes do nothing.
func TestHTMXTrace(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<script src="/htmx-2.0.11.min.js"></script>`+
			`<button id="slow" hx-get="/slow" hx-target="#out" hx-request='{"timeout": 10}'>Slow</button><p id="out"></p>`)
	})
	mux.HandleFunc("GET /slow", func(w http.ResponseWriter, r *http.Request) {
		// Longer than the button's timeout of 10 ms, on any machine.
		time.Sleep(60 * time.Millisecond)
		fmt.Fprint(w, "late")
	})
	s, err := scenario.Parse("slow.json", []byte(`{"page": "http://example.com/", "steps": [{"click": "#slow", "expectError": "timeout"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	lines := func(o scenario.Options) []string {
		t.Helper()
		var b bytes.Buffer
		s.Run(context.Background(), o).WriteText(&b, scenario.Format{})
		var got []string
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "htmx ") || strings.HasPrefix(strings.TrimSpace(l), "✗") {
				got = append(got, strings.TrimSpace(l))
			}
		}
		return got
	}
	want := []string{"htmx GET /slow (#slow): no response within the timeout"}
	if diff := cmp.Diff(want, lines(scenario.Options{Handler: mux})); diff != "" {
		t.Errorf("timed out request mismatch (-want +got):\n%s", diff)
	}
	want = []string{`✗ error: expected an error containing "timeout", but the step succeeded`}
	if diff := cmp.Diff(want, lines(scenario.Options{Handler: mux, HTMX: htmx.Options{Off: true}})); diff != "" {
		t.Errorf("htmx off mismatch (-want +got):\n%s", diff)
	}
}

// A request's URL in the trace is the one the page sent: resolved against
// the document's base URL (<base href>) with the URL standard's parser, as
// the page's fetch resolves it.
func TestHTMXTraceURLResolvesAgainstBase(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<base href="/sub/"><script src="/htmx-2.0.11.min.js"></script>`+
			`<button id="b" hx-get="x" hx-target="#out">Go</button><button id="c" hx-get="\y" hx-target="#out">Go</button><p id="out"></p>`)
	})
	for _, p := range []string{"/sub/x", "/y"} {
		mux.HandleFunc("GET "+p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, p)
		})
	}
	s, err := scenario.Parse("base.json", []byte(`{"page": "http://example.com/", "steps": [{"click": "#b"}, {"click": "#c"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	s.Run(context.Background(), scenario.Options{Handler: mux}).WriteText(&b, scenario.Format{})
	var got []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "htmx GET") {
			got = append(got, strings.TrimSpace(l))
		}
	}
	want := []string{"htmx GET /sub/x (#b): 200 OK", "htmx GET /y (#c): 200 OK"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s\n%s", diff, b.String())
	}
}
