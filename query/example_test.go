package query_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
)

// page is the page of the examples: a sign-up form as a server renders it.
const page = `<!DOCTYPE html><html><head><title>Sign up</title></head><body>
<header><img src="/logo.png" alt="Acme logo"><nav><a href="/" aria-current="page">Home</a><a href="/help">Help</a></nav></header>
<main>
  <h1>Sign up</h1>
  <form action="/signup" method="post">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" placeholder="you@example.com">
    <label>Plan
      <select name="plan"><option>Free</option><option selected>Pro</option></select>
    </label>
    <input type="checkbox" id="terms" name="terms" aria-describedby="terms-help">
    <label for="terms">I accept the terms</label>
    <p id="terms-help">You can read them <a href="/terms" title="Terms of service">here</a>.</p>
    <button type="button" aria-pressed="false" aria-expanded="false">Details</button>
    <button type="submit" data-testid="submit">Create account</button>
  </form>
  <h2>Why Acme?</h2>
  <ul><li>Fast</li><li>Friendly</li></ul>
</main>
</body></html>`

func examplePage() *vdom.Document { return vdom.ParseString(page) }

func Example() {
	doc := examplePage()
	email, err := query.ByLabelText("Email").Get(&doc.Node)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := email.SetValue("ann@example.com"); err != nil {
		fmt.Println(err)
		return
	}
	submit, err := query.ByRole("button", query.Name("Create account")).Get(&doc.Node)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(submit.TextContent(), "submits", email.Name(), "=", email.Value())
	// Output: Create account submits email = ann@example.com
}

func ExampleByRole() {
	doc := examplePage()
	links, err := query.ByRole("link").All(&doc.Node)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range links {
		fmt.Println(a.TextContent())
	}
	// Output:
	// Home
	// Help
	// here
}

func ExampleName() {
	doc := examplePage()
	for _, q := range []query.Query{
		query.ByRole("checkbox", query.Name("I accept the terms")),
		query.ByRole("checkbox", query.Name("accept", query.Substring)),
		query.ByRole("heading", query.Name(`^Why`, query.Regexp)),
	} {
		el, err := q.Get(&doc.Node)
		fmt.Println(q, "->", el, err)
	}
	// Output:
	// role "checkbox" with name "I accept the terms" -> input#terms <nil>
	// role "checkbox" with name containing "accept" -> input#terms <nil>
	// role "heading" with name matching /^Why/ -> h2 <nil>
}

func ExampleNameFunc() {
	doc := examplePage()
	short := query.ByRole("link", query.NameFunc("a one-word name", func(name string, _ *vdom.Node) bool {
		return !strings.Contains(name, " ")
	}))
	links, _ := short.QueryAll(&doc.Node)
	fmt.Println(len(links), "links with a one-word name")
	// Output: 3 links with a one-word name
}

func ExampleDescription() {
	doc := examplePage()
	el, err := query.ByRole("checkbox", query.Description("read them", query.Substring)).Get(&doc.Node)
	fmt.Println(el, err)
	// Output: input#terms <nil>
}

func ExampleDescriptionFunc() {
	doc := examplePage()
	described := query.ByRole("checkbox", query.DescriptionFunc("any description", func(d string, _ *vdom.Node) bool {
		return d != ""
	}))
	el, err := described.Get(&doc.Node)
	fmt.Println(el, err)
	// Output: input#terms <nil>
}

func ExampleIncludeHidden() {
	doc := vdom.ParseString(`<button>Shown</button><button hidden>Hidden</button>`)
	visible, _ := query.ByRole("button").QueryAll(&doc.Node)
	all, _ := query.ByRole("button", query.IncludeHidden()).QueryAll(&doc.Node)
	fmt.Println(len(visible), len(all))
	// Output: 1 2
}

func ExampleQueryFallbacks() {
	doc := vdom.ParseString(`<div role="switch button">Dark mode</div>`)
	strict, _ := query.ByRole("button").QueryAll(&doc.Node)
	fallback, _ := query.ByRole("button", query.QueryFallbacks()).QueryAll(&doc.Node)
	fmt.Println(len(strict), len(fallback))
	// Output: 0 1
}

func ExampleLevel() {
	doc := examplePage()
	h, err := query.ByRole("heading", query.Level(2)).Get(&doc.Node)
	fmt.Println(h.TextContent(), err)
	// Output: Why Acme? <nil>
}

