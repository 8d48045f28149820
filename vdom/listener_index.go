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
	// slots is a linear-probing table whose size is a power of two. A
	// slot is empty (key 0), live (a head), or a tombstone (a key and no
	// head): removing a callback leaves its key, so that adding it again,
	// as code that re-registers its handlers does, finds its slot at once
	// and no removal moves other keys. used counts the slots that are not
	// empty, at most half of them; live those with a head.
	slots []callbackSlot
	used  int
	live  int
	// byValue holds the callbacks that are not pointers.
	byValue map[Listener]*listener
	// base holds the bubble and the capture list of the store (in that
	// order) from the start of their arrays, with length 0: removing
	// a list's first record moves the list's start (see
	// listenerStore.dropEnd), and base is where it goes back to.
	base [2][]*listener
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

// callbackSlot is a slot of the table. Its key is the callback's pointer
// plus one, so that no pointer (not even a nil one in a non-nil
// interface) gives the empty key 0; as an integer it keeps nothing alive,
// which matters for tombstones, and while the callback is registered its
// record holds it, so its address cannot be reused.
type callbackSlot struct {
	key  uintptr
	head *listener
}

func newCallbackIndex(size int) *callbackIndex {
	x := &callbackIndex{}
	x.resize(size)
	return x
}

// funcKey is the table key of a *FuncListener.
func funcKey(f *FuncListener) uintptr { return uintptr(unsafe.Pointer(f)) + 1 }

// keyOf returns cb's table key when cb's dynamic type is a pointer.
func keyOf(cb Listener) (uintptr, bool) {
	if f, ok := cb.(*FuncListener); ok {
		return funcKey(f), true
	}
	if v := reflect.ValueOf(cb); v.Kind() == reflect.Pointer {
		return uintptr(v.UnsafePointer()) + 1, true
	}
	return 0, false
}

// hashKey mixes the bits of a key (the finalizer of MurmurHash3): the low
// bits of heap pointers alone are mostly zeros and cluster.
func hashKey(k uintptr) uint {
	h := uint64(k)
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return uint(h)
}

// slotOf returns the slot of key (live, or its tombstone), or else the
// slot where it would go: the first tombstone on its probe path, or the
// empty slot that ends the path.
func (x *callbackIndex) slotOf(key uintptr) int {
	mask := uint(len(x.slots) - 1)
	free := -1
	for i := uint(x.home(key)); ; i = (i + 1) & mask {
		s := &x.slots[i]
		switch {
		case s.key == key:
			return int(i)
		case s.key == 0:
			if free >= 0 {
				return free
			}
			return int(i)
		case s.head == nil && free < 0:
			free = int(i)
		}
	}
}

// resize makes the table big enough for n keys at half load and puts the
// live keys back, leaving the tombstones behind.
func (x *callbackIndex) resize(n int) {
	size := 1 << bits.Len(uint(max(n, 8)*2-1))
	old := x.slots
	x.slots = make([]callbackSlot, size)
	for _, s := range old {
		if s.head != nil {
			i := x.slotOf(s.key)
			x.slots[i] = s
			for l := s.head; l != nil; l = l.sameCB {
				l.slot = int32(i)
			}
		}
	}
	x.used = x.live
}

// cbRef is where a callback's chain head lives in the index, as lookup
// found it: a slot of the table (its own, or the free one where it would
// go) with the callback's key, or, for callbacks that are not pointers,
// the map (slot -1). It stays valid until the table changes.
type cbRef struct {
	slot int
	key  uintptr
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
	if k, ok := keyOf(cb); ok {
		i := x.slotOf(k)
		return x.slots[i].head, cbRef{slot: i, key: k}
	}
	return x.byValue[cb], cbRef{slot: -1}
}

// home returns key's home slot, where its probe path starts.
func (x *callbackIndex) home(key uintptr) int {
	return int(hashKey(key) & uint(len(x.slots)-1))
}

// unlinkAt takes l, a live record with a slot, out of its chain through
// the slot the record names, without a lookup.
func (x *callbackIndex) unlinkAt(l *listener) {
	sl := &x.slots[l.slot]
	if sl.head == l {
		// The key stays, as a tombstone, when l was its last
		// registration.
		if sl.head = l.sameCB; sl.head == nil {
			x.live--
		}
	} else {
		unlinkAfter(sl.head, l)
	}
	l.sameCB = nil
}

// unlinkAfter takes l out of the chain that starts at head, which is not
// l.
func unlinkAfter(head, l *listener) {
	for prev := head; prev != nil; prev = prev.sameCB {
		if prev.sameCB == l {
			prev.sameCB = l.sameCB
			return
		}
	}
}

// relink is setHead's case for a key that has its slot already, live or a
// tombstone, as a callback added again (or for another type) has: it
// makes l the head and reports true. It reports false, and does nothing,
// for the other cases, which setHead handles. Apart so that it can be
// inlined into add.
func (x *callbackIndex) relink(ref cbRef, l *listener) bool {
	if ref.slot < 0 {
		return false
	}
	sl := &x.slots[ref.slot]
	if sl.key != ref.key {
		return false
	}
	if sl.head == nil {
		x.live++
	}
	sl.head = l
	return true
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
	s := &x.slots[ref.slot]
	switch {
	case l == nil:
		// The key stays, as a tombstone.
		if s.head != nil {
			s.head = nil
			x.live--
		}
	case s.head != nil:
		s.head = l
	default:
		if s.key == 0 {
			x.used++
		}
		s.key, s.head = ref.key, l
		x.live++
		if x.used*2 > len(x.slots) {
			// Rehash without the tombstones; into a table twice as
			// large when the live keys alone fill a quarter of this
			// one, so that at least a quarter of the table's worth of
			// new keys come before the next rehash.
			n := len(x.slots) / 2
			if x.live*4 > len(x.slots) {
				n = len(x.slots)
			}
			x.resize(n)
		}
	}
}

// add puts l at the start of its callback's chain.
func (x *callbackIndex) add(l *listener) {
	head, ref := x.lookup(l.cb)
	l.sameCB = head
	l.slot = int32(ref.slot)
	x.setHead(ref, l.cb, l)
}

// remove takes l out of its callback's chain.
func (x *callbackIndex) remove(l *listener) {
	head, ref := x.lookup(l.cb)
	x.unlink(ref, head, l)
}

// unlink takes l out of the chain that starts at head, at ref.
func (x *callbackIndex) unlink(ref cbRef, head, l *listener) {
	if ref.slot >= 0 {
		// A record of a table slot names it (l.slot == ref.slot).
		x.unlinkAt(l)
		return
	}
	if head == l {
		x.setHead(ref, l.cb, l.sameCB)
	} else {
		unlinkAfter(head, l)
	}
	l.sameCB = nil
}

// sameIface reports whether a and b have the same type word and data
// word, which makes them equal; false says nothing.
func sameIface(a, b Listener) bool {
	return *(*ifaceWords)(unsafe.Pointer(&a)) == *(*ifaceWords)(unsafe.Pointer(&b))
}
