package compare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/eventperk/eventperk-go/internal/benchop"
	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// The Go side of every workload. Each mirrors the benchmark of the same
// name in vdom/bench_test.go or perk/bench_test.go, and computes the check
// value that bench/js/workloads.mjs computes the same way on each JS DOM.
// Listeners and handlers count their calls; they also log them while a
// check runs, outside the timed loops.

// hash8 is FNV-1a (32 bits) of s in hex, as workloads.mjs computes it.
func hash8(s string) string {
	h := fnv.New32a()
	h.Write([]byte(s))
	return fmt.Sprintf("%08x", h.Sum32())
}

// shapeCheck describes a parsed page: its elements, ids, and a hash of every
// element's depth and local name in document order.
func shapeCheck(doc *vdom.Document) (check string, elements int) {
	var b strings.Builder
	ids := 0
	var walk func(n *vdom.Node, depth int)
	walk = func(n *vdom.Node, depth int) {
		for c := n.FirstElementChild(); c != nil; c = c.NextElementSibling() {
			elements++
			if c.ID() != "" {
				ids++
			}
			b.WriteString(strconv.Itoa(depth))
			b.WriteByte(':')
			b.WriteString(c.LocalName())
			b.WriteByte(';')
			walk(c, depth+1)
		}
	}
	walk(&doc.Node, 1)
	return fmt.Sprintf("elements=%d ids=%d shape=%s", elements, ids, hash8(b.String())), elements
}

// elementIndex numbers the elements of doc in document order from 0.
func elementIndex(doc *vdom.Document) map[*vdom.Node]int {
	idx := map[*vdom.Node]int{}
	var walk func(n *vdom.Node)
	walk = func(n *vdom.Node) {
		for c := n.FirstElementChild(); c != nil; c = c.NextElementSibling() {
			idx[c] = len(idx)
			walk(c)
		}
	}
	walk(&doc.Node)
	return idx
}

// --- W1 parse ---

//go:noinline // see benchFunc
func benchParse(page []byte) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			if _, err := vdom.Parse(bytes.NewReader(page)); err != nil {
				fail("vdom.Parse: %v", err)
			}
		}
	}
}

//go:noinline // see benchFunc
func benchHTMLParse(page []byte) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		b.SetBytes(int64(len(page)))
		for b.Loop() {
			if _, err := html.Parse(bytes.NewReader(page)); err != nil {
				fail("html.Parse: %v", err)
			}
		}
	}
}

func checkParse(page []byte) (string, error) {
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	c, _ := shapeCheck(doc)
	return c, nil
}

// --- W2 querySelectorAll ---

func queryRoots(doc *vdom.Document, ids []string) ([]*vdom.Node, error) {
	roots := make([]*vdom.Node, len(ids))
	for i, id := range ids {
		if roots[i] = doc.GetElementByID(id); roots[i] == nil {
			return nil, fmt.Errorf("no element #%s", id)
		}
	}
	return roots, nil
}

//go:noinline // see benchFunc
func benchQuery(roots []*vdom.Node, sel string) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range roots {
				if _, err := r.QuerySelectorAll(sel); err != nil {
					fail("%s: %v", sel, err)
				}
			}
		}
	}
}

// benchCascadia is the bound of W2: raw cascadia on the same x/net/html
// nodes. cascadia has no :scope; for ":scope > *" the bound is a walk over
// the root's children, as in vdom's BenchmarkQuerySelectorAll.
//
//go:noinline // see benchFunc
func benchCascadia(roots []*vdom.Node, sel string) benchFunc {
	if sel == ":scope > *" {
		return func(b *testing.B, _ func(string, ...any)) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range roots {
					var out []*html.Node
					for c := r.HTML().FirstChild; c != nil; c = c.NextSibling {
						if c.Type == html.ElementNode {
							out = append(out, c)
						}
					}
					_ = out
				}
			}
		}
	}
	return func(b *testing.B, fail func(string, ...any)) {
		m, err := cascadia.Compile(sel)
		if err != nil {
			fail("cascadia %s: %v", sel, err)
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range roots {
				_ = cascadia.QueryAll(r.HTML(), m)
			}
		}
	}
}

