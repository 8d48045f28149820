package vdom_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/fixtures"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// FuzzMutateDispatch runs a program of mutations and dispatches, decoded
// from the fuzzer's bytes, on a parsed page. Listeners act while the event
// is being dispatched: they stop propagation, cancel, add and remove
// listeners (their own target's included, and the listener that is
// running), remove the event's target, move nodes, clear elements, change
// ids, dispatch nested events, re-dispatch the running event and panic.
//
// Every dispatch is first run on a reference model of DOM §2.9 written
// here, as plainly as the specification reads: its own listener lists
// ("clone the list, skip removed listeners"), its own parent links and its
// own flags. The trace of listener calls (listener, phase, current target,
// nesting), what each nested dispatch returned, how many listeners panicked
// and the outcome of each mutation must be the same. After every step of
// the program the tree must be consistent (checkTree: links, handles, the id
// index equal to a full scan) and its parent links must equal the model's.
func FuzzMutateDispatch(f *testing.F) {
	for _, page := range dispatchFuzzPages(f) {
		for _, prog := range dispatchFuzzSeeds {
			f.Add(page, prog)
		}
	}
	f.Fuzz(func(t *testing.T, page string, prog []byte) {
		runDispatchProgram(t, page, prog)
	})
}

// TestMutateDispatchRandom is FuzzMutateDispatch on random programs with a
// fixed seed, so that plain go test covers more than the seeds.
func TestMutateDispatchRandom(t *testing.T) {
	pages := dispatchFuzzPages(t)
	rng := rand.New(rand.NewPCG(7, 11))
	runs := stressSize(600, 150)
	for i := range runs {
		prog := make([]byte, 16+rng.IntN(240))
		for j := range prog {
			prog[j] = byte(rng.UintN(256))
		}
		page := pages[i%len(pages)]
		if !t.Run(fmt.Sprint(i), func(t *testing.T) { runDispatchProgram(t, page, prog) }) {
			t.Logf("program: %q\npage: %.80q", prog, page)
			return
		}
	}
}

// dispatchFuzzPages are the fixture pages and the pages of the conformance
// cases.
func dispatchFuzzPages(tb testing.TB) []string {
	tb.Helper()
	pages := []string{tTableHTML, tABCHTML, "", "<p id=a>x<!--c--><b id=b>y</b></p>"}
	names, err := fs.Glob(fixtures.FS(), "*.html")
	if err != nil {
		tb.Fatal(err)
	}
	more, err := fs.Glob(fixtures.FS(), "*/*.html")
	if err != nil {
		tb.Fatal(err)
	}
	for _, name := range append(names, more...) {
		pages = append(pages, fixtures.MustPage(name))
	}
	return pages
}

// dispatchFuzzSeeds are programs in the encoding runDispatchProgram reads
// (see programOp, dispatchAction and dispatchWorld.target: a target byte
// below 0x80 selects from the focus, 0 being the deepest node; 0x80 is the
// document; inside a listener 0 and 1 are the current and the event's
// target).
var dispatchFuzzSeeds = [][]byte{
	// A capture listener on the document removes the target; a click at
	// the deepest node, then again at it, detached.
	{opAddListener, 0x80, 0, 1, 0, actRemoveTarget, 0, 0, 0, 0, opDispatch, 0, 0, 1, opDispatch, 0, 0, 1},
	// A listener on the parent moves a node and adds a listener to the
	// current target; one on the target stops propagation.
	{opAddListener, 1, 0, 0, 1, actMove, 3, 1, 0, 0, actAdd, 0, 0, 0, 0, opAddListener, 0, 0, 0, 0, actStop, 0, 0, 0, 0,
		opDispatch, 0, 0, 1, opDispatch, 0, 0, 1},
	// A once capture listener on the document dispatches a nested event
	// and re-dispatches the running one; a passive listener cancels; a
	// listener panics; the last event again.
	{opAddListener, 0x80, 0, 3, 1, actNested, 0, 5, 3, 0, actRedispatch, 1, 0, 0, 0, opAddListener, 0, 5, 4, 0, actPrevent, 0, 0, 0, 0,
		opAddListener, 0, 0, 0, 0, actPanic, 0, 0, 0, 0, opDispatch, 0, 0, 3, opDispatch, 0, 5, 3, opRedispatch, 1},
	// A listener removes listeners not yet run, and itself; one clears an
	// element and changes an id; one stops immediate propagation;
	// mutations between dispatches.
	{opAddListener, 0, 0, 0, 2, actRemove, 0, 0, 0, 1, actRemove, 2, 0, 0, 2, actRemove, 0, 0, 0, 0,
		opAddListener, 0, 0, 0, 1, actClear, 3, 0, 0, 0, actSetID, 4, 1, 0, 0, opAddListener, 2, 0, 0, 0, actStopImm, 0, 0, 0, 0,
		opDispatch, 0, 0, 3, opMutate, 1, 4, 2, opMutate, 2, 3, 0, opDispatch, 0, 0, 3, opRemoveListener, 0, 0, 0, 0, opDispatch, 2, 0, 1},
}

