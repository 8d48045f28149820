package vdom_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// The web platform tests of html/semantics/scripting-1/the-template-element
// that need no script engine, as Go tests: each Test function is one test
// file, each subtest one of its tests, under the test's own name.

// wptHTML5Elements is HTML5_ELEMENTS of the web platform tests'
// html/resources/common.js.
var wptHTML5Elements = []string{
	"a", "abbr", "address", "area", "article", "aside",
	"audio", "b", "base", "bdi", "bdo", "blockquote",
	"body", "br", "button", "canvas", "caption", "cite",
	"code", "col", "colgroup", "data", "datalist", "dd",
	"del", "details", "dfn", "dialog", "div", "dl",
	"dt", "em", "embed", "fieldset", "figcaption", "figure",
	"footer", "form", "h1", "h2", "h3", "h4",
	"h5", "h6", "head", "header", "hr", "html",
	"i", "iframe", "img", "input", "ins", "kbd",
	"label", "legend", "li", "link", "main", "map",
	"mark", "menu", "meta", "meter", "nav", "noscript",
	"object", "ol", "optgroup", "option", "output", "p",
	"param", "pre", "progress", "q", "rp", "rt",
	"ruby", "s", "samp", "script", "search", "section",
	"select", "slot", "small", "source", "span", "strong",
	"style", "sub", "sup", "summary", "table", "tbody",
	"td", "template", "textarea", "tfoot", "th", "thead",
	"time", "title", "tr", "track", "u", "ul",
	"var", "video", "wbr",
}

// wptVoidElements is HTML5_VOID_ELEMENTS of the same file.
var wptVoidElements = []string{
	"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
	"param", "source", "track", "wbr",
}

// wptNewHTMLDocument is newHTMLDocument() of common.js.
func wptNewHTMLDocument() *vdom.Document { return vdom.CreateHTMLDocument("Test Document") }

// template-element/template-content.html
func TestWPTTemplateContent(t *testing.T) {
	for _, name := range wptHTML5Elements {
		switch name {
		case "body", "html", "head", "frameset":
			continue
		}
		t.Run("Template may contain "+name+" element", func(t *testing.T) {
			doc := wptNewHTMLDocument()
			tmpl := treeCreate(t, doc, "template")
			el := treeCreate(t, doc, name)
			if _, err := tmpl.Content().AppendChild(el); err != nil {
				t.Fatalf("content.appendChild: %v", err)
			}
			got, err := tmpl.Content().QuerySelector(name)
			treeNoErr(t, "content.querySelector", err)
			if _, err := doc.Body().AppendChild(tmpl); err != nil {
				t.Fatalf("body.appendChild: %v", err)
			}
			if got == nil {
				t.Errorf("content.querySelector(%q) = null", name)
			}
		})
		t.Run("Template may contain "+name+" element. The template element and contents are added via body.innerHTML", func(t *testing.T) {
			doc := wptNewHTMLDocument()
			markup := "<template><" + name + "></" + name + "></template>"
			if slices.Contains(wptVoidElements, name) {
				markup = "<template><" + name + "/></template>"
			}
			treeNoErr(t, "body.innerHTML", doc.Body().SetInnerHTML(markup))
			tmpl, _ := doc.QuerySelector("template")
			if tmpl == nil {
				t.Fatalf("querySelector(template) = null")
			}
			if got, _ := tmpl.Content().QuerySelector(name); got == nil {
				t.Errorf("content.querySelector(%q) = null; contents: %s", name, tmpl.InnerHTML())
			}
		})
	}
}

