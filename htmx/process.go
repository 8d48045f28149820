package htmx

import (
	"iter"
	"strings"

	"github.com/eventperk/eventperk-go/internal/htmltree"
	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// Processing: finding the elements of a subtree that carry hx-
// attributes and wiring their triggers, as htmx does for the body when
// the page loads and for what a swap brings in (htmx 2's processNode,
// htmx 4's process); and the cleanup of what a swap removes.

// verbs are the attributes that make a request, in the order htmx reads
// them.
var verbs2 = []string{"get", "post", "put", "delete", "patch"}
var verbs4 = []string{"get", "post", "put", "patch", "delete", "query"}

// start processes the page as htmx does when it loads.
func (e *Engine) start() {
	e.readConfig()
	e.readExtensions()
	body := e.doc.Body()
	if body == nil {
		return
	}
	if e.b.v4 {
		e.start4History()
		e.process4(body)
	} else {
		e.start2History()
		e.insertIndicatorStyle()
		e.process2(body)
		// htmx 2 listens on the body for htmx:abort and fires htmx:load
		// at the body once the ready handlers have run.
		e.listen(nil, body, "htmx:abort", func(ev *vdom.Event) { e.onAbortEvent2(ev) }, false)
		e.setTimeout(0, func() { e.fire(body, e.b.ev.load, nil) })
	}
	var errs []error
	e.runDueTimers(&errs)
	for _, err := range errs {
		e.report(err)
	}
}

// readExtensions notes the htmx 4 extensions the page loads and reports
// those that need JavaScript the package does not have: hx-prompt is
// built in.
func (e *Engine) readExtensions() {
	scripts, _ := e.doc.QuerySelectorAll("script[src]")
	for _, s := range scripts {
		src, _ := s.GetAttribute("src")
		if !strings.Contains(src, "/ext/") || !strings.Contains(strings.ToLower(src), "htmx") {
			continue
		}
		name := src[strings.LastIndexByte(src, '/')+1:]
		name = strings.TrimSuffix(strings.TrimSuffix(name, ".js"), ".min")
		if e.b.v4 && name == "hx-prompt" {
			e.exts[name] = true
			continue
		}
		e.report(attrError(ErrNeedsJavaScript, s, "src", src, -1, "the htmx extension %s is JavaScript; only hx-prompt (htmx 4) is built in", name))
	}
}

// insertIndicatorStyle adds htmx 2's indicator style to the head, as
// htmx 2 does (includeIndicatorStyles).
func (e *Engine) insertIndicatorStyle() {
	head := e.doc.Head()
	if head == nil || !e.cfg.indicatorCSS {
		return
	}
	ind, req := e.cfg.indicatorCls, e.cfg.requestClass
	_ = head.InsertAdjacentHTML(vdom.BeforeEnd, "<style>."+ind+"{opacity:0;visibility: hidden} ."+req+" ."+ind+
		", ."+req+"."+ind+"{opacity:1;visibility: visible;transition: opacity 200ms ease-in}</style>")
}

// Process processes n and its descendants as htmx.process does, for
// content a test inserted itself: their hx- attributes start working.
// It returns the errors found.
func (e *Engine) Process(n *vdom.Node) error {
	if n == nil {
		return nil
	}
	if e.b.v4 {
		e.process4(n)
	} else {
		e.process2(n)
	}
	return e.takeErrors()
}

// ---- htmx 2 ----

// process2 is htmx 2's processNode.
func (e *Engine) process2(el *vdom.Node) {
	if !el.IsElement() {
		return
	}
	if e.disabled2(el) {
		e.cleanup2(el)
		return
	}
	var toInit []*vdom.Node
	if e.rehash2(el) {
		toInit = append(toInit, el)
	}
	kids, _ := el.QuerySelectorAll(e.processSelector2())
	for _, k := range kids {
		if e.disabled2(k) {
			e.cleanup2(k)
			continue
		}
		if e.rehash2(k) {
			toInit = append(toInit, k)
		}
	}
	e.refuseHxOn(el)
	for _, n := range toInit {
		e.initNode2(n)
	}
}

// processSelector2 is htmx 2's findElementsToProcess selector.
func (e *Engine) processSelector2() string {
	var b strings.Builder
	for _, v := range verbs2 {
		b.WriteString("[hx-" + v + "], [data-hx-" + v + "], ")
	}
	b.WriteString("[hx-boost] a, [data-hx-boost] a, a[hx-boost], a[data-hx-boost], form, [type='submit'], [hx-ext], [data-hx-ext], [hx-trigger], [data-hx-trigger]")
	return b.String()
}

// disabled2 is htmx 2's eltIsDisabled: inside an hx-disable element
// (config.disableSelector).
func (e *Engine) disabled2(el *vdom.Node) bool {
	n, _ := el.Closest("[hx-disable], [data-hx-disable]")
	return n != nil
}

// rehash2 is htmx 2's maybeDeInitAndHash: an element whose attributes
// changed since it was initialized is de-initialized and initialized
// again.
func (e *Engine) rehash2(el *vdom.Node) bool {
	h := attributeHash(el)
	st := e.state(el)
	if st.hashed && st.initHash == h {
		return false
	}
	e.deinit2(el)
	st.hashed, st.initHash = true, h
	return true
}

// attributeHash is htmx 2's attributeHash: names and values of the
// attributes with a value, hashed as JavaScript's 32-bit string hash.
func attributeHash(el *vdom.Node) uint32 {
	var h int32
	// Over the tree's own attributes: Attributes would copy them, and
	// htmx 2 hashes every element it processes.
	for _, a := range el.HTML().Attr {
		if a.Val != "" {
			h = hashUTF16(h, a.Key)
			h = hashUTF16(h, a.Val)
		}
	}
	return uint32(h)
}

// hashUTF16 adds the UTF-16 code units of s (JavaScript's charCodeAt)
// to the 32-bit string hash h.
func hashUTF16(h int32, s string) int32 {
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = (h << 5) - h + int32(0xD800+(r>>10))
			h = (h << 5) - h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = (h << 5) - h + r
	}
	return h
}

