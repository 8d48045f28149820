package a11y

import (
	"github.com/eventperk/eventperk-go/internal/domext"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// A Cache answers Role, States, IsHidden, Name and Description for many
// elements of one tree, sharing the work between them, as a query over a
// page asks them of every element:
//   - what an element's role, states and hiddenness depend on among its
//     ancestors (a header inside sectioning content, an option outside a
//     listbox, the lists around a list item) is read once per ancestor
//     (within 32 levels of the top, as cheaply afresh);
//   - the text an element's content gives is computed once and reused
//     for the elements around it and for the element itself, and the
//     text of an element other elements reference, once for all of them.
//
// Asking every element of a page through one Cache costs time linear in
// the page and in the length of the names, however deep the page is;
// asking each with the functions of this package costs, for each
// element, its depth, and for the name of an element that holds others,
// the size of its subtree. The one exception is docs/limits.md's: a
// deep nesting with, at every level, a reference to an element further
// down inside it costs the depth for each name.
//
// The answers are those of the functions. A Cache forgets what it knows
// when its document changes (a node, an attribute or a text, by the
// document's change counter), so it stays right across changes but
// reuses nothing across them; state that is not in the tree (a value a
// user typed, a checkbox's checkedness) is not watched: make a new Cache
// after such a change. The zero value is ready to use; like the tree, a
// Cache may be used by one goroutine at a time.
type Cache struct {
	doc     *vdom.Document
	version uint64
	// texts holds the texts of contents, each a substring of the name it
	// was computed for (see computation.storeContent).
	texts map[memoKey]memoText
	// retained counts the bytes of the names the texts hold on to.
	retained int
	// hidden answers IsHidden, anc the questions of roles and states
	// about ancestors.
	hidden HiddenChecker
	anc    ancestry
	// steps counts the work of the computations.
	steps int
	// order numbers the nodes of the tree of top in tree order: each
	// node's number and the number after its last descendant.
	top   *html.Node
	order map[*html.Node][2]int32
}

// maxRetained bounds the bytes of text a Cache holds; past it, it
// keeps no more texts (blank ones excepted), so a page of many long
// names costs more time rather than memory without bound.
const maxRetained = 64 << 20

// Role returns Role(el).
func (c *Cache) Role(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	c.sync(el)
	return roleOf(c.doc, &c.hidden, el, el.HTML(), &c.anc)
}

// States returns States(el).
func (c *Cache) States(el *vdom.Node) State {
	if el == nil || !el.IsElement() {
		return State{}
	}
	c.sync(el)
	return statesOf(el, &c.anc)
}

// IsHidden returns IsHidden(el).
func (c *Cache) IsHidden(el *vdom.Node) bool {
	if el == nil || !el.IsElement() {
		return true
	}
	c.sync(el)
	return c.hidden.IsHidden(el)
}

// Name returns Name(el), reusing the work of the names asked before.
func (c *Cache) Name(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	c.sync(el)
	n, _ := computeName(el, c)
	return n
}

// Description returns Description(el), reusing the work of the names and
// descriptions asked before.
func (c *Cache) Description(el *vdom.Node) string {
	if el == nil || !el.IsElement() {
		return ""
	}
	c.sync(el)
	return describe(el, c)
}

// sync forgets what the cache knows when el's document is another or has
// changed since.
func (c *Cache) sync(el *vdom.Node) {
	doc := el.OwnerDocument()
	var v uint64
	if doc != nil {
		v = domext.TreeVersion(doc)
	}
	if doc == c.doc && v == c.version {
		return
	}
	*c = Cache{doc: doc, version: v, steps: c.steps}
}

// memoText is the text a content gave: its characters, whether white
// space came before and after them (for a content without characters,
// lead tells whether it held white space), whether the content marked
// elements visited, and whether it looked up labels.
type memoText struct {
	text                         string
	lead, trail, writes, lookups bool
}

// lookup returns the text kept for key; a nil cache keeps nothing.
func (c *Cache) lookup(key memoKey) (memoText, bool) {
	if c == nil {
		return memoText{}, false
	}
	m, ok := c.texts[key]
	return m, ok
}

// holds reports whether el lies inside h (or is h): a text h's content
// gave in a computation for another element holds el's text, which is no
// part of el's own name.
func (c *Cache) holds(h, el *html.Node) bool {
	top := el
	for top.Parent != nil {
		top = top.Parent
	}
	if top != c.top {
		c.top, c.order = top, map[*html.Node][2]int32{}
		c.number(top)
	}
	oh, oe := c.order[h], c.order[el]
	return oh[0] <= oe[0] && oe[0] < oh[1]
}

// number numbers the nodes of top's tree, without recursion.
func (c *Cache) number(top *html.Node) {
	n := int32(0)
	for x := top; ; {
		c.order[x] = [2]int32{n, n + 1}
		n++
		if x.FirstChild != nil {
			x = x.FirstChild
			continue
		}
		// x ends here, and so does each ancestor whose last child ends.
		for {
			o := c.order[x]
			o[1] = n
			c.order[x] = o
			if x == top {
				return
			}
			if x.NextSibling != nil {
				x = x.NextSibling
				break
			}
			x = x.Parent
		}
	}
}

// keep stores the texts of entries, spans of the name s.
func (c *Cache) keep(s string, entries []spanEntry) {
	if c.texts == nil {
		c.texts = make(map[memoKey]memoText, len(entries))
	}
	kept := false
	for _, e := range entries {
		if e.end > len(s) {
			continue
		}
		m := memoText{lead: e.lead, trail: e.trail, writes: e.writes, lookups: e.lookups}
		if e.start < e.end {
			if c.retained+len(s) > maxRetained {
				continue
			}
			m.text = s[e.start:e.end]
			kept = true
		}
		c.texts[e.key] = m
	}
	if kept {
		c.retained += len(s)
	}
}
