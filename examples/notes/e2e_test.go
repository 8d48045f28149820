package notes_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/examples/notes"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// TestMain fails the package when a test leaves a goroutine running (a
// server not closed, a handler still running).
func TestMain(m *testing.M) { testenv.VerifyTestMain(m) }

// These tests use the app as a user does, through its real handler: a
// browse.Session loads the pages, keeps the cookies, follows redirects and
// the navigations the page starts (a followed link, a submitted form), and
// hydrates the page's units; a Screen made with vdomtest.Follow always
// works on the page loaded last. Each test runs twice: with the handler in
// process, and over a real HTTP server.

// A mode is a way to reach the app.
type mode struct {
	name    string
	session func(t *testing.T, app http.Handler, opts browse.Options) *browse.Session
}

var modes = []mode{
	{"handler", func(t *testing.T, app http.Handler, opts browse.Options) *browse.Session {
		opts.Handler = app // in process: no network, no server
		return newSession(t, opts)
	}},
	{"server", func(t *testing.T, app http.Handler, opts browse.Options) *browse.Session {
		srv := httptest.NewServer(app)
		t.Cleanup(srv.Close)
		opts.BaseURL, opts.Client = srv.URL, srv.Client()
		return newSession(t, opts)
	}},
}

func newSession(t *testing.T, opts browse.Options) *browse.Session {
	t.Helper()
	sess, err := browse.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// forEachMode runs test once per mode, each with a fresh app and a session
// that makes the app's units on every page. Nothing is shared between
// them, so they run in parallel.
func forEachMode(t *testing.T, test func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen)) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			app := newApp()
			defs, err := notes.Definitions()
			if err != nil {
				t.Fatal(err)
			}
			sess := m.session(t, app, browse.Options{Definitions: defs})
			test(t, app, sess, vdomtest.Follow(t, sess.Document))
		})
	}
}

// open opens target as the first page of the session.
func open(t *testing.T, sess *browse.Session, target string) {
	t.Helper()
	if _, err := sess.Open(t.Context(), target); err != nil {
		t.Fatalf("open %s: %v", target, err)
	}
}

// signInAs fills in the sign-in form on the current page and sends it.
func signInAs(s *vdomtest.Screen, name, password string) {
	s.T().Helper()
	s.Type(s.GetByLabelText("Name"), name)
	s.Type(s.GetByLabelText("Password"), password)
	s.Click(s.GetByRole("button", query.Name("Sign in")))
}

// expectPath fails the test unless the current page's path and query are
// want.
func expectPath(t *testing.T, sess *browse.Session, want string) {
	t.Helper()
	if got := sess.Page().URL().RequestURI(); got != want {
		t.Errorf("page %s, want %s", got, want)
	}
}

// expectTrace compares what the server saw with want.
func expectTrace(t *testing.T, app *notes.App, want []string) {
	t.Helper()
	expectSame(t, "handler trace", want, app.Trace())
}

// expectTraceEnds compares the last calls the server saw with want.
func expectTraceEnds(t *testing.T, app *notes.App, want []string) {
	t.Helper()
	got := app.Trace()
	expectSame(t, "end of the handler trace", want, got[max(len(got)-len(want), 0):])
}

// expectSame fails the test with a go-cmp diff unless got is want.
func expectSame[T any](t *testing.T, what string, want, got T) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, diff)
	}
}

func TestSignInThenBackToWhereYouWere(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/items/2/edit")
		expectPath(t, sess, "/login?next=%2Fitems%2F2%2Fedit")
		s.GetByRole("heading", query.Name("Sign in"))
		if c, err := sess.Cookies("/"); err != nil || len(c) != 0 {
			t.Errorf("cookies before signing in: %v, %v", c, err)
		}

		signInAs(s, "ada", "lovelace")
		expectPath(t, sess, "/items/2/edit") // the next parameter was honoured
		var hops []string
		for _, u := range sess.Page().Redirects() {
			hops = append(hops, u.RequestURI())
		}
		expectSame(t, "redirects", []string{"/login"}, hops)
		s.ExpectValue(s.GetByRole("textbox", query.Name("Text")), "Bread")
		s.GetByText("Signed in as ada")
		cookies, err := sess.Cookies("/")
		if err != nil || len(cookies) != 1 || cookies[0].Name != notes.SessionCookie {
			t.Errorf("cookies after signing in: %v, %v; want the session cookie", cookies, err)
		}

		expectTrace(t, app, []string{
			"GET /items/2/edit -> 303",
			"GET /login?next=%2Fitems%2F2%2Fedit -> 200",
			"POST /login -> 303",
			"GET /items/2/edit -> 200",
		})
	})
}