// checkQuery: total matches, a hash of the document index of every match
// in result order, and the count per root as detail.
func checkQuery(doc *vdom.Document, roots []*vdom.Node, ids []string, sel string) (string, []string, error) {
	idx := elementIndex(doc)
	var order strings.Builder
	total := 0
	detail := make([]string, len(roots))
	for i, r := range roots {
		res, err := r.QuerySelectorAll(sel)
		if err != nil {
			return "", nil, err
		}
		for _, n := range res {
			if total > 0 {
				order.WriteByte(',')
			}
			order.WriteString(strconv.Itoa(idx[n]))
			total++
		}
		detail[i] = ids[i] + ":" + strconv.Itoa(len(res))
	}
	return fmt.Sprintf("matches=%d order=%s", total, hash8(order.String())), detail, nil
}

// --- W3 deep click ---

type deepClick struct {
	target  *vdom.Node
	calls   int
	logging bool
	log     []string
}

// newDeepClick puts, on every element of the path from the target up to
// html, a bubble listener and then a capture listener (in that order, so
// that a DOM which runs the target's listeners in registration order rather
// than capture first shows it).
func newDeepClick(doc *vdom.Document, id string) (*deepClick, error) {
	d := &deepClick{target: doc.GetElementByID(id)}
	if d.target == nil {
		return nil, fmt.Errorf("no element #%s", id)
	}
	for n := d.target; n != nil && n.IsElement(); n = n.ParentNode() {
		tag := n.ID()
		if tag == "" {
			tag = n.LocalName()
		}
		for _, capture := range []bool{false, true} {
			kind := "b"
			if capture {
				kind = "c"
			}
			n.AddEventListenerWith("click", vdom.NewListener(func(e *vdom.Event) {
				d.calls++
				if d.logging {
					d.log = append(d.log, tag+":"+strconv.Itoa(int(e.EventPhase()))+":"+kind)
				}
			}), vdom.ListenerOptions{Capture: capture})
		}
	}
	return d, nil
}

func (d *deepClick) dispatch() error {
	_, err := d.target.DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true}))
	return err
}

//go:noinline // see benchFunc
func benchDeepClick(d *deepClick, want int) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			d.calls = 0
			if err := d.dispatch(); err != nil {
				fail("dispatch: %v", err)
			}
		}
		if d.calls != want {
			fail("%d listener calls per dispatch, want %d", d.calls, want)
		}
	}
}

func (d *deepClick) check() (string, []string, error) {
	d.calls, d.logging, d.log = 0, true, nil
	defer func() { d.logging = false }()
	if err := d.dispatch(); err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("calls=%d order=%s", len(d.log), hash8(strings.Join(d.log, ","))), d.log, nil
}

// newDeepClickFloor makes W3's bound, what its click costs the DOM without
// the listeners' own dispatch: the same click at the same element of
// another copy of the page, to one listener on the target that calls, in
// turn, 64 functions made as W3's listeners are (one closure each, over
// the same kinds of variables, with the same body). The event, its path,
// one listener call and the listeners' own work are in both; what W3 adds
// is the DOM's work per listener (finding each path element's listeners,
// their order and phases, the checks the standard makes before each
// call).
func newDeepClickFloor(page []byte, id string) (*floor, error) {
	return newFloor(page, id, "click",
		func() *vdom.Event { return vdom.NewEventWith("click", vdom.EventInit{Bubbles: true}) },
		func(f *floor) []func(*vdom.Event) {
			var fns []func(*vdom.Event)
			for n := f.el; n != nil && n.IsElement(); n = n.ParentNode() {
				tag := n.ID()
				if tag == "" {
					tag = n.LocalName()
				}
				for _, kind := range []string{"b", "c"} {
					fns = append(fns, func(e *vdom.Event) {
						f.calls++
						if f.logging {
							f.log = append(f.log, tag+":"+strconv.Itoa(int(e.EventPhase()))+":"+kind)
						}
					})
				}
			}
			return fns
		})
}

// floor is the bound of a dispatch row (W3, W7): an event dispatched at
// an element of its own copy of the page to one listener that calls the
// row's listener bodies as plain functions, in turn. Measured in the same
// run as its row, taking turns with it, it moves with the machine as the
// row does; the row's budget is a ratio to it.
type floor struct {
	el      *vdom.Node
	event   func() *vdom.Event
	calls   int
	logging bool // never set while timing: the bodies' branch, as in the rows
	log     []string
}

// newFloor parses page and puts on its element id one listener for typ
// that calls the functions fns makes, in turn. event makes each
// dispatched event.
func newFloor(page []byte, id, typ string, event func() *vdom.Event, fns func(*floor) []func(*vdom.Event)) (*floor, error) {
	doc, err := parseBytes(page)
	if err != nil {
		return nil, err
	}
	f := &floor{el: doc.GetElementByID(id), event: event}
	if f.el == nil {
		return nil, fmt.Errorf("no element #%s", id)
	}
	calls := fns(f)
	f.el.AddEventListener(typ, vdom.NewListener(func(e *vdom.Event) {
		for _, fn := range calls {
			fn(e)
		}
	}))
	return f, nil
}

