package htmx

import (
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// History: what a response pushes or replaces (hx-push-url,
// hx-replace-url, the HX-Push-Url and HX-Replace-Url headers,
// HX-Location, boosting), and the change of the session's URL and
// history entry, which is history.pushState and history.replaceState on
// the page's window (vdom.Window.PushState): an entry of the same
// document, nothing loaded. What Back and Forward to such an entry do is
// each version's own: htmx 2 restores a snapshot from its cache in the
// session's sessionStorage or asks the server (history2.go), htmx 4 asks
// the server again (history4.go).

// historyAction is what a response does to the history: push or
// replace path, or nothing (typ ""); from names the attribute or header
// that asked for it, for errors.
type historyAction struct {
	typ  string
	path string
	from string
}

// HistoryUpdate is a push or replace of the URL: the history of htmx
// 2's htmx:beforeHistoryUpdate and of htmx 4's htmx:before:history:update
// and htmx:after:history:update.
type HistoryUpdate struct {
	// Type is "push" or "replace".
	Type string
	// Path is the URL pushed, as htmx has it (a path, or a URL).
	Path string
}

// htmxState is the state htmx gives the history entries it makes and
// stamps ({htmx: true}); a popstate without it is none of htmx's.
func htmxState() any { return map[string]any{"htmx": true} }

// isHTMXState reports whether a history entry's state is htmx's
// (event.state && event.state.htmx).
func isHTMXState(state any) bool {
	m, ok := state.(map[string]any)
	if !ok {
		return false
	}
	v, ok := m["htmx"]
	return ok && v != nil && v != false && v != "" && v != 0.0
}

// historyUpdate2 is htmx 2's determineHistoryUpdates.
func (e *Engine) historyUpdate2(r *Request, elt *vdom.Node, o issueOpts) historyAction {
	h := r.Response.Header
	var path, typ, from string
	switch {
	case hasHeader(h, "HX-Push"):
		path, typ, from = h.Get("HX-Push"), "push", "HX-Push"
	case hasHeader(h, "HX-Push-Url"):
		path, typ, from = h.Get("HX-Push-Url"), "push", "HX-Push-Url"
	case hasHeader(h, "HX-Replace-Url"):
		path, typ, from = h.Get("HX-Replace-Url"), "replace", "HX-Replace-Url"
	}
	if path != "" {
		if path == "false" {
			return historyAction{}
		}
		return historyAction{typ: typ, path: path, from: from}
	}
	requestPath := r.URL
	responsePath := r.responsePath()
	pushFrom, replaceFrom := "hx-push-url", "hx-replace-url"
	if o.from != "" {
		pushFrom, replaceFrom = o.from, o.from
	}
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
		typ, path, from = "push", push, pushFrom
	case replace != "":
		typ, path, from = "replace", replace, replaceFrom
	case e.state(elt).boosted:
		typ, path, from = "push", responsePath, "hx-boost"
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
	return historyAction{typ: typ, path: path, from: from}
}

// resolveHistory4 is htmx 4's resolveHistoryAction.
func (e *Engine) resolveHistory4(r *Request) historyAction {
	push, replace := r.Push, r.Replace
	pushFrom, replaceFrom := "hx-push-url", "hx-replace-url"
	if r.historyFrom != "" {
		pushFrom, replaceFrom = r.historyFrom, r.historyFrom
	}
	if r.HX != nil && (r.HX["pushurl"] != "" || r.HX["replaceurl"] != "") {
		push, replace = r.HX["pushurl"], r.HX["replaceurl"]
		pushFrom, replaceFrom = "HX-Push-Url", "HX-Replace-Url"
	}
	if push == "" && replace == "" && r.Boosted {
		push, pushFrom = "true", "hx-boost"
	}
	if push == "false" {
		push = ""
	}
	if replace == "false" {
		replace = ""
	}
	if push == "" && replace == "" {
		return historyAction{}
	}
	a := historyAction{typ: "push", path: push, from: pushFrom}
	if push == "" {
		a = historyAction{typ: "replace", path: replace, from: replaceFrom}
	}
	if a.path == "true" {
		final := r.URL
		if r.Response != nil && r.Response.URL != nil {
			final = r.Response.URL.String()
		}
		if u, err := e.resolve(final); err == nil {
			a.path = pathAndQuery(u)
			if r.Anchor != "" {
				a.path += "#" + r.Anchor
			}
		}
	}
	return a
}

// updateURL pushes a's path into the session's history as a new entry
// of the document, or replaces the current entry's URL with it
// (history.pushState and replaceState with htmx's state). A path the
// page's URL cannot become (another origin, one that does not parse) is
// the browser's SecurityError: an ErrHistory error naming the attribute
// or header, and nothing changes.
func (e *Engine) updateURL(r *Request, a historyAction) error {
	w := e.doc.Window()
	if w == nil {
		return nil
	}
	var err error
	if a.typ == "push" {
		err = w.PushState(htmxState(), a.path)
	} else {
		err = w.ReplaceState(htmxState(), a.path)
	}
	if err != nil {
		var src *vdom.Node
		if r != nil {
			src = r.Source
		}
		return &Error{Kind: ErrHistory, Element: src, Attribute: a.from, Value: a.path, Offset: -1,
			Detail: "history." + a.typ + "State refuses it", Err: err}
	}
	e.seenURL = e.doc.URL()
	return nil
}

// locationPath is location.pathname + location.search.
func (e *Engine) locationPath() string {
	u, err := url.Parse(e.doc.URL())
	if err != nil {
		return "/"
	}
	if u.EscapedPath() == "" {
		u.Path, u.RawPath = "/", ""
	}
	return pathAndQuery(u)
}
