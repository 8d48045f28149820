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
// Files: unit.go (Unit, options, methods, values), perk.go (the Perk
// contract), skills.go (skills and spells by name), lifecycle.go (Start,
// Stop), registry.go (the units of a document, boundaries, Select),
// trace.go (the tracer hook), method.go (the handler shape), errors.go.
package unit
