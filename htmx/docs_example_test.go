package htmx_test

import (
	"context"
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
