package htmx

import (
	"github.com/eventperk/eventperk-go/vdom"
)

// Wiring triggers: the listeners, timers and polling of each trigger, as
// htmx 2's addTriggerHandler and addEventListener and htmx 4's onTrigger
// set them up. Trigger filters ([...]) are JavaScript: a trigger with one
// is reported and not wired.

// refuseFilter reports a trigger with a filter and says whether it has
// one.
func (e *Engine) refuseFilter(el *vdom.Node, t *trigger) bool {
	if t.filter == "" {
		return false
	}
	v, _ := e.own(el, "hx-trigger")
	e.report(attrError(ErrNeedsJavaScript, el, e.attrName(el, "hx-trigger"), v, t.offset,
		"the trigger filter %s is a JavaScript expression", t.filter))
	return true
}

// ---- htmx 2 ----

// addTrigger2 is htmx 2's addTriggerHandler.
func (e *Engine) addTrigger2(el *vdom.Node, t *trigger, handler func(*vdom.Event, *trigger)) {
	if e.refuseFilter(el, t) {
		return
	}
	st := e.state(el)
	switch {
	case t.name == "revealed":
		// Without layout every element is in the viewport: htmx 2
		// reveals it as it is processed.
		e.listen2(el, t, handler, false)
		if !e.has(el, "data-hx-revealed") && !el.HasAttribute("data-hx-revealed") {
			_ = el.SetAttribute("data-hx-revealed", "true")
			e.fire(el, "revealed", nil)
		}
	case t.name == "intersect":
		// The IntersectionObserver's first report: the element
		// intersects (no layout), after the current task.
		e.listen2(el, t, handler, false)
		e.doc.Post(func() {
			if e.active() && el.IsConnected() {
				e.fire(el, "intersect", nil)
			}
		})
	case t.name == "load" && !st.initialized:
		load := func() {
			if !st.loaded {
				st.loaded = true
				e.fire(el, e.b.ev.trigger, nil)
				handler(nil, t)
			}
		}
		if t.delay > 0 {
			e.setTimeout(t.delay, load)
		} else {
			load()
		}
	case t.name == "every" && t.every > 0:
		e.poll2(el, t, handler)
	default:
		e.listen2(el, t, handler, false)
	}
}

// poll2 is htmx 2's processPolling: the next poll is set after each
// request.
func (e *Engine) poll2(el *vdom.Node, t *trigger, handler func(*vdom.Event, *trigger)) {
	st := e.state(el)
	st.pollTimer = e.setTimeout(t.every, func() {
		if el.IsConnected() && !st.cancelled {
			handler(nil, t)
			e.poll2(el, t, handler)
		}
	})
}

// listen2 is htmx 2's addEventListener: a listener on the element or on
// what from: selects, running the modifiers before handler.
func (e *Engine) listen2(el *vdom.Node, t *trigger, handler func(*vdom.Event, *trigger), explicitCancel bool) {
	st := e.state(el)
	on := []vdom.EventTarget{el}
	if t.from != "" {
		ts, err := e.findAll(el, t.from, "")
		if err != nil {
			e.reportSelector(el, "hx-trigger", t, err)
			return
		}
		on = ts
	}
	if t.changed {
		if st.lastValue == nil {
			st.lastValue = map[*trigger]map[*vdom.Node]string{}
		}
		if st.lastValue[t] == nil {
			st.lastValue[t] = map[*vdom.Node]string{}
		}
		for _, x := range on {
			if n, ok := x.(*vdom.Node); ok {
				st.lastValue[t][n] = n.Value()
			}
		}
	}
	for _, target := range on {
		target := target
		var reg listenerReg
		reg = listenerReg{on: target, typ: t.name, l: vdom.NewListener(func(ev *vdom.Event) {
			if !e.active() {
				return
			}
			if !el.IsConnected() {
				removeListener(reg)
				return
			}
			if st.boosted && el.LocalName() == "a" && ev.Type() == "click" {
				if m, ok := ev.AsMouse(); ok && (m.CtrlKey || m.MetaKey) {
					return
				}
			}
			if explicitCancel || shouldCancel2(ev, target) {
				ev.PreventDefault()
			}
			if e.handledFor(ev, el) {
				return
			}
			if t.consume {
				ev.StopPropagation()
			}
			if t.target != "" {
				tn, _ := ev.Target().(*vdom.Node)
				if tn == nil || !tn.IsElement() {
					return
				}
				if ok, _ := tn.Matches(t.target); !ok {
					return
				}
			}
			if t.once {
				if st.triggeredOnce {
					return
				}
				st.triggeredOnce = true
			}
			if t.changed {
				tn, _ := ev.Target().(*vdom.Node)
				if tn != nil {
					vals := st.lastValue[t]
					if old, ok := vals[tn]; ok && old == tn.Value() {
						return
					}
					vals[tn] = tn.Value()
				}
			}
			if st.delayed != 0 {
				e.doc.ClearTimeout(st.delayed)
				st.delayed = 0
			}
			if st.throttle != 0 {
				return
			}
			switch {
			case t.throttle > 0:
				e.fire(el, e.b.ev.trigger, nil)
				handler(ev, t)
				st.throttle = e.setTimeout(t.throttle, func() { st.throttle = 0 })
			case t.delay > 0:
				st.delayed = e.setTimeout(t.delay, func() {
					st.delayed = 0
					e.fire(el, e.b.ev.trigger, nil)
					handler(ev, t)
				})
			default:
				e.fire(el, e.b.ev.trigger, nil)
				handler(ev, t)
			}
		})}
		addListener(target, t.name, reg.l, false)
		st.listeners = append(st.listeners, reg)
	}
}

