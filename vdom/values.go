package vdom

// Value returns the value stored under key by SetValue, or nil. Values let
// the layers above vdom keep per-document state (the units of a page, for
// instance) that lives and dies with the document. Use an unexported key type
// of your own package, as with context.Context.
func (d *Document) Value(key any) any { return d.values[key] }

// SetValue stores v under key; a nil v deletes the key.
func (d *Document) SetValue(key, v any) {
	if v == nil {
		delete(d.values, key)
		return
	}
	if d.values == nil {
		d.values = make(map[any]any)
	}
	d.values[key] = v
}
