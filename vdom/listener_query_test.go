package vdom_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestHasEventListener(t *testing.T) {
	doc := vdom.ParseString(`<div id=d></div>`)
	d := doc.GetElementByID("d")
	bubble := vdom.NewListener(func(*vdom.Event) {})
	capture := vdom.NewListener(func(*vdom.Event) {})
	type row struct {
		Type            string
		Bubble, Capture bool
	}
	read := func() []row {
		var out []row
		for _, typ := range []string{"mouseenter", "mouseleave"} {
			out = append(out, row{typ, vdom.HasEventListener(d, typ, false), vdom.HasEventListener(d, typ, true)})
		}
		return out
	}
	if diff := cmp.Diff([]row{{"mouseenter", false, false}, {"mouseleave", false, false}}, read()); diff != "" {
		t.Errorf("no listeners: mismatch (-want +got):\n%s", diff)
	}
	d.AddEventListener("mouseenter", bubble)
	d.AddEventListenerWith("mouseleave", capture, vdom.ListenerOptions{Capture: true})
	if diff := cmp.Diff([]row{{"mouseenter", true, false}, {"mouseleave", false, true}}, read()); diff != "" {
		t.Errorf("after adding: mismatch (-want +got):\n%s", diff)
	}
	d.RemoveEventListener("mouseenter", bubble)
	d.RemoveEventListenerWith("mouseleave", capture, vdom.ListenerOptions{Capture: true})
	if diff := cmp.Diff([]row{{"mouseenter", false, false}, {"mouseleave", false, false}}, read()); diff != "" {
		t.Errorf("after removing: mismatch (-want +got):\n%s", diff)
	}
	if vdom.HasEventListener(nil, "click", false) {
		t.Error("a nil target has a listener")
	}
}
