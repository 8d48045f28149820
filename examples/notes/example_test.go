package notes_test

import (
	"context"
	"fmt"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/examples/notes"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// A session over the app's handler opens the list, is sent to sign in,
// signs in and adds a note; the page says what happened and the trace
// what the server saw. In a test, vdomtest.Follow(t, sess.Document) does
// the finding and acting in one line each (see quick_test.go).
func Example() {
	app := notes.New(notes.Options{Users: map[string]string{"ada": "lovelace"}, Notes: []string{"Milk"}})
	defs, err := notes.Definitions()
	if err != nil {
		panic(err)
	}
	sess, err := browse.New(browse.Options{Handler: app, Definitions: defs})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if _, err := sess.Open(ctx, "/"); err != nil {
		panic(err)
	}
	fmt.Println("at", sess.Page().URL().RequestURI())

	// get finds one element of the page loaded last.
	get := func(q query.Query) *vdom.Node {
		el, err := q.Get(&sess.Document().Node)
		if err != nil {
			panic(err)
		}
		return el
	}
	// check stops at an action's error: a click's includes the error of
	// the navigation it started (a 422 page is browse.ErrStatus).
	check := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	user := userevent.New(sess.Document())
	check(user.Type(get(query.ByLabelText("Name")), "ada"))
	check(user.Type(get(query.ByLabelText("Password")), "lovelace"))
	check(user.Click(get(query.ByRole("button", query.Name("Sign in")))))
	fmt.Println("at", sess.Page().URL().RequestURI())

	user = userevent.New(sess.Document()) // a new page: a new user of it
	check(user.Type(get(query.ByRole("textbox", query.Name("New note"))), "Eggs"))
	check(user.Click(get(query.ByRole("button", query.Name("Add")))))
	fmt.Println(get(query.ByRole("status")).TextContent())
	for _, line := range app.Trace() {
		fmt.Println(line)
	}
	// Output:
	// at /login?next=%2F
	// at /
	// Added "Eggs".
	// GET / -> 303
	// GET /login?next=%2F -> 200
	// POST /login -> 303
	// GET / -> 200
	// POST /items -> 303
	// GET / -> 200
}

// The app's units start on any document attached to the definitions: the
// count the server leaves empty is filled in, and follows the typing.
func ExampleDefinitions() {
	defs, err := notes.Definitions()
	if err != nil {
		panic(err)
	}
	doc := vdom.ParseString(`<label for="t">Text</label>
		<char-count><input id="t" maxlength="10" value="Tea"><small id="left" data-count></small></char-count>`)
	if err := unit.Attach(context.Background(), doc, defs); err != nil {
		panic(err)
	}
	left := doc.GetElementByID("left")
	fmt.Println(left.TextContent())
	if err := userevent.New(doc).Type(doc.GetElementByID("t"), "s!"); err != nil {
		panic(err)
	}
	fmt.Println(left.TextContent())
	// Output:
	// 7 characters left
	// 5 characters left
}
