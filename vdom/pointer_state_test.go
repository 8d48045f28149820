package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

const hoverMenuPage = `<style>
	.menu { display: none }
	.nav:hover .menu { display: block }
	button:active { opacity: .5 }
</style>
<nav id=nav class=nav><a id=top href=/>Products</a>
<ul id=menu class=menu><li><a id=item href=/a>Apps</a></li></ul></nav>
<p id=p><label id=lab>Agree <input id=box type=checkbox></label></p>
<div id=outer><div id=inner><button id=btn>b</button></div></div>`

// ids queries sel in doc and returns the ids of what it finds.
func hoverIDs(t *testing.T, doc *vdom.Document, sel string) []string {
	t.Helper()
	list, err := doc.QuerySelectorAll(sel)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range list {
		out = append(out, n.ID())
	}
	return out
}

func TestHoverTargetMatchesHover(t *testing.T) {
	doc := vdom.ParseString(hoverMenuPage)
	menu := doc.GetElementByID("menu")
	if menu.IsRendered() {
		t.Fatal("the menu is rendered before any hover")
	}
	doc.SetHoverTarget(doc.GetElementByID("top"))
	if diff := cmp.Diff([]string{"", "", "nav", "top"}, hoverIDs(t, doc, ":hover")); diff != "" {
		t.Errorf(":hover mismatch (-want +got):\n%s", diff)
	}
	if !menu.IsRendered() {
		t.Error("the menu is not rendered while the pointer is over the nav")
	}
	if got := doc.HoverTarget(); got != doc.GetElementByID("top") {
		t.Errorf("HoverTarget() = %v, want #top", got)
	}
	doc.SetHoverTarget(nil)
	if menu.IsRendered() {
		t.Error("the menu is rendered after the pointer left")
	}
	if got := hoverIDs(t, doc, ":hover"); len(got) != 0 {
		t.Errorf(":hover matches %q with no hovered element", got)
	}
}

func TestHoverLabelAndText(t *testing.T) {
	doc := vdom.ParseString(hoverMenuPage)
	lab := doc.GetElementByID("lab")
	doc.SetHoverTarget(lab.FirstChild()) // the label's text
	if got := doc.HoverTarget(); got != lab {
		t.Fatalf("HoverTarget() = %v after hovering the label's text, want the label", got)
	}
	if diff := cmp.Diff([]string{"box"}, hoverIDs(t, doc, "input:hover")); diff != "" {
		t.Errorf("the labeled control: input:hover mismatch (-want +got):\n%s", diff)
	}
	detached, _ := doc.CreateElement("div")
	doc.SetHoverTarget(detached)
	if got := doc.HoverTarget(); got != nil {
		t.Errorf("HoverTarget() = %v after hovering a detached element, want nil", got)
	}
}

func TestHoverFallsToParentOnRemoval(t *testing.T) {
	doc := vdom.ParseString(hoverMenuPage)
	outer, inner, btn := doc.GetElementByID("outer"), doc.GetElementByID("inner"), doc.GetElementByID("btn")
	doc.SetHoverTarget(btn)
	doc.SetActiveTarget(btn)
	if _, err := outer.RemoveChild(inner); err != nil {
		t.Fatal(err)
	}
	if got := doc.HoverTarget(); got != outer {
		t.Errorf("HoverTarget() = %v after its ancestor was removed, want #outer", got)
	}
	if got := doc.ActiveTarget(); got != outer {
		t.Errorf("ActiveTarget() = %v after its ancestor was removed, want #outer", got)
	}
	if ok, _ := btn.Matches(":hover"); ok {
		t.Error("the removed button matches :hover")
	}
	// Put back, it is not hovered again until the pointer moves.
	if _, err := outer.AppendChild(inner); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"", "", "outer"}, hoverIDs(t, doc, ":hover")); diff != "" {
		t.Errorf(":hover after the removal mismatch (-want +got):\n%s", diff)
	}
}

func TestActiveTarget(t *testing.T) {
	doc := vdom.ParseString(hoverMenuPage)
	btn := doc.GetElementByID("btn")
	doc.SetActiveTarget(btn)
	if diff := cmp.Diff([]string{"", "", "outer", "inner", "btn"}, hoverIDs(t, doc, ":active")); diff != "" {
		t.Errorf(":active mismatch (-want +got):\n%s", diff)
	}
	if got := doc.GetComputedStyle(btn).PropertyValue("opacity"); got != "0.5" {
		t.Errorf("opacity of the active button = %q, want 0.5", got)
	}
	if got := hoverIDs(t, doc, ":hover"); len(got) != 0 {
		t.Errorf(":hover matches %q: activating is not hovering", got)
	}
	doc.SetActiveTarget(nil)
	if got := doc.GetComputedStyle(btn).PropertyValue("opacity"); got == "0.5" {
		t.Error("the button is still at opacity 0.5 after the activation ended")
	}
}