func ExampleChecked() {
	doc := examplePage()
	terms := doc.GetElementByID("terms")
	unchecked, _ := query.ByRole("checkbox", query.Checked(false)).QueryAll(&doc.Node)
	terms.SetChecked(true)
	checked, _ := query.ByRole("checkbox", query.Checked(true)).QueryAll(&doc.Node)
	fmt.Println(len(unchecked), len(checked))
	// Output: 1 1
}

func ExampleMixed() {
	doc := vdom.ParseString(`<input type="checkbox" aria-label="All"><input type="checkbox" aria-label="Some">`)
	some, _ := query.ByRole("checkbox", query.Name("Some")).Get(&doc.Node)
	some.SetIndeterminate(true)
	el, err := query.ByRole("checkbox", query.Mixed()).Get(&doc.Node)
	label, _ := el.GetAttribute("aria-label")
	fmt.Println(label, err)
	// Output: Some <nil>
}

func ExamplePressed() {
	doc := examplePage()
	el, err := query.ByRole("button", query.Pressed(false)).Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Details <nil>
}

func ExampleSelected() {
	doc := examplePage()
	el, err := query.ByRole("option", query.Selected(true)).Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Pro <nil>
}

func ExampleExpanded() {
	doc := examplePage()
	el, err := query.ByRole("button", query.Expanded(false)).Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Details <nil>
}

func ExampleCurrent() {
	doc := examplePage()
	here, _ := query.ByRole("link", query.Current("page")).Get(&doc.Node)
	others, _ := query.ByRole("link", query.Current("")).QueryAll(&doc.Node)
	fmt.Println(here.TextContent(), len(others))
	// Output: Home 2
}

func ExampleDisabled() {
	doc := vdom.ParseString(`<fieldset disabled><button>Pay</button></fieldset><button>Cancel</button>`)
	enabled, err := query.ByRole("button", query.Disabled(false)).Get(&doc.Node)
	fmt.Println(enabled.TextContent(), err)
	// Output: Cancel <nil>
}

func ExampleByLabelText() {
	doc := examplePage()
	for _, label := range []string{"Email", "Plan", "I accept the terms"} {
		el, err := query.ByLabelText(label).Get(&doc.Node)
		fmt.Println(label, "->", el, err)
	}
	// Output:
	// Email -> input#email <nil>
	// Plan -> select <nil>
	// I accept the terms -> input#terms <nil>
}

func ExampleByLabelText_noControl() {
	doc := vdom.ParseString(`<label>Nickname</label><input>`)
	_, err := query.ByLabelText("Nickname").Get(&doc.Node)
	fmt.Println(errors.Is(err, query.ErrNotFound))
	fmt.Println(strings.Split(err.Error(), "\n")[2])
	// Output:
	// true
	// The label <label> has this text, but no form control is associated with it: give it a for attribute with the control's id, put the control inside it, or point the control's aria-labelledby at it.
}

func ExampleByLabelTextFunc() {
	doc := examplePage()
	q := query.ByLabelTextFunc("a one-word label", func(text string, _ *vdom.Node) bool {
		return !strings.Contains(text, " ")
	})
	els, _ := q.QueryAll(&doc.Node)
	fmt.Println(len(els))
	// Output: 2
}

func ExampleByPlaceholderText() {
	doc := examplePage()
	el, err := query.ByPlaceholderText("example.com", query.Substring).Get(&doc.Node)
	fmt.Println(el, err)
	// Output: input#email <nil>
}

func ExampleByPlaceholderTextFunc() {
	doc := examplePage()
	el, err := query.ByPlaceholderTextFunc("an address", func(p string, _ *vdom.Node) bool {
		return strings.Contains(p, "@")
	}).Get(&doc.Node)
	fmt.Println(el, err)
	// Output: input#email <nil>
}

func ExampleByText() {
	doc := examplePage()
	for _, q := range []query.Query{
		query.ByText("Fast"),
		query.ByText("friendly", query.Substring),
		query.ByText("Create account", query.Selector("button")),
	} {
		el, err := q.Get(&doc.Node)
		fmt.Println(q, "->", el.LocalName(), err)
	}
	// Output:
	// text "Fast" -> li <nil>
	// text containing "friendly" -> li <nil>
	// text "Create account" in elements matching "button" -> button <nil>
}

func ExampleByTextFunc() {
	doc := examplePage()
	q := query.ByTextFunc("a question", func(text string, _ *vdom.Node) bool {
		return strings.HasSuffix(text, "?")
	})
	el, err := q.Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Why Acme? <nil>
}