func TestWrongPasswordKeepsTheName(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		s.Type(s.GetByLabelText("Name"), "ada")
		s.Type(s.GetByLabelText("Password"), "babbage")
		// The 422 page comes back with an error from the click that
		// submitted the form; it is the current page, ready for asserts.
		err := s.User().Click(s.GetByRole("button", query.Name("Sign in")))
		if !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("sign-in with a wrong password: error %v, want browse.ErrStatus", err)
		}
		var se *browse.StatusError
		if !errors.As(err, &se) || se.Status != http.StatusUnprocessableEntity {
			t.Errorf("error %v, want a *browse.StatusError with 422", err)
		}
		if got := sess.Page().Status(); got != http.StatusUnprocessableEntity {
			t.Errorf("page status %d, want 422", got)
		}
		s.ExpectText(s.GetByRole("alert"), "Wrong name or password.")
		s.ExpectValue(s.GetByLabelText("Name"), "ada")
		s.ExpectValue(s.GetByLabelText("Password"), "")

		s.Type(s.GetByLabelText("Password"), "lovelace")
		s.Click(s.GetByRole("button", query.Name("Sign in")))
		s.GetByRole("heading", query.Name("Notes"))
		expectTrace(t, app, []string{
			"GET / -> 303",
			"GET /login?next=%2F -> 200",
			"POST /login -> 422",
			"POST /login -> 303",
			"GET / -> 200",
		})
	})
}

func TestAddEditRemove(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")

		// Add: post, redirect, and the list says what happened.
		s.Type(s.GetByRole("textbox", query.Name("New note")), "Eggs")
		s.Click(s.GetByRole("button", query.Name("Add")))
		expectPath(t, sess, "/")
		s.ExpectText(s.GetByRole("status"), `Added "Eggs".`)
		// The message was for one page view: a reload does not show it.
		if _, err := sess.Reload(t.Context()); err != nil {
			t.Fatal(err)
		}
		if el := s.QueryByRole("status"); el != nil {
			t.Errorf("the message is back after a reload: %s", s.Pretty(el))
		}
		notesList := s.Within(s.GetByRole("list", query.Name("Notes")))
		expectSame(t, "notes", []string{"Milk", "Bread", "Eggs"}, texts(notesList.AllByRole("link")))

		// Edit: follow the note's link, change the text, save.
		s.Click(s.GetByRole("link", query.Name("Eggs")))
		expectPath(t, sess, "/items/3/edit")
		field := s.GetByRole("textbox", query.Name("Text"))
		s.Clear(field)
		s.Type(field, "Free-range eggs")
		s.Click(s.GetByRole("button", query.Name("Save")))
		s.ExpectText(s.GetByRole("status"), `Saved "Free-range eggs".`)
		s.GetByRole("link", query.Name("Free-range eggs"))

		// Remove: the first click only asks; the page sends nothing.
		before := len(app.Trace())
		s.Click(s.GetByRole("button", query.Name("Remove Free-range eggs")))
		if got := app.Trace()[before:]; len(got) != 0 {
			t.Errorf("the first click on Remove reached the server: %q", got)
		}
		s.Click(s.GetByRole("button", query.Name("Really remove Free-range eggs?")))
		s.ExpectText(s.GetByRole("status"), `Removed "Free-range eggs".`)
		if s.QueryByRole("link", query.Name("Free-range eggs")) != nil {
			t.Error("the removed note is still listed")
		}

		// What the session sent is what the server saw.
		var sent []string
		for _, r := range sess.Requests() {
			sent = append(sent, fmt.Sprintf("%s %s -> %d", r.Method, r.URL.RequestURI(), r.Status))
		}
		if diff := cmp.Diff(app.Trace(), sent); diff != "" {
			t.Errorf("requests sent and handler trace differ (-trace +sent):\n%s", diff)
		}
		expectTrace(t, app, []string{
			"GET / -> 303",
			"GET /login?next=%2F -> 200",
			"POST /login -> 303",
			"GET / -> 200",
			"POST /items -> 303",
			"GET / -> 200",
			"GET / -> 200",
			"GET /items/3/edit -> 200",
			"POST /items/3 -> 303",
			"GET / -> 200",
			"POST /items/3/delete -> 303",
			"GET / -> 200",
		})
	})
}

