package query_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

const signup = `<main id=app><h1>Sign up</h1><form><label for=e>Email</label><input id=e type=email>` +
	`<button id=save>Save</button><button class=icon aria-describedby=tip>?</button><span id=tip>Help</span>` +
	`<button hidden>Gone</button><script>boot()</script><!-- note --></form></main>`

func TestForms(t *testing.T) {
	doc := parse(t, signup)
	app := doc.GetElementByID("app")
	one := query.ByRole("textbox")
	two := query.ByRole("button")
	none := query.ByRole("link")

	if el, err := one.Get(app); err != nil || el != doc.GetElementByID("e") {
		t.Errorf("Get = %v, %v; want #e", el, err)
	}
	if el, err := one.Query(app); err != nil || el != doc.GetElementByID("e") {
		t.Errorf("Query = %v, %v; want #e", el, err)
	}
	if el, err := none.Query(app); err != nil || el != nil {
		t.Errorf("Query of nothing = %v, %v; want nil, nil", el, err)
	}
	if els, err := none.QueryAll(app); err != nil || els != nil {
		t.Errorf("QueryAll of nothing = %v, %v; want nil, nil", els, err)
	}
	els, err := two.All(app)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"#save", "#app > form > button.icon"}, names(els)); diff != "" {
		t.Errorf("All mismatch (-want +got):\n%s", diff)
	}
	for form, err := range map[string]error{
		"Get of two":   errOf(two.Get(app)),
		"Query of two": errOf(two.Query(app)),
	} {
		if !errors.Is(err, query.ErrMultiple) {
			t.Errorf("%s: err = %v, want ErrMultiple", form, err)
		}
	}
	for form, err := range map[string]error{
		"Get of none": errOf(none.Get(app)),
		"All of none": errOf(none.All(app)),
	} {
		if !errors.Is(err, query.ErrNotFound) {
			t.Errorf("%s: err = %v, want ErrNotFound", form, err)
		}
	}
	// Scoped to the heading, the query sees nothing of the form.
	if el, err := one.Query(doc.MustQuerySelector("h1")); err != nil || el != nil {
		t.Errorf("Query under h1 = %v, %v; want nil, nil", el, err)
	}
	// A document fragment is a root too.
	frag := doc.CreateDocumentFragment()
	if _, err := frag.AppendChild(doc.GetElementByID("save")); err != nil {
		t.Fatal(err)
	}
	if el, err := query.ByText("Save").Get(frag); err != nil || el.ID() != "save" {
		t.Errorf("Get in a fragment = %v, %v; want #save", el, err)
	}
}

func errOf[T any](_ T, err error) error { return err }