//go:noinline // see benchFunc
func benchFloor(f *floor, want int) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			f.calls = 0
			if _, err := f.el.DispatchEvent(f.event()); err != nil {
				fail("dispatch: %v", err)
			}
		}
		if f.calls != want {
			fail("%d function calls per dispatch, want %d", f.calls, want)
		}
	}
}

// --- W4 CustomEvent ---

// customDetail is W4's detail. JavaScript's is { id: 7 }: an object of a
// fixed shape, whose property V8 reads as a field at a known offset. Its
// Go counterpart is a struct. The map detail of the second W4 row is what
// a Go program pays for reading it from a map[string]any instead: ten
// string lookups, about half of that row.
type customDetail struct{ ID int }

type customEvent struct {
	el      *vdom.Node
	ls      []vdom.Listener
	detail  any
	calls   int
	logging bool
	order   []string
}

// newCustomEvent adds listeners listeners for "update" to the element id
// of doc, each counting the calls whose detail has id 7: a *customDetail,
// or with asMap a map[string]any.
func newCustomEvent(doc *vdom.Document, id string, listeners int, asMap bool) (*customEvent, error) {
	c := &customEvent{el: doc.GetElementByID(id), detail: &customDetail{ID: 7}}
	if asMap {
		c.detail = map[string]any{"id": 7}
	}
	if c.el == nil {
		return nil, fmt.Errorf("no element #%s", id)
	}
	for i := range listeners {
		// One closure per detail kind, so that the listener reads its
		// detail directly, as the JavaScript listener does.
		fn := func(e *vdom.Event) {
			if d, ok := e.Detail().(*customDetail); ok && d.ID == 7 {
				c.called(i)
			}
		}
		if asMap {
			fn = func(e *vdom.Event) {
				if d, ok := e.Detail().(map[string]any); ok && d["id"] == 7 {
					c.called(i)
				}
			}
		}
		l := vdom.NewListener(fn)
		c.el.AddEventListener("update", l)
		c.ls = append(c.ls, l)
	}
	return c, nil
}

// remove takes the listeners away again: both W4 rows use the same element.
func (c *customEvent) remove() {
	for _, l := range c.ls {
		c.el.RemoveEventListener("update", l)
	}
}

// called counts a call of listener i, and logs it while check runs. It is
// small enough to be inlined into the listeners, as the JavaScript
// listener's code is part of it.
func (c *customEvent) called(i int) {
	c.calls++
	if c.logging {
		c.log(i)
	}
}

// log stays out of line, so that called is small enough to be inlined.
//
//go:noinline
func (c *customEvent) log(i int) { c.order = append(c.order, strconv.Itoa(i)) }

func (c *customEvent) dispatch() error {
	_, err := c.el.DispatchEvent(vdom.NewCustomEventWith("update", vdom.CustomEventInit{Detail: c.detail}))
	return err
}

//go:noinline // see benchFunc
func benchCustomEvent(c *customEvent, want int) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			c.calls = 0
			if err := c.dispatch(); err != nil {
				fail("dispatch: %v", err)
			}
		}
		if c.calls != want {
			fail("%d listener calls per dispatch, want %d", c.calls, want)
		}
	}
}

func (c *customEvent) check() (string, error) {
	c.calls, c.logging, c.order = 0, true, nil
	defer func() { c.logging = false }()
	if err := c.dispatch(); err != nil {
		return "", err
	}
	return fmt.Sprintf("calls=%d order=%s", c.calls, strings.Join(c.order, ",")), nil
}

// --- W5 add and remove listeners ---

type addRemove struct {
	el      *vdom.Node
	ls      []vdom.Listener
	logging bool
	calls   []int
}

func newAddRemove(n int) *addRemove {
	doc := vdom.ParseString(`<div id="t"></div>`)
	a := &addRemove{el: doc.GetElementByID("t"), ls: make([]vdom.Listener, n)}
	for i := range a.ls {
		a.ls[i] = vdom.NewListener(func(*vdom.Event) {
			if a.logging {
				a.calls = append(a.calls, i)
			}
		})
	}
	return a
}

