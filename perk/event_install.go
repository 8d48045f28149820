package perk

import (
	"errors"
	"fmt"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/internal/errkind"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// handlerList is the ordered list of one element's handlers for one event:
// a higher order first, equal orders in installation order. One native DOM
// listener per phase (capture or not) runs it, so order holds across every
// handler of the element and event, the perk's own included.
type handlerList struct {
	p     *EventPerk
	el    *vdom.Node
	event string
	// next is the element's list for another event (EventPerk.lists).
	next    *handlerList
	entries []*entry
	// snaps are the entries of each phase in order, [0] non-capture and [1]
	// capture, made by the first dispatch after a change (snapMade) and
	// never changed after: a chain runs over its phase's snapshot without
	// copying it while its handlers add and remove entries, which make new
	// snapshots. snapStop: a handler of the snapshot has
	// options.stopPropagation.
	snaps              [2][]*entry
	snapMade, snapStop [2]bool
	// active: the phase's native listener is installed, as it is while the
	// phase has entries.
	active [2]bool
	// usedOwn: own has been handed out (see newEntry).
	usedOwn bool
	// natives are the list's DOM listeners, [0] non-capture and [1]
	// capture.
	natives [2]nativeListener
	// failed is the event whose capture chain on this element failed before
	// the dispatch reached the bubble handlers, which then must not run:
	// capture and bubble handlers of one element are one sequence. The
	// capture listener sets or clears it on every dispatch; the bubble
	// listener consumes it.
	failed *vdom.Event
	// first holds the first entry pointer, so that the usual list of one
	// handler needs no slice of its own.
	first [1]*entry
	// own is the list's first entry, allocated with the list: most lists
	// have one handler, and one allocation then serves both.
	own entry
}

// phaseSnap is the snapshot of one phase's entries.
type phaseSnap struct {
	entries []*entry
	// stopProp: a handler of the snapshot has options.stopPropagation.
	stopProp bool
}

// entry is one installed handler.
type entry struct {
	handler Handler
	order   int
	capture bool
	once    bool
	passive bool
	// stopProp is options.stopPropagation: true (reference notes, "A
	// handler entry may carry options.stopPropagation").
	stopProp bool
	removed  bool
	// fn is the func of a *Func handler.
	fn unit.Method
	// ex is the handler's third argument, the same on every call: made at
	// installation, except ex.Options, which is made on the first call
	// when the settings give none (see exOptions).
	ex unit.Ex
	// method caches the unit method a MethodName resolved to, valid while
	// the unit's MethodsVersion is methodVer.
	method    unit.Method
	methodVer uint64
}

// exOptions returns the handler's options, never nil: an entry without
// options gets its own empty map when something first asks for it, so
// that installing a handler costs no map.
func (en *entry) exOptions() map[string]any {
	if en.ex.Options == nil {
		en.ex.Options = map[string]any{}
	}
	return en.ex.Options
}

func captureIndex(capture bool) int {
	if capture {
		return 1
	}
	return 0
}

// Add installs handlers for eventName on element (nil: the unit's root),
// bound to bindTo (nil: the unit). A handler installed already on that
// element for that event and phase is not installed again: it runs once per
// event. A nil handler, or a *Func without func, is an ErrNilHandler error
// and installs nothing.
func (p *EventPerk) Add(eventName string, handlers []HandlerInfo, element *vdom.Node, bindTo any) error {
	if err := p.attached("event.add", eventName); err != nil {
		return err
	}
	if eventName == "" {
		return fmt.Errorf("perk: unit %s: event.add: empty event name", p.u.Name())
	}
	for i, h := range handlers {
		if err := checkHandler(h.Handler); err != nil {
			return fmt.Errorf("perk: unit %s: event.add %q: handler %d: %w", p.u.Name(), eventName, i, err)
		}
	}
	if element == nil {
		element = p.u.Root()
	}
	list := p.list(element, eventName, true)
	for _, h := range handlers {
		list.add(h, bindTo)
	}
	return nil
}

// attached returns ErrNotAttached for a perk that is not attached to a
// unit (never attached, or detached by Stop): it has no unit to resolve
// elements and methods in, and its lists are gone, so installing would
// otherwise dereference a nil unit.
func (p *EventPerk) attached(op, name string) error {
	if p.u == nil {
		return errkind.Errorf("perk: %s %q: %w", op, name, ErrNotAttached)
	}
	return nil
}

func checkHandler(h Handler) error {
	switch h := h.(type) {
	case nil:
		return errkind.Errorf("%w", ErrNilHandler)
	case *Func:
		if h == nil || h.fn == nil {
			return errkind.Errorf("func %q: %w", h.HandlerName(), ErrNilHandler)
		}
	case MethodName:
		if h == "" {
			return errkind.Errorf("empty method name: %w", ErrNilHandler)
		}
	}
	return nil
}

func (p *EventPerk) list(el *vdom.Node, event string, create bool) *handlerList {
	head := p.head(el)
	for l := head; l != nil; l = l.next {
		if l.event == event {
			return l
		}
	}
	if !create {
		return nil
	}
	return p.link(new(handlerList), el, event, head)
}

// link makes l, a new list (all zero), the empty list of el's handlers for
// event, first of el's lists before next, the head they had, and returns
// it. The fields are set one by one: a composite literal would copy the
// whole list, some 300 bytes with write barriers, for each element a unit
// installs handlers on.
func (p *EventPerk) link(l *handlerList, el *vdom.Node, event string, next *handlerList) *handlerList {
	l.p, l.el, l.event, l.next = p, el, event, next
	l.entries = l.first[:0]
	l.natives[0].list, l.natives[1].list = l, l
	p.setHead(el, l)
	return l
}

// head returns the first of el's handler lists, or nil.
func (p *EventPerk) head(el *vdom.Node) *handlerList {
	if p.onRoot(el) {
		return p.rootLists
	}
	return p.lists[el]
}

// onRoot reports whether el is the root of the perk's unit (whose lists
// start at rootLists).
func (p *EventPerk) onRoot(el *vdom.Node) bool { return p.u != nil && el == p.u.Root() }

// setHead makes l (nil: none) the first of el's handler lists.
func (p *EventPerk) setHead(el *vdom.Node, l *handlerList) {
	switch {
	case p.onRoot(el):
		p.rootLists = l
	case l == nil:
		delete(p.lists, el)
	default:
		if p.lists == nil {
			p.lists = make(map[*vdom.Node]*handlerList, p.listsHint)
		}
		p.lists[el] = l
	}
}

// unlink takes l out of the perk's lists.
func (p *EventPerk) unlink(l *handlerList) {
	head := p.head(l.el)
	switch {
	case head == l:
		p.setHead(l.el, l.next)
	default:
		for prev := head; prev != nil; prev = prev.next {
			if prev.next == l {
				prev.next = l.next
				break
			}
		}
	}
	l.next = nil
}

// snapshot returns the entries of the capture (true) or bubble phase, in
// order. The slice is never changed: a change of the list makes a new one
// (and clears l.snaps, so keep the value, not a pointer into l).
func (l *handlerList) snapshot(capture bool) phaseSnap {
	i := captureIndex(capture)
	if l.snapMade[i] {
		return phaseSnap{l.snaps[i], l.snapStop[i]}
	}
	n := 0
	for _, en := range l.entries {
		if en.capture == capture {
			n++
		}
	}
	var s phaseSnap
	if n > 0 {
		s.entries = make([]*entry, 0, n)
		for _, en := range l.entries {
			if en.capture == capture {
				s.entries = append(s.entries, en)
				s.stopProp = s.stopProp || en.stopProp
			}
		}
	}
	l.snaps[i], l.snapStop[i], l.snapMade[i] = s.entries, s.stopProp, true
	return s
}

// changed drops the snapshots after a change of the entries.
func (l *handlerList) changed() {
	l.p.handlersVer++
	l.snaps = [2][]*entry{}
	l.snapMade = [2]bool{}
}

// newEntry returns a zero entry for the list: the one allocated with it,
// the first time.
func (l *handlerList) newEntry() *entry {
	if !l.usedOwn {
		l.usedOwn = true
		return &l.own
	}
	return new(entry)
}

func (l *handlerList) add(h HandlerInfo, bindTo any) {
	var capture, once bool
	var passive *bool
	if o := h.ListenerOptions; o != nil {
		capture, once, passive = o.Capture, o.Once, o.Passive
	}
	for _, e := range l.entries {
		if e.handler == h.Handler && e.capture == capture {
			return
		}
	}
	p := l.p
	this := bindTo
	if this == nil {
		this = p.u
	}
	e := l.newEntry()
	*e = entry{
		handler: h.Handler, order: h.Order, capture: capture, once: once,
		passive: resolvePassive(passive, l.event, l.el),
		// A nil map reads as empty.
		stopProp: h.Options["stopPropagation"] == true,
		ex: unit.Ex{
			Unit: p.u, This: this, Element: l.el, Options: h.Options,
			Handler: h.Handler.HandlerName(), Order: h.Order,
		},
	}
	if f, ok := h.Handler.(*Func); ok {
		e.fn = f.fn
	}
	// Keep the list sorted: after every entry of higher or equal order.
	i := len(l.entries)
	for i > 0 && l.entries[i-1].order < e.order {
		i--
	}
	l.entries = append(l.entries, nil)
	copy(l.entries[i+1:], l.entries[i:])
	l.entries[i] = e
	l.changed()
	l.ensureNative(capture)
}

// resolvePassive applies the DOM default passive value when the settings
// leave it open: touch and wheel listeners on the document's root element
// and body are passive.
func resolvePassive(p *bool, event string, el *vdom.Node) bool {
	if p != nil {
		return *p
	}
	switch event {
	case "touchstart", "touchmove", "wheel", "mousewheel":
		doc := el.OwnerDocument()
		return doc != nil && (el == doc.DocumentElement() || el == doc.Body())
	}
	return false
}

func (l *handlerList) ensureNative(capture bool) {
	i := captureIndex(capture)
	if l.active[i] {
		return
	}
	l.active[i] = true
	// The native listener itself is never passive: each handler gets its
	// own passive flag through internal/domext.SetPassive.
	l.el.AddEventListenerWith(l.event, &l.natives[i], vdom.ListenerOptions{Capture: capture, Passive: &notPassive})
}

// notPassive is the Passive option of every native listener. The DOM only
// reads it; one shared variable saves an allocation per listener.
var notPassive = false

// removeEntry takes e out of the list, and the native listener of its phase
// when it was the last of that phase.
func (l *handlerList) removeEntry(e *entry) {
	if e.removed {
		return
	}
	e.removed = true
	for i, x := range l.entries {
		if x == e {
			l.entries = append(l.entries[:i], l.entries[i+1:]...)
			l.entries[len(l.entries) : len(l.entries)+1][0] = nil
			break
		}
	}
	l.changed()
	for _, x := range l.entries {
		if x.capture == e.capture {
			return
		}
	}
	i := captureIndex(e.capture)
	if l.active[i] {
		l.el.RemoveEventListenerWith(l.event, &l.natives[i], vdom.ListenerOptions{Capture: e.capture})
		l.active[i] = false
	}
	if e.capture {
		// Without a capture listener nothing clears failed on the next
		// dispatch of the same event object.
		l.failed = nil
	}
	if len(l.entries) == 0 {
		l.p.unlink(l)
	}
}

// uninstall removes every entry and native listener (Detach).
func (l *handlerList) uninstall() {
	for _, e := range l.entries {
		e.removed = true
	}
	clear(l.entries)
	l.entries = l.entries[:0]
	l.changed()
	for i := range l.natives {
		if l.active[i] {
			l.el.RemoveEventListenerWith(l.event, &l.natives[i], vdom.ListenerOptions{Capture: i == 1})
			l.active[i] = false
		}
	}
}

// Remove takes away one registration of each handler for eventName on
// element (nil: the unit): the one added last, matched by handler identity
// (MethodName by name, *Func by pointer) and capture. Handlers that are not
// installed are ignored.
func (p *EventPerk) Remove(eventName string, handlers []HandlerInfo, element *vdom.Node) error {
	if err := p.attached("event.remove", eventName); err != nil {
		return err
	}
	if element == nil {
		element = p.u.Root()
	}
	for i, h := range handlers {
		if h.Handler == nil {
			return errkind.Errorf("perk: unit %s: event.remove %q: handler %d: %w", p.u.Name(), eventName, i, ErrNilHandler)
		}
	}
	list := p.list(element, eventName, false)
	if list == nil {
		return nil
	}
	for _, h := range handlers {
		capture := h.ListenerOptions != nil && h.ListenerOptions.Capture
		for i := len(list.entries) - 1; i >= 0; i-- {
			if e := list.entries[i]; e.handler == h.Handler && e.capture == capture {
				list.removeEntry(e)
				break
			}
		}
	}
	return nil
}

// Init installs the handlers of one element entry on its targets (the
// specification's init skill). entry nil means the unit's settings entry
// named elementName; rootNode nil means the unit's root. Targets:
// elementName or RootNode "this" is the unit; otherwise RootNode selects
// every matching element inside rootNode (scoped, nested units left out);
// otherwise the element whose id is elementName inside rootNode. An entry
// that matches nothing is reported to the tracer as NoTarget.
func (p *EventPerk) Init(elementName string, entry *ElementEntry, rootNode *vdom.Node) error {
	return p.eachTarget("event.init", elementName, entry, rootNode, true, nil, p.addTo)
}

// Reset is the reverse of Init: it removes the entry's handlers from its
// targets.
func (p *EventPerk) Reset(elementName string, entry *ElementEntry, rootNode *vdom.Node) error {
	return p.eachTarget("event.reset", elementName, entry, rootNode, true, nil, func(ev EventHandlers, el *vdom.Node) error {
		return p.Remove(ev.Event, ev.Handlers, el)
	})
}

// addTo installs one event's handlers of an entry on el.
func (p *EventPerk) addTo(ev EventHandlers, el *vdom.Node) error {
	err := p.Add(ev.Event, ev.Handlers, el, nil)
	if err == nil {
		p.added = true
	}
	return err
}

// eachTarget resolves an entry's targets and calls do for each of its
// events and targets. b are the unit boundaries of the document, nil to
// look them up now.
func (p *EventPerk) eachTarget(op, elementName string, entry *ElementEntry, rootNode *vdom.Node, reportMissing bool, b *boundaries, do func(EventHandlers, *vdom.Node) error) error {
	if err := p.attached(op, elementName); err != nil {
		return err
	}
	if entry == nil {
		var err error
		if entry, err = p.entry(elementName); err != nil {
			return err
		}
	}
	// Most entries have one target: it needs no slice of its own.
	var one [1]*vdom.Node
	targets, err := p.targets(elementName, entry, rootNode, b, one[:0])
	if err != nil {
		return fmt.Errorf("perk: unit %s: %s %q: %w", p.u.Name(), op, elementName, err)
	}
	if len(targets) == 0 {
		if t := p.u.Tracer(); t != nil && reportMissing {
			t.Trace(unit.TraceEvent{Kind: unit.NoTarget, Unit: p.u, Entry: elementName})
		}
		return nil
	}
	var errs []error
	for _, ev := range entry.Handlers {
		for _, el := range targets {
			if err := do(ev, el); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// targets resolves an element entry (reference notes, "Target resolution"),
// appending the targets to buf.
func (p *EventPerk) targets(elementName string, entry *ElementEntry, rootNode *vdom.Node, b *boundaries, buf []*vdom.Node) ([]*vdom.Node, error) {
	if elementName == "this" || entry.RootNode == "this" {
		return append(buf, p.u.Root()), nil
	}
	root := rootNode
	if root == nil {
		root = p.u.Root()
	}
	if entry.RootNode != "" {
		return root.QueryScoped(entry.RootNode, p.u.IsBoundary)
	}
	if b == nil {
		b = p.boundaries()
	}
	if el := p.byID(root, elementName, b); el != nil {
		return append(buf, el), nil
	}
	return buf, nil
}

// byID finds the element with the given id inside root and outside nested
// units. The document's id index answers at once in the common case; a scan
// of root's subtree covers duplicate ids.
func (p *EventPerk) byID(root *vdom.Node, id string, b *boundaries) *vdom.Node {
	doc := root.OwnerDocument()
	if doc == nil {
		return nil
	}
	if el := doc.GetElementByID(id); el != nil && b.inside(root, el) {
		return el
	}
	// Walk the x/net/html tree rather than the handles: a handle is made
	// only for the matches, not for every node passed.
	for h := range selector.ByIDAll(root.HTML(), id) {
		if el := doc.Wrap(h); b.inside(root, el) {
			return el
		}
	}
	return nil
}

// boundaries are the roots of the document's units other than the perk's
// own, as x/net/html nodes: the elements below them belong to those units.
// Resolving entries walks up from each target to the unit's root; with the
// roots at hand the walk follows the x/net/html parents and compares
// pointers, where asking the unit registry about each ancestor costs two
// map lookups (its handle, then its unit). The registry changes only when
// units are made or stopped, which resolving entries does not do: one
// boundaries serves all the entries a lifecycle handler installs.
type boundaries struct {
	roots []*html.Node
	// set holds roots when they are many.
	set map[*html.Node]struct{}
}

// boundariesSet is how many roots boundaries compares one by one before
// it keeps a set.
const boundariesSet = 8

// boundaries returns the unit boundaries of the perk's document now.
func (p *EventPerk) boundaries() *boundaries {
	b := &boundaries{}
	for _, other := range unit.Units(p.u.Document()) {
		if other != p.u {
			b.roots = append(b.roots, other.Root().HTML())
		}
	}
	if len(b.roots) > boundariesSet {
		b.set = make(map[*html.Node]struct{}, len(b.roots))
		for _, r := range b.roots {
			b.set[r] = struct{}{}
		}
	}
	return b
}

// isRoot reports whether h is the root of another unit.
func (b *boundaries) isRoot(h *html.Node) bool {
	if b.set != nil {
		_, ok := b.set[h]
		return ok
	}
	for _, r := range b.roots {
		if r == h {
			return true
		}
	}
	return false
}

// inside reports whether el is a proper descendant of root and not inside a
// nested unit (as unit.IsBoundary tells them).
func (b *boundaries) inside(root, el *vdom.Node) bool {
	rh := root.HTML()
	for h := el.HTML().Parent; h != nil; h = h.Parent {
		if h == rh {
			return true
		}
		if b.isRoot(h) {
			return false
		}
	}
	return false
}

// hasPhase reports whether l has entries for the capture (true) or bubble
// phase.
func (l *handlerList) hasPhase(capture bool) bool {
	return len(l.snapshot(capture).entries) > 0
}
