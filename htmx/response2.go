package htmx

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 2's handleAjaxResponse: the response headers, the status's
// handling (responseHandling), htmx:beforeSwap, the swap.

// handleResponse2 is htmx 2's handleAjaxResponse. A non-nil error stands
// for the exception htmx throws (an HX-Retarget that matches nothing).
func (e *Engine) handleResponse2(r *Request, elt *vdom.Node, o issueOpts) error {
	resp := r.Response
	target := r.Target
	if !e.fire(elt, e.b.ev.beforeOnLoad, &Detail{Request: r, Target: r.Target}) {
		return nil
	}
	if hasHeader(resp.Header, "HX-Trigger") {
		e.triggerHeader(r, "HX-Trigger", elt)
	}
	if hasHeader(resp.Header, "HX-Location") {
		e.hxLocation(r, resp.Header.Get("HX-Location"))
		return nil
	}
	refresh := resp.Header.Get("HX-Refresh") == "true"
	if hasHeader(resp.Header, "HX-Redirect") {
		r.KeepIndicators = true
		e.redirect(r, resp.Header.Get("HX-Redirect"), refresh)
		return nil
	}
	if refresh {
		r.KeepIndicators = true
		e.reload("HX-Refresh")
		return nil
	}
	history := e.historyUpdate2(r, elt, o)
	rule := e.cfg.responseRuleFor(resp.Status)
	shouldSwap, isError := rule.swap, rule.isError
	ignoreTitle := e.cfg.ignoreTitle || rule.ignoreTitle
	selectOverride := rule.selectSel
	if rule.target != "" {
		t, err := e.retarget2(r, elt, "responseHandling target", rule.target)
		if err != nil {
			return err
		}
		r.Target = t
	}
	swapOverride, hasSwapOverride := o.swap, o.hasSwap
	if !hasSwapOverride && rule.swapOver != "" {
		swapOverride, hasSwapOverride = rule.swapOver, true
	}
	if hasHeader(resp.Header, "HX-Retarget") {
		t, err := e.retarget2(r, elt, "HX-Retarget", resp.Header.Get("HX-Retarget"))
		if err != nil {
			return err
		}
		r.Target = t
	}
	if hasHeader(resp.Header, "HX-Reswap") {
		swapOverride, hasSwapOverride = resp.Header.Get("HX-Reswap"), true
	}
	d := &Detail{Request: r, Target: r.Target, ShouldSwap: shouldSwap, IsError: isError,
		SwapOverride: swapOverride, SelectOverride: selectOverride, IgnoreTitle: ignoreTitle}
	if rule.event != "" && !e.fire(target, rule.event, d) {
		return nil
	}
	if !e.fire(target, e.b.ev.beforeSwap, d) {
		return nil
	}
	target = d.Target
	isError = d.IsError
	ignoreTitle = d.IgnoreTitle
	selectOverride = d.SelectOverride
	if d.SwapOverride != swapOverride {
		swapOverride, hasSwapOverride = d.SwapOverride, d.SwapOverride != ""
	}
	r.Target = target
	r.Failed, r.Successful, r.judged = isError, !isError, true
	if d.ShouldSwap && target != nil {
		if resp.Status == 286 {
			e.state(elt).cancelled = true
		}
		// The page as it is goes into the history cache before a push.
		if history.typ != "" {
			e.saveCurrentPage2()
		}
		var spec *SwapSpec
		if hasSwapOverride {
			spec = e.parseSwap2(elt, "HX-Reswap", swapOverride, r.Boosted)
		} else {
			v, from, _ := e.inherited2(elt, "hx-swap")
			spec = e.parseSwap2(from, "hx-swap", v, r.Boosted)
		}
		if !spec.hasIgnoreTitle {
			spec.IgnoreTitle = ignoreTitle
		}
		addClass(target, e.cfg.swappingClass)
		if o.selectSel != "" {
			selectOverride = o.selectSel
		}
		if hasHeader(resp.Header, "HX-Reselect") {
			selectOverride = resp.Header.Get("HX-Reselect")
		}
		selectOOB := o.selectOOB
		if selectOOB == "" {
			selectOOB, _, _ = e.inherited2(elt, "hx-select-oob")
		}
		sel, _, _ := e.inherited2(elt, "hx-select")
		switch {
		case selectOverride == "unset":
			sel = ""
		case selectOverride != "":
			sel = selectOverride
		}
		e.checkHTML(r, spec.Style)
		err := e.swap2(target, e.text(resp), spec, swapOptions2{
			selectSel: sel, selectOOB: selectOOB, r: r, anchor: r.Anchor, context: elt,
			beforeSwap: func() error { return e.pushHistory2(r, history) },
			afterSwap: func() {
				if hasHeader(resp.Header, "HX-Trigger-After-Swap") {
					at := elt
					if !elt.IsConnected() {
						at = e.doc.Body()
					}
					e.triggerHeader(r, "HX-Trigger-After-Swap", at)
				}
			},
			afterSettle: func() {
				if hasHeader(resp.Header, "HX-Trigger-After-Settle") {
					at := elt
					if !elt.IsConnected() {
						at = e.doc.Body()
					}
					e.triggerHeader(r, "HX-Trigger-After-Settle", at)
				}
			},
		})
		if err != nil {
			return err
		}
	}
	if isError {
		e.fire(elt, e.b.ev.responseError, &Detail{Request: r, Target: r.Target,
			Error: fmt.Sprintf("Response Status Error Code %d from %s", resp.Status, r.Path)})
	}
	return nil
}