func ExampleSelector() {
	doc := examplePage()
	els, _ := query.ByText("Sign up").QueryAll(&doc.Node)
	h1, _ := query.ByText("Sign up", query.Selector("main *")).QueryAll(&doc.Node)
	fmt.Println(len(els), len(h1))
	// Output: 2 1
}

// Selector narrows a role query too: here to the Go button of one form.
func ExampleSelector_role() {
	doc := vdom.ParseString(`<form id="search"><button>Go</button></form>` +
		`<form id="signup"><input name="email" aria-label="Email"><button>Go</button></form>`)
	_, err := query.ByRole("button", query.Name("Go")).Get(&doc.Node)
	fmt.Println(errors.Is(err, query.ErrMultiple))
	el, err := query.ByRole("button", query.Name("Go"), query.Selector("#signup button")).Get(&doc.Node)
	fmt.Println(el.ParentElement().ID(), err)
	// Output:
	// true
	// signup <nil>
}

func ExampleIgnore() {
	doc := vdom.ParseString(`<p>hi</p><script>hi</script><code>hi</code>`)
	def, _ := query.ByText("hi").QueryAll(&doc.Node)
	custom, _ := query.ByText("hi", query.Ignore("code")).QueryAll(&doc.Node)
	none, _ := query.ByText("hi", query.Ignore("")).QueryAll(&doc.Node)
	fmt.Println(len(def), len(custom), len(none))
	// Output: 2 2 3
}

func ExampleByDisplayValue() {
	doc := examplePage()
	email := doc.GetElementByID("email")
	if err := email.SetValue("ann@example.com"); err != nil {
		fmt.Println(err)
		return
	}
	typed, _ := query.ByDisplayValue("ann@example.com").Get(&doc.Node)
	plan, _ := query.ByDisplayValue("Pro").Get(&doc.Node)
	fmt.Println(typed, plan.Name())
	// Output: input#email plan
}

func ExampleByDisplayValueFunc() {
	doc := examplePage()
	q := query.ByDisplayValueFunc("empty", func(v string, _ *vdom.Node) bool { return v == "" })
	els, _ := q.QueryAll(&doc.Node)
	fmt.Println(len(els))
	// Output: 1
}

func ExampleByAltText() {
	doc := examplePage()
	el, err := query.ByAltText("logo", query.Substring).Get(&doc.Node)
	src, _ := el.GetAttribute("src")
	fmt.Println(src, err)
	// Output: /logo.png <nil>
}

func ExampleByAltTextFunc() {
	doc := examplePage()
	q := query.ByAltTextFunc("names the company", func(alt string, _ *vdom.Node) bool {
		return strings.HasPrefix(alt, "Acme")
	})
	els, _ := q.QueryAll(&doc.Node)
	fmt.Println(len(els))
	// Output: 1
}

func ExampleByTitle() {
	doc := examplePage()
	el, err := query.ByTitle("Terms of service").Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: here <nil>
}

func ExampleByTitleFunc() {
	doc := vdom.ParseString(`<svg><title>Close</title></svg><abbr title="HyperText Markup Language">HTML</abbr>`)
	q := query.ByTitleFunc("long", func(title string, _ *vdom.Node) bool { return len(title) > 10 })
	el, err := q.Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: HTML <nil>
}

func ExampleByTestID() {
	doc := examplePage()
	el, err := query.ByTestID("submit").Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Create account <nil>
}

func ExampleAttribute() {
	doc := vdom.ParseString(`<button data-qa="pay">Pay</button>`)
	el, err := query.ByTestID("pay", query.Attribute("data-qa")).Get(&doc.Node)
	fmt.Println(el.TextContent(), err)
	// Output: Pay <nil>
}

func ExampleSetTestIDAttribute() {
	doc := vdom.ParseString(`<button data-qa="pay">Pay</button>`)
	previous := query.SetTestIDAttribute("data-qa")
	defer query.SetTestIDAttribute(previous)
	q := query.ByTestID("pay")
	el, err := q.Get(&doc.Node)
	fmt.Println(q, "->", el.TextContent(), err)
	fmt.Println(query.TestIDAttribute())
	// Output:
	// test id "pay" (attribute data-qa) -> Pay <nil>
	// data-qa
}

func ExampleTestIDAttribute() {
	fmt.Println(query.TestIDAttribute())
	// Output: data-testid
}

