package unit_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"weak"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// todoItem is the Go value behind each todo-item unit.
type todoItem struct{ clicks int }

// todoDefs are the kinds of a small list page: a list that re-renders its
// items on "refresh", and items whose click counts on their Go value.
func todoDefs(t testing.TB) *unit.Definitions {
	t.Helper()
	itemSettings := &perk.EventSettings{Events: []perk.ElementEntry{
		{Name: "this", Handlers: []perk.EventHandlers{
			{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("count")}}},
		}},
	}}
	return mustDefs(t,
		unit.Definition{Tag: "todo-list",
			Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"refresh": "render"}}}}`},
			Methods: unit.Methods{"render": unit.Sync(func(_ any, e *vdom.Event, ex unit.Ex) error {
				n := e.Detail().(map[string]any)["n"].(int)
				var b strings.Builder
				for i := range n {
					fmt.Fprintf(&b, `<todo-item id="i%d"><button>x</button></todo-item>`, i)
				}
				return ex.Unit.Root().SetInnerHTML(b.String())
			})},
		},
		unit.Definition{Tag: "todo-item",
			Settings: unit.Settings{"event": itemSettings},
			New: func(u *unit.Unit) (any, error) {
				it := &todoItem{}
				u.SetMethod("count", unit.Sync(func(any, *vdom.Event, unit.Ex) error { it.clicks++; return nil }))
				return it, nil
			},
		},
	)
}

// A page that re-renders a thousand times keeps only the units it shows:
// the units of earlier renders stop, leave the document's registry, and
// are collected.
func TestUpgrade_RerenderDoesNotLeak(t *testing.T) {
	ctx := context.Background()
	doc := attached(t, todoDefs(t), `<todo-list id="list"></todo-list>`)
	list, _ := unit.FromElement(mustEl(t, doc, "list"))
	var early []weak.Pointer[unit.Unit]
	const renders, items = 1000, 3
	for r := range renders {
		if err := list.Cast(ctx, "event.trigger", "refresh", map[string]any{"n": items}); err != nil {
			t.Fatalf("render %d: %v", r, err)
		}
		if got := len(unit.Units(doc)); got != items+1 {
			t.Fatalf("render %d: %d units, want %d", r, got, items+1)
		}
		if r < 5 {
			for _, u := range unit.Units(doc)[1:] {
				early = append(early, weak.Make(u))
			}
		}
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	for i, wp := range early {
		if wp.Value() != nil {
			t.Errorf("unit %d of the first renders is still reachable", i)
		}
	}
	// The units shown are live: a click reaches the item's Go value.
	if _, err := perk.Dispatch(ctx, mustEl(t, doc, "i1"), vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	u, _ := unit.FromElement(mustEl(t, doc, "i1"))
	if it, ok := u.Instance().(*todoItem); !ok || it.clicks != 1 {
		t.Errorf("Instance = %#v, want a *todoItem clicked once", u.Instance())
	}
}

// One Definitions serves documents on many goroutines at once, while new
// kinds are defined: run with -race.
func TestDefinitions_Concurrent(t *testing.T) {
	defs := todoDefs(t)
	const workers = 6
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers+1)
	defined := make(chan struct{})
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- worker(defs, w, rounds, defined)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(defined)
		for k := range 10 {
			if err := defs.Define(unit.Definition{Tag: fmt.Sprintf("late-%d", k)}); err != nil {
				errs <- err
				return
			}
		}
		errs <- nil
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// worker is one goroutine's page: it parses, attaches, re-renders, clicks
// and checks, on a document of its own, while kinds are defined; once
// defined is closed, Upgrade must have made a unit of the late-3 element.
func worker(defs *unit.Definitions, w, rounds int, defined <-chan struct{}) error {
	ctx := context.Background()
	doc := vdom.ParseString(`<todo-list id="list"></todo-list><late-3 id="l3"></late-3>`)
	if err := unit.Attach(ctx, doc, defs); err != nil {
		return err
	}
	list, ok := unit.FromElement(doc.GetElementByID("list"))
	if !ok {
		return fmt.Errorf("worker %d: the list is not a unit", w)
	}
	for r := range rounds {
		if err := list.Cast(ctx, "event.trigger", "refresh", map[string]any{"n": 1 + r%4}); err != nil {
			return err
		}
		if _, err := perk.Dispatch(ctx, doc.GetElementByID("i0"), vdom.NewEvent("click")); err != nil {
			return err
		}
		if _, err := doc.RunTasks(); err != nil { // late definitions arrive here
			return err
		}
		var kinds []string
		for _, u := range unit.Units(doc) {
			if u.Kind() != "late-3" {
				kinds = append(kinds, u.Kind())
			}
		}
		want := []string{"todo-list"}
		for range 1 + r%4 {
			want = append(want, "todo-item")
		}
		if diff := cmp.Diff(want, kinds); diff != "" {
			return fmt.Errorf("worker %d round %d: units (-want +got):\n%s", w, r, diff)
		}
	}
	<-defined
	if err := defs.Upgrade(ctx, doc); err != nil {
		return err
	}
	if _, ok := unit.FromElement(doc.GetElementByID("l3")); !ok {
		return fmt.Errorf("worker %d: late-3 was defined and its element is not a unit", w)
	}
	for _, u := range unit.Units(doc) {
		if err := u.Stop(ctx); err != nil {
			return err
		}
	}
	return nil
}
