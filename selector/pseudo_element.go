package selector

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
)

// This file parses pseudo-elements, which only style rules accept
// (ParseRuleSelectors; Compile rejects them, as they never match an
// element): the names Chromium accepts, their arguments, and what may
// follow each in its compound (Selectors 4 §3.6.3 and Chromium's parser,
// which is stricter than the standard: ::before:hover is not accepted).
// A pseudo-element ends its complex selector. Matching a selector with a
// pseudo-element matches its originating element; see RuleSelector.

// afterPE says what may follow a pseudo-element in its compound.
type afterPE uint8

const (
	afterNothing           afterPE = iota + 1
	afterGenerated                 // ::before, ::after: ::marker
	afterColumn                    // ::column: ::scroll-marker
	afterScrollbar                 // the ::-webkit-scrollbar family: the scrollbar pseudo-classes
	afterUserAction                // other ::-webkit-*, ::file-selector-button: user-action pseudo-classes
	afterSelection                 // ::selection: :window-inactive
	afterViewTransition            // ::view-transition-group() and the like: :only-child
	afterSearchText                // ::search-text: :current
	afterScrollMarkerGroup         // ::scroll-marker-group: :focus-within, :hover
	afterScrollMarker              // ::scroll-marker: user action, :target-current, :target-before, :target-after
	afterScrollButton              // ::scroll-button(): user action, :enabled, :disabled
	afterSlotted                   // ::slotted(): the tree-abiding pseudo-elements
	afterPart                      // ::part() and the element-backed pseudo-elements: non-structural pseudo-classes, pseudo-elements
)

// peArgs is the form of a pseudo-element's argument.
type peArgs uint8

const (
	peNoArgs    peArgs = iota
	peIdent            // ::highlight(name), ::picker(select)
	peIdents           // ::part(name name...)
	peCompound         // ::slotted(compound)
	peCompounds        // ::cue(compound, ...)
	peNameClass        // ::view-transition-group(name.class), or *
	peDirection        // ::scroll-button(up), or *
)

type pseudoElement struct {
	after afterPE
	args  peArgs
	// never is set for the pseudo-elements that exist only in shadow
	// trees, which this package's trees do not have.
	never bool
}

// pseudoElements are the pseudo-elements Chromium 148 accepts in style
// sheets without arguments; pseudoFunctions those with. Any other
// ::-webkit-* is accepted too (Chromium keeps such rules for
// compatibility), but not other vendors' prefixes.
var (
	pseudoElements = map[string]pseudoElement{
		"after": {after: afterGenerated}, "before": {after: afterGenerated},
		"backdrop": {after: afterNothing}, "checkmark": {after: afterNothing},
		"column": {after: afterColumn}, "cue": {after: afterUserAction},
		"details-content": {after: afterPart}, "file-selector-button": {after: afterUserAction},
		"first-letter": {after: afterNothing}, "first-line": {after: afterNothing},
		"grammar-error": {after: afterNothing}, "marker": {after: afterNothing},
		"permission-icon": {after: afterPart}, "picker-icon": {after: afterNothing},
		"placeholder": {after: afterNothing}, "scroll-marker": {after: afterScrollMarker},
		"scroll-marker-group": {after: afterScrollMarkerGroup}, "search-text": {after: afterSearchText},
		"selection": {after: afterSelection}, "spelling-error": {after: afterNothing},
		"target-text": {after: afterNothing}, "view-transition": {after: afterNothing},
		"-webkit-resizer": {after: afterScrollbar}, "-webkit-scrollbar": {after: afterScrollbar},
		"-webkit-scrollbar-button": {after: afterScrollbar}, "-webkit-scrollbar-corner": {after: afterScrollbar},
		"-webkit-scrollbar-thumb": {after: afterScrollbar}, "-webkit-scrollbar-track": {after: afterScrollbar},
		"-webkit-scrollbar-track-piece": {after: afterScrollbar},
	}
	pseudoFunctions = map[string]pseudoElement{
		"cue":                            {after: afterNothing, args: peCompounds},
		"highlight":                      {after: afterNothing, args: peIdent},
		"part":                           {after: afterPart, args: peIdents, never: true},
		"picker":                         {after: afterPart, args: peIdent},
		"scroll-button":                  {after: afterScrollButton, args: peDirection},
		"slotted":                        {after: afterSlotted, args: peCompound, never: true},
		"view-transition-group":          {after: afterViewTransition, args: peNameClass},
		"view-transition-group-children": {after: afterViewTransition, args: peNameClass},
		"view-transition-image-pair":     {after: afterViewTransition, args: peNameClass},
		"view-transition-new":            {after: afterViewTransition, args: peNameClass},
		"view-transition-old":            {after: afterViewTransition, args: peNameClass},
	}
	// treeAbiding are the pseudo-elements ::slotted() may be followed by.
	treeAbiding = map[string]bool{
		"before": true, "after": true, "marker": true, "placeholder": true, "file-selector-button": true,
		"backdrop": true, "checkmark": true, "picker-icon": true, "details-content": true, "picker": true,
		"permission-icon": true, "view-transition": true, "view-transition-group": true,
		"view-transition-group-children": true, "view-transition-image-pair": true,
		"view-transition-new": true, "view-transition-old": true,
	}
	userAction = map[string]bool{"hover": true, "active": true, "focus": true, "focus-visible": true, "focus-within": true}
	// scrollbarClasses may follow the scrollbar pseudo-elements.
	scrollbarClasses = map[string]bool{
		"enabled": true, "disabled": true, "hover": true, "active": true, "horizontal": true, "vertical": true,
		"decrement": true, "increment": true, "start": true, "end": true, "double-button": true,
		"single-button": true, "no-button": true, "corner-present": true, "window-inactive": true,
	}
	// afterPartClasses are the pseudo-classes that may follow ::part():
	// those that do not depend on the element's place in the tree (CSS
	// Shadow Parts §4.2).
	afterPartClasses = map[string]bool{
		"active": true, "active-view-transition": true, "active-view-transition-type": true,
		"any-link": true, "-webkit-any-link": true, "autofill": true, "-webkit-autofill": true,
		"checked": true, "default": true, "defined": true, "dir": true, "disabled": true,
		"-webkit-drag": true, "enabled": true, "focus": true, "focus-visible": true, "focus-within": true,
		"-webkit-full-page-media": true, "-webkit-full-screen": true, "-webkit-full-screen-ancestor": true,
		"fullscreen": true, "future": true, "past": true, "hover": true, "in-range": true,
		"out-of-range": true, "indeterminate": true, "interest-source": true, "interest-target": true,
		"invalid": true, "valid": true, "lang": true, "link": true, "visited": true, "modal": true,
		"open": true, "optional": true, "required": true, "picture-in-picture": true,
		"placeholder-shown": true, "popover-open": true, "read-only": true, "read-write": true,
		"state": true, "target": true, "target-current": true, "target-before": true,
		"target-after": true, "user-invalid": true, "user-valid": true, "window-inactive": true,
		"xr-overlay": true,
	}
	scrollDirections = map[string]bool{
		"up": true, "down": true, "left": true, "right": true, "block-start": true, "block-end": true,
		"inline-start": true, "inline-end": true,
	}
)

