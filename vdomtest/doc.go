// Package vdomtest tests server-rendered pages in go test as a user uses
// them: find elements by role, label and text, click, type and select, and
// assert what the page shows, each in one line that fails the test with a
// readable message.
//
//	s := vdomtest.New(t, doc) // or vdomtest.Render(t, html)
//	s.Type(s.GetByLabelText("Email"), "ada@example.com")
//	s.Click(s.GetByRole("button", query.Name("Subscribe")))
//	s.ExpectText(s.GetByRole("status"), "Thanks! Check your inbox.")
//
// Render and Parse give the document the URL http://example.com/
// (DefaultURL; the URL option and vdom.WithURL set another), so a page's
// relative links and form actions resolve as on a server: a click on the
// submit button of <form action="/signup"> records its request.
// RenderComponent and ParseComponent take a component instead of a
// string: anything with Render(ctx, io.Writer) error, such as templ's.
//
// A Screen binds a testing.TB, a document and a root (the whole document,
// or one element with Within). Its queries are the query package's in the
// forms Testing Library users know: GetBy (exactly one), QueryBy (zero or
// one: nil for none), AllBy (one or more), QueryAllBy (any number) and
// FindBy (GetBy, waiting for the element), by Role, LabelText,
// PlaceholderText, Text, DisplayValue, AltText, Title and TestID; Get,
// Query, All, QueryAll and Find take any query.Query. A query that fails
// fails the test with the query's error: what it looked for, the roles and
// names that are there, and a print of the page.
//
// Actions (Click, Type, SelectOptions, Tab, ...) go through a
// userevent.User, so the page sees the events a browser fires and runs its
// default actions; they fail the test when a user could not act (a
// disabled or hidden element, one the pointer cannot reach for its
// visibility or pointer-events: the failure names the rule) and when a
// unit handler they set off fails, and they wait for the work those
// handlers started (see ActionWait).
//
// Assertions (ExpectText, ExpectValue, ExpectChecked, ExpectRequired,
// ExpectInvalid, ExpectVisible, ExpectInDocument, ExpectFocused,
// ExpectAttribute, ExpectClass, ExpectFormValues, ...) fail
// with a go-cmp diff and a print of the element. ExpectVisible and
// ExpectHidden are jest-dom's toBeVisible with the page's style sheets;
// a failure says which element and which rule hide it (WhyHidden:
// "its ancestor #menu has display: none from `.d-none` in
// /css/app.css, line 4"). Pretty and Debug print a
// subtree. ExpectURL says where the page is, by path, path and query, or
// whole URL, as Capybara's have_current_path.
//
// Settle waits until the page is idle: posted tasks, units' handler work
// (perk.Settle) and timers; on a document with a vdom.FakeClock it moves
// the clock from timer to timer, up to FakeLimit, so a test of a debounced
// search or a toast that disappears takes no real time. WaitFor retries a
// check until it passes, as Testing Library's waitFor does.
//
// Follow makes a Screen over the document a function gives at each call,
// for a page that navigates: vdomtest.Follow(t, sess.Document) follows a
// browse.Session from page to page.
//
// A Screen, like its document, belongs to one goroutine: the test's.
// Failures call t.Fatal, so a Screen's methods must run on the test's
// goroutine.
//
// Files: screen.go (Screen, New, Within, options, Parse, Render,
// RenderComponent, ParseComponent),
// follow.go (Follow, and the document, root and User each call uses),
// queries.go, queries_role.go and queries_text.go (the queries),
// actions.go and actions_keys.go (the user's actions), assert.go and
// visible.go (assertions; Visible, WhyHidden, ExpectInDocument), url.go (ExpectURL), wait.go (Settle,
// AdvanceTime, WaitFor, the Find queries), pretty.go (Pretty, Debug,
// failure messages).
package vdomtest
