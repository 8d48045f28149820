package vdom_test

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// templatePage has one li.x outside a template and one inside, with a
// nested template, an id, a form control and a label in the contents.
const templatePage = `<!DOCTYPE html><html><head></head><body>` +
	`<form id=f><ul id=list><li class=x id=out>out</li></ul>` +
	`<label id=lab for=in-input>name</label>` +
	`<template id=t><li class=x id=in name=n>in<input id=in-input name=n></li>` +
	`<template id=inner><p id=deep>deep</p></template></template></form></body></html>`

// templateContentsMarkup is what the contents of #t serialize to.
const templateContentsMarkup = `<li class="x" id="in" name="n">in<input id="in-input" name="n"></li>` +
	`<template id="inner"><p id="deep">deep</p></template>`

// checkTemplates checks what every template of doc, in the tree and in
// contents, nested to any depth, must satisfy: Content is a fragment
// without parent whose node document is the one inert document of doc,
// the same for all; the same handle every time; no node of the contents is
// connected or found by GetElementByID.
func checkTemplates(t *testing.T, doc *vdom.Document) {
	t.Helper()
	var inert *vdom.Document
	for n := range treeAll(&doc.Node, nil) {
		c := n.Content()
		if n.IsElement() && n.HTML().Namespace == "" && n.LocalName() == "template" {
			if c == nil {
				t.Errorf("%s: Content() = nil", n)
				continue
			}
		} else {
			if c != nil {
				t.Errorf("%s: Content() = %v, want nil: not an HTML template", n, c)
			}
			continue
		}
		if c != n.Content() {
			t.Errorf("%s: Content() gives another handle the second time", n)
		}
		if c.NodeType() != vdom.DocumentFragmentNode || c.ParentNode() != nil {
			t.Errorf("%s: Content() is a %v with parent %v, want a fragment without parent", n, c.NodeType(), c.ParentNode())
		}
		owner := c.OwnerDocument()
		if owner == nil || owner == doc {
			t.Errorf("%s: Content().OwnerDocument() = %p, want the inert document, not the document %p", n, owner, doc)
			continue
		}
		if inert == nil {
			inert = owner
		} else if owner != inert {
			t.Errorf("%s: its contents belong to another inert document than the first template's", n)
		}
		if owner.Window() != nil {
			t.Errorf("the inert document has a Window")
		}
		for m := range c.Descendants() {
			if m.IsConnected() {
				t.Errorf("%s in the contents of %s is connected", m, n)
			}
			if m.OwnerDocument() != owner {
				t.Errorf("%s in the contents of %s: OwnerDocument is not the inert document", m, n)
			}
			if id := m.ID(); id != "" && doc.GetElementByID(id) == m {
				t.Errorf("GetElementByID(%q) finds %s inside the contents of %s", id, m, n)
			}
		}
	}
}