// allowsClass reports whether the pseudo-class name may follow a
// pseudo-element whose successors a describes.
func (a afterPE) allowsClass(name string) bool {
	switch name {
	case "is", "where", "not":
		// Their arguments are held to the same rule (parser.restrict).
		return a != afterColumn && a != afterSlotted
	}
	switch a {
	case afterScrollbar:
		return scrollbarClasses[name]
	case afterUserAction:
		return userAction[name]
	case afterSelection:
		return name == "window-inactive"
	case afterViewTransition:
		return name == "only-child"
	case afterSearchText:
		return name == "current"
	case afterScrollMarkerGroup:
		return name == "focus-within" || name == "hover"
	case afterScrollMarker:
		return userAction[name] || name == "target-current" || name == "target-before" || name == "target-after"
	case afterScrollButton:
		return userAction[name] || name == "enabled" || name == "disabled"
	case afterPart:
		return afterPartClasses[name]
	}
	return false
}

// allowsElement reports whether the pseudo-element name may follow one
// whose successors a describes.
func (a afterPE) allowsElement(name string) bool {
	switch a {
	case afterGenerated:
		return name == "marker" // CSS Lists 3 §3.1: a ::before may be a list item
	case afterColumn:
		return name == "scroll-marker"
	case afterSlotted:
		return treeAbiding[name]
	case afterPart:
		return name != "part" && name != "slotted"
	}
	return false
}

