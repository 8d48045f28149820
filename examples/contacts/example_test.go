package contacts_test

import (
	"context"
	"fmt"
	"time"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/examples/contacts"
	"github.com/eventperk/eventperk-go/htmx"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// A session over the app's handler, with htmx attached, on a fake clock:
// typing in the search field sends nothing until the clock has moved
// 300 ms past the last keystroke; then the rows that match replace the
// table's. In a test, vdomtest.Follow(t, sess.Document) finds and acts in
// one line each (contacts_test.go).
func Example() {
	app := contacts.New(contacts.Options{Contacts: []contacts.Contact{
		{Name: "Ada Lovelace", Email: "ada@example.com"},
		{Name: "Alan Turing", Email: "alan@example.com"},
		{Name: "Grace Hopper", Email: "grace@example.com"},
	}})
	clock := vdom.NewFakeClock(time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC))
	opts := browse.Options{Handler: app, ParseOptions: []vdom.ParseOption{vdom.WithClock(clock)}}
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
	fmt.Println(htmx.Of(doc).Version())

	search, err := query.ByRole("searchbox", query.Name("Search")).Get(&doc.Node)
	if err != nil {
		panic(err)
	}
	if err := userevent.New(doc).Type(search, "tu"); err != nil {
		panic(err)
	}
	rows := func() {
		trs, _ := doc.QuerySelectorAll("#rows tr")
		fmt.Println("rows:", len(trs))
	}
	rows()
	if err := clock.Advance(300 * time.Millisecond); err != nil {
		panic(err)
	}
	// Settle takes in the response that came meanwhile.
	if err := htmx.Of(doc).Settle(); err != nil {
		panic(err)
	}
	rows()
	for _, r := range sess.Requests()[1:] {
		fmt.Println(r.Method, r.URL.RequestURI(), r.Status)
	}
	// Output:
	// htmx 2 (2.0.11)
	// rows: 3
	// rows: 1
	// GET /contacts?q=tu 200
}