func TestTemplateQueriesDoNotSeeContents(t *testing.T) {
	doc := treeDoc(t, templatePage)
	checkTemplates(t, doc)
	tmpl := treeEl(t, doc, "t")
	all, err := doc.QuerySelectorAll("li.x")
	treeNoErr(t, "QuerySelectorAll", err)
	treeDiff(t, "QuerySelectorAll(li.x)", []string{"li#out"}, treeNames(all))
	for _, sel := range []string{"template li", "template > *", "#in", "#deep", "p", "input"} {
		if got, err := doc.QuerySelector(sel); err != nil || got != nil {
			t.Errorf("QuerySelector(%q) = %v, %v; want nil: it is inside template contents", sel, got, err)
		}
	}
	if m, _ := tmpl.Matches("template:empty"); !m {
		t.Errorf("the template does not match :empty; it has no children")
	}
	for _, id := range []string{"in", "in-input", "inner", "deep"} {
		if got := doc.GetElementByID(id); got != nil {
			t.Errorf("GetElementByID(%q) = %v, want nil", id, got)
		}
	}
	treeDiff(t, "GetElementsByTagName(li)", []string{"li#out"}, treeNames(doc.GetElementsByTagName("li")))
	treeDiff(t, "GetElementsByClassName(x)", []string{"li#out"}, treeNames(doc.GetElementsByClassName("x")))
	treeDiff(t, "GetElementsByName(n)", []string{}, treeNames(doc.GetElementsByName("n")))
	treeDiff(t, "template ChildNodes", []string{}, treeNames(tmpl.ChildNodes()))
	if tmpl.FirstChild() != nil || tmpl.HasChildNodes() || tmpl.ChildElementCount() != 0 {
		t.Errorf("the template has children: first %v", tmpl.FirstChild())
	}
	treeDiff(t, "template TextContent", "", tmpl.TextContent())
	treeDiff(t, "form TextContent", "outname", treeEl(t, doc, "f").TextContent())
	treeDiff(t, "body InnerText", "out\nname", doc.Body().InnerText())
	var names []string
	for n := range doc.Body().Descendants() {
		names = append(names, n.String())
	}
	treeDiff(t, "body Descendants", []string{"form#f", "ul#list", "li#out", "#text", "label#lab", "#text", "template#t"}, names)

	// The contents answer for themselves.
	c := tmpl.Content()
	in, err := c.QuerySelectorAll("li.x")
	treeNoErr(t, "Content().QuerySelectorAll", err)
	treeDiff(t, "Content().QuerySelectorAll(li.x)", []string{"li#in"}, treeNames(in))
	treeDiff(t, "Content().ChildNodes", []string{"li#in", "template#inner"}, treeNames(c.ChildNodes()))
	treeDiff(t, "Content().TextContent", "in", c.TextContent())
	deep, _ := c.QuerySelector("p")
	if deep != nil {
		t.Errorf("Content().QuerySelector(p) = %v, want nil: p is in the nested template's contents", deep)
	}
	inner, _ := c.QuerySelector("#inner")
	if inner == nil {
		t.Fatalf("Content().QuerySelector(#inner) = nil")
	}
	p, _ := inner.Content().QuerySelector("p")
	treeDiff(t, "nested contents", "p#deep", p.String())
}

func TestTemplateFormsLabelsFocus(t *testing.T) {
	doc := treeDoc(t, templatePage)
	form := treeEl(t, doc, "f")
	treeDiff(t, "form Elements", []string{}, treeNames(form.Elements()))
	input, _ := treeEl(t, doc, "t").Content().QuerySelector("input")
	if input == nil {
		t.Fatal("no input in the contents")
	}
	if f := input.Form(); f != nil {
		t.Errorf("the input in the contents has form owner %v, want none", f)
	}
	if c := treeEl(t, doc, "lab").Control(); c != nil {
		t.Errorf("the label's control = %v, want nil: its for= names an input inside template contents", c)
	}
	treeDiff(t, "input Labels", []string{}, treeNames(input.Labels()))
	_ = input.Focus()
	if a := doc.ActiveElement(); a != doc.Body() {
		t.Errorf("ActiveElement after focusing an input in template contents = %v, want the body", a)
	}
}

func TestTemplateEventPathEndsAtContents(t *testing.T) {
	doc := treeDoc(t, templatePage)
	var seen []string
	record := func(who string) vdom.Listener {
		return vdom.NewListener(func(e *vdom.Event) { seen = append(seen, who) })
	}
	doc.Window().AddEventListener("ping", record("window"))
	doc.AddEventListener("ping", record("document"))
	tmpl := treeEl(t, doc, "t")
	tmpl.AddEventListener("ping", record("template"))
	c := tmpl.Content()
	c.AddEventListener("ping", record("contents"))
	li, _ := c.QuerySelector("li")
	li.AddEventListener("ping", record("li"))
	e := vdom.NewEventWith("ping", vdom.EventInit{Bubbles: true})
	var path []string
	li.AddEventListener("ping", vdom.NewListener(func(e *vdom.Event) {
		for _, tg := range e.ComposedPath() {
			if n, ok := tg.(*vdom.Node); ok {
				path = append(path, n.NodeName())
			}
		}
	}))
	if _, err := li.DispatchEvent(e); err != nil {
		t.Fatalf("DispatchEvent: %v", err)
	}
	treeDiff(t, "listeners run", []string{"li", "contents"}, seen)
	treeDiff(t, "ComposedPath", []string{"LI", "#document-fragment"}, path)
}

