package browse_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/eventperk/eventperk-go/browse"
)

// A redirected load records the URLs it passed through, and Requests the
// trace of every hop.
func ExamplePage_Redirects() {
	mux := http.NewServeMux()
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/new", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>New</title>`)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/old#intro")
	if err != nil {
		panic(err)
	}
	fmt.Println(page.URL(), page.Redirects())
	fmt.Println(sess.Requests())
	// Output:
	// http://example.com/new#intro [http://example.com/old#intro]
	// [{GET http://example.com/old 301 false false} {GET http://example.com/new 200 false false}]
}

// A redirect loop fails with the chain that shows it.
func ExampleRedirectError() {
	mux := http.NewServeMux()
	mux.HandleFunc("/a", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/b", http.StatusFound) })
	mux.HandleFunc("/b", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/a", http.StatusFound) })
	sess, err := browse.New(browse.Options{Handler: mux, MaxRedirects: 3})
	if err != nil {
		panic(err)
	}
	_, err = sess.Open(context.Background(), "/a")
	var rerr *browse.RedirectError
	fmt.Println(errors.As(err, &rerr), rerr.Chain)
	// Output:
	// true [http://example.com/a http://example.com/b http://example.com/a http://example.com/b http://example.com/a]
}

// Reload sends the page's request again: a POST is resubmitted with its
// body.
func ExampleSession_Reload() {
	count := 0
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// Without it, net/http sniffs text/plain from a body that starts
		// with <form, in process as over the network.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<form method="post" action="/vote"><input name="choice" value="go"></form>`)
	})
	mux.HandleFunc("POST /vote", func(w http.ResponseWriter, r *http.Request) {
		count++
		fmt.Fprintf(w, `<p>%d votes for %s</p>`, count, r.FormValue("choice"))
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	page, err := sess.Open(ctx, "/")
	if err != nil {
		panic(err)
	}
	form, _ := page.Document().QuerySelector("form")
	if err := form.RequestSubmit(nil); err != nil {
		panic(err)
	}
	if _, err := sess.Reload(ctx); err != nil {
		panic(err)
	}
	p, _ := sess.Document().QuerySelector("p")
	fmt.Println(p.TextContent(), sess.History())
	// Output:
	// 2 votes for go [{GET http://example.com/} {POST http://example.com/vote}]
}

// Cookies reads the jar as the session would send it to a URL.
func ExampleSession_Cookies() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Path: "/"})
		http.SetCookie(w, &http.Cookie{Name: "cart", Value: "3", Path: "/shop"})
		fmt.Fprint(w, `<p>hello`)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	if _, err := sess.Open(context.Background(), "/"); err != nil {
		panic(err)
	}
	for _, path := range []string{"/", "/shop/items"} {
		cookies, err := sess.Cookies(path)
		if err != nil {
			panic(err)
		}
		fmt.Println(path, cookies)
	}
	// Output:
	// / [theme=dark]
	// /shop/items [cart=3 theme=dark]
}

// A handler that waits for something without watching its request's
// context (here a channel the test closes later) would hold the load until
// it returns; IsolateHandler runs it on a goroutine of its own, so the
// load gives up at its Timeout and the test goes on.
func ExampleOptions_isolateHandler() {
	ready := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-ready // not <-r.Context().Done()
		fmt.Fprint(w, `<title>Ready</title>`)
	})
	sess, err := browse.New(browse.Options{Handler: h, IsolateHandler: true, Timeout: 200 * time.Millisecond})
	if err != nil {
		panic(err)
	}
	_, err = sess.Open(context.Background(), "/")
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	close(ready) // the abandoned handler returns
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		panic(err)
	}
	fmt.Println(page.Document().Title())
	// Output:
	// true
	// Ready
}
