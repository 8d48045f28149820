// Package unit implements units: components rooted at one element of a
// vdom Document, with settings, methods, attached perks, and the skills
// (synchronous) and spells (asynchronous) perks register by name.
//
// A unit starts with Start, which attaches its perks (those its settings
// sections call for, the core perks, and any given explicitly) in priority
// order and fires its lifecycle events on itself with trigger:
// beforeApplySettings, doApplySettings, afterApplySettings, beforeStart,
// beforeTransform, doTransform, afterTransform, doStart, afterStart,
// afterReady. Transform puts the unit's inner HTML in place when the unit has
// Render or HTML; otherwise the server-rendered HTML stays (hydration). Stop
// fires beforeStop, doStop and afterStop and detaches the perks, which undo
// what they installed.
//
// A unit's root is a boundary: Select, and the EventPerk selections built on
// it, do not reach elements inside a nested unit unless asked to.
//
// The Perk contract is declared here, where units consume it; the perks and
// their registry live in package perk, which sets its registry as the
// default PerkSource when imported (a blank import is enough). New finds
// the perks the settings call for: without a source it fails with
// ErrNoPerks and says what to import or pass, and a section no perk
// provides fails there too. Perks attach at Start, and only then do their
// skills and spells exist.
//
// A unit belongs to the goroutine that owns its document.
//
// # Definitions: units named by the markup
//
// As a browser upgrades custom elements, a document attached to
// Definitions makes units of its elements by itself. A Definition names a
// kind once, by tag (a valid custom element name, such as "todo-list") or
// by attribute selectors (such as "[data-unit=cart]"), with the settings,
// methods and inner HTML of every unit of the kind, and an optional New
// that makes the Go value behind each one (its Instance):
//
//	defs, err := unit.NewDefinitions(unit.Definition{
//		Tag:      "click-counter",
//		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"click": "count"}}}}`},
//		New: func(u *unit.Unit) (any, error) {
//			c := &Counter{}
//			u.SetMethod("count", unit.Sync(func(any, *vdom.Event, unit.Ex) error {
//				c.clicks++
//				return nil
//			}))
//			return c, nil
//		},
//	})
//
// Attach(ctx, doc, defs) makes and starts a unit for every element of the
// page a definition matches, in tree order: each unit starts completely
// before the next one is made, so parents start before their children (a
// unit whose Render puts new kind elements in place upgrades them during
// its own transform, as a custom element's innerHTML does). From then on
// every tree operation of vdom (AppendChild, InsertBefore, Append,
// ReplaceChildren, SetInnerHTML, InsertAdjacentHTML, SetOuterHTML, ...)
// upgrades the elements it inserts and stops the units, made by the
// definitions, of the elements it removes, before it returns; also when a
// handler makes it while an event is dispatched. The removals of an
// operation are handled before its insertions, so an element moved by one
// operation follows the custom elements' rule, disconnected then
// connected: its unit stops and a new unit of its kind starts. Units made
// later are boundaries for the units around them at once (Select and
// EventPerk's selections stop at them). Template contents are never
// upgraded; a copy inserted into the document is.
//
// A definition added after the page was attached reaches the elements
// already there through a task posted to each attached document: the
// document's next RunTasks or Await upgrades them. Definitions.Upgrade
// does it at once.
//
// One unit's failure does not stop the others. Attach and Upgrade return
// the errors of the units they made, one *UpgradeError each (the kind,
// the element, and "new", "start", "stop" or "match"), including those of
// the tree operations made while they run (a unit rendering units of
// other kinds); the units that other tree
// operations make or stop report theirs as the listeners of a removal do:
// the next RunTasks or Await returns them, as a *vdom.TaskError wrapping
// them. A unit that fails to start is stopped and its element left
// without a unit. An element two definitions claim gets none
// (ErrDefinitionConflict). An element that has a unit already, made by
// New, is left alone, and so is that unit when the element goes.
//
// What definitions do not do: an attribute set or removed later does not
// upgrade or stop anything (a custom element's name cannot change; the
// element is upgraded when it is inserted again, or by Upgrade); the
// units that tree operations start get context.Background(), since the
// operation has no context. One Definitions serves any number of
// documents on any goroutines; Define may be called at any time.
//
// Files: unit.go (Unit, options, methods, values), perk.go (the Perk
// contract), skills.go (skills and spells by name), lifecycle.go (Start,
// Stop), registry.go (the units of a document, boundaries, Select),
// define.go (Definition, Definitions, name checks), upgrade.go (Attach,
// Upgrade, the document's connection hook), trace.go (the tracer hook),
// method.go (the handler shape), errors.go.
package unit
