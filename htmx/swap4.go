package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/internal/cssescape"
	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 4's swap: the fragment, its out-of-band and partial tasks, the
// main task, htmx:before:swap, then each task inserted (insertContent)
// with its settling, and htmx:after:swap when all are done.

// swap4 is htmx 4's swap; targetSel is a target a response set by
// selector (HX-Retarget, hx-status), done runs when it has finished,
// with the error a swap task threw (an unknown style).
func (e *Engine) swap4(r *Request, targetSel string, done func(error)) {
	el := r.Source
	var failure error
	finish := func() {
		e.fire(r.Source, e.b.ev.finallySwap, &Detail{Request: r})
		done(failure)
	}
	f := e.makeFragment4(e.text(r.Response))
	e.refuseScripts(r, f.node)
	r.Title, r.titleSet = f.title, true
	oobTasks, err := e.oobTasks4(f.node, el, r.SelectOOB)
	if err != nil {
		// The exception leaves swap through its finally.
		failure = err
		finish()
		return
	}
	partialTasks := e.partialTasks4(f.node, r)
	tasks := append(oobTasks, partialTasks...)
	hasPartials := len(partialTasks) > 0 || (len(oobTasks) > 0 && !e.cfg.emptySwapAfterOOB)
	main, err := e.mainTask4(r, f.node, hasPartials, targetSel)
	if err != nil {
		failure = err
		finish()
		return
	}
	if main != nil {
		tasks = append([]*SwapTask{main}, tasks...)
	}
	e.checkHTML(r, r.Swap)
	if !e.fire(el, e.b.ev.beforeSwap, &Detail{Request: r, Tasks: tasks}) {
		finish()
		return
	}
	if err := e.historyUpdate4(r); err != nil {
		failure = err
		e.report(err)
		finish()
		return
	}
	pending := len(tasks)
	after := func() {
		if failure != nil {
			finish()
			return
		}
		if main != nil && (r.Source == nil || !r.Source.IsConnected()) && main.Target != nil && main.Target.IsConnected() {
			r.Source = main.Target
		}
		e.fire(r.Source, e.b.ev.afterSwap, &Detail{Request: r})
		if r.Title != "" && r.Swap != "none" {
			e.doc.SetTitle(r.Title)
		}
		finish()
	}
	if pending == 0 {
		after()
		return
	}
	for _, t := range tasks {
		e.insert4(t, func(err error) {
			if err != nil && failure == nil {
				failure = err
			}
			pending--
			if pending == 0 {
				after()
			}
		})
	}
}

// mainTask4 is htmx 4's processMainSwap.
// Its error is the exception of an hx-select that does not parse.
func (e *Engine) mainTask4(r *Request, frag *vdom.Node, hasPartials bool, targetSel string) (*SwapTask, error) {
	spec := e.parseSwap4(r.Source, "hx-swap", r.Swap)
	if spec.IgnoreTitle {
		r.Title, r.titleNull = "", true
	}
	content := frag
	if b, _ := frag.QuerySelector("body"); b != nil {
		content = b
	}
	empty := spec.SwapEmpty == nil && hasPartials || spec.SwapEmpty != nil && !*spec.SwapEmpty
	if !(spec.Style == "delete" || childElementCount(content) > 0 || strings.TrimSpace(frag.TextContent()) != "" || !empty) {
		return nil, nil
	}
	if r.Select != "" {
		picked := e.doc.CreateDocumentFragment()
		nodes, err := frag.QuerySelectorAll(r.Select)
		if err != nil {
			e.reportSelectorValue(r.Source, "hx-select", r.Select, err)
			return nil, errSelectorSyntax{on: "DocumentFragment", selector: r.Select}
		}
		for _, n := range nodes {
			_, _ = picked.AppendChild(n)
		}
		frag = picked
	}
	if r.Boosted && spec.Show == "" {
		spec.Show, spec.showSet = "top", true
	}
	src := r.Source
	if src == nil {
		src = e.doc.Body()
	}
	target := r.Target
	sel := spec.Target
	if sel == "" {
		sel = targetSel
	}
	if sel != "" {
		n, err := e.findOne(src, sel, "hx-target")
		if err != nil {
			e.reportSelectorValue(src, "hx-target", sel, err)
			return nil, errSelectorSyntax{on: "Document", selector: sel}
		}
		if n == nil {
			e.report(&Error{Kind: ErrNoTarget, Element: src, Attribute: "target", Value: sel, Offset: -1, Detail: "no element matches; nothing is swapped"})
		}
		target = n
	} else if target == nil {
		target = src
	}
	return &SwapTask{Type: "main", fragment: frag, Target: target, Style: spec.Style, Spec: spec, Source: r.Source}, nil
}

