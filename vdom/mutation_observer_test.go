package vdom_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// recordLines describes records one line each, for the tables below:
// "childList div#t +span -#text\"old\" prev=... next=...", "attributes
// div#t class old=\"a\"", "characterData #text\"new\" old=\"x\"".
func recordLines(records []*vdom.MutationRecord) []string {
	nn := newNodeNamer()
	out := []string{}
	for _, r := range records {
		s := string(r.Type) + " " + nn.name(r.Target)
		for _, n := range r.AddedNodes {
			s += " +" + nn.name(n)
		}
		for _, n := range r.RemovedNodes {
			s += " -" + nn.name(n)
		}
		if r.PreviousSibling != nil {
			s += " prev=" + nn.name(r.PreviousSibling)
		}
		if r.NextSibling != nil {
			s += " next=" + nn.name(r.NextSibling)
		}
		if r.AttributeName != "" {
			s += " " + r.AttributeName
		}
		if r.AttributeNamespace != "" {
			s += " ns=" + r.AttributeNamespace
		}
		if r.HasOldValue {
			s += fmt.Sprintf(" old=%q", r.OldValue)
		}
		out = append(out, s)
	}
	return out
}

// everything observes every kind of change with old values.
var everything = vdom.MutationObserverInit{ChildList: true, Attributes: new(true), CharacterData: new(true),
	Subtree: true, AttributeOldValue: new(true), CharacterDataOldValue: new(true)}