// texts returns the text of each element.
func texts(els []*vdom.Node) []string {
	var out []string
	for _, el := range els {
		out = append(out, vdomtest.NormalizeSpace(el.TextContent()))
	}
	return out
}

func TestValidationErrorsShowOnThePage(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")

		// The page itself refuses an empty note: nothing is sent.
		before := len(app.Trace())
		s.Click(s.GetByRole("button", query.Name("Add")))
		s.ExpectFocused(s.GetByRole("textbox", query.Name("New note")))
		if got := app.Trace()[before:]; len(got) != 0 {
			t.Errorf("an empty note reached the server: %q", got)
		}

		// What only the server knows: Milk is on the list already.
		s.Type(s.GetByRole("textbox", query.Name("New note")), "milk")
		err := s.User().Click(s.GetByRole("button", query.Name("Add")))
		if !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("adding a duplicate: error %v, want browse.ErrStatus", err)
		}
		expectPath(t, sess, "/items")
		s.ExpectText(s.GetByRole("alert"), `"Milk" is on the list already.`)
		field := s.GetByRole("textbox", query.Name("New note"))
		s.ExpectValue(field, "milk") // what was typed is kept
		s.ExpectAttribute(field, "aria-invalid", "true")
		s.ExpectFocused(field) // autofocus: ready to be fixed
		// The unit hydrated the 422 page too.
		s.Get(query.ByRole("textbox", query.Name("New note"),
			query.Description(`76 characters left "Milk" is on the list already.`)))

		// Reload sends the POST again, as a browser does once the user
		// confirms the resubmission.
		if _, err := sess.Reload(t.Context()); !errors.Is(err, browse.ErrStatus) {
			t.Errorf("reloading the 422 page: %v, want browse.ErrStatus", err)
		}
		s.ExpectText(s.GetByRole("alert"), `"Milk" is on the list already.`)

		// Fixed, the same form goes through. The field is the reloaded
		// page's: the one found before went with its page.
		field = s.GetByRole("textbox", query.Name("New note"))
		s.Clear(field)
		s.Type(field, "Oat milk")
		s.Click(s.GetByRole("button", query.Name("Add")))
		s.ExpectText(s.GetByRole("status"), `Added "Oat milk".`)

		want := []string{"POST /items -> 422", "POST /items -> 422", "POST /items -> 303", "GET / -> 200"}
		expectSame(t, "handler trace", want, app.Trace()[before:])
	})
}

func TestLinksAndHistory(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		s.Click(s.GetByRole("link", query.Name("Bread")))
		s.GetByRole("heading", query.Name("Edit note"))
		s.Click(s.GetByRole("link", query.Name("Cancel")))
		s.GetByRole("heading", query.Name("Notes"))

		// Back and Forward load the entries again, as a browser that
		// keeps no page in memory.
		before := len(app.Trace())
		if _, err := sess.Back(t.Context()); err != nil {
			t.Fatal(err)
		}
		expectPath(t, sess, "/items/2/edit")
		s.ExpectValue(s.GetByRole("textbox", query.Name("Text")), "Bread")
		if _, err := sess.Back(t.Context()); err != nil {
			t.Fatal(err)
		}
		expectPath(t, sess, "/")
		if _, err := sess.Forward(t.Context()); err != nil {
			t.Fatal(err)
		}
		expectPath(t, sess, "/items/2/edit")
		// A link from here drops the entry ahead.
		s.Click(s.GetByRole("link", query.Name("All notes")))
		if _, err := sess.Forward(t.Context()); !errors.Is(err, browse.ErrNoHistory) {
			t.Errorf("Forward after a new navigation: %v, want browse.ErrNoHistory", err)
		}

		type entry struct{ Method, Path string }
		var got []entry
		for _, h := range sess.History() {
			got = append(got, entry{h.Method, h.URL.RequestURI()})
		}
		want := []entry{
			{"GET", "/login?next=%2F"},
			{"GET", "/"},
			{"GET", "/items/2/edit"},
			{"GET", "/"},
		}
		expectSame(t, "history", want, got)
		if sess.HistoryIndex() != len(want)-1 {
			t.Errorf("history index %d, want %d", sess.HistoryIndex(), len(want)-1)
		}
		wantTrace := []string{"GET /items/2/edit -> 200", "GET / -> 200", "GET /items/2/edit -> 200", "GET / -> 200"}
		expectSame(t, "handler trace", wantTrace, app.Trace()[before:])
	})
}

