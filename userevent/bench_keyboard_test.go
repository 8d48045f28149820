package userevent_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkType20 types 20 characters into a field of a form on a page of
// a few hundred elements, with a listener for input as a page has.
func BenchmarkType20(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html><head><title>t</title></head><body><form action=/s>`)
	for i := range 100 {
		page.WriteString(`<p><label>Field <input name="f` + string(rune('a'+i%26)) + `"></label></p>`)
	}
	page.WriteString(`<input id=q name=q></form></body></html>`)
	src := page.String()
	b.ReportAllocs()
	for b.Loop() {
		doc, err := vdom.Parse(strings.NewReader(src), vdom.WithURL("http://eventperk.test/"))
		if err != nil {
			b.Fatal(err)
		}
		q := doc.GetElementByID("q")
		q.AddEventListener("input", vdom.NewListener(func(*vdom.Event) {}))
		if err := userevent.New(doc).Type(q, "twenty characters ok"); err != nil {
			b.Fatal(err)
		}
		if q.Value() != "twenty characters ok" {
			b.Fatalf("value %q", q.Value())
		}
	}
}

// BenchmarkTypeLong types 200 characters into a field of a parsed page,
// the typing-heavy part of a test alone: each keystroke's key events, its
// beforeinput and input and the edit itself.
func BenchmarkTypeLong(b *testing.B) {
	doc := vdom.ParseString(`<!DOCTYPE html><form action=/s><label>Note <input id=q name=q></label></form>`,
		vdom.WithURL("http://eventperk.test/"))
	q := doc.GetElementByID("q")
	q.AddEventListener("input", vdom.NewListener(func(*vdom.Event) {}))
	u := userevent.New(doc)
	text := strings.Repeat("typing a note ", 15)[:200]
	b.ReportAllocs()
	for b.Loop() {
		if err := q.SetValue(""); err != nil {
			b.Fatal(err)
		}
		if err := u.Type(q, text); err != nil {
			b.Fatal(err)
		}
	}
	if q.Value() != text {
		b.Fatalf("value %q", q.Value())
	}
}
