package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

const navPage = `<!DOCTYPE html><html><head><title>t</title></head><body id="body">` +
	`<ul id="list">` + "\n" + `<li id="one">1</li><!--c-->text<li id="two">2</li>` + "\n" + `<li id="three">3</li>tail</ul>` +
	`<p id="empty"></p><svg id="svg"><circle id="circle"/></svg></body></html>`

// treeName describes a node or nil.
func treeName(n *vdom.Node) string {
	if n == nil {
		return "<nil>"
	}
	return n.String()
}

func TestNavigationLinks(t *testing.T) {
	doc := treeDoc(t, navPage)
	type links struct {
		Parent, ParentElement     string
		First, Last, Prev, Next   string
		FirstElement, LastElement string
		PrevElement, NextElement  string
		ChildElementCount         int
		HasChildNodes             bool
		ChildNodes, Children      []string
	}
	get := func(n *vdom.Node) links {
		return links{
			Parent:            treeName(n.ParentNode()),
			ParentElement:     treeName(n.ParentElement()),
			First:             treeName(n.FirstChild()),
			Last:              treeName(n.LastChild()),
			Prev:              treeName(n.PreviousSibling()),
			Next:              treeName(n.NextSibling()),
			FirstElement:      treeName(n.FirstElementChild()),
			LastElement:       treeName(n.LastElementChild()),
			PrevElement:       treeName(n.PreviousElementSibling()),
			NextElement:       treeName(n.NextElementSibling()),
			ChildElementCount: n.ChildElementCount(),
			HasChildNodes:     n.HasChildNodes(),
			ChildNodes:        treeNames(n.ChildNodes()),
			Children:          treeNames(n.Children()),
		}
	}
	tests := []struct {
		name string
		node func() *vdom.Node
		want links
	}{
		{
			name: "list",
			node: func() *vdom.Node { return treeEl(t, doc, "list") },
			want: links{
				Parent: "body#body", ParentElement: "body#body",
				First: "#text", Last: "#text", Prev: "<nil>", Next: "p#empty",
				FirstElement: "li#one", LastElement: "li#three", PrevElement: "<nil>", NextElement: "p#empty",
				ChildElementCount: 3, HasChildNodes: true,
				ChildNodes: []string{"#text", "li#one", "#comment", "#text", "li#two", "#text", "li#three", "#text"},
				Children:   []string{"li#one", "li#two", "li#three"},
			},
		},
		{
			name: "middle item",
			node: func() *vdom.Node { return treeEl(t, doc, "two") },
			want: links{
				Parent: "ul#list", ParentElement: "ul#list",
				First: "#text", Last: "#text", Prev: "#text", Next: "#text",
				FirstElement: "<nil>", LastElement: "<nil>", PrevElement: "li#one", NextElement: "li#three",
				ChildElementCount: 0, HasChildNodes: true,
				ChildNodes: []string{"#text"}, Children: []string{},
			},
		},
		{
			name: "comment",
			node: func() *vdom.Node { return treeEl(t, doc, "one").NextSibling() },
			want: links{
				Parent: "ul#list", ParentElement: "ul#list",
				First: "<nil>", Last: "<nil>", Prev: "li#one", Next: "#text",
				FirstElement: "<nil>", LastElement: "<nil>", PrevElement: "li#one", NextElement: "li#two",
				ChildNodes: []string{}, Children: []string{},
			},
		},
		{
			name: "empty element",
			node: func() *vdom.Node { return treeEl(t, doc, "empty") },
			want: links{
				Parent: "body#body", ParentElement: "body#body",
				First: "<nil>", Last: "<nil>", Prev: "ul#list", Next: "svg#svg",
				FirstElement: "<nil>", LastElement: "<nil>", PrevElement: "ul#list", NextElement: "svg#svg",
				ChildNodes: []string{}, Children: []string{},
			},
		},
		{
			name: "root element: parent is the document, no parent element",
			node: func() *vdom.Node { return doc.DocumentElement() },
			want: links{
				Parent: "#document", ParentElement: "<nil>",
				First: "head", Last: "body#body", Prev: "<!DOCTYPE html>", Next: "<nil>",
				FirstElement: "head", LastElement: "body#body", PrevElement: "<nil>", NextElement: "<nil>",
				ChildElementCount: 2, HasChildNodes: true,
				ChildNodes: []string{"head", "body#body"}, Children: []string{"head", "body#body"},
			},
		},
		{
			name: "document",
			node: func() *vdom.Node { return &doc.Node },
			want: links{
				Parent: "<nil>", ParentElement: "<nil>",
				First: "<!DOCTYPE html>", Last: "html", Prev: "<nil>", Next: "<nil>",
				FirstElement: "html", LastElement: "html", PrevElement: "<nil>", NextElement: "<nil>",
				ChildElementCount: 1, HasChildNodes: true,
				ChildNodes: []string{"<!DOCTYPE html>", "html"}, Children: []string{"html"},
			},
		},
		{
			name: "detached element",
			node: func() *vdom.Node { return treeCreate(t, doc, "div") },
			want: links{
				Parent: "<nil>", ParentElement: "<nil>",
				First: "<nil>", Last: "<nil>", Prev: "<nil>", Next: "<nil>",
				FirstElement: "<nil>", LastElement: "<nil>", PrevElement: "<nil>", NextElement: "<nil>",
				ChildNodes: []string{}, Children: []string{},
			},
		},
		{
			name: "element in a fragment",
			node: func() *vdom.Node { return treeFragment(t, doc, "<i>a</i><b>b</b>", nil).LastChild() },
			want: links{
				Parent: "#document-fragment", ParentElement: "<nil>",
				First: "#text", Last: "#text", Prev: "i", Next: "<nil>",
				FirstElement: "<nil>", LastElement: "<nil>", PrevElement: "i", NextElement: "<nil>",
				HasChildNodes: true, ChildNodes: []string{"#text"}, Children: []string{},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			treeDiff(t, "links", tt.want, get(tt.node()))
		})
	}

	t.Run("handles are unique", func(t *testing.T) {
		one := treeEl(t, doc, "one")
		if one.NextSibling().PreviousSibling() != one || one.ParentNode().FirstElementChild() != one || doc.Wrap(one.HTML()) != one {
			t.Errorf("the same tree node has several handles")
		}
		if doc.Body() != treeEl(t, doc, "body") || doc.DocumentElement().ParentNode() != &doc.Node {
			t.Errorf("the document's handles differ")
		}
	})

	t.Run("ChildNodes and Children are snapshots", func(t *testing.T) {
		doc := treeDoc(t, navPage)
		list := treeEl(t, doc, "list")
		nodes, elems := list.ChildNodes(), list.Children()
		treeEl(t, doc, "two").Remove()
		checkTree(t, doc, "two")
		list.AppendChild(treeCreate(t, doc, "li"))
		checkTree(t, doc, "two")
		if len(nodes) != 8 || len(elems) != 3 || elems[1].ID() != "two" {
			t.Errorf("snapshots changed with the tree: %v, %v", treeNames(nodes), treeNames(elems))
		}
		treeDiff(t, "new Children", []string{"li#one", "li#three", "li"}, treeNames(list.Children()))
	})
}