// oobTasks4 is htmx 4's processOOB.
func (e *Engine) oobTasks4(frag, source *vdom.Node, selectOOB string) ([]*SwapTask, error) {
	var tasks []*SwapTask
	var err error
	if selectOOB != "" {
		for _, spec := range strings.Split(selectOOB, ",") {
			sel, value, _ := strings.Cut(spec, ":")
			if value == "" && !strings.Contains(spec, ":") {
				value = "true"
			}
			els, qerr := frag.QuerySelectorAll(sel)
			if qerr != nil {
				e.reportSelectorValue(source, "hx-select-oob", selectOOB, qerr)
				return nil, errSelectorSyntax{on: "DocumentFragment", selector: sel}
			}
			for _, el := range els {
				if tasks, err = e.oobTask4(tasks, el, value, source); err != nil {
					return nil, err
				}
			}
		}
	}
	sel := "[hx-swap-oob]"
	if p := e.cfg.prefix; p != "" {
		sel += ",[" + p + "swap-oob]"
	}
	els, _ := frag.QuerySelectorAll(sel)
	for _, el := range els {
		name := e.ownName(el, "hx-swap-oob")
		v, _ := el.GetAttribute(name)
		el.RemoveAttribute(name)
		if tasks, err = e.oobTask4(tasks, el, v, source); err != nil {
			return nil, err
		}
	}
	return tasks, nil
}

// oobTask4 is htmx 4's createOOBTask.
// A target selector that does not parse is querySelectorAll's
// exception: the error, which stops the swap (oob-swap-modifiers).
func (e *Engine) oobTask4(tasks []*SwapTask, el *vdom.Node, value string, source *vdom.Node) ([]*SwapTask, error) {
	targetSel := ""
	if id, _ := el.GetAttribute("id"); id != "" {
		targetSel = "#" + cssescape.Ident(id)
	}
	if i := strings.IndexByte(value, ':'); i > 0 && !strings.ContainsAny(value[:i], " \t\n\r\f") && i+1 < len(value) {
		value, targetSel = value[:i], value[i+1:]
	}
	if value == "true" || value == "" {
		value = "outerHTML"
	}
	spec := e.parseSwap4(source, "hx-swap-oob", value)
	if spec.Target != "" {
		targetSel = spec.Target
	}
	if spec.Strip == nil {
		v := !strings.HasPrefix(spec.Style, "outer")
		spec.Strip, spec.stripSet = &v, true
	}
	if targetSel == "" {
		return tasks, nil
	}
	if source == nil {
		source = e.doc.Body()
	}
	targets, err := e.findElements(source, targetSel, "")
	if err != nil {
		e.reportSelectorValue(source, "hx-swap-oob", value, err)
		return tasks, errSelectorSyntax{on: "Document", selector: targetSel}
	}
	for _, t := range targets {
		f := e.doc.CreateDocumentFragment()
		_, _ = f.AppendChild(el.CloneNode(true))
		tasks = append(tasks, &SwapTask{Type: "oob", fragment: f, Target: t, Style: spec.Style, Spec: spec, Source: source})
	}
	el.Remove()
	return tasks, nil
}

