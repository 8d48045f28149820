package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/cssescape"
	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 2's swap: the fragment, out-of-band elements, hx-select, the
// swap style, then settling (settleDelay later, 20 ms by default): the
// attributes of kept elements, processing the new content, htmx:load and
// htmx:afterSettle.

// settleInfo2 is htmx 2's settleInfo.
type settleInfo2 struct {
	tasks []func()
	elts  []*vdom.Node
	title string
}

// swapOptions2 are htmx 2's swapOptions.
type swapOptions2 struct {
	selectSel, selectOOB string
	r                    *Request
	anchor               string
	context              *vdom.Node
	title                string
	historyRequest       bool
	// fragment is content already parsed (a partial's), swapped
	// instead of the text.
	fragment *vdom.Node
	// beforeSwap runs first; its error (htmx 2's pushState throwing)
	// stops the swap.
	beforeSwap  func() error
	afterSwap   func()
	afterSettle func()
}

// swap2 is htmx 2's swap. Its error is beforeSwap's when the swap runs
// at once; a delayed swap reports it.
func (e *Engine) swap2(target *vdom.Node, content string, spec *SwapSpec, o swapOptions2) error {
	var failed error
	doSwap := func() {
		if o.beforeSwap != nil {
			if failed = o.beforeSwap(); failed != nil {
				return
			}
		}
		active := e.doc.ActiveElement()
		start, hasStart := active.SelectionStart()
		end, _ := active.SelectionEnd()
		si := &settleInfo2{elts: []*vdom.Node{target}}
		switch {
		case spec.Style == "textContent" && o.fragment != nil:
			// htmx sets textContent to the fragment object itself,
			// which JavaScript turns into this string.
			target.SetTextContent("[object DocumentFragment]")
		case spec.Style == "textContent":
			target.SetTextContent(content)
		default:
			f := &fragment{node: o.fragment}
			if f.node == nil {
				f = e.makeFragment2(content)
			}
			if o.fragment == nil {
				e.refuseScripts(o.r, f.node)
			}
			si.title = f.title
			if o.title != "" {
				si.title = o.title
			}
			frag := f.node
			if o.historyRequest {
				if h, _ := frag.QuerySelector("[hx-history-elt],[data-hx-history-elt]"); h != nil {
					frag = h
				}
			}
			if o.selectOOB != "" {
				for _, part := range strings.Split(o.selectOOB, ",") {
					id, value, _ := strings.Cut(part, ":")
					id = strings.TrimPrefix(strings.TrimSpace(id), "#")
					if value == "" {
						value = "true"
					}
					if el, _ := frag.QuerySelector("#" + cssescape.Ident(id)); el != nil {
						if failed = e.oobSwap2(value, el, si, o.r); failed != nil {
							e.swapFailed2(o, target)
							return
						}
					}
				}
			}
			if _, failed = e.swapOOBElements2(frag, si, o.r); failed != nil {
				e.swapFailed2(o, target)
				return
			}
			templates, _ := frag.QuerySelectorAll("template")
			for _, t := range templates {
				c := t.Content()
				if c == nil {
					continue
				}
				had, err := e.swapOOBElements2(c, si, o.r)
				if err != nil {
					failed = err
					e.swapFailed2(o, target)
					return
				}
				if had {
					t.Remove()
				}
			}
			context := o.context
			if context == nil {
				context = target
			}
			hasPartials := e.swapPartials2(frag, si, context, o.r)
			if o.selectSel != "" {
				picked := e.doc.CreateDocumentFragment()
				nodes, err := frag.QuerySelectorAll(o.selectSel)
				if err != nil {
					// querySelectorAll throws: the swap stops.
					e.reportSelectorValue(o.context, "hx-select", o.selectSel, err)
					failed = errSelectorSyntax{on: "DocumentFragment", selector: o.selectSel}
					e.swapFailed2(o, target)
					return
				}
				for _, n := range nodes {
					_, _ = picked.AppendChild(n)
				}
				frag = picked
			}
			e.preserve(frag)
			if hasPartials && childElementCount(frag) == 0 && strings.TrimSpace(frag.TextContent()) == "" {
				// Only partials: the main target stays as it was.
				si.elts = []*vdom.Node{target}
			} else {
				e.swapping("main", target, spec.Style)
				e.swapWithStyle2(spec.Style, target, frag, si)
			}
			e.restorePreserved()
		}
		// Focus and selection go back to the element that had them when
		// the swap replaced it with one of the same id.
		if active != nil && !active.IsConnected() {
			if id, _ := active.GetAttribute("id"); id != "" {
				if n := e.doc.GetElementByID(id); n != nil {
					if hasStart && start != 0 {
						_ = n.SetSelectionRange(start, end, "")
					}
					_ = n.Focus()
				}
			}
		}
		removeClass(target, e.cfg.swappingClass)
		for _, el := range si.elts {
			if el.IsElement() {
				addClass(el, e.cfg.settlingClass)
			}
			e.fire(el, e.b.ev.afterSwap, &Detail{Request: o.r, Target: requestTarget(o.r, target)})
		}
		if o.afterSwap != nil {
			o.afterSwap()
		}
		if !spec.IgnoreTitle {
			e.setTitle(si.title)
		}
		doSettle := func() {
			for _, task := range si.tasks {
				task()
			}
			for _, el := range si.elts {
				if el.IsElement() {
					removeClass(el, e.cfg.settlingClass)
				}
				e.fire(el, e.b.ev.afterSettle, &Detail{Request: o.r, Target: requestTarget(o.r, target)})
			}
			if o.afterSettle != nil {
				o.afterSettle()
			}
		}
		e.after(spec.SettleDelay, doSettle)
	}
	// transition:true: htmx fires htmx:beforeTransition on the context
	// element and, unless a listener cancels it, hands the swap to
	// document.startViewTransition, which runs it in a later task: what
	// follows the swap call in the response's handling (afterRequest,
	// afterOnLoad, loadend) comes first (swap-transition-ignoretitle).
	// There is no animation to wait for; the swap is posted as a task.
	deferred := false
	var at vdom.EventTarget = e.doc
	if o.context != nil {
		at = o.context
	}
	if spec.Transition && e.fire(at, e.b.ev.beforeTransition, &Detail{Request: o.r, Target: requestTarget(o.r, target)}) {
		inner := doSwap
		doSwap = func() {
			e.doc.Post(func() {
				inner()
				e.report(failed)
			})
		}
		deferred = true
	}
	if spec.SwapDelay > 0 {
		e.setTimeout(spec.SwapDelay, func() {
			doSwap()
			if !deferred {
				e.report(failed)
			}
		})
		return nil
	}
	doSwap()
	if deferred {
		return nil
	}
	return failed
}

