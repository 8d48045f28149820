package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// MutationObserver-childList.html. Left out, with the reason:
//
//   - "childList Node.nodeValue: no mutation": vdom has no nodeValue
//     setter.
//   - "childList Range.*" (eight): vdom has no Range.

const wptChildListHTML = `<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none">
<p id='dummies'>
<span id='d30'>text content</span>
<span id='d35'>text content</span>
<span id='d40'>text content</span>
<span id='d45'>text content</span>
<span id='d50'>text content</span>
<span id='d51'>text content</span>
</p>
</section>
<section style="display: none">
<p id='n00'><span>text content</span></p>

<p id='n10'><span>text content</span></p>
<p id='n11'></p>
<p id='n12'></p>
<p id='n13'><span>text content</span></p>

<p id='n20'>PAS</p>
<p id='n21'>CH</p>

<p id='n30'><span>text content</span></p>
<p id='n31'><span>text content</span></p>
<p id='n32'><span>AN</span><span>CH</span><span>GED</span></p>
<p id='n33'><span>text content</span></p>
<p id='n34'><span>text content</span></p>
<p id='n35'><span>text content</span></p>

<p id='n40'><span>text content</span></p>
<p id='n41'><span>text content</span></p>
<p id='n42'><span>CH</span><span>GED</span><span>AN</span></p>
<p id='n43'><span>text content</span></p>
<p id='n44'><span>text content</span></p>
<p id='n45'><span>text content</span></p>

<p id='n50'><span>text content</span></p>
<p id='n51'><span>text content</span></p>
<p id='n52'><span>NO </span><span>CHANGED</span></p>

<p id='n60'><span>text content</span></p>
</section>`

