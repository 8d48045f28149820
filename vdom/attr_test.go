package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const attrPage = `<div id="d" class="a b" data-x="1" hidden>t</div>` +
	`<svg id="s" viewBox="0 0 10 10"><a xlink:href="#t" xml:lang="en"></a></svg>`

func TestAttrGetHas(t *testing.T) {
	doc := treeDoc(t, attrPage)
	d := treeEl(t, doc, "d")
	a := treeEl(t, doc, "s").FirstChild()
	type result struct {
		Value string
		OK    bool
		Has   bool
	}
	tests := []struct {
		name string
		node *vdom.Node
		attr string
		want result
	}{
		{"present", d, "data-x", result{"1", true, true}},
		{"upper-case name on an HTML element", d, "DATA-X", result{"1", true, true}},
		{"empty value", d, "hidden", result{"", true, true}},
		{"absent", d, "title", result{"", false, false}},
		{"svg keeps case", treeEl(t, doc, "s"), "viewBox", result{"0 0 10 10", true, true}},
		{"svg is case-sensitive", treeEl(t, doc, "s"), "viewbox", result{"", false, false}},
		{"xlink qualified name", a, "xlink:href", result{"#t", true, true}},
		{"xml qualified name", a, "xml:lang", result{"en", true, true}},
		{"local name alone does not match a prefixed attribute", a, "href", result{"", false, false}},
		{"text node", d.FirstChild(), "id", result{"", false, false}},
		{"document", &doc.Node, "id", result{"", false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := tt.node.GetAttribute(tt.attr)
			got := result{v, ok, tt.node.HasAttribute(tt.attr)}
			treeDiff(t, "GetAttribute/HasAttribute", tt.want, got)
		})
	}
}

func TestAttrSetRemoveToggle(t *testing.T) {
	tests := []struct {
		name      string
		target    string // id
		op        func(n *vdom.Node) error
		wantOuter string
	}{
		{
			name:      "set new attribute",
			target:    "d",
			op:        func(n *vdom.Node) error { return n.SetAttribute("title", `a "quoted" <value> & more`) },
			wantOuter: `<div id="d" class="a b" data-x="1" hidden="" title="a &quot;quoted&quot; &lt;value&gt; &amp; more">t</div>`,
		},
		{
			name:      "set existing keeps the position",
			target:    "d",
			op:        func(n *vdom.Node) error { return n.SetAttribute("class", "c") },
			wantOuter: `<div id="d" class="c" data-x="1" hidden="">t</div>`,
		},
		{
			name:      "name lower-cased on HTML elements",
			target:    "d",
			op:        func(n *vdom.Node) error { return n.SetAttribute("Data-Y", "2") },
			wantOuter: `<div id="d" class="a b" data-x="1" hidden="" data-y="2">t</div>`,
		},
		{
			name:      "upper-case name sets the existing attribute",
			target:    "d",
			op:        func(n *vdom.Node) error { return n.SetAttribute("DATA-X", "9") },
			wantOuter: `<div id="d" class="a b" data-x="9" hidden="">t</div>`,
		},
		{
			name:      "svg keeps the case of new attributes",
			target:    "s",
			op:        func(n *vdom.Node) error { return n.SetAttribute("preserveAspectRatio", "none") },
			wantOuter: `<svg id="s" viewBox="0 0 10 10" preserveAspectRatio="none"><a xlink:href="#t" xml:lang="en"></a></svg>`,
		},
		{
			name:      "remove",
			target:    "d",
			op:        func(n *vdom.Node) error { n.RemoveAttribute("data-x"); return nil },
			wantOuter: `<div id="d" class="a b" hidden="">t</div>`,
		},
		{
			name:      "remove upper-case name",
			target:    "d",
			op:        func(n *vdom.Node) error { n.RemoveAttribute("HIDDEN"); return nil },
			wantOuter: `<div id="d" class="a b" data-x="1">t</div>`,
		},
		{
			name:      "remove absent",
			target:    "d",
			op:        func(n *vdom.Node) error { n.RemoveAttribute("nope"); return nil },
			wantOuter: `<div id="d" class="a b" data-x="1" hidden="">t</div>`,
		},
		{
			name:   "toggle off and on",
			target: "d",
			op: func(n *vdom.Node) error {
				if on, err := n.ToggleAttribute("hidden"); on || err != nil {
					return err
				}
				if on, err := n.ToggleAttribute("Open"); !on || err != nil {
					return err
				}
				return nil
			},
			wantOuter: `<div id="d" class="a b" data-x="1" open="">t</div>`,
		},
		{
			name:   "toggle forced",
			target: "d",
			op: func(n *vdom.Node) error {
				for _, c := range []struct {
					name  string
					force bool
				}{{"hidden", true}, {"data-x", false}, {"inert", false}, {"open", true}} {
					on, err := n.ToggleAttributeForce(c.name, c.force)
					if err != nil {
						return err
					}
					if on != c.force {
						return fmt.Errorf("ToggleAttribute(%q, %v) = %v", c.name, c.force, on)
					}
				}
				return nil
			},
			wantOuter: `<div id="d" class="a b" hidden="" open="">t</div>`,
		},
		{
			name:      "xlink attribute set by qualified name",
			target:    "s",
			op:        func(n *vdom.Node) error { return n.FirstChild().SetAttribute("xlink:href", "#u") },
			wantOuter: `<svg id="s" viewBox="0 0 10 10"><a xlink:href="#u" xml:lang="en"></a></svg>`,
		},
		{
			name:      "xlink attribute removed by qualified name",
			target:    "s",
			op:        func(n *vdom.Node) error { n.FirstChild().RemoveAttribute("xlink:href"); return nil },
			wantOuter: `<svg id="s" viewBox="0 0 10 10"><a xml:lang="en"></a></svg>`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, attrPage)
			n := treeEl(t, doc, tt.target)
			treeNoErr(t, tt.name, tt.op(n))
			checkTree(t, doc)
			treeDiff(t, "OuterHTML", tt.wantOuter, n.OuterHTML())
		})
	}
}

