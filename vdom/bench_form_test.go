package vdom_test

import (
	"bytes"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// formBenchPage is the 10k page with a form of checkboxes, radios and a
// select appended to its body.
func formBenchPage(b *testing.B) *vdom.Document {
	b.Helper()
	doc, err := vdom.Parse(bytes.NewReader(pagegen.Page(10_000)))
	if err != nil {
		b.Fatal(err)
	}
	f, err := doc.CreateElement("form")
	if err != nil {
		b.Fatal(err)
	}
	err = f.SetInnerHTML(`<input type=checkbox id=bench-cb name=c>` +
		`<input type=radio name=r id=bench-r1 checked><input type=radio name=r id=bench-r2>` +
		`<select id=bench-s><option>a<option>b<option>c</select><input id=bench-t required>`)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := doc.Body().AppendChild(f); err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkFormCheckbox toggles a checkbox's checkedness, as a click's
// activation behavior does.
func BenchmarkFormCheckbox(b *testing.B) {
	doc := formBenchPage(b)
	cb := doc.GetElementByID("bench-cb")
	b.ReportAllocs()
	for b.Loop() {
		cb.SetChecked(!cb.Checked())
	}
}

// BenchmarkFormRadio checks one radio of a group and then the other.
func BenchmarkFormRadio(b *testing.B) {
	doc := formBenchPage(b)
	r1, r2 := doc.GetElementByID("bench-r1"), doc.GetElementByID("bench-r2")
	b.ReportAllocs()
	for b.Loop() {
		r2.SetChecked(true)
		r1.SetChecked(true)
	}
}

// BenchmarkFormSelectValue reads and sets a select's value.
func BenchmarkFormSelectValue(b *testing.B) {
	doc := formBenchPage(b)
	s := doc.GetElementByID("bench-s")
	b.ReportAllocs()
	for b.Loop() {
		if err := s.SetValue("c"); err != nil {
			b.Fatal(err)
		}
		_ = s.Value()
	}
}

// BenchmarkFormValidity computes a required input's validity.
func BenchmarkFormValidity(b *testing.B) {
	doc := formBenchPage(b)
	in := doc.GetElementByID("bench-t")
	b.ReportAllocs()
	for b.Loop() {
		_ = in.Validity()
	}
}