// parsePseudoElement parses a pseudo-element whose name starts at p.pos;
// start is the offset of its first colon.
func (p *parser) parsePseudoElement(ci *compoundInfo, start int) error {
	if !p.startsIdent(p.pos) {
		return p.errorf(p.pos, "expected pseudo-element name after '::', found %s", p.found(p.pos))
	}
	nameAt, err := p.scanIdent()
	if err != nil {
		return err
	}
	raw := p.src[start:p.pos]
	name := htmltree.LowerASCII(unescape(p.src[nameAt:p.pos]))
	fn := p.at(p.pos) == '(' && p.pos < len(p.src)
	if p.depth > 0 {
		return p.errorf(start, "a pseudo-element (%s) cannot be in the argument of a pseudo-class", raw)
	}
	pe, ok := pseudoElements[name]
	if fn {
		pe, ok = pseudoFunctions[name]
	} else if !ok && strings.HasPrefix(name, "-webkit-") {
		pe, ok = pseudoElement{after: afterUserAction}, true
	}
	if !ok {
		_, plain := pseudoElements[name]
		_, function := pseudoFunctions[name]
		switch {
		case fn && (plain || strings.HasPrefix(name, "-webkit-")):
			return p.errorf(p.pos, "%s does not take arguments", raw)
		case !fn && function:
			return p.errorf(p.pos, "expected '(' after %s", raw)
		case strings.HasPrefix(name, "-"):
			return p.errorf(start, "unknown pseudo-element %s (of the vendor prefixes, Chromium accepts only -webkit-)", raw)
		}
		return p.errorf(start, "unknown pseudo-element %s", raw)
	}
	if ci.after != 0 && !ci.after.allowsElement(name) {
		return p.errorf(start, "%s cannot follow %s", raw, ci.lastPE)
	}
	text := "::" + name
	spec := specType
	if fn {
		p.pos++
		args, argSpec, err := p.parsePseudoElementArgs(name, pe.args)
		if err != nil {
			return err
		}
		p.skipSpace()
		if p.pos == len(p.src) || p.src[p.pos] != ')' {
			return p.errorf(p.pos, "expected ')' to close %s(, found %s", raw, p.found(p.pos))
		}
		p.pos++
		text += "(" + args + ")"
		spec = argSpec
	}
	ci.text = append(ci.text, text...)
	ci.pseudo += text
	ci.spec = ci.spec.plus(spec)
	ci.after, ci.lastPE = pe.after, "::"+name
	ci.never = ci.never || pe.never
	return nil
}

// parsePseudoElementArgs parses the argument of the functional
// pseudo-element name, after its '(' up to its ')', returning its
// serialization and what the pseudo-element weighs with it.
func (p *parser) parsePseudoElementArgs(name string, form peArgs) (string, Specificity, error) {
	p.skipSpace()
	switch form {
	case peCompound, peCompounds:
		if err := p.enter(p.pos); err != nil {
			return "", Specificity{}, err
		}
		_, info, err := p.parseCompoundList("::"+name+"()", form == peCompound)
		p.leave()
		if err != nil {
			return "", Specificity{}, err
		}
		if form == peCompound {
			// CSS Scoping §3.2.2: ::slotted() weighs as a pseudo-element
			// plus its argument.
			return info.text(), specType.plus(info.spec), nil
		}
		return info.text(), specType, nil
	case peNameClass:
		return p.parseNameClass(name)
	}
	var idents []string
	for {
		switch {
		case form == peDirection && p.at(p.pos) == '*':
			p.pos++
			idents = append(idents, "*")
		case p.startsIdent(p.pos):
			s, err := p.scanIdent()
			if err != nil {
				return "", Specificity{}, err
			}
			v := unescape(p.src[s:p.pos])
			if form == peDirection {
				if !scrollDirections[htmltree.LowerASCII(v)] {
					return "", Specificity{}, p.errorf(s, "expected a direction (up, down, left, right, block-start, block-end, inline-start, inline-end) or * in ::%s(), found %q", name, v)
				}
				idents = append(idents, p.src[s:p.pos])
			} else {
				idents = append(idents, EscapeIdent(v))
			}
		default:
			return "", Specificity{}, p.errorf(p.pos, "expected an identifier in ::%s(), found %s", name, p.found(p.pos))
		}
		space := p.skipSpace()
		if form != peIdents || !space || p.at(p.pos) == ')' || p.pos == len(p.src) {
			return strings.Join(idents, " "), specType, nil
		}
	}
}

// parseNameClass parses the argument of the view-transition
// pseudo-elements (CSS View Transitions 2 §3.1): a name or "*", then
// classes, each "." and a name, with no space between.
func (p *parser) parseNameClass(name string) (string, Specificity, error) {
	var b strings.Builder
	switch {
	case p.at(p.pos) == '*':
		p.pos++
		b.WriteByte('*')
	case p.at(p.pos) == '.':
		b.WriteByte('*')
	case p.startsIdent(p.pos):
		s, err := p.scanIdent()
		if err != nil {
			return "", Specificity{}, err
		}
		b.WriteString(EscapeIdent(unescape(p.src[s:p.pos])))
	default:
		return "", Specificity{}, p.errorf(p.pos, "expected a name or * in ::%s(), found %s", name, p.found(p.pos))
	}
	classes := 0
	for p.at(p.pos) == '.' && p.pos < len(p.src) {
		p.pos++
		if !p.startsIdent(p.pos) {
			return "", Specificity{}, p.errorf(p.pos, "expected a class name after '.' in ::%s(), found %s", name, p.found(p.pos))
		}
		s, err := p.scanIdent()
		if err != nil {
			return "", Specificity{}, err
		}
		b.WriteByte('.')
		b.WriteString(EscapeIdent(unescape(p.src[s:p.pos])))
		classes++
	}
	if b.String() == "*" && classes == 0 {
		// CSS View Transitions 2 §3.1: "*" alone weighs nothing.
		return "*", Specificity{}, nil
	}
	return b.String(), specType, nil
}
