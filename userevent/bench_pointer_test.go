package userevent_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// benchPage is a form three levels deep with a checkbox, a select and a
// button, in a page of a few hundred elements.
func benchPage(b *testing.B) *vdom.Document {
	b.Helper()
	var sb strings.Builder
	sb.WriteString(`<main><form id=f><fieldset><label><input type=checkbox id=cb> Agree</label>
		<select id=s><option>a</option><option>b</option><option>c</option></select>
		<button type=button id=b>Go</button></fieldset></form>`)
	for range 100 {
		sb.WriteString(`<section><h2>Title</h2><p>Some <em>text</em> here.</p></section>`)
	}
	sb.WriteString(`</main>`)
	doc, err := vdom.Parse(strings.NewReader(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

func BenchmarkClick(b *testing.B) {
	doc := benchPage(b)
	u := userevent.New(doc)
	cb, btn := doc.GetElementByID("cb"), doc.GetElementByID("b")
	b.ReportAllocs()
	for b.Loop() {
		// Between two elements, so that every click moves the pointer.
		if err := u.Click(cb); err != nil {
			b.Fatal(err)
		}
		if err := u.Click(btn); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectOptions(b *testing.B) {
	doc := benchPage(b)
	u := userevent.New(doc)
	sel := doc.GetElementByID("s")
	b.ReportAllocs()
	for b.Loop() {
		if err := u.SelectOptions(sel, "b"); err != nil {
			b.Fatal(err)
		}
		if err := u.SelectOptions(sel, "c"); err != nil {
			b.Fatal(err)
		}
	}
}