func TestNavigationDescendants(t *testing.T) {
	doc := treeDoc(t, navPage)
	list := treeEl(t, doc, "list")
	var got []string
	for n := range list.Descendants() {
		got = append(got, n.String())
	}
	treeDiff(t, "Descendants", []string{"#text", "li#one", "#text", "#comment", "#text", "li#two", "#text", "#text", "li#three", "#text", "#text"}, got)

	t.Run("early break", func(t *testing.T) {
		var got []string
		for n := range doc.Descendants() {
			if n.ID() == "two" {
				break
			}
			if n.IsElement() {
				got = append(got, n.String())
			}
		}
		treeDiff(t, "elements before li#two", []string{"html", "head", "title", "body#body", "ul#list", "li#one"}, got)
	})
	t.Run("leaf and empty", func(t *testing.T) {
		for _, n := range []*vdom.Node{treeEl(t, doc, "empty"), treeEl(t, doc, "one").FirstChild(), treeCreate(t, doc, "p")} {
			for d := range n.Descendants() {
				t.Errorf("%s yielded %s", n, d)
			}
		}
	})
	t.Run("does not leave the subtree", func(t *testing.T) {
		var got []string
		for n := range treeEl(t, doc, "two").Descendants() {
			got = append(got, n.String())
		}
		treeDiff(t, "Descendants of the middle item", []string{"#text"}, got)
		got = nil
		for n := range treeEl(t, doc, "svg").Descendants() {
			got = append(got, n.String())
		}
		treeDiff(t, "Descendants of the last element", []string{"circle#circle"}, got)
	})
}

func TestNavigationContainsAndConnected(t *testing.T) {
	doc := treeDoc(t, navPage)
	other := treeDoc(t, navPage)
	list, one := treeEl(t, doc, "list"), treeEl(t, doc, "one")
	detached := treeCreate(t, doc, "div")
	frag := treeFragment(t, doc, "<i>x</i>", nil)
	tests := []struct {
		name      string
		a, b      *vdom.Node
		contains  bool
		connected bool // of b
	}{
		{"itself", list, list, true, true},
		{"child", list, one, true, true},
		{"grandchild", list, one.FirstChild(), true, true},
		{"parent", one, list, false, true},
		{"sibling", one, treeEl(t, doc, "two"), false, true},
		{"document contains all", &doc.Node, one.FirstChild(), true, true},
		{"document itself", &doc.Node, &doc.Node, true, true},
		{"nil", list, nil, false, false},
		{"detached", &doc.Node, detached, false, false},
		{"detached itself", detached, detached, true, false},
		{"fragment child", frag, frag.FirstChild(), true, false},
		{"fragment", &doc.Node, frag, false, false},
		{"other document", &doc.Node, treeEl(t, other, "one"), false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Contains(tt.b); got != tt.contains {
				t.Errorf("%s.Contains(%s) = %v, want %v", tt.a, treeName(tt.b), got, tt.contains)
			}
			if tt.b != nil {
				if got := tt.b.IsConnected(); got != tt.connected {
					t.Errorf("%s.IsConnected() = %v, want %v", tt.b, got, tt.connected)
				}
			}
		})
	}
	t.Run("connected follows the tree", func(t *testing.T) {
		text := one.FirstChild()
		list.Remove()
		checkTree(t, doc, "list", "one")
		if text.IsConnected() || one.IsConnected() || list.IsConnected() {
			t.Errorf("removed subtree still connected")
		}
		doc.Body().AppendChild(list)
		if !text.IsConnected() {
			t.Errorf("re-inserted subtree not connected")
		}
		checkTree(t, doc)
	})
}