// TestMutationRecordsOfEveryMutation runs each method that changes the
// tree, attributes or data under an observer of the whole body and checks
// the records it queues.
func TestMutationRecordsOfEveryMutation(t *testing.T) {
	tests := []struct {
		name string
		html string // the body's content; #t is the element the case works on
		run  func(t *testing.T, doc *vdom.Document, el *vdom.Node)
		want []string
	}{
		{"AppendChild", `<div id=t><i></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustAppend(t, el, mustCreate(t, doc, "b"))
		}, []string{"childList div#t +b prev=i"}},
		{"InsertBefore moving a node", `<div id=t><i></i><b></b></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.InsertBefore(el.LastChild(), el.FirstChild())
			mustOK(t, err)
		}, []string{"childList div#t -b prev=i", "childList div#t +b next=i"}},
		{"InsertBefore the node's own next sibling", `<div id=t><i></i><b></b></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.InsertBefore(el.FirstChild(), el.LastChild())
			mustOK(t, err)
		}, []string{"childList div#t -i next=b", "childList div#t +i next=b"}},
		{"RemoveChild", `<div id=t><i></i><b></b><u></u></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.RemoveChild(el.FirstChild().NextSibling())
			mustOK(t, err)
		}, []string{"childList div#t -b prev=i next=u"}},
		{"ReplaceChild", `<div id=t><i></i><b></b><u></u></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.ReplaceChild(mustCreate(t, doc, "s"), el.FirstChild().NextSibling())
			mustOK(t, err)
		}, []string{"childList div#t +s -b prev=i next=u"}},
		{"ReplaceChild with the previous sibling", `<div id=t><i></i><b></b></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.ReplaceChild(el.FirstChild(), el.LastChild())
			mustOK(t, err)
		}, []string{"childList div#t -i next=b", "childList div#t +i -b"}},
		{"ReplaceChild with a fragment", `<div id=t><b></b></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			f := doc.CreateDocumentFragment()
			mustOK(t, f.Append(vdom.Text("x"), mustCreate(t, doc, "i")))
			_, err := el.ReplaceChild(f, el.FirstChild())
			mustOK(t, err)
		}, []string{`childList div#t +#text"x" +i -b`}},
		{"Remove", `<div id=t><i></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.FirstChild().Remove()
		}, []string{"childList div#t -i"}},
		{"Append of nodes and text", `<div id=t><i></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.Append(mustCreate(t, doc, "b"), vdom.Text("x")))
		}, []string{`childList div#t +b +#text"x" prev=i`}},
		{"Prepend", `<div id=t><i></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.Prepend(vdom.Text("x")))
		}, []string{`childList div#t +#text"x" next=i`}},
		{"ReplaceChildren", `<div id=t><i></i><b></b></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.ReplaceChildren(vdom.Text("x")))
		}, []string{`childList div#t +#text"x" -i -b`}},
		{"ReplaceChildren with nothing on an empty element", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.ReplaceChildren())
		}, []string{}},
		{"Before and After", `<div><i id=t></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.Before(vdom.Text("a")))
			mustOK(t, el.After(vdom.Text("b")))
		}, []string{`childList div +#text"a" next=i#t`, `childList div +#text"b" prev=i#t`}},
		{"ReplaceWith", `<div><i id=t></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.ReplaceWith(vdom.Text("a")))
		}, []string{`childList div +#text"a" -i#t`}},
		{"InsertAdjacentHTML", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.InsertAdjacentHTML(vdom.BeforeEnd, "<b>x</b>"))
		}, []string{"childList div#t +b"}},
		{"InsertAdjacentElement and InsertAdjacentText", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.InsertAdjacentElement(vdom.AfterBegin, mustCreate(t, doc, "b"))
			mustOK(t, err)
			mustOK(t, el.InsertAdjacentText(vdom.BeforeEnd, "x"))
		}, []string{"childList div#t +b", `childList div#t +#text"x" prev=b`}},
		{"SetTextContent of an element", `<div id=t><i></i>y</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.SetTextContent("x")
		}, []string{`childList div#t +#text"x" -i -#text"y"`}},
		{"SetTextContent of a text node", `<div id=t>y</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.FirstChild().SetTextContent("x")
		}, []string{`characterData #text"x" old="y"`}},
		{"SetInnerText", `<div id=t>y</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.SetInnerText("a\nb")
		}, []string{`childList div#t +#text"a" +br +#text"b" -#text"y"`}},
		{"SetInnerHTML", `<div id=t>y</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.SetInnerHTML("<b>x</b>"))
		}, []string{`childList div#t +b -#text"y"`}},
		{"SetInnerHTML empty on an empty element", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.SetInnerHTML(""))
		}, []string{}},
		{"SetOuterHTML", `<div><i></i><p id=t></p><u></u></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.SetOuterHTML("<b></b><s></s>"))
		}, []string{"childList div +b +s -p#t prev=i next=u"}},
		{"SetData of a comment", `<div id=t><!--y--></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.FirstChild().SetData("x")
		}, []string{`characterData #comment"x" old="y"`}},
		{"SplitText", `<div id=t>abcd</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.FirstChild().SplitText(1)
			mustOK(t, err)
		}, []string{`childList div#t +#text"bcd" prev=#text"a"`, `characterData #text"a" old="abcd"`}},
		{"Normalize", `<div id=t>a</div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.Append(vdom.Text(""), vdom.Text("b")))
			mustOK(t, el.Prepend(vdom.Text("")))
			el.Normalize()
		}, []string{`childList div#t +#text"" +#text"b" prev=#text"ab"`, `childList div#t +#text""(2) next=#text"ab"`,
			`childList div#t -#text""(2) next=#text"ab"`, `characterData #text"ab" old="a"`,
			`childList div#t -#text"" prev=#text"ab" next=#text"b"`, `childList div#t -#text"b" prev=#text"ab"`}},
		{"SetAttribute, new and changed", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.SetAttribute("Title", "a"))
			mustOK(t, el.SetAttribute("title", "b"))
		}, []string{"attributes div#t title", `attributes div#t title old="a"`}},
		{"RemoveAttribute, present and absent", `<div id=t title=a></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			el.RemoveAttribute("title")
			el.RemoveAttribute("title")
		}, []string{`attributes div#t title old="a"`}},
		{"ToggleAttribute", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			_, err := el.ToggleAttribute("hidden")
			mustOK(t, err)
			_, err = el.ToggleAttributeForce("hidden", true)
			mustOK(t, err)
			_, err = el.ToggleAttribute("hidden")
			mustOK(t, err)
		}, []string{"attributes div#t hidden", `attributes div#t hidden old=""`}},
		{"ClassList", `<div id=t class=a></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.ClassList().Add("b"))
			_, err := el.ClassList().Replace("a", "c")
			mustOK(t, err)
		}, []string{`attributes div#t class old="a"`, `attributes div#t class old="a b"`}},
		{"Dataset", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.Dataset().Set("fooBar", "1"))
			el.Dataset().Delete("fooBar")
		}, []string{"attributes div#t data-foo-bar", `attributes div#t data-foo-bar old="1"`}},
		{"reflected setters", `<div id=t></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			mustOK(t, el.SetHidden(true))
			mustOK(t, el.SetTitle("x"))
			mustOK(t, el.SetLang("fr"))
			mustOK(t, el.SetTabIndex(2))
			mustOK(t, el.SetClassName("c"))
			mustOK(t, el.SetID("u"))
		}, []string{"attributes div#u hidden", "attributes div#u title", "attributes div#u lang", // nodes are named as they end
			"attributes div#u tabindex", "attributes div#u class", `attributes div#u id old="t"`}},
		{"form setters that change attributes", `<form id=t><input type=checkbox><textarea>a</textarea><input></form>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			box := el.FirstChild()
			box.SetDefaultChecked(true)
			box.SetDisabled(true)
			mustOK(t, box.SetValue("v")) // default/on mode: the value attribute
			area := box.NextSibling()
			area.SetDefaultValue("b")
			mustOK(t, area.NextSibling().SetName("q"))
		}, []string{"attributes input checked", "attributes input disabled", "attributes input value",
			`childList textarea +#text"b" -#text"a"`, "attributes input(2) name"}},
		{"form state that is not an attribute", `<div id=t><input><input type=checkbox><select><option>a<option>b</select></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			in := el.FirstChild()
			mustOK(t, in.SetValue("typed"))
			in.NextSibling().SetChecked(true)
			in.NextSibling().NextSibling().SetSelectedIndex(1)
		}, []string{}},
		{"nothing on a failed insertion", `<div id=t><i></i></div>`, func(t *testing.T, doc *vdom.Document, el *vdom.Node) {
			if _, err := el.FirstChild().AppendChild(el); err == nil {
				t.Error("inserting a node into its own child succeeded")
			}
			if err := el.SetAttribute("a b", "x"); err == nil {
				t.Error(`SetAttribute("a b") succeeded`)
			}
		}, []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<!DOCTYPE html><body>` + tc.html)
			mo := vdom.NewMutationObserver(nop)
			mustOK(t, mo.Observe(doc.Body(), everything))
			tc.run(t, doc, byID(t, doc, "t"))
			if diff := cmp.Diff(tc.want, recordLines(mo.TakeRecords())); diff != "" {
				t.Errorf("records mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMutationRecordsOfDocumentTitleAndAdoption(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><title>old</title><body><p id=p>x</p>`)
	mo := vdom.NewMutationObserver(nop)
	mustOK(t, mo.Observe(&doc.Node, everything))
	doc.SetTitle("new")
	other := vdom.NewDocument()
	p := byID(t, doc, "p")
	_, err := other.AdoptNode(p)
	mustOK(t, err)
	want := []string{`childList title +#text"new" -#text"old"`, "childList body -p#p"}
	if diff := cmp.Diff(want, recordLines(mo.TakeRecords())); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
}

func TestMutationRecordOfNamespacedAttribute(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><svg><use id=u xlink:href="#a"></use></svg>`)
	u := byID(t, doc, "u")
	mo := vdom.NewMutationObserver(nop)
	mustOK(t, mo.Observe(u, vdom.MutationObserverInit{AttributeOldValue: new(true)}))
	mustOK(t, u.SetAttribute("xlink:href", "#b"))
	u.RemoveAttribute("xlink:href")
	want := []string{
		`attributes use#u href ns=http://www.w3.org/1999/xlink old="#a"`,
		`attributes use#u href ns=http://www.w3.org/1999/xlink old="#b"`,
	}
	if diff := cmp.Diff(want, recordLines(mo.TakeRecords())); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
	// A filter names attributes without a namespace only.
	mustOK(t, mo.Observe(u, vdom.MutationObserverInit{AttributeFilter: []string{"href"}}))
	mustOK(t, u.SetAttribute("xlink:href", "#c")) // now without the prefix: a new plain attribute
	if got := recordLines(mo.TakeRecords()); len(got) != 0 {
		t.Errorf("an attribute named xlink:href without namespace passed the filter [href]: %v", got)
	}
}

func TestObserveErrors(t *testing.T) {
	doc := vdom.ParseString(`<p id=p>`)
	p := byID(t, doc, "p")
	mo := vdom.NewMutationObserver(nop)
	tests := []struct {
		name   string
		target *vdom.Node
		opts   vdom.MutationObserverInit
		reason string // a part of the message
	}{
		{"nil target", nil, vdom.MutationObserverInit{ChildList: true}, "target is nil"},
		{"no options", p, vdom.MutationObserverInit{}, "none of ChildList, Attributes and CharacterData"},
		{"subtree alone", p, vdom.MutationObserverInit{Subtree: true}, "none of ChildList"},
		{"all false", p, vdom.MutationObserverInit{Attributes: new(false), CharacterData: new(false)}, "none of ChildList"},
		{"attributeOldValue with attributes false", p, vdom.MutationObserverInit{Attributes: new(false), AttributeOldValue: new(true), ChildList: true}, "AttributeOldValue is true but Attributes is false"},
		{"attributeFilter with attributes false", p, vdom.MutationObserverInit{Attributes: new(false), AttributeFilter: []string{}, ChildList: true}, "AttributeFilter is given but Attributes is false"},
		{"characterDataOldValue with characterData false", p, vdom.MutationObserverInit{CharacterData: new(false), CharacterDataOldValue: new(true), ChildList: true}, "CharacterDataOldValue is true but CharacterData is false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := mo.Observe(tc.target, tc.opts)
			if !errors.Is(err, vdom.ErrType) {
				t.Fatalf("Observe = %v, want an error matching ErrType", err)
			}
			if !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("Observe = %q, want it to say %q", err, tc.reason)
			}
		})
	}
	// A failed Observe registers nothing.
	mustOK(t, p.SetAttribute("a", "1"))
	if got := mo.TakeRecords(); got != nil {
		t.Errorf("records after failed Observe calls: %v", recordLines(got))
	}
}

