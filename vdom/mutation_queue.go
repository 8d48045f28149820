package vdom

import (
	"slices"

	"golang.org/x/net/html"
)

// mutationState is a document's part of the MutationObserver machinery. It
// is nil until an observer registers on one of the document's nodes, so
// the mutation code of a page nobody observes pays one nil check per
// change.
type mutationState struct {
	// registered holds the registered observer lists of the document's
	// nodes (DOM §4.2.1), registered and transient, keyed by tree node.
	registered map[*html.Node][]*registration
	// pending is the set of observers to notify at the next checkpoint:
	// those with records queued by this document's changes or with a
	// transient registration on its nodes. Non-empty means the mutation
	// observer microtask is queued.
	pending []*MutationObserver
	// delivering counts the observer callbacks running now: changes they
	// make are delivered by the checkpoint that runs them, never by a
	// nested one.
	delivering int
}

// registration is a registered observer, or a transient registered
// observer when source is non-nil.
type registration struct {
	observer *MutationObserver
	opts     observeOptions
	// source is the registration on an ancestor that a removal from its
	// subtree copied this one from.
	source *registration
}

func (d *Document) mutationState() *mutationState {
	if d.mo == nil {
		d.mo = &mutationState{registered: make(map[*html.Node][]*registration)}
	}
	return d.mo
}

// unregister removes the registrations of h for which drop is true.
func (d *Document) unregister(h *html.Node, drop func(*registration) bool) {
	if d.mo == nil {
		return
	}
	regs := slices.DeleteFunc(d.mo.registered[h], drop)
	if len(regs) == 0 {
		delete(d.mo.registered, h)
	} else {
		d.mo.registered[h] = regs
	}
}

// addPending queues the mutation observer microtask for mo.
func (s *mutationState) addPending(mo *MutationObserver) {
	if !slices.Contains(s.pending, mo) {
		s.pending = append(s.pending, mo)
	}
}

// interest is one entry of "queue a mutation record"'s interestedObservers
// map: an observer and whether it wants the old value.
type interest struct {
	observer *MutationObserver
	oldValue bool
}

// mutation is what one change tells the observers: the arguments of DOM
// "queue a mutation record" (§4.3.2).
type mutation struct {
	typ             MutationType
	target          *html.Node
	name, namespace string
	oldValue        string
	added, removed  []*html.Node
	previous, next  *html.Node
	// hasOld is false for an attribute that did not exist before: its
	// record's OldValue is null even when the observer asks for it.
	hasOld bool
}

// queueMutation is DOM "queue a mutation record": the observers registered
// on target's inclusive ancestors that want this kind of change each get a
// record. Callers check d.mo != nil first.
func (d *Document) queueMutation(m *mutation) {
	s := d.mo
	if len(s.registered) == 0 {
		return
	}
	var buf [4]interest
	interested := buf[:0]
	for h := m.target; h != nil; h = h.Parent {
		for _, r := range s.registered[h] {
			o := &r.opts
			if h != m.target && !o.subtree {
				continue
			}
			old := false
			switch m.typ {
			case MutationAttributes:
				if !o.attributes || o.hasFilter && (m.namespace != "" || !slices.Contains(o.filter, m.name)) {
					continue
				}
				old = o.attributeOldValue
			case MutationCharacterData:
				if !o.characterData {
					continue
				}
				old = o.characterDataOldValue
			case MutationChildList:
				if !o.childList {
					continue
				}
			}
			i := slices.IndexFunc(interested, func(in interest) bool { return in.observer == r.observer })
			if i < 0 {
				interested = append(interested, interest{observer: r.observer})
				i = len(interested) - 1
			}
			if old {
				interested[i].oldValue = true
			}
		}
	}
	for _, in := range interested {
		rec := &MutationRecord{
			Type:               m.typ,
			Target:             d.wrap(m.target),
			AddedNodes:         d.wrapAll(m.added),
			RemovedNodes:       d.wrapAll(m.removed),
			PreviousSibling:    d.wrap(m.previous),
			NextSibling:        d.wrap(m.next),
			AttributeName:      m.name,
			AttributeNamespace: m.namespace,
		}
		if in.oldValue && m.hasOld {
			rec.OldValue, rec.HasOldValue = m.oldValue, true
		}
		in.observer.records = append(in.observer.records, rec)
		s.addPending(in.observer)
	}
}

