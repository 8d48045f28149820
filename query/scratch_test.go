package query

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestScratch(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><html><head><title>T</title><script>x</script></head><body>
	<form id="f"><label for="e">Email</label><input id="e" placeholder="you@x" value="a">
	<input type="checkbox" checked><select><option>A</option><option selected>B</option></select>
	<textarea>hi</textarea><button>Save   it</button><input type="submit" value="Go"></form>
	<!-- c --><p>Hello <b>you</b> there</p><img alt="Logo" src="x.png"><svg><title>Close</title></svg>
	<div data-testid="box" title="Tip">   </div></body></html>`)
	doc.GetElementByID("e").SetValue("typed")
	fmt.Println(Pretty(&doc.Node))
	for _, q := range []Query{ByText("Save it"), ByText("hello", Substring), ByText("Go"), ByPlaceholderText("you@x"), ByAltText("Logo"), ByTitle("Close"), ByTitle("Tip"), ByTestID("box"), ByDisplayValue("typed"), ByDisplayValue("B"), ByText("nope"), ByText("("  , Regexp), ByText("x", Attribute("y"))} {
		els, err := q.All(&doc.Node)
		fmt.Println(q, els, err)
	}
	_, err := ByText("", Selector("*")).Get(&doc.Node)
	fmt.Println(err)
}
