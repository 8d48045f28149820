package contacts_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/examples/contacts"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// versions are the htmx the page loads in each test: the tests run the
// same interactions in both.
var versions = []string{"2.0.11", "4.0.1"}

// names are the people of the contact list, in order.
var names = []string{
	"Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
	"Donald Knuth", "Frances Allen", "John Backus", "Margaret Hamilton", "Ken Thompson",
	"Dennis Ritchie", "Radia Perlman", "Tony Hoare", "Niklaus Wirth", "Leslie Lamport",
	"Hedy Lamarr", "Claude Shannon", "Katherine Johnson", "Alonzo Church", "Kathleen Booth",
	"Robin Milner", "Jean Sammet", "Butler Lampson", "Adele Goldberg", "Seymour Cray",
}

// people are the first n of names as contacts.
func people(n int) []contacts.Contact {
	out := make([]contacts.Contact, n)
	for i := range out {
		out[i] = contacts.Contact{Name: names[i], Email: fmt.Sprintf("person%d@example.com", i+1)}
	}
	return out
}

// app is a running contacts app with what the test needs around it.
type app struct {
	*vdomtest.Screen
	sess  *browse.Session
	app   *contacts.App
	clock *vdom.FakeClock
	// asked are the questions hx-confirm asked; confirm is the answer.
	asked   []string
	confirm bool
	// seen are the requests the handler got, "METHOD /path?query".
	mu   sync.Mutex
	seen []string
}

// start opens the list of n contacts with htmx of version v, on a fake
// clock that the test moves (AdvanceTime, Settle).
func start(t *testing.T, v string, n int) *app {
	t.Helper()
	a := &app{app: contacts.New(contacts.Options{HTMX: v, Contacts: people(n)}), confirm: true}
	a.clock = vdom.NewFakeClock(time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.seen = append(a.seen, r.Method+" "+r.URL.RequestURI())
		a.mu.Unlock()
		a.app.ServeHTTP(w, r)
	})
	opts := browse.Options{Handler: handler, ParseOptions: []vdom.ParseOption{vdom.WithClock(a.clock)}}
	err := htmx.Attach(&opts, htmx.Options{Confirm: func(d htmx.Dialog) bool {
		a.asked = append(a.asked, d.Message)
		return a.confirm
	}})
	if err != nil {
		t.Fatal(err)
	}
	if a.sess, err = browse.New(opts); err != nil {
		t.Fatal(err)
	}
	a.Screen = vdomtest.Follow(t, a.sess.Document)
	if _, err := a.sess.Open(t.Context(), "/"); err != nil {
		t.Fatal(err)
	}
	a.take()
	return a
}

// take returns the requests the handler got since the last call.
func (a *app) take() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := a.seen
	a.seen = nil
	return out
}

// rows returns the names in the table's rows, in order.
func (a *app) rows() []string {
	var out []string
	for _, tr := range a.all("#rows tr[id^=contact-]") {
		out = append(out, tr.Children()[1].TextContent())
	}
	return out
}

// all returns the elements of the current page sel matches.
func (a *app) all(sel string) []*vdom.Node {
	els, err := a.sess.Document().QuerySelectorAll(sel)
	if err != nil {
		panic(err)
	}
	return els
}

// row returns the row of the contact with id, nil for none.
func (a *app) row(id int) *vdom.Node {
	return a.sess.Document().GetElementByID(fmt.Sprintf("contact-%d", id))
}

func each(t *testing.T, test func(t *testing.T, v string)) {
	for _, v := range versions {
		t.Run("htmx "+v, func(t *testing.T) { test(t, v) })
	}
}

