package htmx_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/google/go-cmp/cmp"
)

// OnResponse and OnSwap see every request and swap, in both versions and
// in the order each does them: a response with main and out-of-band
// content, an error status, a delete.
func TestOnResponseAndOnSwap(t *testing.T) {
	for _, script := range []string{"/htmx-2.0.11.min.js", "/htmx-4.0.1.min.js"} {
		t.Run(script[1:7], func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprint(w, `<!DOCTYPE html><html><head><script src="`+script+`"></script></head><body>`+
					`<button id=load hx-get="/rows" hx-target="#rows">Load</button>`+
					`<button id=bad hx-get="/missing" hx-target="#rows">Bad</button>`+
					`<button id=del hx-delete="/rows/1" hx-target="#note" hx-swap="delete">Delete</button>`+
					`<ul id=rows></ul><p id=count>0</p><p id=note>note</p></body></html>`)
			})
			mux.HandleFunc("GET /rows", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprint(w, `<li>a</li><li>b</li><p id=count hx-swap-oob="true">2</p>`)
			})
			mux.HandleFunc("DELETE /rows/1", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
			})
			var got []string
			opts := browse.Options{Handler: mux}
			err := htmx.Attach(&opts, htmx.Options{
				OnResponse: func(r *htmx.Request) {
					got = append(got, fmt.Sprintf("request %s %s %d", r.Method, r.URL, r.Response.Status))
				},
				OnSwap: func(s htmx.Swap) {
					got = append(got, fmt.Sprintf("swap %s %s #%s", s.Kind, s.Style, s.Target.ID()))
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			sess, _ := browse.New(opts)
			page, err := sess.Open(context.Background(), "/")
			if err != nil {
				t.Fatal(err)
			}
			doc := page.Document()
			user := userevent.New(doc)
			for _, id := range []string{"load", "bad", "del"} {
				// The 404 is reported as the click's error; the trace
				// sees it all the same.
				_ = user.Click(doc.GetElementByID(id))
			}
			// htmx 2 swaps out-of-band content before the main content
			// and leaves a 404 alone; htmx 4 swaps the main content
			// first, and every status but 204 and 304.
			want := []string{
				"request GET /rows 200", "swap oob outerHTML #count", "swap main innerHTML #rows",
				"request GET /missing 404",
				"request DELETE /rows/1 200", "swap main delete #note",
			}
			if script == "/htmx-4.0.1.min.js" {
				want = []string{
					"request GET /rows 200", "swap main innerHTML #rows", "swap oob outerHTML #count",
					"request GET /missing 404", "swap main innerHTML #rows",
					"request DELETE /rows/1 200", "swap main delete #note",
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("requests and swaps mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
