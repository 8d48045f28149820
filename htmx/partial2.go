package htmx

import (
	"github.com/eventperk/eventperk-go/internal/cssescape"
	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 2's partials: an answer's <hx-partial> elements (made templates
// by makeFragment) are swapped, each into its own target with its own
// hx-swap, after the out-of-band content and before the main swap
// (htmx 2.0.11's findAndSwapPartials). htmx 4's are swap tasks
// (swap4.go).

// swapPartials2 swaps the partials of frag and removes every
// <template hx> from it; it reports whether there were any. context is
// where extended target selectors start (the request's element, else
// the target).
func (e *Engine) swapPartials2(frag *vdom.Node, si *settleInfo2, context *vdom.Node, r *Request) bool {
	templates, _ := frag.QuerySelectorAll("template[hx]")
	for _, t := range templates {
		typ, _ := t.GetAttribute("type")
		if typ != "partial" {
			// Another <hx-*> element: left to listeners, as htmx
			// leaves it to extensions.
			e.fire(e.doc.Body(), "htmx:processTemplate", &Detail{Template: t, Type: typ, Source: context})
			t.Remove()
			continue
		}
		sel, _ := e.own(t, "hx-target")
		if sel == "" {
			if id, _ := t.GetAttribute("id"); id != "" {
				sel = "#" + cssescape.Ident(id)
			}
		}
		if sel == "" {
			t.Remove()
			continue
		}
		sw, _ := e.own(t, "hx-swap")
		spec := e.parseSwap2(t, "hx-swap", sw, false)
		e.refuseScripts(r, t.Content())
		targets, err := e.findElements(context, sel, "")
		if err != nil {
			e.reportSelectorValue(t, "hx-target", sel, err)
		}
		if len(targets) == 0 {
			e.fire(e.doc.Body(), "htmx:partialErrorNoTarget", &Detail{Error: "htmx:partialErrorNoTarget", Template: t, Selector: sel, Source: context})
			e.report(attrError(ErrNoTarget, sourceOf(r), "hx-target", sel, -1, "no element matches for an <hx-partial> of the response"))
		}
		for _, target := range targets {
			content := e.doc.CreateDocumentFragment()
			e.moveChildren(content, t.Content().CloneNode(true))
			d := &Detail{ShouldSwap: true, Target: target, Fragment: content}
			if !e.fire(target, "htmx:partialBeforeSwap", d) {
				continue
			}
			if !d.ShouldSwap || d.Target == nil {
				continue
			}
			outer := si
			e.swap2(d.Target, "", spec, swapOptions2{context: d.Target, fragment: d.Fragment,
				afterSwap: func() {
					for _, el := range outer.elts {
						e.fire(el, "htmx:partialAfterSwap", d)
					}
				}})
		}
		t.Remove()
	}
	return len(templates) > 0
}
