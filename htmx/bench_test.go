package htmx_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkClickSwapRows is one interaction of an htmx page: a click, the
// request to the handler, the swap of 50 table rows and the settle, in
// each version.
func BenchmarkClickSwapRows(b *testing.B) {
	var rows strings.Builder
	for i := range 50 {
		fmt.Fprintf(&rows, `<tr id="r%d"><td>row %d</td><td><button hx-delete="/rows/%d">x</button></td></tr>`, i, i, i)
	}
	for _, script := range []string{"/htmx-2.0.11.min.js", "/htmx-4.0.1.min.js"} {
		b.Run(script[1:7], func(b *testing.B) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				if r.URL.Path == "/rows" {
					fmt.Fprint(w, rows.String())
					return
				}
				fmt.Fprint(w, `<!DOCTYPE html><html><head><script src="`+script+`"></script></head><body>`+
					`<button id="load" hx-get="/rows" hx-target="#t">Load</button><table><tbody id="t"></tbody></table></body></html>`)
			})
			clock := vdom.NewFakeClock(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
			opts := browse.Options{Handler: h, ParseOptions: []vdom.ParseOption{vdom.WithClock(clock)}}
			if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
				b.Fatal(err)
			}
			sess, err := browse.New(opts)
			if err != nil {
				b.Fatal(err)
			}
			page, err := sess.Open(context.Background(), "/")
			if err != nil {
				b.Fatal(err)
			}
			doc := page.Document()
			button, _ := doc.QuerySelector("#load")
			user := userevent.New(doc)
			b.ReportAllocs()
			for b.Loop() {
				if err := user.Click(button); err != nil {
					b.Fatal(err)
				}
				if err := clock.Advance(50 * time.Millisecond); err != nil {
					b.Fatal(err)
				}
			}
			if n := len(doc.GetElementsByTagName("tr")); n != 50 {
				b.Fatalf("%d rows, want 50", n)
			}
		})
	}
}
