package browse_test

import (
	"context"
	"fmt"
	"net/http"

	"github.com/eventperk/eventperk-go/browse"
)

// A page's linked sheets load through the application's handler with the
// page, and apply: the sheet that loaded hides the banner; the one that
// did not is listed with its status, and the page works without it.
func ExamplePage_StyleSheetErrors() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!DOCTYPE html><link rel=stylesheet href="/site.css"><link rel=stylesheet href="/theme.css">
<p id=banner class=banner>Sale!</p>`)
	})
	mux.HandleFunc("GET /site.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, `.banner { display: none }`)
	})
	sess, err := browse.New(browse.Options{Handler: mux})
	if err != nil {
		panic(err)
	}
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		panic(err)
	}
	fmt.Println("banner rendered:", page.Document().GetElementByID("banner").IsRendered())
	for _, e := range page.StyleSheetErrors() {
		fmt.Println(e.URL, e.Status)
		fmt.Println(e)
	}
	// Output:
	// banner rendered: false
	// http://example.com/theme.css 404
	// browse: style sheet http://example.com/theme.css not loaded: status 404 Not Found
}
