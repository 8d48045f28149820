package vdom

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// reg is a registration as the model of TestListenerStoreEnds sees it.
type reg struct {
	Typ     string
	CB      int
	Capture bool
}

// TestListenerStoreEnds drives a store past its index threshold with adds
// and removes that mostly hit the ends of the lists (first added, last
// added: the removals that take records off an end and recycle them at
// once), some in the middle (tombstones, compaction back to the array's
// start), duplicates, and removals of what is not there. A quarter of the
// adds carry one of a few abort signals, and now and then one is aborted:
// it must remove exactly the registrations still made with it, however
// their records were recycled meanwhile, and the signal must forget the
// algorithms of registrations removed before. After every step the live
// registrations of each list, in order, must be the model's, and every
// live record must sit in the chain of the index slot it names.
func TestListenerStoreEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var cbs []Listener
	number := map[Listener]int{}
	for i := range 200 {
		cbs = append(cbs, NewListener(func(*Event) {}))
		number[cbs[i]] = i
	}
	types := []string{"click", "input"}
	s := &listenerStore{}
	var model [2][]reg // bubble, capture
	// The signals, and which registration each live one was made with.
	controllers := make([]*AbortController, 4)
	for i := range controllers {
		controllers[i] = NewAbortController()
	}
	signalOf := map[reg]int{}
	most := 0
	indexOf := func(list []reg, r reg) int {
		for i, m := range list {
			if m == r {
				return i
			}
		}
		return -1
	}
	for step := range 8000 {
		r := reg{Typ: types[rng.IntN(2)], CB: rng.IntN(len(cbs)), Capture: rng.IntN(4) == 0}
		list := &model[b2i(r.Capture)]
		// Phases of mostly adds, then mostly removes, so the lists
		// grow past the index threshold and shrink to nothing.
		op := rng.IntN(10)
		if step%2000 < 1000 {
			op = 5 + rng.IntN(5)
		}
		if len(*list) > 0 && op < 6 {
			// Remove the first or the last registration, or one in the
			// middle.
			switch op % 3 {
			case 0:
				r = (*list)[0]
			case 1:
				r = (*list)[len(*list)-1]
			default:
				r = (*list)[rng.IntN(len(*list))]
			}
		}
		switch {
		case op < 6 || op == 9:
			s.remove(r.Typ, cbs[r.CB], r.Capture)
			if i := indexOf(*list, r); i >= 0 {
				*list = append((*list)[:i], (*list)[i+1:]...)
				delete(signalOf, r)
			}
		case step%97 == 0:
			// Abort one signal, and replace it with a fresh one.
			k := rng.IntN(len(controllers))
			if err := controllers[k].Abort(nil); err != nil {
				t.Fatal(err)
			}
			controllers[k] = NewAbortController()
			for c := range model {
				model[c] = slices.DeleteFunc(model[c], func(m reg) bool {
					k2, ok := signalOf[m]
					return ok && k2 == k
				})
			}
			for m, k2 := range signalOf {
				if k2 == k {
					delete(signalOf, m)
				}
			}
		default:
			o := ListenerOptions{Capture: r.Capture}
			k := -1
			if rng.IntN(4) == 0 {
				k = rng.IntN(len(controllers))
				o.Signal = controllers[k].Signal()
			}
			s.add(r.Typ, cbs[r.CB], o)
			if indexOf(*list, r) < 0 {
				*list = append(*list, r)
				if k >= 0 {
					signalOf[r] = k
				}
			}
		}
		// A signal holds the algorithms of its live registrations only.
		for k, c := range controllers {
			want := 0
			for _, k2 := range signalOf {
				if k2 == k {
					want++
				}
			}
			if got := len(c.Signal().algorithms); got != want {
				t.Fatalf("step %d: signal %d holds %d abort algorithms, want %d (its live registrations)", step, k, got, want)
			}
		}
		for c, recs := range [2][]*listener{s.bubble, s.capture} {
			var got []reg
			for _, l := range recs {
				if l.removed {
					continue
				}
				got = append(got, reg{Typ: l.typ, CB: number[l.cb], Capture: l.capture})
				if s.index != nil && !inChain(s.index, l) {
					t.Fatalf("step %d: a live record is not in the chain of its slot %d", step, l.slot)
				}
			}
			// slices.Equal first: cmp.Diff on every step of the walk
			// took most of the test's time.
			if !slices.Equal(model[c], got) {
				t.Fatalf("step %d: list %d differs from the model (-want +got):\n%s", step, c, cmp.Diff(model[c], got, cmpopts.EquateEmpty()))
			}
		}
		// Spare records keep nothing alive, and no abort algorithm.
		for l := s.free; l != nil; l = l.sameCB {
			if l.cb != nil || l.fn != nil || l.typ != "" || l.abort != nil {
				t.Fatalf("step %d: a spare record holds cb %v, fn set %v, type %q, abort %v", step, l.cb, l.fn != nil, l.typ, l.abort)
			}
		}
		if s.index != nil {
			if err := checkSlotCounts(s.index); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
		}
		if s.index == nil && len(model[0])+len(model[1]) > indexThreshold {
			t.Fatalf("step %d: no index with %d registrations", step, len(model[0])+len(model[1]))
		}
		most = max(most, len(model[0])+len(model[1]))
	}
	if most < 100 {
		t.Errorf("at most %d registrations at once, want the store to grow past 100", most)
	}
}