func (d *Document) wrapAll(hs []*html.Node) []*Node {
	if len(hs) == 0 {
		return nil
	}
	out := make([]*Node, len(hs))
	for i, h := range hs {
		out[i] = d.wrap(h)
	}
	return out
}

// queueChildList is DOM "queue a tree mutation record"; it queues nothing
// when no node was added or removed.
func (d *Document) queueChildList(parent *html.Node, added, removed []*html.Node, previous, next *html.Node) {
	if len(added) == 0 && len(removed) == 0 {
		return
	}
	d.queueMutation(&mutation{typ: MutationChildList, target: parent, added: added, removed: removed, previous: previous, next: next})
}

// queueAttribute queues the record of an attribute of h that was set,
// changed or removed; hadOld is false when it did not exist before.
func (d *Document) queueAttribute(h *html.Node, a html.Attribute, old string, hadOld bool) {
	d.queueMutation(&mutation{typ: MutationAttributes, target: h, name: a.Key,
		namespace: attrNamespaceURI(a.Namespace), oldValue: old, hasOld: hadOld})
}

// queueCharacterData queues the record of the data of the text or comment
// node h changing from old.
func (d *Document) queueCharacterData(h *html.Node, old string) {
	d.queueMutation(&mutation{typ: MutationCharacterData, target: h, oldValue: old, hasOld: true})
}

// nodeRemoved is the part of DOM "remove" that concerns observers: node,
// just taken out of parent, gets a transient registration for each
// registration with subtree on parent's inclusive ancestors, so changes in
// the removed subtree are still seen until the observers are next
// notified; then, unless the caller reports the removal itself (replace,
// replace all), the removal's record.
func (d *Document) nodeRemoved(parent, node, previous, next *html.Node, record bool) {
	s := d.mo
	if len(s.registered) == 0 {
		return
	}
	var w *Node
	for h := parent; h != nil; h = h.Parent {
		for _, r := range s.registered[h] {
			if !r.opts.subtree {
				continue
			}
			source := r
			if r.source != nil {
				// A subtree removed from a removed subtree is watched on
				// behalf of the registration that started it all, so that
				// observing that target again ends both.
				source = r.source
			}
			if w == nil {
				w = d.wrap(node)
			}
			// A node removed again before the observers are notified
			// already carries this transient registration: one is
			// enough (they would match the same changes), and the list
			// does not grow with every removal.
			had, mine := false, false
			for _, t := range s.registered[node] {
				if t.observer == r.observer && t.source != nil {
					mine = true
					had = had || t.source == source
				}
			}
			if !had {
				s.registered[node] = append(s.registered[node], &registration{observer: r.observer, opts: r.opts, source: source})
			}
			if !mine {
				r.observer.transients = append(r.observer.transients, w)
			}
			// The transient registration ends when the observers are next
			// notified, so make sure they will be, record or not.
			s.addPending(r.observer)
		}
	}
	if record {
		d.queueChildList(parent, nil, []*html.Node{node}, previous, next)
	}
}

// adoptRegistrations moves the registered observer list of h from d to to,
// for a node that changes documents.
func (d *Document) adoptRegistrations(h *html.Node, to *Document) {
	regs, ok := d.mo.registered[h]
	if !ok {
		return
	}
	delete(d.mo.registered, h)
	to.mutationState().registered[h] = regs
}

// attrNamespaceURI maps the prefixes x/net/html keeps in
// Attribute.Namespace for foreign content to the namespaces they stand for.
func attrNamespaceURI(prefix string) string {
	switch prefix {
	case "":
		return ""
	case "xlink":
		return "http://www.w3.org/1999/xlink"
	case "xml":
		return "http://www.w3.org/XML/1998/namespace"
	case "xmlns":
		return "http://www.w3.org/2000/xmlns/"
	}
	return prefix
}
