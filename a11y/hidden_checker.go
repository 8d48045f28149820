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
// deep tree, whether that ancestor hides its content and which inline
// visibility its children inherit, so each of those is read once; an
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
}

// inherited is what an element gives its children toward being hidden.
type inherited struct {
	// contentHidden is set when the element or one of its ancestors
	// hides everything in it (hidden, inert, aria-hidden, display:none,
	// not rendered, a closed details' content).
	contentHidden bool
	// vis is the nearest inline visibility declared on the element or
	// its ancestors: visHidden hides the children that do not declare
	// visibility: visible themselves.
	vis visibility
	// skipped is set when the element or one of its ancestors is content
	// its parent skips (a closed details' content, the content of a
	// block with hidden=until-found): it is not rendered even for a
	// reference (see skipsChild).
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
	how, vis := ownHiding(h)
	if how != shown {
		return true
	}
	up := c.fromParent(h.Parent)
	if up.contentHidden {
		return true
	}
	// The nearest declaration decides: the element's own, else the one
	// it inherits.
	if vis == visUnset {
		vis = up.vis
	}
	if vis == visHidden {
		return true
	}
	doc := el.OwnerDocument()
	return doc == nil || up.root != doc.HTML()
}

// skipped reports whether el lies in content its parent, or an ancestor,
// skips (see skipsChild): hidden even for a reference, unlike an element
// that is hidden otherwise.
func (c *HiddenChecker) skipped(el *vdom.Node) bool {
	h := el.HTML()
	return skippedByParent(h) || c.fromParent(h.Parent).skipped
}

// skippedByParent reports whether h's parent skips it.
func skippedByParent(h *html.Node) bool {
	p := h.Parent
	return isElement(p) && skipsChild(p, h)
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
		if skippedByParent(a) {
			// Nothing in it is shown, even for a reference.
			return inherited{contentHidden: true, skipped: true}
		}
		if up.contentHidden {
			// Hidden whatever else holds; only skipping is left to find.
			continue
		}
		how, vis := ownHiding(a)
		if how != shown {
			up.contentHidden = true
			continue
		}
		if up.vis == visUnset {
			up.vis = vis
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
		if !up.skipped && skippedByParent(a) {
			up.contentHidden, up.skipped = true, true
		}
		if !up.contentHidden {
			how, vis := ownHiding(a)
			switch {
			case how != shown:
				up.contentHidden = true
			case vis != visUnset:
				up.vis = vis
			}
		}
		c.memo[a] = up
	}
	return up
}
