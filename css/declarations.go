package css

import (
	"strings"
)

// Declaration is one property and its value.
type Declaration struct {
	// Property is the property's name: in lower case, except a custom
	// property's ("--Brand" and "--brand" are two properties).
	Property string
	// Value is the value as written, without "!important", comments and
	// surrounding white space, its white space runs made one space; a
	// custom property's value is its text exactly as written, trimmed.
	Value string
	// Important is set for a declaration marked "!important".
	Important bool
	// Pos is where the declaration starts in its sheet, or in the style
	// attribute's text.
	Pos Position
}

// Declarations is a block of declarations: CSSOM's CSSStyleDeclaration
// for a rule's style or a style attribute. It holds one declaration per
// property: when a block declares a property twice, the later declaration
// wins unless only the earlier is important (CSS Cascade 5 §6), as
// browsers keep it.
type Declarations struct {
	list []Declaration
}

// newDeclarations returns a block of the declarations of a run, in order,
// one per property: the winner of each property stays where it stood. It
// keeps run, which the caller gives up.
func newDeclarations(run []Declaration) *Declarations {
	// Most blocks declare each property once: then the run is the block.
	dup := false
	if len(run) <= 16 {
		for i := 1; i < len(run) && !dup; i++ {
			for j := 0; j < i; j++ {
				if run[j].Property == run[i].Property {
					dup = true
					break
				}
			}
		}
	} else {
		seen := make(map[string]bool, len(run))
		for _, x := range run {
			if seen[x.Property] {
				dup = true
				break
			}
			seen[x.Property] = true
		}
	}
	if !dup {
		return &Declarations{list: run}
	}
	winner := make(map[string]int, len(run))
	for i, x := range run {
		if j, ok := winner[x.Property]; ok && run[j].Important && !x.Important {
			continue
		}
		winner[x.Property] = i
	}
	d := &Declarations{list: make([]Declaration, 0, len(winner))}
	for i, x := range run {
		if winner[x.Property] == i {
			d.list = append(d.list, x)
		}
	}
	return d
}

// ParseDeclarations parses the text of a style attribute (CSS Style
// Attributes §3): a list of declarations, read as CSS Syntax's "consume a
// list of declarations" reads it, as Chromium does: what is not a
// declaration (an at-rule, a nested rule) is skipped to the next ";".
func ParseDeclarations(text string) *Declarations {
	s := &StyleSheet{text: newTextIndex(preprocess(text))}
	p := &parser{sheet: s, src: s.text.src, toks: tokenize(s.text.src), read: &cssomReader{}}
	return newDeclarations(allDeclarations(p.parse(frame{mode: modeDecls})))
}

// Len is the number of declarations.
func (d *Declarations) Len() int {
	if d == nil {
		return 0
	}
	return len(d.list)
}

// Item returns the i'th declaration; i must be in [0, Len).
func (d *Declarations) Item(i int) Declaration { return d.list[i] }

// All returns the declarations in order. Do not modify the slice.
func (d *Declarations) All() []Declaration {
	if d == nil {
		return nil
	}
	return d.list
}

// Lookup returns the declaration of a property.
func (d *Declarations) Lookup(property string) (Declaration, bool) {
	if d == nil {
		return Declaration{}, false
	}
	if !strings.HasPrefix(property, "--") {
		property = lowerASCII(property)
	}
	for _, x := range d.list {
		if x.Property == property {
			return x, true
		}
	}
	return Declaration{}, false
}

// PropertyValue is CSSOM's getPropertyValue: the value of a property, ""
// when the block does not declare it.
func (d *Declarations) PropertyValue(property string) string {
	x, _ := d.Lookup(property)
	return x.Value
}

// PropertyPriority is CSSOM's getPropertyPriority: "important" or "".
func (d *Declarations) PropertyPriority(property string) string {
	if x, _ := d.Lookup(property); x.Important {
		return "important"
	}
	return ""
}

// CSSText serializes the block as CSSOM's cssText does:
// "display: none; color: red !important;".
func (d *Declarations) CSSText() string {
	var b strings.Builder
	for i, x := range d.All() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x.Property)
		b.WriteString(": ")
		b.WriteString(x.Value)
		if x.Important {
			b.WriteString(" !important")
		}
		b.WriteByte(';')
	}
	return b.String()
}
