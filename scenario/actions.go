package scenario

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// hcall is a handler call in progress, as the actions of a method see it.
// Steps run the same actions with a nil *hcall.
type hcall struct {
	sender any
	e      *vdom.Event
	ex     unit.Ex
	call   *Call
	unit   *liveUnit
}

// runFrom runs actions in order until the end or a wait. At a wait it
// schedules the rest to run on the document's goroutine once the wait is
// over, and reports suspended; work settles when the last action has run
// (or fails with the first error), as an async JavaScript function's
// promise does.
func (r *runner) runFrom(h *hcall, actions []*op, work *vdom.Promise) (suspended bool, err error) {
	for i, a := range actions {
		if !r.applies(h, a) {
			continue
		}
		switch a.kind {
		case "wait", "waitFor":
			r.suspend(h, a, actions[i+1:], work)
			return true, nil
		}
		if err := r.do(h, a); err != nil {
			return false, err
		}
	}
	return false, nil
}

// applies checks an action's "when" and "unless" conditions.
func (r *runner) applies(h *hcall, a *op) bool {
	if a.when.text != "" && !r.holds(h, a.when) {
		return false
	}
	if a.unless.text != "" && r.holds(h, a.unless) {
		return false
	}
	return true
}

// holds reports whether a condition holds now: its selector matches an
// element of the page, or its reference is an element that matches the
// selector or holds an element that does. A reference that is not an
// element here (@sender when the sender is a unit) does not hold.
func (r *runner) holds(h *hcall, c condition) bool {
	if c.ref == "" {
		n, err := r.doc.QuerySelector(c.sel)
		return err == nil && n != nil
	}
	if h == nil {
		return false
	}
	el, err := r.ref(h, c.ref)
	switch {
	case err != nil:
		return false
	case c.sel == "":
		return true
	case c.inside:
		n, err := el.QuerySelector(c.sel)
		return err == nil && n != nil
	}
	ok, err := el.Matches(c.sel)
	return err == nil && ok
}

// suspend parks the rest of a method until a delay passes or a signal
// comes. The rest then runs as a document task, where a handler's
// continuation runs in a browser too.
func (r *runner) suspend(h *hcall, a *op, rest []*op, work *vdom.Promise) {
	var w *waiter
	resume := func(err error) {
		if err != nil {
			work.Reject(err)
			r.progressed(w, h, false)
			return
		}
		defer func() {
			if v := recover(); v != nil {
				work.Reject(fmt.Errorf("%s: panic: %v", a.path, v))
				r.progressed(w, h, false)
			}
		}()
		suspended, err := r.runFrom(h, rest, work)
		switch {
		case err != nil:
			r.progressed(w, h, false)
			work.Reject(err)
		case suspended:
			r.progressed(w, h, true)
		default:
			r.progressed(w, h, false)
			work.Resolve()
		}
	}
	switch a.kind {
	case "wait":
		t := &timer{work: work}
		var due func()
		due = func() {
			if r.timers == nil || !r.timers[t] {
				return // the run is over
			}
			if r.draining {
				r.later = append(r.later, due)
				return
			}
			delete(r.timers, t)
			resume(nil)
		}
		t.id = r.doc.SetTimeout(a.delay, due)
		r.timers[t] = true
	case "waitFor":
		w = &waiter{signal: a.arg, work: work, resume: resume}
		if h != nil {
			w.call, w.unit = h.call, h.unit
		}
		r.waiters = append(r.waiters, w)
	}
}

// progressed tells a resolve step waiting on w that the work went on: it
// waits again, or it finished and the handler's end will be traced (the
// tracer resolves the promise then).
func (r *runner) progressed(w *waiter, h *hcall, waitsAgain bool) {
	if w == nil || w.progressed == nil {
		return
	}
	if waitsAgain || h == nil || h.call == nil || h.call.Ended {
		w.progressed.Resolve()
		return
	}
	r.endWatch[h.call.Seq] = w.progressed
}