func TestAttrErrors(t *testing.T) {
	doc := treeDoc(t, attrPage+"<!--c-->")
	d := treeEl(t, doc, "d")
	text := d.FirstChild()
	comment := doc.Body().LastChild()
	tests := []struct {
		name  string
		op    func() error
		kind  error
		parts []string
	}{
		{"empty name", func() error { return d.SetAttribute("", "x") }, vdom.ErrInvalidCharacter, []string{`""`, "div#d"}},
		{"space in name", func() error { return d.SetAttribute("a b", "x") }, vdom.ErrInvalidCharacter, []string{`"a b"`}},
		{"equals sign", func() error { return d.SetAttribute("a=b", "x") }, vdom.ErrInvalidCharacter, []string{`"a=b"`}},
		{"greater-than", func() error { return d.SetAttribute("a>", "x") }, vdom.ErrInvalidCharacter, []string{`"a>"`}},
		{"slash", func() error { return d.SetAttribute("a/b", "x") }, vdom.ErrInvalidCharacter, []string{`"a/b"`}},
		{"quote", func() error { return d.SetAttribute(`a"`, "x") }, vdom.ErrInvalidCharacter, []string{`a\"`}},
		{"NUL", func() error { return d.SetAttribute("a\x00", "x") }, vdom.ErrInvalidCharacter, nil},
		{"SetID on a text node", func() error { return text.SetID("x") }, vdom.ErrInvalidState, []string{"#text"}},
		{"SetAttribute on a text node", func() error { return text.SetAttribute("id", "x") }, vdom.ErrInvalidState, []string{`"id"`, "#text"}},
		{"SetAttribute on a comment", func() error { return comment.SetAttribute("id", "x") }, vdom.ErrInvalidState, []string{"#comment"}},
		{"SetAttribute on the document", func() error { return doc.SetAttribute("id", "x") }, vdom.ErrInvalidState, []string{"#document"}},
		{"SetClassName on a text node", func() error { return text.SetClassName("x") }, vdom.ErrInvalidState, nil},
		{"ToggleAttribute on a text node", func() error { _, err := text.ToggleAttribute("hidden"); return err }, vdom.ErrInvalidState, []string{"#text"}},
		{"ToggleAttribute off with an invalid name", func() error { _, err := d.ToggleAttributeForce("a b", false); return err }, vdom.ErrInvalidCharacter, []string{`"a b"`}},
		{"ToggleAttribute on with an invalid name", func() error { _, err := d.ToggleAttribute("a b"); return err }, vdom.ErrInvalidCharacter, []string{`"a b"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := doc.OuterHTML()
			treeWantErr(t, tt.op(), tt.kind, tt.parts...)
			treeDiff(t, "document", before, doc.OuterHTML())
			checkTree(t, doc)
		})
	}
	t.Run("RemoveAttribute on a text node does nothing", func(t *testing.T) {
		text.RemoveAttribute("id")
		if text.Attributes() != nil || text.ID() != "" || text.ClassName() != "" {
			t.Errorf("text node has attributes: %v", text.Attributes())
		}
	})
}

func TestAttrAccessors(t *testing.T) {
	doc := treeDoc(t, attrPage)
	d := treeEl(t, doc, "d")
	treeDiff(t, "Attributes", []vdom.Attr{
		{Name: "id", Value: "d"},
		{Name: "class", Value: "a b"},
		{Name: "data-x", Value: "1"},
		{Name: "hidden", Value: ""},
	}, d.Attributes())
	treeDiff(t, "foreign Attributes", []vdom.Attr{
		{Namespace: "xlink", Name: "href", Value: "#t"},
		{Namespace: "xml", Name: "lang", Value: "en"},
	}, treeEl(t, doc, "s").FirstChild().Attributes())
	if got := doc.Body().Attributes(); got != nil {
		t.Errorf("Attributes of an element without any = %v, want nil", got)
	}

	// Attributes is a snapshot.
	attrs := d.Attributes()
	attrs[0].Value = "changed"
	if d.ID() != "d" {
		t.Errorf("changing the Attributes snapshot changed the element")
	}

	treeDiff(t, "ID", "d", d.ID())
	treeDiff(t, "ClassName", "a b", d.ClassName())
	treeNoErr(t, "SetClassName", d.SetClassName("  x  y "))
	checkTree(t, doc)
	treeDiff(t, "ClassName after SetClassName", "  x  y ", d.ClassName())
	treeDiff(t, "ClassList after SetClassName", []string{"x", "y"}, d.ClassList().Values())
	treeNoErr(t, "SetID", d.SetID("e"))
	treeDiff(t, "ID after SetID", "e", d.ID())
	if doc.GetElementByID("e") != d || doc.GetElementByID("d") != nil {
		t.Errorf("index after SetID: e %v, d %v", doc.GetElementByID("e"), doc.GetElementByID("d"))
	}
	checkTree(t, doc)
	if got := doc.Body().ID(); got != "" {
		t.Errorf("ID of an element without id = %q", got)
	}
	if got := doc.Body().ClassName(); got != "" {
		t.Errorf("ClassName of an element without class = %q", got)
	}
}
