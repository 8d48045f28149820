package vdom

import "github.com/eventperk/eventperk-go/internal/domext"

// The layers above vdom (units, EventPerk) keep per-document state that
// lives and dies with the document, and run handlers with their own passive
// option; they reach these through internal/domext, not through vdom's API.
func init() {
	domext.Value = func(doc, key any) any { return doc.(*Document).value(key) }
	domext.SetValue = func(doc, key, v any) { doc.(*Document).setValue(key, v) }
	domext.SetPassive = func(e any, on bool) bool { return e.(*Event).setPassive(on) }
	domext.PrimarySelection = func(doc any) string { return doc.(*Document).focus.primary }
	domext.TakePicker = func(doc any) any {
		d := doc.(*Document)
		h := d.focus.picker
		d.focus.picker = nil
		if h == nil {
			return nil
		}
		return d.wrap(h)
	}
}

// value returns the value stored under key by setValue, or nil. Keys are
// of unexported types of the package that stores them, as with
// context.Context.
func (d *Document) value(key any) any { return d.values[key] }

// setValue stores v under key; a nil v deletes the key.
func (d *Document) setValue(key, v any) {
	if v == nil {
		delete(d.values, key)
		return
	}
	if d.values == nil {
		d.values = make(map[any]any)
	}
	d.values[key] = v
}

// setPassive sets the in-passive-listener flag, under which PreventDefault
// and SetReturnValue(false) do nothing, and returns its previous value.
func (e *Event) setPassive(on bool) (was bool) {
	was = e.has(flagInPassive)
	e.setFlag(flagInPassive, on)
	return was
}