func TestNotFoundPage(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		page, err := sess.Open(t.Context(), "/items/42/edit")
		if !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("a note that is not there: error %v, want browse.ErrStatus", err)
		}
		if page.Status() != http.StatusNotFound {
			t.Errorf("a note that is not there: status %d, want 404", page.Status())
		}
		s.GetByText("There is no such note.")
		s.Click(s.GetByRole("link", query.Name("Back to the notes")))
		s.GetByRole("heading", query.Name("Notes"))
	})
}

func TestSignOut(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		s.Click(s.GetByRole("button", query.Name("Sign out")))
		expectPath(t, sess, "/login")
		if c, err := sess.Cookies("/"); err != nil || len(c) != 0 {
			t.Errorf("cookies after signing out: %v, %v; want none", c, err)
		}
		// Back asks the server again (the session keeps no page in
		// memory), and the server sends a signed-out user to sign in.
		if _, err := sess.Back(t.Context()); err != nil {
			t.Fatal(err)
		}
		expectPath(t, sess, "/login?next=%2F")
		if s.QueryByText("Signed in as ada") != nil {
			t.Error("Back after signing out shows ada's page")
		}
		want := []string{"POST /logout -> 303", "GET /login -> 200", "GET / -> 303", "GET /login?next=%2F -> 200"}
		expectTraceEnds(t, app, want)
	})
}

// The units start on every page the session loads, without the test
// asking: on the list, after a navigation to the edit page, and in what a
// page inserts later.
func TestUnitsHydrateOnEveryPage(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		field := s.GetByRole("textbox", query.Name("New note"))
		s.Get(query.ByRole("textbox", query.Name("New note"), query.Description("80 characters left")))
		s.Type(field, "Tea")
		s.Get(query.ByRole("textbox", query.Name("New note"), query.Description("77 characters left")))

		s.Click(s.GetByRole("link", query.Name("Milk")))
		field = s.GetByRole("textbox", query.Name("Text"))
		s.Get(query.ByRole("textbox", query.Name("Text"), query.Description("76 characters left")))
		s.Type(field, "!")
		s.Get(query.ByRole("textbox", query.Name("Text"), query.Description("75 characters left")))

		err := s.GetByRole("main").InsertAdjacentHTML(vdom.BeforeEnd,
			`<label for="c">Comment</label><char-count><input id="c" maxlength="5" aria-describedby="c-left"><small id="c-left" data-count></small></char-count>`)
		if err != nil {
			t.Fatal(err)
		}
		s.Get(query.ByRole("textbox", query.Name("Comment"), query.Description("5 characters left")))
	})
}

// The search is a GET form: its entries go in the URL, which the sign-in
// keeps through the next parameter.
func TestSearch(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/?q=bread")
		expectPath(t, sess, "/login?next=%2F%3Fq%3Dbread")
		signInAs(s, "ada", "lovelace")
		expectPath(t, sess, "/?q=bread")
		search := s.GetByRole("searchbox", query.Name("Search"))
		s.ExpectValue(search, "bread")
		list := s.Within(s.GetByRole("list", query.Name("Notes")))
		expectSame(t, "notes found", []string{"Bread"}, texts(list.AllByRole("link")))

		s.Clear(search)
		s.Type(search, "tea{Enter}")
		expectPath(t, sess, "/?q=tea")
		s.GetByText(`No note has "tea" in it.`, query.Substring)
		s.Click(s.GetByRole("link", query.Name("Show all notes")))
		expectSame(t, "notes listed", []string{"Milk Remove", "Bread Remove"}, texts(s.AllByRole("listitem")))

		expectTrace(t, app, []string{
			"GET /?q=bread -> 303",
			"GET /login?next=%2F%3Fq%3Dbread -> 200",
			"POST /login -> 303",
			"GET /?q=bread -> 200",
			"GET /?q=tea -> 200",
			"GET / -> 200",
		})
	})
}

