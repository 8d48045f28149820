package vdom

import (
	"strings"

	"golang.org/x/net/html"
)

// ClassList is the DOMTokenList of an element's class attribute. It reads
// and writes the attribute on every call, so it is always live.
type ClassList struct {
	n *Node
}

// ClassList returns the element's class list.
func (n *Node) ClassList() ClassList { return ClassList{n: n} }

func (c ClassList) tokens() []string {
	v, _ := c.n.GetAttribute("class")
	// Only ASCII white space separates tokens; U+00A0 and the like are part
	// of a class name.
	fields := strings.FieldsFunc(v, isASCIISpace)
	// DOM "ordered set parser": duplicates are dropped, first one wins.
	out := fields[:0]
	for _, f := range fields {
		dup := false
		for _, o := range out {
			if o == f {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, f)
		}
	}
	return out
}

// write is the DOMTokenList "update steps": an element without a class
// attribute gets none for an empty set.
func (c ClassList) write(tokens []string) error {
	if len(tokens) == 0 && c.n.h.Type == html.ElementNode && !c.n.HasAttribute("class") {
		return nil
	}
	return c.n.SetAttribute("class", strings.Join(tokens, " "))
}

func checkToken(t string) error {
	if t == "" {
		return domErrorf(ErrSyntax, "a class token must not be empty")
	}
	if strings.ContainsAny(t, " \t\n\f\r") {
		return domErrorf(ErrInvalidCharacter, "class token %q contains white space", t)
	}
	return nil
}

// Len returns the number of distinct classes.
func (c ClassList) Len() int { return len(c.tokens()) }

// Values returns the distinct classes in order.
func (c ClassList) Values() []string { return c.tokens() }

// Item returns the i-th class, or "" when out of range.
func (c ClassList) Item(i int) string {
	t := c.tokens()
	if i < 0 || i >= len(t) {
		return ""
	}
	return t[i]
}

// String returns the class attribute's value.
func (c ClassList) String() string { return c.n.ClassName() }

// Contains reports whether the element has the class.
func (c ClassList) Contains(token string) bool {
	for _, t := range c.tokens() {
		if t == token {
			return true
		}
	}
	return false
}

// Add adds the classes that are missing. An empty token is ErrSyntax, one
// with white space ErrInvalidCharacter; nothing changes then.
func (c ClassList) Add(tokens ...string) error {
	for _, t := range tokens {
		if err := checkToken(t); err != nil {
			return err
		}
	}
	cur := c.tokens()
	for _, t := range tokens {
		if !contains(cur, t) {
			cur = append(cur, t)
		}
	}
	return c.write(cur)
}

// Remove removes the classes. Token errors are as for Add.
func (c ClassList) Remove(tokens ...string) error {
	for _, t := range tokens {
		if err := checkToken(t); err != nil {
			return err
		}
	}
	if !c.n.HasAttribute("class") {
		return nil
	}
	cur := c.tokens()
	out := cur[:0]
	for _, t := range cur {
		if !contains(tokens, t) {
			out = append(out, t)
		}
	}
	return c.write(out)
}

// Toggle removes the class if present and adds it if not; it returns whether
// the class is now present.
func (c ClassList) Toggle(token string) (bool, error) {
	return c.toggle(token, false, false)
}

// ToggleForce adds the class when force is true and removes it when false
// (DOMTokenList toggle with its force argument); it returns force.
func (c ClassList) ToggleForce(token string, force bool) (bool, error) {
	return c.toggle(token, force, true)
}

func (c ClassList) toggle(token string, force, forced bool) (bool, error) {
	if err := checkToken(token); err != nil {
		return false, err
	}
	has := c.Contains(token)
	want := !has
	if forced {
		want = force
	}
	switch {
	case want && !has:
		return true, c.Add(token)
	case !want && has:
		return false, c.Remove(token)
	}
	return want, nil
}

// Replace replaces old with new and reports whether old was present.
func (c ClassList) Replace(old, new string) (bool, error) {
	if err := checkToken(old); err != nil {
		return false, err
	}
	if err := checkToken(new); err != nil {
		return false, err
	}
	cur := c.tokens()
	i := indexOf(cur, old)
	if i < 0 {
		return false, nil
	}
	// DOM ordered-set replace: the first of old and new becomes new, any
	// other new goes.
	if j := indexOf(cur, new); j == i {
		// old == new: nothing moves.
	} else if j >= 0 {
		if j < i {
			cur = append(cur[:i], cur[i+1:]...)
		} else {
			cur[i] = new
			cur = append(cur[:j], cur[j+1:]...)
		}
	} else {
		cur[i] = new
	}
	return true, c.write(cur)
}

func contains(list []string, s string) bool { return indexOf(list, s) >= 0 }

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
