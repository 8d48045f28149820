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
