package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Boosting (hx-boost): local links and forms make htmx requests instead
// of navigating; their responses push the URL (history.go).

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
		u, err := e.resolve(href)
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