// swapFailed2 is swap's catch: htmx:swapError on the context element
// (the document without one) before the exception goes on.
func (e *Engine) swapFailed2(o swapOptions2, target *vdom.Node) {
	var at vdom.EventTarget = e.doc
	if o.context != nil {
		at = o.context
	}
	e.fire(at, e.b.ev.swapError, &Detail{Request: o.r, Target: requestTarget(o.r, target), Error: e.b.ev.swapError})
}

// requestTarget is the target a request's events name.
func requestTarget(r *Request, fallback *vdom.Node) *vdom.Node {
	if r != nil && r.Target != nil {
		return r.Target
	}
	return fallback
}

// setTitle is htmx's handleTitle: the first title element's text, else
// document.title.
func (e *Engine) setTitle(title string) {
	if title == "" {
		return
	}
	if t, _ := e.doc.QuerySelector("title"); t != nil {
		t.SetTextContent(title)
		return
	}
	e.doc.SetTitle(title)
}

// swapWithStyle2 is htmx 2's swapWithStyle.
func (e *Engine) swapWithStyle2(style string, target, frag *vdom.Node, si *settleInfo2) {
	for range 2 {
		switch style {
		case "none":
			return
		case "outerHTML":
			e.swapOuter2(target, frag, si)
			return
		case "afterbegin":
			e.insertBefore2(target, target.FirstChild(), frag, si)
			return
		case "beforebegin":
			e.insertBefore2(target.ParentNode(), target, frag, si)
			return
		case "beforeend":
			e.insertBefore2(target, nil, frag, si)
			return
		case "afterend":
			e.insertBefore2(target.ParentNode(), target.NextSibling(), frag, si)
			return
		case "delete":
			e.cleanup2(target)
			target.Remove()
			return
		case "innerHTML":
			e.swapInner2(target, frag, si)
			return
		}
		// An unknown style swaps with the configured default.
		style = e.cfg.defaultSwap
	}
	e.swapInner2(target, frag, si)
}

// swapOuter2 is htmx 2's swapOuterHTML.
func (e *Engine) swapOuter2(target, frag *vdom.Node, si *settleInfo2) {
	if target.LocalName() == "body" {
		e.swapInner2(target, frag, si)
		return
	}
	before := target.PreviousSibling()
	parent := target.ParentNode()
	if parent == nil {
		return
	}
	e.insertBefore2(parent, target, frag, si)
	var n *vdom.Node
	if before == nil {
		n = parent.FirstChild()
	} else {
		n = before.NextSibling()
	}
	elts := si.elts[:0]
	for _, x := range si.elts {
		if x != target {
			elts = append(elts, x)
		}
	}
	si.elts = elts
	for ; n != nil && n != target; n = n.NextSibling() {
		if n.IsElement() {
			si.elts = append(si.elts, n)
		}
	}
	e.cleanup2(target)
	target.Remove()
}

