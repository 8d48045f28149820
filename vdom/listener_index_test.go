package vdom_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// Listener kinds the callback index keys differently: pointers (by the
// pointer) and comparable values (by the interface). outerListener and its
// first field innerListener are two pointer callbacks at one address.
type (
	valueListener struct {
		name string
		log  *[]string
	}
	innerListener struct {
		name string
		log  *[]string
	}
	outerListener struct {
		inner innerListener
	}
)

func (v valueListener) HandleEvent(*vdom.Event) { *v.log = append(*v.log, v.name) }
func (v valueListener) label() string           { return v.name }
func (l *innerListener) HandleEvent(*vdom.Event) {
	*l.log = append(*l.log, l.name)
}
func (l *innerListener) label() string { return l.name }
func (o *outerListener) HandleEvent(*vdom.Event) {
	*o.inner.log = append(*o.inner.log, "outer-"+o.inner.name)
}
func (o *outerListener) label() string { return "outer-" + o.inner.name }

// TestListenerIndexAgainstModel adds and removes listeners of every kind at
// random on targets with many listeners (where the store indexes its
// callbacks and reuses removed records), dispatching after each step, and
// compares the calls with a plain list model of the DOM's rules:
// registrations are unique by (type, callback, capture), run capture first
// at the target, each in the order added.
func TestListenerIndexAgainstModel(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint("seed-", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			doc := vdom.ParseString(`<div id="t"></div>`)
			el := doc.GetElementByID("t")
			var log []string
			var cbs []vdom.Listener
			names := map[vdom.Listener]string{}
			add := func(cb vdom.Listener, name string) {
				cbs = append(cbs, cb)
				names[cb] = name
			}
			for i := range 30 {
				switch i % 4 {
				case 0:
					name := fmt.Sprint("f", i)
					add(vdom.NewListener(func(*vdom.Event) { log = append(log, name) }), name)
				case 1:
					v := valueListener{name: fmt.Sprint("v", i), log: &log}
					add(v, v.label())
				case 2:
					o := &outerListener{inner: innerListener{name: fmt.Sprint("p", i), log: &log}}
					add(o, o.label())
					add(&o.inner, o.inner.label())
				case 3:
					q := &innerListener{name: fmt.Sprint("q", i), log: &log}
					add(q, q.label())
				}
			}
			type reg struct {
				typ     string
				cb      vdom.Listener
				capture bool
			}
			var model []reg
			find := func(r reg) int {
				for i, m := range model {
					if m == r {
						return i
					}
				}
				return -1
			}
			types := []string{"a", "b"}
			for step := range 3000 {
				r := reg{typ: types[rng.IntN(2)], cb: cbs[rng.IntN(len(cbs))], capture: rng.IntN(2) == 0}
				if rng.IntN(5) < 3 {
					el.AddEventListenerWith(r.typ, r.cb, vdom.ListenerOptions{Capture: r.capture})
					if find(r) < 0 {
						model = append(model, r)
					}
				} else {
					el.RemoveEventListenerWith(r.typ, r.cb, vdom.ListenerOptions{Capture: r.capture})
					if i := find(r); i >= 0 {
						model = append(model[:i], model[i+1:]...)
					}
				}
				typ := types[rng.IntN(2)]
				log = log[:0]
				if _, err := el.DispatchEvent(vdom.NewEventWith(typ, vdom.EventInit{})); err != nil {
					t.Fatal(err)
				}
				want := []string{}
				for _, capture := range []bool{true, false} {
					for _, m := range model {
						if m.typ == typ && m.capture == capture {
							want = append(want, names[m.cb])
						}
					}
				}
				got := append([]string{}, log...)
				// slices.Equal first: cmp.Diff after each of the 60,000
				// dispatches took most of the test's time.
				if !slices.Equal(want, got) {
					diff := cmp.Diff(want, got)
					t.Fatalf("step %d (%s %s capture=%v, then dispatch %q): calls (-model +got):\n%s",
						step, map[bool]string{true: "add", false: "remove"}[find(r) >= 0], names[r.cb], r.capture, typ, diff)
				}
			}
		})
	}
}