func TestTemplateSerialization(t *testing.T) {
	doc := treeDoc(t, templatePage)
	tmpl := treeEl(t, doc, "t")
	treeDiff(t, "InnerHTML", templateContentsMarkup, tmpl.InnerHTML())
	treeDiff(t, "Content().InnerHTML", templateContentsMarkup, tmpl.Content().InnerHTML())
	treeDiff(t, "OuterHTML", `<template id="t">`+templateContentsMarkup+`</template>`, tmpl.OuterHTML())
	var b strings.Builder
	treeNoErr(t, "Render", doc.Render(&b))
	if !strings.Contains(b.String(), `<template id="t">`+templateContentsMarkup+`</template></form></body></html>`) {
		t.Errorf("Render of the document lacks the contents:\n%s", b.String())
	}
	// Re-parsing the serialization gives the same contents.
	again := treeDoc(t, b.String())
	treeDiff(t, "round trip", b.String(), again.OuterHTML())
	checkTemplates(t, again)

	// Children appended to the element by DOM methods are the
	// element's, and serialization writes the contents in their place.
	extra := treeCreate(t, doc, "b")
	if _, err := tmpl.AppendChild(extra); err != nil {
		t.Fatalf("AppendChild: %v", err)
	}
	treeDiff(t, "ChildNodes after AppendChild", []string{"b"}, treeNames(tmpl.ChildNodes()))
	treeDiff(t, "contents after AppendChild", []string{"li#in", "template#inner"}, treeNames(tmpl.Content().ChildNodes()))
	treeDiff(t, "InnerHTML after AppendChild", templateContentsMarkup, tmpl.InnerHTML())
	if got, _ := doc.QuerySelector("template > b"); got != extra {
		t.Errorf("QuerySelector(template > b) = %v, want the appended child", got)
	}
	empty := treeCreate(t, doc, "template")
	if _, err := empty.AppendChild(doc.CreateTextNode("text")); err != nil {
		t.Fatal(err)
	}
	treeDiff(t, "OuterHTML of a template with a child and no contents", `<template></template>`, empty.OuterHTML())
}

func TestTemplateSetInnerHTML(t *testing.T) {
	doc := treeDoc(t, templatePage)
	tmpl := treeEl(t, doc, "t")
	c := tmpl.Content()
	old := c.FirstChild()
	treeNoErr(t, "SetInnerHTML", tmpl.SetInnerHTML(`<tr id=row><td>cell</td></tr><template><i>i</i></template>`))
	treeDiff(t, "InnerHTML", `<tr id="row"><td>cell</td></tr><template><i>i</i></template>`, tmpl.InnerHTML())
	if tmpl.Content() != c {
		t.Errorf("SetInnerHTML replaced the contents fragment; it must keep it and replace its children")
	}
	if old.ParentNode() != nil {
		t.Errorf("the old contents %v still have the parent %v", old, old.ParentNode())
	}
	treeDiff(t, "template ChildNodes", []string{}, treeNames(tmpl.ChildNodes()))
	if doc.GetElementByID("row") != nil {
		t.Errorf("GetElementByID finds the new contents")
	}
	checkTree(t, doc)
	checkTemplates(t, doc)
	// SetInnerHTML on the contents fragment itself parses in a body.
	treeNoErr(t, "Content().SetInnerHTML", c.SetInnerHTML(`<span>s</span>`))
	treeDiff(t, "InnerHTML after Content().SetInnerHTML", `<span>s</span>`, tmpl.InnerHTML())
}

