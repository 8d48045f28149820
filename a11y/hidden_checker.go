package a11y

import (
	"github.com/eventperk/eventperk-go/css"
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
	// computed styles the checker reads; styleSkips holds what
	// styleSkipped found for the elements it passed.
	doc        *vdom.Document
	styleSkips map[*html.Node]bool
	// styled, styledDoc and style are the element whose computed style
	// was read last, its document and the style: a role query asks the
	// role of an element (a generic's reads its display) and then
	// whether it is hidden, one look-up for both.
	styled, styledDoc *html.Node
	style             *css.Style
}

// inherited is what an element gives its children toward being hidden.
type inherited struct {
	// contentHidden is set when the element or one of its ancestors
	// hides everything in it by what HTML says (aria-hidden, inert, a
	// kind never rendered, a closed details' content); the computed
	// style says the rest.
	contentHidden bool
	// skipped is set when the element or one of its ancestors is content
	// its parent skips by what HTML says (a closed details' content): it
	// is not rendered even for a reference (see skipsChild; the contents
	// a style skips are found by styleSkipped).
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
	return hiddenByStyle(c.styleOf(h))
}

// styleOf returns the computed style of h, an element of c.doc's tree,
// remembering it until another element's is asked.
func (c *HiddenChecker) styleOf(h *html.Node) *css.Style {
	if c.doc == nil {
		return nil
	}
	if h != c.styled || c.styledDoc != c.doc.HTML() {
		c.styled, c.styledDoc, c.style = h, c.doc.HTML(), styleOf(c.doc, h)
	}
	return c.style
}

// skipped reports whether el lies in content its parent, or an ancestor,
// skips (a closed details, see skipsChild; a box that skips its contents,
// see styleSkipped): hidden even for a reference, unlike an element that
// is hidden otherwise.
func (c *HiddenChecker) skipped(el *vdom.Node) bool {
	h := el.HTML()
	c.doc = el.OwnerDocument()
	return skippedByParent(h) || c.fromParent(h.Parent).skipped || c.styleSkipped(h)
}

// skippedByParent reports whether h's parent skips it by what HTML says.
func skippedByParent(h *html.Node) bool {
	p := h.Parent
	return isElement(p) && skipsChild(p, h)
}

// styleSkipped reports whether h is not rendered because an ancestor
// skips its contents (content-visibility: hidden, hidden=until-found),
// rather than for display: none. The computed styles tell both apart at
// the topmost element of the chain from h up that is not rendered: its
// parent, which is rendered, either skips its contents or not (then the
// element has display: none). Every element of that chain has the same
// answer, which the checker keeps, so the elements referenced in a deep
// hidden tree cost its depth once.
func (c *HiddenChecker) styleSkipped(h *html.Node) bool {
	if c.doc == nil {
		return false
	}
	if v, ok := c.styleSkips[h]; ok {
		return v
	}
	c.chain = c.chain[:0]
	top := h
	for a := h; isElement(a); a = a.Parent {
		c.steps++
		if v, ok := c.styleSkips[a]; ok {
			return c.keepStyleSkipped(v)
		}
		s := styleOf(c.doc, a)
		if s == nil || s.Rendered() {
			break
		}
		c.chain = append(c.chain, a)
		top = a
	}
	if len(c.chain) == 0 {
		return false
	}
	return c.keepStyleSkipped(isElement(top.Parent) && skipsContents(styleOf(c.doc, top.Parent)))
}

// keepStyleSkipped remembers v for the elements of the chain.
func (c *HiddenChecker) keepStyleSkipped(v bool) bool {
	if len(c.chain) > 0 && c.styleSkips == nil {
		c.styleSkips = make(map[*html.Node]bool, len(c.chain))
	}
	for _, a := range c.chain {
		c.styleSkips[a] = v
	}
	return v
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
		if !up.skipped && skippedByParent(a) {
			up.contentHidden, up.skipped = true, true
		}
		if !up.contentHidden && ownHiding(a) != shown {
			up.contentHidden = true
		}
		c.memo[a] = up
	}
	return up
}
