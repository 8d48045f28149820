package vdom

import "golang.org/x/net/html"

// ConnectionHook is told, once per tree operation, which elements the
// operation took out of the document and which it put in: the roots of
// the element subtrees that became disconnected and connected, each list
// in the order the operation moved them. The removals of one operation
// come before its insertions, as the DOM's algorithms order them (a node
// moved by AppendChild leaves, then comes back, and is in both lists), so
// a consumer handles disconnected before connected. Text and comment
// nodes are not
// reported, nor are nodes that move inside a DocumentFragment or a
// template's contents (never connected), nor the document's tree at parse
// time: the hook sees changes, not the starting tree.
//
// The hook runs on the document's goroutine before the operation returns,
// after the tree is consistent again, as HTML's custom element reactions
// run before a [CEReactions] method returns. It may change the tree: each
// operation it makes calls the hook again, for that operation alone,
// before it returns. Operations that listeners make while the outer one
// runs (blur and focusout fired by a removal) are likewise reported on
// their own, before the outer one.
//
// A non-nil error is reported as the panics of listeners fired by a
// removal are: the next RunTasks or Await returns it as a *TaskError whose
// Unwrap gives the error.
type ConnectionHook func(disconnected, connected []*Node) error

// connState gathers the elements the operations in progress connected and
// disconnected. Operations nest (the hook and listeners change the tree):
// each one remembers where its part of the lists starts (a connMark) and
// hands only that part to the hook.
type connState struct {
	hook                    ConnectionHook
	disconnected, connected []*html.Node
	// depth counts the operations in progress. A change made outside any
	// (the removal half of a node moved in from another document, whose
	// operation runs on the other document) is reported at once.
	depth int
}

// connMark is where an operation's part of the lists starts.
type connMark struct{ disconnected, connected int }

// SetConnectionHook makes hook see the elements each tree operation
// connects and disconnects; nil removes it. A document has one hook:
// setting it replaces the previous one. Without a hook the tree operations
// pay one nil check.
//
// The operations reported are those of Node and Document that insert or
// remove nodes: AppendChild, InsertBefore, RemoveChild, ReplaceChild,
// Remove, Append, Prepend, ReplaceChildren, Before, After, ReplaceWith,
// InsertAdjacentHTML, InsertAdjacentElement, SetInnerHTML, SetOuterHTML,
// SetTextContent, SetInnerText, SetTitle and AdoptNode.
func (d *Document) SetConnectionHook(hook ConnectionHook) {
	if hook == nil {
		d.conn = nil
		return
	}
	if d.conn == nil {
		d.conn = &connState{}
	}
	d.conn.hook = hook
}

// begin starts an operation's part of the lists.
func (c *connState) begin() connMark {
	c.depth++
	return connMark{len(c.disconnected), len(c.connected)}
}

// end hands the operation's part of the lists to the hook, after taking it
// off the lists: the hook's own operations start from where this one
// started.
func (c *connState) end(d *Document, m connMark) {
	if c.depth > 0 {
		c.depth--
	}
	if m.disconnected > len(c.disconnected) || m.connected > len(c.connected) {
		// An operation ended by a panic left its part behind and a
		// later one took it: nothing is left to report.
		return
	}
	if len(c.disconnected) == m.disconnected && len(c.connected) == m.connected {
		return
	}
	dis := d.wrapAll(c.disconnected[m.disconnected:])
	con := d.wrapAll(c.connected[m.connected:])
	clear(c.disconnected[m.disconnected:])
	clear(c.connected[m.connected:])
	c.disconnected = c.disconnected[:m.disconnected]
	c.connected = c.connected[:m.connected]
	if d.conn != c {
		return // the hook was removed or replaced during the operation
	}
	d.reportLater(c.hook(dis, con))
}

// connectedElement records h, just inserted into d, when it is an
// element; callers check d.conn != nil.
func (c *connState) connectedElement(d *Document, h *html.Node) {
	if h.Type != html.ElementNode {
		return
	}
	if c.depth == 0 {
		m := c.begin()
		c.connected = append(c.connected, h)
		c.end(d, m)
		return
	}
	c.connected = append(c.connected, h)
}

// disconnectedElement records h, just removed from d.
func (c *connState) disconnectedElement(d *Document, h *html.Node) {
	if h.Type != html.ElementNode {
		return
	}
	if c.depth == 0 {
		m := c.begin()
		c.disconnected = append(c.disconnected, h)
		c.end(d, m)
		return
	}
	c.disconnected = append(c.disconnected, h)
}

// The exported tree operations open a reporting scope when the document
// has a hook, and run their body directly otherwise: one nil check.