// partialTasks4 is htmx 4's processPartials (<hx-partial>).
func (e *Engine) partialTasks4(frag *vdom.Node, r *Request) []*SwapTask {
	var tasks []*SwapTask
	templates, _ := frag.QuerySelectorAll("template[hx]")
	for _, t := range templates {
		typ, _ := t.GetAttribute("type")
		if typ == "partial" {
			sel, _ := e.own(t, "hx-target")
			if sel == "" {
				if id, _ := t.GetAttribute("id"); id != "" {
					sel = "#" + cssescape.Ident(id)
				}
			}
			if sel != "" {
				sw, _ := e.own(t, "hx-swap")
				if sw == "" {
					sw = e.cfg.defaultSwap
				}
				spec := e.parseSwap4(r.Source, "hx-swap", sw)
				if spec.IgnoreTitle {
					r.Title = ""
				}
				src := r.Source
				if src == nil {
					src = e.doc.Body()
				}
				targets, _ := e.findElements(src, sel, "")
				if len(targets) == 0 {
					targets = []*vdom.Node{nil}
				}
				for _, target := range targets {
					content := t.Content().CloneNode(true)
					f := e.doc.CreateDocumentFragment()
					e.moveChildren(f, content)
					tasks = append(tasks, &SwapTask{Type: "partial", fragment: f, Target: target, Style: spec.Style, Spec: spec, Source: r.Source})
				}
			}
		} else {
			e.report(&Error{Kind: ErrNeedsJavaScript, Element: r.Source, Attribute: "<hx-" + typ + ">", Offset: -1, Detail: "handled by an htmx extension"})
		}
		t.Remove()
	}
	return tasks
}

// insert4 is htmx 4's insertContent; done runs when the task has
// settled, with the error of a style htmx 4 does not know.
func (e *Engine) insert4(task *SwapTask, done func(error)) {
	target, spec, frag := task.Target, task.Spec, task.fragment
	style := spec.Style
	if target == nil || style == "none" {
		done(nil)
		return
	}
	if first := frag.FirstElementChild(); first != nil && first.LocalName() == "body" {
		keepBody := target == e.doc.Body() && strings.HasPrefix(style, "outer")
		if keepBody && style == "outerHTML" {
			style = "outerSync"
		}
		if spec.Strip == nil {
			v := !keepBody
			spec.Strip, spec.stripSet = &v, true
		}
	}
	if spec.Strip != nil && *spec.Strip && frag.FirstElementChild() != nil {
		first := frag.FirstElementChild()
		src := first
		if first.LocalName() == "template" {
			src = first.Content()
		}
		nf := e.doc.CreateDocumentFragment()
		e.moveChildren(nf, src)
		frag = nf
	}
	addClass(target, "htmx-swapping")
	e.after(spec.SwapDelay, func() { e.insertNow4(task, target, style, frag, done) })
}

