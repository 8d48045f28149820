package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Reading hx- attributes. Both versions read an attribute under its
// hx- name and its data-hx- name (htmx 4's config.prefix). htmx 2 takes
// an empty value as absent (getAttributeValue's ||) and inherits from
// ancestors unless hx-disinherit or config.disableInheritance says
// otherwise; htmx 4 takes an empty value as set (??) and inherits only
// from an ancestor's attr:inherited (or attr:inherited:append), or from
// any ancestor with config.implicitInheritance.

// own returns el's own value of the attribute name ("hx-target"), under
// either prefix.
func (e *Engine) own(el *vdom.Node, name string) (string, bool) {
	if el == nil || !el.IsElement() {
		return "", false
	}
	if e.b.v4 {
		name = e.cfg.metaChar(name)
		if v, ok := el.GetAttribute(name); ok {
			return v, true
		}
		if e.cfg.prefix != "" {
			if v, ok := el.GetAttribute(e.prefixedName(name)); ok {
				return v, true
			}
		}
		return "", false
	}
	if v, _ := el.GetAttribute(name); v != "" {
		return v, true
	}
	if v, _ := el.GetAttribute(e.prefixedName(name)); v != "" {
		return v, true
	}
	return "", false
}

// ownName returns the name under which el has the attribute name (hx-
// or data-hx-), "" for none.
func (e *Engine) ownName(el *vdom.Node, name string) string {
	if el.HasAttribute(name) {
		return name
	}
	if alt := e.prefixedName(name); alt != name && el.HasAttribute(alt) {
		return alt
	}
	return ""
}

// prefixedName is name under the other prefix: "data-" before it (htmx
// 2), or in place of its "hx-" htmx 4's configured prefix. It is made
// once per engine and name: every attribute lookup that misses asks.
func (e *Engine) prefixedName(name string) string {
	if alt, ok := e.prefixed[name]; ok {
		return alt
	}
	alt := "data-" + name
	if e.b.v4 {
		alt = strings.Replace(name, "hx-", e.cfg.prefix, 1)
	}
	if e.prefixed == nil {
		e.prefixed = make(map[string]string)
	}
	e.prefixed[name] = alt
	return alt
}

// has reports whether el has the attribute under either prefix.
func (e *Engine) has(el *vdom.Node, name string) bool {
	return el != nil && el.IsElement() && e.ownName(el, name) != ""
}

// inherited returns the value of the attribute name for el as the
// version inherits it, and the element it comes from.
func (e *Engine) inherited(el *vdom.Node, name string) (string, *vdom.Node, bool) {
	if e.b.v4 {
		return e.inherited4(el, name, e.cfg.implicitInheritance)
	}
	return e.inherited2(el, name)
}

// inherited2 is htmx 2's getClosestAttributeValue: the nearest
// ancestor-or-self with a non-empty value, unless an ancestor on the way
// disinherits the attribute (hx-disinherit="name" or "*").
func (e *Engine) inherited2(el *vdom.Node, name string) (string, *vdom.Node, bool) {
	for a := el; a != nil; a = a.ParentElement() {
		v, ok := e.own(a, name)
		if a != el {
			if !e.cfg.implicitInheritance {
				inherit, _ := e.own(a, "hx-inherit")
				if !(inherit == "*" || containsWord(inherit, name)) {
					if ok {
						return "", nil, false
					}
					continue
				}
			} else if dis, _ := e.own(a, "hx-disinherit"); dis != "" && (dis == "*" || containsWord(dis, name)) {
				return "", nil, false
			}
		}
		if ok {
			return v, a, true
		}
	}
	return "", nil, false
}

// containsWord reports whether the space-separated list has w.
func containsWord(list, w string) bool {
	for _, x := range strings.Split(list, " ") {
		if x == w {
			return true
		}
	}
	return false
}

// inherited4 is htmx 4's attributeValue: el's own name or
// name:inherited; else the nearest ancestor with name:inherited (or,
// with implicit inheritance, name), whose value is read the same way;
// name:append and name:inherited:append add el's value to the
// ancestor's, separated by a comma.
func (e *Engine) inherited4(el *vdom.Node, name string, implicit bool) (string, *vdom.Node, bool) {
	inh := name + e.cfg.metaChar(":inherited")
	app := e.cfg.metaChar(":append")
	if v, ok := e.own(el, name); ok {
		return v, el, true
	}
	if v, ok := e.own(el, inh); ok {
		return v, el, true
	}
	matches := func(a *vdom.Node) bool {
		return (implicit && e.has(a, name)) || e.has(a, inh) || e.has(a, inh+app)
	}
	appendVal, hasAppend := e.own(el, name+app)
	if !hasAppend {
		appendVal, hasAppend = e.own(el, inh+app)
	}
	var parent *vdom.Node
	for a := el.ParentElement(); a != nil; a = a.ParentElement() {
		if matches(a) {
			parent = a
			break
		}
	}
	if hasAppend {
		if parent != nil {
			if pv, _, ok := e.inherited4(parent, name, e.cfg.implicitInheritance); ok && pv != "" {
				return strings.NewReplacer("{", "", "}", "").Replace(pv + "," + appendVal), el, true
			}
		}
		return appendVal, el, true
	}
	if parent != nil {
		return e.inherited4(parent, name, e.cfg.implicitInheritance)
	}
	return "", nil, false
}

// thisElements returns the elements htmx 4's "this" stands for in the
// value of name for el: every element on the inheritance chain whose
// value names "this".
func (e *Engine) thisElements(el *vdom.Node, name string) []*vdom.Node {
	var out []*vdom.Node
	for cur := el; cur != nil; {
		v, from, ok := e.inherited4(cur, name, e.cfg.implicitInheritance)
		if !ok || from == nil {
			break
		}
		for _, part := range splitAny(v, ",:") {
			if strings.TrimSpace(part) == "this" {
				out = append(out, from)
				break
			}
		}
		if _, own := e.own(from, name); own {
			break
		}
		if _, own := e.own(from, name+e.cfg.metaChar(":inherited")); own {
			break
		}
		cur = from.ParentElement()
	}
	return out
}

// splitAny splits s at any of seps.
func splitAny(s, seps string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) })
}

// findThis is htmx 2's findThisElement: the nearest ancestor-or-self
// that has the attribute (which "this" in its value names).
func (e *Engine) findThis(el *vdom.Node, name string) *vdom.Node {
	for a := el; a != nil; a = a.ParentElement() {
		if _, ok := e.own(a, name); ok {
			return a
		}
	}
	return nil
}