//go:noinline // see benchFunc
func benchAddRemove(a *addRemove) benchFunc {
	return func(b *testing.B, _ func(string, ...any)) {
		// In locals, as the JavaScript side has them: read through a,
		// each add and remove loaded the element again.
		el, ls := a.el, a.ls
		b.ReportAllocs()
		for b.Loop() {
			for _, l := range ls {
				el.AddEventListener("click", l)
			}
			for _, l := range ls {
				el.RemoveEventListener("click", l)
			}
		}
	}
}

// check adds the listeners, dispatches a click, removes them and dispatches
// again: every listener must run once, in the order added, and then none.
func (a *addRemove) check() (string, error) {
	a.logging, a.calls = true, nil
	defer func() { a.logging = false }()
	for _, l := range a.ls {
		a.el.AddEventListener("click", l)
	}
	if _, err := a.el.DispatchEvent(vdom.NewEvent("click")); err != nil {
		return "", err
	}
	added := len(a.calls)
	inOrder := "ok"
	for i, c := range a.calls {
		if c != i {
			inOrder = "wrong"
			break
		}
	}
	for _, l := range a.ls {
		a.el.RemoveEventListener("click", l)
	}
	a.calls = nil
	if _, err := a.el.DispatchEvent(vdom.NewEvent("click")); err != nil {
		return "", err
	}
	return fmt.Sprintf("after-add=%d order=%s after-remove=%d", added, inOrder, len(a.calls)), nil
}

// --- W6 memory ---

func memoryVdom(page []byte, runs, elements int) *Measure {
	m := liveHeap(runs, elements, func() (any, error) {
		return vdom.Parse(bytes.NewReader(page))
	})
	if m.Error == "" {
		doc, err := vdom.Parse(bytes.NewReader(page))
		if err != nil {
			m.Error = err.Error()
			return m
		}
		_, n := shapeCheck(doc)
		m.Check = fmt.Sprintf("elements=%d", n)
	}
	return m
}

func memoryHTMLParse(page []byte, runs, elements int) *Measure {
	return liveHeap(runs, elements, func() (any, error) {
		return html.Parse(bytes.NewReader(page))
	})
}

// --- W7 trigger ---

type triggerUnit struct {
	p       *perk.EventPerk
	calls   int
	logging bool
	order   []string
	opts    map[string]any
}

// newTriggerUnit starts a unit on the element id of page with n handlers for
// "refresh" on the unit itself, handler i with order i%3, as perk's
// BenchmarkTrigger does.
func newTriggerUnit(page []byte, id string, n int) (*triggerUnit, error) {
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, err
	}
	root := doc.GetElementByID(id)
	if root == nil {
		return nil, fmt.Errorf("no element #%s", id)
	}
	t := &triggerUnit{opts: map[string]any{"id": 1}}
	methods := unit.Methods{}
	var infos []perk.HandlerInfo
	for i := range n {
		name := "h" + strconv.Itoa(i)
		methods[name] = unit.Sync(func(any, *vdom.Event, unit.Ex) error {
			t.calls++
			if t.logging {
				t.order = append(t.order, strconv.Itoa(i))
			}
			return nil
		})
		infos = append(infos, perk.HandlerInfo{Handler: perk.MethodName(name), Order: i % 3})
	}
	u, err := unit.New(doc, root, unit.Options{
		Settings: unit.Settings{"event": &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "this", Handlers: []perk.EventHandlers{{Event: "refresh", Handlers: infos}}},
		}}},
		Methods: methods,
	})
	if err != nil {
		return nil, err
	}
	if err := u.Start(context.Background()); err != nil {
		return nil, err
	}
	if t.p, err = perk.Events(u); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *triggerUnit) fire(sync bool) error {
	if sync {
		return t.p.TriggerSync(context.Background(), "refresh", t.opts, nil)
	}
	return t.p.Trigger(context.Background(), "refresh", t.opts, nil)
}

//go:noinline // see benchFunc
func benchTrigger(t *triggerUnit, sync bool, want int) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		b.ReportAllocs()
		for b.Loop() {
			t.calls = 0
			if err := t.fire(sync); err != nil {
				fail("trigger: %v", err)
			}
		}
		if t.calls != want {
			fail("%d handler calls per trigger, want %d", t.calls, want)
		}
	}
}