// TestTemplateCreatedEveryWay: every way of making a template gives one
// whose markup is its contents.
func TestTemplateCreatedEveryWay(t *testing.T) {
	const markup = `<template id="made"><b id="inside">x</b></template>`
	tests := []struct {
		name string
		make func(t *testing.T, doc *vdom.Document) *vdom.Node
	}{
		{"parse", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			return vdom.ParseString(markup).GetElementByID("made")
		}},
		{"SetInnerHTML of a div", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			treeNoErr(t, "SetInnerHTML", doc.Body().SetInnerHTML(markup))
			return doc.GetElementByID("made")
		}},
		{"InsertAdjacentHTML", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			treeNoErr(t, "InsertAdjacentHTML", doc.Body().InsertAdjacentHTML(vdom.BeforeEnd, markup))
			return doc.GetElementByID("made")
		}},
		{"SetOuterHTML", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			p := treeCreate(t, doc, "p")
			if _, err := doc.Body().AppendChild(p); err != nil {
				t.Fatal(err)
			}
			treeNoErr(t, "SetOuterHTML", p.SetOuterHTML(markup))
			return doc.GetElementByID("made")
		}},
		{"ParseFragment", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			nodes, err := doc.ParseFragmentString(markup, nil)
			treeNoErr(t, "ParseFragmentString", err)
			return nodes[0]
		}},
		{"ParseFragment in a template context", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			ctx := treeCreate(t, doc, "template")
			nodes, err := doc.ParseFragmentString(markup, ctx)
			treeNoErr(t, "ParseFragmentString", err)
			return nodes[0]
		}},
		{"CreateElement", func(t *testing.T, doc *vdom.Document) *vdom.Node {
			tmpl := treeCreate(t, doc, "TEMPLATE", "id", "made")
			b := treeCreate(t, doc, "b", "id", "inside")
			b.SetTextContent("x")
			if _, err := tmpl.Content().AppendChild(b); err != nil {
				t.Fatal(err)
			}
			return tmpl
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := vdom.CreateHTMLDocument("t")
			tmpl := tt.make(t, doc)
			if tmpl == nil {
				t.Fatal("no template made")
			}
			treeDiff(t, "OuterHTML", markup, tmpl.OuterHTML())
			treeDiff(t, "ChildNodes", []string{}, treeNames(tmpl.ChildNodes()))
			treeDiff(t, "Content().ChildNodes", []string{"b#inside"}, treeNames(tmpl.Content().ChildNodes()))
			if doc.GetElementByID("inside") != nil {
				t.Errorf("GetElementByID(inside) finds the contents")
			}
			if tmpl.Content().OwnerDocument() == tmpl.OwnerDocument() {
				t.Errorf("the contents belong to the template's document, want its inert document")
			}
			checkTree(t, doc)
			checkTemplates(t, doc)
		})
	}
}

func TestTemplateCloneNode(t *testing.T) {
	doc := treeDoc(t, templatePage)
	tmpl := treeEl(t, doc, "t")
	deep := tmpl.CloneNode(true)
	treeDiff(t, "deep clone", tmpl.OuterHTML(), deep.OuterHTML())
	if deep.Content() == tmpl.Content() || deep.Content().FirstChild() == tmpl.Content().FirstChild() {
		t.Errorf("the clone shares contents with the original")
	}
	if deep.Content().OwnerDocument() != tmpl.Content().OwnerDocument() {
		t.Errorf("the clone's contents belong to another inert document")
	}
	innerCopy, _ := deep.Content().QuerySelector("template")
	innerOrig, _ := tmpl.Content().QuerySelector("template")
	if innerCopy.Content() == innerOrig.Content() {
		t.Errorf("the nested template's clone shares its contents")
	}
	treeDiff(t, "nested clone", innerOrig.InnerHTML(), innerCopy.InnerHTML())
	shallow := tmpl.CloneNode(false)
	treeDiff(t, "shallow clone", `<template id="t"></template>`, shallow.OuterHTML())
	treeDiff(t, "shallow clone contents", []string{}, treeNames(shallow.Content().ChildNodes()))
	// Changing the clone leaves the original alone.
	treeNoErr(t, "SetInnerHTML", deep.SetInnerHTML("changed"))
	treeDiff(t, "original after the clone changed", templateContentsMarkup, tmpl.InnerHTML())

	// Cloning the contents fragment copies nested contents too.
	frag := tmpl.Content().CloneNode(true)
	treeDiff(t, "clone of the contents", templateContentsMarkup, frag.InnerHTML())

	// The whole document.
	copyDoc := doc.CloneDocument(true)
	treeDiff(t, "CloneDocument", doc.OuterHTML(), copyDoc.OuterHTML())
	checkTemplates(t, copyDoc)
	ct := copyDoc.GetElementByID("t")
	if ct.Content().OwnerDocument() == tmpl.Content().OwnerDocument() {
		t.Errorf("the copied document's contents belong to the original's inert document")
	}
}