// Program op codes: one byte (mod 8: 0-2 add a listener, 3 remove one,
// 4-5 dispatch, 6 mutate, 7 re-dispatch), then the op's operands.
const (
	opAddListener    = 0 // target, type, options, number of actions - 1, actions (5 bytes each)
	opRemoveListener = 3 // listener, target, type, capture
	opDispatch       = 4 // target, type, init
	opMutate         = 6 // kind, x, y
	opRedispatch     = 7 // target: the last event again
)

// programOp decodes an op byte.
func programOp(b byte) byte {
	switch b %= 8; b {
	case 0, 1, 2:
		return opAddListener
	case 5:
		return opDispatch
	}
	return b
}

// Listener actions: one byte, then four operand bytes.
const (
	actStop         = iota
	actStopImm      // stopImmediatePropagation
	actPrevent      // preventDefault
	actAdd          // target, type, options, listener (0: a new silent one)
	actRemove       // target, type, capture, listener
	actRemoveTarget // the event's target leaves the tree
	actMove         // node, into element
	actNested       // target, type, init: a nested dispatch (two levels at most)
	actRedispatch   // the running event, at a target: InvalidStateError
	actPanic        // panics; the listener's later actions do not run
	actClear        // SetTextContent on an element
	actSetID        // an element's id
	actCount
)

// dispatchType is the event type a byte selects, mostly "click" so that
// listeners and dispatches meet; "load" does not reach the Window.
func dispatchType(b byte) string {
	switch b % 8 {
	case 5:
		return "a"
	case 6:
		return "b"
	case 7:
		return "load"
	}
	return "click"
}

// dispatchIDs are the ids actSetID gives; checkTree probes each.
var dispatchIDs = []string{"a", "b", "x", "dup", "gone"}

// dispatchAction is one action of a listener.
type dispatchAction struct {
	kind       byte
	p1, p2, p3 byte
	p4         byte
}

// dispatchListener is the spec of one listener, shared by both worlds.
type dispatchListener struct {
	actions []dispatchAction
}

// progReader reads the program; past its end it reads zeros.
type progReader struct {
	b []byte
	i int
}

func (r *progReader) next() byte {
	if r.i >= len(r.b) {
		r.i++
		return 0
	}
	c := r.b[r.i]
	r.i++
	return c
}

func (r *progReader) done() bool { return r.i >= len(r.b) }

// dispatchWorld holds the page, the nodes the program can name, the
// listener specs, and the two worlds: the real document and the model.
type dispatchWorld struct {
	t     *testing.T
	doc   *vdom.Document
	nodes []*vdom.Node // nodes[0] is the document
	index map[*vdom.Node]int
	specs []*dispatchListener // by listener id
	// focus names the deepest node of the page at the start and the
	// objects above it: half the target bytes select among them, so that
	// listeners and dispatches meet on one path.
	focus []string

	// The real world: one Listener per id, the trace the listeners write,
	// the nesting of dispatches.
	real      map[int]*fuzzListener
	realTrace []string
	realDepth int
	realNext  int // next id of a silent listener created during dispatch

	m *dispatchModel
}

// dispatchModel is the reference: DOM §2.9 over its own parent links and
// listener lists, keyed by target names ("document", "window", "n12").
type dispatchModel struct {
	w      *dispatchWorld
	parent []int // by node index; -1: none
	lists  map[string][]*modelRecord
	trace  []string
	depth  int
	next   int
	// calls counts the listener calls of the program, up to callBudget.
	calls int
}