// template-element/template-as-a-descendant.html
func TestWPTTemplateAsADescendant(t *testing.T) {
	doc := wptNewHTMLDocument()
	frameset := treeCreate(t, doc, "frameset")
	querySelector := func(el *vdom.Node) *vdom.Node {
		got, err := el.QuerySelector("template")
		treeNoErr(t, "querySelector", err)
		return got
	}
	innerHTML := []struct {
		name, markup string
		el           *vdom.Node
		allowed      bool
	}{
		{"Template element as a descendant of the BODY element. Template element is created by innerHTML", "<template>some text</template>", doc.Body(), true},
		{"Template element as a descendant of the HEAD element. Template element is created by innerHTML", "<template>some text</template>", doc.Head(), true},
		{"Template element as a descendant of the FRAMESET element. Template element is created by innerHTML", "<template>some text</template>", frameset, false},
		{"Template element as an indirect descendant of the BODY element. Template element is created by innerHTML", "<div><template>some text</template></div>", doc.Body(), true},
		{"Template element as an indirect descendant of the HEAD element. Template element is created by innerHTML", "<div><template>some text</template></div>", doc.Head(), true},
		{"Template element as an indirect descendant of the FRAMESET element. Template element is created by innerHTML", "<div><template>some text</template></div>", frameset, false},
	}
	for _, tt := range innerHTML {
		t.Run(tt.name, func(t *testing.T) {
			treeNoErr(t, "innerHTML", tt.el.SetInnerHTML(tt.markup))
			if got := querySelector(tt.el) != nil; got != tt.allowed {
				t.Errorf("querySelector(template) found = %v, want %v; innerHTML %s", got, tt.allowed, tt.el.InnerHTML())
			}
		})
	}
	appended := []struct {
		name     string
		el       *vdom.Node
		indirect bool
	}{
		{"Template element as a descendant of the BODY element. Template element is appended by appendChild()", doc.Body(), false},
		{"Template element as a descendant of the HEAD element. Template element is appended by appendChild()", doc.Head(), false},
		{"Template element as a descendant of the FRAMESET element. Template element is  appended by appendChild()", frameset, false},
		{"Template element as an indirect descendant of the BODY element. Template element is appended by appendChild()", doc.Body(), true},
		{"Template element as an indirect descendant of the HEAD element. Template element is appended by appendChild()", doc.Head(), true},
		{"Template element as an indirect descendant of the FRAMESET element. Template element is  appended by appendChild()", frameset, true},
	}
	for _, tt := range appended {
		t.Run(tt.name, func(t *testing.T) {
			treeNoErr(t, "innerHTML", tt.el.SetInnerHTML(""))
			node := treeCreate(t, doc, "template")
			if tt.indirect {
				div := treeCreate(t, doc, "div")
				if _, err := div.AppendChild(node); err != nil {
					t.Fatal(err)
				}
				node = div
			}
			if _, err := tt.el.AppendChild(node); err != nil {
				t.Fatalf("appendChild: %v", err)
			}
			if querySelector(tt.el) == nil {
				t.Errorf("querySelector(template) = null")
			}
		})
	}
}

// template-element/template-descendant-frameset.html, with the page of
// its resources/template-descendant-frameset.html parsed in place of the
// iframe.
func TestWPTTemplateDescendantFrameset(t *testing.T) {
	load := func(t *testing.T) (*vdom.Document, *vdom.Node) {
		doc := treeDoc(t, `<!DOCTYPE html><html><head><title>Frameset</title></head>`+
			`<frameset><template>some text</template></frameset></html>`)
		fs, _ := doc.QuerySelector("frameset")
		if fs == nil {
			t.Fatal("no frameset")
		}
		return doc, fs
	}
	t.Run("Template element as a descendant of the frameset element. Test loading from a file", func(t *testing.T) {
		_, fs := load(t)
		if got, _ := fs.QuerySelector("template"); got != nil {
			t.Errorf("frameset.querySelector(template) = %v, want null", got)
		}
	})
	t.Run("Template element as a descendant of the frameset element. Test template element is assigned to frameset's innerHTML)", func(t *testing.T) {
		doc, fs := load(t)
		treeNoErr(t, "innerHTML", fs.SetInnerHTML(""))
		if got, _ := doc.QuerySelector("template"); got != nil {
			t.Fatalf("initial conditions are not satisfied")
		}
		treeNoErr(t, "innerHTML", fs.SetInnerHTML("<template>some text</template>"))
		if got, _ := fs.QuerySelector("template"); got != nil {
			t.Errorf("frameset.querySelector(template) = %v, want null", got)
		}
	})
	t.Run("Template element as a descendant of the frameset element. Test template element appended to frameset by appendChild()", func(t *testing.T) {
		doc, fs := load(t)
		if _, err := fs.AppendChild(treeCreate(t, doc, "template")); err != nil {
			t.Fatal(err)
		}
		all, _ := fs.QuerySelectorAll("template")
		if len(all) != 1 {
			t.Errorf("frameset.querySelectorAll(template) has %d elements, want 1", len(all))
		}
	})
}