func TestTemplateImportAndAdopt(t *testing.T) {
	src := treeDoc(t, templatePage)
	dst := vdom.CreateHTMLDocument("dst")
	tmpl := treeEl(t, src, "t")

	imported, err := dst.ImportNode(tmpl, true)
	treeNoErr(t, "ImportNode", err)
	treeDiff(t, "imported", tmpl.OuterHTML(), imported.OuterHTML())
	if imported.Content().OwnerDocument() == tmpl.Content().OwnerDocument() {
		t.Errorf("the imported template's contents belong to the source's inert document")
	}
	if _, err := dst.Body().AppendChild(imported); err != nil {
		t.Fatal(err)
	}
	checkTemplates(t, dst)

	// Importing the contents gives the page nodes to use.
	copied, err := src.ImportNode(tmpl.Content(), true)
	treeNoErr(t, "ImportNode(Content())", err)
	if _, err := treeEl(t, src, "list").AppendChild(copied); err != nil {
		t.Fatal(err)
	}
	all, _ := src.QuerySelectorAll("li.x")
	treeDiff(t, "li.x after instantiating the template", []string{"li#out", "li#in"}, treeNames(all))
	if src.GetElementByID("in") == nil {
		t.Errorf("the instantiated li is not in the id index")
	}
	checkTree(t, src)
	checkTemplates(t, src)

	// Adopting moves the contents, handles and listeners included.
	contents := tmpl.Content()
	li := contents.FirstChild()
	var calls int
	li.AddEventListener("ping", vdom.NewListener(func(*vdom.Event) { calls++ }))
	oldInert := contents.OwnerDocument()
	adopted, err := dst.AdoptNode(tmpl)
	treeNoErr(t, "AdoptNode", err)
	if adopted.Content() != contents {
		t.Errorf("adopting made new contents; the fragment must move with its template")
	}
	if got := contents.OwnerDocument(); got == oldInert || got != imported.Content().OwnerDocument() {
		t.Errorf("the adopted contents belong to %p, want the destination's inert document %p", got, imported.Content().OwnerDocument())
	}
	if li.OwnerDocument() != contents.OwnerDocument() {
		t.Errorf("a node of the adopted contents did not move")
	}
	inner, _ := contents.QuerySelector("template")
	if inner.Content().OwnerDocument() != contents.OwnerDocument() {
		t.Errorf("the nested template's contents did not move")
	}
	if _, err := li.DispatchEvent(vdom.NewEvent("ping")); err != nil || calls != 1 {
		t.Errorf("listener after adoption: %d calls, %v; want 1", calls, err)
	}
	treeDiff(t, "adopted", `<template id="t">`+templateContentsMarkup+`</template>`, adopted.OuterHTML())
	if _, err := dst.Body().AppendChild(adopted); err != nil {
		t.Fatal(err)
	}
	checkTemplates(t, dst)
	checkTree(t, src)
	checkTree(t, dst)
}

// TestTemplateHierarchy: the contents' host counts as their parent when
// the DOM checks for cycles.
func TestTemplateHierarchy(t *testing.T) {
	doc := treeDoc(t, templatePage)
	tmpl := treeEl(t, doc, "t")
	c := tmpl.Content()
	_, err := c.AppendChild(tmpl)
	treeWantErr(t, err, vdom.ErrHierarchyRequest, "template#t")
	_, err = c.AppendChild(treeEl(t, doc, "f"))
	treeWantErr(t, err, vdom.ErrHierarchyRequest, "form#f")
	inner, _ := c.QuerySelector("template")
	_, err = inner.Content().AppendChild(tmpl)
	treeWantErr(t, err, vdom.ErrHierarchyRequest)
	err = inner.Content().Append(tmpl, vdom.Text("x"))
	treeWantErr(t, err, vdom.ErrHierarchyRequest)
	treeDiff(t, "unchanged", `<template id="t">`+templateContentsMarkup+`</template>`, tmpl.OuterHTML())
	// Moving a node from the page into the contents takes it out of the
	// tree and the id index.
	out := treeEl(t, doc, "out")
	if _, err := c.AppendChild(out); err != nil {
		t.Fatal(err)
	}
	if doc.GetElementByID("out") != nil || out.IsConnected() {
		t.Errorf("a node moved into template contents is still in the document")
	}
	if out.OwnerDocument() != c.OwnerDocument() {
		t.Errorf("a node moved into template contents did not move to the inert document")
	}
	checkTree(t, doc)
	checkTemplates(t, doc)
}