// checkSlotCounts checks the index's counts against its table: live
// counts the slots with a head, used those with a key. The rehash policy
// reads both, so a count that drifts makes the table grow without need or
// fill up.
func checkSlotCounts(x *callbackIndex) error {
	live, used := 0, 0
	for _, sl := range x.slots {
		if sl.head != nil {
			live++
		}
		if sl.key != 0 {
			used++
		}
	}
	if live != x.live || used != x.used {
		return fmt.Errorf("index counts live %d, used %d; its table has %d slots with a head, %d with a key", x.live, x.used, live, used)
	}
	return nil
}

// inChain reports whether l is in the chain of the slot it names.
func inChain(x *callbackIndex, l *listener) bool {
	if l.slot < 0 || int(l.slot) >= len(x.slots) {
		return false
	}
	for c := x.slots[l.slot].head; c != nil; c = c.sameCB {
		if c == l {
			return true
		}
	}
	return false
}

// Removing in the order added, and in reverse, during a dispatch leaves
// the records in place: the dispatch skips them and calls the others.
func TestListenerEndsDuringDispatch(t *testing.T) {
	for _, reverse := range []bool{false, true} {
		t.Run(fmt.Sprintf("reverse=%v", reverse), func(t *testing.T) {
			el := ParseString(`<div id="t"></div>`).GetElementByID("t")
			var calls []int
			ls := make([]Listener, 40)
			for i := range ls {
				ls[i] = NewListener(func(*Event) {
					calls = append(calls, i)
					if i == 0 {
						// The first removes every other one.
						for j := range ls {
							k := j
							if reverse {
								k = len(ls) - 1 - j
							}
							if k%2 == 1 {
								el.RemoveEventListener("click", ls[k])
							}
						}
					}
				})
				el.AddEventListener("click", ls[i])
			}
			if _, err := el.DispatchEvent(NewEvent("click")); err != nil {
				t.Fatal(err)
			}
			var want []int
			for i := 0; i < len(ls); i += 2 {
				want = append(want, i)
			}
			if diff := cmp.Diff(want, calls); diff != "" {
				t.Errorf("listener calls (-want +got):\n%s", diff)
			}
			for i := 0; i < len(ls); i += 2 {
				el.RemoveEventListener("click", ls[i])
			}
			if el.store.len() != 0 || len(el.store.bubble) != 0 {
				t.Errorf("after removing all: %d live, %d records in the list", el.store.len(), len(el.store.bubble))
			}
		})
	}
}
