package vdom_test

import (
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
			allowed := tt.allowed
			if tt.el == doc.Head() && tt.markup[:5] == "<div>" {
				// The parser follows x/net/html, which resets the
				// insertion mode of a head context to "in head"
				// where the standard says "in body" (internal/htmlparse,
				// resetInsertionMode): there the <div> ends the head
				// and the markup is dropped with it. A browser keeps
				// the div and the template in it.
				allowed = false
				if got := tt.el.InnerHTML(); got != "" {
					t.Errorf("head.innerHTML = %q: the parser no longer follows x/net/html here; expect the standard's result", got)
				}
			}
			if got := querySelector(tt.el) != nil; got != allowed {
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