// A form on another site that posts to the app is refused, whatever
// cookies come with it: the app checks where a POST comes from (its
// Origin header, which the session sets from the page that sent it).
func TestCrossSiteFormIsRefused(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		target := sess.Page().URL()
		target.Path = "/items/1/delete"

		// A page of another site, with a form aimed at the app.
		evil, err := vdom.Parse(strings.NewReader(`<form method="post" action="`+target.String()+`"><button>Win a prize</button></form>`),
			vdom.WithURL("https://evil.example/prize"))
		if err != nil {
			t.Fatal(err)
		}
		form, err := evil.QuerySelector("form")
		if err != nil {
			t.Fatal(err)
		}
		if err := form.RequestSubmit(nil); err != nil {
			t.Fatal(err)
		}
		navs := evil.Window().Navigations() // recorded: that page has no session
		if len(navs) != 1 {
			t.Fatalf("%d navigations from the other site's form, want 1", len(navs))
		}
		page, err := sess.Navigate(t.Context(), navs[0])
		if !errors.Is(err, browse.ErrStatus) {
			t.Fatalf("the cross-site POST: error %v, want browse.ErrStatus", err)
		}
		if page.Status() != http.StatusForbidden {
			t.Errorf("the cross-site POST: status %d, want 403", page.Status())
		}

		open(t, sess, "/")
		s.GetByRole("link", query.Name("Milk")) // still there
		want := []string{"POST /items/1/delete -> 403", "GET / -> 200"}
		expectTraceEnds(t, app, want)
	})
}

// Two sessions are two browsers: each has its own cookies, so signing in
// in one signs in nobody in the other, while both see the same notes.
func TestTwoBrowsers(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			app := newApp()
			ada := m.session(t, app, browse.Options{})
			grace := m.session(t, app, browse.Options{})
			sa, sg := vdomtest.Follow(t, ada.Document), vdomtest.Follow(t, grace.Document)

			open(t, ada, "/")
			signInAs(sa, "ada", "lovelace")
			sa.Type(sa.GetByRole("textbox", query.Name("New note")), "Tea")
			sa.Click(sa.GetByRole("button", query.Name("Add")))

			open(t, grace, "/")
			expectPath(t, grace, "/login?next=%2F") // ada's cookie is not grace's
			signInAs(sg, "grace", "hopper")
			sg.GetByText("Signed in as grace")
			sg.GetByRole("link", query.Name("Tea"))
			if sg.QueryByRole("status") != nil {
				t.Error("grace sees the message meant for ada")
			}

			if _, err := ada.Reload(t.Context()); err != nil {
				t.Fatal(err)
			}
			sa.GetByText("Signed in as ada")
		})
	}
}

// A link with a download attribute fetches the file and leaves the page
// where it is, as a browser saves a file.
func TestDownloadTheNotes(t *testing.T) {
	forEachMode(t, func(t *testing.T, app *notes.App, sess *browse.Session, s *vdomtest.Screen) {
		open(t, sess, "/")
		signInAs(s, "ada", "lovelace")
		list := sess.Page()
		s.Click(s.GetByRole("link", query.Name("Download the notes")))
		if sess.Page() != list {
			t.Errorf("the download replaced the page with %s", sess.Page().URL())
		}
		downloads := sess.Downloads()
		if len(downloads) != 1 {
			t.Fatalf("%d downloads, want 1", len(downloads))
		}
		d := downloads[0]
		expectSame(t, "download", []string{"/notes.txt", "200", `attachment; filename="notes.txt"`, "Milk\nBread\n"},
			[]string{d.URL.RequestURI(), fmt.Sprint(d.Status), d.Header.Get("Content-Disposition"), string(d.Body)})
		expectTraceEnds(t, app, []string{"GET / -> 200", "GET /notes.txt -> 200"})
	})
}
