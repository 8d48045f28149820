package a11y_test

import (
	"fmt"
	"strings"
)

// The pages below are the shapes that made name computations costly:
// references repeated or nested, labels nested, content nested deep, and
// relations at every level of a deep content. Each is built at a size n
// and holds about n elements; the work tests hold every computation on
// them to a bound linear in the page, and FuzzNameWork builds pages of
// the same kinds from a fuzzed recipe.

// namePage returns the page of the shape at size n, and the id of the
// element whose name the shape is about.
func namePage(shape string, n int) (page, id string) {
	var b strings.Builder
	switch shape {
	case "repeated-ref":
		// One element with n words, referenced n times.
		b.WriteString(`<span id=t>` + strings.Repeat("word ", n) + `</span><button id=b aria-labelledby="` + strings.Repeat("t ", n) + `">Save</button>`)
	case "repeated-ref-described":
		b.WriteString(`<span id=t>` + strings.Repeat("word ", n) + `</span><button id=b aria-describedby="` + strings.Repeat("t ", n) + `">Save</button>`)
	case "repeated-empty-ref":
		// An element with n elements and no text, referenced n times.
		b.WriteString(`<span id=t>` + strings.Repeat("<i></i>", n) + `</span><button id=b aria-labelledby="` + strings.Repeat("t ", n) + `">Save</button>`)
	case "repeated-ref-with-label":
		// As repeated-empty-ref, with a labelled checkbox inside: the
		// label gives its text the first time only.
		b.WriteString(`<label for=k>K</label><span id=t>` + strings.Repeat("<i></i>", n) + `<input type=checkbox id=k></span><button id=b aria-labelledby="` + strings.Repeat("t ", n) + `">Save</button>`)
	case "nested-refs":
		// n elements nested in one another, each referenced, outermost
		// first.
		for i := range n {
			fmt.Fprintf(&b, `<span id=t%d>`, i)
		}
		b.WriteString(strings.Repeat(`</span>`, n) + `<button id=b aria-labelledby="`)
		for i := range n {
			fmt.Fprintf(&b, "t%d ", i)
		}
		b.WriteString(`">Save</button>`)
	case "nested-refs-innermost-first":
		for i := range n {
			fmt.Fprintf(&b, `<span id=t%d>`, i)
		}
		b.WriteString(strings.Repeat(`</span>`, n) + `<button id=b aria-labelledby="`)
		for i := n - 1; i >= 0; i-- {
			fmt.Fprintf(&b, "t%d ", i)
		}
		b.WriteString(`">Save</button>`)
	case "deep-buttons":
		// n elements named from their content, nested; text at the
		// bottom only.
		b.WriteString(`<div role=button id=b>` + strings.Repeat(`<div role=button>`, n-1) + `x`)
	case "deep-buttons-words":
		b.WriteString(`<div role=button id=b>w ` + strings.Repeat(`<div role=button>w `, n-1))
	case "deep-blocks-words":
		b.WriteString(`<div role=button id=b>` + strings.Repeat(`<div>w `, n-1))
	case "nested-labels":
		// A button inside n labels.
		b.WriteString(strings.Repeat(`<label>`, n) + `<button id=b>x</button>`)
	case "nested-labels-words":
		b.WriteString(strings.Repeat(`<label>w `, n) + `<button id=b>x</button>`)
	case "deep-labelled-controls":
		// Content nested deep with a labelled control at every level.
		b.WriteString(`<div role=button id=b>`)
		for i := range n / 3 {
			fmt.Fprintf(&b, `<input type=checkbox id=c%d><label for=c%d></label><div role=button>`, i, i)
		}
	case "deep-own-references":
		// Content nested deep; every level has a reference that gives
		// nothing, to an element inside it.
		b.WriteString(`<div role=button id=b aria-labelledby=e0><span id=e0></span>`)
		for i := 1; i < n/2; i++ {
			fmt.Fprintf(&b, `<div role=button aria-labelledby=e%d><span id=e%d></span>`, i, i)
		}
	case "deep-sibling-references":
		// Content nested deep; every level has a link labelled by an
		// element two levels down.
		b.WriteString(`<div role=button id=b>`)
		for i := range n / 3 {
			fmt.Fprintf(&b, `<a href=# aria-labelledby=s%d>a</a><span id=s%d>s</span><div role=button>`, i+2, i)
		}
	case "deep-visibility":
		b.WriteString(`<div role=button id=b>`)
		for i := range n {
			if i%2 == 0 {
				b.WriteString(`<div role=button style="visibility: hidden">`)
			} else {
				b.WriteString(`<div role=button style="visibility: visible">v`)
			}
		}
	case "deep-styled":
		// Content nested deep whose sheet gives every level generated
		// text, a block box and a text-transform, with a child a class
		// takes out and one it makes invisible.
		b.WriteString(`<style>.c::before { content: "b " } .c::after { content: " " attr(data-a) }
			.c { display: block; text-transform: uppercase } .h { display: none } .v { visibility: hidden }</style>`)
		b.WriteString(`<div role=button id=b>`)
		for range n / 3 {
			b.WriteString(`<div class=c data-a=a>w <span class=h>x</span><span class=v>y</span>`)
		}
	case "nested-selected-options":
		// A listbox in a label, its selected options nested.
		b.WriteString(`<label for=q>Pick <div role=listbox>` + strings.Repeat(`<div role=option aria-selected=true>o`, n) + `</div></label><input id=q>`)
		return b.String(), "q"
	case "deep-legends":
		// Fieldsets named by legends that hold fieldsets.
		b.WriteString(`<fieldset id=b>` + strings.Repeat(`<legend><fieldset>`, n/2) + `x`)
	default:
		panic("no page shape " + shape)
	}
	return b.String(), "b"
}

