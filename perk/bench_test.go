package perk_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// startedUnit returns a started unit on the deepest element of a 10k page
// with n handlers for "refresh" on the unit itself, each a synchronous
// method that counts its calls.
func startedUnit(b testing.TB, n int) (*perk.EventPerk, *int) {
	b.Helper()
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	root := doc.GetElementByID("el-1000")
	if root == nil {
		b.Fatal("no element el-1000")
	}
	calls := new(int)
	methods := unit.Methods{}
	var infos []perk.HandlerInfo
	for i := range n {
		name := fmt.Sprintf("h%d", i)
		methods[name] = unit.Sync(func(any, *vdom.Event, unit.Ex) error { *calls++; return nil })
		infos = append(infos, perk.HandlerInfo{Handler: perk.MethodName(name), Order: i % 3})
	}
	u, err := unit.New(doc, root, unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "this", Handlers: []perk.EventHandlers{{Event: "refresh", Handlers: infos}}},
		}}},
		Methods: methods,
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := u.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	p, err := perk.Events(u)
	if err != nil {
		b.Fatal(err)
	}
	return p, calls
}

// BenchmarkTrigger: trigger of an event with 10 handlers that finish
// synchronously.
func BenchmarkTrigger(b *testing.B) {
	p, calls := startedUnit(b, 10)
	ctx := context.Background()
	opts := map[string]any{"id": 1}
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Trigger(ctx, "refresh", opts, nil); err != nil {
			b.Fatal(err)
		}
	}
	if *calls != 10*b.N {
		b.Fatalf("%d handler calls for %d triggers, want 10 each", *calls, b.N)
	}
}

// BenchmarkTriggerSync: the same with triggerSync.
func BenchmarkTriggerSync(b *testing.B) {
	p, calls := startedUnit(b, 10)
	ctx := context.Background()
	opts := map[string]any{"id": 1}
	b.ReportAllocs()
	for b.Loop() {
		if err := p.TriggerSync(ctx, "refresh", opts, nil); err != nil {
			b.Fatal(err)
		}
	}
	if *calls != 10*b.N {
		b.Fatalf("%d handler calls for %d triggers, want 10 each", *calls, b.N)
	}
}

// BenchmarkStartUnit: starting a unit whose settings declare N element
// entries (by id, each with a click handler) on the 10k page; the unit's
// root is the page's body, so every entry resolves. Each iteration starts a
// new unit on the same document; stopping it is not timed.
func BenchmarkStartUnit(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	withID, err := doc.Body().QuerySelectorAll("[id]")
	if err != nil {
		b.Fatal(err)
	}
	onClick := unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })
	for _, n := range []int{25, 50, 100, 200} {
		if len(withID) < n {
			b.Fatalf("the page has %d ids, want %d", len(withID), n)
		}
		settings := &perk.EventSettings{}
		for i := range n {
			settings.Events = append(settings.Events, perk.ElementEntry{
				Name:     withID[i*len(withID)/n].ID(),
				Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onClick")}}}},
			})
		}
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			ctx := context.Background()
			var u *unit.Unit
			// Making and starting the unit are timed, by the clock (see
			// package benchop); stopping it is not.
			err := benchop.Each(b,
				func() error { return nil },
				func() (err error) {
					u, err = unit.New(doc, doc.Body(), unit.Options{
						Settings: unit.Settings{"event": settings},
						Methods:  unit.Methods{"onClick": onClick},
					})
					if err != nil {
						return err
					}
					return u.Start(ctx)
				},
				func() error { return u.Stop(ctx) })
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkTriggerFloor: what a trigger builds on and cannot go below, a
// CustomEvent dispatched on the same element of the same page to one plain
// listener that calls 10 functions in turn.
func BenchmarkTriggerFloor(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	el := doc.GetElementByID("el-1000")
	if el == nil {
		b.Fatal("no element el-1000")
	}
	calls := 0
	var fns [10]func(*vdom.Event)
	for i := range fns {
		fns[i] = func(e *vdom.Event) {
			if e.Detail() != nil {
				calls++
			}
		}
	}
	el.AddEventListener("refresh", vdom.NewListener(func(e *vdom.Event) {
		for _, f := range fns {
			f(e)
		}
	}))
	opts := map[string]any{"id": 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := el.DispatchEvent(vdom.NewCustomEventWith("refresh", vdom.CustomEventInit{Detail: opts})); err != nil {
			b.Fatal(err)
		}
	}
	if calls != 10*b.N {
		b.Fatalf("%d calls for %d dispatches, want 10 each", calls, b.N)
	}
}
