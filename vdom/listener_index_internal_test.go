package vdom

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCallbackIndexTombstones drives the callback table through what its
// tombstones must survive: keys removed and added again (found at their
// tombstone), fresh keys taking other keys' tombstones, rehashes that drop
// tombstones, and a nil pointer callback, whose key must not read as an
// empty slot. After every step each key must map to exactly the head the
// model says, and the table's counts must match its slots.
func TestCallbackIndexTombstones(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := newCallbackIndex(8)
	model := map[Listener]*listener{}
	var cbs []Listener
	for range 300 {
		cbs = append(cbs, NewListener(func(*Event) {}))
	}
	cbs = append(cbs, (*FuncListener)(nil))
	for step := range 20000 {
		cb := cbs[rng.IntN(len(cbs))]
		head, ref := x.lookup(cb)
		if head != model[cb] {
			t.Fatalf("step %d: lookup gave head %p, want %p", step, head, model[cb])
		}
		if head == nil {
			l := &listener{cb: cb}
			x.setHead(ref, cb, l)
			model[cb] = l
		} else {
			x.setHead(ref, cb, nil)
			delete(model, cb)
		}
		used, live := 0, 0
		for _, s := range x.slots {
			if s.key != 0 {
				used++
			}
			if s.head != nil {
				live++
			}
		}
		if diff := cmp.Diff([3]int{len(model), used, live}, [3]int{x.live, x.used, x.live}); diff != "" {
			t.Fatalf("step %d: counts [live used live] mismatch (-want +got):\n%s", step, diff)
		}
		if x.used*2 > len(x.slots) {
			t.Fatalf("step %d: %d of %d slots used, more than half", step, x.used, len(x.slots))
		}
	}
	for _, cb := range cbs {
		if head, _ := x.lookup(cb); head != model[cb] {
			t.Errorf("after the churn: head %p for a callback, want %p", head, model[cb])
		}
	}
}