// definitions/template-contents-owner-test-002.html: a document with a
// browsing context (a Window here) gives its template contents another
// owner document.
func TestWPTTemplateContentsOwnerTest002(t *testing.T) {
	newRendered := func() *vdom.Document { return vdom.ParseString(`<!DOCTYPE html><html><body></body></html>`) }
	t.Run("The template contents owner document must be different from template owner document, which has browsing context. Template element is created by createElement()", func(t *testing.T) {
		doc := newRendered()
		tmpl := treeCreate(t, doc, "template")
		div := treeCreate(t, doc, "div", "id", "div1")
		div.SetTextContent("Some text")
		if _, err := tmpl.AppendChild(div); err != nil {
			t.Fatal(err)
		}
		if _, err := doc.Body().AppendChild(tmpl); err != nil {
			t.Fatal(err)
		}
		if tmpl.Content().OwnerDocument() == doc {
			t.Errorf("content.ownerDocument is the template's document")
		}
	})
	t.Run("The template contents owner document must be different from template owner document, which has browsing context. Template element is created via innerHTML", func(t *testing.T) {
		doc := newRendered()
		treeNoErr(t, "innerHTML", doc.Body().SetInnerHTML("<template><div>some text</div></template>"))
		tmpl, _ := doc.QuerySelector("template")
		if tmpl.Content().OwnerDocument() == doc {
			t.Errorf("content.ownerDocument is the template's document")
		}
	})
	t.Run("The template contents owner document must be different from template owner document, which has browsing context. Template element is created by HTML parser", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><html><head><template id="template1"><div>Hello, template</div></template></head><body></body></html>`)
		tmpl, _ := doc.QuerySelector("template")
		if tmpl.Content().OwnerDocument() == doc {
			t.Errorf("content.ownerDocument is the template's document")
		}
	})
}

// serializing-html-templates/outerhtml.html
func TestWPTSerializingOuterHTML(t *testing.T) {
	t.Run("Template contents should be serialized instead of template element if serializing template element", func(t *testing.T) {
		doc := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc, "template")
		div := treeCreate(t, doc, "div", "id", "div1")
		treeNoErr(t, "innerHTML", div.SetInnerHTML("some text"))
		if _, err := tmpl.Content().AppendChild(div); err != nil {
			t.Fatal(err)
		}
		treeDiff(t, "outerHTML", `<template><div id="div1">some text</div></template>`, tmpl.OuterHTML())
	})
	t.Run("Template contents should be serialized instead of template element if serializing template element. Test nested template", func(t *testing.T) {
		doc := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc, "template")
		nested := treeCreate(t, doc, "template")
		if _, err := tmpl.Content().AppendChild(nested); err != nil {
			t.Fatal(err)
		}
		div := treeCreate(t, doc, "div", "id", "div1")
		treeNoErr(t, "innerHTML", div.SetInnerHTML("some text"))
		if _, err := nested.Content().AppendChild(div); err != nil {
			t.Fatal(err)
		}
		treeDiff(t, "outerHTML", `<template><template><div id="div1">some text</div></template></template>`, tmpl.OuterHTML())
	})
}

// template-element/template-content-hierarcy.html
func TestWPTTemplateContentHierarcy(t *testing.T) {
	load := func(t *testing.T) (doc *vdom.Document, parent, tmpl, span *vdom.Node) {
		doc = treeDoc(t, `<!DOCTYPE html><div id=log></div><div id="parent">
  <template id="tmpl"><span>Happy Templating!</span></template>
</div>`)
		parent, tmpl = treeEl(t, doc, "parent"), treeEl(t, doc, "tmpl")
		treeDiff(t, "tmpl.innerHTML", "<span>Happy Templating!</span>", tmpl.InnerHTML())
		span, _ = tmpl.Content().QuerySelector("span")
		return doc, parent, tmpl, span
	}
	throws := func(t *testing.T, parent, tmpl, span *vdom.Node) {
		t.Helper()
		for _, c := range []struct {
			what       string
			into, node *vdom.Node
		}{
			{"Template content should throw if any of ancestor is being appended.", tmpl.Content(), parent},
			{"Template content should throw if its host is being appended.", tmpl.Content(), tmpl},
			{"Template content child should throw if any of ancestor is being appended.", span, parent},
			{"Template content child should throw template's host is being appended.", span, tmpl},
		} {
			_, err := c.into.AppendChild(c.node)
			if !errors.Is(err, vdom.ErrHierarchyRequest) {
				t.Errorf("%s: AppendChild error = %v, want HierarchyRequestError", c.what, err)
			}
		}
	}
	t.Run("Template content should throw when its ancestor is being appended.", func(t *testing.T) {
		_, parent, tmpl, span := load(t)
		throws(t, parent, tmpl, span)
	})
	t.Run("Template content should throw exception when its ancestor in a different document but connected via host is being append.", func(t *testing.T) {
		doc, parent, tmpl, span := load(t)
		tmplDoc := tmpl.Content().OwnerDocument()
		if tmpl.OwnerDocument() != doc || tmplDoc == doc {
			t.Fatalf("template in %p, its contents in %p, want the page %p and another document", tmpl.OwnerDocument(), tmplDoc, doc)
		}
		newDoc := vdom.CreateHTMLDocument("")
		adopted, err := newDoc.AdoptNode(tmpl.Content())
		treeNoErr(t, "adoptNode(tmpl.content)", err)
		if adopted != tmpl.Content() {
			t.Errorf("adoptNode returned another node than tmpl.content")
		}
		if tmpl.OwnerDocument() != doc || tmpl.Content().OwnerDocument() != newDoc {
			t.Errorf("after adoptNode(tmpl.content): template in %p, contents in %p; want %p and the new document %p", tmpl.OwnerDocument(), tmpl.Content().OwnerDocument(), doc, newDoc)
		}
		throws(t, parent, tmpl, span)
		ref := tmpl.Content()
		if tmpl.Content().FirstChild() != span {
			t.Errorf("<span> should be kept until it is removed, even after adopted to another document.")
		}
		if _, err := newDoc.Body().AppendChild(tmpl.Content()); err != nil {
			t.Fatal(err)
		}
		if tmpl.Content().FirstChild() != nil {
			t.Errorf("<span> should be removed from template content.")
		}
		if ref != tmpl.Content() {
			t.Errorf("template.content should be identical before and after moving its children.")
		}
		// Not in the web platform test: the page still serializes the
		// template, now empty, and the new document the span.
		treeDiff(t, "template", `<template id="tmpl"></template>`, tmpl.OuterHTML())
		treeDiff(t, "new body", `<span>Happy Templating!</span>`, newDoc.Body().InnerHTML())
	})
}

// template-element/node-document-changes.html (the cases without a
// second browsing context; a parsed page stands for the iframe's).
func TestWPTNodeDocumentChanges(t *testing.T) {
	t.Run("Changing of template element's node document. Test that ownerDocument of an empty template and its content changes", func(t *testing.T) {
		doc1 := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc1, "template")
		if tmpl.OwnerDocument() != doc1 || tmpl.Content().OwnerDocument() == doc1 {
			t.Fatalf("wrong owner documents before the move")
		}
		doc2 := wptNewHTMLDocument()
		tmpl2 := treeCreate(t, doc2, "template")
		if _, err := doc2.Body().AppendChild(tmpl); err != nil {
			t.Fatal(err)
		}
		if tmpl.OwnerDocument() != tmpl2.OwnerDocument() {
			t.Errorf("Template node owner document should be changed")
		}
		if tmpl.Content().OwnerDocument() != tmpl2.Content().OwnerDocument() {
			t.Errorf("Template content owner document should be changed")
		}
	})
	t.Run("Changing of template element's node document. Test that ownerDocument of a not empty template and its content changes", func(t *testing.T) {
		doc1 := wptNewHTMLDocument()
		treeNoErr(t, "innerHTML", doc1.Body().SetInnerHTML(`<template id="tmpl"><div>Div content</div> And some more text</template>`))
		tmpl := treeEl(t, doc1, "tmpl")
		doc2 := wptNewHTMLDocument()
		tmpl2 := treeCreate(t, doc2, "template")
		if _, err := doc2.Body().AppendChild(tmpl); err != nil {
			t.Fatal(err)
		}
		if tmpl.OwnerDocument() != tmpl2.OwnerDocument() || tmpl.Content().OwnerDocument() != tmpl2.Content().OwnerDocument() {
			t.Errorf("Template node and content owner documents should be changed")
		}
		div, _ := tmpl.Content().QuerySelector("div")
		if div.OwnerDocument() != tmpl2.Content().OwnerDocument() {
			t.Errorf("Template content descendants owner document should be changed")
		}
	})
	t.Run("Changing of template element's node document. Test that ownerDocument of nested template and its content changes", func(t *testing.T) {
		doc1 := wptNewHTMLDocument()
		treeNoErr(t, "innerHTML", doc1.Body().SetInnerHTML(`<template id="tmpl"><div>Div content</div> And some more text`+
			`<template id="tmpl2"><div>Template content</div></template></template>`))
		tmpl := treeEl(t, doc1, "tmpl")
		nested, _ := tmpl.Content().QuerySelector("#tmpl2")
		if nested.OwnerDocument() != tmpl.Content().OwnerDocument() || nested.Content().OwnerDocument() != tmpl.Content().OwnerDocument() {
			t.Fatalf("Wrong nested template node or content owner document")
		}
		doc2 := wptNewHTMLDocument()
		tmpl2 := treeCreate(t, doc2, "template")
		if _, err := doc2.Body().AppendChild(tmpl); err != nil {
			t.Fatal(err)
		}
		owner := tmpl2.Content().OwnerDocument()
		nestedDiv, _ := nested.Content().QuerySelector("div")
		div, _ := tmpl.Content().QuerySelector("div")
		for what, got := range map[string]*vdom.Document{
			"Template content owner document":                           tmpl.Content().OwnerDocument(),
			"Template content descendants owner document":               div.OwnerDocument(),
			"Nested template node owner document":                       nested.OwnerDocument(),
			"Nested template content owner document":                    nested.Content().OwnerDocument(),
			"Owner document of the nested template content descendants": nestedDiv.OwnerDocument(),
		} {
			if got != owner {
				t.Errorf("%s should be changed", what)
			}
		}
	})
	t.Run("Changing of template element's node document. Adobt template element into a document that has a browsing context", func(t *testing.T) {
		doc1 := vdom.ParseString(`<!DOCTYPE html><html><body></body></html>`)
		doc2 := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc2, "template")
		div := treeCreate(t, doc2, "div")
		if _, err := tmpl.Content().AppendChild(div); err != nil {
			t.Fatal(err)
		}
		if _, err := doc1.Body().AppendChild(tmpl); err != nil {
			t.Fatal(err)
		}
		if tmpl.OwnerDocument() != doc1 {
			t.Errorf("Template node owner document should be changed")
		}
		if c := tmpl.Content().OwnerDocument(); c == doc2 || c == doc1 {
			t.Errorf("Template content owner document should be a new document")
		}
		if div.OwnerDocument() != tmpl.Content().OwnerDocument() {
			t.Errorf("Template content descendants owner document should be template content document owner")
		}
	})
}

// innerhtml-on-templates/innerhtml.html
func TestWPTInnerHTMLOnTemplates(t *testing.T) {
	withDiv1 := func(t *testing.T, doc *vdom.Document, tmpl *vdom.Node) {
		div1 := treeCreate(t, doc, "div", "id", "div1")
		if _, err := tmpl.Content().AppendChild(div1); err != nil {
			t.Fatal(err)
		}
		if got, _ := tmpl.Content().QuerySelector("#div1"); got == nil {
			t.Fatalf("Element should present in template content")
		}
	}
	replaced := func(t *testing.T, tmpl *vdom.Node) {
		t.Helper()
		if got, _ := tmpl.Content().QuerySelector("#div1"); got != nil {
			t.Errorf("Template content should be replaced by innerHTML")
		}
		if got, _ := tmpl.Content().QuerySelector("#div2"); got == nil {
			t.Errorf("Element should present in template content")
		}
	}
	t.Run("innerHTML of template element replaces all referenced by the content attribute", func(t *testing.T) {
		doc := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc, "template")
		withDiv1(t, doc, tmpl)
		treeNoErr(t, "innerHTML", tmpl.SetInnerHTML(`<div id="div2"></div>`))
		replaced(t, tmpl)
	})
	t.Run("innerHTML of template element replaces all referenced by the content attribute. Test empty HTML string", func(t *testing.T) {
		doc := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc, "template")
		withDiv1(t, doc, tmpl)
		treeNoErr(t, "innerHTML", tmpl.SetInnerHTML(""))
		if tmpl.Content().HasChildNodes() {
			t.Errorf("Template content should be removed by innerHTML")
		}
	})
	t.Run("innerHTML of template element replaces all referenced by the content attribute. Test nested template", func(t *testing.T) {
		doc := wptNewHTMLDocument()
		tmpl := treeCreate(t, doc, "template")
		nested := treeCreate(t, doc, "template")
		if _, err := tmpl.Content().AppendChild(nested); err != nil {
			t.Fatal(err)
		}
		withDiv1(t, doc, nested)
		treeNoErr(t, "innerHTML", nested.SetInnerHTML(`<div id="div2"></div>`))
		replaced(t, nested)
	})
	t.Run("innerHTML of template element replaces all referenced by the content attribute. Test loading of HTML document from a file", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><html><head><template id="template1"><div>Hello, template</div></template></head><body></body></html>`)
		tmpl, _ := doc.QuerySelector("template")
		if got, _ := tmpl.Content().QuerySelector("div"); got == nil {
			t.Fatalf("Div element should present in template content")
		}
		treeNoErr(t, "innerHTML", tmpl.SetInnerHTML("<span>span internals</span>"))
		if got, _ := tmpl.Content().QuerySelector("div"); got != nil {
			t.Errorf("div element should be replaced by span in template content")
		}
		if got, _ := tmpl.Content().QuerySelector("span"); got == nil {
			t.Errorf("span element should present in template content")
		}
	})
}

