package unit

import (
	"context"
	"runtime"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// Definitions used by page after page do not keep a list that grows with
// every page ever attached: the pages gone are forgotten.
func TestDefinitions_ForgetsDocumentsGone(t *testing.T) {
	defs, err := NewDefinitions(Definition{Tag: "x-y"})
	if err != nil {
		t.Fatal(err)
	}
	attach := func() {
		if err := Attach(context.Background(), vdom.ParseString(`<x-y></x-y>`), defs); err != nil {
			t.Fatal(err)
		}
	}
	for range 1000 {
		attach()
		if len(defs.docs)%100 == 0 {
			runtime.GC()
		}
	}
	runtime.GC()
	for range 200 {
		attach()
	}
	defs.mu.Lock()
	n := len(defs.docs)
	defs.mu.Unlock()
	if n > 400 {
		t.Errorf("after 1200 pages, %d of which may still be alive, the definitions remember %d", 200, n)
	}
}
