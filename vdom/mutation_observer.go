package vdom

import (
	"fmt"
	"slices"
	"sync/atomic"
)

// MutationType is the type of a MutationRecord, as the DOM spells it.
type MutationType string

// The three types of mutation record (DOM §4.3.5).
const (
	// MutationChildList: children were inserted into or removed from
	// Target.
	MutationChildList MutationType = "childList"
	// MutationAttributes: an attribute of the element Target was set,
	// changed or removed.
	MutationAttributes MutationType = "attributes"
	// MutationCharacterData: the data of the text or comment node Target
	// changed.
	MutationCharacterData MutationType = "characterData"
)

// MutationRecord is one change seen by a MutationObserver, as the DOM's
// MutationRecord interface describes it. The DOM's null is the zero value:
// nil nodes, "" for AttributeName and AttributeNamespace (neither can be
// empty otherwise), and HasOldValue false for an OldValue of null.
type MutationRecord struct {
	Type MutationType
	// Target is the node whose children changed (childList), the element
	// whose attribute changed (attributes), or the text or comment node
	// whose data changed (characterData).
	Target *Node
	// AddedNodes and RemovedNodes are the children inserted and removed
	// (childList only), in tree order; nil when none.
	AddedNodes   []*Node
	RemovedNodes []*Node
	// PreviousSibling and NextSibling are the siblings around the added or
	// removed nodes (childList only).
	PreviousSibling *Node
	NextSibling     *Node
	// AttributeName is the local name of the changed attribute and
	// AttributeNamespace its namespace, "" when it has none (attributes
	// only). An attribute the parser gave a prefix in foreign content
	// ("xlink:href") has the local name "href" and the XLink namespace.
	AttributeName      string
	AttributeNamespace string
	// OldValue is the attribute's value or the node's data before the
	// change, when the observer asked for it (AttributeOldValue,
	// CharacterDataOldValue) and there was one: HasOldValue is false for
	// an attribute that did not exist before, and for childList records.
	OldValue    string
	HasOldValue bool
}

// MutationCallback is called with the records an observer has gathered
// since it was last notified, oldest first, and the observer itself.
type MutationCallback func(records []*MutationRecord, observer *MutationObserver)

// MutationObserverInit says what Observe watches, as the DOM's dictionary of
// that name. The members the DOM gives a default (ChildList, Subtree) are
// plain bools; those it leaves absent unless given are pointers, nil for
// absent, because the standard tells absent from false: an
// AttributeOldValue or AttributeFilter makes a nil Attributes true, and a
// CharacterDataOldValue makes a nil CharacterData true, while an explicit
// false with either is an error. Write them with new:
//
//	vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true)}
//
// AttributeFilter nil is absent; a non-nil empty filter is present and lets
// no attribute through.
type MutationObserverInit struct {
	// ChildList watches the target's children being inserted and removed.
	ChildList bool
	// Attributes watches the target's attributes.
	Attributes *bool
	// CharacterData watches the data of a text or comment target.
	CharacterData *bool
	// Subtree extends the watch to the target's descendants.
	Subtree bool
	// AttributeOldValue records an attribute's value before each change.
	AttributeOldValue *bool
	// CharacterDataOldValue records the data before each change.
	CharacterDataOldValue *bool
	// AttributeFilter limits the attribute changes seen to these local
	// names, of attributes without a namespace.
	AttributeFilter []string
}

// observeOptions are MutationObserverInit after Observe's defaulting: every
// member decided.
type observeOptions struct {
	childList, attributes, characterData, subtree bool
	attributeOldValue, characterDataOldValue      bool
	hasFilter                                     bool
	filter                                        []string
}

// normalize is observe() steps 1 to 6: the defaults and the TypeErrors.
func (in MutationObserverInit) normalize() (observeOptions, error) {
	opts := observeOptions{
		childList:             in.ChildList,
		subtree:               in.Subtree,
		attributeOldValue:     isTrue(in.AttributeOldValue),
		characterDataOldValue: isTrue(in.CharacterDataOldValue),
		hasFilter:             in.AttributeFilter != nil,
		attributes:            isTrue(in.Attributes),
		characterData:         isTrue(in.CharacterData),
	}
	if in.Attributes == nil && (in.AttributeOldValue != nil || in.AttributeFilter != nil) {
		opts.attributes = true
	}
	if in.CharacterData == nil && in.CharacterDataOldValue != nil {
		opts.characterData = true
	}
	switch {
	case !opts.childList && !opts.attributes && !opts.characterData:
		return opts, domErrorf(ErrType, "Observe: none of ChildList, Attributes and CharacterData is true, so nothing would be observed (AttributeOldValue or AttributeFilter make a nil Attributes true, CharacterDataOldValue a nil CharacterData)")
	case opts.attributeOldValue && !opts.attributes:
		return opts, domErrorf(ErrType, "Observe: AttributeOldValue is true but Attributes is false")
	case opts.hasFilter && !opts.attributes:
		return opts, domErrorf(ErrType, "Observe: AttributeFilter is given but Attributes is false")
	case opts.characterDataOldValue && !opts.characterData:
		return opts, domErrorf(ErrType, "Observe: CharacterDataOldValue is true but CharacterData is false")
	}
	if opts.hasFilter {
		opts.filter = slices.Clone(in.AttributeFilter)
	}
	return opts, nil
}

