package vdom

import "testing"

// TestHoverKeepsStylesThatReadNoState checks that a move of the pointer
// computes no style again on a page whose sheets read no live state, and
// does on one whose sheets use :hover.
func TestHoverKeepsStylesThatReadNoState(t *testing.T) {
	for _, c := range []struct {
		sheet string
		renew bool
	}{
		{".menu { display: none } .nav .menu { color: red }", false},
		{".menu { display: none } .nav:hover .menu { display: block }", true},
	} {
		doc := ParseString(`<style>` + c.sheet + `</style><nav class=nav><a id=a>x</a><ul id=m class=menu></ul></nav>`)
		m := doc.GetElementByID("m")
		m.IsRendered()
		gen := doc.styles.gen
		doc.SetHoverTarget(doc.GetElementByID("a"))
		m.IsRendered()
		if renewed := doc.styles.gen != gen; renewed != c.renew {
			t.Errorf("%s: styles computed again on hover = %v, want %v", c.sheet, renewed, c.renew)
		}
	}
}

// TestPointerHoldsNoRemovedNode checks that the designation keeps no
// reference to a removed subtree, in its chain or beyond it in the
// backing array.
func TestPointerHoldsNoRemovedNode(t *testing.T) {
	doc := ParseString(`<div id=outer><div id=inner><button id=b>b</button></div></div>`)
	inner, b := doc.GetElementByID("inner"), doc.GetElementByID("b")
	doc.SetHoverTarget(b)
	if _, err := doc.GetElementByID("outer").RemoveChild(inner); err != nil {
		t.Fatal(err)
	}
	chain := doc.pointer.hover.chain
	for _, h := range chain[:cap(chain)] {
		if h == inner.h || h == b.h {
			t.Fatalf("the hover chain still holds %s after its removal", h.Data)
		}
	}
	doc.SetHoverTarget(nil)
	chain = doc.pointer.hover.chain
	for i, h := range chain[:cap(chain)] {
		if h != nil {
			t.Fatalf("the hover chain holds %s at %d after SetHoverTarget(nil)", h.Data, i)
		}
	}
}