// callBudget bounds the listener calls of one program: listeners that
// dispatch nested events at paths full of listeners multiply quickly, and
// a program that takes seconds slows the fuzzer more than it finds.
const callBudget = 20_000

// modelRecord is the DOM's "event listener" struct.
type modelRecord struct {
	id                              int
	typ                             string
	capture, once, passive, removed bool
}

// modelEvent is the state of an event in the model.
type modelEvent struct {
	typ                                     string
	bubbles, cancelable                     bool
	stop, stopImm, canceled, inPassive, dis bool
	target                                  string
}

// fuzzListener is the real listener of one id.
type fuzzListener struct {
	w  *dispatchWorld
	id int
}

func runDispatchProgram(t *testing.T, page string, prog []byte) {
	t.Helper()
	doc, err := vdom.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	w := &dispatchWorld{t: t, doc: doc, index: map[*vdom.Node]int{}, real: map[int]*fuzzListener{}, realNext: silentIDs}
	// Keep the node table small enough for the program's bytes to reach
	// every node. The first nodes in tree order hold the ancestors of
	// each other.
	w.addNode(&doc.Node)
	for n := range doc.Descendants() {
		if len(w.nodes) == 200 {
			break
		}
		w.addNode(n)
	}
	deepest, depth := 0, -1
	for i, n := range w.nodes {
		d := 0
		for p := n.ParentNode(); p != nil; p = p.ParentNode() {
			d++
		}
		if d > depth {
			deepest, depth = i, d
		}
	}
	for n := w.nodes[deepest]; n != nil && w.indexOf(n) > 0; n = n.ParentNode() {
		w.focus = append(w.focus, fmt.Sprintf("n%d", w.indexOf(n)))
	}
	w.focus = append(w.focus, "document")
	if doc.Window() != nil {
		w.focus = append(w.focus, "window")
	}
	w.m = &dispatchModel{w: w, lists: map[string][]*modelRecord{}, next: silentIDs}
	w.m.parent = make([]int, len(w.nodes))
	for i, n := range w.nodes {
		w.m.parent[i] = w.indexOf(n.ParentNode())
	}
	var last *vdom.Event
	var lastModel *modelEvent
	r := &progReader{b: prog}
	for step := 0; step < 64 && !r.done(); step++ {
		switch op := programOp(r.next()); op {
		case opAddListener:
			tgt, typ, opts, n := r.next(), r.next(), r.next(), 1+int(r.next()%3)
			spec := &dispatchListener{}
			for range n {
				spec.actions = append(spec.actions, dispatchAction{r.next() % actCount, r.next(), r.next(), r.next(), r.next()})
			}
			id := len(w.specs)
			w.specs = append(w.specs, spec)
			w.realAdd(w.target(tgt, nil), dispatchType(typ), opts, id)
			w.m.add(w.m.target(tgt, nil), dispatchType(typ), opts, id)
		case opRemoveListener:
			if len(w.specs) == 0 {
				continue
			}
			id, tgt, typ, capture := int(r.next())%len(w.specs), r.next(), r.next(), r.next()%2 == 1
			w.realTarget(w.target(tgt, nil)).RemoveEventListenerWith(dispatchType(typ), w.listener(id), vdom.ListenerOptions{Capture: capture})
			w.m.remove(w.m.target(tgt, nil), dispatchType(typ), capture, id)
		case opDispatch, opRedispatch:
			tgt := r.next()
			var e *vdom.Event
			var me *modelEvent
			if op == opRedispatch {
				if last == nil {
					continue
				}
				e, me = last, lastModel
			} else {
				typ, init := dispatchType(r.next()), r.next()
				e = vdom.NewEventWith(typ, vdom.EventInit{Bubbles: init&1 != 0, Cancelable: init&2 != 0})
				me = &modelEvent{typ: typ, bubbles: init&1 != 0, cancelable: init&2 != 0}
			}
			last, lastModel = e, me
			name := w.target(tgt, nil)
			// The model first: it reads the specs, the real world then
			// does the same.
			w.m.trace = nil
			ok, panics := w.m.dispatch(me, name)
			if w.m.calls > callBudget {
				return // the real dispatch is not run: the program ends here
			}
			w.m.trace = append(w.m.trace, fmt.Sprintf("dispatch %s at %s: %v, %d panics", me.typ, name, ok, panics))
			w.realTrace = nil
			rok, err := w.realTarget(name).DispatchEvent(e)
			w.realTrace = append(w.realTrace, fmt.Sprintf("dispatch %s at %s: %v, %d panics", e.Type(), name, rok, w.panics(err)))
			if diff := cmp.Diff(w.m.trace, w.realTrace); diff != "" {
				t.Fatalf("step %d: trace mismatch (-model +vdom):\n%s", step, diff)
			}
			if e.EventPhase() != vdom.PhaseNone || e.CurrentTarget() != nil || e.CancelBubble() || len(e.ComposedPath()) != 0 {
				t.Fatalf("step %d: after dispatch: phase %v, currentTarget %v, cancelBubble %v, path %v",
					step, e.EventPhase(), e.CurrentTarget(), e.CancelBubble(), e.ComposedPath())
			}
			if w.realNext != w.m.next {
				t.Fatalf("step %d: the model made listeners up to %d, vdom up to %d", step, w.m.next, w.realNext)
			}
		case opMutate:
			kind, x, y := r.next()%5, r.next(), r.next()
			// The model first: a created element joins the table in
			// realMutate.
			want := w.m.mutate(kind, x, y)
			got := w.realMutate(kind, x, y)
			if got != want {
				t.Fatalf("step %d: mutation %d(%d, %d): vdom %q, model %q", step, kind, x, y, got, want)
			}
		}
		w.check(step)
	}
}

