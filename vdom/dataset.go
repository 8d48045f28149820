package vdom

import (
	"iter"
	"strings"

	"golang.org/x/net/html"
)

// Dataset is the element's data-* attributes seen as a map, the Go form of
// the HTML standard's DOMStringMap (HTML §3.2.6.6): the name "fooBar" stands
// for the attribute "data-foo-bar". It holds no state of its own, so it is
// always current. The zero Dataset has no element: it is empty and Set
// returns ErrInvalidState.
type Dataset struct{ n *Node }

// Dataset returns the element's data-* attributes as a Dataset.
func (n *Node) Dataset() Dataset { return Dataset{n: n} }

// datasetName turns an attribute name into a dataset name, and reports
// whether the attribute is one of the dataset's: "data-" followed by a
// name with no ASCII upper-case letter; each "-" before an ASCII
// lower-case letter is dropped and the letter upper-cased.
func datasetName(a html.Attribute) (string, bool) {
	if a.Namespace != "" || !strings.HasPrefix(a.Key, "data-") {
		return "", false
	}
	rest := a.Key[len("data-"):]
	var b strings.Builder
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if 'A' <= c && c <= 'Z' {
			return "", false
		}
		if c == '-' && i+1 < len(rest) && 'a' <= rest[i+1] && rest[i+1] <= 'z' {
			b.WriteByte(rest[i+1] - 'a' + 'A')
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// attributeName turns a dataset name into its attribute name: "data-" and
// the name with each ASCII upper-case letter lower-cased after a "-".
func attributeName(name string) string {
	var b strings.Builder
	b.WriteString("data-")
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			b.WriteByte('-')
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Get returns the value of the data attribute for name and whether it is
// present.
func (ds Dataset) Get(name string) (string, bool) {
	if ds.n == nil || ds.n.h.Type != html.ElementNode {
		return "", false
	}
	for _, a := range ds.n.h.Attr {
		if dn, ok := datasetName(a); ok && dn == name {
			return a.Val, true
		}
	}
	return "", false
}

// Has reports whether the data attribute for name is present.
func (ds Dataset) Has(name string) bool {
	_, ok := ds.Get(name)
	return ok
}

// Set sets the data attribute for name, as assigning to dataset[name] does.
// It returns ErrSyntax when name has a "-" followed by an ASCII lower-case
// letter (no attribute maps to it), ErrInvalidCharacter when the attribute
// name would not be valid, and ErrInvalidState when the node is not an
// element.
func (ds Dataset) Set(name, value string) error {
	for i := 0; i+1 < len(name); i++ {
		if name[i] == '-' && 'a' <= name[i+1] && name[i+1] <= 'z' {
			return domErrorf(ErrSyntax, "dataset name %q has a \"-\" before a lower-case letter", name)
		}
	}
	if ds.n == nil {
		return domErrorf(ErrInvalidState, "Dataset.Set(%q): the zero Dataset has no element", name)
	}
	return ds.n.SetAttribute(attributeName(name), value)
}

// Delete removes the data attribute for name, if present. As the
// standard's deleter, it converts the name without Set's check, so
// Delete("foo-bar") removes data-foo-bar.
func (ds Dataset) Delete(name string) {
	if ds.n != nil {
		ds.n.RemoveAttribute(attributeName(name))
	}
}

// All yields the dataset's names and values in attribute order. Changing
// the attributes while iterating is not supported.
func (ds Dataset) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		if ds.n == nil || ds.n.h.Type != html.ElementNode {
			return
		}
		for _, a := range ds.n.h.Attr {
			if dn, ok := datasetName(a); ok && !yield(dn, a.Val) {
				return
			}
		}
	}
}
