package vdom

import (
	"testing"
)

// A page nobody observes never gets the MutationObserver state: every
// mutation pays one nil check and nothing else.
func TestMutationStateOnlyForObservedDocuments(t *testing.T) {
	doc := ParseString(`<!DOCTYPE html><body><div id=a class=x><p>t</p></div>`)
	a := doc.GetElementByID("a")
	p := a.FirstChild()
	mustOK(t, a.SetAttribute("title", "1"))
	a.RemoveAttribute("title")
	mustOK(t, a.ClassList().Add("y"))
	p.FirstChild().SetData("u")
	mustOK(t, a.SetInnerHTML("<b>1</b>2"))
	a.Normalize()
	mustOK(t, a.Append(Text("3"), doc.CreateComment("c")))
	mustOK(t, a.ReplaceChildren(p))
	p.SetTextContent("v")
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	if doc.mo != nil {
		t.Fatalf("the document has MutationObserver state without an observer: %+v", doc.mo)
	}

	mo := NewMutationObserver(func([]*MutationRecord, *MutationObserver) {})
	mustOK(t, mo.Observe(a, MutationObserverInit{ChildList: true, Subtree: true}))
	p.Remove()
	mo.Disconnect()
	if n := len(doc.mo.registered); n != 0 {
		t.Errorf("%d nodes keep registrations after Disconnect", n)
	}
}

// A node removed over and over before a checkpoint carries one transient
// registration per observer and source, not one per removal.
func TestTransientRegistrationsDoNotPileUp(t *testing.T) {
	doc := ParseString(`<!DOCTYPE html><body><div id=a></div>`)
	a := doc.GetElementByID("a")
	child := doc.CreateTextNode("x")
	mo := NewMutationObserver(func([]*MutationRecord, *MutationObserver) {})
	mustOK(t, mo.Observe(&doc.Node, MutationObserverInit{ChildList: true, Subtree: true}))
	for range 100 {
		if _, err := a.AppendChild(child); err != nil {
			t.Fatal(err)
		}
		child.Remove()
	}
	if n := len(doc.mo.registered[child.h]); n != 1 {
		t.Errorf("%d registrations on the removed node, want 1", n)
	}
	if n := len(mo.transients); n != 1 {
		t.Errorf("the observer lists %d nodes with transient registrations, want 1", n)
	}
	if n := len(mo.TakeRecords()); n != 200 {
		t.Errorf("%d records, want 200", n)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	if n := len(doc.mo.registered[child.h]); n != 0 {
		t.Errorf("%d registrations on the removed node after the checkpoint, want none", n)
	}
}