func ExampleQuery_Get() {
	doc := examplePage()
	_, err := query.ByRole("button").Get(&doc.Node)
	fmt.Println(errors.Is(err, query.ErrMultiple))
	fmt.Println(strings.Join(strings.Split(err.Error(), "\n")[:5], "\n"))
	// Output:
	// true
	// query: more than one element found: 2 elements with role "button" (All and QueryAll return them all)
	//
	// Matching elements:
	//   body > main > form > button:nth-child(7): <button type="button" aria-pressed="false" aria-expanded="false">
	//   body > main > form > button:nth-child(8): <button type="submit" data-testid="submit">
}

func ExampleQuery_Get_notFound() {
	doc := vdom.ParseString(`<nav><a href="/">Home</a></nav><button>Menu</button>`)
	_, err := query.ByRole("button", query.Name("Close")).Get(&doc.Node)
	fmt.Println(errors.Is(err, query.ErrNotFound))
	fmt.Println(err)
	// Output:
	// true
	// query: no element found: role "button" with name "Close"
	//
	// Here are the accessible roles (hidden elements left out):
	//   navigation:
	//     name "" <nav>
	//   link:
	//     name "Home" <a href="/">
	//   button:
	//     name "Menu" <button>
	//
	// Ignored nodes: comments, script, style
	// <html>
	//   <head></head>
	//   <body>
	//     <nav>
	//       <a href="/">Home</a>
	//     </nav>
	//     <button>Menu</button>
	//   </body>
	// </html>
}

func ExampleQuery_Query() {
	doc := examplePage()
	dialog, err := query.ByRole("dialog").Query(&doc.Node)
	fmt.Println(dialog == nil, err)
	// Output: true <nil>
}

func ExampleQuery_All() {
	doc := examplePage()
	items, err := query.ByRole("listitem").All(&doc.Node)
	for _, li := range items {
		fmt.Println(li.TextContent())
	}
	_, err2 := query.ByRole("table").All(&doc.Node)
	fmt.Println(err, errors.Is(err2, query.ErrNotFound))
	// Output:
	// Fast
	// Friendly
	// <nil> true
}

func ExampleQuery_QueryAll() {
	doc := examplePage()
	nav, _ := query.ByRole("navigation").Get(&doc.Node)
	links, err := query.ByRole("link").QueryAll(nav) // within the navigation
	dialogs, _ := query.ByRole("dialog").QueryAll(&doc.Node)
	fmt.Println(len(links), err, len(dialogs))
	// Output: 2 <nil> 0
}

func ExampleQuery_String() {
	fmt.Println(query.ByRole("heading", query.Name("Sign up"), query.Level(1)))
	fmt.Println(query.ByLabelText("mail", query.Substring))
	fmt.Println(query.ByText(`^\d+ items$`, query.Regexp))
	// Output:
	// role "heading" with name "Sign up" (level 1)
	// label text containing "mail"
	// text matching /^\d+ items$/
}

func ExampleMatchMode() {
	doc := vdom.ParseString(`<p>Order 42 shipped</p>`)
	for _, mode := range []query.MatchMode{query.Exact, query.Substring, query.Regexp} {
		n, _ := query.ByText("order \\d+", mode).QueryAll(&doc.Node)
		m, _ := query.ByText("Order 42 shipped", mode).QueryAll(&doc.Node)
		fmt.Println(mode, len(n), len(m))
	}
	// Output:
	// Exact 0 1
	// Substring 0 1
	// Regexp 0 1
}

func ExampleMatchMode_String() {
	fmt.Println(query.Exact, query.Substring, query.Regexp)
	// Output: Exact Substring Regexp
}

func ExamplePretty() {
	doc := vdom.ParseString(`<form><label>Name <input name="n" value="Ann"></label><!-- hint --><button>Save</button></form>`)
	input := doc.MustQuerySelector("input")
	if err := input.SetValue("Bob"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(query.Pretty(doc.MustQuerySelector("form")))
	// Output:
	// <form>
	//   <label>
	//     Name
	//     <input name="n" value="Ann" .value="Bob">
	//   </label>
	//   <button>Save</button>
	// </form>
}

func ExampleMaxLength() {
	doc := vdom.ParseString(`<ul><li>one</li><li>two</li><li>three</li></ul>`)
	fmt.Println(query.Pretty(doc.MustQuerySelector("ul"), query.MaxLength(30)))
	// Output:
	// <ul>
	//   <li>one</li>
	//   <li>two<
	// ... (cut at 30 characters)
}