func isTrue(b *bool) bool { return b != nil && *b }

// MutationObserver watches nodes for changes and reports them to its
// callback, as the DOM's MutationObserver (§4.3). Changes made through vdom
// queue MutationRecords; the callback gets them at the next microtask
// checkpoint of the document whose node changed, never in the middle of a
// change. vdom has no script engine, so the checkpoints are the moments at
// which a browser's JavaScript stack would be empty:
//
//   - after each listener returns, in a dispatch that is not nested inside
//     another dispatch, a posted task or an observer callback (the Go code
//     that calls DispatchEvent, Click or DispatchTrusted plays the part of
//     the browser, so the observers see a listener's changes before the
//     next listener runs, as for a user's click);
//   - at the end of such a dispatch, after its activation behaviour;
//   - before RunTasks and Await run the first task, and after each task they
//     run (timers too: FakeClock.Advance runs them as tasks).
//
// So the changes a test makes itself reach the callback when it next calls
// RunTasks, Await or dispatches an event; TakeRecords returns them at once.
// A callback that panics is reported (a *MutationCallbackError in the error
// of the DispatchEvent, RunTasks or Await that ran the checkpoint) and the
// other observers are still notified.
//
// Observers are notified in the order they were made. One observer may
// watch nodes of several documents owned by the same goroutine; it is
// notified at the checkpoint of whichever document it has records from
// first, with all of its records. An observer belongs to the goroutine
// that owns the documents it watches.
type MutationObserver struct {
	callback MutationCallback
	// seq orders observers by creation, the order of notification.
	seq uint64
	// records is the record queue.
	records []*MutationRecord
	// nodes is the node list: the targets Observe registered this observer
	// on.
	nodes []*Node
	// transients are the nodes that carry a transient registered observer
	// of this observer, dropped when it is notified.
	transients []*Node
}

// observerSeq numbers observers in creation order, across goroutines.
var observerSeq atomic.Uint64

// NewMutationObserver returns an observer that reports to callback. It
// watches nothing until Observe is called. A nil callback is a programming
// error and panics.
func NewMutationObserver(callback MutationCallback) *MutationObserver {
	if callback == nil {
		panic("vdom: NewMutationObserver with a nil callback")
	}
	return &MutationObserver{callback: callback, seq: observerSeq.Add(1)}
}

// Observe starts watching target as opts says, as the DOM's observe(). An
// observer watching target already has its options replaced (and stops
// watching the subtrees removed from target meanwhile). It returns an
// error matching ErrType for a nil target and for options that watch
// nothing or contradict themselves (an old value or filter asked for with
// Attributes or CharacterData false); the message names the rule.
func (mo *MutationObserver) Observe(target *Node, opts MutationObserverInit) error {
	if target == nil {
		return domErrorf(ErrType, "Observe: the target is nil")
	}
	o, err := opts.normalize()
	if err != nil {
		return err
	}
	s := target.doc.mutationState()
	regs := s.registered[target.h]
	for _, r := range regs {
		// A transient registration is not the observer's own: observing a
		// node of a removed subtree adds a registration that outlives the
		// transient one.
		if r.observer == mo && r.source == nil {
			mo.dropTransients(func(t *registration) bool { return t.source == r })
			r.opts = o
			return nil
		}
	}
	s.registered[target.h] = append(regs, &registration{observer: mo, opts: o})
	mo.nodes = append(mo.nodes, target)
	return nil
}

// Disconnect stops the observer watching anything and drops the records it
// has not delivered, as the DOM's disconnect(). Observe starts it again.
func (mo *MutationObserver) Disconnect() {
	for _, list := range [][]*Node{mo.nodes, mo.transients} {
		for _, n := range list {
			n.doc.unregister(n.h, func(r *registration) bool { return r.observer == mo })
		}
	}
	mo.nodes, mo.transients, mo.records = nil, nil, nil
}

// TakeRecords returns the records not yet delivered and empties the queue,
// so the callback does not get them; nil when there are none.
func (mo *MutationObserver) TakeRecords() []*MutationRecord {
	records := mo.records
	mo.records = nil
	return records
}

// dropTransients removes the transient registrations of mo for which drop
// is true.
func (mo *MutationObserver) dropTransients(drop func(*registration) bool) {
	for _, n := range mo.transients {
		n.doc.unregister(n.h, func(r *registration) bool {
			return r.observer == mo && r.source != nil && drop(r)
		})
	}
}

// MutationCallbackError reports a MutationObserver callback that panicked.
type MutationCallbackError struct {
	Records int    // the number of records the callback was given
	Value   any    // what the callback panicked with
	Stack   []byte // the callback's stack at the panic
}

func (e *MutationCallbackError) Error() string {
	return fmt.Sprintf("vdom: MutationObserver callback panicked (with %d records): %v", e.Records, e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *MutationCallbackError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
