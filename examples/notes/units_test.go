package notes_test

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/examples/notes"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
	"github.com/google/go-cmp/cmp"
)

// These tests load one page from the handler by hand, attach the app's
// units and act on it: the units alone, without following navigations.

// loadPage gets target from the app as ada, parses it with its URL and
// attaches the app's units; the navigations the page asks for are
// recorded by its Window.
func loadPage(t *testing.T, app *notes.App, target string) *vdomtest.Screen {
	t.Helper()
	c := signIn(t, app)
	resp := serve(t, app, "GET", target, nil, c)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", target, resp.StatusCode)
	}
	doc, err := vdom.Parse(bytes.NewReader([]byte(bodyOf(t, resp))), vdom.WithURL("http://example.com"+target))
	if err != nil {
		t.Fatal(err)
	}
	defs, err := notes.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	if err := unit.Attach(t.Context(), doc, defs); err != nil {
		t.Fatalf("units of %s: %v", target, err)
	}
	return vdomtest.New(t, doc)
}

func TestCharCountHydrates(t *testing.T) {
	s := loadPage(t, newApp(), "/")
	field := s.GetByRole("textbox", query.Name("New note"))
	// The server leaves the count empty; the unit fills it in, and the
	// field's description is the count.
	s.Get(query.ByRole("textbox", query.Name("New note"), query.Description("80 characters left")))
	s.Type(field, "Eggs")
	s.ExpectText(s.GetByText("76 characters left"), "76 characters left")
	s.Type(field, strings.Repeat("x", 90)) // maxlength stops the typing at 80
	s.ExpectValue(field, "Eggs"+strings.Repeat("x", 76))
	s.ExpectText(s.Get(query.ByText("0 characters left")), "0 characters left")
	s.Clear(field)
	s.Type(field, strings.Repeat("é", 79))
	s.GetByText("1 character left")
}

func TestCharCountOnTheEditPage(t *testing.T) {
	s := loadPage(t, newApp(), "/items/2/edit")
	field := s.GetByRole("textbox", query.Name("Text"))
	s.ExpectValue(field, "Bread")
	s.Get(query.ByRole("textbox", query.Name("Text"), query.Description("75 characters left")))
}

// A <char-count> that arrives after the page loaded (a fragment from the
// server, a template copied in) is hydrated as it is inserted.
func TestCharCountInsertedLater(t *testing.T) {
	s := loadPage(t, newApp(), "/")
	main := s.GetByRole("main")
	err := main.InsertAdjacentHTML(vdom.BeforeEnd, `<form aria-label="Comment"><label for="c">Comment</label>
		<char-count><input id="c" name="c" maxlength="10"><small id="c-count" data-count></small></char-count></form>`)
	if err != nil {
		t.Fatal(err)
	}
	count := s.Get(query.ByTestID("c-count", query.Attribute("id")))
	s.ExpectText(count, "10 characters left")
	s.Type(s.GetByRole("textbox", query.Name("Comment")), "Hi")
	s.ExpectText(count, "8 characters left")
}

// A <char-count> without what it needs is an error that names it, and the
// rest of the page still gets its units.
func TestCharCountBadMarkup(t *testing.T) {
	defs, err := notes.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	doc := vdom.ParseString(`<char-count id="a"><input maxlength="ten"><small data-count></small></char-count>
		<char-count id="b"><input maxlength="5"></char-count>
		<char-count id="c"><input maxlength="5"><small data-count></small></char-count>`)
	err = unit.Attach(t.Context(), doc, defs)
	for _, want := range []string{
		`char-count#a: the field's maxlength "ten" is not a length`,
		`char-count#b needs a text field and a [data-count] element inside`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Attach error %v, want one saying %q", err, want)
		}
	}
	if u, ok := unit.FromElement(doc.GetElementByID("c")); !ok || !u.Started() {
		t.Error("the good char-count did not start")
	}
}

func TestConfirmSubmit(t *testing.T) {
	s := loadPage(t, newApp(), "/")
	win := s.Document().Window()
	s.Click(s.GetByRole("button", query.Name("Remove Milk")))
	if navs := win.Navigations(); len(navs) != 0 {
		t.Fatalf("the first click submitted: %v", navs[0].URL)
	}
	confirm := s.GetByRole("button", query.Name("Really remove Milk?"))
	s.ExpectText(confirm, "Confirm")
	s.ExpectText(s.GetByRole("button", query.Name("Remove Bread")), "Remove") // the others wait
	s.Click(confirm)
	type request struct{ Method, URL string }
	var got []request
	for _, n := range win.Navigations() {
		got = append(got, request{n.Method, n.URL.String()})
	}
	want := []request{{"POST", "http://example.com/items/1/delete"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("navigations mismatch (-want +got):\n%s", diff)
	}
}

// The forms say what the browser checks before it sends anything.
func TestFormsValidateInThePage(t *testing.T) {
	s := loadPage(t, newApp(), "/")
	field := s.GetByRole("textbox", query.Name("New note"))
	s.Click(s.GetByRole("button", query.Name("Add")))
	if navs := s.Document().Window().Navigations(); len(navs) != 0 {
		t.Errorf("an empty note was submitted: %v", navs[0].URL)
	}
	s.ExpectFocused(field)
	s.Type(field, "Eggs{Enter}")
	navs := s.Document().Window().Navigations()
	if len(navs) != 1 || string(navs[0].Body) != (url.Values{"text": {"Eggs"}}).Encode() {
		t.Errorf("navigations after Enter: %v", navs)
	}
}