func TestWPTMutationObserverChildList(t *testing.T) {
	doc := vdom.ParseString(wptChildListHTML)
	dummies := byID(t, doc, "dummies")
	childList := vdom.MutationObserverInit{ChildList: true}
	createFragment := func(t *testing.T) *vdom.Node {
		f := doc.CreateDocumentFragment()
		mustAppend(t, f, doc.CreateTextNode("11"))
		mustAppend(t, f, doc.CreateTextNode("22"))
		return f
	}
	var master recorder
	mustOK(t, vdom.NewMutationObserver(master.callback).Observe(byID(t, doc, "n00").ParentNode(),
		vdom.MutationObserverInit{Subtree: true, ChildList: true}))
	count := 0
	// run is one runMutationTest; counted says whether its records are
	// in the section the master observer watches.
	run := func(name string, counted bool, body func(t *testing.T) int) {
		t.Run(name, func(t *testing.T) {
			n := body(t)
			if counted {
				count += n
			}
		})
	}

	run("childList Node.textContent: replace content mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n10")
		old := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { n.SetTextContent("new data") },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nodes(n.FirstChild()), nodes(old), nil, nil))
			})
		return 1
	})
	run("childList Node.textContent: no previous content mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n11")
		runMutationTest(t, doc, n, childList, func() { n.SetTextContent("new data") },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nodes(n.FirstChild()), nil, nil, nil))
			})
		return 1
	})
	run("childList Node.textContent: textContent no mutation", false, func(t *testing.T) int {
		n := byID(t, doc, "n12")
		runMutationTest(t, doc, n, vdom.MutationObserverInit{ChildList: true, Attributes: new(true)},
			func() {
				n.SetTextContent("")
				mustOK(t, n.SetAttribute("class", "dummy"))
			},
			func() []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class")) })
		return 0
	})
	run("childList Node.textContent: empty string mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n13")
		old := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { n.SetTextContent("") },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(old), nil, nil)) })
		return 1
	})
	run("childList Node.normalize mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n20")
		mustAppend(t, n, doc.CreateTextNode("S"))
		first, last := n.FirstChild(), n.LastChild()
		runMutationTest(t, doc, n, childList, func() { n.Normalize() },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(last), first, nil)) })
		return 2
	})
	run("childList Node.normalize mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n21")
		mustAppend(t, n, doc.CreateTextNode("AN"))
		mustAppend(t, n, doc.CreateTextNode("GED"))
		first, mid, last := n.FirstChild(), n.LastChild().PreviousSibling(), n.LastChild()
		runMutationTest(t, doc, n, childList, func() { n.Normalize() },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nil, nodes(mid), first, last), treeRecord(n, nil, nodes(last), first, nil))
			})
		return 4
	})
	run("childList Node.insertBefore: addition mutation", true, func(t *testing.T) int {
		n, d30 := byID(t, doc, "n30"), byID(t, doc, "d30")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.InsertBefore(d30, first); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(d30), nil, nil, first)) })
		return 1 // d30 leaves the other section
	})
	run("childList Node.insertBefore: removal mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n31")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := dummies.InsertBefore(first, dummies.FirstChild()); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(first), nil, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.insertBefore: removal and addition mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n32")
		an, ch, ged := n.FirstChild(), n.FirstChild().NextSibling(), n.LastChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.InsertBefore(ch, an); mustOK(t, err) },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nil, nodes(ch), an, ged), treeRecord(n, nodes(ch), nil, nil, an))
			})
		return 2
	})
	run("childList Node.insertBefore: fragment addition mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n33")
		f := createFragment(t)
		a, b, first := f.FirstChild(), f.LastChild(), n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.InsertBefore(f, first); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(a, b), nil, nil, first)) })
		return 1
	})
	run("childList Node.insertBefore: fragment removal mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n34")
		f := createFragment(t)
		a, b := f.FirstChild(), f.LastChild()
		runMutationTest(t, doc, f, childList, func() { _, err := n.InsertBefore(f, n.FirstChild()); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(f, nil, nodes(a, b), nil, nil)) })
		return 1
	})
	run("childList Node.insertBefore: last child addition mutation", true, func(t *testing.T) int {
		n, d35 := byID(t, doc, "n35"), byID(t, doc, "d35")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.InsertBefore(d35, nil); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(d35), nil, first, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.appendChild: addition mutation", true, func(t *testing.T) int {
		n, d40 := byID(t, doc, "n40"), byID(t, doc, "d40")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { mustAppend(t, n, d40) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(d40), nil, first, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.appendChild: removal mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n41")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { mustAppend(t, dummies, first) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(first), nil, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.appendChild: removal and addition mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n42")
		ch, ged, an := n.FirstChild(), n.FirstChild().NextSibling(), n.LastChild()
		runMutationTest(t, doc, n, childList, func() { mustAppend(t, n, ged) },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nil, nodes(ged), ch, an), treeRecord(n, nodes(ged), nil, an, nil))
			})
		return 2
	})
	run("childList Node.appendChild: fragment addition mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n43")
		f := createFragment(t)
		a, b, first := f.FirstChild(), f.LastChild(), n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { mustAppend(t, n, f) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(a, b), nil, first, nil)) })
		return 1
	})
	run("childList Node.appendChild: fragment removal mutations", true, func(t *testing.T) int {
		n := byID(t, doc, "n44")
		f := createFragment(t)
		a, b := f.FirstChild(), f.LastChild()
		runMutationTest(t, doc, f, childList, func() { mustAppend(t, n, f) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(f, nil, nodes(a, b), nil, nil)) })
		return 1
	})
	run("childList Node.appendChild: addition outside document tree mutation", false, func(t *testing.T) int {
		n, d := mustCreate(t, doc, "p"), mustCreate(t, doc, "span")
		runMutationTest(t, doc, n, childList, func() { mustAppend(t, n, d) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(d), nil, nil, nil)) })
		return 0
	})
	run("childList Node.replaceChild: replacement mutation", true, func(t *testing.T) int {
		n, d50 := byID(t, doc, "n50"), byID(t, doc, "d50")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.ReplaceChild(d50, first); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nodes(d50), nodes(first), nil, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.replaceChild: removal mutation", true, func(t *testing.T) int {
		n, d51 := byID(t, doc, "n51"), byID(t, doc, "d51")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := d51.ParentNode().ReplaceChild(first, d51); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(first), nil, nil)) })
		return 1 // the other end is in the other section
	})
	run("childList Node.replaceChild: internal replacement mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n52")
		first, last := n.FirstChild(), n.LastChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.ReplaceChild(last, first); mustOK(t, err) },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nil, nodes(last), first, nil), treeRecord(n, nodes(last), nodes(first), nil, nil))
			})
		return 2
	})
	run("childList Node.removeChild: removal mutation", true, func(t *testing.T) int {
		n := byID(t, doc, "n60")
		first := n.FirstChild()
		runMutationTest(t, doc, n, childList, func() { _, err := n.RemoveChild(first); mustOK(t, err) },
			func() []*vdom.MutationRecord { return nodesRecords(treeRecord(n, nil, nodes(first), nil, nil)) })
		return 1
	})
	t.Run("subtree mutations", func(t *testing.T) {
		deliver(t, doc)
		if len(master.records) != count {
			t.Errorf("the observer of the section got %d records, want %d", len(master.records), count)
		}
	})
}

