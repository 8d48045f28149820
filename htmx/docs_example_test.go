package htmx_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// The Go examples of the package documentation and of docs/htmx.md,
// compiled and run (perk's TestDocsExamplesCompiled finds them here).

func TestPackageDocExample(t *testing.T) {
	ctx := context.Background()
	app := app()
	opts := browse.Options{Handler: app}
	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
		t.Fatal(err)
	}
	sess, _ := browse.New(opts)
	page, _ := sess.Open(ctx, "/")
	user := userevent.New(page.Document())
	button, _ := page.Document().QuerySelector("button[hx-post]")
	// The click sends the request and swaps the response before it
	// returns; its error holds what htmx found wrong.
	if err := user.Click(button); err != nil {
		t.Fatal(err)
	}
	count, _ := page.Document().QuerySelector("#count")
	if got := count.TextContent(); got != "1" {
		t.Errorf("count %q, want 1", got)
	}
}

func TestCounter(t *testing.T) {
	opts := browse.Options{Handler: app()}
	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
		t.Fatal(err)
	}
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	page, err := sess.Open(context.Background(), "/")
	if err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	// The click posts to /inc and swaps the answer before it returns.
	s.Click(s.GetByRole("button", query.Name("+1")))
	s.ExpectText(s.Get(query.ByTestID("count")), "1")
	if htmx.Of(page.Document()).Version() != htmx.V2 {
		t.Fatal("the page loads htmx 2")
	}
}

// itemsApp is the application of docs/htmx.md's history example: a list
// whose pages htmx loads and pushes.
func itemsApp() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page := r.URL.Query().Get("page")
		if page == "" {
			page = "1"
		}
		item := "<li>item " + page + "</li>"
		if r.Header.Get("HX-Request") == "true" && r.Header.Get("HX-History-Restore-Request") == "" {
			io.WriteString(w, item)
			return
		}
		io.WriteString(w, `<!DOCTYPE html><html><head><script src="/js/htmx-2.0.11.min.js"></script></head><body>
<button hx-get="/items?page=2" hx-target="#list" hx-push-url="true">Page 2</button>
<ul id="list" data-testid="list">`+item+`</ul></body></html>`)
	})
}

func TestHistoryPush(t *testing.T) {
	opts := browse.Options{Handler: itemsApp()}
	if err := htmx.Attach(&opts, htmx.Options{}); err != nil {
		t.Fatal(err)
	}
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/items"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	// hx-push-url: the session's URL and a new entry, no page load.
	s.Click(s.GetByRole("button", query.Name("Page 2")))
	s.ExpectURL("http://example.com/items?page=2")
	s.ExpectText(s.Get(query.ByTestID("list")), "item 2")
	// Back: htmx 2 swaps back the snapshot it saved before the push.
	if _, err := sess.Back(t.Context()); err != nil {
		t.Fatal(err)
	}
	s.ExpectURL("http://example.com/items")
	s.ExpectText(s.Get(query.ByTestID("list")), "item 1")
	if n := len(sess.Requests()); n != 2 || len(sess.History()) != 2 {
		t.Errorf("%d requests, %d entries; want 2 and 2", n, len(sess.History()))
	}
}
