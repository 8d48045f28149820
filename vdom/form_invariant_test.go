package vdom_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestFormRadioInvariant runs random operations on radio buttons spread
// over two forms and no form, and checks after each one that no radio
// group has two checked members and that every select of display size 1
// without multiple has exactly one selected option when it has an enabled
// one.
func TestFormRadioInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		d := formDoc(t, `<form id=f1></form><form id=f2></form><div id=free></div>`+
			`<select id=s><option>a<option>b<option>c</select>`)
		parents := []*vdom.Node{byID(t, d, "f1"), byID(t, d, "f2"), byID(t, d, "free")}
		var radios []*vdom.Node
		for i := range 8 {
			r, _ := d.CreateElement("input")
			mustOK(t, r.SetAttribute("type", "radio"))
			mustOK(t, r.SetAttribute("name", []string{"a", "b"}[i%2]))
			mustOK(t, r.SetAttribute("id", fmt.Sprintf("r%d", i)))
			if rng.IntN(2) == 0 {
				mustOK(t, r.SetAttribute("checked", ""))
			}
			_, _ = parents[rng.IntN(3)].AppendChild(r)
			radios = append(radios, r)
		}
		s := byID(t, d, "s")
		for step := range 60 {
			r := radios[rng.IntN(len(radios))]
			var op string
			switch rng.IntN(9) {
			case 0:
				op = "SetChecked(true)"
				r.SetChecked(true)
			case 1:
				op = "SetChecked(false)"
				r.SetChecked(false)
			case 2:
				op = "add checked"
				mustOK(t, r.SetAttribute("checked", ""))
			case 3:
				op = "remove checked"
				r.RemoveAttribute("checked")
			case 4:
				op = "move"
				_, _ = parents[rng.IntN(3)].AppendChild(r)
			case 5:
				op = "rename"
				mustOK(t, r.SetAttribute("name", []string{"a", "b"}[rng.IntN(2)]))
			case 6:
				op = "form attribute"
				mustOK(t, r.SetAttribute("form", []string{"f1", "f2", "none"}[rng.IntN(3)]))
			case 7:
				op = "select option"
				s.Options()[rng.IntN(3)].SetSelected(rng.IntN(2) == 0)
			case 8:
				op = "option attribute"
				_, _ = s.Options()[rng.IntN(3)].ToggleAttribute("selected")
			}
			groups := map[string]string{}
			for _, x := range radios {
				if !x.Checked() {
					continue
				}
				owner := "none"
				if f := x.Form(); f != nil {
					owner = f.ID()
				}
				key := owner + "/" + x.Name()
				if prev, ok := groups[key]; ok {
					t.Fatalf("round %d step %d (%s on #%s): #%s and #%s both checked in group %s",
						round, step, op, r.ID(), prev, x.ID(), key)
				}
				groups[key] = x.ID()
			}
			if n := len(s.SelectedOptions()); n != 1 {
				t.Fatalf("round %d step %d (%s): %d selected options", round, step, op, n)
			}
		}
	}
}