// additions-to-the-steps-to-clone-a-node/template-clone-children.html
func TestWPTTemplateCloneChildren(t *testing.T) {
	const markup = `<template id="tmpl1"><div id="div1">This is div inside template</div>` +
		`<div id="div2">This is another div inside template</div></template>`
	for _, c := range []struct {
		name string
		deep bool
		want int
	}{
		{"Clone template node. Test call to cloneNode(true)", true, 2},
		{"Clone template node. Test call to cloneNode() with the default parameter (false by default)", false, 0},
		{"Clone template node. Test call to cloneNode(false)", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := wptNewHTMLDocument()
			treeNoErr(t, "innerHTML", doc.Body().SetInnerHTML(markup))
			tmpl, _ := doc.QuerySelector("#tmpl1")
			cp := tmpl.CloneNode(c.deep)
			if cp.Content() == nil {
				t.Fatalf("Template clone content attribute should not be null")
			}
			if got := len(cp.Content().ChildNodes()); got != c.want {
				t.Errorf("copy.content.childNodes.length = %d, want %d", got, c.want)
			}
			if c.deep {
				for _, id := range []string{"#div1", "#div2"} {
					if got, _ := cp.Content().QuerySelector(id); got == nil {
						t.Errorf("Template child node %s should be copied", id)
					}
				}
			}
		})
	}
}
