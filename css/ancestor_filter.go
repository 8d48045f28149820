package css

import (
	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// The ancestor filter (as Blink's SelectorFilter and Stylo's bloom
// filter): a selector with a descendant or child combinator needs
// ancestors with certain ids, classes and types ("nav .menu > li" an
// ancestor nav and one of class menu). Each computed Style keeps a small
// Bloom filter of the ids, classes and types of its element and the
// element's ancestors; the entries whose ancestors' names are not all in
// the filter of an element's parent cannot match that element, and are
// skipped without running the selector. A Bloom filter has false
// positives (the selector then runs and decides) and no false negatives,
// so the filter changes no outcome. Most of a framework's rules with
// combinators name a component (".card .btn", ".navbar-nav .nav-link")
// that most elements are not inside.

// ancestorBloom is 256 bits; each name sets two.
type ancestorBloom [4]uint64

// noAncestors is the filter of a root's ancestors (never written).
var noAncestors ancestorBloom

// maxAncestorNames bounds the names of an entry the filter checks (the
// first ones written); a selector with more is checked on these.
const maxAncestorNames = 4

// nameHash hashes a name of kind '#' (id), '.' (class) or '<' (type)
// (FNV-1a).
func nameHash(kind byte, name string) uint32 {
	h := uint32(2166136261)
	h = (h ^ uint32(kind)) * 16777619
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	return h
}

func (b *ancestorBloom) add(h uint32) {
	b[h>>6&3] |= 1 << (h & 63)
	h >>= 8
	b[h>>6&3] |= 1 << (h & 63)
}

func (b *ancestorBloom) has(h uint32) bool {
	if b[h>>6&3]&(1<<(h&63)) == 0 {
		return false
	}
	h >>= 8
	return b[h>>6&3]&(1<<(h&63)) != 0
}

// addElement adds the type, id and classes of el.
func (b *ancestorBloom) addElement(el *html.Node) {
	b.add(nameHash('<', el.Data))
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			b.add(nameHash('#', a.Val))
		case "class":
			list := a.Val
			for i := 0; i < len(list); {
				s, e := nextClassName(list, i)
				if e > s {
					b.add(nameHash('.', list[s:e]))
				}
				i = e
			}
		}
	}
}

// ancestorNames are the hashes of the names an entry's selector needs
// on ancestors (selector.RuleKey.Ancestors), at most maxAncestorNames.
type ancestorNames struct {
	h [maxAncestorNames]uint32
	n uint8
}

func ancestorNamesOf(keys []selector.RuleKey) ancestorNames {
	var a ancestorNames
	put := func(kind byte, name string) {
		if int(a.n) < maxAncestorNames {
			a.h[a.n] = nameHash(kind, name)
			a.n++
		}
	}
	for _, k := range keys {
		if k.ID != "" {
			put('#', k.ID)
		}
		for _, c := range k.Classes {
			put('.', c)
		}
		if k.Tag != "" {
			put('<', k.Tag)
		}
	}
	return a
}

// mayMatch reports whether every name is in the filter.
func (a *ancestorNames) mayMatch(b *ancestorBloom) bool {
	for i := uint8(0); i < a.n; i++ {
		if !b.has(a.h[i]) {
			return false
		}
	}
	return true
}