func TestBadRoots(t *testing.T) {
	doc := parse(t, `<p>text</p>`)
	text := doc.MustQuerySelector("p").FirstChild()
	for _, tc := range []struct {
		name string
		q    query.Query
		run  func(q query.Query) error
		want string
	}{
		{"nil root", query.ByText("x"), func(q query.Query) error { return errOf(q.Get(nil)) },
			`query: text "x": the root is nil`},
		{"text root", query.ByText("x"), func(q query.Query) error { return errOf(q.QueryAll(text)) },
			`query: text "x": the root is a #text node, not a document, fragment or element`},
		{"zero query", query.Query{}, func(q query.Query) error { return errOf(q.All(&doc.Node)) },
			`query: invalid query: the zero Query; build one with ByRole, ByText or another constructor`},
		{"option that does not apply", query.ByAltText("x", query.Selector("img")), func(q query.Query) error { return errOf(q.Query(&doc.Node)) },
			`query: ByAltText: invalid query: option Selector does not apply to it`},
		{"bad selector", query.ByText("x", query.Selector("p[")), func(q query.Query) error { return errOf(q.Query(&doc.Node)) },
			`query: ByText: invalid query: selector: invalid selector "p[" at offset 2: expected attribute name, found end of input`},
		{"bad regexp", query.ByLabelText("a[", query.Regexp), func(q query.Query) error { return errOf(q.QueryAll(&doc.Node)) },
			"query: ByLabelText: invalid query: pattern \"a[\" is not a valid regular expression: error parsing regexp: missing closing ]: `[`"},
		{"mode on a func query", query.ByTextFunc("f", func(string, *vdom.Node) bool { return true }, query.Substring), func(q query.Query) error { return errOf(q.Get(&doc.Node)) },
			`query: ByTextFunc: invalid query: a match mode does not apply to a ...Func query`},
		{"empty attribute", query.ByTestID("x", query.Attribute(" ")), func(q query.Query) error { return errOf(q.Get(&doc.Node)) },
			`query: ByTestID: invalid query: Attribute needs a name`},
		{"option given twice", query.ByText("x", query.Selector("p"), query.Selector("b")), func(q query.Query) error { return errOf(q.Get(&doc.Node)) },
			`query: ByText: invalid query: option Selector is given twice`},
		{"nil text option", query.ByText("x", nil), func(q query.Query) error { return errOf(q.Get(&doc.Node)) },
			`query: ByText: invalid query: option 1 is nil`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run(tc.q)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNotFoundMessage(t *testing.T) {
	doc := parse(t, signup)
	_, err := query.ByRole("button", query.Name("Submit")).Get(&doc.Node)
	want := `query: no element found: role "button" with name "Submit"

Here are the accessible roles (hidden elements left out):
  main:
    name "" <main id="app">
  heading:
    name "Sign up" <h1>
  form:
    name "" <form>
  textbox:
    name "Email" <input id="e" type="email">
  button:
    name "Save" <button id="save">
    name "?" <button class="icon" aria-describedby="tip">

Ignored nodes: comments, script, style
<html>
  <head></head>
  <body>
    <main id="app">
      <h1>Sign up</h1>
      <form>
        <label for="e">Email</label>
        <input id="e" type="email">
        <button id="save">Save</button>
        <button class="icon" aria-describedby="tip">?</button>
        <span id="tip">Help</span>
        <button hidden>Gone</button>
      </form>
    </main>
  </body>
</html>`
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(err.Error(), "\n")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestNotFoundRoleListingVariants(t *testing.T) {
	doc := parse(t, signup)
	form := doc.MustQuerySelector("form")
	for _, tc := range []struct {
		name string
		q    query.Query
		root string
		want string // the lines after the first blank line, up to the next
	}{
		{"hidden included", query.ByRole("link", query.IncludeHidden()), "form",
			`Here are the roles (hidden ones included):
  textbox:
    name "Email" <input id="e" type="email">
  button:
    name "Save" <button id="save">
    name "?" <button class="icon" aria-describedby="tip">
    name "Gone" <button hidden>`},
		{"descriptions when the query has one", query.ByRole("button", query.Description("Nope")), "#tip",
			`There are no accessible roles here; hidden elements may have roles: IncludeHidden() finds them.`},
		{"descriptions listed", query.ByRole("button", query.Description("Nope")), "form",
			`Here are the accessible roles (hidden elements left out):
  textbox:
    name "Email", description "" <input id="e" type="email">
  button:
    name "Save", description "" <button id="save">
    name "?", description "Help" <button class="icon" aria-describedby="tip">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := form
			if tc.root != "form" {
				root = doc.MustQuerySelector(tc.root)
			}
			_, err := tc.q.Get(root)
			if !errors.Is(err, query.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			parts := strings.Split(err.Error(), "\n\n")
			if diff := cmp.Diff(tc.want, parts[1]); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMultipleMessage(t *testing.T) {
	doc := parse(t, signup)
	_, err := query.ByRole("button", query.IncludeHidden()).Get(doc.MustQuerySelector("form"))
	want := `query: more than one element found: 3 elements with role "button" (hidden ones included) (All and QueryAll return them all)

Matching elements:
  #save: <button id="save">
  #app > form > button.icon: <button class="icon" aria-describedby="tip">
  #app > form > button:nth-child(6): <button hidden>

Ignored nodes: comments, script, style
<form>
  <label for="e">Email</label>
  <input id="e" type="email">
  <button id="save">Save</button>
  <button class="icon" aria-describedby="tip">?</button>
  <span id="tip">Help</span>
  <button hidden>Gone</button>
</form>`
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(err.Error(), "\n")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestErrorListsAreBounded(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, `<a id=l%d href="/%d">Link %d</a>`, i, i, i)
	}
	doc := parse(t, b.String())
	_, err := query.ByRole("link").Get(&doc.Node)
	if !errors.Is(err, query.ErrMultiple) {
		t.Fatalf("err = %v, want ErrMultiple", err)
	}
	list := strings.Split(strings.Split(err.Error(), "\n\n")[1], "\n")
	if diff := cmp.Diff([]string{"#l18: <a id=\"l18\" href=\"/18\">", "#l19: <a id=\"l19\" href=\"/19\">", "  ... and 10 more"},
		[]string{strings.TrimSpace(list[19]), strings.TrimSpace(list[20]), list[21]}); diff != "" {
		t.Errorf("listing end mismatch (-want +got):\n%s", diff)
	}
	_, err = query.ByRole("button").Get(&doc.Node)
	roles := strings.Split(strings.Split(err.Error(), "\n\n")[1], "\n")
	want := []string{
		"Here are the accessible roles (hidden elements left out):",
		"  link:",
	}
	for i := range 8 {
		want = append(want, fmt.Sprintf(`    name "Link %d" <a id="l%d" href="/%d">`, i, i, i))
	}
	want = append(want, "    ... and 22 more")
	if diff := cmp.Diff(want, roles); diff != "" {
		t.Errorf("role listing mismatch (-want +got):\n%s", diff)
	}
}

func TestTextNotFoundMessage(t *testing.T) {
	doc := parse(t, `<p>Hello <b>you</b></p>`)
	_, err := query.ByText("  Hello   you ").Get(doc.Body())
	want := `query: no element found: text "  Hello   you "

The text looked for was normalised to "Hello you".
Each element's own text is compared, not its descendants': a text split across elements (<p>Hello <b>you</b></p>) is found by neither; ByTextFunc can match with a function.

Ignored nodes: comments, script, style
<body>
  <p>
    Hello
    <b>you</b>
  </p>
</body>`
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(err.Error(), "\n")); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestQuerySharedAcrossGoroutines: a Query is immutable, so goroutines
// that each own a document may run the same one (run with -race).
func TestQuerySharedAcrossGoroutines(t *testing.T) {
	queries := []query.Query{
		query.ByRole("button", query.Name("Save")),
		query.ByLabelText("Email"),
		query.ByText("save", query.Substring),
		query.ByTestID("x"),
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			doc := vdom.ParseString(signup)
			for _, q := range queries {
				if _, err := q.QueryAll(&doc.Node); err != nil {
					errs <- err
					return
				}
			}
			_, err := queries[0].Get(&doc.Node)
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
