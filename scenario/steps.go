package scenario

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// step runs one scenario step.
func (r *runner) step(o *op, sr *StepResult) error {
	switch o.kind {
	case "start", "stop":
		lu, err := r.unitFor(nil, o.arg)
		if err != nil {
			return err
		}
		if o.kind == "start" {
			return lu.u.Start(r.ctx)
		}
		if err := r.noWaiters(o, lu); err != nil {
			return err
		}
		return lu.u.Stop(r.ctx)
	case "dispatch":
		canceled, err := r.dispatch(nil, o)
		if err != nil {
			return err
		}
		r.canceled = &canceled
		if canceled {
			sr.Outcome = "canceled (a handler called preventDefault)"
		} else {
			sr.Outcome = "not canceled"
		}
		return nil
	case "resolve", "reject":
		ws, err := r.signal(o)
		if err != nil {
			return err
		}
		// Let the waiting work go on until it has finished or waits again,
		// so the next step sees its effect, however the goroutines run.
		for _, w := range ws {
			if err := r.doc.Await(r.ctx, w.progressed); err != nil {
				return err
			}
		}
		return nil
	case "settle":
		if err := r.noWaiters(o, nil); err != nil {
			return err
		}
		var errs []error
		for _, lu := range r.units {
			if lu.u.Started() {
				errs = append(errs, r.settle(lu))
			}
		}
		return errors.Join(errs...)
	case "expect":
		r.expect(o.expect, sr)
		return nil
	case "open", "back", "forward", "reload":
		return r.serverStep(o)
	case "submit":
		return r.submit(o)
	}
	if o.isUser() {
		return r.userStep(o, sr)
	}
	return r.do(nil, o)
}

// noWaiters refuses to wait for work that waits for a signal: no step can
// resolve it while this one waits, so the wait could only time out.
func (r *runner) noWaiters(o *op, only *liveUnit) error {
	for _, w := range r.waiters {
		if w.call == nil || only != nil && w.unit != only {
			continue
		}
		return fmt.Errorf("handler %s (%s on %s) waits for %s, which no step has resolved; %s would wait for ever (resolve it first)",
			w.call.Handler, w.call.Event, w.call.Element, quoteJSON(w.signal), o.kind)
	}
	return nil
}

// title says in a few words what a step does.
func (r *runner) title(o *op) string {
	var b strings.Builder
	if o.isUser() {
		return userTitle(o)
	}
	b.WriteString(o.kind)
	switch o.kind {
	case "start", "stop", "resolve", "reject":
		b.WriteString(" " + o.arg)
		if o.kind == "reject" && o.errText != "" {
			b.WriteString(" with " + quoteJSON(o.errText))
		}
	case "dispatch":
		fmt.Fprintf(&b, " %s at %s", o.arg, o.target.text)
		var flags []string
		if o.bubbles {
			flags = append(flags, "bubbles")
		}
		if o.cancel {
			flags = append(flags, "cancelable")
		}
		if o.detail != nil {
			flags = append(flags, "detail "+compactJSON(o.detail.toAny()))
		}
		if len(flags) > 0 {
			b.WriteString(" (" + strings.Join(flags, ", ") + ")")
		}
	case "trigger", "triggerSync":
		b.WriteString(" " + o.arg)
		if o.hasElement {
			b.WriteString(" at " + o.element.text)
		}
		if o.unit != "" {
			b.WriteString(" on unit " + o.unit)
		}
		if o.options != nil {
			b.WriteString(" with " + compactJSON(o.options.toAny()))
		}
	case "call":
		args := make([]string, len(o.args))
		for i, a := range o.args {
			args[i] = compactJSON(a.toAny())
		}
		fmt.Fprintf(&b, " %s(%s)", o.arg, strings.Join(args, ", "))
		if o.unit != "" {
			b.WriteString(" on unit " + o.unit)
		}
	case "settle":
		b.WriteString(": wait for the work still running")
	case "open":
		b.WriteString(" " + o.arg)
	case "submit":
		b.WriteString(" " + o.target.text)
	case "expect":
		return "expect"
	default:
		if o.isDOM() {
			switch o.kind {
			case "remove":
				return "remove " + o.target.text
			case "setAttribute":
				fmt.Fprintf(&b, " %s=%s", o.arg, quoteJSON(o.value))
			case "removeAttribute", "addClass", "removeClass", "toggleClass":
				b.WriteString(" " + o.arg)
			case "setCount":
				b.WriteString(" of " + o.arg)
			default:
				b.WriteString(" " + quoteShort(o.arg))
			}
			b.WriteString(" on " + o.target.text)
		}
	}
	return b.String()
}

// compactJSON writes a value as short JSON, HTML characters unescaped.
func compactJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
