package htmx

import (
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// SwapSpec is a parsed hx-swap (or HX-Reswap) value: the style and its
// modifiers.
type SwapSpec struct {
	// Style is innerHTML, outerHTML, beforebegin, afterbegin, beforeend,
	// afterend, delete, none, textContent (and htmx 4's outerSync; its
	// aliases before, after, prepend and append are normalized).
	Style string
	// SwapDelay and SettleDelay are swap: and settle:.
	SwapDelay, SettleDelay time.Duration
	// Transition, IgnoreTitle: transition: and ignoreTitle:.
	Transition, IgnoreTitle bool
	// Scroll and Show are "top" or "bottom", with the element they
	// apply to ("" for the target; "window").
	Scroll, ScrollTarget, Show, ShowTarget string
	// FocusScroll is focus-scroll: (htmx 4: focusScroll:), nil when
	// unset.
	FocusScroll *bool
	// Target is htmx 4's target: modifier.
	Target string
	// Strip and SwapEmpty are htmx 4's strip: and swapEmpty:, nil when
	// unset.
	Strip, SwapEmpty *bool

	hasIgnoreTitle bool
	settleSet      bool
	// settleTruthy: htmx 4's settle: value as HCON read it is truthy in
	// JavaScript. htmx 4 tests that value, not the time, before it
	// starts the CSS transitions of kept elements: "0ms" is a non-empty
	// string, so settle:0ms still settles them (swap-modifiers-all).
	settleTruthy bool
	// modifiers are htmx 4's modifiers as HCON read them, in order, for
	// the events' details; stripSet and showSet say that htmx set strip
	// and show itself.
	modifiers orderedObject
	stripSet  bool
	showSet   bool
}

// swapStyles are the styles each version knows.
var swapStyles2 = map[string]bool{"innerHTML": true, "outerHTML": true, "beforebegin": true, "afterbegin": true,
	"beforeend": true, "afterend": true, "delete": true, "none": true, "textContent": true}
var swapStyles4 = map[string]bool{"innerHTML": true, "outerHTML": true, "beforebegin": true, "afterbegin": true,
	"beforeend": true, "afterend": true, "delete": true, "none": true, "textContent": true, "outerSync": true,
	"innerMorph": true, "outerMorph": true}

// parseSwap parses an hx-swap value in the engine's version; errors
// name el and attr ("hx-swap", "HX-Reswap").
func (e *Engine) parseSwap(el *vdom.Node, attr, value string, boosted bool) *SwapSpec {
	if e.b.v4 {
		return e.parseSwap4(el, attr, value)
	}
	return e.parseSwap2(el, attr, value, boosted)
}

// parseSwap2 is htmx 2's getSwapSpecification for a value.
func (e *Engine) parseSwap2(el *vdom.Node, attr, value string, boosted bool) *SwapSpec {
	s := &SwapSpec{Style: e.cfg.defaultSwap, SwapDelay: e.cfg.swapDelay, SettleDelay: e.cfg.settleDelay}
	if boosted {
		s.Style = "innerHTML"
		if e.cfg.scrollIntoViewBoost && !isAnchorLink(el) {
			s.Show = "top"
		}
	}
	bad := func(off int, format string, args ...any) {
		e.report(attrError(ErrSyntax, el, e.attrNameOr(el, attr), value, off, format, args...))
	}
	i := 0
	for n, field := range strings.Fields(value) {
		off := strings.Index(value[i:], field) + i
		i = off + len(field)
		switch {
		case strings.HasPrefix(field, "swap:"):
			d, ok := parseInterval(field[5:])
			if !ok {
				bad(off+5, "swap %q is not a time (500ms, 1s)", field[5:])
			}
			s.SwapDelay = d
		case strings.HasPrefix(field, "settle:"):
			d, ok := parseInterval(field[7:])
			if !ok {
				bad(off+7, "settle %q is not a time (500ms, 1s)", field[7:])
			}
			s.SettleDelay, s.settleSet = d, true
		case strings.HasPrefix(field, "transition:"):
			s.Transition = field[11:] == "true"
		case strings.HasPrefix(field, "ignoreTitle:"):
			s.IgnoreTitle, s.hasIgnoreTitle = field[12:] == "true", true
		case strings.HasPrefix(field, "scroll:"):
			s.ScrollTarget, s.Scroll = splitLast(field[7:])
			e.checkTopBottom(bad, off, field, s.Scroll)
		case strings.HasPrefix(field, "show:"):
			s.ShowTarget, s.Show = splitLast(field[5:])
			e.checkTopBottom(bad, off, field, s.Show)
		case strings.HasPrefix(field, "focus-scroll:"):
			v := field[13:] == "true"
			s.FocusScroll = &v
		case n == 0:
			s.Style = field
			if !swapStyles2[field] {
				bad(off, "unknown swap style %q (htmx 2 swaps innerHTML)", field)
			}
		default:
			bad(off, "unknown modifier %q", field)
		}
	}
	return s
}

// attrNameOr is the attribute's name on el, or attr itself (a header).
func (e *Engine) attrNameOr(el *vdom.Node, attr string) string {
	if strings.HasPrefix(attr, "hx-") && el != nil {
		return e.attrName(el, attr)
	}
	return attr
}

// checkTopBottom reports a scroll or show value other than top and
// bottom.
func (e *Engine) checkTopBottom(bad func(int, string, ...any), off int, field, v string) {
	if v != "top" && v != "bottom" {
		bad(off+len(field)-len(v), "%q is neither top nor bottom", v)
	}
}

// splitLast splits "sel:top" at its last colon.
func splitLast(s string) (string, string) {
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		return s[:i], s[i+1:]
	}
	return "", s
}

