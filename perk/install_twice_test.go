package perk_test

import (
	"context"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// afterTransform installs the entries again, and skips those that
// doApplySettings installed when nothing changed in between. Whatever
// changes in between (a handler removed, the tree changed, a unit made),
// the unit ends with what installing every entry again gives.
func TestAfterTransformAfterChangesInBetween(t *testing.T) {
	for _, tc := range []struct {
		name    string
		between func(t *testing.T, u *unit.Unit)
		// want are the calls that clicking #save, #late and #i1 makes.
		want []string
	}{
		{"nothing", func(*testing.T, *unit.Unit) {}, []string{"save", "i1"}},
		{"handler removed", func(t *testing.T, u *unit.Unit) {
			p, err := perk.Events(u)
			if err != nil {
				t.Fatal(err)
			}
			save := u.Document().GetElementByID("save")
			if err := p.Remove("click", []perk.HandlerInfo{byName("onSave")}, save); err != nil {
				t.Fatal(err)
			}
		}, []string{"save", "i1"}},
		{"element inserted", func(t *testing.T, u *unit.Unit) {
			late, err := u.Document().CreateElement("button")
			if err != nil {
				t.Fatal(err)
			}
			late.SetAttribute("id", "late")
			if _, err := u.Root().AppendChild(late); err != nil {
				t.Fatal(err)
			}
		}, []string{"save", "late", "i1"}},
		{"id changed", func(t *testing.T, u *unit.Unit) {
			u.Document().GetElementByID("i2").SetAttribute("id", "late")
		}, []string{"save", "late", "i1"}},
		{"id moved", func(t *testing.T, u *unit.Unit) {
			u.Document().GetElementByID("save").SetAttribute("id", "saved")
			u.Document().GetElementByID("i2").SetAttribute("id", "save")
		}, []string{"save", "i1"}},
		{"unit made", func(t *testing.T, u *unit.Unit) {
			if _, err := unit.New(u.Document(), u.Document().GetElementByID("list"), unit.Options{Perks: perk.Default}); err != nil {
				t.Fatal(err)
			}
		}, []string{"save", "i1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls []string
			method := func(name string) unit.Method {
				return unit.Sync(func(any, *vdom.Event, unit.Ex) error {
					calls = append(calls, name)
					return nil
				})
			}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(
					onEntry("save", "click", byName("onSave")),
					onEntry("late", "click", byName("onLate")),
					onEntry("i1", "click", byName("onI1")),
					onEntry("this", "afterApplySettings", byName("between")),
				),
				Methods: unit.Methods{
					"onSave": method("save"), "onLate": method("late"), "onI1": method("i1"),
					"between": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
						tc.between(t, ex.Unit)
						return nil
					}),
				},
			})
			for _, id := range []string{"save", "late", "i1"} {
				if el := h.doc.GetElementByID(id); el != nil {
					if _, err := el.DispatchEvent(vdom.NewEvent("click")); err != nil {
						t.Fatal(err)
					}
				}
			}
			if diff := cmp.Diff(tc.want, calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

// A unit whose settings declare no entries skips running the perk's own
// lifecycle handlers when they are all an event would run; whoever else
// listens for doApplySettings or afterTransform still gets the event.
func TestOwnLifecycleHandlersWithoutEntries(t *testing.T) {
	h := newUnit(t, testPage, "app", unit.Options{
		Settings: eventSettings(),
	})
	var got []string
	l := vdom.NewListener(func(e *vdom.Event) { got = append(got, e.Type()) })
	root := h.doc.GetElementByID("app")
	root.AddEventListener("doApplySettings", l)
	h.doc.AddEventListenerWith("afterTransform", l, vdom.ListenerOptions{Capture: true})
	if err := h.u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"doApplySettings", "afterTransform"}, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}
