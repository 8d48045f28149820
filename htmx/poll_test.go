package htmx_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/htmx"
)

// TestStatus286EndsPolling follows what each version does with status
// 286 ("stop polling") on an element polled with `every`: htmx 2 swaps
// the answer and sets no further poll (its handleAjaxResponse marks the
// element's polling cancelled); htmx 4 has no such status and polls on,
// swapping each answer as any 2xx.
func TestStatus286EndsPolling(t *testing.T) {
	for _, c := range []struct {
		script    string
		wantPolls int
		wantText  string
	}{
		{"/htmx-2.0.11.min.js", 2, "poll 2"},
		{"/htmx-4.0.1.js", 5, "poll 5"},
	} {
		t.Run(c.script, func(t *testing.T) {
			polls := 0
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/poll" {
					site(c.script, `<div id=status hx-get="/poll" hx-trigger="every 1s">waiting</div>`, nil).ServeHTTP(w, r)
					return
				}
				polls++
				w.Header().Set("Content-Type", "text/html")
				if polls == 2 {
					w.WriteHeader(286)
				}
				fmt.Fprintf(w, "poll %d", polls)
			})
			doc, clock, _ := clocked(t, h, htmx.Options{})
			for range 5 {
				if err := advance(t, doc, clock, time.Second); err != nil {
					t.Fatal(err)
				}
			}
			got := struct {
				Polls int
				Text  string
			}{polls, find(t, doc, "#status").TextContent()}
			want := struct {
				Polls int
				Text  string
			}{c.wantPolls, c.wantText}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("after 5 s (-want +got):\n%s", diff)
			}
		})
	}
}
