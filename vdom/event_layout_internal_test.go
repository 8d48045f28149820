package vdom

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A type too long for the 32-bit length is kept whole; the test lowers the
// bound so that short types take that way. Every reader of the type sees
// the same string either way, and InitEvent moves an event between them.
func TestEventLongType(t *testing.T) {
	old := maxInlineTypeLen
	maxInlineTypeLen = 3
	t.Cleanup(func() { maxInlineTypeLen = old })

	doc := ParseString(`<div id="p"><b id="c">x</b></div>`)
	c := doc.GetElementByID("c")
	var got []string
	for _, typ := range []string{"update", "ab"} {
		c.AddEventListener(typ, NewListener(func(e *Event) {
			got = append(got, e.Type()+"@"+e.CurrentTarget().(*Node).ID())
		}))
	}
	doc.GetElementByID("p").AddEventListener("update", NewListener(func(e *Event) {
		got = append(got, e.Type()+"@p")
	}))

	e := NewCustomEventWith("update", CustomEventInit{Bubbles: true, Detail: 1})
	if e.typLen != longType {
		t.Fatal("a type longer than the bound is not kept whole")
	}
	if _, err := c.DispatchEvent(e); err != nil {
		t.Fatal(err)
	}
	e.InitEvent("ab", false, false)
	if e.typLen == longType {
		t.Error("InitEvent to a short type left the event's type kept whole")
	}
	if _, err := c.DispatchEvent(e); err != nil {
		t.Fatal(err)
	}
	e.InitEvent("update", false, false)
	if _, err := c.DispatchEvent(e); err != nil {
		t.Fatal(err)
	}
	want := []string{"update@c", "update@p", "ab@c", "update@c"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("listener calls mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"", "x", "update"}, []string{NewEvent("").Type(), NewEvent("x").Type(), e.Type()}); diff != "" {
		t.Errorf("types mismatch (-want +got):\n%s", diff)
	}
}