// TestSearchAsYouType: typing sends nothing until 300 ms after the last
// keystroke, then one request whose rows replace the table's.
func TestSearchAsYouType(t *testing.T) {
	each(t, func(t *testing.T, v string) {
		a := start(t, v, 25) // the app, a session with htmx attached, a fake clock
		search := a.GetByRole("searchbox", query.Name("Search"))
		a.Type(search, "la")
		a.AdvanceTime(299 * time.Millisecond) // nothing sent yet
		if got := a.take(); len(got) != 0 {
			t.Fatalf("sent %v before the delay ended", got)
		}
		a.AdvanceTime(time.Millisecond) // GET /contacts?q=la, rows swapped
		if diff := cmp.Diff([]string{"GET /contacts?q=la"}, a.take()); diff != "" {
			t.Errorf("requests, mismatch (-want +got):\n%s", diff)
		}
		want := []string{"Ada Lovelace", "Alan Turing", "Niklaus Wirth", "Leslie Lamport", "Hedy Lamarr", "Claude Shannon", "Butler Lampson"}
		if diff := cmp.Diff(want, a.rows()); diff != "" {
			t.Errorf("rows, mismatch (-want +got):\n%s", diff)
		}
		// Typing on restarts the delay: one more request.
		a.Type(search, "m")
		a.AdvanceTime(100 * time.Millisecond)
		a.Type(search, "p")
		a.AdvanceTime(300 * time.Millisecond)
		if diff := cmp.Diff([]string{"GET /contacts?q=lamp"}, a.take()); diff != "" {
			t.Errorf("requests, mismatch (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Leslie Lamport", "Butler Lampson"}, a.rows()); diff != "" {
			t.Errorf("rows, mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestClickToLoadMore: the last row's button replaces itself with the
// next page, until there is none.
func TestClickToLoadMore(t *testing.T) {
	each(t, func(t *testing.T, v string) {
		a := start(t, v, 25)
		if got := len(a.rows()); got != 10 {
			t.Fatalf("%d rows at first, want 10", got)
		}
		a.Click(a.GetByRole("button", query.Name("Load more")))
		a.Settle()
		if got := len(a.rows()); got != 20 {
			t.Fatalf("%d rows after one Load more, want 20", got)
		}
		a.Click(a.GetByRole("button", query.Name("Load more")))
		a.Settle()
		if diff := cmp.Diff(names, a.rows()); diff != "" {
			t.Errorf("rows, mismatch (-want +got):\n%s", diff)
		}
		if a.QueryByRole("button", query.Name("Load more")) != nil {
			t.Errorf("a Load more button after the last page")
		}
		want := []string{"GET /contacts?page=2&q=", "GET /contacts?page=3&q="}
		if diff := cmp.Diff(want, a.take()); diff != "" {
			t.Errorf("requests, mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestInlineEdit: Edit swaps in the fields; Save with a bad address
// shows the server's error in place; a good one saves and shows the row.
func TestInlineEdit(t *testing.T) {
	each(t, func(t *testing.T, v string) {
		a := start(t, v, 3)
		a.Click(a.GetByRole("button", query.Name("Edit Grace Hopper")))
		// htmx 2 wires the new row's buttons when it settles, 20 ms
		// after the swap, as in a browser.
		a.Settle()
		email := a.GetByRole("textbox", query.Name("Email"))
		a.ExpectValue(email, "person3@example.com")
		a.Clear(email)
		a.Type(email, "grace")
		a.Click(a.GetByRole("button", query.Name("Save")))
		a.Settle()
		a.ExpectText(a.GetByRole("alert"), "An email address has an @.")
		a.ExpectInvalid(a.GetByRole("textbox", query.Name("Email")), true)

		a.Type(a.GetByRole("textbox", query.Name("Email")), "@navy.mil")
		a.Click(a.GetByRole("button", query.Name("Save")))
		a.Settle()
		row := a.row(3)
		a.ExpectText(row.Children()[2], "grace@navy.mil")
		if got := a.app.Contacts()[2].Email; got != "grace@navy.mil" {
			t.Errorf("stored email %q", got)
		}
		// Cancel puts the row back as it was.
		a.Click(a.GetByRole("button", query.Name("Edit Ada Lovelace")))
		a.Settle()
		a.Type(a.GetByRole("textbox", query.Name("Name")), " King")
		a.Click(a.GetByRole("button", query.Name("Cancel")))
		a.Settle()
		if diff := cmp.Diff([]string{"Ada Lovelace", "Alan Turing", "Grace Hopper"}, a.rows()); diff != "" {
			t.Errorf("rows, mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestDeleteWithConfirmation: Delete asks first; declined, nothing is
// sent; accepted, the row fades for 200 ms and goes.
func TestDeleteWithConfirmation(t *testing.T) {
	each(t, func(t *testing.T, v string) {
		a := start(t, v, 3)
		a.confirm = false
		a.Click(a.GetByRole("button", query.Name("Delete Alan Turing")))
		if got := a.take(); len(got) != 0 {
			t.Errorf("declined, yet sent %v", got)
		}
		a.confirm = true
		a.Click(a.GetByRole("button", query.Name("Delete Alan Turing")))
		if diff := cmp.Diff([]string{"Delete Alan Turing?", "Delete Alan Turing?"}, a.asked); diff != "" {
			t.Errorf("questions, mismatch (-want +got):\n%s", diff)
		}
		row := a.row(2)
		a.ExpectClass(row, "htmx-swapping")
		a.AdvanceTime(199 * time.Millisecond)
		if !row.IsConnected() {
			t.Fatal("the row went before the swap delay ended")
		}
		a.AdvanceTime(time.Millisecond)
		if diff := cmp.Diff([]string{"Ada Lovelace", "Grace Hopper"}, a.rows()); diff != "" {
			t.Errorf("rows, mismatch (-want +got):\n%s", diff)
		}
		if got := len(a.app.Contacts()); got != 2 {
			t.Errorf("%d contacts stored, want 2", got)
		}
	})
}

// TestBulkUpdate: the checked rows are activated; the answer's status line
// goes into #status and the changed rows replace theirs out of band.
func TestBulkUpdate(t *testing.T) {
	each(t, func(t *testing.T, v string) {
		a := start(t, v, 4)
		a.Click(a.GetByRole("checkbox", query.Name("Select Alan Turing")))
		a.Click(a.GetByRole("checkbox", query.Name("Select Edsger Dijkstra")))
		a.Click(a.GetByRole("button", query.Name("Activate")))
		a.Settle()
		a.ExpectText(a.GetByRole("status"), "Activated 2 contacts.")
		var status []string
		for _, tr := range a.all("#rows tr") {
			status = append(status, tr.Children()[3].TextContent())
		}
		if diff := cmp.Diff([]string{"Inactive", "Active", "Inactive", "Active"}, status); diff != "" {
			t.Errorf("status column, mismatch (-want +got):\n%s", diff)
		}
		a.ExpectClass(a.row(2), "changed")
		a.ExpectChecked(a.GetByRole("checkbox", query.Name("Select Alan Turing")), false)
		if diff := cmp.Diff([]string{"PUT /contacts/activate"}, a.take()); diff != "" {
			t.Errorf("requests, mismatch (-want +got):\n%s", diff)
		}

		a.Click(a.GetByRole("checkbox", query.Name("Select Ada Lovelace")))
		a.Click(a.GetByRole("checkbox", query.Name("Select Alan Turing")))
		a.Click(a.GetByRole("button", query.Name("Deactivate")))
		a.Settle()
		a.ExpectText(a.GetByRole("status"), "Deactivated 1 contact.")
	})
}