// insertNow4 is the part of insertContent after the swap delay.
func (e *Engine) insertNow4(task *SwapTask, target *vdom.Node, style string, frag *vdom.Node, done func(error)) {
	spec := task.Spec
	if style == "delete" {
		e.swapping(task.Type, target, style)
		if target.ParentNode() != nil {
			e.cleanup4(target, false)
			target.Remove()
		}
		done(nil)
		return
	}
	var focusEl *vdom.Node
	var focusStart, focusEnd int
	var hasSel bool
	var settleTasks []func()
	settleDelay := spec.SettleDelay
	parent := target.ParentNode()
	if style == "innerHTML" || (style == "outerHTML" && parent != nil) {
		if a := e.doc.ActiveElement(); a != nil && a.ID() != "" {
			focusEl = a
			focusStart, hasSel = a.SelectionStart()
			focusEnd, _ = a.SelectionEnd()
		}
		if settleDelay > 0 || spec.settleTruthy {
			settleTasks = e.cssTransitions4(frag, target)
		}
	}
	pantry := e.preserve4(frag)
	newContent := frag.ChildNodes()
	if swapStyles4[style] && style != "innerMorph" && style != "outerMorph" {
		// Morphs are refused below.
		e.swapping(task.Type, target, style)
	}
	switch style {
	case "innerHTML":
		for _, c := range target.Children() {
			e.cleanup4(c, false)
		}
		e.replaceChildren(target, frag)
	case "textContent":
		powered, _ := target.QuerySelectorAll("[data-htmx-powered]")
		for _, c := range powered {
			e.cleanup4(c, false)
		}
		target.SetTextContent(frag.TextContent())
	case "outerHTML":
		if parent != nil {
			for _, c := range frag.ChildNodes() {
				_, _ = parent.InsertBefore(c, target)
			}
			e.cleanup4(target, false)
			target.Remove()
			target = parent
			for _, c := range newContent {
				if c.IsElement() {
					target = c
					break
				}
			}
		}
	case "outerSync":
		if src := frag.FirstElementChild(); src != nil {
			e.copyAttributes4(target, src)
			for _, c := range target.Children() {
				e.cleanup4(c, false)
			}
			e.replaceChildren(target, src)
		}
		newContent = []*vdom.Node{target}
	case "beforebegin":
		if parent != nil {
			for _, c := range frag.ChildNodes() {
				_, _ = parent.InsertBefore(c, target)
			}
		}
	case "afterbegin":
		first := target.FirstChild()
		for _, c := range frag.ChildNodes() {
			_, _ = target.InsertBefore(c, first)
		}
	case "beforeend":
		for _, c := range frag.ChildNodes() {
			_, _ = target.AppendChild(c)
		}
	case "afterend":
		if parent != nil {
			next := target.NextSibling()
			for _, c := range frag.ChildNodes() {
				_, _ = parent.InsertBefore(c, next)
			}
		}
	default:
		removeClass(target, "htmx-swapping")
		kind, detail := ErrSyntax, "unknown swap style; nothing is swapped"
		if style == "innerMorph" || style == "outerMorph" {
			kind, detail = ErrUnsupported, "morphing swaps are not supported; nothing is swapped"
		}
		e.report(&Error{Kind: kind, Element: task.Source, Attribute: "hx-swap", Value: style, Offset: 0, Detail: detail})
		done(errUnknownStyle(style))
		return
	}
	removeClass(target, "htmx-swapping")
	task.Target = target
	e.restorePreserved4(pantry)
	if focusEl != nil && e.doc.ActiveElement() != focusEl {
		if n := e.doc.GetElementByID(focusEl.ID()); n != nil {
			if hasSel {
				_ = n.SetSelectionRange(focusStart, focusEnd, "")
			}
			_ = n.Focus()
		}
	}
	e.fire(target, e.b.ev.beforeSettle, &Detail{Task: task, NewContent: newContent, settleTasks: settleTasks})
	for _, n := range newContent {
		addClass(n, "htmx-added")
	}
	settled := func() {
		e.fire(target, e.b.ev.afterSettle, &Detail{Task: task, NewContent: newContent, settleTasks: settleTasks})
		for _, n := range newContent {
			removeClass(n, "htmx-added")
			if n.IsElement() {
				e.process4(n)
				autofocus4(n)
			}
		}
		done(nil)
	}
	if len(settleTasks) > 0 {
		addClass(target, "htmx-settling")
		e.after(settleDelay, func() {
			for _, t := range settleTasks {
				t()
			}
			removeClass(target, "htmx-settling")
			settled()
		})
		return
	}
	settled()
}

// errUnknownStyle is htmx 4's error for a swap style it does not know.
type errUnknownStyle string

func (s errUnknownStyle) Error() string { return "Error: Unknown swap style: " + string(s) }

// autofocus4 is htmx 4's handleAutoFocus.
func autofocus4(el *vdom.Node) {
	for _, n := range eltAndDescendants(el, "[autofocus]") {
		_ = n.Focus()
		return
	}
}

