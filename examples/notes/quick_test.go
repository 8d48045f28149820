package notes_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/examples/notes"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// TestQuickFlow is the test of docs/testing.md and the README: the
// shortest useful test of the app, in process, as a user.
func TestQuickFlow(t *testing.T) {
	app := notes.New(notes.Options{Users: map[string]string{"ada": "lovelace"}})
	defs, err := notes.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	sess, err := browse.New(browse.Options{Handler: app, Definitions: defs})
	if err != nil {
		t.Fatal(err)
	}
	s := vdomtest.Follow(t, sess.Document) // always the page loaded last

	if _, err := sess.Open(t.Context(), "/"); err != nil {
		t.Fatal(err)
	}
	s.Type(s.GetByLabelText("Name"), "ada") // sent to sign in first
	s.Type(s.GetByLabelText("Password"), "lovelace")
	s.Click(s.GetByRole("button", query.Name("Sign in")))

	s.Type(s.GetByRole("textbox", query.Name("New note")), "Eggs")
	s.Click(s.GetByRole("button", query.Name("Add")))
	s.ExpectText(s.GetByRole("status"), `Added "Eggs".`)
	s.GetByRole("link", query.Name("Eggs"))

	want := []string{
		"GET / -> 303",
		"GET /login?next=%2F -> 200",
		"POST /login -> 303",
		"GET / -> 200",
		"POST /items -> 303",
		"GET / -> 200",
	}
	if diff := cmp.Diff(want, app.Trace()); diff != "" {
		t.Errorf("handler trace mismatch (-want +got):\n%s", diff)
	}
}
