package vdom_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// detailsState is which details are open and the toggle events, each as
// "id old>new".
type detailsState struct {
	Open    []string
	Toggles []string
}

// detailsDoc parses body and logs the toggle events from the start.
func detailsDoc(t *testing.T, body string) (*vdom.Document, func() detailsState) {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader("<!DOCTYPE html><body>" + body))
	if err != nil {
		t.Fatal(err)
	}
	var toggles []string
	doc.Window().AddEventListenerWith("toggle", vdom.NewListener(func(e *vdom.Event) {
		tg, _ := e.AsToggle()
		toggles = append(toggles, describe(e.Target())+" "+tg.OldState+">"+tg.NewState)
	}), vdom.ListenerOptions{Capture: true})
	state := func() detailsState {
		t.Helper()
		if _, err := doc.RunTasks(); err != nil {
			t.Fatal(err)
		}
		s := detailsState{Toggles: toggles}
		open, err := doc.QuerySelectorAll("details[open]")
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range open {
			s.Open = append(s.Open, d.ID())
		}
		toggles = nil
		return s
	}
	return doc, state
}

func TestDetailsParsedOpen(t *testing.T) {
	_, state := detailsDoc(t, `<details name=g id=a open></details><details name=g id=b open></details>`+
		`<details id=c open></details><details name=g id=d></details><details name="" id=e open></details><details name=G id=f open></details>`)
	want := detailsState{
		Open:    []string{"a", "c", "e", "f"},
		Toggles: []string{"#a closed>open", "#b closed>closed", "#c closed>open", "#e closed>open", "#f closed>open"},
	}
	if diff := cmp.Diff(want, state()); diff != "" {
		t.Errorf("after the parse, mismatch (-want +got):\n%s", diff)
	}
}

func TestDetailsNameGroup(t *testing.T) {
	doc, state := detailsDoc(t, `<details name=g id=a open><summary id=sa>A</summary></details>`+
		`<details name=g id=b><summary id=sb>B</summary></details><div id=box></div>`)
	state()
	steps := []struct {
		name string
		do   func() error
		want detailsState
	}{
		{"click the other summary", func() error { return doc.GetElementByID("sb").Click() },
			detailsState{Open: []string{"b"}, Toggles: []string{"#b closed>open", "#a open>closed"}}},
		{"open by attribute", func() error { return doc.GetElementByID("a").SetAttribute("open", "") },
			detailsState{Open: []string{"a"}, Toggles: []string{"#a closed>open", "#b open>closed"}}},
		{"close opens none", func() error { doc.GetElementByID("a").RemoveAttribute("open"); return nil },
			detailsState{Toggles: []string{"#a open>closed"}}},
		{"insert an open one", func() error {
			return doc.GetElementByID("box").InsertAdjacentHTML("beforeend", `<details name=g id=c open></details><details name=g id=d open></details>`)
		}, detailsState{Open: []string{"c"}, Toggles: []string{"#c closed>open", "#d closed>closed"}}},
		{"move an open one in", func() error {
			e, err := doc.CreateElement("details")
			if err != nil {
				return err
			}
			for _, a := range [][2]string{{"id", "e"}, {"name", "g"}, {"open", ""}} {
				if err := e.SetAttribute(a[0], a[1]); err != nil {
					return err
				}
			}
			_, err = doc.GetElementByID("box").AppendChild(e)
			return err
		}, detailsState{Open: []string{"c"}, Toggles: []string{"#e closed>closed"}}},
		{"rename into the group", func() error {
			if err := doc.GetElementByID("box").InsertAdjacentHTML("beforeend", `<details name=h id=f open></details>`); err != nil {
				return err
			}
			return doc.GetElementByID("f").SetAttribute("name", "g")
		}, detailsState{Open: []string{"c"}, Toggles: []string{"#f closed>closed"}}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if diff := cmp.Diff(st.want, state()); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", st.name, diff)
		}
	}
}

// A detached tree is a tree of its own: its details form their own groups.
func TestDetailsNameGroupDetached(t *testing.T) {
	doc, state := detailsDoc(t, `<details name=g id=a open></details>`)
	state()
	box, err := doc.CreateElement("div")
	if err != nil {
		t.Fatal(err)
	}
	if err := box.SetInnerHTML(`<details name=g id=b open></details><details name=g id=c></details>`); err != nil {
		t.Fatal(err)
	}
	c, _ := box.QuerySelector("#c")
	if err := c.SetAttribute("open", ""); err != nil {
		t.Fatal(err)
	}
	b, _ := box.QuerySelector("#b")
	if b.HasAttribute("open") || !doc.GetElementByID("a").HasAttribute("open") {
		t.Errorf("opening c in the detached tree: b open %v, a open %v; want b closed, a open", b.HasAttribute("open"), doc.GetElementByID("a").HasAttribute("open"))
	}
}