func TestNavigationNodeKinds(t *testing.T) {
	doc := treeDoc(t, navPage)
	type kind struct {
		NodeType                     vdom.NodeType
		NodeName, TagName, LocalName string
		IsElement                    bool
		OwnerIsDoc                   bool
	}
	tests := []struct {
		name string
		node *vdom.Node
		want kind
	}{
		{"html element", treeEl(t, doc, "list"), kind{vdom.ElementNode, "UL", "UL", "ul", true, true}},
		{"svg element keeps its case", treeEl(t, doc, "svg"), kind{vdom.ElementNode, "svg", "svg", "svg", true, true}},
		{"svg camel-case element", treeFragment(t, doc, "<foreignObject/>", treeEl(t, doc, "svg")).FirstChild(), kind{vdom.ElementNode, "foreignObject", "foreignObject", "foreignObject", true, true}},
		{"custom element", treeCreate(t, doc, "My-Widget"), kind{vdom.ElementNode, "MY-WIDGET", "MY-WIDGET", "my-widget", true, true}},
		{"text", treeEl(t, doc, "one").FirstChild(), kind{vdom.TextNode, "#text", "", "", false, true}},
		{"comment", doc.CreateComment("c"), kind{vdom.CommentNode, "#comment", "", "", false, true}},
		{"doctype", doc.FirstChild(), kind{vdom.DocumentTypeNode, "html", "", "", false, true}},
		{"fragment", doc.CreateDocumentFragment(), kind{vdom.DocumentFragmentNode, "#document-fragment", "", "", false, true}},
		{"document", &doc.Node, kind{vdom.DocumentNode, "#document", "", "", false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kind{
				NodeType:   tt.node.NodeType(),
				NodeName:   tt.node.NodeName(),
				TagName:    tt.node.TagName(),
				LocalName:  tt.node.LocalName(),
				IsElement:  tt.node.IsElement(),
				OwnerIsDoc: tt.node.OwnerDocument() == doc,
			}
			treeDiff(t, "kind", tt.want, got)
			if tt.node.OwnerDocument() == nil && tt.node != &doc.Node {
				t.Errorf("OwnerDocument() = nil for a node that is not the document")
			}
		})
	}
	if got := vdom.NewDocument().OwnerDocument(); got != nil {
		t.Errorf("OwnerDocument of an empty document = %v, want nil", got)
	}
}

func TestNavigationCreate(t *testing.T) {
	doc := treeDoc(t, "")
	for _, name := range []string{"", " ", "a b", "1a", "-a", ".a", "a>b", "a/b", "a\"", "a=b", "a<b", "a\x00"} {
		if _, err := doc.CreateElement(name); err == nil {
			t.Errorf("CreateElement(%q) succeeded", name)
		} else {
			treeWantErr(t, err, vdom.ErrInvalidCharacter, "element name")
		}
	}
	for _, name := range []string{"div", "DIV", "my-el", "x:y", "a1", "é"} {
		n, err := doc.CreateElement(name)
		treeNoErr(t, "CreateElement", err)
		if n.ParentNode() != nil || n.IsConnected() || n.OwnerDocument() != doc || n.HasChildNodes() {
			t.Errorf("CreateElement(%q) is not a new detached element", name)
		}
		// The element can be used as a fragment context, so its atom is
		// consistent with its name.
		if _, err := doc.ParseFragmentString("<b>x</b>", n); err != nil {
			t.Errorf("ParseFragment in a created %q: %v", name, err)
		}
	}
	text := doc.CreateTextNode("a<b")
	treeDiff(t, "text", []string{"#text", "a<b", "a&lt;b"}, []string{text.NodeName(), text.Data(), text.OuterHTML()})
	comment := doc.CreateComment("x")
	treeDiff(t, "comment", []string{"#comment", "x", "<!--x-->"}, []string{comment.NodeName(), comment.Data(), comment.OuterHTML()})
	checkTree(t, doc)
}