// nameShapes are the shapes of namePage.
var nameShapes = []string{
	"repeated-ref", "repeated-ref-described", "repeated-empty-ref", "repeated-ref-with-label",
	"nested-refs", "nested-refs-innermost-first", "deep-buttons", "deep-buttons-words",
	"deep-blocks-words", "nested-labels", "nested-labels-words", "deep-labelled-controls",
	"deep-own-references", "deep-sibling-references", "deep-visibility", "nested-selected-options",
	"deep-legends", "deep-styled",
}

// recipePage builds a page from a recipe, each byte one construct the
// shapes above are made of, nested into the one before it or set beside
// it, repeated to about n elements: FuzzNameWork's way of finding other
// costly pages. Each construct has an id, so references name them: the
// low four bits of a byte choose the construct, the high four how far its
// references reach, back to elements before it, or forward, to elements
// after it, when the lowest of them is set.
func recipePage(recipe []byte, n int) string {
	if len(recipe) == 0 {
		return ""
	}
	var b strings.Builder
	open := 0
	for i := 0; i < n; i++ {
		op := recipe[i%len(recipe)]
		id := fmt.Sprintf("e%d", i)
		reach := int(op>>5) + 1
		ref := fmt.Sprintf("e%d", max(0, i-reach))
		if forward(op) {
			ref = fmt.Sprintf("e%d", (i+reach)%n)
		}
		switch op % 16 {
		case 0:
			fmt.Fprintf(&b, `<div role=button id=%s>`, id)
			open++
		case 1:
			fmt.Fprintf(&b, `<label id=%s>w `, id)
			open++
		case 2:
			fmt.Fprintf(&b, `<span id=%s aria-labelledby="%s e%d %s">`, id, ref, max(0, i-1), ref)
			open++
		case 3:
			fmt.Fprintf(&b, `<button id=%s aria-describedby="%s e%d">b</button>`, id, ref, max(0, i-2))
		case 4:
			fmt.Fprintf(&b, `<input type=checkbox id=%s><label for=%s>L</label>`, id, id)
		case 5:
			fmt.Fprintf(&b, `<div role=listbox id=%s><div role=option aria-selected=true>o`, id)
			open += 2
		case 6:
			fmt.Fprintf(&b, `<span id=%s style="visibility: hidden">h<b style="visibility: visible">v</b>`, id)
			open++
		case 7:
			fmt.Fprintf(&b, `<fieldset id=%s><legend>`, id)
			open += 2
		case 8:
			fmt.Fprintf(&b, `<a href=# id=%s aria-labelledby=%s>a</a>`, id, ref)
		case 9:
			fmt.Fprintf(&b, `<span id=%s></span>`, id)
		case 10:
			fmt.Fprintf(&b, `<li role=option id=%s>`, id)
			open++
		case 11:
			fmt.Fprintf(&b, `<header id=%s>`, id)
			open++
		case 12:
			if open > 0 {
				b.WriteString(`</div></span></label>`)
				open--
			}
		case 13:
			fmt.Fprintf(&b, `<td id=%s>t`, id)
		case 14:
			fmt.Fprintf(&b, `<div id=%s aria-hidden=true>`, id)
			open++
		default:
			fmt.Fprintf(&b, `<button id=%s aria-labelledby="%s">x</button>`, id, strings.Repeat(ref+" ", 4))
		}
	}
	return b.String()
}

// forward reports whether a recipe byte's references reach forward.
func forward(op byte) bool {
	switch op % 16 {
	case 2, 3, 8, 15:
		return op&0x10 != 0
	}
	return false
}
