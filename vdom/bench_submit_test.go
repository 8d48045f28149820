package vdom_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkCheckboxClick: a click on a checkbox inside the 10k page, with a
// listener for click, input and change on it: the dispatch, the
// checkbox's legacy-pre-activation, its activation behaviour and the two
// events it fires.
func BenchmarkCheckboxClick(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	box, err := doc.QuerySelector("form input[type=checkbox]")
	if err != nil || box == nil {
		b.Fatalf("no checkbox in a form of the page (%v)", err)
	}
	calls := 0
	l := vdom.NewListener(func(*vdom.Event) { calls++ })
	for _, typ := range []string{"click", "input", "change"} {
		box.AddEventListener(typ, l)
	}
	b.ReportAllocs()
	for b.Loop() {
		calls = 0
		if _, err := box.DispatchEvent(clickEvent()); err != nil {
			b.Fatal(err)
		}
	}
	if calls != 3 {
		b.Fatalf("%d listener calls per click, want 3", calls)
	}
}

// submit50Fields is a form of 50 named fields of the common kinds.
func submit50Fields() string {
	var sb strings.Builder
	sb.WriteString(`<form id=f action="/save" method=post>`)
	for i := range 50 {
		switch i % 5 {
		case 0:
			fmt.Fprintf(&sb, `<label>Field %d <input name=text%d value="value %d & more"></label>`, i, i, i)
		case 1:
			fmt.Fprintf(&sb, `<input type=checkbox name=check%d checked>`, i)
		case 2:
			fmt.Fprintf(&sb, `<select name=select%d><option>one<option selected>two</select>`, i)
		case 3:
			fmt.Fprintf(&sb, `<textarea name=area%d>line one
line two</textarea>`, i)
		case 4:
			fmt.Fprintf(&sb, `<input type=hidden name=hidden%d value=h%d>`, i, i)
		}
	}
	sb.WriteString(`<button id=go name=go value=1>Save</button></form>`)
	return sb.String()
}

// BenchmarkSubmit50Fields: RequestSubmit of a 50-field form, through
// constraint validation, the submit and formdata events and the entry list,
// to its urlencoded POST request handed to the navigation handler.
func BenchmarkSubmit50Fields(b *testing.B) {
	doc := vdom.ParseString(submit50Fields(), vdom.WithURL("https://example.com/form"))
	form, submitter := doc.GetElementByID("f"), doc.GetElementByID("go")
	var body []byte
	doc.Window().SetNavigationHandler(func(r vdom.NavigationRequest) error {
		body = r.Body
		return nil
	})
	b.ReportAllocs()
	for b.Loop() {
		if err := form.RequestSubmit(submitter); err != nil {
			b.Fatal(err)
		}
	}
	if !strings.Contains(string(body), "area3=line+one%0D%0Aline+two") || !strings.HasSuffix(string(body), "&go=1") {
		b.Fatalf("body %s", body)
	}
}
