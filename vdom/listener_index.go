package vdom

import (
	"math/bits"
	"reflect"
	"unsafe"
)

// callbackIndex maps each callback of a listener store to the chain of its
// registrations (linked by sameCB: other types, or the other capture
// value), so that adding and removing stay O(1) on targets with many
// listeners.
//
// Callbacks are nearly always pointers (*FuncListener, a handler's
// *struct). Those are kept in a small open-addressing table keyed by the
// pointer: a Go map keyed by the Listener interface spent most of an add
// and a remove hashing the interface through its dynamic type and in its
// general-purpose delete. Equal pointer callbacks have the same pointer;
// two different callbacks at one address (pointers of two types to the
// same memory) share a slot, and the walk of the chain tells them apart by
// comparing the callbacks. Other comparable callback types go in a Go map
// keyed by the interface.
type callbackIndex struct {
	// slots is a linear-probing table whose size is a power of two, at
	// most half full; an empty slot has a nil head.
	slots   []callbackSlot
	used    int
	byValue map[Listener]*listener
	// block holds the records not yet handed out of the store's last
	// block of records (see listenerStore.newRecord).
	block []listener
}

// recordBlock is how many records newRecord allocates at once.
const recordBlock = 64

// newRecord returns an unused record from the current block, allocating
// a new block when it is used up.
func (x *callbackIndex) newRecord() *listener {
	if len(x.block) == 0 {
		x.block = make([]listener, recordBlock)
	}
	l := &x.block[0]
	x.block = x.block[1:]
	return l
}

type callbackSlot struct {
	key  unsafe.Pointer
	head *listener
}

func newCallbackIndex(size int) *callbackIndex {
	x := &callbackIndex{}
	x.resize(size)
	return x
}

// pointerOf returns cb's pointer when cb's dynamic type is a pointer.
func pointerOf(cb Listener) (unsafe.Pointer, bool) {
	if f, ok := cb.(*FuncListener); ok {
		return unsafe.Pointer(f), true
	}
	if v := reflect.ValueOf(cb); v.Kind() == reflect.Pointer {
		return v.UnsafePointer(), true
	}
	return nil, false
}

// hashPointer mixes the bits of p (the finalizer of MurmurHash3): the low
// bits of heap pointers alone are mostly zeros and cluster.
func hashPointer(p unsafe.Pointer) uint {
	h := uint64(uintptr(p))
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return uint(h)
}

// slotOf returns the slot of key, or the empty slot where it would go.
func (x *callbackIndex) slotOf(key unsafe.Pointer) int {
	mask := uint(len(x.slots) - 1)
	for i := hashPointer(key) & mask; ; i = (i + 1) & mask {
		if s := &x.slots[i]; s.head == nil || s.key == key {
			return int(i)
		}
	}
}

// resize makes the table big enough for n keys at half load and puts the
// keys back.
func (x *callbackIndex) resize(n int) {
	size := 1 << bits.Len(uint(max(n, 8)*2-1))
	old := x.slots
	x.slots = make([]callbackSlot, size)
	for _, s := range old {
		if s.head != nil {
			x.slots[x.slotOf(s.key)] = s
		}
	}
}

// cbRef is where a callback's chain head lives in the index, as lookup
// found it: a slot of the table (its own, or the empty one where it would
// go) with the callback's pointer, or, for callbacks that are not
// pointers, the map (slot -1). It stays valid until the table changes.
type cbRef struct {
	slot int
	key  unsafe.Pointer
}

// sameCallback reports whether a, a callback of the chain found at ref,
// equals b, the callback looked up. In a pointer slot's chain every
// callback has the slot's pointer as its data, so the two are equal when
// their dynamic types are: comparing the interfaces' type words is what
// == would do, without its call into the runtime.
func (ref cbRef) sameCallback(a, b Listener) bool {
	if ref.slot >= 0 {
		return (*ifaceWords)(unsafe.Pointer(&a)).tab == (*ifaceWords)(unsafe.Pointer(&b)).tab
	}
	return a == b
}

// ifaceWords is the layout of a non-empty interface value: its type word
// (the itab) and its data word.
type ifaceWords struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

// lookup returns the latest registration of cb's key, the start of its
// chain, and where that head lives, for setHead and unlink to use without
// a second lookup.
func (x *callbackIndex) lookup(cb Listener) (*listener, cbRef) {
	if p, ok := pointerOf(cb); ok {
		i := x.slotOf(p)
		return x.slots[i].head, cbRef{slot: i, key: p}
	}
	return x.byValue[cb], cbRef{slot: -1}
}

// setHead makes l the start of the chain at ref, which lookup returned for
// cb; nil drops the key.
func (x *callbackIndex) setHead(ref cbRef, cb Listener, l *listener) {
	if ref.slot < 0 {
		if l == nil {
			delete(x.byValue, cb)
			return
		}
		if x.byValue == nil {
			x.byValue = make(map[Listener]*listener)
		}
		x.byValue[cb] = l
		return
	}
	i := ref.slot
	switch {
	case l == nil:
		if x.slots[i].head != nil {
			x.deleteSlot(i)
		}
	case x.slots[i].head != nil:
		x.slots[i].head = l
	default:
		x.slots[i] = callbackSlot{key: ref.key, head: l}
		x.used++
		if x.used*2 > len(x.slots) {
			x.resize(x.used)
		}
	}
}

// deleteSlot empties slot i and moves later keys of its probe run back into
// the gap, so that every key stays reachable from its home slot without
// tombstones.
func (x *callbackIndex) deleteSlot(i int) {
	mask := len(x.slots) - 1
	x.used--
	for j := (i + 1) & mask; x.slots[j].head != nil; j = (j + 1) & mask {
		home := int(hashPointer(x.slots[j].key)) & mask
		// The key at j may move to i unless its home lies cyclically
		// in (i, j]: then i is before its home and it must stay.
		if (j > i && (home <= i || home > j)) || (j < i && home <= i && home > j) {
			x.slots[i] = x.slots[j]
			i = j
		}
	}
	x.slots[i] = callbackSlot{}
}

// add puts l at the start of its callback's chain.
func (x *callbackIndex) add(l *listener) {
	head, ref := x.lookup(l.cb)
	l.sameCB = head
	x.setHead(ref, l.cb, l)
}

// remove takes l out of its callback's chain.
func (x *callbackIndex) remove(l *listener) {
	head, ref := x.lookup(l.cb)
	x.unlink(ref, head, l)
}

// unlink takes l out of the chain that starts at head, at ref.
func (x *callbackIndex) unlink(ref cbRef, head, l *listener) {
	if head == l {
		x.setHead(ref, l.cb, l.sameCB)
		l.sameCB = nil
		return
	}
	for prev := head; prev != nil; prev = prev.sameCB {
		if prev.sameCB == l {
			prev.sameCB = l.sameCB
			l.sameCB = nil
			return
		}
	}
}