func (w *dispatchWorld) addNode(n *vdom.Node) {
	w.index[n] = len(w.nodes)
	w.nodes = append(w.nodes, n)
}

// indexOf returns n's index in the node table, -1 for nil and for nodes
// outside it.
func (w *dispatchWorld) indexOf(n *vdom.Node) int {
	if n == nil {
		return -1
	}
	if i, ok := w.index[n]; ok && i < len(w.nodes) {
		return i
	}
	return -1
}

// check compares the tree with the model's parent links and checks it.
func (w *dispatchWorld) check(step int) {
	w.t.Helper()
	for i, n := range w.nodes {
		if got := w.indexOf(n.ParentNode()); got != w.m.parent[i] {
			w.t.Fatalf("step %d: parent of %s (n%d) is n%d, the model says n%d", step, n, i, got, w.m.parent[i])
		}
	}
	checkTree(w.t, w.doc, dispatchIDs...)
	if w.t.Failed() {
		w.t.FailNow()
	}
}

// target names the target that b selects: with the high bit clear one of
// the focus, else any node, the document or the Window. Inside a listener,
// 0 and 1 (mod 8) name the current target and the event's target.
func (w *dispatchWorld) target(b byte, cur *[2]string) string {
	if cur != nil {
		switch b % 8 {
		case 0:
			return cur[0]
		case 1:
			return cur[1]
		}
	}
	if b&0x80 == 0 {
		return w.focus[int(b)%len(w.focus)]
	}
	i := int(b&0x7f) % (len(w.nodes) + 1)
	switch {
	case i == len(w.nodes):
		if w.doc.Window() != nil {
			return "window"
		}
		return "document"
	case i == 0:
		return "document"
	}
	return fmt.Sprintf("n%d", i)
}

func (w *dispatchWorld) realTarget(name string) vdom.EventTarget {
	switch name {
	case "window":
		return w.doc.Window()
	case "document":
		return w.doc
	}
	var i int
	fmt.Sscanf(name, "n%d", &i)
	return w.nodes[i]
}

// name names a real target as the model does.
func (w *dispatchWorld) name(t vdom.EventTarget) string {
	switch t := t.(type) {
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		switch i := w.indexOf(t); {
		case i == 0:
			return "document"
		case i > 0:
			return fmt.Sprintf("n%d", i)
		}
		return "node outside the table: " + t.String()
	}
	return fmt.Sprintf("%T", t)
}

// listener returns the real Listener of id.
func (w *dispatchWorld) listener(id int) *fuzzListener {
	l := w.real[id]
	if l == nil {
		l = &fuzzListener{w: w, id: id}
		w.real[id] = l
	}
	return l
}

