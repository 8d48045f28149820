package query_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// queryCase is a query run with QueryAll on a page, and the names of the
// elements it must find, in tree order.
type queryCase struct {
	name   string
	markup string
	q      query.Query
	want   []string
}

func runCases(t *testing.T, cases []queryCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.markup)
			got, err := tc.q.QueryAll(&doc.Node)
			if err != nil {
				t.Fatalf("%s: QueryAll: %v", tc.q, err)
			}
			if diff := cmp.Diff(tc.want, names(got)); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tc.q, diff)
			}
		})
	}
}

func TestByText(t *testing.T) {
	runCases(t, []queryCase{
		{"own text, not the descendants'", `<p id="p">Hello <b id="b">you</b></p>`,
			query.ByText("Hello"), []string{"#p"}},
		{"text split across elements is found by neither", `<p id="p">Hello <b id="b">you</b></p>`,
			query.ByText("Hello you"), nil},
		{"white space is normalised on both sides", "<p id=p>\n  Save\t\u00a0 changes  </p>",
			query.ByText("  Save changes "), []string{"#p"}},
		{"exact is case-sensitive", `<p id=p>Save</p>`, query.ByText("save"), nil},
		{"substring ignores case", `<p id=a>Save all</p><p id=b>SAVE</p><p id=c>Load</p>`,
			query.ByText("save", query.Substring), []string{"#a", "#b"}},
		{"regexp matches anywhere unless anchored", `<p id=a>Item 12</p><p id=b>12 items</p>`,
			query.ByText(`^Item \d+$`, query.Regexp), []string{"#a"}},
		{"own text nodes are joined around children", `<p id=p>one <br>two</p>`,
			query.ByText("one two"), []string{"#p"}},
		{"input buttons by value", `<input id=s type=submit value="Send"><input id=r type=reset value="Send"><input id=t type=text value="Send">`,
			query.ByText("Send"), []string{"#s", "#r"}},
		{"script and style are ignored", `<p id=p>x</p><script>x</script><style>x</style>`,
			query.ByText("x"), []string{"#p"}},
		{"Ignore replaces the default", `<p id=p>x</p><script id=s>x</script><span id=sp>x</span>`,
			query.ByText("x", query.Ignore("span")), []string{"#p", "#s"}},
		{"Ignore(\"\") ignores nothing", `<p id=p>x</p><script id=s>x</script>`,
			query.ByText("x", query.Ignore("")), []string{"#p", "#s"}},
		{"Selector narrows", `<button id=b>Go</button><a id=a href=/>Go</a>`,
			query.ByText("Go", query.Selector("button")), []string{"#b"}},
		{"template contents are not in the page", `<template id=t title=x><p>x</p></template><p id=p>x</p>`,
			query.ByText("x"), []string{"#p"}},
		{"not with a selector either", `<template><p>x</p></template><p id=p>x</p>`,
			query.ByText("x", query.Selector("p")), []string{"#p"}},
		{"hidden elements are found", `<p id=p hidden>Secret</p>`, query.ByText("Secret"), []string{"#p"}},
		{"func sees the normalised text and the element", `<p id=a> a  b </p><p id=b>c</p>`,
			query.ByTextFunc("has a space", func(text string, el *vdom.Node) bool {
				return strings.Contains(text, " ") && el.LocalName() == "p"
			}), []string{"#a"}},
	})
}

func TestByTextScopedIncludesRoot(t *testing.T) {
	doc := parse(t, `<p id=p>Hi <b>Hi</b></p>`)
	p := doc.GetElementByID("p")
	got, err := query.ByText("Hi").QueryAll(p)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"#p", "#p > b"}, names(got)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// The other queries, like querySelectorAll, look below the root only.
	doc = parse(t, `<div id=d title=t><span id=s title=t></span></div>`)
	got, err = query.ByTitle("t").QueryAll(doc.GetElementByID("d"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"#s"}, names(got)); diff != "" {
		t.Errorf("ByTitle under #d: mismatch (-want +got):\n%s", diff)
	}
}