func (t *triggerUnit) check(sync bool) (string, error) {
	t.calls, t.logging, t.order = 0, true, nil
	defer func() { t.logging = false }()
	if err := t.fire(sync); err != nil {
		return "", err
	}
	if sync {
		if err := t.p.Settle(context.Background()); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("calls=%d order=%s", t.calls, strings.Join(t.order, ",")), nil
}

// newTriggerFloor makes W7's bound, what a trigger builds on: a
// CustomEvent with the trigger's options as its detail, dispatched at the
// unit's root element of another copy of the page to one listener that
// calls, in turn, n functions with the body of W7's handlers (as perk's
// BenchmarkTriggerFloor does). What W7 adds is EventPerk's own work:
// finding the event's handlers, their order, each handler's method and
// arguments, and the chain's bookkeeping.
func newTriggerFloor(page []byte, id string, n int) (*floor, error) {
	opts := map[string]any{"id": 1}
	return newFloor(page, id, "refresh",
		func() *vdom.Event { return vdom.NewCustomEventWith("refresh", vdom.CustomEventInit{Detail: opts}) },
		func(f *floor) []func(*vdom.Event) {
			fns := make([]func(*vdom.Event), n)
			for i := range fns {
				fns[i] = func(*vdom.Event) {
					f.calls++
					if f.logging {
						f.log = append(f.log, strconv.Itoa(i))
					}
				}
			}
			return fns
		})
}

// bitsmistOrder is the order in which BitsmistJS v1 runs handlers given
// orders i%n: ascending order, equal orders in installation order. The
// specification, and EventPerk, run the higher order first.
func bitsmistOrder(n int) string {
	var out []string
	for o := range 3 {
		for i := range n {
			if i%3 == o {
				out = append(out, strconv.Itoa(i))
			}
		}
	}
	return strings.Join(out, ",")
}

// --- W8 start a unit ---

type startUnit struct {
	doc      *vdom.Document
	settings *perk.EventSettings
	ids      []string
	calls    int
	u        *unit.Unit
}

// newStartUnit prepares W8 on page: a unit on body whose settings declare
// one element entry per id, each with a click handler, as perk's
// BenchmarkStartUnit does. Each run creates the unit (not timed), starts it
// (timed) and stops it (not timed), so that the page is parsed once.
func newStartUnit(page []byte, ids []string) (*startUnit, error) {
	doc, err := vdom.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, err
	}
	s := &startUnit{doc: doc, settings: &perk.EventSettings{}, ids: ids}
	for _, id := range ids {
		s.settings.Events = append(s.settings.Events, perk.ElementEntry{
			Name:     id,
			Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: perk.MethodName("onClick")}}}},
		})
	}
	return s, nil
}

func (s *startUnit) create() error {
	u, err := unit.New(s.doc, s.doc.Body(), unit.Options{
		Settings: unit.Settings{"event": s.settings},
		Methods: unit.Methods{"onClick": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
			s.calls++
			return nil
		})},
	})
	s.u = u
	return err
}

func (s *startUnit) stop() error {
	err := s.u.Stop(context.Background())
	s.u = nil
	return err
}

//go:noinline // see benchFunc
func benchStartUnit(s *startUnit) benchFunc {
	return func(b *testing.B, fail func(string, ...any)) {
		// Timed by the clock around Start, as the JavaScript side does:
		// b.StopTimer and b.StartTimer would empty the allocator's caches
		// before every Start (see package benchop).
		err := benchop.Each(b, s.create,
			func() error { return s.u.Start(context.Background()) },
			s.stop)
		if err != nil {
			fail("W8: %v", err)
		}
	}
}

// check starts the unit, dispatches a non-bubbling click on every entry's
// element and counts the elements whose handler ran and the calls.
func (s *startUnit) check() (string, error) {
	if err := s.create(); err != nil {
		return "", err
	}
	defer s.stop()
	ctx := context.Background()
	if err := s.u.Start(ctx); err != nil {
		return "", err
	}
	p, err := perk.Events(s.u)
	if err != nil {
		return "", err
	}
	s.calls = 0
	wired := 0
	for _, id := range s.ids {
		el := s.doc.GetElementByID(id)
		if el == nil {
			return "", fmt.Errorf("no element #%s", id)
		}
		before := s.calls
		if _, err := el.DispatchEvent(vdom.NewEvent("click")); err != nil {
			return "", err
		}
		if err := p.Settle(ctx); err != nil {
			return "", err
		}
		if s.calls > before {
			wired++
		}
	}
	if wired == 0 {
		return "", errors.New("no entry was wired")
	}
	return fmt.Sprintf("wired=%d calls=%d", wired, s.calls), nil
}

func parseBytes(page []byte) (*vdom.Document, error) {
	return vdom.Parse(bytes.NewReader(page))
}
