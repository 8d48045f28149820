package vdom

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/google/go-cmp/cmp"
)

// collectUntil runs the collector until done reports true, letting the
// cleanups of collected handles run, and fails after maxCollections.
func collectUntil(t *testing.T, what string, done func() bool) {
	t.Helper()
	if !collectFor(done) {
		t.Fatalf("after %d collections: %s", maxCollections, what)
	}
}

// maxCollections bounds collectFor. It counts collections, not time:
// cleanups run on a goroutine of their own, which a busy machine may
// start late, and each round sleeps to let it run.
const maxCollections = 200

// collectFor runs the collector until done reports true, at most
// maxCollections times, and reports whether done did.
func collectFor(done func() bool) bool {
	for range maxCollections {
		if done() {
			return true
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	return done()
}

// settle forgets what d's caches hold until the next change or dispatch
// (the last query results, the last event paths), runs the collector a few times,
// waits for the cleanups it queued, and drains d's dead entries, for tests
// that check something survives.
func settle(d *Document) {
	if d.queries != nil {
		d.queries.reset()
	}
	d.lastPath = pathCache{}
	d.spare = nil
	for range 3 {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
	}
	d.drainDead()
}

// counter is a click listener that counts its calls.
type counter struct{ calls int }

func (c *counter) HandleEvent(*Event) { c.calls++ }

func click(t *testing.T, n *Node) {
	t.Helper()
	if n == nil {
		t.Fatal("click: the node is nil")
	}
	if _, err := n.DispatchEvent(NewEventWith("click", EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
}

// liveEntries counts the entries of d.nodes whose handle is alive.
func liveEntries(d *Document) int {
	live := 0
	for _, r := range d.nodes {
		if r.node() != nil {
			live++
		}
	}
	return live
}

func mustQuery(t *testing.T, n *Node, sel string) *Node {
	t.Helper()
	m, err := n.QuerySelector(sel)
	if err != nil || m == nil {
		t.Fatalf("QuerySelector(%q) on %s: %v, %v", sel, n.describe(), m, err)
	}
	return m
}

// The document holds the handles of the nodes in its tree; once a node
// leaves the tree, its handle, which has no listeners, is collected when
// nobody holds it, its entry leaves the table, and the node's next handle
// reads the same node.
func TestHandleWithoutStateIsCollected(t *testing.T) {
	d := ParseString(`<div id=a title=x></div><div id=b></div>`)
	a := d.GetElementByID("a")
	wa := weak.Make(a)
	ah := a.HTML()
	a = nil
	settle(d)
	if wa.Value() == nil {
		t.Fatal("the handle of #a, in the document's tree, was collected")
	}
	a = wa.Value()
	a.Remove()
	a = nil
	collectUntil(t, "the handle of the removed #a is still alive", func() bool { return wa.Value() == nil })
	collectUntil(t, "the entry of #a is still in the table", func() bool {
		d.drainDead()
		_, ok := d.nodes[nodeKeyOf(ah)]
		return !ok
	})
	again := d.Wrap(ah)
	if got, _ := again.GetAttribute("title"); got != "x" {
		t.Errorf("the new handle of #a reads title %q, want x", got)
	}
	if again != d.Wrap(ah) {
		t.Error("two lookups of #a gave two handles")
	}
	// Back in the tree, it is held again.
	if _, err := d.Body().AppendChild(again); err != nil {
		t.Fatal(err)
	}
	wa = weak.Make(again)
	again = nil
	settle(d)
	if wa.Value() == nil {
		t.Error("the handle of #a, inserted again, was collected")
	}
}

// A connected node's listeners survive while the program holds none of its
// handles, and so do the node's handle and its identity.
func TestConnectedListenerSurvivesCollection(t *testing.T) {
	d := ParseString(`<div id=a><p id=b></p></div>`)
	c := &counter{}
	b := d.GetElementByID("b")
	b.AddEventListener("click", c)
	wb := weak.Make(b)
	b = nil
	settle(d)
	if wb.Value() == nil {
		t.Fatal("the handle of #b, which has a listener, was collected")
	}
	click(t, d.GetElementByID("b"))
	if c.calls != 1 {
		t.Errorf("the listener of #b ran %d times, want 1", c.calls)
	}
}

// The example of the guarantee: hold the removed parent, drop the child's
// handle, collect, get the child again: its listeners fire, and the
// parent's hear the bubbling event.
func TestDetachedSubtreeKeepsListenersWhileHeld(t *testing.T) {
	d := ParseString(`<div id=p><span id=c></span><i></i></div>`)
	p := d.GetElementByID("p")
	child, parent := &counter{}, &counter{}
	d.GetElementByID("c").AddEventListener("click", child)
	p.AddEventListener("click", parent)
	p.Remove()
	settle(d)
	click(t, mustQuery(t, p, "span"))
	if child.calls != 1 || parent.calls != 1 {
		t.Errorf("calls child=%d parent=%d, want 1 and 1", child.calls, parent.calls)
	}
	// Held through a node made after the removal, without listeners.
	i := p.LastChild()
	p = nil
	settle(d)
	click(t, i.PreviousSibling())
	if child.calls != 2 || parent.calls != 2 {
		t.Errorf("held through <i>: calls child=%d parent=%d, want 2 and 2", child.calls, parent.calls)
	}
	runtime.KeepAlive(i)
}

// A removed subtree nobody holds is collected with its handles, listeners
// or not, and leaves no entry behind.
func TestDroppedSubtreeWithListenersIsCollected(t *testing.T) {
	d := ParseString(`<body><div id=keep></div></body>`)
	var weaks []weak.Pointer[Node]
	for range 50 {
		el, _ := d.CreateElement("div")
		if err := el.SetInnerHTML(`<p><b>x</b></p>`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Body().AppendChild(el); err != nil {
			t.Fatal(err)
		}
		b := mustQuery(t, el, "b")
		b.AddEventListener("click", &counter{})
		el.AddEventListener("click", &counter{})
		weaks = append(weaks, weak.Make(b), weak.Make(el))
		el.Remove()
	}
	collectUntil(t, "handles of dropped subtrees are alive", func() bool {
		for _, w := range weaks {
			if w.Value() != nil {
				return false
			}
		}
		return true
	})
	collectUntil(t, "entries of dropped nodes remain", func() bool {
		d.drainDead()
		return len(d.listening) == 0 && len(d.nodes) == liveEntries(d)
	})
	collectUntil(t, "islands of dropped subtrees are still counted", func() bool {
		return d.dead.islands.Load() == 0
	})
}

// A subtree removed from a detached tree leaves its island: holding the old
// tree no longer keeps it, holding it keeps its own listeners.
func TestSplitDetachedTree(t *testing.T) {
	d := ParseString(`<div id=p><section><b></b></section></div>`)
	p := d.GetElementByID("p")
	p.Remove()
	c := &counter{}
	b := mustQuery(t, p, "b")
	b.AddEventListener("click", c)
	wb := weak.Make(b)
	b = nil
	section := mustQuery(t, p, "section")
	section.Remove()
	section = nil
	collectUntil(t, "the handle of <b>, removed with its section, lives on through the old parent", func() bool {
		return wb.Value() == nil
	})
	if p.FirstChild() != nil {
		t.Fatal("the section is still a child")
	}

	// The other way round: hold the removed part only.
	p2 := ParseString(`<div id=p><section><b></b></section></div>`).GetElementByID("p")
	p2.Remove()
	mustQuery(t, p2, "b").AddEventListener("click", c)
	sec := mustQuery(t, p2, "section")
	sec.Remove()
	p2 = nil
	settle(d)
	click(t, sec.FirstChild())
	if c.calls != 1 {
		t.Errorf("the listener of <b> ran %d times, want 1", c.calls)
	}
}

// Inserting one detached tree into another merges what keeps their
// listeners: holding the new root keeps both.
func TestMergeDetachedTrees(t *testing.T) {
	for _, tc := range []struct {
		name            string
		outerHasListens bool
	}{
		{"into a tree without listeners", false},
		{"into a tree with listeners", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := ParseString(``)
			outer, _ := d.CreateElement("section")
			if err := outer.SetInnerHTML(`<p><em></em></p>`); err != nil {
				t.Fatal(err)
			}
			inner, _ := d.CreateElement("div")
			if err := inner.SetInnerHTML(`<span><b></b></span>`); err != nil {
				t.Fatal(err)
			}
			got := &counter{}
			mustQuery(t, inner, "b").AddEventListener("click", got)
			span := mustQuery(t, inner, "span")
			em := &counter{}
			if tc.outerHasListens {
				mustQuery(t, outer, "em").AddEventListener("click", em)
			}
			if _, err := mustQuery(t, outer, "p").AppendChild(inner); err != nil {
				t.Fatal(err)
			}
			inner = nil
			// Held through a handle of the outer tree made before, and
			// through one made after the merge.
			em2 := mustQuery(t, outer, "em")
			outer = nil
			settle(d)
			click(t, mustQuery(t, em2.ParentNode(), "b"))
			click(t, em2)
			want := map[string]int{"b": 1, "em": 0}
			if tc.outerHasListens {
				want["em"] = 1
			}
			if diff := cmp.Diff(want, map[string]int{"b": got.calls, "em": em.calls}); diff != "" {
				t.Errorf("listener calls mismatch (-want +got):\n%s", diff)
			}
			// Held through a handle of the inserted tree made before the
			// merge only.
			em2 = nil
			settle(d)
			top := span
			for top.ParentNode() != nil {
				top = top.ParentNode()
			}
			click(t, mustQuery(t, top, "em"))
			click(t, mustQuery(t, top, "b"))
			for k := range want {
				want[k] *= 2
			}
			if diff := cmp.Diff(want, map[string]int{"b": got.calls, "em": em.calls}); diff != "" {
				t.Errorf("held through the inserted tree: listener calls mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// A detached tree inserted into the document gives its listeners to the
// document: nothing the program holds is needed any more.
func TestInsertIntoDocumentKeepsListeners(t *testing.T) {
	d := ParseString(`<body></body>`)
	el, _ := d.CreateElement("div")
	if err := el.SetInnerHTML(`<p id=q>x</p>`); err != nil {
		t.Fatal(err)
	}
	c := &counter{}
	mustQuery(t, el, "p").AddEventListener("click", c)
	if got := d.dead.islands.Load(); got != 1 {
		t.Fatalf("live islands %d, want 1", got)
	}
	if _, err := d.Body().AppendChild(el); err != nil {
		t.Fatal(err)
	}
	if got := d.dead.islands.Load(); got != 0 {
		t.Errorf("the island outlived its tree's insertion: %d live, want 0", got)
	}
	el = nil
	settle(d)
	click(t, d.GetElementByID("q"))
	if c.calls != 1 {
		t.Errorf("the listener ran %d times, want 1", c.calls)
	}
}

// A fragment's children keep their listeners through the fragment and
// after they move out of it.
func TestFragmentKeepsListeners(t *testing.T) {
	d := ParseString(`<body></body>`)
	f := d.CreateDocumentFragment()
	b, _ := d.CreateElement("b")
	if _, err := f.AppendChild(b); err != nil {
		t.Fatal(err)
	}
	c := &counter{}
	b.AddEventListener("click", c)
	b = nil
	settle(d)
	click(t, f.FirstChild())
	host, _ := d.CreateElement("div")
	if _, err := host.AppendChild(f); err != nil {
		t.Fatal(err)
	}
	f = nil
	settle(d)
	click(t, host.FirstChild())
	if c.calls != 2 {
		t.Errorf("the listener ran %d times, want 2", c.calls)
	}
}

// Adopted nodes take their handles, listeners and islands to the new
// document, and leave no entry in the old one.
func TestAdoptionMovesHandles(t *testing.T) {
	d1 := ParseString(`<div id=a><b id=b></b></div>`)
	d2 := ParseString(`<body></body>`)
	c := &counter{}
	d1.GetElementByID("b").AddEventListener("click", c)
	a := d1.GetElementByID("a")
	if _, err := d2.AdoptNode(a); err != nil {
		t.Fatal(err)
	}
	if _, ok := d1.nodes[nodeKeyOf(a.h)]; ok {
		t.Error("the old document still has an entry for the adopted node")
	}
	if i1, i2 := d1.dead.islands.Load(), d2.dead.islands.Load(); i1 != 0 || i2 != 1 {
		t.Errorf("islands: %d in the old document, %d in the new; want 0 and 1", i1, i2)
	}
	bh := a.h.FirstChild
	settle(d2)
	click(t, a.FirstChild())
	if _, err := d2.Body().AppendChild(a); err != nil {
		t.Fatal(err)
	}
	a = nil
	settle(d2)
	click(t, d2.Wrap(bh))
	if c.calls != 2 {
		t.Errorf("the listener ran %d times, want 2", c.calls)
	}
	if n := d2.GetElementByID("b"); n.OwnerDocument() != d2 {
		t.Error("the adopted node's owner is not the new document")
	}
}

// What an *html.Node kept alone gives back: in the document's tree, the
// handle with its listeners; in a detached tree of which the program holds
// no handle, a new handle without them (as Document.Wrap says).
func TestWrapOfKeptHTMLNode(t *testing.T) {
	d := ParseString(`<div id=a></div><div id=b></div>`)
	c := &counter{}
	d.GetElementByID("a").AddEventListener("click", c)
	b := d.GetElementByID("b")
	b.AddEventListener("click", c)
	ah, bh := d.GetElementByID("a").HTML(), b.HTML()
	b.Remove()
	b = nil
	collectUntil(t, "the detached handle of #b, held by no one, is alive", func() bool {
		d.drainDead()
		_, ok := d.nodes[nodeKeyOf(bh)]
		return !ok
	})
	click(t, d.Wrap(ah))
	click(t, d.Wrap(bh))
	if c.calls != 1 {
		t.Errorf("listener calls %d, want 1 (the connected node's only)", c.calls)
	}
}

// Template contents keep their listeners while the template lives.
func TestTemplateContentsKeepListeners(t *testing.T) {
	d := ParseString(`<template id=t><p>x</p></template>`)
	c := &counter{}
	d.GetElementByID("t").Content().FirstChild().AddEventListener("click", c)
	settle(d)
	settle(d.contentsOwner())
	click(t, d.GetElementByID("t").Content().FirstChild())
	if c.calls != 1 {
		t.Errorf("the listener ran %d times, want 1", c.calls)
	}
}

// Deep in the document's tree, where a new handle may be held weakly (its
// node is more than 64 levels below the root and below any node held
// strongly), a handle with listeners is held by the document all the same.
func TestDeepConnectedListenerSurvivesCollection(t *testing.T) {
	const depth = 200
	d := ParseString(`<body>` + strings.Repeat(`<div>`, depth) + `<b id=deep></b>` + strings.Repeat(`</div>`, depth))
	bh := d.ids["deep"]
	c := &counter{}
	// Made from the bottom up: no ancestor has a handle yet.
	n := d.Wrap(bh.Parent)
	n.AddEventListener("click", c)
	wn := weak.Make(n)
	n = nil
	settle(d)
	if wn.Value() == nil {
		t.Fatal("the handle with a listener, deep in the tree, was collected")
	}
	click(t, d.GetElementByID("deep"))
	if c.calls != 1 {
		t.Errorf("the listener ran %d times, want 1", c.calls)
	}
}

// A subtree moved within the document, or taken out and put back, is held
// by the document again once it is back in the tree.
func TestMovedSubtreeHeldAgain(t *testing.T) {
	d := ParseString(`<div id=from><p id=p><i>x</i></p></div><div id=to></div>`)
	p := d.GetElementByID("p")
	i := p.FirstChild()
	if _, err := d.GetElementByID("to").AppendChild(p); err != nil {
		t.Fatal(err)
	}
	wp, wi := weak.Make(p), weak.Make(i)
	p, i = nil, nil
	settle(d)
	if wp.Value() == nil || wi.Value() == nil {
		t.Errorf("handles of a moved subtree collected: <p> %v, <i> %v", wp.Value() != nil, wi.Value() != nil)
	}
	if k := d.nodes[nodeKeyOf(d.ids["p"])]; k.n == nil {
		t.Error("the moved <p> is held weakly in the tree")
	}
}
