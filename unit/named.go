package unit

import "sort"

// named is a unit's table of skills or of spells by name. A unit has a
// handful (EventPerk adds five skills and a spell): a short list scanned
// costs less than a map, to fill and to read, and one allocation.
type named[F any] []namedFn[F]

type namedFn[F any] struct {
	name string
	fn   F
}

// index returns the index of name, or -1.
func (t named[F]) index(name string) int {
	for i := range t {
		if t[i].name == name {
			return i
		}
	}
	return -1
}

// get returns the function registered under name.
func (t named[F]) get(name string) (F, bool) {
	if i := t.index(name); i >= 0 {
		return t[i].fn, true
	}
	var zero F
	return zero, false
}

// has reports whether name is registered.
func (t named[F]) has(name string) bool { return t.index(name) >= 0 }

// add registers fn under name, which the caller checked is not taken.
// The first makes room for eight, so that a perk's few do not grow the
// list one by one.
func (t *named[F]) add(name string, fn F) {
	if *t == nil {
		*t = make(named[F], 0, 8)
	}
	*t = append(*t, namedFn[F]{name, fn})
}

// remove unregisters name, if registered.
func (t *named[F]) remove(name string) {
	i := t.index(name)
	if i < 0 {
		return
	}
	s := *t
	copy(s[i:], s[i+1:])
	s[len(s)-1] = namedFn[F]{}
	*t = s[:len(s)-1]
}

// names returns the registered names, sorted.
func (t named[F]) names() []string {
	out := make([]string, 0, len(t))
	for _, e := range t {
		out = append(out, e.name)
	}
	sort.Strings(out)
	return out
}
