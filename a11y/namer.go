package a11y

import "github.com/eventperk/eventperk-go/vdom"

// A Namer computes the accessible names and descriptions of many elements
// of one walk of an unchanged tree, as Name and Description do. Finding
// a control's label elements takes a walk of the whole tree when the
// control has an id (a label's for attribute may name it from anywhere);
// a Namer makes that walk once per tree and keeps an index of the labels,
// so naming every text field of a large form costs the size of the page
// once, not once per field.
//
// What a Namer keeps goes stale as soon as the tree or an attribute
// changes, and it then gives wrong answers. Make a new one (the zero
// value is ready to use) for each walk, such as one query. Like the
// tree, a Namer may be used by one goroutine at a time.
type Namer struct {
	labels labelCache
}

// Name returns what Name returns for el, as long as the tree has not
// changed since the Namer was first used.
func (n *Namer) Name(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	s, _ := computeName(el, &n.labels)
	return s
}

// Description returns what Description returns for el, as long as the
// tree has not changed since the Namer was first used.
func (n *Namer) Description(el *vdom.Node) string {
	return describe(el, &n.labels)
}
