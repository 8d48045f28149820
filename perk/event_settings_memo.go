package perk

// Every unit that attaches an EventPerk validates its "event" settings, and
// the units of one kind usually share one *EventSettings. Validation hashes
// every element name and event name (duplicates), so a document remembers
// the last few settings it found valid together with what their validity
// depends on, and a unit whose settings still read the same skips it.
//
// What validity depends on (see validate): the element names, rootNode
// selectors, event names and handler references, and how many events and
// handlers there are. A memo keeps copies of exactly these and compares
// them in order; Options, Order and ListenerOptions play no part. A
// handler reference compares as Validate reads it: a MethodName by its
// name, a *Func by its pointer (a Func cannot change after NewFunc).
// Settings changed in place since they were validated no longer match and
// are validated again; only settings found valid are remembered.

// validMemos is how many valid settings a document remembers.
const validMemos = 4

// settingsShape is what the validity of an EventSettings depends on, in
// the order validate reads it.
type settingsShape struct {
	s *EventSettings
	// strs holds, per entry, its Name and RootNode and then each of its
	// events' Event; lens, per entry, its number of events and then each
	// event's number of handlers.
	strs     []string
	lens     []int
	handlers []Handler
}

// shapeOf copies what the validity of s depends on.
func shapeOf(s *EventSettings) *settingsShape {
	sh := &settingsShape{s: s}
	for i := range s.Events {
		entry := &s.Events[i]
		sh.strs = append(sh.strs, entry.Name, entry.RootNode)
		sh.lens = append(sh.lens, len(entry.Handlers))
		for k := range entry.Handlers {
			eh := &entry.Handlers[k]
			sh.strs = append(sh.strs, eh.Event)
			sh.lens = append(sh.lens, len(eh.Handlers))
			for _, h := range eh.Handlers {
				sh.handlers = append(sh.handlers, h.Handler)
			}
		}
	}
	return sh
}

// matches reports whether s reads as it did when sh was made from it.
func (sh *settingsShape) matches(s *EventSettings) bool {
	if sh.s != s {
		return false
	}
	strs, lens, handlers := sh.strs, sh.lens, sh.handlers
	for i := range s.Events {
		entry := &s.Events[i]
		if len(strs) < 2 || len(lens) < 1 ||
			strs[0] != entry.Name || strs[1] != entry.RootNode || lens[0] != len(entry.Handlers) {
			return false
		}
		strs, lens = strs[2:], lens[1:]
		for k := range entry.Handlers {
			eh := &entry.Handlers[k]
			if len(strs) < 1 || len(lens) < 1 || strs[0] != eh.Event || lens[0] != len(eh.Handlers) ||
				len(handlers) < len(eh.Handlers) {
				return false
			}
			strs, lens = strs[1:], lens[1:]
			for _, h := range eh.Handlers {
				if handlers[0] != h.Handler {
					return false
				}
				handlers = handlers[1:]
			}
		}
	}
	return len(strs) == 0 && len(lens) == 0 && len(handlers) == 0
}

// validateMemo is s.Validate(), skipped for settings st remembers as valid
// and unchanged.
func (st *docState) validateMemo(s *EventSettings) error {
	for _, sh := range st.valid {
		if sh != nil && sh.matches(s) {
			return nil
		}
	}
	if err := s.Validate(); err != nil {
		return err
	}
	// The newest first; a memo of s as it read before goes.
	keep := st.valid[:0]
	for _, sh := range st.valid {
		if sh != nil && sh.s != s {
			keep = append(keep, sh)
		}
	}
	n := copy(st.valid[1:], keep)
	clear(st.valid[1+n:])
	st.valid[0] = shapeOf(s)
	return nil
}
