package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkQueryState queries the 10k page from the document for
// pseudo-classes of live state, after checking every third checkbox, next
// to the attribute query that finds the same kind of element.
func BenchmarkQueryState(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	boxes, err := doc.QuerySelectorAll("input[type=checkbox]")
	if err != nil || len(boxes) < 30 {
		b.Fatalf("the page has %d checkboxes (%v), want 30 or more", len(boxes), err)
	}
	for i, c := range boxes {
		c.SetChecked(i%3 == 0)
	}
	for _, sel := range []string{
		"input[type=checkbox]",
		"input:checked",
		"input:not(:checked)",
		"form:invalid",
		":disabled",
	} {
		b.Run(sel, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := doc.QuerySelectorAll(sel); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
