package a11y

import (
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// A HiddenChecker answers IsHidden for many elements of one tree in time
// linear in the size of the tree, however deep it is. IsHidden walks all
// of an element's ancestors, so asking it of every element of a page
// nested thousands of levels deep costs the number of elements times the
// depth. A HiddenChecker remembers, for each ancestor it has passed in a
// deep tree, whether what HTML says of it (aria-hidden, inert, a closed
// details) hides its content, so each of those is read once (the computed
// styles, which the document keeps, say the rest); an
// element with 32 ancestors or fewer has them read afresh, as IsHidden
// does, which on an ordinary page costs no more than IsHidden and
// allocates nothing.
//
// A HiddenChecker is for one walk of an unchanged tree, such as one
// query: what it remembers goes stale as soon as the tree or an attribute
// changes, and it then gives wrong answers. Make a new one (the zero
// value is ready to use) for each walk. Elements may be asked in any
// order, and elements of different trees may be mixed. Like the tree, a
// HiddenChecker may be used by one goroutine at a time.
type HiddenChecker struct {
	// memo holds what each ancestor passed so far gives its children.
	memo map[*html.Node]inherited
	// chain is scratch space for the ancestors not yet in memo.
	chain []*html.Node
	// lastParent and lastUp are the parent asked about last and what it
	// gives its children: siblings asked one after the other, as a walk
	// in tree order asks them, share it.
	lastParent *html.Node
	lastUp     inherited
	// steps counts the ancestors the checker stepped to, so that a test
	// can hold a walk to linear work by counting instead of timing.
	steps int
	// doc is the document of the element asked about last, whose kept
	// computed styles the checker reads.
	doc *vdom.Document
}

// inherited is what an element gives its children toward being hidden.
type inherited struct {
	// contentHidden is set when the element or one of its ancestors
	// hides everything in it by what HTML says (aria-hidden, inert, a
	// kind never rendered, a closed details' content); the computed
	// style says the rest.
	contentHidden bool
	// skipped is set when the element or one of its ancestors is content
	// its parent skips (a closed details' content, the contents of a box
	// with content-visibility: hidden or hidden=until-found): it is not
	// rendered even for a reference (see skipsChild).
	skipped bool
	// root is the node above the topmost element ancestor: the document
	// node when the element is connected.
	root *html.Node
}

// IsHidden reports what the function IsHidden reports for el, as long as
// the tree has not changed since the checker was first used.
func (c *HiddenChecker) IsHidden(el *vdom.Node) bool {
	if el == nil || !el.IsElement() {
		return true
	}
	h := el.HTML()
	if ownHiding(h) != shown {
		return true
	}
	c.doc = el.OwnerDocument()
	up := c.fromParent(h.Parent)
	if up.contentHidden {
		return true
	}
	if c.doc == nil || up.root != c.doc.HTML() {
		return true
	}
	return hiddenByStyle(styleOf(c.doc, h))
}

// skipped reports whether el lies in content its parent, or an ancestor,
// skips (see skipsChild): hidden even for a reference, unlike an element
// that is hidden otherwise.
func (c *HiddenChecker) skipped(el *vdom.Node) bool {
	h := el.HTML()
	c.doc = el.OwnerDocument()
	return c.skippedByParent(h) || c.fromParent(h.Parent).skipped
}

// skippedByParent reports whether h's parent skips it: a closed details,
// or a box whose computed style skips its contents.
func (c *HiddenChecker) skippedByParent(h *html.Node) bool {
	p := h.Parent
	if !isElement(p) {
		return false
	}
	if skipsChild(p, h) {
		return true
	}
	return c.doc != nil && skipsContents(styleOf(c.doc, p))
}

// shallowDepth is the depth up to which fromParent reads an element's
// ancestors afresh, as IsHidden does, rather than remembering them: on
// an ordinary page that costs no more than IsHidden and allocates
// nothing, and remembering only pays on deep trees.
const shallowDepth = 32

// fromParent returns what p (an element, or the node above the topmost
// element) gives its children.
func (c *HiddenChecker) fromParent(p *html.Node) inherited {
	if p != nil && p == c.lastParent {
		return c.lastUp
	}
	up := c.compute(p)
	c.lastParent, c.lastUp = p, up
	return up
}

// compute is fromParent without the last parent's answer.
func (c *HiddenChecker) compute(p *html.Node) inherited {
	a := p
	for i := 0; i < shallowDepth && isElement(a); i++ {
		a = a.Parent
		c.steps++
	}
	if !isElement(a) {
		return c.readAncestors(p)
	}
	return c.remembered(p)
}

// readAncestors computes what p gives its children from p and all its
// ancestors, nearest first, as IsHidden does.
func (c *HiddenChecker) readAncestors(p *html.Node) inherited {
	var up inherited
	a := p
	for ; isElement(a); a = a.Parent {
		c.steps++
		if c.skippedByParent(a) {
			// Nothing in it is shown, even for a reference.
			up.contentHidden, up.skipped = true, true
			continue
		}
		if !up.contentHidden && ownHiding(a) != shown {
			up.contentHidden = true
		}
	}
	up.root = a
	return up
}

// remembered returns what p gives its children, computing it for p and
// every ancestor of p not yet in memo, topmost first, and remembering it.
func (c *HiddenChecker) remembered(p *html.Node) inherited {
	c.chain = c.chain[:0]
	var up inherited
	for a := p; ; a = a.Parent {
		if !isElement(a) {
			up = inherited{root: a}
			break
		}
		c.steps++
		if s, ok := c.memo[a]; ok {
			up = s
			break
		}
		c.chain = append(c.chain, a)
	}
	if len(c.chain) == 0 {
		return up
	}
	if c.memo == nil {
		c.memo = make(map[*html.Node]inherited, len(c.chain))
	}
	for i := len(c.chain) - 1; i >= 0; i-- {
		a := c.chain[i]
		if !up.skipped && c.skippedByParent(a) {
			up.contentHidden, up.skipped = true, true
		}
		if !up.contentHidden && ownHiding(a) != shown {
			up.contentHidden = true
		}
		c.memo[a] = up
	}
	return up
}
