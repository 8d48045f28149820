package vdom

import "testing"

// dispatchIsNoOp says "no effect" exactly when a dispatch of the event
// would run no listener: checked against a real dispatch for listeners
// at each place of the path, in each phase, bubbling or not.
func TestDispatchIsNoOpAgreesWithDispatch(t *testing.T) {
	type place struct {
		name string
		at   func(d *Document) EventTarget
	}
	places := []place{
		{"target", func(d *Document) EventTarget { return d.GetElementByID("t") }},
		{"parent", func(d *Document) EventTarget { return d.GetElementByID("p") }},
		{"html", func(d *Document) EventTarget { return d.DocumentElement() }},
		{"document", func(d *Document) EventTarget { return d }},
		{"window", func(d *Document) EventTarget { return d.Window() }},
		{"sibling", func(d *Document) EventTarget { return d.GetElementByID("s") }},
	}
	for _, typ := range []string{"custom", "load"} {
		for _, pl := range places {
			for _, capture := range []bool{false, true} {
				for _, bubbles := range []bool{false, true} {
					for _, removed := range []bool{false, true} {
						d := ParseString(`<div id="p"><span id="t"></span></div><p id="s"></p>`)
						ran := false
						l := NewListener(func(*Event) { ran = true })
						pl.at(d).AddEventListenerWith(typ, l, ListenerOptions{Capture: capture})
						// A listener of another type changes nothing.
						d.GetElementByID("p").AddEventListener("other", NewListener(func(*Event) {}))
						if removed {
							pl.at(d).RemoveEventListenerWith(typ, l, ListenerOptions{Capture: capture})
						}
						target := d.GetElementByID("t")
						noop := target.dispatchIsNoOp(typ, bubbles)
						e := NewEventWith(typ, EventInit{Bubbles: bubbles})
						if _, err := target.DispatchEvent(e); err != nil {
							t.Fatal(err)
						}
						if noop == ran || (removed && !noop) {
							t.Errorf("%s listener on %s (capture %v, removed %v), bubbles %v: no-op %v, the dispatch ran it: %v",
								typ, pl.name, capture, removed, bubbles, noop, ran)
						}
					}
				}
			}
		}
	}
}

// What a dispatch does besides running listeners rules the shortcut out:
// a click's activation behaviour, the nesting limit's error, and the
// delivery of waiting mutation records.
func TestDispatchIsNoOpOtherEffects(t *testing.T) {
	d := ParseString(`<div id="p"><span id="t"></span></div>`)
	target := d.GetElementByID("t")
	if !target.dispatchIsNoOp("custom", true) {
		t.Fatal("no listener anywhere, and not a no-op")
	}
	if target.dispatchIsNoOp("click", false) {
		t.Error("a click has activation behaviour")
	}
	d.nesting = MaxDispatchNesting
	if target.dispatchIsNoOp("custom", false) {
		t.Error("at the nesting limit a dispatch fails")
	}
	d.nesting = 0
	yes := true
	mo := NewMutationObserver(func([]*MutationRecord, *MutationObserver) {})
	if err := mo.Observe(target, MutationObserverInit{Attributes: &yes}); err != nil {
		t.Fatal(err)
	}
	target.SetAttribute("x", "1")
	if target.dispatchIsNoOp("custom", false) {
		t.Error("with mutation records waiting a dispatch delivers them")
	}
}