// deinit2 is htmx 2's deInitNode: timers and listeners go, and the
// element's data but the fact that it was initialized once.
func (e *Engine) deinit2(el *vdom.Node) {
	st := e.stateIfAny(el)
	if st == nil {
		return
	}
	if st.pollTimer != 0 {
		e.doc.ClearTimeout(st.pollTimer)
	}
	for _, r := range st.listeners {
		removeListener(r)
	}
	initialized := st.initialized
	*st = elemState{initialized: initialized}
}

// initNode2 is htmx 2's initNode.
func (e *Engine) initNode2(el *vdom.Node) {
	e.fire(el, e.b.ev.beforeProcess, nil)
	st := e.state(el)
	triggers := e.triggerSpecs2(el)
	explicit := false
	for _, verb := range verbs2 {
		name := "hx-" + verb
		if !e.has(el, name) {
			continue
		}
		path, _ := e.own(el, name)
		explicit = true
		verb := strings.ToUpper(verb)
		for _, t := range triggers {
			e.addTrigger2(el, t, func(evt *vdom.Event, t *trigger) {
				if e.disabled2(el) {
					e.cleanup2(el)
					return
				}
				e.issue2(verb, path, el, evt, t, issueOpts{})
			})
		}
	}
	if !explicit {
		if v, _, _ := e.inherited2(el, "hx-boost"); v == "true" {
			e.boost2(el, triggers)
		} else if e.has(el, "hx-trigger") {
			for _, t := range triggers {
				e.addTrigger2(el, t, func(*vdom.Event, *trigger) {})
			}
		}
	}
	if ext, ok := e.own(el, "hx-ext"); ok {
		e.report(attrError(ErrNeedsJavaScript, el, e.attrName(el, "hx-ext"), ext, -1, "htmx extensions are JavaScript"))
	}
	if t, _ := el.GetAttribute("type"); el.LocalName() == "form" || (t == "submit" && e.has(el, "form")) || (t == "submit" && el.HasAttribute("form")) {
		e.trackButtons2(el, st)
	}
	st.initialized = true
	e.fire(el, e.b.ev.afterProcess, nil)
}