func TestAttributeQueries(t *testing.T) {
	runCases(t, []queryCase{
		{"placeholder", `<input id=a placeholder="Your name"><textarea id=b placeholder="your NAME here"></textarea>`,
			query.ByPlaceholderText("your name", query.Substring), []string{"#a", "#b"}},
		{"alt on img, input, area and custom elements only", `<img id=i alt=Logo><input id=n type=image alt=Logo><map><area id=r alt=Logo></map><x-pic id=x alt=Logo></x-pic><div id=d alt=Logo></div>`,
			query.ByAltText("Logo"), []string{"#i", "#n", "#r", "#x"}},
		{"title attribute and SVG title", `<span id=s title="Close">x</span><svg id=v><title>Close</title></svg><div><title>Close</title></div>`,
			query.ByTitle("Close"), []string{"#s", "#v > title"}},
		{"a template itself is in the page", `<template id=t title=x><p title=x>x</p></template>`,
			query.ByTitle("x"), []string{"#t"}},
		{"test id", `<div id=a data-testid="row"></div><div id=b data-testid="row-2"></div>`,
			query.ByTestID("row"), []string{"#a"}},
		{"test id by another attribute", `<div id=a data-test="row"></div><div id=b data-testid="row"></div>`,
			query.ByTestID("row", query.Attribute("data-test")), []string{"#a"}},
		{"alt func", `<img id=a alt="A cat"><img id=b alt="A dog">`,
			query.ByAltTextFunc("about cats", func(alt string, _ *vdom.Node) bool { return strings.Contains(alt, "cat") }), []string{"#a"}},
		{"title func", `<abbr id=a title="World Health Organization">WHO</abbr>`,
			query.ByTitleFunc("long", func(title string, _ *vdom.Node) bool { return len(title) > 10 }), []string{"#a"}},
		{"placeholder func", `<input id=a placeholder="x@y">`,
			query.ByPlaceholderTextFunc("an address", func(p string, _ *vdom.Node) bool { return strings.Contains(p, "@") }), []string{"#a"}},
	})
}

func TestSetTestIDAttribute(t *testing.T) {
	doc := parse(t, `<div id=a data-qa="row"></div><div id=b data-testid="row"></div>`)
	prev := query.SetTestIDAttribute("data-qa")
	defer query.SetTestIDAttribute(prev)
	if prev != query.DefaultTestIDAttribute {
		t.Errorf("previous = %q, want %q", prev, query.DefaultTestIDAttribute)
	}
	q := query.ByTestID("row")
	el, err := q.Get(&doc.Node)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("#a", names([]*vdom.Node{el})[0]); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(`test id "row" (attribute data-qa)`, q.String()); diff != "" {
		t.Errorf("String mismatch (-want +got):\n%s", diff)
	}
	if got := query.SetTestIDAttribute(""); got != "data-qa" {
		t.Errorf("SetTestIDAttribute returned %q, want data-qa", got)
	}
	if got := query.TestIDAttribute(); got != query.DefaultTestIDAttribute {
		t.Errorf("after SetTestIDAttribute(\"\"), TestIDAttribute() = %q, want the default", got)
	}
}

func TestByDisplayValue(t *testing.T) {
	doc := parse(t, `<input id=a value="old"><textarea id=t>draft</textarea>
		<select id=s><option>One</option><option selected>Two</option></select>
		<select id=m multiple><option selected>Red</option><option selected>Two</option></select>`)
	if err := doc.GetElementByID("a").SetValue("typed"); err != nil {
		t.Fatal(err)
	}
	if err := doc.GetElementByID("t").SetValue("new text"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    query.Query
		want []string
	}{
		{query.ByDisplayValue("typed"), []string{"#a"}},
		{query.ByDisplayValue("old"), nil},
		{query.ByDisplayValue("new text"), []string{"#t"}},
		{query.ByDisplayValue("draft"), nil},
		{query.ByDisplayValue("Two"), []string{"#s", "#m"}},
		{query.ByDisplayValue("One"), nil},
		{query.ByDisplayValue("red", query.Substring), []string{"#m"}},
		{query.ByDisplayValueFunc("long", func(v string, _ *vdom.Node) bool { return len(v) > 5 }), []string{"#t"}},
	} {
		got, err := tc.q.QueryAll(&doc.Node)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, names(got)); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tc.q, diff)
		}
	}
}