// swapInner2 is htmx 2's swapInnerHTML: the new content goes first, then
// the old children are cleaned up and removed.
func (e *Engine) swapInner2(target, frag *vdom.Node, si *settleInfo2) {
	first := target.FirstChild()
	e.insertBefore2(target, first, frag, si)
	if first == nil {
		return
	}
	for first.NextSibling() != nil {
		n := first.NextSibling()
		e.cleanup2(n)
		n.Remove()
	}
	e.cleanup2(first)
	first.Remove()
}

// insertBefore2 is htmx 2's insertNodesBefore: kept elements' settling
// attributes, then each child inserted with htmx-added and a settle task
// that processes it.
func (e *Engine) insertBefore2(parent, before, frag *vdom.Node, si *settleInfo2) {
	if parent == nil {
		return
	}
	e.handleAttributes2(parent, frag, si)
	for {
		child := frag.FirstChild()
		if child == nil {
			break
		}
		if child.IsElement() {
			addClass(child, e.cfg.addedClass)
		}
		if _, err := parent.InsertBefore(child, before); err != nil {
			child.Remove()
			continue
		}
		if t := child.NodeType(); t != vdom.TextNode && t != vdom.CommentNode {
			si.tasks = append(si.tasks, e.loadTask2(child))
		}
	}
}

// loadTask2 is htmx 2's makeAjaxLoadTask.
func (e *Engine) loadTask2(child *vdom.Node) func() {
	return func() {
		removeClass(child, e.cfg.addedClass)
		e.process2(child)
		autofocus(child)
		e.fire(child, e.b.ev.load, nil)
	}
}

// autofocus focuses the first [autofocus] of el (itself included).
func autofocus(el *vdom.Node) {
	if !el.IsElement() {
		return
	}
	if el.HasAttribute("autofocus") {
		_ = el.Focus()
		return
	}
	if n, _ := el.QuerySelector("[autofocus]"); n != nil {
		_ = n.Focus()
	}
}

// handleAttributes2 is htmx 2's handleAttributes: a new element with the
// id and tag of an old one under parent takes the old one's settling
// attributes (class, style, width, height) until it settles.
func (e *Engine) handleAttributes2(parent, frag *vdom.Node, si *settleInfo2) {
	news, _ := frag.QuerySelectorAll("[id]")
	for _, n := range news {
		id, _ := n.GetAttribute("id")
		if id == "" || parent.NodeType() != vdom.ElementNode && parent.NodeType() != vdom.DocumentNode && parent.NodeType() != vdom.DocumentFragmentNode {
			continue
		}
		old, _ := parent.QuerySelector(cssescape.Ident(n.LocalName()) + "#" + cssescape.Ident(id))
		if old == nil || old == parent {
			continue
		}
		// htmx 2 keeps a shallow clone of the new element to put its
		// attributes back at the settle; its attributes are all the
		// clone is read for.
		saved := n.Attributes()
		e.cloneAttributes2(n, old.Attributes())
		si.tasks = append(si.tasks, func() { e.cloneAttributes2(n, saved) })
	}
}

// cloneAttributes2 is htmx 2's cloneAttributes over the settling
// attributes, from the attributes of another element.
func (e *Engine) cloneAttributes2(to *vdom.Node, from []vdom.Attr) {
	settles := func(name string) bool {
		for _, a := range e.cfg.attributesToSettle {
			if a == name {
				return true
			}
		}
		return false
	}
	has := func(name string) bool {
		for _, a := range from {
			if a.Name == name {
				return true
			}
		}
		return false
	}
	for _, a := range to.Attributes() {
		if !has(a.Name) && settles(a.Name) {
			to.RemoveAttribute(a.Name)
		}
	}
	for _, a := range from {
		if settles(a.Name) {
			_ = to.SetAttribute(a.Name, a.Value)
		}
	}
}

// swapOOBElements2 is htmx 2's findAndSwapOobElements; its error is the
// exception an out-of-band target's selector throws.
func (e *Engine) swapOOBElements2(frag *vdom.Node, si *settleInfo2, r *Request) (bool, error) {
	els, _ := frag.QuerySelectorAll("[hx-swap-oob], [data-hx-swap-oob]")
	for _, el := range els {
		if e.cfg.nestedOOB || el.ParentElement() == nil {
			if v, ok := e.own(el, "hx-swap-oob"); ok {
				if err := e.oobSwap2(v, el, si, r); err != nil {
					return true, err
				}
			}
		} else {
			el.RemoveAttribute("hx-swap-oob")
			el.RemoveAttribute("data-hx-swap-oob")
		}
	}
	return len(els) > 0, nil
}

