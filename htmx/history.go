package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Boosting and history (hx-boost, hx-push-url, hx-replace-url, the
// HX-Push-Url and HX-Replace-Url headers, back and forward). The engine
// decides what htmx would push or replace (historyUpdate2,
// resolveHistory4); changing the session's URL and history is left to
// applyHistory, which does not do it yet: the URL stays, and no history
// event fires.

// historyAction is what a response does to the history: push or
// replace path, or nothing (typ "").
type historyAction struct {
	typ  string
	path string
}

// historyUpdate2 is htmx 2's determineHistoryUpdates.
func (e *Engine) historyUpdate2(r *Request, elt *vdom.Node, o issueOpts) historyAction {
	h := r.Response.Header
	var path, typ string
	switch {
	case hasHeader(h, "HX-Push"):
		path, typ = h.Get("HX-Push"), "push"
	case hasHeader(h, "HX-Push-Url"):
		path, typ = h.Get("HX-Push-Url"), "push"
	case hasHeader(h, "HX-Replace-Url"):
		path, typ = h.Get("HX-Replace-Url"), "replace"
	}
	if path != "" {
		if path == "false" {
			return historyAction{}
		}
		return historyAction{typ: typ, path: path}
	}
	requestPath := r.URL
	responsePath := r.responsePath()
	push := o.push
	if push == "" {
		push, _, _ = e.inherited2(elt, "hx-push-url")
	}
	replace := o.replace
	if replace == "" {
		replace, _, _ = e.inherited2(elt, "hx-replace-url")
	}
	if replace == "false" {
		replace = ""
	}
	switch {
	case push != "":
		typ, path = "push", push
	case replace != "":
		typ, path = "replace", replace
	case e.state(elt).boosted:
		typ, path = "push", responsePath
		if path == "" {
			path = requestPath
		}
	}
	if path == "" || path == "false" {
		return historyAction{}
	}
	if path == "true" {
		path = responsePath
		if path == "" {
			path = requestPath
		}
	}
	if r.Anchor != "" && !strings.Contains(path, "#") {
		path += "#" + r.Anchor
	}
	return historyAction{typ: typ, path: path}
}

// pushHistory applies htmx 2's history update before the swap.
func (e *Engine) pushHistory(r *Request, a historyAction) {
	if a.typ == "" || !e.cfg.history {
		return
	}
	e.applyHistory(r, a)
}

// historyUpdate4 is htmx 4's handleHistoryUpdate.
func (e *Engine) historyUpdate4(r *Request) {
	if !e.cfg.history {
		return
	}
	push, replace := r.Push, r.Replace
	if r.HX != nil && (r.HX["pushurl"] != "" || r.HX["replaceurl"] != "") {
		push, replace = r.HX["pushurl"], r.HX["replaceurl"]
	}
	if push == "" && replace == "" && r.Boosted {
		push = "true"
	}
	if push == "false" {
		push = ""
	}
	if replace == "false" {
		replace = ""
	}
	if push == "" && replace == "" {
		return
	}
	path := push
	typ := "push"
	if path == "" {
		path, typ = replace, "replace"
	}
	if path == "true" {
		final := r.URL
		if r.Response != nil && r.Response.URL != nil {
			final = r.Response.URL.String()
		}
		if u, err := e.doc.BaseURL().Parse(final); err == nil {
			path = u.EscapedPath()
			if u.RawQuery != "" {
				path += "?" + u.RawQuery
			}
			if r.Anchor != "" {
				path += "#" + r.Anchor
			}
		}
	}
	e.applyHistory(r, historyAction{typ: typ, path: path})
}

// applyHistory would push or replace the URL in the session's history
// and fire the history events. Not implemented yet: the session's URL
// and history do not change.
func (e *Engine) applyHistory(r *Request, a historyAction) {}

// boost2 is htmx 2's boostElement: a local link or a form makes an htmx
// request of its href or action instead of navigating.
func (e *Engine) boost2(el *vdom.Node, triggers []*trigger) {
	target, _ := el.GetAttribute("target")
	var verb, path string
	switch el.LocalName() {
	case "a":
		href, ok := el.GetAttribute("href")
		if !ok || href == "" || strings.HasPrefix(href, "#") || (target != "" && target != "_self") {
			return
		}
		u, err := e.doc.BaseURL().Parse(href)
		if err != nil || !strings.EqualFold(u.Hostname(), e.doc.BaseURL().Hostname()) {
			return
		}
		verb, path = "GET", href
	case "form":
		m, _ := el.GetAttribute("method")
		if strings.EqualFold(m, "dialog") {
			return
		}
		verb = "GET"
		if m != "" {
			verb = strings.ToUpper(m)
		}
		path, _ = el.GetAttribute("action")
		if path == "" {
			path = e.doc.URL()
		}
		if verb == "GET" {
			if i := strings.IndexByte(path, '?'); i >= 0 {
				end := strings.IndexByte(path[i:], '#')
				if end < 0 {
					path = path[:i]
				} else {
					path = path[:i] + path[i+end:]
				}
			}
		}
	default:
		return
	}
	st := e.state(el)
	st.boosted = true
	for _, t := range triggers {
		if e.refuseFilter(el, t) {
			continue
		}
		e.listen2(el, t, func(ev *vdom.Event, t *trigger) {
			if e.disabled2(el) {
				e.cleanup2(el)
				return
			}
			e.issue2(verb, path, el, ev, t, issueOpts{})
		}, true)
	}
}

// maybeBoost4 is htmx 4's maybeBoost.
func (e *Engine) maybeBoost4(el *vdom.Node) {
	v, ok := e.attr4(el, "hx-boost")
	if !ok || v == "" || v == "false" || !e.shouldBoost4(el) {
		return
	}
	if !e.fireWith(el, e.b.ev.beforeInit, nil, true) {
		return
	}
	st := e.powered4(el)
	st.initialized, st.boosted = true, true
	e.initTriggers4(el, st)
	e.fireWith(el, e.b.ev.afterInit, nil, true)
}

// shouldBoost4 is htmx 4's shouldBoost.
func (e *Engine) shouldBoost4(el *vdom.Node) bool {
	if st := e.stateIfAny(el); (st != nil && st.initialized) || e.ignored4(el) {
		return false
	}
	switch el.LocalName() {
	case "a":
		target, _ := el.GetAttribute("target")
		if target != "" && target != "_self" {
			return false
		}
		href, _ := el.GetAttribute("href")
		if el.HasAttribute("download") || strings.HasPrefix(href, "#") {
			return false
		}
		_, same := e.sameOrigin(href)
		return same
	case "form":
		m, _ := el.GetAttribute("method")
		if strings.EqualFold(m, "dialog") {
			return false
		}
		action, _ := el.GetAttribute("action")
		_, same := e.sameOrigin(action)
		return same
	}
	return false
}
