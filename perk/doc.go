// Package perk holds the perks that extend units, and their registry; above
// all EventPerk, which installs event handlers from a unit's declarative
// "event" settings and fires events with trigger and triggerSync.
//
// The specification is EventPerk's interface: settings (§2), the skills
// event.add, event.init, event.remove, event.reset and event.triggerSync,
// the spell event.trigger (§4), and the lifecycle handlers doApplySettings
// and afterTransform (§6). In Go:
//
//	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
//		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
//			{Name: "save", Handlers: []perk.EventHandlers{
//				{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onSave")}}},
//			}},
//		}}},
//		Methods: unit.Methods{"onSave": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
//			return nil
//		})},
//	})
//	if err != nil {
//		return err // invalid settings, a section without its perk
//	}
//	if err := u.Start(ctx); err != nil { // doApplySettings installs the handlers
//		return err
//	}
//	return u.Cast(ctx, "event.trigger", "click", nil, doc.GetElementByID("save"))
//
// # Handlers
//
// A handler is a MethodName, looked up on the unit each time the event runs
// (a missing method is an ErrMethodNotFound error then), or a *Func made with
// NewFunc, whose pointer is its identity: keep it to remove the handler.
// Handlers have the shape unit.Method: (ctx, sender, e, ex) returning an
// Awaitable for work that finishes later, and an error.
//
// Every element keeps one ordered list per event: a higher Order runs
// earlier, equal orders run in installation order, and the perk's own
// lifecycle handlers share the lists. One native DOM listener per element,
// event and phase runs the list, so ListenerOptions keep their DOM meaning
// per handler: Capture runs it in the capture phase, Once removes it before
// its first run, Passive makes PreventDefault a no-op inside it. A handler
// installed twice on the same element for the same event runs once.
//
// # Trigger and triggerSync
//
// Trigger dispatches a CustomEvent (not bubbling, not cancelable) whose
// Detail is the trigger options, and runs the element's handlers one after
// another, each starting only after the work the previous one returned has
// settled. While it waits, the document's goroutine runs the tasks other
// goroutines post to the document (vdom.Document.Post), so async work can
// come back to the DOM. An error or panic stops the chain and comes back as
// a *HandlerError that names the unit, element, event and handler; ctx ends
// the wait. TriggerSync calls the same handlers without waiting; the work
// they return is tracked, traced, and reported by Settle.
//
// Events dispatched directly with DispatchEvent (a test's click) run the
// same lists with trigger's waiting, in the background: Settle, and Stop,
// wait for them and report their errors.
//
// # Where handler errors go
//
//   - Trigger (event.trigger) and TriggerSync (event.triggerSync) return
//     the errors of the handlers they ran; work that triggerSync did not
//     wait for reports to Settle.
//   - DispatchEvent returns only the errors of plain DOM listeners: the
//     unit handlers a dispatched event runs report to Settle. Dispatch
//     (this package's function) dispatches and returns both, for that
//     dispatch only: it is the call for tests.
//   - A user's action (package userevent: Click, Type, ...) returns the
//     errors of the unit handlers its events ran and that finished during
//     it, after its own: the action runs in this package's action scope,
//     which tags the chains it starts as Dispatch does, without waiting.
//     Work they return to finish later reports to Settle.
//   - Settle(ctx, doc) returns every error not collected yet, of every
//     unit of the document; EventPerk.Settle those of one unit; Stop
//     settles before it detaches and returns them too.
//
// # Differences from BitsmistJS
//
// See docs/eventperk.md. In short: order is higher-first with default 0 as
// the specification says; the key is "listenerOptions"; listener options
// apply per handler; a handler is installed once per element and event;
// triggerSync does not leak an "async" flag into the detail; nested units
// are left out of rootNode selections by element, not by the first compound.
//
// # Files
//
//   - event_settings.go: the settings types; event_settings_json.go and
//     event_settings_validate.go decode and check them
//   - event_perk.go: EventPerk, attach and detach, the lifecycle handlers
//   - event_install.go: add, remove, init, reset, target resolution
//   - event_run.go: the native listener, handler chains, trigger,
//     triggerSync, Settle
//   - event_skills.go: the skills and the spell by name
//   - settle.go: Dispatch and Settle over every unit of a document
//   - registry.go: the perk registry; errors.go and settings_error.go:
//     error types
package perk