func listenerOpts(b byte) (capture, once, passive bool) {
	return b&1 != 0, b&2 != 0, b&4 != 0
}

func (w *dispatchWorld) realAdd(name, typ string, opts byte, id int) {
	capture, once, passive := listenerOpts(opts)
	w.realTarget(name).AddEventListenerWith(typ, w.listener(id), vdom.ListenerOptions{Capture: capture, Once: once, Passive: &passive})
}

// panics counts the listener errors of a dispatch.
func (w *dispatchWorld) panics(err error) int {
	if err == nil {
		return 0
	}
	var n int
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var le *vdom.ListenerError
		if !errors.As(e, &le) {
			w.t.Fatalf("dispatch error %v is not a *ListenerError", e)
		}
		n++
	}
	return n
}

func indent(depth int) string { return strings.Repeat("  ", depth) }

// HandleEvent records the call and runs the listener's actions on the real
// document.
func (l *fuzzListener) HandleEvent(e *vdom.Event) {
	w := l.w
	cur := [2]string{w.name(e.CurrentTarget()), w.name(e.Target())}
	w.realTrace = append(w.realTrace, fmt.Sprintf("%sL%d %v at %s", indent(w.realDepth), l.id, e.EventPhase(), cur[0]))
	if l.id >= len(w.specs) {
		return // made during a dispatch: it only records
	}
	for _, a := range w.specs[l.id].actions {
		w.realAction(a, e, cur)
	}
}

func (w *dispatchWorld) realAction(a dispatchAction, e *vdom.Event, cur [2]string) {
	note := func(s string) { w.realTrace = append(w.realTrace, indent(w.realDepth)+"  "+s) }
	switch a.kind {
	case actStop:
		e.StopPropagation()
	case actStopImm:
		e.StopImmediatePropagation()
	case actPrevent:
		e.PreventDefault()
	case actAdd:
		id := w.pickListener(a.p4, &w.realNext)
		w.realAdd(w.target(a.p1, &cur), dispatchType(a.p2), a.p3, id)
	case actRemove:
		if len(w.specs) == 0 {
			return
		}
		id := int(a.p4) % len(w.specs)
		w.realTarget(w.target(a.p1, &cur)).RemoveEventListenerWith(dispatchType(a.p2), w.listener(id), vdom.ListenerOptions{Capture: a.p3%2 == 1})
	case actRemoveTarget:
		if n, ok := e.Target().(*vdom.Node); ok {
			n.Remove()
		}
	case actMove:
		note(w.realMutate(1, a.p1, a.p2))
	case actNested:
		if w.realDepth >= 2 {
			return
		}
		name := w.target(a.p1, &cur)
		typ := dispatchType(a.p2)
		w.realDepth++
		ok, err := w.realTarget(name).DispatchEvent(vdom.NewEventWith(typ, vdom.EventInit{Bubbles: a.p3&1 != 0, Cancelable: a.p3&2 != 0}))
		w.realDepth--
		note(fmt.Sprintf("nested %s at %s: %v, %d panics", typ, name, ok, w.panics(err)))
	case actRedispatch:
		_, err := w.realTarget(w.target(a.p1, &cur)).DispatchEvent(e)
		note(fmt.Sprintf("re-dispatch: InvalidState %v", errors.Is(err, vdom.ErrInvalidState)))
	case actPanic:
		panic("fuzz listener panics")
	case actClear:
		note(w.realMutate(3, a.p1, 0))
	case actSetID:
		note(w.realMutate(4, a.p1, a.p2))
	}
}

// silentIDs is the first id of the listeners that actions make during a
// dispatch; they only record their calls.
const silentIDs = 1 << 20

// pickListener returns the listener id an add action names: a new silent
// listener for 0, else one of the program's.
func (w *dispatchWorld) pickListener(b byte, next *int) int {
	if b%4 == 0 || len(w.specs) == 0 {
		id := *next
		*next++
		return id
	}
	return int(b) % len(w.specs)
}