// MutationObserver-characterData.html. Left out, with the reason:
// appendData, insertData, deleteData and replaceData (nine tests, and the
// ProcessingInstruction and Comment tests that use them): vdom's
// CharacterData has Data and SetData only; Range (four): vdom has no
// Range.
func TestWPTMutationObserverCharacterData(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none">
<p id='n'>text content</p>
<p id='n00'>text content</p>
<p id='n90'>CHANN</p>
</section>`)
	var master recorder
	mustOK(t, vdom.NewMutationObserver(master.callback).Observe(byID(t, doc, "n").ParentNode(),
		vdom.MutationObserverInit{Subtree: true, CharacterData: new(true)}))
	t.Run("characterData Text.data: simple mutation without oldValue", func(t *testing.T) {
		n := byID(t, doc, "n").FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{CharacterData: new(true)}, func() { n.SetData("NEW VALUE") },
			func() []*vdom.MutationRecord { return nodesRecords(dataRecord(n)) })
	})
	t.Run("characterData Text.data: simple mutation", func(t *testing.T) {
		n := byID(t, doc, "n00").FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{CharacterData: new(true), CharacterDataOldValue: new(true)},
			func() { n.SetData("CHANGED") },
			func() []*vdom.MutationRecord { return nodesRecords(dataRecord(n, "text content")) })
	})
	t.Run("characterData/characterDataOldValue alone Text.data: simple mutation", func(t *testing.T) {
		n := byID(t, doc, "n90").FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{CharacterDataOldValue: new(true)},
			func() { n.SetData("CHANGED") },
			func() []*vdom.MutationRecord { return nodesRecords(dataRecord(n, "CHANN")) })
	})
	t.Run("subtree mutations", func(t *testing.T) {
		deliver(t, doc)
		if len(master.records) != 3 {
			t.Errorf("the observer of the section got %d records, want 3", len(master.records))
		}
	})
}

// MutationObserver-inner-outer.html, all of it.
func TestWPTMutationObserverInnerOuter(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none">
<p id='n00'>old text</p>
<p id='n01'>old text</p>
<div id='n02'><p>old text</p></div>
</section>`)
	t.Run("innerHTML mutation", func(t *testing.T) {
		n := byID(t, doc, "n00")
		old := n.FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{ChildList: true, Attributes: new(true)},
			func() {
				mustOK(t, n.SetInnerHTML("new text"))
				mustOK(t, n.SetClassName("c01"))
			},
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nodes(byID(t, doc, "n00").FirstChild()), nodes(old), nil, nil), attrRecord(n, "class"))
			})
	})
	t.Run("innerHTML with 2 children mutation", func(t *testing.T) {
		n := byID(t, doc, "n01")
		old := n.FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{ChildList: true},
			func() { mustOK(t, n.SetInnerHTML("<span>new</span><span>text</span>")) },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nodes(n.FirstChild(), n.LastChild()), nodes(old), nil, nil))
			})
	})
	t.Run("outerHTML mutation", func(t *testing.T) {
		n := byID(t, doc, "n02")
		old := n.FirstChild()
		runMutationTest(t, doc, n, vdom.MutationObserverInit{ChildList: true},
			func() { mustOK(t, old.SetOuterHTML("<p>next text</p>")) },
			func() []*vdom.MutationRecord {
				return nodesRecords(treeRecord(n, nodes(n.FirstChild()), nodes(old), nil, nil))
			})
	})
}

