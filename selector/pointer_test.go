package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// pointerState is a PointerState with a hovered and an active element and
// labels whose control is given by their for attribute.
type pointerState struct {
	root            *html.Node
	hovered, active *html.Node
}

func (p *pointerState) Is(*html.Node, selector.PseudoClass) bool { return false }
func (p *pointerState) Focus() (*html.Node, bool)                { return nil, false }
func (p *pointerState) Pointer() (*html.Node, *html.Node)        { return p.hovered, p.active }
func (p *pointerState) LabeledControl(label *html.Node) *html.Node {
	for _, a := range label.Attr {
		if a.Key == "for" {
			return selector.MustCompile("#" + a.Val).QueryFirst(p.root)
		}
	}
	return nil
}

func TestHoverActive(t *testing.T) {
	doc := mustParse(`<div id=nav class=nav><a id=link href=/x>x</a><ul id=menu class=menu><li id=item>i</li></ul></div>
<p id=side>s</p><label id=lab for=box><span id=txt>t</span></label><div id=wrap><input id=box type=checkbox></div>
<svg id=svg><circle id=c /></svg>`)
	byID := func(id string) *html.Node { return selector.MustCompile("#" + id).QueryFirst(doc) }
	cases := []struct {
		name            string
		hovered, active string
		sel             string
		want            []string
	}{
		{"hovered and its ancestors", "link", "", ":hover", []string{"html", "body", "nav", "link"}},
		{"descendants and siblings do not match", "nav", "", "div :hover, #side:hover", nil},
		{"a hover menu", "link", "", ".nav:hover .menu", []string{"menu"}},
		{"no hover", "", "", ":hover", nil},
		{"a label's control", "txt", "", "input:hover", []string{"box"}},
		{"the control's ancestors do not", "txt", "", "#wrap:hover", nil},
		{"SVG elements", "c", "", "svg:hover, circle:hover", []string{"svg", "c"}},
		{"active apart from hover", "side", "item", ":active", []string{"html", "body", "nav", "menu", "item"}},
		{"active label", "", "lab", "#box:active", []string{"box"}},
		{"not hover", "item", "", "li:not(:hover), p:not(:hover)", []string{"side"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &pointerState{root: doc}
			if c.hovered != "" {
				st.hovered = byID(c.hovered)
			}
			if c.active != "" {
				st.active = byID(c.active)
			}
			got := names(selector.MustCompile(c.sel).WithState(st).QueryAll(doc))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("QueryAll(%q) mismatch (-want +got):\n%s", c.sel, diff)
			}
		})
	}
}

// TestHoverWithoutPointer checks that a State without a pointer, and
// Static, match :hover and :active nowhere.
func TestHoverWithoutPointer(t *testing.T) {
	doc := mustParse(`<div class=nav><a href=/x>x</a></div>`)
	s := selector.MustCompile(":hover, :active")
	if got := s.QueryAll(doc); len(got) != 0 {
		t.Errorf("Static: QueryAll matched %d elements, want none", len(got))
	}
	calls := 0
	if got := s.WithState(stateOnly{askCounter{&calls}}).QueryAll(doc); len(got) != 0 {
		t.Errorf("a State without a pointer: QueryAll matched %d elements, want none", len(got))
	}
}

// stateOnly hides every method but State's.
type stateOnly struct{ selector.State }

// names are the ids of nodes, or their tag names when they have none.
func names(nodes []*html.Node) []string {
	var out []string
	for _, n := range nodes {
		name := n.Data
		for _, a := range n.Attr {
			if a.Key == "id" {
				name = a.Val
			}
		}
		out = append(out, name)
	}
	return out
}
