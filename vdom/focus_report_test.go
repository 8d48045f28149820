package vdom_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// The blur and focusout listeners that a removal or an attribute change
// runs cannot fail the method that ran them; their panics must still
// reach the test, through the next RunTasks.
func TestFocusListenerPanicsAreReportedLater(t *testing.T) {
	cases := []struct {
		name   string
		change func(doc *vdom.Document, field *vdom.Node)
	}{
		{"Remove", func(_ *vdom.Document, field *vdom.Node) { field.Remove() }},
		{"RemoveChild of an ancestor", func(doc *vdom.Document, _ *vdom.Node) {
			box := doc.GetElementByID("box")
			if _, err := box.ParentNode().RemoveChild(box); err != nil {
				t.Fatal(err)
			}
		}},
		{"SetInnerHTML of an ancestor", func(doc *vdom.Document, _ *vdom.Node) {
			if err := doc.GetElementByID("box").SetInnerHTML("<p>gone</p>"); err != nil {
				t.Fatal(err)
			}
		}},
		{"hidden on the focused element", func(_ *vdom.Document, field *vdom.Node) {
			if err := field.SetAttribute("hidden", ""); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<div id="box"><input id="field"></div>`)
			field := doc.GetElementByID("field")
			field.Focus()
			boom := errors.New("blur listener failed")
			field.AddEventListener("blur", vdom.NewListener(func(*vdom.Event) { panic(boom) }))

			tc.change(doc, field)

			if got := doc.ActiveElement(); got != doc.Body() {
				t.Fatalf("ActiveElement after the change = %v, want the body", got)
			}
			_, err := doc.RunTasks()
			var taskErr *vdom.TaskError
			if !errors.As(err, &taskErr) {
				t.Fatalf("RunTasks error = %v, want a *TaskError carrying the blur listener's panic", err)
			}
			var lerr *vdom.ListenerError
			if !errors.As(err, &lerr) {
				t.Fatalf("RunTasks error = %v, want it to wrap a *ListenerError", err)
			}
			if _, again := doc.RunTasks(); again != nil {
				t.Errorf("the panic was reported twice: %v", again)
			}
		})
	}
}