// oobSwap2 is htmx 2's oobSwap. A target selector that does not parse
// makes querySelectorAll throw: the error stops the whole swap
// (oob-swap-modifiers: "innerHTML settle:100ms" reads as the style
// "innerHTML settle" and the selector "100ms").
func (e *Engine) oobSwap2(value string, el *vdom.Node, si *settleInfo2, r *Request) error {
	id, _ := el.GetAttribute("id")
	selector := "#" + cssescape.Ident(id)
	style := "outerHTML"
	switch i := strings.IndexByte(value, ':'); {
	case value == "true":
	case i > 0:
		style, selector = value[:i], value[i+1:]
	default:
		style = value
	}
	el.RemoveAttribute("hx-swap-oob")
	el.RemoveAttribute("data-hx-swap-oob")
	targets, err := e.findElementsFrom(e.doc.DocumentElement(), selector)
	if err != nil {
		e.report(attrError(ErrSyntax, sourceOf(r), "hx-swap-oob", value, -1, "%v; htmx 2 throws and swaps nothing more", err))
		return errSelectorSyntax{on: "Document", selector: selector}
	}
	if len(targets) == 0 {
		el.Remove()
		e.fire(e.doc.Body(), e.b.ev.oobErrorNoTarget, &Detail{Request: r, Error: e.b.ev.oobErrorNoTarget, Selector: selector, Fragment: el})
		e.report(attrError(ErrNoTarget, sourceOf(r), "hx-swap-oob", value, -1, "no element matches %q for the out-of-band content", selector))
		return nil
	}
	for _, target := range targets {
		clone := el.CloneNode(true)
		frag := e.doc.CreateDocumentFragment()
		_, _ = frag.AppendChild(clone)
		if style != "outerHTML" {
			frag = clone
		}
		d := &Detail{Request: r, ShouldSwap: true, Target: target, Fragment: frag}
		if !e.fire(target, e.b.ev.oobBeforeSwap, d) {
			return nil
		}
		target = d.Target
		if d.ShouldSwap {
			e.preserve(frag)
			e.swapping("oob", target, style)
			e.swapWithStyle2(style, target, frag, si)
			e.restorePreserved()
		}
		for _, x := range si.elts {
			e.fire(x, e.b.ev.oobAfterSwap, d)
		}
	}
	el.Remove()
	return nil
}

// errSelectorSyntax is the exception querySelectorAll throws for a
// selector that does not parse, as the page's script sees it.
type errSelectorSyntax struct{ on, selector string }

func (s errSelectorSyntax) Error() string {
	return "SyntaxError: Failed to execute 'querySelectorAll' on '" + s.on + "': '" + s.selector + "' is not a valid selector."
}

// sourceOf is the source element of a request, nil for none.
func sourceOf(r *Request) *vdom.Node {
	if r == nil {
		return nil
	}
	return r.Source
}

// findElementsFrom runs an extended selector from the document (htmx 2's
// querySelectorAllExt(rootNode, ...)).
func (e *Engine) findElementsFrom(from *vdom.Node, sel string) ([]*vdom.Node, error) {
	return e.findElements(from, sel, "")
}

// preserve is htmx's handlePreservedElements: an hx-preserve element of
// the new content whose id the page has keeps the page's element, parked
// in a pantry after the body while the swap runs.
func (e *Engine) preserve(frag *vdom.Node) {
	els, _ := frag.QuerySelectorAll("[hx-preserve], [data-hx-preserve]")
	for _, p := range els {
		id, _ := e.own(p, "id")
		if id == "" {
			id, _ = p.GetAttribute("id")
		}
		old := e.doc.GetElementByID(id)
		if old == nil {
			continue
		}
		pantry := e.doc.GetElementByID(pantryID)
		if pantry == nil {
			body := e.doc.Body()
			if body == nil {
				return
			}
			_ = body.InsertAdjacentHTML(vdom.AfterEnd, "<div id='"+pantryID+"'></div>")
			pantry = e.doc.GetElementByID(pantryID)
		}
		_, _ = pantry.AppendChild(old)
	}
}

// pantryID is the id of htmx 2's preserve pantry.
const pantryID = "--htmx-preserve-pantry--"

// restorePreserved is htmx's restorePreservedElements: each parked
// element takes the place of the new element with its id.
func (e *Engine) restorePreserved() {
	pantry := e.doc.GetElementByID(pantryID)
	if pantry == nil {
		return
	}
	for _, p := range pantry.Children() {
		id, _ := p.GetAttribute("id")
		if n, _ := e.doc.QuerySelector("#" + cssescape.Ident(id)); n != nil && n.ParentNode() != nil {
			_, _ = n.ParentNode().InsertBefore(p, n)
			n.Remove()
		}
	}
	pantry.Remove()
}