// do runs one action (or the step of the same kind).
func (r *runner) do(h *hcall, a *op) error {
	err := r.doAction(h, a)
	if err != nil && !a.inStep && a.kind != "fail" {
		// The handler's error names the handler; this names the action.
		return fmt.Errorf("%s (%s): %w", a.path, a.kind, err)
	}
	return err
}

func (r *runner) doAction(h *hcall, a *op) error {
	switch a.kind {
	case "record":
		return nil
	case "stopPropagation":
		h.e.StopPropagation()
		return nil
	case "stopImmediatePropagation":
		h.e.StopImmediatePropagation()
		return nil
	case "preventDefault":
		h.e.PreventDefault()
		return nil
	case "fail":
		if a.arg == "" {
			return errors.New("failed")
		}
		return errors.New(a.arg)
	case "panic":
		panic(a.arg)
	case "resolve", "reject":
		_, err := r.signal(a)
		return err
	case "dispatch":
		_, err := r.dispatch(h, a)
		return err
	case "trigger", "triggerSync":
		return r.trigger(h, a)
	case "call":
		return r.call(h, a)
	}
	if a.isDOM() {
		return r.mutate(h, a)
	}
	return fmt.Errorf("%s cannot run here", quoteJSON(a.kind))
}

// mutate runs a DOM action on every element its target matches.
func (r *runner) mutate(h *hcall, a *op) error {
	t := a.target
	if a.kind == "remove" && !a.hasTarget {
		t = target{ref: "element", text: "@element"}
	}
	els, err := r.resolve(h, t, a.hasTarget || a.kind == "remove", a.closest)
	if err != nil {
		return err
	}
	for _, el := range els {
		var err error
		switch a.kind {
		case "setAttribute":
			err = el.SetAttribute(a.arg, a.value)
		case "removeAttribute":
			el.RemoveAttribute(a.arg)
		case "setText":
			el.SetTextContent(a.arg)
		case "setCount":
			var all []*vdom.Node
			all, err = r.doc.QuerySelectorAll(a.arg)
			el.SetTextContent(strconv.Itoa(len(all)))
		case "addClass":
			err = el.ClassList().Add(a.arg)
		case "removeClass":
			err = el.ClassList().Remove(a.arg)
		case "toggleClass":
			_, err = el.ClassList().Toggle(a.arg)
		case "appendHTML":
			var nodes []*vdom.Node
			nodes, err = r.doc.ParseFragmentString(a.arg, el)
			for _, n := range nodes {
				if err == nil {
					_, err = el.AppendChild(n)
				}
			}
		case "setHTML":
			err = el.SetInnerHTML(a.arg)
		case "remove":
			el.Remove()
		}
		if err != nil {
			return fmt.Errorf("%s on %s: %w", a.kind, describe(el), err)
		}
	}
	return nil
}

