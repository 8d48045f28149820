package vdom_test

import (
	"reflect"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestReflectedAttributes(t *testing.T) {
	doc := treeDoc(t, `<!DOCTYPE html><html><head><title> Doc  title </title></head><body>`+
		`<p id="p" title="tip" lang="fr" hidden="until-found">x</p><div id="d"></div>`)
	p, d := treeEl(t, doc, "p"), treeEl(t, doc, "d")
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"Hidden present", p.Hidden(), true},
		{"Hidden absent", d.Hidden(), false},
		{"Title attribute", p.Title(), "tip"},
		{"Title absent", d.Title(), ""},
		{"Lang", p.Lang(), "fr"},
		{"Lang absent", d.Lang(), ""},
		{"Document.Title wins for the document", doc.Title(), "Doc title"},
		{"the document node has no title attribute", doc.Node.Title(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { treeDiff(t, tt.name, tt.want, tt.got) })
	}
	t.Run("setters", func(t *testing.T) {
		treeNoErr(t, "SetHidden", d.SetHidden(true))
		treeNoErr(t, "SetTitle", d.SetTitle("t2"))
		treeNoErr(t, "SetLang", d.SetLang("de"))
		treeNoErr(t, "SetTabIndex", d.SetTabIndex(-3))
		treeDiff(t, "after setting", `<div id="d" hidden="" title="t2" lang="de" tabindex="-3"></div>`, d.OuterHTML())
		treeNoErr(t, "SetHidden false", d.SetHidden(false))
		treeNoErr(t, "SetHidden false again", d.SetHidden(false))
		treeDiff(t, "after unhiding", false, d.HasAttribute("hidden"))
	})
	t.Run("setters on a text node are InvalidState", func(t *testing.T) {
		text := doc.CreateTextNode("x")
		treeWantErr(t, text.SetHidden(true), vdom.ErrInvalidState)
		treeWantErr(t, text.SetTitle("x"), vdom.ErrInvalidState)
		treeWantErr(t, text.SetLang("x"), vdom.ErrInvalidState)
		treeWantErr(t, text.SetTabIndex(1), vdom.ErrInvalidState)
		treeDiff(t, "TabIndex", -1, text.TabIndex())
	})
}

// TestTabIndex follows the standard's list of elements whose default is 0,
// whatever their focusability (an a without href, a hidden input, a
// disabled button), as the web platform test tabindex-getter.html does.
func TestTabIndex(t *testing.T) {
	doc := treeDoc(t, `<!DOCTYPE html><body>`+
		`<a id="a"></a><a id="ah" href="/"></a><area id="area"><button id="button"></button>`+
		`<input id="input"><input id="inputh" type="hidden"><button id="bdis" disabled></button><select id="select"></select><textarea id="textarea"></textarea>`+
		`<iframe id="iframe"></iframe><object id="object"></object>`+
		`<details><summary id="summary">s</summary><summary id="summary2">s</summary></details>`+
		`<summary id="lone">s</summary><div id="div"></div><div id="ce" contenteditable></div>`+
		`<div id="t5" tabindex="5"></div><div id="tneg" tabindex=" -2x"></div><button id="tbad" tabindex="x"></button>`+
		`<div id="tempty" tabindex=""></div><div id="tbig" tabindex="99999999999"></div><div id="tmax" tabindex="+2147483647"></div>`+
		`<div id="tmin" tabindex="-2147483648"></div><a id="tunder" tabindex="-2147483649"></a>`+
		`<svg><a id="svga"></a><circle id="circle"></circle></svg>`)
	for _, tt := range []struct {
		id   string
		want int
	}{
		{"a", 0}, {"ah", 0}, {"inputh", 0}, {"bdis", 0}, {"area", 0}, {"button", 0}, {"input", 0}, {"select", 0},
		{"textarea", 0}, {"iframe", 0}, {"object", 0}, {"summary", 0}, {"summary2", -1},
		{"lone", -1}, {"div", -1}, {"ce", -1}, {"t5", 5}, {"tneg", -2}, {"tbad", 0},
		{"tempty", -1}, {"tbig", -1}, {"tmax", 1<<31 - 1}, {"tmin", -1 << 31}, {"tunder", 0}, {"svga", 0}, {"circle", -1},
	} {
		t.Run(tt.id, func(t *testing.T) { treeDiff(t, "TabIndex", tt.want, treeEl(t, doc, tt.id).TabIndex()) })
	}
}

func TestDocumentSetTitle(t *testing.T) {
	tests := []struct {
		name, page, title string
		want              string
	}{
		{"replaces the text", `<!DOCTYPE html><title>a<!--c-->b</title>`, "new", "new"},
		{"adds a title to the head", `<!DOCTYPE html><head></head>`, "new", "new"},
		{"empty", `<!DOCTYPE html><title>a</title>`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, tt.page)
			doc.SetTitle(tt.title)
			checkTree(t, doc)
			treeDiff(t, "Title", tt.want, doc.Title())
			treeDiff(t, "head", "<title>"+tt.want+"</title>", doc.Head().InnerHTML())
		})
	}
	t.Run("no head, no change", func(t *testing.T) {
		doc := vdom.NewDocument()
		doc.SetTitle("x")
		treeDiff(t, "Title", "", doc.Title())
	})
}

// On a *Document, Title and SetTitle are the document's, not the title
// attribute's promoted from Node.
func TestDocumentTitleMethodsWin(t *testing.T) {
	doc := reflect.TypeFor[*vdom.Document]()
	for name, want := range map[string]reflect.Type{
		"Title":    reflect.TypeFor[func(*vdom.Document) string](),
		"SetTitle": reflect.TypeFor[func(*vdom.Document, string)](),
	} {
		m, ok := doc.MethodByName(name)
		if !ok || m.Type != want {
			t.Errorf("(*vdom.Document).%s is %v, want %v", name, m.Type, want)
		}
	}
}
