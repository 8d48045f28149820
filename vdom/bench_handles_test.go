package vdom_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// BenchmarkHandleLookup: the handles of 1,000 elements found again by
// walking their parent's children, the handles being alive (held by the
// benchmark): the cost of finding a handle that exists.
func BenchmarkHandleLookup(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	var parent *vdom.Node
	most := 0
	all, err := doc.QuerySelectorAll("*")
	if err != nil {
		b.Fatal(err)
	}
	for _, el := range all {
		if n := el.ChildElementCount(); n > most {
			parent, most = el, n
		}
	}
	held := parent.ChildNodes()
	b.ReportAllocs()
	for b.Loop() {
		for c := parent.FirstChild(); c != nil; c = c.NextSibling() {
		}
	}
	_ = held
}

// BenchmarkHandleChurn: one cycle of W10 on the 10k page: insert a
// ten-element subtree with SetInnerHTML into an element (whose own
// children the first cycle replaces), make and read the handles of its
// elements, remove it.
func BenchmarkHandleChurn(b *testing.B) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	slot := doc.GetElementByID("el-1000")
	if slot == nil {
		b.Fatal("no #el-1000")
	}
	const subtree = `<ul class="w10"><li data-i="0">a</li><li data-i="1">b</li><li data-i="2">c</li>` +
		`<li data-i="3">d</li><li data-i="4">e</li><li data-i="5">f</li><li data-i="6">g</li>` +
		`<li data-i="7"><a href="#x">h</a></li></ul>`
	b.ReportAllocs()
	for b.Loop() {
		if err := slot.SetInnerHTML(subtree); err != nil {
			b.Fatal(err)
		}
		els, err := slot.QuerySelectorAll("*")
		if err != nil || len(els) != 10 {
			b.Fatalf("%d elements, %v", len(els), err)
		}
		for _, el := range els {
			_ = el.TextContent()
			_, _ = el.GetAttribute("data-i")
		}
		els[0].Remove()
	}
}

// BenchmarkHandleCreate: a deep copy of a 100-element list, then the
// handles of its elements, made by a query: the cost of making handles
// (the copy is the same before and after any change to handles).
func BenchmarkHandleCreate(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<ul id=list>")
	for i := range 99 {
		fmt.Fprintf(&sb, "<li>%d</li>", i)
	}
	sb.WriteString("</ul>")
	doc := vdom.ParseString(sb.String())
	list := doc.GetElementByID("list")
	b.ReportAllocs()
	for b.Loop() {
		c := list.CloneNode(true)
		els, err := c.QuerySelectorAll("*")
		if err != nil || len(els) != 99 {
			b.Fatalf("%d elements, %v", len(els), err)
		}
	}
}
