package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// TestLabelsAgreeWithControl checks the labels Labels reads from the
// document's index against the definition: the labels, in tree order,
// whose Control is the element. The pages tell the rules apart (a for
// naming a duplicate id, a hidden input, a label inside a label, an empty
// for, a label whose for names a non-labelable element) and one is the
// 10,000-element page; a detached subtree is answered without the index.
func TestLabelsAgreeWithControl(t *testing.T) {
	pages := map[string]string{
		"rules": `<label id=w1>a <input id=i1> <input id=i2></label>
<label for=i2 id=f1>for i2</label><label for=i3 id=f2>for missing</label>
<input id=i3 type=hidden><label id=w2><span><button id=b1></button></span></label>
<label for=dup id=f3>dup</label><input id=dup name=first><input id=dup name=second>
<label for=b1 id=f4><input id=inner></label>
<label id=w3 for=""><input id=i4></label><label for=d1 id=f7>div</label><div id=d1></div>
<label for=i5 id=f5>before</label><label id=w4>outer <label id=w5>inner <input id=i5></label></label><label for=i5 id=f6>after</label>`,
		"10k": string(pagegen.Page(10_000)),
	}
	for name, src := range pages {
		doc := vdom.ParseString(src)
		check := func(root *vdom.Node) int {
			want := map[*vdom.Node][]string{}
			var els []*vdom.Node
			for n := range root.Descendants() {
				if !n.IsElement() {
					continue
				}
				els = append(els, n)
				if c := n.Control(); c != nil {
					want[c] = append(want[c], n.String())
				}
			}
			labelled := 0
			for _, el := range els {
				var got []string
				for _, l := range el.Labels() {
					got = append(got, l.String())
				}
				if diff := cmp.Diff(want[el], got); diff != "" {
					t.Errorf("%s: labels of %s (-Control +Labels):\n%s", name, el, diff)
				}
				if len(got) > 0 {
					labelled++
				}
			}
			return labelled
		}
		if check(&doc.Node) == 0 {
			t.Errorf("%s: no element has labels", name)
		}
		// A detached copy: its labels are found by a walk of its own tree.
		body := doc.Body().CloneNode(true)
		if name == "rules" && check(body) == 0 {
			t.Errorf("%s, detached: no element has labels", name)
		}
	}
}