// MutationObserver-disconnect.html, all of it.
func TestWPTMutationObserverDisconnect(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none"><p id='n00'></p></section>`)
	n00 := byID(t, doc, "n00")
	var master, rec recorder
	mustOK(t, vdom.NewMutationObserver(master.callback).Observe(n00.ParentNode(), vdom.MutationObserverInit{Subtree: true, Attributes: new(true)}))
	observer := vdom.NewMutationObserver(rec.callback)
	mustOK(t, observer.Observe(n00, vdom.MutationObserverInit{Attributes: new(true)}))
	mustOK(t, n00.SetID("foo"))
	mustOK(t, n00.SetID("bar"))
	observer.Disconnect()
	mustOK(t, observer.Observe(n00, vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true)}))
	mustOK(t, n00.SetID("latest"))
	observer.Disconnect()
	mustOK(t, observer.Observe(n00, vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true)}))
	mustOK(t, n00.SetID("n0000"))
	deliver(t, doc)
	t.Run("subtree mutations", func(t *testing.T) {
		if len(master.records) != 4 {
			t.Errorf("the observer of the section got %d records, want 4", len(master.records))
		}
	})
	t.Run("disconnect discarded some mutations", func(t *testing.T) {
		checkRecords(t, nodesRecords(attrRecord(n00, "id", "latest")), rec.records)
	})
}

// MutationObserver-takeRecords.html, all of it.
func TestWPTMutationObserverTakeRecords(t *testing.T) {
	doc := vdom.ParseString(`<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none"><p id='n00'></p></section>`)
	n00 := byID(t, doc, "n00")
	var master recorder
	mustOK(t, vdom.NewMutationObserver(master.callback).Observe(n00.ParentNode(),
		vdom.MutationObserverInit{Subtree: true, Attributes: new(true), AttributeFilter: []string{"class"}}))
	unreached := 0
	observer := vdom.NewMutationObserver(func([]*vdom.MutationRecord, *vdom.MutationObserver) { unreached++ })
	mustOK(t, observer.Observe(n00, vdom.MutationObserverInit{Subtree: true, ChildList: true, Attributes: new(true),
		CharacterData: new(true), AttributeOldValue: new(true), CharacterDataOldValue: new(true), AttributeFilter: []string{"id"}}))
	mustOK(t, n00.SetID("foo"))
	mustOK(t, n00.SetID("bar"))
	mustOK(t, n00.SetClassName("bar"))
	n00.SetTextContent("old data")
	n00.FirstChild().SetData("new data")
	t.Run("All records present", func(t *testing.T) {
		checkRecords(t, nodesRecords(
			attrRecord(n00, "id", "n00"),
			attrRecord(n00, "id", "foo"),
			treeRecord(n00, nodes(n00.FirstChild()), nil, nil, nil),
			dataRecord(n00.FirstChild(), "old data"),
		), observer.TakeRecords())
	})
	t.Run("No more records present", func(t *testing.T) {
		checkRecords(t, nil, observer.TakeRecords())
	})
	deliver(t, doc)
	t.Run("unreachabled test", func(t *testing.T) {
		if unreached != 0 {
			t.Errorf("the observer callback ran %d times; TakeRecords took its records", unreached)
		}
	})
	t.Run("subtree mutations", func(t *testing.T) {
		checkRecords(t, nodesRecords(attrRecord(n00, "class")), master.records)
	})
}