// realMutate applies a mutation to the document and describes the outcome.
// Kinds: 0 remove x; 1 append x to y; 2 append a new <span> to y;
// 3 SetTextContent on y... x; 4 set x's id.
func (w *dispatchWorld) realMutate(kind, x, y byte) string {
	n := len(w.nodes)
	nx, ny := w.nodes[int(x)%n], w.nodes[int(y)%n]
	switch kind {
	case 0:
		nx.Remove()
		return "remove"
	case 1:
		if !movable(nx) || !ny.IsElement() {
			return "move: skipped"
		}
		_, err := ny.AppendChild(nx)
		return fmt.Sprintf("move: error %v", err != nil)
	case 2:
		if !ny.IsElement() {
			return "create: skipped"
		}
		el, err := w.doc.CreateElement("span")
		if err != nil {
			w.t.Fatal(err)
		}
		if _, err := ny.AppendChild(el); err != nil {
			w.t.Fatalf("append a new element to %s: %v", ny, err)
		}
		w.addNode(el)
		return "create"
	case 3:
		if !nx.IsElement() {
			return "clear: skipped"
		}
		nx.SetTextContent("t")
		return "clear"
	case 4:
		if !nx.IsElement() {
			return "id: skipped"
		}
		if err := nx.SetID(dispatchIDs[int(y)%len(dispatchIDs)]); err != nil {
			w.t.Fatal(err)
		}
		return "id"
	}
	return ""
}

// movable reports whether the model moves n: elements, text and comments.
func movable(n *vdom.Node) bool {
	switch n.NodeType() {
	case vdom.ElementNode, vdom.TextNode, vdom.CommentNode:
		return true
	}
	return false
}

// The model.

func (m *dispatchModel) target(b byte, cur *[2]string) string { return m.w.target(b, cur) }

// add is DOM "add an event listener".
func (m *dispatchModel) add(name, typ string, opts byte, id int) {
	capture, once, passive := listenerOpts(opts)
	for _, r := range m.lists[name] {
		if r.id == id && r.typ == typ && r.capture == capture {
			return
		}
	}
	m.lists[name] = append(m.lists[name], &modelRecord{id: id, typ: typ, capture: capture, once: once, passive: passive})
}

// remove is DOM "remove an event listener": set the removed flag and drop
// the record from the list.
func (m *dispatchModel) remove(name, typ string, capture bool, id int) {
	list := m.lists[name]
	for i, r := range list {
		if r.id == id && r.typ == typ && r.capture == capture {
			r.removed = true
			m.lists[name] = append(list[:i:i], list[i+1:]...)
			return
		}
	}
}

// path is the event path of DOM §2.9 step 5: the target, then each parent,
// the Document's parent being its Window except for load.
func (m *dispatchModel) path(name, typ string) []string {
	path := []string{name}
	if name == "window" {
		return path
	}
	i := 0
	if name != "document" {
		fmt.Sscanf(name, "n%d", &i)
		for i = m.parent[i]; i > 0; i = m.parent[i] {
			path = append(path, fmt.Sprintf("n%d", i))
		}
		if i < 0 {
			return path // not in the document
		}
		path = append(path, "document")
	}
	if m.w.doc.Window() != nil && typ != "load" {
		path = append(path, "window")
	}
	return path
}

// dispatch is DOM §2.9 "dispatch": it returns the negation of the canceled
// flag and the number of listeners that panicked.
func (m *dispatchModel) dispatch(ev *modelEvent, name string) (bool, int) {
	ev.dis = true
	ev.target = name
	path := m.path(name, ev.typ)
	panics := 0
	for i := len(path) - 1; i >= 0; i-- {
		phase := vdom.CapturingPhase
		if i == 0 {
			phase = vdom.AtTarget
		}
		panics += m.invoke(ev, path[i], phase, true)
	}
	for i := range path {
		phase := vdom.AtTarget
		if i > 0 {
			if !ev.bubbles {
				break
			}
			phase = vdom.BubblingPhase
		}
		panics += m.invoke(ev, path[i], phase, false)
	}
	ev.dis, ev.stop, ev.stopImm = false, false, false
	return !ev.canceled, panics
}