// triggerSpecs2 is htmx 2's getTriggerSpecs: hx-trigger, else the
// element's default trigger.
func (e *Engine) triggerSpecs2(el *vdom.Node) []*trigger {
	if v, ok := e.own(el, "hx-trigger"); ok {
		if ts := e.parseTriggers(el, v); len(ts) > 0 {
			return ts
		}
	}
	t, _ := el.GetAttribute("type")
	switch name := el.LocalName(); {
	case name == "form":
		return []*trigger{{name: "submit", offset: -1}}
	case name == "input" && (t == "button" || t == "submit"):
		return []*trigger{{name: "click", offset: -1}}
	case name == "input" || name == "textarea" || name == "select":
		return []*trigger{{name: "change", offset: -1}}
	}
	return []*trigger{{name: "click", offset: -1}}
}

// trackButtons2 is htmx 2's initButtonTracking: a form remembers the
// submit button last clicked or focused, its submitter.
func (e *Engine) trackButtons2(el *vdom.Node, st *elemState) {
	set := func(ev *vdom.Event) {
		if fst := e.relatedFormState2(ev); fst != nil {
			fst.lastButtonClicked = targetButton(ev)
		}
	}
	e.listen(st, el, "click", set, false)
	e.listen(st, el, "focusin", set, false)
	e.listen(st, el, "focusout", func(ev *vdom.Event) {
		if fst := e.relatedFormState2(ev); fst != nil {
			fst.lastButtonClicked = nil
		}
	}, false)
}

// targetButton is the submit button an event's target is in.
func targetButton(ev *vdom.Event) *vdom.Node {
	t, _ := ev.Target().(*vdom.Node)
	if t == nil || !t.IsElement() {
		return nil
	}
	b, _ := t.Closest("button, input[type='submit']")
	return b
}

// relatedFormState2 is the state of the form of the button an event
// hit.
func (e *Engine) relatedFormState2(ev *vdom.Event) *elemState {
	b := targetButton(ev)
	if b == nil {
		return nil
	}
	f := b.Form()
	if f == nil {
		f, _ = b.Closest("form")
	}
	if f == nil {
		return nil
	}
	return e.state(f)
}