// TestTemplateContentNotForOthers: Content is nil for other nodes and for
// a template element of SVG.
func TestTemplateContentNotForOthers(t *testing.T) {
	doc := treeDoc(t, `<div id=d>text<svg><template id=s><g/></template></svg></div>`)
	for _, n := range []*vdom.Node{&doc.Node, treeEl(t, doc, "d"), treeEl(t, doc, "d").FirstChild(), doc.CreateDocumentFragment()} {
		if c := n.Content(); c != nil {
			t.Errorf("%s: Content() = %v, want nil", n, c)
		}
	}
	if c := treeEl(t, doc, "s").Content(); c != nil {
		t.Errorf("an SVG template element has contents %v", c)
	}
}

// TestTemplateCloneKeepsFormState: a form control in template contents
// keeps the value a program gave it in deep copies of the template, as a
// control in the page does.
func TestTemplateCloneKeepsFormState(t *testing.T) {
	doc := treeDoc(t, `<template id=t><input id=i value=default></template>`)
	tmpl := treeEl(t, doc, "t")
	in, _ := tmpl.Content().QuerySelector("input")
	treeNoErr(t, "SetValue", in.SetValue("typed"))
	for what, cp := range map[string]*vdom.Node{
		"CloneNode": tmpl.CloneNode(true),
		"ImportNode": func() *vdom.Node {
			n, err := vdom.CreateHTMLDocument("x").ImportNode(tmpl, true)
			treeNoErr(t, "ImportNode", err)
			return n
		}(),
	} {
		got, _ := cp.Content().QuerySelector("input")
		treeDiff(t, what+" value", "typed", got.Value())
	}
}

// TestTemplateDeepNesting: templates nested 20,000 deep parse, serialize,
// clone and move without recursion.
func TestTemplateDeepNesting(t *testing.T) {
	const depth = 20_000
	markup := strings.Repeat("<template>", depth) + "<b>x</b>" + strings.Repeat("</template>", depth)
	doc := vdom.ParseString("<body>" + markup)
	body := doc.Body()
	treeDiff(t, "InnerHTML", markup, body.InnerHTML())
	tmpl := body.FirstChild()
	treeDiff(t, "deep clone", markup, tmpl.CloneNode(true).OuterHTML())
	other := vdom.CreateHTMLDocument("other")
	adopted, err := other.AdoptNode(tmpl)
	treeNoErr(t, "AdoptNode", err)
	treeDiff(t, "adopted", markup, adopted.OuterHTML())
	n := adopted
	for range depth - 1 {
		n = n.Content().FirstChild()
	}
	if n.Content().OwnerDocument() != adopted.Content().OwnerDocument() {
		t.Errorf("the innermost contents did not move with the outermost template")
	}
	treeDiff(t, "innermost", "<b>x</b>", n.InnerHTML())
}

