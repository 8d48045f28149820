package htmx

import (
	"net/url"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 4's history: no cache. Before its first swap htmx stamps the
// current entry with its state, so a traversal back to it is htmx's too;
// a response pushes or replaces the URL (htmx:before:history:update,
// htmx:after:history:push or replace, htmx:after:history:update). A
// traversal between entries of the document (not one within a URL's
// fragments) is intercepted, and 1 ms later, when the entry is htmx's,
// htmx:before:history:restore fires and the URL is asked for again with
// HX-History-Restore-Request and swapped over the body, or the
// hx-history-elt element (outerSync); history "reload" reloads the page.

// historyRestoreDelay is the timeout(1) restoreHistory waits.
const historyRestoreDelay = time.Millisecond

// start4History is htmx 4's initialize for history: with history on, a
// traversal restores.
func (e *Engine) start4History() {
	e.seenURL = e.doc.URL()
	if !e.cfg.history {
		return
	}
	if w := e.doc.Window(); w != nil {
		e.listen(nil, w, "popstate", e.onTraverse4, false)
	}
}

// onTraverse4 is htmx 4's navigate listener: a traversal that is not a
// change of fragment within one URL is intercepted.
func (e *Engine) onTraverse4(*vdom.Event) {
	prev, cur := e.seenURL, e.doc.URL()
	e.seenURL = cur
	if prev != cur && sameButFragment(prev, cur) {
		return
	}
	e.setTimeout(historyRestoreDelay, e.restoreHistory4)
}

// sameButFragment reports two URLs that differ in their fragments only.
func sameButFragment(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil {
		return false
	}
	ua.Fragment, ua.RawFragment, ub.Fragment, ub.RawFragment = "", "", "", ""
	return ua.String() == ub.String()
}

// restoreHistory4 is htmx 4's restoreHistory.
func (e *Engine) restoreHistory4() {
	w := e.doc.Window()
	if w == nil || !isHTMXState(w.HistoryState()) {
		return
	}
	e.abort4(e.restoreReq)
	path := e.locationPath()
	elt, _ := e.doc.QuerySelector(e.prefixSelector4("[hx-history-elt]"))
	body := e.doc.Body()
	if elt == nil {
		elt = body
	}
	if elt == nil || !e.fire(e.doc, "htmx:before:history:restore", &Detail{Path: path, CacheMiss: true}) {
		return
	}
	if e.cfg.historyReload {
		e.reload("history")
		return
	}
	r := e.newContext4(body, nil, "")
	// ajax's options replace the context's request: the restore's has
	// the one header.
	r.Header = Header{}
	r.Header.Set("HX-History-Restore-Request", "true")
	r.restore = true
	r.Target, r.Swap = elt, "outerSync"
	if elt != body {
		r.Select, r.has["select"] = e.prefixSelector4("[hx-history-elt]"), true
	}
	r.Method, r.Path, r.URL, r.Anchor = "GET", path, path, ""
	e.restoreReq = r
	e.run4(r, nil)
}

// prefixSelector4 is htmx 4's prefixSelector: the selector, and the
// same with the configured prefix (data-hx-) for hx-.
func (e *Engine) prefixSelector4(sel string) string {
	if p := e.cfg.prefix; p != "" {
		return sel + "," + strings.ReplaceAll(sel, "hx-", p)
	}
	return sel
}

// historyUpdate4 is htmx 4's handleHistoryUpdate, before the swap: the
// current entry stamped with htmx's state, then the push or replace. An
// error is the exception pushState throws, which ends the swap.
func (e *Engine) historyUpdate4(r *Request) error {
	if !e.cfg.history {
		return nil
	}
	if w := e.doc.Window(); w != nil && !isHTMXState(w.HistoryState()) {
		_ = w.ReplaceState(htmxState(), e.doc.URL())
	}
	a := e.resolveHistory4(r)
	if a.typ == "" {
		return nil
	}
	d := &Detail{History: &HistoryUpdate{Type: a.typ, Path: a.path}, Source: r.Source, Response: r.Response}
	if !e.fire(e.doc, "htmx:before:history:update", d) {
		return nil
	}
	if err := e.updateURL(r, a); err != nil {
		return err
	}
	e.fire(e.doc, "htmx:after:history:"+a.typ, &Detail{Path: a.path})
	e.fire(e.doc, "htmx:after:history:update", d)
	return nil
}
