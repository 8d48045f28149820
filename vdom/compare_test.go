package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestCompareDocumentPosition(t *testing.T) {
	doc := treeDoc(t, mutatePage)
	other := vdom.ParseString(`<p>`)
	detached := treeCreate(t, doc, "p")
	const (
		disc = vdom.DocumentPositionDisconnected | vdom.DocumentPositionImplementationSpecific
	)
	tests := []struct {
		name     string
		n, other *vdom.Node
		want     vdom.DocumentPosition
	}{
		{"itself", treeEl(t, doc, "a"), treeEl(t, doc, "a"), 0},
		{"ancestor", treeEl(t, doc, "a1"), treeEl(t, doc, "a"), vdom.DocumentPositionContains | vdom.DocumentPositionPreceding},
		{"document is an ancestor", treeEl(t, doc, "a1"), &doc.Node, vdom.DocumentPositionContains | vdom.DocumentPositionPreceding},
		{"descendant", treeEl(t, doc, "a"), treeEl(t, doc, "a1").FirstChild(), vdom.DocumentPositionContainedBy | vdom.DocumentPositionFollowing},
		{"preceding sibling", treeEl(t, doc, "a2"), treeEl(t, doc, "a1"), vdom.DocumentPositionPreceding},
		{"following sibling", treeEl(t, doc, "a1"), treeEl(t, doc, "a2"), vdom.DocumentPositionFollowing},
		{"following cousin", treeEl(t, doc, "a2"), treeEl(t, doc, "b1"), vdom.DocumentPositionFollowing},
		{"preceding in another branch", treeEl(t, doc, "b1"), treeEl(t, doc, "a1").FirstChild(), vdom.DocumentPositionPreceding},
		{"nil", treeEl(t, doc, "a"), nil, disc | vdom.DocumentPositionPreceding},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			treeDiff(t, "position", tt.want, tt.n.CompareDocumentPosition(tt.other))
		})
	}
	t.Run("disconnected is consistent and antisymmetric", func(t *testing.T) {
		for _, pair := range [][2]*vdom.Node{
			{treeEl(t, doc, "a"), detached},
			{treeEl(t, doc, "a"), other.Body()},
		} {
			ab := pair[0].CompareDocumentPosition(pair[1])
			ba := pair[1].CompareDocumentPosition(pair[0])
			if ab&disc != disc || ba&disc != disc {
				t.Errorf("%s vs %s: %#x and %#x, want both disconnected", pair[0], pair[1], ab, ba)
			}
			order := vdom.DocumentPositionPreceding | vdom.DocumentPositionFollowing
			if ab&order == 0 || ab&order == order || ab&order == ba&order {
				t.Errorf("%s vs %s: %#x and %#x, want opposite orders", pair[0], pair[1], ab, ba)
			}
			if again := pair[0].CompareDocumentPosition(pair[1]); again != ab {
				t.Errorf("%s vs %s: %#x then %#x", pair[0], pair[1], ab, again)
			}
		}
	})
}

func TestContainsIsInclusive(t *testing.T) {
	doc := treeDoc(t, mutatePage)
	a := treeEl(t, doc, "a")
	for _, tt := range []struct {
		name  string
		other *vdom.Node
		want  bool
	}{
		{"itself", a, true},
		{"child", treeEl(t, doc, "a1"), true},
		{"grandchild text", treeEl(t, doc, "a1").FirstChild(), true},
		{"parent", doc.Body(), false},
		{"sibling", treeEl(t, doc, "b"), false},
		{"nil", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) { treeDiff(t, "Contains", tt.want, a.Contains(tt.other)) })
	}
}

func TestIsEqualNode(t *testing.T) {
	parse := func(s string) *vdom.Node {
		return vdom.ParseString(`<!DOCTYPE html><body>` + s).Body().FirstChild()
	}
	tests := []struct {
		name string
		a, b *vdom.Node
		want bool
	}{
		{"same markup", parse(`<p class=x id=y>a<b>b</b><!--c--></p>`), parse(`<p class=x id=y>a<b>b</b><!--c--></p>`), true},
		{"attributes in another order", parse(`<p class=x id=y></p>`), parse(`<p id=y class=x></p>`), true},
		{"attribute value differs", parse(`<p class=x></p>`), parse(`<p class=z></p>`), false},
		{"attribute count differs", parse(`<p class=x></p>`), parse(`<p class=x hidden></p>`), false},
		{"name differs", parse(`<p></p>`), parse(`<div></div>`), false},
		{"text differs deep", parse(`<p><b><i>a</i></b></p>`), parse(`<p><b><i>b</i></b></p>`), false},
		{"child count differs", parse(`<p><b></b></p>`), parse(`<p><b></b><b></b></p>`), false},
		{"grandchild count differs", parse(`<p><b><i></i></b><u></u></p>`), parse(`<p><b></b><u></u></p>`), false},
		{"comment vs text", parse(`<!--a-->`), parse(`a`), false},
		{"nil", parse(`<p>`), nil, false},
		{"documents", &vdom.ParseString(`<!DOCTYPE html><p>a`).Node, &vdom.ParseString(`<!DOCTYPE html><p>a`).Node, true},
		{"doctypes differ", vdom.ParseString(`<!DOCTYPE html>`).FirstChild(), vdom.ParseString(`<!DOCTYPE html SYSTEM "about:legacy-compat">`).FirstChild(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			treeDiff(t, "IsEqualNode", tt.want, tt.a.IsEqualNode(tt.b))
			if tt.b != nil {
				treeDiff(t, "IsEqualNode reversed", tt.want, tt.b.IsEqualNode(tt.a))
			}
		})
	}
}

func TestIsSameNode(t *testing.T) {
	doc := treeDoc(t, mutatePage)
	a := treeEl(t, doc, "a")
	for _, tt := range []struct {
		name  string
		other *vdom.Node
		want  bool
	}{
		{"itself", a, true},
		{"same handle again", doc.Body().FirstChild(), true},
		{"equal clone", a.CloneNode(true), false},
		{"nil", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) { treeDiff(t, "IsSameNode", tt.want, a.IsSameNode(tt.other)) })
	}
}
