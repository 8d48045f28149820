package elname

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestOf(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><html><body>
		<main id="app"><ul id="items"><li class="item">a <button class="remove">x</button></li><li class="item done">b <button class="remove">x</button></li><li class="other"></li></ul></main>
		<p>one</p><p id="dup">two</p><p id="dup">three</p><div id="1st"></div><section></section>
	</body></html>`)
	buttons, _ := doc.QuerySelectorAll("button.remove")
	paras, _ := doc.QuerySelectorAll("p")
	tests := []struct {
		name string
		n    *vdom.Node
		want string
	}{
		{"unique id", doc.GetElementByID("app"), "#app"},
		{"path from the nearest id, nth-child only among look-alikes", buttons[1], "#items > li.item:nth-child(2) > button.remove"},
		{"a sibling that differs needs no position", doc.MustQuerySelector("li.other"), "#items > li.other"},
		{"duplicate ids do not count as unique", paras[2], "body > p:nth-child(4)"},
		{"ids that are not identifiers are escaped", doc.MustQuerySelector("div"), `#\31 st`},
		{"from body when no ancestor has an id", doc.MustQuerySelector("section"), "body > section"},
		{"the document", &doc.Node, "document"},
		{"nil", nil, "(none)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Of(tt.n)
			if got != tt.want {
				t.Fatalf("describe = %q, want %q", got, tt.want)
			}
			if tt.n == nil || !tt.n.IsElement() {
				return
			}
			// The name is a selector for the element.
			found, err := doc.QuerySelector(got)
			if err != nil || found != tt.n {
				t.Errorf("QuerySelector(%q) = %v, %v; want the element itself", got, found, err)
			}
		})
	}
}

// TestOfOutsideTheDocument names nodes that are not connected elements:
// a fragment's element is named in its fragment, where QuerySelector
// finds it by that name; a detached element has no tree to be unique in.
func TestOfOutsideTheDocument(t *testing.T) {
	doc := vdom.ParseString(`<p id="x">in the page</p>`)
	frag := doc.CreateDocumentFragment()
	if err := frag.SetInnerHTML(`<div id="x"></div><div id="solo"><b></b><b></b></div>`); err != nil {
		t.Fatal(err)
	}
	detached, err := doc.CreateElement("section")
	if err != nil {
		t.Fatal(err)
	}
	detached.SetAttribute("id", "lone")
	if err := detached.SetInnerHTML(`<i></i>`); err != nil {
		t.Fatal(err)
	}
	bs, _ := frag.QuerySelectorAll("b")
	tests := []struct {
		name string
		n    *vdom.Node
		want string
	}{
		{"an id unique in its fragment", frag.MustQuerySelector("#solo"), "#solo"},
		{"the same id in the page does not count", frag.MustQuerySelector("div"), "#x"},
		{"a path in a fragment", bs[1], "#solo > b:nth-child(2)"},
		{"a detached element's id names nothing", detached.FirstElementChild(), "section > i"},
		{"a fragment", frag, "#document-fragment"},
		{"a text node", doc.GetElementByID("x").FirstChild(), "#text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Of(tt.n); got != tt.want {
				t.Errorf("Of = %q, want %q", got, tt.want)
			}
		})
	}
}