// dispatchRunsOnly allows the given listener at the target, in either
// phase, and nothing else.
func TestDispatchRunsOnly(t *testing.T) {
	d := ParseString(`<div id="p"><span id="t"></span></div>`)
	target := d.GetElementByID("t")
	own := NewListener(func(*Event) {})
	target.AddEventListener("custom", own)
	target.AddEventListenerWith("custom", own, ListenerOptions{Capture: true})
	if target.dispatchIsNoOp("custom", false) {
		t.Error("a listener at the target, and a no-op")
	}
	if !target.dispatchRunsOnly("custom", false, own) {
		t.Error("only the allowed listener, and not allowed")
	}
	other := NewListener(func(*Event) {})
	target.AddEventListener("custom", other)
	if target.dispatchRunsOnly("custom", false, own) {
		t.Error("another listener at the target, and allowed")
	}
	target.RemoveEventListener("custom", other)
	d.GetElementByID("p").AddEventListenerWith("custom", own, ListenerOptions{Capture: true})
	if target.dispatchRunsOnly("custom", false, own) {
		t.Error("the allowed listener on an ancestor is allowed only at the target")
	}
}

// dispatchIsNoOp remembers the listening ancestors of the node it was
// last asked about: on one document, asked again after each kind of
// change that could make the remembered answer wrong, it still agrees
// with a real dispatch.
func TestDispatchIsNoOpAfterChanges(t *testing.T) {
	d := ParseString(`<div id="g"><div id="p"><span id="t"></span></div></div><div id="q"></div><p id="s"></p>`)
	el := d.GetElementByID
	ran := ""
	listener := func(name string) Listener { return NewListener(func(*Event) { ran += name + " " }) }
	onP, onG, onQ, onDoc, onWin := listener("p"), listener("g"), listener("q"), listener("document"), listener("window")
	capture := ListenerOptions{Capture: true}
	// p listens for another type from the start, so it is among the
	// remembered ancestors before it gets a listener of the type asked.
	el("p").AddEventListener("other", listener("other"))
	detached, err := d.CreateElement("section")
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		change func()
		target string
		noop   [2]bool // not bubbling, bubbling
	}{
		{"nothing listens", func() {}, "t", [2]bool{true, true}},
		{"a listening ancestor gains the type", func() { el("p").AddEventListenerWith("custom", onP, capture) }, "t", [2]bool{false, false}},
		{"and loses it", func() { el("p").RemoveEventListenerWith("custom", onP, capture) }, "t", [2]bool{true, true}},
		{"an ancestor starts to listen", func() { el("g").AddEventListener("custom", onG) }, "t", [2]bool{true, false}},
		{"and stops", func() { el("g").RemoveEventListener("custom", onG) }, "t", [2]bool{true, true}},
		{"another target asked", func() { el("q").AddEventListenerWith("custom", onQ, capture) }, "s", [2]bool{true, true}},
		{"moved under a listening parent", func() { el("q").AppendChild(el("t")) }, "t", [2]bool{false, false}},
		{"the document listens", func() {
			el("q").RemoveEventListenerWith("custom", onQ, capture)
			d.AddEventListener("custom", onDoc)
		}, "t", [2]bool{true, false}},
		{"moved out of the document", func() { detached.AppendChild(el("t")) }, "t", [2]bool{true, true}},
		{"the window listens, out of the document", func() {
			d.RemoveEventListener("custom", onDoc)
			d.Window().AddEventListenerWith("custom", onWin, capture)
		}, "t", [2]bool{true, true}},
		{"the detached parent listens", func() { detached.AddEventListener("custom", listener("section")) }, "t", [2]bool{true, false}},
		{"back in the document, the window listening", func() { el("g").AppendChild(detached.FirstChild()) }, "t", [2]bool{false, false}},
	}
	target := el("t")
	for _, st := range steps {
		st.change()
		at := target
		if st.target == "s" {
			at = el("s")
		}
		for i, bubbles := range []bool{false, true} {
			noop := at.dispatchIsNoOp("custom", bubbles)
			ran = ""
			if _, err := at.DispatchEvent(NewEventWith("custom", EventInit{Bubbles: bubbles})); err != nil {
				t.Fatal(err)
			}
			if noop != (ran == "") || noop != st.noop[i] {
				t.Errorf("%s, bubbles %v: no-op %v (want %v), the dispatch ran %q", st.name, bubbles, noop, st.noop[i], ran)
			}
		}
	}
}