// cleanup2 is htmx 2's cleanUpElement: htmx:beforeCleanupElement and
// deInitNode for the node and each element under it, in tree order.
func (e *Engine) cleanup2(n *vdom.Node) {
	stack := []*vdom.Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		e.fire(cur, e.b.ev.beforeCleanup, nil)
		e.deinit2(cur)
		delete(e.states, cur)
		kids := cur.Children()
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// refuseHxOn reports the hx-on attributes in and under el: their values
// are JavaScript.
func (e *Engine) refuseHxOn(el *vdom.Node) {
	check := func(h *html.Node) {
		for _, a := range h.Attr {
			name := a.Key
			p := ""
			switch {
			case strings.HasPrefix(name, "hx-on"):
				p = "hx-on"
			case strings.HasPrefix(name, "data-hx-on"):
				p = "data-hx-on"
			default:
				continue
			}
			rest := name[len(p):]
			if rest == "" || rest[0] == ':' || rest[0] == '-' {
				n := e.doc.Wrap(h)
				st := e.state(n)
				if st.onRefused {
					return
				}
				st.onRefused = true
				e.report(attrError(ErrNeedsJavaScript, n, name, a.Val, -1, "hx-on runs JavaScript"))
				return
			}
		}
	}
	for h := range elementsFrom(el) {
		check(h)
	}
}

// elementsFrom yields el, when it is an element, and the elements under
// it in tree order, as the tree's nodes: the scans for hx-on attributes
// read every element of new content, and a handle made for each node
// (text nodes among them) would cost the document one per node until
// the content leaves it again.
func elementsFrom(el *vdom.Node) iter.Seq[*html.Node] {
	return htmltree.Elements(el.HTML())
}

// ---- htmx 4 ----

// actionSelector4 selects the elements htmx 4 initializes. It is made
// under the configured prefix once per engine: every processed subtree
// asks.
func (e *Engine) actionSelector4() string {
	if e.sel4.action != "" {
		return e.sel4.action
	}
	var parts []string
	for _, v := range append([]string{"action"}, verbs4...) {
		parts = append(parts, "[hx-"+v+"]")
		if p := e.cfg.prefix; p != "" {
			parts = append(parts, "["+p+v+"]")
		}
	}
	e.sel4.action = strings.Join(parts, ",")
	return e.sel4.action
}

// ignored4 is htmx 4's #ignore: inside hx-ignore.
func (e *Engine) ignored4(el *vdom.Node) bool {
	if e.sel4.ignore == "" {
		e.sel4.ignore = "[hx-ignore]"
		if p := e.cfg.prefix; p != "" {
			e.sel4.ignore += ",[" + p + "ignore]"
		}
	}
	n, _ := el.Closest(e.sel4.ignore)
	return n != nil
}

// process4 is htmx 4's process.
func (e *Engine) process4(root *vdom.Node) {
	if !root.IsConnected() || !root.IsElement() || e.ignored4(root) {
		return
	}
	if !e.fire(root, e.b.ev.beforeProcess, nil) {
		return
	}
	onNodes := []*vdom.Node{root}
	for h := range elementsFrom(root) {
		if h != root.HTML() && hasHxOn(h, e.cfg.prefix) {
			onNodes = append(onNodes, e.doc.Wrap(h))
		}
	}
	for _, n := range onNodes {
		if !e.ignored4(n) && e.fireWith(n, e.b.ev.beforeOnInit, nil, true) {
			if hasHxOn(n.HTML(), e.cfg.prefix) {
				e.powered4(n)
				e.refuseHxOn(n)
			}
		}
	}
	for _, el := range eltAndDescendants(root, e.actionSelector4()) {
		e.init4(el)
	}
	for _, el := range eltAndDescendants(root, "a,form") {
		e.maybeBoost4(el)
	}
	e.fire(root, e.b.ev.afterProcess, nil)
}

// hasHxOn reports an element with an hx-on attribute.
func hasHxOn(h *html.Node, prefix string) bool {
	for _, a := range h.Attr {
		if strings.HasPrefix(a.Key, "hx-on") {
			return true
		}
		if rest, ok := strings.CutPrefix(a.Key, prefix); prefix != "" && ok && strings.HasPrefix(rest, "on") {
			return true
		}
	}
	return false
}

// eltAndDescendants is htmx 4's queryEltAndDescendants.
func eltAndDescendants(el *vdom.Node, sel string) []*vdom.Node {
	out, _ := el.QuerySelectorAll(sel)
	if ok, _ := el.Matches(sel); ok {
		out = append([]*vdom.Node{el}, out...)
	}
	return out
}

// powered4 is htmx 4's htmxProp: the element gets its state and
// data-htmx-powered.
func (e *Engine) powered4(el *vdom.Node) *elemState {
	st := e.state(el)
	if !st.powered {
		st.powered = true
		_ = el.SetAttribute("data-htmx-powered", "true")
	}
	return st
}

// init4 is htmx 4's initializeElement.
func (e *Engine) init4(el *vdom.Node) {
	if st := e.stateIfAny(el); (st != nil && st.initialized) || e.ignored4(el) {
		return
	}
	if !e.fireWith(el, e.b.ev.beforeInit, nil, true) {
		return
	}
	st := e.powered4(el)
	st.initialized = true
	e.initTriggers4(el, st)
	e.fireWith(el, e.b.ev.afterInit, nil, true)
}

// cleanup4 is htmx 4's #cleanup: the element and its powered
// descendants lose their listeners, timers and data-htmx-powered.
func (e *Engine) cleanup4(el *vdom.Node, force bool) {
	if !el.IsElement() {
		return
	}
	els := []*vdom.Node{el}
	more, _ := el.QuerySelectorAll("[data-htmx-powered]")
	els = append(els, more...)
	for _, n := range els {
		st := e.stateIfAny(n)
		if st == nil || !st.powered {
			continue
		}
		e.fire(n, e.b.ev.beforeCleanup, nil)
		for _, t := range st.triggers {
			e.doc.ClearTimeout(t.interval)
			e.doc.ClearTimeout(t.timeout)
			e.doc.ClearTimeout(t.throttleTimer)
		}
		for _, r := range st.listeners {
			removeListener(r)
		}
		st.listeners, st.triggers = nil, nil
		n.RemoveAttribute("data-htmx-powered")
		e.fire(n, e.b.ev.afterCleanup, nil)
		if force {
			delete(e.states, n)
		}
	}
}
