package a11y

import (
	"strconv"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Range is the value of a range widget: a slider, spin button, progress
// bar, meter, scroll bar, or a separator that can take focus (ARIA 1.2
// §6.6.4 "Range"), as Chromium computes it. Min and Max are always set for
// a range; Now is set when HasNow is (an indeterminate progress bar and an
// empty number field have none); Text is aria-valuetext, or the text of a
// number field.
type Range struct {
	Now, Min, Max float64
	HasNow        bool
	Text          string
}

// rangeOf returns the range value of element h, whose role is role, and
// whether it has one. el is h's handle, for the value of a native control.
func rangeOf(el *vdom.Node, h *html.Node, role string) (Range, bool) {
	native := h.Namespace == "" && (h.DataAtom == atom.Input || h.DataAtom == atom.Progress || h.DataAtom == atom.Meter)
	switch role {
	case "slider", "spinbutton", "progressbar", "scrollbar", "meter":
	case "separator":
		// A separator is a range only when it can take focus (ARIA 1.2
		// separator), as a splitter.
		if el == nil || !el.IsFocusable() {
			return Range{}, false
		}
	default:
		return Range{}, false
	}
	var r Range
	if native {
		r = nativeRange(el, h)
	} else {
		r = ariaRange(h, role)
	}
	if v, ok := attr(h, "aria-valuetext"); ok && !blank(v) {
		r.Text = htmltree.TrimSpace(v)
	}
	return r, true
}

// ariaRange reads the aria-value attributes: a missing or invalid minimum
// is 0, a maximum 100 (0 for a spin button, which has no default range);
// a slider or scroll bar without a value is at the middle of its range, as
// Chromium reports it, a spin button with an invalid one at 0.
func ariaRange(h *html.Node, role string) Range {
	r := Range{Min: 0, Max: 100}
	if role == "spinbutton" {
		r.Max = 0
	}
	if v, ok := ariaNumber(h, "aria-valuemin"); ok {
		r.Min = v
	}
	if v, ok := ariaNumber(h, "aria-valuemax"); ok {
		r.Max = v
	}
	if v, ok := ariaNumber(h, "aria-valuenow"); ok {
		r.Now, r.HasNow = v, true
		return r
	}
	switch role {
	case "slider", "scrollbar", "separator":
		r.Now, r.HasNow = r.Min+(r.Max-r.Min)/2, true
	case "spinbutton":
		if hasAttr(h, "aria-valuenow") {
			r.HasNow = true
		}
	}
	return r
}

// ariaNumber parses a number attribute.
func ariaNumber(h *html.Node, name string) (float64, bool) {
	v, ok := attr(h, name)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(htmltree.TrimSpace(v), 64)
	if err != nil {
		return 0, false
	}
	return f, true
}

// nativeRange is the range of an input (range, number), progress or
// meter, from the element's own value: its sanitized value, and the
// bounds the HTML standard gives it (a range input 0 to 100, a progress 0
// to its max, a meter 0 to 1 unless they say otherwise; a number field has
// none, 0 to 0 as Chromium reports it).
func nativeRange(el *vdom.Node, h *html.Node) Range {
	var r Range
	switch h.DataAtom {
	case atom.Input:
		switch inputType(h) {
		case "range":
			r.Min, r.Max = 0, 100
		}
		if v, ok := htmlNumber(h, "min"); ok {
			r.Min = v
		}
		if v, ok := htmlNumber(h, "max"); ok {
			r.Max = v
		}
		if s := el.Value(); s != "" {
			if f, err := strconv.ParseFloat(s, 64); err == nil {
				r.Now, r.HasNow = f, true
			}
			if inputType(h) == "number" {
				r.Text = s
			}
		}
	case atom.Progress:
		r.Max = 1
		if v, ok := htmlNumber(h, "max"); ok && v > 0 {
			r.Max = v
		}
		if v, ok := htmlNumber(h, "value"); ok {
			r.Now, r.HasNow = min(max(v, 0), r.Max), true
		}
	case atom.Meter:
		r.Max = 1
		if v, ok := htmlNumber(h, "min"); ok {
			r.Min = v
		}
		if v, ok := htmlNumber(h, "max"); ok {
			r.Max = v
		}
		r.Max = max(r.Max, r.Min)
		r.Now, r.HasNow = r.Min, true
		if v, ok := htmlNumber(h, "value"); ok {
			r.Now = min(max(v, r.Min), r.Max)
		}
	}
	return r
}

// htmlNumber parses an attribute by the rules for parsing floating-point
// number values (HTML §2.3.4.3), as far as a page's markup needs them.
func htmlNumber(h *html.Node, name string) (float64, bool) {
	v, ok := attr(h, name)
	if !ok {
		return 0, false
	}
	v = htmltree.TrimSpace(v)
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || v == "" || v[0] == '+' {
		return 0, false
	}
	return f, true
}

// formatNumber writes a number as a name gives it: no exponent, no
// trailing zeros.
func formatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}
