package vdom_test

import (
	"errors"
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

// BenchmarkFragmentLinkClick: a click on a link to a fragment of the 10k
// page, alternating between two links so that every click changes the
// fragment (one click per iteration): the dispatch, the fragment navigation (URL, history entry,
// :target), the focus moving to the target input or leaving for the
// target div, and the hashchange task run. Compare BenchmarkCheckboxClick.
func BenchmarkFragmentLinkClick(b *testing.B) {
	doc, err := vdom.Parse(strings.NewReader(string(pagegen.Page(10_000))), vdom.WithURL("http://example.com/page"))
	if err != nil {
		b.Fatal(err)
	}
	body := doc.Body()
	if err := errors.Join(body.InsertAdjacentHTML("afterbegin", `<a id=la href="#ta">a</a><a id=lb href="#tb">b</a>`),
		body.InsertAdjacentHTML("beforeend", `<input id=ta><div id=tb>b</div>`)); err != nil {
		b.Fatal(err)
	}
	la, lb := doc.GetElementByID("la"), doc.GetElementByID("lb")
	if la == nil || lb == nil || doc.GetElementByID("ta") == nil {
		b.Fatal("the links or targets are not in the page")
	}
	changes := 0
	doc.Window().AddEventListener("hashchange", vdom.NewListener(func(*vdom.Event) { changes++ }))
	b.ReportAllocs()
	links := [2]*vdom.Node{la, lb}
	i := 0
	for b.Loop() {
		if _, err := links[i%2].DispatchEvent(clickEvent()); err != nil {
			b.Fatal(err)
		}
		if _, err := doc.RunTasks(); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if changes != i || doc.Window().LocationHash() != "#t"+string(rune('a'+(i-1)%2)) {
		b.Fatalf("%d hashchange events, hash %q", changes, doc.Window().LocationHash())
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