// replaceChildren replaces target's children with frag's.
func (e *Engine) replaceChildren(target, frag *vdom.Node) {
	items := make([]vdom.NodeOrText, 0)
	for _, c := range frag.ChildNodes() {
		items = append(items, c)
	}
	_ = target.ReplaceChildren(items...)
}

// cssTransitions4 is htmx 4's startCSSTransitions: new elements with the
// id and tag of old ones under root take the old ones' class, style,
// width and height until they settle.
func (e *Engine) cssTransitions4(frag, root *vdom.Node) []func() {
	olds, _ := root.QuerySelectorAll("[id]")
	byID := map[string]*vdom.Node{}
	for _, o := range olds {
		byID[o.ID()] = o
	}
	news, _ := frag.QuerySelectorAll("[id]")
	var tasks []func()
	for _, n := range news {
		old := byID[n.ID()]
		if old == nil || old.LocalName() != n.LocalName() {
			continue
		}
		clone := n.CloneNode(false)
		for _, a := range []string{"class", "style", "width", "height"} {
			if v, ok := old.GetAttribute(a); ok {
				_ = n.SetAttribute(a, v)
			} else {
				n.RemoveAttribute(a)
			}
		}
		tasks = append(tasks, func() { e.copyAttributes4(n, clone) })
	}
	return tasks
}

// copyAttributes4 is htmx 4's copyAttributes: destination takes
// source's attributes (data-htmx-powered aside); a change of an hx-
// attribute re-initializes it.
func (e *Engine) copyAttributes4(dst, src *vdom.Node) {
	ignored := func(name string) bool { return strings.HasPrefix(name, "data-htmx-powered") }
	isHx := func(name string) bool {
		return strings.HasPrefix(name, "hx-") || (e.cfg.prefix != "" && strings.HasPrefix(name, e.cfg.prefix))
	}
	reinit := false
	for _, a := range src.Attributes() {
		if v, ok := dst.GetAttribute(a.Name); ignored(a.Name) || (ok && v == a.Value) {
			continue
		}
		if isHx(a.Name) {
			reinit = true
		}
		_ = dst.SetAttribute(a.Name, a.Value)
		if a.Name == "value" && dst.LocalName() == "input" && dst.Type() != "file" && e.doc.ActiveElement() != dst {
			_ = dst.SetValue(a.Value)
		}
	}
	attrs := dst.Attributes()
	for i := len(attrs) - 1; i >= 0; i-- {
		a := attrs[i]
		if !src.HasAttribute(a.Name) && !ignored(a.Name) {
			if isHx(a.Name) {
				reinit = true
			}
			dst.RemoveAttribute(a.Name)
		}
	}
	if reinit {
		e.cleanup4(dst, true)
	}
}

// preserve4 is htmx 4's handlePreservedElements: the page's elements an
// hx-preserve element of the new content names by id wait in a hidden
// pantry after the body.
func (e *Engine) preserve4(frag *vdom.Node) *vdom.Node {
	body := e.doc.Body()
	if body == nil {
		return nil
	}
	pantry, err := e.doc.CreateElement("div")
	if err != nil {
		return nil
	}
	_ = pantry.SetHidden(true)
	_ = body.After(pantry)
	sel := "[hx-preserve]"
	if p := e.cfg.prefix; p != "" {
		sel += ",[" + p + "preserve]"
	}
	els, _ := frag.QuerySelectorAll(sel)
	for _, p := range els {
		if cur := e.doc.GetElementByID(p.ID()); cur != nil {
			_, _ = pantry.AppendChild(cur)
		}
	}
	return pantry
}

// restorePreserved4 is htmx 4's restorePreservedElements.
func (e *Engine) restorePreserved4(pantry *vdom.Node) {
	if pantry == nil {
		return
	}
	for _, p := range pantry.Children() {
		if n := e.doc.GetElementByID(p.ID()); n != nil && n.ParentNode() != nil {
			_, _ = n.ParentNode().InsertBefore(p, n)
			e.cleanup4(n, false)
			n.Remove()
		}
	}
	pantry.Remove()
}
