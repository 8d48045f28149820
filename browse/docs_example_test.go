package browse_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdomtest"
)

// The Go examples of browse's package documentation and of
// docs/pages.md, compiled and run (perk's TestDocsExamplesCompiled finds
// them here).

// app is the application of the documentation's examples.
func app() http.Handler { return loginApp() }

func TestPackageDocExample(t *testing.T) {
	ctx, app := context.Background(), app()
	sess, err := browse.New(browse.Options{Handler: app})
	if err != nil {
		t.Fatal(err)
	}
	page, err := sess.Open(ctx, "/login")
	if err != nil {
		t.Fatal(err)
	}
	user := userevent.New(page.Document())
	input, _ := page.Document().QuerySelector("input[name=name]")
	button, _ := page.Document().QuerySelector("button")
	if err := user.Type(input, "Ada"); err != nil {
		t.Fatal(err)
	}
	// The click submits the form: POST, 303, GET; the new page is
	// current when Click returns, and the load's error is Click's.
	if err := user.Click(button); err != nil {
		t.Fatal(err)
	}
	t.Log(sess.Page().URL(), sess.Document().Title())
	if sess.Document().Title() != "Account" {
		t.Errorf("after the click the page is %q", sess.Document().Title())
	}
}

func TestSignIn(t *testing.T) {
	sess, err := browse.New(browse.Options{Handler: app()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/login"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	s.Type(s.GetByLabelText("Name"), "Ada")
	// POST /login, 303, GET /account: loaded before Click returns.
	s.Click(s.GetByRole("button", query.Name("Log in")))
	s.ExpectText(s.GetByRole("heading"), "Hello, Ada")
	s.ExpectURL("/account")
}

func TestSignInOverAServer(t *testing.T) {
	srv := httptest.NewServer(app())
	defer srv.Close()
	sess, err := browse.New(browse.Options{BaseURL: srv.URL, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Open(t.Context(), "/login"); err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document)
	s.Type(s.GetByLabelText("Name"), "Ada")
	s.Click(s.GetByRole("button", query.Name("Log in")))
	s.ExpectText(s.GetByRole("heading"), "Hello, Ada")
}