func TestObserveDefaults(t *testing.T) {
	tests := []struct {
		name string
		opts vdom.MutationObserverInit
		want []string
	}{
		{"attributeOldValue false still turns attributes on", vdom.MutationObserverInit{AttributeOldValue: new(false)},
			[]string{"attributes p#p a"}},
		{"an empty filter turns attributes on and lets nothing through", vdom.MutationObserverInit{AttributeFilter: []string{}, ChildList: true},
			[]string{`childList p#p +#text"u"`}}, // the text as it ends
		{"characterDataOldValue false still turns characterData on", vdom.MutationObserverInit{CharacterDataOldValue: new(false), Subtree: true},
			[]string{`characterData #text"u"`}},
		{"attributes true with attributeOldValue false", vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(false)},
			[]string{"attributes p#p a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<p id=p a=0>`)
			p := byID(t, doc, "p")
			mo := vdom.NewMutationObserver(nop)
			mustOK(t, mo.Observe(p, tc.opts))
			mustOK(t, p.SetAttribute("a", "1"))
			p.SetTextContent("t")
			p.FirstChild().SetData("u")
			if diff := cmp.Diff(tc.want, recordLines(mo.TakeRecords())); diff != "" {
				t.Errorf("records mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestObserveAgainReplacesOptions(t *testing.T) {
	doc := vdom.ParseString(`<p id=p>`)
	p := byID(t, doc, "p")
	mo := vdom.NewMutationObserver(nop)
	mustOK(t, mo.Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))
	mustOK(t, mo.Observe(p, vdom.MutationObserverInit{ChildList: true}))
	mustOK(t, p.SetAttribute("a", "1"))
	mustOK(t, p.Append(vdom.Text("x")))
	want := []string{`childList p#p +#text"x"`}
	if diff := cmp.Diff(want, recordLines(mo.TakeRecords())); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
}

func TestTwoObserversOneNode(t *testing.T) {
	doc := vdom.ParseString(`<div id=d><p id=p></p></div>`)
	d, p := byID(t, doc, "d"), byID(t, doc, "p")
	old := vdom.NewMutationObserver(nop)
	plain := vdom.NewMutationObserver(nop)
	// One observer registered twice on the path gets one record, with the
	// old value when either registration asks for it.
	mustOK(t, old.Observe(d, vdom.MutationObserverInit{Attributes: new(true), Subtree: true}))
	mustOK(t, old.Observe(p, vdom.MutationObserverInit{AttributeOldValue: new(true)}))
	mustOK(t, plain.Observe(d, vdom.MutationObserverInit{Attributes: new(true), Subtree: true}))
	mustOK(t, p.SetAttribute("id", "q"))
	if diff := cmp.Diff([]string{`attributes p#q id old="p"`}, recordLines(old.TakeRecords())); diff != "" {
		t.Errorf("records of the observer with old values mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{`attributes p#q id`}, recordLines(plain.TakeRecords())); diff != "" {
		t.Errorf("records of the other observer mismatch (-want +got):\n%s", diff)
	}
}

func TestDisconnectDropsRecordsAndRegistrations(t *testing.T) {
	doc := vdom.ParseString(`<p id=p>`)
	p := byID(t, doc, "p")
	var rec recorder
	mo := vdom.NewMutationObserver(rec.callback)
	mustOK(t, mo.Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))
	mustOK(t, p.SetAttribute("a", "1"))
	mo.Disconnect()
	mustOK(t, p.SetAttribute("a", "2"))
	deliver(t, doc)
	if rec.calls != 0 || mo.TakeRecords() != nil {
		t.Errorf("after Disconnect: %d calls, records %v", rec.calls, recordLines(mo.TakeRecords()))
	}
}

// The checkpoints: when the callback runs.

func TestMutationObserverCheckpoints(t *testing.T) {
	setup := func(t *testing.T) (*vdom.Document, *vdom.Node, *[]string) {
		doc := vdom.ParseString(`<!DOCTYPE html><body><button id=b>go</button>`)
		b := byID(t, doc, "b")
		var log []string
		mo := vdom.NewMutationObserver(func(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
			for _, r := range records {
				log = append(log, "observer: "+string(r.Type)+" "+r.AttributeName)
			}
		})
		mustOK(t, mo.Observe(b, vdom.MutationObserverInit{Attributes: new(true)}))
		return doc, b, &log
	}
	t.Run("a change made by the test waits for RunTasks", func(t *testing.T) {
		doc, b, log := setup(t)
		mustOK(t, b.SetAttribute("a", "1"))
		*log = append(*log, "test")
		deliver(t, doc)
		if diff := cmp.Diff([]string{"test", "observer: attributes a"}, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("Await delivers before waiting", func(t *testing.T) {
		doc, b, log := setup(t)
		mustOK(t, b.SetAttribute("a", "1"))
		mustOK(t, doc.Await(t.Context(), vdom.Resolved()))
		if diff := cmp.Diff([]string{"observer: attributes a"}, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("after each listener of a dispatch", func(t *testing.T) {
		_, b, log := setup(t)
		for _, name := range []string{"a", "b"} {
			b.AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
				*log = append(*log, "listener "+name)
				mustOK(t, b.SetAttribute(name, ""))
			}))
		}
		mustOK(t, b.Click())
		want := []string{"listener a", "observer: attributes a", "listener b", "observer: attributes b"}
		if diff := cmp.Diff(want, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("not between the listeners of a nested dispatch", func(t *testing.T) {
		_, b, log := setup(t)
		b.AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
			_, err := b.DispatchEvent(vdom.NewEvent("inner"))
			mustOK(t, err)
			*log = append(*log, "click listener returns")
		}))
		for _, name := range []string{"a", "b"} {
			b.AddEventListener("inner", vdom.NewListener(func(*vdom.Event) {
				*log = append(*log, "inner "+name)
				mustOK(t, b.SetAttribute(name, ""))
			}))
		}
		mustOK(t, b.Click())
		want := []string{"inner a", "inner b", "click listener returns", "observer: attributes a", "observer: attributes b"}
		if diff := cmp.Diff(want, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("after a posted task, not inside it", func(t *testing.T) {
		doc, b, log := setup(t)
		b.AddEventListener("click", vdom.NewListener(func(*vdom.Event) {
			*log = append(*log, "listener")
			mustOK(t, b.SetAttribute("a", ""))
		}))
		doc.Post(func() {
			mustOK(t, b.Click())
			*log = append(*log, "task ends")
		})
		deliver(t, doc)
		want := []string{"listener", "task ends", "observer: attributes a"}
		if diff := cmp.Diff(want, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("after a fake timer", func(t *testing.T) {
		doc, b, log := setup(t)
		clock := vdom.NewFakeClock(time.Unix(0, 0))
		doc.SetClock(clock)
		doc.SetTimeout(time.Second, func() { mustOK(t, b.SetAttribute("a", "")) })
		doc.SetTimeout(2*time.Second, func() { *log = append(*log, "second timer") })
		mustOK(t, clock.Advance(2*time.Second))
		want := []string{"observer: attributes a", "second timer"}
		if diff := cmp.Diff(want, *log); diff != "" {
			t.Errorf("order mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("at the end of a dispatch, after its activation behaviour", func(t *testing.T) {
		doc := vdom.ParseString(`<!DOCTYPE html><body><details id=d><summary id=s>more</summary>text</details>`)
		var log []string
		mo := vdom.NewMutationObserver(func(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
			log = append(log, recordLines(records)...)
		})
		mustOK(t, mo.Observe(byID(t, doc, "d"), vdom.MutationObserverInit{Attributes: new(true)}))
		mustOK(t, byID(t, doc, "s").Click())
		if diff := cmp.Diff([]string{"attributes details#d open"}, log); diff != "" {
			t.Errorf("records mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("changes made by a callback are delivered in the same checkpoint", func(t *testing.T) {
		doc := vdom.ParseString(`<p id=p>`)
		p := byID(t, doc, "p")
		var got []string
		mo := vdom.NewMutationObserver(func(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
			got = append(got, recordLines(records)...)
			if v, _ := p.GetAttribute("n"); v == "1" {
				mustOK(t, p.SetAttribute("n", "2"))
			}
		})
		mustOK(t, mo.Observe(p, vdom.MutationObserverInit{AttributeOldValue: new(true)}))
		mustOK(t, p.SetAttribute("n", "1"))
		deliver(t, doc)
		if diff := cmp.Diff([]string{"attributes p#p n", `attributes p#p n old="1"`}, got); diff != "" {
			t.Errorf("records mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestMutationCallbackPanicIsReported(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE html><body><p id=p>`)
	p := byID(t, doc, "p")
	boom := errors.New("boom")
	bad := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) { panic(boom) })
	var good recorder
	mustOK(t, bad.Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))
	mustOK(t, vdom.NewMutationObserver(good.callback).Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))

	mustOK(t, p.SetAttribute("a", "1"))
	_, err := doc.RunTasks()
	var ce *vdom.MutationCallbackError
	if !errors.As(err, &ce) || !errors.Is(err, boom) || ce.Records != 1 || len(ce.Stack) == 0 {
		t.Errorf("RunTasks = %v, want a *MutationCallbackError for 1 record wrapping boom, with its stack", err)
	}
	if good.calls != 1 {
		t.Errorf("the other observer ran %d times, want once", good.calls)
	}

	// In a dispatch, the panic joins the dispatch's error.
	p.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { mustOK(t, p.SetAttribute("a", "2")) }))
	_, err = p.DispatchEvent(vdom.NewEvent("click"))
	if !errors.As(err, &ce) {
		t.Errorf("DispatchEvent = %v, want a *MutationCallbackError", err)
	}
	if good.calls != 2 {
		t.Errorf("the other observer ran %d times, want twice", good.calls)
	}

	// And Await returns it.
	mustOK(t, p.SetAttribute("a", "3"))
	if err := doc.Await(t.Context(), vdom.Resolved()); !errors.As(err, &ce) {
		t.Errorf("Await = %v, want a *MutationCallbackError", err)
	}
}

func TestMutationLoopStops(t *testing.T) {
	doc := vdom.ParseString(`<p id=p>`)
	p := byID(t, doc, "p")
	calls := 0
	mo := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) {
		calls++
		mustOK(t, p.SetAttribute("n", fmt.Sprint(calls)))
	})
	mustOK(t, mo.Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))
	mustOK(t, p.SetAttribute("n", "0"))
	_, err := doc.RunTasks()
	if !errors.Is(err, vdom.ErrMutationLoop) {
		t.Fatalf("RunTasks = %v, want an error matching ErrMutationLoop", err)
	}
	if calls != vdom.MaxMutationRounds {
		t.Errorf("the callback ran %d times, want %d", calls, vdom.MaxMutationRounds)
	}
	if n := len(mo.TakeRecords()); n != 1 {
		t.Errorf("%d records left queued, want the 1 of the last round", n)
	}
}

func TestMutationObserverAcrossDocuments(t *testing.T) {
	a := vdom.ParseString(`<!DOCTYPE html><body><div id=host><p id=p></p></div>`)
	b := vdom.ParseString(`<!DOCTYPE html><body>`)
	p := byID(t, a, "p")
	var rec recorder
	mo := vdom.NewMutationObserver(rec.callback)
	mustOK(t, mo.Observe(p, vdom.MutationObserverInit{Attributes: new(true)}))
	// p moves into b with its registration.
	mustAppend(t, b.Body(), p)
	mustOK(t, p.SetAttribute("x", "1"))
	deliver(t, a)
	if rec.calls != 0 {
		t.Errorf("a's checkpoint delivered a change made in b")
	}
	deliver(t, b)
	if diff := cmp.Diff([]string{"attributes p#p x"}, recordLines(rec.records)); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
}

func TestNewMutationObserverNilCallbackPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "nil callback") {
			t.Errorf("recover() = %v, want a panic about the nil callback", r)
		}
	}()
	vdom.NewMutationObserver(nil)
}
