//go:build !race

package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestAddRemoveListenerReusesRecords: a target whose listeners come and go
// reuses the records of removed listeners, so once warmed up adding and
// removing allocates nothing. (The race detector changes allocation
// counts, so this file is not built under it.)
func TestAddRemoveListenerReusesRecords(t *testing.T) {
	el := vdom.ParseString(`<div id="t"></div>`).GetElementByID("t")
	ls := make([]vdom.Listener, 100)
	for i := range ls {
		ls[i] = vdom.NewListener(func(*vdom.Event) {})
	}
	allocs := testing.AllocsPerRun(20, func() {
		for _, l := range ls {
			el.AddEventListener("click", l)
		}
		for _, l := range ls {
			el.RemoveEventListener("click", l)
		}
	})
	if allocs != 0 {
		t.Errorf("adding and removing %d listeners allocates %.1f times, want 0", len(ls), allocs)
	}
}