// handledFor records that ev triggered el (htmx 2 triggers an element
// once per event, however many of its listeners see it) and reports
// whether it already had.
func (e *Engine) handledFor(ev *vdom.Event, el *vdom.Node) bool {
	if e.handled == nil {
		e.handled = map[*vdom.Event][]*vdom.Node{}
	}
	for _, x := range e.handled[ev] {
		if x == el {
			return true
		}
	}
	e.handled[ev] = append(e.handled[ev], el)
	return false
}

// shouldCancel2 is htmx 2's shouldCancel: the default action of a form's
// submit, of a click on a form's submit button and of a click in a link
// (not to a fragment) is prevented.
func shouldCancel2(ev *vdom.Event, on vdom.EventTarget) bool {
	el, _ := on.(*vdom.Node)
	if el == nil || !el.IsElement() {
		return false
	}
	switch ev.Type() {
	case "submit":
		return el.LocalName() == "form"
	case "click":
		if btn, _ := el.Closest(`input[type="submit"], button`); btn != nil && btn.Form() != nil && btn.Type() == "submit" {
			return true
		}
		if link, _ := el.Closest("a"); link != nil {
			href, ok := link.GetAttribute("href")
			if ok && !(len(href) > 1 && href[0] == '#') {
				return true
			}
		}
	}
	return false
}

// reportSelector reports an extended selector of an attribute that does
// not parse.
func (e *Engine) reportSelector(el *vdom.Node, attr string, t *trigger, err error) {
	v, _ := e.own(el, attr)
	off := -1
	if se, ok := err.(*selectorError); ok {
		off = se.offset
		err = se.err
	}
	if t != nil && t.offset >= 0 {
		off = -1
	}
	e.report(&Error{Kind: ErrSyntax, Element: el, Attribute: e.attrName(el, attr), Value: v, Offset: off, Detail: err.Error()})
}

// ---- htmx 4 ----

// initTriggers4 is htmx 4's initializeTriggers: hx-trigger, else the
// default trigger, wired to the element's request handler.
func (e *Engine) initTriggers4(el *vdom.Node, st *elemState) {
	var ts []*trigger
	if v, ok := e.own(el, "hx-trigger"); ok && v != "" {
		ts = e.parseTriggers(el, v)
	} else {
		name := "click"
		t, _ := el.GetAttribute("type")
		switch l := el.LocalName(); {
		case l == "form":
			name = "submit"
		case l == "input" && t != "button" && t != "submit", l == "select", l == "textarea":
			name = "change"
		}
		ts = []*trigger{{name: name, offset: -1}}
	}
	for _, t := range ts {
		e.onTrigger4(el, st, t, func(ev *vdom.Event) { e.handleTrigger4(el, ev, t) })
	}
}

