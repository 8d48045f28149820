package vdom

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"golang.org/x/net/html"
)

// Attr is one attribute of an element.
type Attr struct {
	Namespace string
	Name      string
	Value     string
}

// attrName lower-cases names on HTML elements, as the DOM does for HTML
// documents: ASCII letters only, so "data-éÉ" keeps its "É".
func (n *Node) attrName(name string) string {
	if n.h.Namespace == "" {
		return htmltree.LowerASCII(name)
	}
	return name
}

// attrIndex finds the first attribute whose qualified name is name. The
// parser keeps the prefix of the few namespaced attributes of foreign content
// ("xlink:href", "xml:lang") in Attribute.Namespace.
func (n *Node) attrIndex(name string) int {
	name = n.attrName(name)
	for i, a := range n.h.Attr {
		if a.Namespace == "" {
			if a.Key == name {
				return i
			}
		} else if len(name) == len(a.Namespace)+1+len(a.Key) && strings.HasPrefix(name, a.Namespace) &&
			name[len(a.Namespace)] == ':' && strings.HasSuffix(name, a.Key) {
			return i
		}
	}
	return -1
}

// GetAttribute returns the value of the named attribute and whether it is
// present. Non-elements have no attributes.
func (n *Node) GetAttribute(name string) (string, bool) {
	if n.h.Type != html.ElementNode {
		return "", false
	}
	if i := n.attrIndex(name); i >= 0 {
		return n.h.Attr[i].Val, true
	}
	return "", false
}

// HasAttribute reports whether the named attribute is present.
func (n *Node) HasAttribute(name string) bool {
	_, ok := n.GetAttribute(name)
	return ok
}

// SetAttribute sets the named attribute. It returns ErrInvalidCharacter for
// a name that cannot be an attribute name and ErrInvalidState when n is not
// an element.
func (n *Node) SetAttribute(name, value string) error {
	if n.h.Type != html.ElementNode {
		return domErrorf(ErrInvalidState, "cannot set attribute %q on %s: not an element", name, n.describe())
	}
	if !validName(name) {
		return domErrorf(ErrInvalidCharacter, "%q is not a valid attribute name (on %s)", name, n.describe())
	}
	name = n.attrName(name)
	if n.doc.formState != nil || formAtom(n.h) {
		n.formAttrWillChange(name)
	}
	if i := n.attrIndex(name); i >= 0 {
		old := n.h.Attr[i].Val
		n.h.Attr[i].Val = value
		n.doc.domChanged()
		n.doc.attrChanged(n.h)
		if n.doc.mo != nil {
			n.doc.queueAttribute(n.h, n.h.Attr[i], old, true)
		}
		if n.h.Attr[i].Key == "id" && n.h.Attr[i].Namespace == "" {
			n.idChanged(old, true, value, true)
		}
		if n.h.Attr[i].Key == "name" && n.h.Attr[i].Namespace == "" {
			n.detailsNameChanged()
		}
		if n.doc.formState != nil {
			n.formAttrChanged(n.h.Attr[i].Key, old, true)
		}
		if n.doc.focus.node != nil {
			n.doc.focusAttrChanged(n.h, name)
		}
		return nil
	}
	n.h.Attr = append(n.h.Attr, html.Attribute{Key: name, Val: value})
	n.doc.domChanged()
	n.doc.attrChanged(n.h)
	if n.doc.mo != nil {
		n.doc.queueAttribute(n.h, html.Attribute{Key: name}, "", false)
	}
	if name == "id" {
		n.idChanged("", false, value, true)
	}
	if name == "open" {
		n.openAttrChanged(true)
	}
	if name == "name" {
		n.detailsNameChanged()
	}
	if n.doc.formState != nil {
		n.formAttrChanged(name, "", false)
	}
	if n.doc.focus.node != nil {
		n.doc.focusAttrChanged(n.h, name)
	}
	return nil
}

// RemoveAttribute removes the named attribute if present.
func (n *Node) RemoveAttribute(name string) {
	if n.h.Type != html.ElementNode {
		return
	}
	i := n.attrIndex(name)
	if i < 0 {
		return
	}
	a := n.h.Attr[i]
	if n.doc.formState != nil || formAtom(n.h) {
		n.formAttrWillChange(a.Key)
	}
	n.h.Attr = append(n.h.Attr[:i], n.h.Attr[i+1:]...)
	n.doc.domChanged()
	n.doc.attrChanged(n.h)
	if n.doc.mo != nil {
		n.doc.queueAttribute(n.h, a, a.Val, true)
	}
	if a.Key == "id" && a.Namespace == "" {
		n.idChanged(a.Val, true, "", false)
	}
	if a.Key == "open" && a.Namespace == "" {
		n.openAttrChanged(false)
	}
	if n.doc.formState != nil && a.Namespace == "" {
		n.formAttrChanged(a.Key, a.Val, true)
	}
	if n.doc.focus.node != nil {
		n.doc.focusAttrChanged(n.h, a.Key)
	}
}

// ToggleAttribute removes the attribute if present and adds it (empty) if
// not; it returns whether it is now present. The errors are those of
// SetAttribute, whichever way the toggle goes.
func (n *Node) ToggleAttribute(name string) (bool, error) {
	return n.toggleAttribute(name, false, false)
}

// ToggleAttributeForce adds the attribute (empty, keeping a present value)
// when force is true and removes it when false, as toggleAttribute(name,
// force) does; it returns force. The errors are those of ToggleAttribute.
func (n *Node) ToggleAttributeForce(name string, force bool) (bool, error) {
	return n.toggleAttribute(name, force, true)
}

func (n *Node) toggleAttribute(name string, force, forced bool) (bool, error) {
	if n.h.Type != html.ElementNode {
		return false, domErrorf(ErrInvalidState, "cannot toggle attribute %q on %s: not an element", name, n.describe())
	}
	if !validName(name) {
		return false, domErrorf(ErrInvalidCharacter, "%q is not a valid attribute name (on %s)", name, n.describe())
	}
	has := n.HasAttribute(name)
	want := !has
	if forced {
		want = force
	}
	switch {
	case want && !has:
		return true, n.SetAttribute(name, "")
	case !want && has:
		n.RemoveAttribute(name)
	}
	return want, nil
}

// Attributes returns the element's attributes in order, a snapshot.
func (n *Node) Attributes() []Attr {
	if n.h.Type != html.ElementNode || len(n.h.Attr) == 0 {
		return nil
	}
	out := make([]Attr, len(n.h.Attr))
	for i, a := range n.h.Attr {
		out[i] = Attr{Namespace: a.Namespace, Name: a.Key, Value: a.Val}
	}
	return out
}

// ID returns the id attribute, "" if absent.
func (n *Node) ID() string {
	v, _ := n.GetAttribute("id")
	return v
}

// SetID sets the id attribute.
func (n *Node) SetID(id string) error { return n.SetAttribute("id", id) }

// ClassName returns the class attribute, "" if absent.
func (n *Node) ClassName() string {
	v, _ := n.GetAttribute("class")
	return v
}

// SetClassName sets the class attribute.
func (n *Node) SetClassName(v string) error { return n.SetAttribute("class", v) }

// idChanged keeps the id index right when a connected element's id changes.
func (n *Node) idChanged(old string, hadOld bool, now string, hasNow bool) {
	if !n.doc.connected(n.h) {
		return
	}
	if hadOld && old != "" {
		n.doc.removeID(old, n.h)
	}
	if hasNow && now != "" {
		n.doc.addID(now, n.h)
	}
}
