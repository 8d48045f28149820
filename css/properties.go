package css

// This file lists the properties whose values are computed here (the
// longhands, and the shorthands over them), their grammars, whether they
// inherit and their initial values; and validDeclaration, through which
// the parser keeps only declarations of these properties whose values
// match their grammars.

// propID names a computed longhand.
type propID uint8

const (
	propDisplay propID = iota
	propVisibility
	propContentVisibility
	propOpacity
	propPointerEvents
	propTextTransform
	propWhiteSpaceCollapse
	propTextWrapMode
	propPosition
	propFloat
	propContent
	propQuotes
	numProps
)

// propNames are the longhands' names, by propID.
var propNames = [numProps]string{
	"display", "visibility", "content-visibility", "opacity", "pointer-events",
	"text-transform", "white-space-collapse", "text-wrap-mode", "position", "float",
	"content", "quotes",
}

func (p propID) String() string { return propNames[p] }

// inheritedProps are the inherited longhands (each property's
// definition table says "Inherited: yes").
var inheritedProps = [numProps]bool{
	propVisibility: true, propPointerEvents: true, propTextTransform: true,
	propWhiteSpaceCollapse: true, propTextWrapMode: true, propQuotes: true,
}

// value is a specified value of a longhand that holds no var(): a
// keyword (keyword properties and Display), a number (opacity), or
// content and quotes.
type value struct {
	k       uint8
	f       float64
	content *contentValue
	quotes  *Quotes
}

// property is a property a declaration may name: a longhand, or a
// shorthand that sets several.
type property struct {
	longhands []propID
	// parse reads a value that is neither a CSS-wide keyword nor holds
	// var(), one value per longhand. base resolves URLs.
	parse func(r *valueReader, base string) ([]value, bool)
}

// properties are the properties declarations are read for, by name
// (aliases included).
var properties = propertyTable()

// allLonghands are the longhands the all shorthand sets: every one here
// (CSS Cascade 5 §3.2 leaves out only direction and unicode-bidi, which
// are not computed here, and custom properties).
var allLonghands = func() []propID {
	ps := make([]propID, numProps)
	for i := range ps {
		ps[i] = propID(i)
	}
	return ps
}()

func propertyTable() map[string]*property {
	one := func(p propID, parse func(r *valueReader, base string) (value, bool)) *property {
		return &property{longhands: []propID{p}, parse: func(r *valueReader, base string) ([]value, bool) {
			v, ok := parse(r, base)
			return []value{v}, ok
		}}
	}
	keyword := func(p propID, names []string) *property {
		return one(p, func(r *valueReader, _ string) (value, bool) {
			k, ok := oneKeyword(r, names)
			return value{k: k}, ok
		})
	}
	opacity := one(propOpacity, func(r *valueReader, _ string) (value, bool) {
		f, ok := parseOpacity(r)
		return value{f: f}, ok
	})
	properties := map[string]*property{
		"display": one(propDisplay, func(r *valueReader, _ string) (value, bool) {
			d, ok := parseDisplay(r)
			return value{k: uint8(d)}, ok
		}),
		"visibility":           keyword(propVisibility, visibilityNames),
		"content-visibility":   keyword(propContentVisibility, contentVisibilityNames),
		"opacity":              opacity,
		"-webkit-opacity":      opacity,
		"pointer-events":       keyword(propPointerEvents, pointerEventsNames),
		"text-transform":       keyword(propTextTransform, textTransformNames),
		"white-space-collapse": keyword(propWhiteSpaceCollapse, whiteSpaceCollapseNames),
		"text-wrap-mode":       keyword(propTextWrapMode, textWrapModeNames),
		"position":             keyword(propPosition, positionNames),
		"float":                keyword(propFloat, floatNames),
		"content": one(propContent, func(r *valueReader, base string) (value, bool) {
			c, ok := parseContent(r, base)
			return value{content: c}, ok
		}),
		"quotes": one(propQuotes, func(r *valueReader, _ string) (value, bool) {
			q, ok := parseQuotes(r)
			return value{quotes: q}, ok
		}),
		"white-space": {
			longhands: []propID{propWhiteSpaceCollapse, propTextWrapMode},
			parse: func(r *valueReader, _ string) ([]value, bool) {
				c, w, ok := parseWhiteSpace(r)
				return []value{{k: uint8(c)}, {k: uint8(w)}}, ok
			},
		},
		"text-wrap": {
			longhands: []propID{propTextWrapMode},
			parse: func(r *valueReader, _ string) ([]value, bool) {
				w, ok := parseTextWrap(r)
				return []value{{k: uint8(w)}}, ok
			},
		},
		// all takes only the CSS-wide keywords (and var()).
		"all": {
			longhands: allLonghands,
			parse:     func(*valueReader, string) ([]value, bool) { return nil, false },
		},
	}
	// -webkit-sticky is Chromium's old name of sticky.
	positionNamesParse := properties["position"].parse
	properties["position"].parse = func(r *valueReader, base string) ([]value, bool) {
		if w := r.keywords(); len(w) == 1 && w[0] == "-webkit-sticky" {
			return []value{{k: uint8(PositionSticky)}}, true
		}
		return positionNamesParse(r, base)
	}
	return properties
}

// validDeclaration reports whether a declaration of a property with this
// value is kept by the parser: browsers drop, when they parse a sheet, a
// declaration of a property they do not know and one whose value does
// not match the property's grammar, so an earlier declaration of the
// property in the same block stays in force. value has no "!important".
//
// The grammars checked are those of the properties computed here; any
// value of another property is kept. A CSS-wide keyword is valid for
// every property, and a value with var() is valid until it is computed
// (CSS Variables 1 §3).
//
// Custom properties never reach here: any value is theirs.
func validDeclaration(property, value string) bool {
	if property == "" || value == "" {
		return false
	}
	p, ok := properties[property]
	if !ok {
		return true
	}
	if cssWideKeyword(value) != wideNone || hasVar(value) {
		return true
	}
	_, ok = p.parse(newValueReader(value), "")
	return ok
}

// initialValue is each longhand's initial value, as a specified value.
func initialValue(p propID) value {
	switch p {
	case propOpacity:
		return value{f: 1}
	case propContent:
		return value{content: &contentValue{normal: true}}
	case propQuotes:
		return value{quotes: &Quotes{}}
	}
	// Every keyword type's zero is its initial value; so is Display's
	// (inline).
	return value{}
}
