package a11y

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestHiddenCheckerLinear: on a page 20,000 levels deep the checker steps
// to each ancestor a bounded number of times, so asking about every
// element in tree order is linear work, where IsHidden's walk up from
// each element would step to 20,000 × 10,000 ancestors on average. The
// checker counts its steps, so the bound holds on any machine.
func TestHiddenCheckerLinear(t *testing.T) {
	const depth = 20_000
	doc := vdom.ParseString(strings.Repeat("<div>", depth) + strings.Repeat("</div>", depth))
	var c HiddenChecker
	elements := 0
	for n := range doc.Body().Descendants() {
		if !n.IsElement() {
			continue
		}
		elements++
		if c.IsHidden(n) {
			t.Fatalf("%s is hidden", n)
		}
	}
	// Each question steps up to shallowDepth (32) ancestors to see
	// whether the tree is shallow there, then to the nearest remembered
	// one (the parent, in tree order) or, near the top, to the root: 34
	// per element are measured. The bound is a constant, not a multiple
	// of shallowDepth, so that raising it toward the depth fails here.
	bound := 70 * elements
	t.Logf("%d elements: %d steps (bound %d)", elements, c.steps, bound)
	if c.steps > bound {
		t.Errorf("asking about %d elements took %d steps to ancestors, more than %d: the checker walks up further than it remembers", elements, c.steps, bound)
	}
}
