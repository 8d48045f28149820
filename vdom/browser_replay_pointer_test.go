package vdom_test

// The pointer steps of the replay (hover, unhover, dblclick,
// selectOptions, deselectOptions, upload) and the scenario fields they
// use, each driven through userevent as the recorder drives Chromium.

import (
	"errors"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// hoverTypes are the types the recorder marks as hover events.
var hoverTypes = map[string]bool{
	"mouseover": true, "mouseout": true, "mouseenter": true, "mouseleave": true, "mousemove": true,
	"pointerover": true, "pointerout": true, "pointerenter": true, "pointerleave": true, "pointermove": true,
}

// withoutHover drops the hover events from every step.
func withoutHover(steps []stepOutcome) {
	for i := range steps {
		var kept []recordedEvent
		for _, e := range steps[i].Events {
			if !hoverTypes[e.Type] {
				kept = append(kept, e)
			}
		}
		steps[i].Events = kept
	}
}

// pointerListeners adds the scenario's observing and removing listeners,
// as the recorder does after load.
func (r *replayer) pointerListeners(sc *browserScenario) {
	for _, o := range sc.Observe {
		els, err := r.doc.DocumentElement().ParentNode().QuerySelectorAll(o.On)
		if err != nil || len(els) == 0 {
			r.t.Fatalf("observe %q: no element (%v)", o.On, err)
		}
		for _, el := range els {
			for _, typ := range o.Types {
				el.AddEventListenerWith(typ, vdom.NewListener(func(*vdom.Event) {}), vdom.ListenerOptions{Capture: o.Capture})
			}
		}
	}
	for _, ro := range sc.RemoveOn {
		el := r.node(ro.On)
		el.AddEventListener(ro.Type, vdom.NewListener(func(*vdom.Event) { el.Remove() }))
	}
}

// pointerStep runs a pointer step through the scenario's User.
func (r *replayer) pointerStep(st browserStep) {
	var err error
	u := r.user
	switch st.Action {
	case "hover":
		err = u.Hover(r.node(st.On))
	case "unhover":
		err = u.Unhover(r.node(st.On))
	case "dblclick":
		err = u.DblClick(r.node(st.On))
	case "selectOptions", "deselectOptions":
		sel := r.node(st.On)
		dropDown := !sel.Multiple() && sel.DisplaySize() <= 1
		if st.Action == "selectOptions" {
			err = u.SelectOptions(sel, st.Values...)
		} else {
			err = u.DeselectOptions(sel, st.Values...)
		}
		if dropDown {
			// The recorder chooses in the popup with the keyboard
			// (arrows, then Enter); the popup takes every key event but
			// the keyup of Enter, which comes after it closed.
			r.keyUp("Enter")
		}
	case "click":
		err = u.ClickWith(r.node(st.On), r.pointerOptions(st))
	case "press":
		err = u.PointerDownWith(r.node(st.On), r.pointerOptions(st))
	case "release":
		err = u.PointerUpWith(r.node(st.On), r.pointerOptions(st))
	case "upload":
		files := make([]vdom.File, len(st.Files))
		for i, f := range st.Files {
			files[i] = vdom.File{Name: f.Name, Type: f.Type, Content: []byte(f.Content)}
		}
		err = u.Upload(r.node(st.On), files...)
		if errors.Is(err, userevent.ErrPrevented) {
			// The recorder's chooser did not open either.
			err = nil
		}
	}
	if err != nil {
		r.t.Errorf("%s %s: %v", st.Action, st.On, err)
	}
}

// keyUp fires the keyup of a key at the focused element.
func (r *replayer) keyUp(key string) {
	k := vdom.KeyboardEvent{UIEvent: vdom.UIEvent{View: r.doc.Window()}, Key: key, Code: key}
	init := vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
	if _, err := vdom.DispatchTrusted(r.doc.ActiveElement(), vdom.NewKeyboardEvent("keyup", vdom.KeyboardEventInit{EventInit: init, KeyboardEvent: k})); err != nil {
		r.t.Errorf("keyup %s: %v", key, err)
	}
}

// pointerOptions are the button and offset of a click, press or release
// step.
func (r *replayer) pointerOptions(st browserStep) userevent.PointerOptions {
	var o userevent.PointerOptions
	switch st.Button {
	case "", "left":
	case "middle":
		o.Button = userevent.ButtonAuxiliary
	case "right":
		o.Button = userevent.ButtonSecondary
	default:
		r.t.Fatalf("unknown button %q", st.Button)
	}
	if len(st.Offset) == 2 {
		o.Offset = userevent.Point{X: st.Offset[0], Y: st.Offset[1]}
	}
	return o
}
