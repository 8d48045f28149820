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
