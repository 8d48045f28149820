package htmx_test

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// app is a small htmx application: a page with a counter whose button
// posts to /inc, which answers the new count.
func app() http.Handler {
	count := 0
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!DOCTYPE html><html><head><script src="/js/htmx-2.0.11.min.js"></script></head><body>
<button hx-post="/inc" hx-target="#count">+1</button> <span id="count" data-testid="count">0</span></body></html>`)
	})
	mux.HandleFunc("POST /inc", func(w http.ResponseWriter, r *http.Request) {
		count++
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, count)
	})
	return mux
}

func ExampleAttach() {
	opts := browse.Options{Handler: app()}
	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
		panic(err)
	}
	sess, err := browse.New(opts)
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		panic(err)
	}
	doc := page.Document()
	button, _ := doc.QuerySelector("button")
	user := userevent.New(doc)
	// Each click posts to /inc and swaps the answer before Click returns.
	for range 2 {
		if err := user.Click(button); err != nil {
			panic(err)
		}
	}
	count, _ := doc.QuerySelector("#count")
	fmt.Println(htmx.Of(doc).Version(), count.TextContent())
	// Output: htmx 2 (2.0.11) 2
}

// A test holds a response to see the page while the request is in
// flight: the request class is on the button until the response is
// released.
func ExampleEngine_Release() {
	opts := browse.Options{Handler: app()}
	_ = htmx.Attach(&opts, htmx.Options{
		Hold: func(r *htmx.Request) bool { return r.Path == "/inc" },
	})
	sess, _ := browse.New(opts)
	page, _ := sess.Open(context.Background(), "/")
	doc := page.Document()
	button, _ := doc.QuerySelector("button")
	_ = userevent.New(doc).Click(button)
	fmt.Println("in flight:", button.ClassName())
	engine := htmx.Of(doc)
	if err := engine.Release(engine.Held()[0]); err != nil {
		panic(err)
	}
	count, _ := doc.QuerySelector("#count")
	fmt.Printf("answered: %q, count %s\n", button.ClassName(), count.TextContent())
	// Output:
	// in flight: htmx-request
	// answered: "", count 1
}

// A page polls every second; on a fake clock the test moves time.
func ExampleOptions_fakeClock() {
	polls := 0
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/news" {
			polls++
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "news #%d", polls)
			return
		}
		fmt.Fprint(w, `<script src="https://unpkg.com/htmx.org@4.0.1"></script><div id="news" hx-get="/news" hx-trigger="every 1s">none</div>`)
	})
	clock := vdom.NewFakeClock(time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
	opts := browse.Options{Handler: handler, ParseOptions: []vdom.ParseOption{vdom.WithClock(clock)}}
	_ = htmx.Attach(&opts, htmx.Options{})
	sess, _ := browse.New(opts)
	page, _ := sess.Open(context.Background(), "/")
	news, _ := page.Document().QuerySelector("#news")
	_ = clock.Advance(3500 * time.Millisecond)
	_ = htmx.Of(page.Document()).Settle()
	fmt.Println(htmx.Of(page.Document()).Version(), news.TextContent())
	// Output: htmx 4 (4.0.1) news #3
}

// OnResponse and OnSwap tell a trace what the page's htmx does: each
// request as its response is taken in, each swap as it is made, in
// order.
func ExampleOptions_onSwap() {
	opts := browse.Options{Handler: app()}
	err := htmx.Attach(&opts, htmx.Options{
		OnResponse: func(r *htmx.Request) {
			fmt.Println("request", r.Method, r.URL, r.Response.Status)
		},
		OnSwap: func(s htmx.Swap) {
			fmt.Printf("swap %s into #%s (%s)\n", s.Style, s.Target.ID(), s.Kind)
		},
	})
	if err != nil {
		panic(err)
	}
	sess, _ := browse.New(opts)
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		panic(err)
	}
	button, _ := page.Document().QuerySelector("button")
	if err := userevent.New(page.Document()).Click(button); err != nil {
		panic(err)
	}
	// Output:
	// request POST /inc 200
	// swap innerHTML into #count (main)
}