// resolve finds the elements a target names. Without a target, an action
// works on the element its handler is on.
func (r *runner) resolve(h *hcall, t target, has bool, closest string) ([]*vdom.Node, error) {
	var els []*vdom.Node
	switch {
	case !has:
		if h == nil {
			return nil, errors.New("no target")
		}
		els = []*vdom.Node{h.ex.Element}
	case t.ref != "":
		base, err := r.ref(h, t.ref)
		if err != nil {
			return nil, err
		}
		if t.sel == "" {
			els = []*vdom.Node{base}
		} else if els, err = base.QuerySelectorAll(t.sel); err != nil {
			return nil, err
		}
	case t.q != nil:
		// A query that finds nothing says what it looked for and what the
		// page holds, which is more than "matches no element".
		var err error
		if els, err = t.q.All(&r.doc.Node); err != nil {
			return nil, err
		}
	default:
		var err error
		if els, err = r.doc.QuerySelectorAll(t.sel); err != nil {
			return nil, err
		}
	}
	if closest != "" {
		var out []*vdom.Node
		seen := map[*vdom.Node]bool{}
		for _, el := range els {
			c, err := el.Closest(closest)
			if err != nil {
				return nil, err
			}
			if c != nil && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
		if len(out) == 0 && len(els) > 0 {
			return nil, fmt.Errorf("no element of target %s has an ancestor matching %s", quoteJSON(t.text), quoteJSON(closest))
		}
		els = out
	}
	if len(els) == 0 {
		return nil, noElement(r.doc, t)
	}
	return els, nil
}

// noElement is the error of a target whose selector matched nothing in
// doc, with a suggestion when a misspelt name is the likely cause.
func noElement(doc *vdom.Document, t target) error {
	if t.q == nil && t.ref == "" && t.sel != "" && t.sel == t.text {
		if hint := suggestSelector(doc, t.sel); hint != "" {
			return fmt.Errorf("target %s matches no element; %s", quoteJSON(t.text), hint)
		}
	}
	return fmt.Errorf("target %s matches no element", quoteJSON(t.text))
}

// ref is the element a reference names in a handler call.
func (r *runner) ref(h *hcall, ref string) (*vdom.Node, error) {
	var v any
	switch ref {
	case "element":
		v = h.ex.Element
	case "target":
		v = h.e.Target()
	case "unit":
		v = h.ex.Unit.Root()
	case "sender":
		v = h.sender
	}
	if n, ok := v.(*vdom.Node); ok && n != nil {
		return n, nil
	}
	return nil, fmt.Errorf("@%s is not an element here (it is %s)", ref, describeValue(v))
}

// one resolves a target that must name one element: the first match of a
// selector, the one element a query finds (more is the query's error).
func (r *runner) one(h *hcall, t target) (*vdom.Node, error) {
	if t.q != nil {
		return t.q.Get(&r.doc.Node)
	}
	els, err := r.resolve(h, t, true, "")
	if err != nil {
		return nil, err
	}
	return els[0], nil
}

// unitFor is the unit an action or step names, or the handler's own unit,
// or the scenario's only unit.
func (r *runner) unitFor(h *hcall, name string) (*liveUnit, error) {
	switch {
	case name != "":
		if lu := r.byName[name]; lu != nil {
			return lu, nil
		}
		if spec := r.specFor(name); spec != nil && r.sess != nil {
			return nil, fmt.Errorf("unit %s is not on the current page %s: %s matches no element there", quoteJSON(name), r.shortURL(r.currentURL()), quoteJSON(spec.element))
		}
		return nil, fmt.Errorf("no unit named %s", quoteJSON(name))
	case h != nil && h.unit != nil:
		return h.unit, nil
	case len(r.units) == 1:
		return r.units[0], nil
	}
	return nil, errors.New("say which unit with \"unit\"")
}

func (r *runner) newEvent(a *op) *vdom.Event {
	if a.detail != nil {
		return vdom.NewCustomEventWith(a.arg, vdom.CustomEventInit{Bubbles: a.bubbles, Cancelable: a.cancel, Detail: a.detail.toAny()})
	}
	return vdom.NewEventWith(a.arg, vdom.EventInit{Bubbles: a.bubbles, Cancelable: a.cancel})
}

// dispatch fires a DOM event at the target's elements, as the browser
// fires a user's click; it reports whether any was canceled.
func (r *runner) dispatch(h *hcall, a *op) (canceled bool, err error) {
	var els []*vdom.Node
	if a.inStep && a.target.q != nil && a.closest == "" {
		// One element, or the query's error naming those it found.
		el, err := a.target.q.Get(&r.doc.Node)
		if err != nil {
			return false, err
		}
		els = []*vdom.Node{el}
	} else if els, err = r.resolve(h, a.target, a.hasTarget, a.closest); err != nil {
		return false, err
	}
	if a.inStep && len(els) > 1 {
		return false, fmt.Errorf("target %s matches %d elements; a step dispatches to one", quoteJSON(a.target.text), len(els))
	}
	for _, el := range els {
		ok, err := el.DispatchEvent(r.newEvent(a))
		if err != nil {
			return false, err
		}
		canceled = canceled || !ok
	}
	return canceled, nil
}

// trigger fires an event through a unit's EventPerk.
func (r *runner) trigger(h *hcall, a *op) error {
	var el *vdom.Node
	if a.hasElement {
		var err error
		if el, err = r.one(h, a.element); err != nil {
			return err
		}
	}
	var lu *liveUnit
	if a.unit == "" && h == nil && el != nil {
		// A step that names no unit fires through the unit the element
		// belongs to.
		if u, ok := unit.Of(el); ok {
			lu = r.byUnit[u]
		}
	}
	if lu == nil {
		var err error
		if lu, err = r.unitFor(h, a.unit); err != nil {
			return err
		}
	}
	p, err := perk.Events(lu.u)
	if err != nil {
		return err
	}
	var options any
	if a.options != nil {
		options = a.options.toAny()
	}
	if a.kind == "trigger" {
		return p.Trigger(r.ctx, a.arg, options, el)
	}
	return p.TriggerSync(r.ctx, a.arg, options, el)
}

// call calls a skill or spell by name with the JSON arguments, turned into
// what EventPerk's operations take: handler infos, element entries and
// elements.
func (r *runner) call(h *hcall, a *op) error {
	lu, err := r.unitFor(h, a.unit)
	if err != nil {
		return err
	}
	args, err := r.callArgs(h, a, lu)
	if err != nil {
		return err
	}
	if lu.u.HasSpell(a.arg) {
		return lu.u.Cast(r.ctx, a.arg, args...)
	}
	return lu.u.Use(r.ctx, a.arg, args...)
}

func (r *runner) callArgs(h *hcall, a *op, lu *liveUnit) ([]any, error) {
	sig, known := eventOps[a.arg]
	out := make([]any, len(a.args))
	for i, v := range a.args {
		if !known || i >= len(sig.shapes) {
			out[i] = v.toAny()
			continue
		}
		raw := r.s.src[v.Start:v.End]
		switch sig.shapes[i] {
		case shapeName, shapeAny:
			out[i] = v.toAny()
		case shapeHandlers:
			infos, err := decodeHandlerInfos(raw)
			if err != nil {
				return nil, err
			}
			if r.spy {
				for _, hi := range infos {
					if m, ok := hi.Handler.(perk.MethodName); ok {
						if _, has := lu.u.Method(string(m)); !has {
							lu.u.SetMethod(string(m), r.method(nil, true))
						}
					}
				}
			}
			out[i] = infos
		case shapeEntry:
			if v.Kind == jsonNull {
				continue
			}
			entry, err := decodeElementEntry(raw)
			if err != nil {
				return nil, err
			}
			out[i] = entry
		case shapeElement:
			if v.Kind == jsonNull {
				continue
			}
			// Checked when the scenario was loaded.
			dec := &decoder{src: r.s.src}
			t, _ := dec.target(v, "", true)
			el, err := r.one(h, t)
			if err != nil {
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			out[i] = el
		}
	}
	return out, nil
}

// signal resolves or rejects the work waiting for a signal. The work goes
// on as a document task, as a promise's callbacks would.
func (r *runner) signal(a *op) ([]*waiter, error) {
	ws := r.takeWaiters(a.arg)
	if len(ws) == 0 {
		return nil, fmt.Errorf("nothing waits for %s now", quoteJSON(a.arg))
	}
	var err error
	if a.kind == "reject" {
		msg := a.errText
		if msg == "" {
			msg = a.arg + " rejected"
		}
		err = errors.New(msg)
	}
	for _, w := range ws {
		if a.inStep {
			w.progressed = vdom.NewPromise()
		}
		r.doc.Post(func() { w.resume(err) })
	}
	return ws, nil
}

// specFor returns the units entry a unit name ("app", "item[2]") comes
// from, nil if none.
func (r *runner) specFor(name string) *unitSpec {
	base := name
	if m := unitRef.FindStringSubmatch(name); m != nil {
		base = m[1]
	}
	for _, spec := range r.s.units {
		if spec.name == base {
			return spec
		}
	}
	return nil
}
