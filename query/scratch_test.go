package query

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestScratch(t *testing.T) {
	doc := vdom.ParseString(`<form id="f"><label for="e">Email</label><input id="e">
	<label>Age <select><option>1</option></select></label>
	<span id="l1">First</span><span id="l2">Name</span><input aria-labelledby="l1 l2">
	<input aria-label="Search"><label for="d">Div</label><div id="d"></div><label>Lonely</label>
	<label for="a">One</label><label for="a">Two</label><input id="a"></form>`)
	for _, q := range []Query{ByLabelText("Email"), ByLabelText("Age"), ByLabelText("First Name"), ByLabelText("First"), ByLabelText("Search"), ByLabelText("One Two"), ByLabelText("Two"), ByLabelText("Div"), ByLabelText("Lonely"), ByLabelText("nope")} {
		els, err := q.All(&doc.Node)
		if err != nil {
			s := err.Error()
			if len(s) > 600 {
				s = s[:600]
			}
			fmt.Println(q, s)
			continue
		}
		fmt.Println(q, els)
	}
}