// hasHeader reports a response header that is present, even empty.
func hasHeader(h http.Header, name string) bool {
	_, ok := h[http.CanonicalHeaderKey(name)]
	return ok
}

// retarget2 is htmx 2's resolveRetarget: "this" is the element, else the
// first element the selector finds; none is htmx:targetError and an
// exception.
func (e *Engine) retarget2(r *Request, elt *vdom.Node, header, sel string) (*vdom.Node, error) {
	if sel == "this" {
		return elt, nil
	}
	n, err := e.findOne(elt, sel, "")
	if err == nil && n != nil {
		return n, nil
	}
	if err != nil {
		// querySelectorAll throws before any targetError.
		e.report(&Error{Kind: ErrSyntax, Element: elt, Attribute: header, Value: sel, Offset: -1, Detail: err.Error()})
		return nil, errSelectorSyntax{on: "Document", selector: sel}
	}
	e.fire(elt, e.b.ev.targetError, &Detail{Request: r, Error: e.b.ev.targetError, Selector: sel})
	detail := "no element matches; the response is not swapped"
	if err != nil {
		detail = err.Error()
	}
	return nil, &Error{Kind: ErrNoTarget, Element: elt, Attribute: header, Value: sel, Offset: -1, Detail: detail}
}

// checkHTML reports a response that will be swapped as HTML while its
// Content-Type says otherwise (htmx takes any response as HTML).
func (e *Engine) checkHTML(r *Request, style string) {
	resp := r.Response
	if resp == nil || len(resp.Body) == 0 || style == "none" || style == "delete" {
		return
	}
	ct := resp.Header.Get("Content-Type")
	mt, _, _ := strings.Cut(ct, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	if mt == "" || mt == "text/html" || mt == "application/xhtml+xml" {
		return
	}
	e.report(&Error{Kind: ErrNotHTML, Element: r.Source, Attribute: "Content-Type", Value: ct, Offset: -1,
		Detail: fmt.Sprintf("the response to %s %s is swapped as HTML", r.Method, r.URL)})
}

// triggerHeader fires the events an HX-Trigger header (or its After-Swap
// and After-Settle forms) names: a comma-separated list of names, or a
// JSON object of names to details (a detail's "target" names the element
// to fire at; a detail that is not an object becomes {"value": ...}).
func (e *Engine) triggerHeader(r *Request, header string, elt *vdom.Node) {
	value := r.Response.Header.Get(header)
	if e.b.v4 && value == "" {
		// htmx 4 tests the header's value for truth: an empty one
		// fires nothing (htmx 2 fires an event named "")
		// (resp-hx-trigger-spacing).
		return
	}
	var at vdom.EventTarget = elt
	if strings.HasPrefix(value, "{") || (e.b.v4 && strings.HasPrefix(value, "{")) {
		keys, vals, err := decodeObject(value)
		if err != nil {
			e.report(&Error{Kind: ErrSyntax, Element: r.Source, Attribute: header, Value: value, Offset: jsonOffset(err), Detail: "not a JSON object: " + err.Error()})
			return
		}
		for i, name := range keys {
			detail := plainJSON(vals[i])
			if obj, ok := detail.(map[string]any); ok {
				if t, has := obj["target"]; has {
					sel := fmt.Sprint(t)
					n, _ := e.doc.QuerySelector(sel)
					if n == nil {
						e.report(&Error{Kind: ErrNoTarget, Element: r.Source, Attribute: header, Value: value, Offset: -1,
							Detail: fmt.Sprintf("the target %q of %s matches no element", sel, name)})
						if !e.b.v4 {
							continue
						}
					}
					if n != nil {
						at = n
					}
				}
			} else if !e.b.v4 || !jsObject(detail) {
				detail = map[string]any{"value": detail}
			}
			if e.b.v4 {
				e.fireValue(at, name, detail)
				at = elt
			} else {
				e.fireValue(at, name, detail)
			}
		}
		return
	}
	for _, name := range strings.Split(value, ",") {
		var detail any = []any{}
		if e.b.v4 {
			detail = map[string]any{}
		}
		e.fireValue(at, strings.TrimSpace(name), detail)
	}
}

// sortedObject is m as an orderedObject, its keys sorted (a decoder that
// kept no order).
func sortedObject(m map[string]any) orderedObject {
	var o orderedObject
	for k := range m {
		o.keys = append(o.keys, k)
	}
	sort.Strings(o.keys)
	for _, k := range o.keys {
		o.vals = append(o.vals, m[k])
	}
	return o
}

// objectOf is a decoded JSON object in its keys' order: an orderedObject
// as it is, a map with its keys sorted, anything else empty.
func objectOf(v any) orderedObject {
	switch x := v.(type) {
	case orderedObject:
		return x
	case map[string]any:
		return sortedObject(x)
	}
	return orderedObject{}
}

// jsObject reports whether JavaScript's typeof says "object" for a
// decoded JSON value: an object, an array and null. htmx 4 passes such
// a detail as it is (null and arrays included); htmx 2 wraps all but
// plain objects in {value: …} (resp-hx-trigger-json-all).
func jsObject(v any) bool {
	switch v.(type) {
	case nil, []any, map[string]any:
		return true
	}
	return false
}

// plainJSON turns a decoded value's ordered objects into maps.
func plainJSON(v any) any {
	switch x := v.(type) {
	case orderedObject:
		m := make(map[string]any, len(x.keys))
		for i, k := range x.keys {
			m[k] = plainJSON(x.vals[i])
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = plainJSON(item)
		}
		return out
	case interface{ String() string }:
		if n, ok := v.(interface{ Float64() (float64, error) }); ok {
			if f, err := n.Float64(); err == nil {
				return f
			}
		}
		return x.String()
	}
	return v
}

// redirect loads url as a page, as location.href = url does, after the
// response's handling (a navigation starts when the script's task ends).
func (e *Engine) redirect(r *Request, raw string, refresh bool) {
	u, err := e.resolve(raw)
	if err != nil {
		e.report(&Error{Kind: ErrSyntax, Element: r.Source, Attribute: "HX-Redirect", Value: raw, Offset: -1, Detail: err.Error()})
		return
	}
	e.doc.Post(func() {
		if !e.active() {
			return
		}
		if err := e.page.Navigate(vdom.NavigationRequest{Method: http.MethodGet, URL: u, Source: r.Source}); err != nil {
			e.report(&Error{Kind: ErrRequest, Element: r.Source, Attribute: "HX-Redirect", Value: raw, Offset: -1, Err: err})
		}
	})
}

// reload reloads the page, as location.reload does.
func (e *Engine) reload(why string) {
	e.doc.Post(func() {
		if !e.active() {
			return
		}
		if err := e.page.Reload(); err != nil {
			e.report(&Error{Kind: ErrRequest, Attribute: why, Value: "true", Offset: -1, Err: err})
		}
	})
}

// hxLocation is HX-Location: a GET through htmx, swapped into the body
// (or the JSON's target), the URL pushed.
func (e *Engine) hxLocation(r *Request, value string) {
	path := value
	o := issueOpts{push: "true", from: "HX-Location"}
	var source *vdom.Node
	if strings.HasPrefix(value, "{") || (e.b.v4 && strings.Contains(value, "path:")) {
		var opts orderedObject
		if strings.HasPrefix(value, "{") {
			keys, vals, err := decodeObject(value)
			if err != nil {
				e.report(&Error{Kind: ErrSyntax, Element: r.Source, Attribute: "HX-Location", Value: value, Offset: jsonOffset(err), Detail: err.Error()})
				return
			}
			opts = orderedObject{keys: keys, vals: vals}
		} else {
			m, err := parseHCON(value)
			if err != nil {
				e.report(&Error{Kind: ErrSyntax, Element: r.Source, Attribute: "HX-Location", Value: value, Offset: -1, Detail: err.Error()})
				return
			}
			opts = sortedObject(m)
		}
		path = ""
		for i, k := range opts.keys {
			v := opts.vals[i]
			s := fmt.Sprint(plainJSON(v))
			switch k {
			case "path":
				path = s
			case "target":
				n, _ := e.doc.QuerySelector(s)
				if n == nil {
					o.targetMissing = true
					e.report(&Error{Kind: ErrNoTarget, Element: r.Source, Attribute: "HX-Location", Value: value, Offset: -1, Detail: fmt.Sprintf("target %q matches no element", s)})
				}
				o.target = n
			case "swap":
				o.swap, o.hasSwap = s, true
			case "select":
				o.selectSel = s
			case "push":
				o.push = s
			case "replace":
				o.replace = s
			case "source":
				source, _ = e.doc.QuerySelector(s)
			case "headers":
				hm := objectOf(v)
				for j, hk := range hm.keys {
					o.headers = append(o.headers, Field{Name: hk, Value: jsString(plainJSON(hm.vals[j]))})
				}
			case "values":
				vm := objectOf(v)
				for j, vk := range vm.keys {
					o.values = append(o.values, Param{Name: vk, Value: jsString(plainJSON(vm.vals[j]))})
				}
			default:
				e.report(&Error{Kind: ErrSyntax, Element: r.Source, Attribute: "HX-Location", Value: value, Offset: -1, Detail: "unknown key " + strconv.Quote(k)})
			}
			switch k {
			case "headers", "values", "source":
				// htmx 4's ajax assigns every option over the request
				// context, where the events' details show them.
				if o.ctxExtra == nil {
					o.ctxExtra = map[string]any{}
				}
				o.ctxExtra[k] = plainJSON(v)
			}
		}
	}
	if e.b.v4 {
		e.ajax4("GET", path, source, o, r)
		return
	}
	if o.target == nil && !o.targetMissing {
		o.target = nil
	}
	e.issue2("GET", path, source, nil, nil, o)
}
