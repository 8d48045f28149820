package scenario_test

import (
	"context"
	"fmt"
	"net/http"

	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/scenario"
)

// A page that loads htmx runs its hx- attributes (package htmx): each
// request htmx sends and each swap shows in the trace. Options.HTMX
// chooses the version (here htmx 4, whatever the script says) or turns
// htmx off.
func ExampleOptions_htmx() {
	count := 0
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>Counter</title><script src="/js/htmx.min.js"></script>`+
			`<button hx-post="/inc" hx-target="#count">+1</button> <span id="count">0</span>`)
	})
	mux.HandleFunc("POST /inc", func(w http.ResponseWriter, r *http.Request) {
		count++
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, count)
	})
	s, err := scenario.Parse("counter.json", []byte(`{"page": "http://example.com/", "steps": [
		{"click": {"role": "button", "name": "+1"}},
		{"expect": {"target": "#count", "text": "1"}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Run(context.Background(), scenario.Options{Handler: mux, HTMX: htmx.Options{Version: htmx.V4, Force: true}})
	for _, st := range res.Steps {
		for _, it := range st.Items {
			switch it.Kind {
			case scenario.ItemHTMXRequest:
				rq := it.HTMXRequest
				fmt.Println(st.Path, "request", rq.Method, rq.URL, rq.Source, rq.Status)
			case scenario.ItemHTMXSwap:
				fmt.Println(st.Path, "swap", it.HTMXSwap.Style, "into", it.HTMXSwap.Target)
			}
		}
	}
	fmt.Println("ok:", res.OK())
	// Output:
	// steps[0] request POST http://example.com/inc body > button 200
	// steps[0] swap innerHTML into #count
	// ok: true
}
