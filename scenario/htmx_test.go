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