// TestTemplateInForeignContent: a template start tag in SVG content makes
// an SVG template element, an ordinary element whose children are in the
// tree and which has no contents; one at an integration point
// (foreignObject, a MathML mi) makes an HTML template with contents, and
// the rest of the page is parsed (HTML §13.2.6.5: template is no breakout
// tag; §13.2.6: the insertion mode takes tokens at an integration point).
// The page is written as vdom serializes it, so Render gives it back, and
// parsing that again gives the same tree.
func TestTemplateInForeignContent(t *testing.T) {
	const page = `<!DOCTYPE html><html><head></head><body><div id="d">` +
		`<svg id="s"><template id="st"><g id="g"></g></template>` +
		`<foreignObject id="fo"><template id="ht"><p id="in">inside</p>` +
		`<svg><template id="st2"><circle></circle></template></svg></template></foreignObject></svg>` +
		`<math><mi><template id="mt"><b>m</b></template></mi></math>` +
		`<p id="after">after</p></div></body></html>`
	doc := treeDoc(t, page)
	var b strings.Builder
	treeNoErr(t, "Render", doc.Render(&b))
	treeDiff(t, "Render", page, b.String())
	again := treeDoc(t, b.String())
	treeDiff(t, "OuterHTML after a round trip", page, again.OuterHTML())
	for _, d := range []*vdom.Document{doc, again} {
		checkTemplates(t, d)
		if after := treeEl(t, d, "after"); after.ParentNode() != treeEl(t, d, "d") {
			t.Errorf("#after is in %v, want #d", after.ParentNode())
		}
		st := treeEl(t, d, "st")
		if c := st.Content(); c != nil {
			t.Errorf("the SVG template #st has contents %v, want nil", c)
		}
		treeDiff(t, "children of the SVG template", []string{"g#g"}, treeNames(st.ChildNodes()))
		if g, _ := d.QuerySelector("svg > template > g"); g == nil || g != d.GetElementByID("g") {
			t.Errorf("QuerySelector(svg > template > g) = %v, want #g: an SVG template's children are in the tree", g)
		}
		for id, inside := range map[string]string{"ht": "p#in", "mt": "b"} {
			tmpl := treeEl(t, d, id)
			c := tmpl.Content()
			if c == nil {
				t.Errorf("the HTML template #%s has no contents", id)
				continue
			}
			if tmpl.FirstChild() != nil {
				t.Errorf("the HTML template #%s has the child %v, want none", id, tmpl.FirstChild())
			}
			treeDiff(t, "contents of #"+id, inside, c.FirstChild().String())
		}
		if d.GetElementByID("in") != nil || d.GetElementByID("st2") != nil {
			t.Errorf("GetElementByID finds an element of #ht's contents")
		}
		st2, err := treeEl(t, d, "ht").Content().QuerySelector("#st2")
		if err != nil || st2 == nil {
			t.Fatalf("QuerySelector(#st2) in #ht's contents = %v, %v", st2, err)
		}
		if st2.Content() != nil {
			t.Errorf("the SVG template #st2 in an HTML template's contents has contents")
		}
	}
}

// TestTemplateInForeignContentSetInnerHTML: the same in a fragment parsed
// in an svg element, in an SVG template (whose new children are its
// children, as it has no contents) and in a foreignObject.
func TestTemplateInForeignContentSetInnerHTML(t *testing.T) {
	const page = `<div id="d"><svg id="s"><template id="st"></template><foreignObject id="fo"></foreignObject></svg></div>`
	tests := []struct {
		target, src, want string
		contents          map[string]string // HTML template id: its contents' markup
	}{
		{
			"s",
			`<template id=st3><g id="g3"/></template><foreignObject><template id=ht3><p>x</p></template></foreignObject><p id=after3>after`,
			`<template id="st3"><g id="g3"></g></template><foreignObject><template id="ht3"><p>x</p></template></foreignObject><p id="after3">after</p>`,
			map[string]string{"ht3": `<p>x</p>`},
		},
		{
			"st",
			`<g id="g3"/><foreignObject><template id=ht3>x</template></foreignObject><g id="after3">after</g>`,
			`<g id="g3"></g><foreignObject><template id="ht3">x</template></foreignObject><g id="after3">after</g>`,
			map[string]string{"ht3": `x`},
		},
		{
			"fo",
			`<svg><desc><template id=ht3><td>x</template></desc></svg><p id=after3>after`,
			`<svg><desc><template id="ht3"><td>x</td></template></desc></svg><p id="after3">after</p>`,
			map[string]string{"ht3": `<td>x</td>`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			doc := treeDoc(t, page)
			n := treeEl(t, doc, tt.target)
			treeNoErr(t, "SetInnerHTML", n.SetInnerHTML(tt.src))
			checkTree(t, doc, "after3", "ht3")
			checkTemplates(t, doc)
			treeDiff(t, "InnerHTML", tt.want, n.InnerHTML())
			if n.Content() != nil {
				t.Errorf("%s has contents", n)
			}
			if after := doc.GetElementByID("after3"); after == nil || after.ParentNode() != n {
				t.Errorf("#after3 = %v, want a child of %s", after, n)
			}
			for id, want := range tt.contents {
				treeDiff(t, "contents of #"+id, want, treeEl(t, doc, id).Content().InnerHTML())
			}
			// The markup parses back to the same tree in the same context.
			treeNoErr(t, "SetInnerHTML of the serialization", n.SetInnerHTML(n.InnerHTML()))
			treeDiff(t, "InnerHTML after a round trip", tt.want, n.InnerHTML())
		})
	}
}