// onTrigger4 is htmx 4's onTrigger for one trigger.
func (e *Engine) onTrigger4(el *vdom.Node, st *elemState, t *trigger, handler func(*vdom.Event)) {
	if e.refuseFilter(el, t) {
		return
	}
	st.triggers = append(st.triggers, t)
	name := t.name
	on := []vdom.EventTarget{el}
	switch {
	case t.from == "outside":
		on = []vdom.EventTarget{e.doc}
	case t.from != "" && t.from != "self":
		ts, err := e.findAll(el, t.from, "")
		if err != nil {
			e.reportSelector(el, "hx-trigger", t, err)
			return
		}
		on = ts
	}
	var inner func(ev *vdom.Event)
	inner = func(ev *vdom.Event) {
		if ev != nil {
			if t.halt || t.prevent {
				ev.PreventDefault()
			}
			if t.halt || t.stop || t.consume {
				ev.StopPropagation()
			}
		}
		if t.changed && ev != nil {
			if tn, _ := ev.Target().(*vdom.Node); tn != nil && tn.Type() != "checkbox" && tn.Type() != "radio" {
				if st.lastValue == nil {
					st.lastValue = map[*trigger]map[*vdom.Node]string{}
				}
				vals := st.lastValue[nil]
				if vals == nil {
					vals = map[*vdom.Node]string{}
					st.lastValue[nil] = vals
				}
				if old, ok := vals[tn]; ok && old == tn.Value() {
					return
				}
				vals[tn] = tn.Value()
			}
		}
		if t.once {
			for _, r := range t.listeners {
				removeListener(r)
			}
		}
		handler(ev)
	}
	timed := inner
	switch {
	case t.delay > 0:
		timed = func(ev *vdom.Event) {
			e.doc.ClearTimeout(t.timeout)
			t.timeout = e.setTimeout(t.delay, func() { inner(ev) })
		}
	case t.throttle > 0:
		var throttled func(ev *vdom.Event)
		throttled = func(ev *vdom.Event) {
			if t.throttled {
				t.throttledEvent = ev
				return
			}
			t.throttled = true
			inner(ev)
			t.throttleTimer = e.setTimeout(t.throttle, func() {
				t.throttled = false
				if held := t.throttledEvent; held != nil {
					t.throttledEvent = nil
					throttled(held)
				}
			})
		}
		timed = throttled
	}
	guard := func(ev *vdom.Event) {
		if !e.active() {
			return
		}
		if ev != nil && shouldCancel4(ev) {
			ev.PreventDefault()
		}
		if ev != nil {
			tn, _ := ev.Target().(*vdom.Node)
			if t.from == "self" && tn != el {
				return
			}
			if t.from == "outside" && tn != nil && el.Contains(tn) {
				return
			}
			if t.target != "" {
				if tn == nil || !tn.IsElement() {
					return
				}
				if ok, _ := tn.Matches(t.target); !ok {
					return
				}
			}
		}
		if name != "every" {
			for _, other := range st.triggers {
				e.doc.ClearTimeout(other.timeout)
				other.throttledEvent = nil
			}
		}
		timed(ev)
	}
	switch name {
	case "intersect", "revealed":
		// No layout: every element intersects; the observer reports it
		// after the current task.
		for _, x := range on {
			if n, ok := x.(*vdom.Node); ok {
				e.doc.Post(func() {
					if e.active() && n.IsConnected() {
						e.fireWith(n, "intersect", nil, false)
					}
				})
			}
		}
		name = "intersect"
	case "every":
		t.interval = e.doc.SetInterval(t.every, func() {
			if !e.active() {
				return
			}
			if el.IsConnected() {
				e.fireWith(el, "every", nil, false)
			} else {
				e.doc.ClearInterval(t.interval)
			}
		})
	case "load":
		guard(nil)
		return
	}
	for _, x := range on {
		reg := listenerReg{on: x, typ: name, l: vdom.NewListener(guard), capture: t.capture}
		addListener(x, name, reg.l, t.capture)
		st.listeners = append(st.listeners, reg)
		t.listeners = append(t.listeners, reg)
	}
}

// shouldCancel4 is htmx 4's shouldCancel: a form's submit, a main-button
// click on a form's submit button, a click in a link (not to a
// fragment).
func shouldCancel4(ev *vdom.Event) bool {
	el, _ := ev.CurrentTarget().(*vdom.Node)
	if el == nil || !el.IsElement() {
		return false
	}
	if ev.Type() == "submit" {
		return el.LocalName() == "form"
	}
	m, ok := ev.AsMouse()
	if ev.Type() != "click" || !ok || m.Button != 0 {
		return false
	}
	if btn, _ := el.Closest(`button, input[type="submit"], input[type="image"]`); btn != nil {
		form := btn.Form()
		if form == nil {
			form, _ = btn.Closest("form")
		}
		if !btn.Disabled() && form != nil && (btn.Type() == "submit" || btn.Type() == "image") {
			return true
		}
	}
	link, _ := el.Closest("a")
	if link == nil {
		return false
	}
	href, ok := link.GetAttribute("href")
	if !ok {
		return false
	}
	return !(len(href) > 1 && href[0] == '#')
}