// invoke is DOM "invoke" and "inner invoke" for one struct of the path.
func (m *dispatchModel) invoke(ev *modelEvent, at string, phase vdom.Phase, capturePass bool) int {
	if ev.stop {
		return 0
	}
	listeners := append([]*modelRecord(nil), m.lists[at]...) // the clone
	panics := 0
	for _, r := range listeners {
		if r.removed || r.typ != ev.typ || r.capture != capturePass {
			continue
		}
		if r.once {
			m.remove(at, r.typ, r.capture, r.id)
		}
		ev.inPassive = r.passive
		if m.call(r.id, ev, at, phase) {
			panics++
		}
		ev.inPassive = false
		if ev.stopImm {
			break
		}
	}
	return panics
}

// call runs listener id in the model and reports whether it panicked.
func (m *dispatchModel) call(id int, ev *modelEvent, at string, phase vdom.Phase) (panicked bool) {
	m.trace = append(m.trace, fmt.Sprintf("%sL%d %v at %s", indent(m.depth), id, phase, at))
	if m.calls++; id >= len(m.w.specs) || m.calls > callBudget {
		return false
	}
	cur := [2]string{at, ev.target}
	note := func(s string) { m.trace = append(m.trace, indent(m.depth)+"  "+s) }
	for _, a := range m.w.specs[id].actions {
		switch a.kind {
		case actStop:
			ev.stop = true
		case actStopImm:
			ev.stop, ev.stopImm = true, true
		case actPrevent:
			if ev.cancelable && !ev.inPassive {
				ev.canceled = true
			}
		case actAdd:
			lid := m.w.pickListener(a.p4, &m.next)
			m.add(m.target(a.p1, &cur), dispatchType(a.p2), a.p3, lid)
		case actRemove:
			if len(m.w.specs) == 0 {
				continue
			}
			m.remove(m.target(a.p1, &cur), dispatchType(a.p2), a.p3%2 == 1, int(a.p4)%len(m.w.specs))
		case actRemoveTarget:
			if i := m.nodeIndex(ev.target); i > 0 {
				m.parent[i] = -1
			}
		case actMove:
			note(m.mutate(1, a.p1, a.p2))
		case actNested:
			if m.depth >= 2 {
				continue
			}
			name := m.target(a.p1, &cur)
			nested := &modelEvent{typ: dispatchType(a.p2), bubbles: a.p3&1 != 0, cancelable: a.p3&2 != 0}
			m.depth++
			ok, panics := m.dispatch(nested, name)
			m.depth--
			note(fmt.Sprintf("nested %s at %s: %v, %d panics", nested.typ, name, ok, panics))
		case actRedispatch:
			note("re-dispatch: InvalidState true") // the dispatch flag is set
		case actPanic:
			return true
		case actClear:
			note(m.mutate(3, a.p1, 0))
		case actSetID:
			note(m.mutate(4, a.p1, a.p2))
		}
	}
	return false
}

// nodeIndex returns the index of a node name, 0 for the document and -1
// for the window.
func (m *dispatchModel) nodeIndex(name string) int {
	switch name {
	case "window":
		return -1
	case "document":
		return 0
	}
	var i int
	fmt.Sscanf(name, "n%d", &i)
	return i
}

// mutate is realMutate on the model's parent links. The rule for a move is
// DOM "ensure pre-insertion validity" for an element, text or comment
// inserted into an element: the element must not be the node or inside it.
func (m *dispatchModel) mutate(kind, x, y byte) string {
	n := len(m.w.nodes)
	ix, iy := int(x)%n, int(y)%n
	nx, ny := m.w.nodes[ix], m.w.nodes[iy]
	switch kind {
	case 0:
		m.parent[ix] = -1
		return "remove"
	case 1:
		if !movable(nx) || !ny.IsElement() {
			return "move: skipped"
		}
		for a := iy; a >= 0; a = m.parent[a] {
			if a == ix {
				return "move: error true"
			}
		}
		m.parent[ix] = iy
		return "move: error false"
	case 2:
		if !ny.IsElement() {
			return "create: skipped"
		}
		// The real world added the element to the table already.
		m.parent = append(m.parent, iy)
		return "create"
	case 3:
		if !nx.IsElement() {
			return "clear: skipped"
		}
		for i, p := range m.parent {
			if p == ix {
				m.parent[i] = -1
			}
		}
		return "clear"
	case 4:
		if !nx.IsElement() {
			return "id: skipped"
		}
		return "id"
	}
	return ""
}