// isAnchorLink reports an element whose href has a fragment.
func isAnchorLink(el *vdom.Node) bool {
	if el == nil {
		return false
	}
	href, _ := el.GetAttribute("href")
	return href != "" && strings.Contains(href, "#")
}

// swapModifiers4 are htmx 4's hx-swap modifiers.
var swapModifiers4 = map[string]bool{"swap": true, "settle": true, "transition": true, "ignoreTitle": true,
	"scroll": true, "scrollTarget": true, "show": true, "showTarget": true, "focusScroll": true, "target": true,
	"strip": true, "swapEmpty": true}

// parseSwap4 is htmx 4's parseSwapSpec.
func (e *Engine) parseSwap4(el *vdom.Node, attr, value string) *SwapSpec {
	s := &SwapSpec{Style: e.cfg.defaultSwap, SettleDelay: e.cfg.settleDelay}
	bad := func(off int, format string, args ...any) {
		e.report(attrError(ErrSyntax, el, e.attrNameOr(el, attr), value, off, format, args...))
	}
	str := strings.TrimSpace(value)
	lead := len(value) - len(strings.TrimLeft(value, " \t\n\r\f"))
	restOff := lead
	first := str
	if j := strings.IndexAny(str, " \t\n\r\f"); j >= 0 {
		first = str[:j]
	}
	if str != "" && !strings.Contains(first, ":") {
		s.Style = first
		str = str[len(first):]
		restOff += len(first)
	}
	switch s.Style {
	case "before":
		s.Style = "beforebegin"
	case "after":
		s.Style = "afterend"
	case "prepend":
		s.Style = "afterbegin"
	case "append":
		s.Style = "beforeend"
	}
	pairs, badAt := scanHCON(str)
	if badAt >= 0 {
		bad(restOff+badAt, "unexpected text %q", str[badAt:])
	}
	for _, p := range pairs {
		off := restOff + p.offset
		if i := indexOf(s.modifiers.keys, p.key); i >= 0 {
			s.modifiers.vals[i] = p.value
		} else {
			s.modifiers.keys = append(s.modifiers.keys, p.key)
			s.modifiers.vals = append(s.modifiers.vals, p.value)
		}
		if !swapModifiers4[p.key] {
			bad(off, "unknown modifier %q", p.key)
			continue
		}
		raw := p.raw
		switch p.key {
		case "swap", "settle":
			d, ok := parseIntervalStrict(raw)
			if !ok {
				bad(restOff+p.valOff, "%s %q is not a time (500ms, 1s)", p.key, raw)
			}
			if p.key == "swap" {
				s.SwapDelay = d
			} else {
				s.SettleDelay, s.settleSet = d, true
				s.settleTruthy = truthy(p.value)
			}
		case "transition":
			s.Transition = truthy(p.value)
		case "ignoreTitle":
			s.IgnoreTitle, s.hasIgnoreTitle = truthy(p.value), true
		case "scroll":
			s.Scroll = raw
		case "scrollTarget":
			s.ScrollTarget = raw
		case "show":
			s.Show = raw
		case "showTarget":
			s.ShowTarget = raw
		case "focusScroll":
			v := truthy(p.value)
			s.FocusScroll = &v
		case "target":
			s.Target = raw
		case "strip":
			v := truthy(p.value)
			s.Strip = &v
		case "swapEmpty":
			v := truthy(p.value)
			s.SwapEmpty = &v
		}
	}
	return s
}
