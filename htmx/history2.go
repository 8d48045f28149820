package htmx

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/browse"
	"github.com/eventperk/eventperk-go/internal/cssescape"
	"github.com/eventperk/eventperk-go/internal/weburl"
	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 2's history: before a response pushes or replaces the URL, the
// history element's content (hx-history-elt, else the body) is saved in
// a cache of historyCacheSize snapshots, JSON in the session's
// sessionStorage (browse.Page.SessionStorage), where every page of the
// origin finds it; Back and Forward to an entry htmx made (popstate with
// its state) swap the snapshot back, or on a miss ask the server with
// HX-History-Restore-Request, or with refreshOnHistoryMiss reload the
// page. A page with hx-history="false" anywhere is never saved.

// The sessionStorage keys htmx 2 uses.
const (
	historyCacheKey = "htmx-history-cache"
	historyPathKey  = "htmx-current-path-for-history"
)

// storage is the session's sessionStorage of the page's origin.
func (e *Engine) storage() *browse.Storage {
	if e.page == nil {
		return nil
	}
	return e.page.SessionStorage()
}

// start2History is what htmx 2 does for history when it loads: the
// current path is the page's, the hx-trigger="restored" elements are
// found, and window.onpopstate restores htmx's entries.
func (e *Engine) start2History() {
	e.setCurrentPath2(e.locationPath())
	e.restoredElts, _ = e.doc.QuerySelectorAll("[hx-trigger='restored'],[data-hx-trigger='restored']")
	if w := e.doc.Window(); w != nil {
		e.listen(nil, w, "popstate", e.onPopState2, false)
	}
}

// setCurrentPath2 is setCurrentPathForHistory.
func (e *Engine) setCurrentPath2(path string) {
	e.currentPath = path
	if st := e.storage(); st != nil {
		// A full storage keeps the old path, as the cache's own
		// writes shrink it first.
		_ = st.SetItem(historyPathKey, path)
	}
}

// historyElt2 is getHistoryElement.
func (e *Engine) historyElt2() *vdom.Node {
	if n, _ := e.doc.QuerySelector("[hx-history-elt],[data-hx-history-elt]"); n != nil {
		return n
	}
	return e.doc.Body()
}

// saveCurrentPage2 is saveCurrentPageToHistory: the snapshot of the
// page as it is, under the path it was pushed with, then htmx's state
// stamped on the current entry.
func (e *Engine) saveCurrentPage2() {
	elt := e.historyElt2()
	path := e.currentPath
	if st := e.storage(); st != nil {
		path, _ = st.Item(historyPathKey)
	}
	if path == "" {
		path = e.locationPath()
	}
	if off, _ := e.doc.QuerySelector(`[hx-history="false" i],[data-hx-history="false" i]`); off == nil {
		e.fire(e.doc.Body(), "htmx:beforeHistorySave", &Detail{Path: path, HistoryElt: elt})
		e.saveToCache2(path, elt)
	}
	if w := e.doc.Window(); w != nil && e.cfg.history {
		_ = w.ReplaceState(htmxState(), e.doc.URL())
	}
}

// saveToCache2 is saveToHistoryCache.
func (e *Engine) saveToCache2(path string, root *vdom.Node) {
	st := e.storage()
	if st == nil || root == nil {
		return
	}
	content := cleanInnerHTML(root, e.cfg.requestClass)
	if e.cfg.historyCache <= 0 {
		st.RemoveItem(historyCacheKey)
		return
	}
	path = normalizePath2(e.doc, path)
	cache := readHistoryCache(st)
	for i, it := range cache {
		if it.URL == path {
			cache = append(cache[:i], cache[i+1:]...)
			break
		}
	}
	item := &HistoryItem{URL: path, Content: content, Title: e.doc.Title()}
	body := e.doc.Body()
	e.fire(body, "htmx:historyItemCreated", &Detail{Item: item, Cache: cache})
	cache = append(cache, item)
	for len(cache) > e.cfg.historyCache {
		cache = cache[1:]
	}
	// Shrink the cache until it fits the storage's quota.
	for len(cache) > 0 {
		err := st.SetItem(historyCacheKey, encodeHistoryCache(cache))
		if err == nil {
			break
		}
		e.fire(body, "htmx:historyCacheError", &Detail{Error: "htmx:historyCacheError", Cause: err, Cache: cache})
		cache = cache[1:]
	}
}

// cachedHistory2 is getCachedHistory.
func (e *Engine) cachedHistory2(path string) *HistoryItem {
	st := e.storage()
	if st == nil {
		return nil
	}
	path = normalizePath2(e.doc, path)
	for _, it := range readHistoryCache(st) {
		if it.URL == path {
			return it
		}
	}
	return nil
}

// readHistoryCache reads the cache from the storage; what does not parse
// is an empty cache, as htmx's parseJSON makes it.
func readHistoryCache(st *browse.Storage) []*HistoryItem {
	raw, ok := st.Item(historyCacheKey)
	if !ok {
		return nil
	}
	var cache []*HistoryItem
	if json.Unmarshal([]byte(raw), &cache) != nil {
		return nil
	}
	out := cache[:0]
	for _, it := range cache {
		if it != nil {
			out = append(out, it)
		}
	}
	return out
}

// encodeHistoryCache is JSON.stringify of the cache.
func encodeHistoryCache(cache []*HistoryItem) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(cache)
	return strings.TrimSuffix(b.String(), "\n")
}

// normalizePath2 is htmx 2's normalizePath: the path and query of the
// URL, without trailing slashes but for "/".
func normalizePath2(doc *vdom.Document, path string) string {
	if base, err := url.Parse(doc.URL()); err == nil {
		if u, err := weburl.Parse(path, base); err == nil {
			path = pathAndQuery(u)
		}
	}
	if path != "/" {
		path = strings.TrimRight(path, "/")
	}
	return path
}

// cleanInnerHTML is cleanInnerHtmlForHistory: the element's inner HTML
// with htmx's request class and the disabled attributes htmx set taken
// out of its descendants.
func cleanInnerHTML(elt *vdom.Node, requestClass string) string {
	clone := elt.CloneNode(true)
	if requestClass != "" {
		if ns, err := clone.QuerySelectorAll("." + cssescape.Ident(requestClass)); err == nil {
			for _, n := range ns {
				removeClass(n, requestClass)
			}
		}
	}
	ns, _ := clone.QuerySelectorAll("[data-disabled-by-htmx]")
	for _, n := range ns {
		n.RemoveAttribute("disabled")
	}
	return clone.InnerHTML()
}

// pushHistory2 is htmx 2's beforeSwapCallback for a history update:
// htmx:beforeHistoryUpdate, the push or replace (history.pushState when
// historyEnabled; the events fire either way), then
// htmx:pushedIntoHistory or htmx:replacedInHistory. An error is the
// exception pushState throws, which stops the swap.
func (e *Engine) pushHistory2(r *Request, a historyAction) error {
	if a.typ == "" {
		return nil
	}
	body := e.doc.Body()
	e.fire(body, "htmx:beforeHistoryUpdate", &Detail{Request: r, Target: r.Target, History: &HistoryUpdate{Type: a.typ, Path: a.path}})
	if e.cfg.history {
		if err := e.updateURL(r, a); err != nil {
			return err
		}
	}
	e.setCurrentPath2(a.path)
	name := "htmx:pushedIntoHistory"
	if a.typ == "replace" {
		name = "htmx:replacedInHistory"
	}
	e.fire(body, name, &Detail{Path: a.path})
	return nil
}

// onPopState2 is htmx 2's window.onpopstate: an entry htmx made is
// restored, then the hx-trigger="restored" elements hear htmx:restored.
func (e *Engine) onPopState2(ev *vdom.Event) {
	ps, _ := ev.AsPopState()
	if !isHTMXState(ps.State) || !e.active() {
		return
	}
	e.restoreHistory2()
	for _, el := range e.restoredElts {
		e.fire(el, "htmx:restored", nil)
	}
}

// restoreSwap2 is the swap of a restore: innerHTML, no delays.
func restoreSwap2() *SwapSpec { return &SwapSpec{Style: "innerHTML", settleSet: true} }

// restoreHistory2 is restoreHistory: the page as it is goes into the
// cache, then the entry's snapshot comes out of it, or the server is
// asked (or the page reloaded) on a miss.
func (e *Engine) restoreHistory2() {
	e.saveCurrentPage2()
	path := e.locationPath()
	body := e.doc.Body()
	if item := e.cachedHistory2(path); item != nil {
		d := &Detail{Path: path, Item: item, HistoryElt: e.historyElt2(), RestoreSwap: restoreSwap2()}
		if e.fire(body, "htmx:historyCacheHit", d) && d.HistoryElt != nil {
			_ = e.swap2(d.HistoryElt, item.Content, d.RestoreSwap, swapOptions2{context: d.HistoryElt, title: item.Title})
			e.setCurrentPath2(d.Path)
			e.fire(body, "htmx:historyRestore", d)
		}
		return
	}
	if e.cfg.historyReload {
		e.reload("refreshOnHistoryMiss")
		return
	}
	e.loadHistoryFromServer2(path)
}

// loadHistoryFromServer2 is loadHistoryFromServer: a GET of the path
// with HX-History-Restore-Request, whose answer (2xx or 3xx) is swapped
// into the history element, or the hx-history-elt element it has.
func (e *Engine) loadHistoryFromServer2(path string) {
	r := &Request{e: e, Method: "GET", Path: path, URL: path, restore: true}
	if e.cfg.historyRestoreAsHX {
		r.Header.Set("HX-Request", "true")
	}
	r.Header.Set("HX-History-Restore-Request", "true")
	r.Header.Set("HX-Current-URL", e.doc.URL())
	body := e.doc.Body()
	d := &Detail{Path: path, Request: r, HistoryElt: e.historyElt2(), RestoreSwap: restoreSwap2()}
	r.onResponse = func() {
		if r.Response == nil || r.sendErr != nil {
			return
		}
		if st := r.Response.Status; st < 200 || st >= 400 {
			d.Error = "htmx:historyCacheMissLoadError"
			e.fire(body, "htmx:historyCacheMissLoadError", d)
			return
		}
		e.fire(body, "htmx:historyCacheMissLoad", d)
		if d.HistoryElt != nil {
			e.checkHTML(r, d.RestoreSwap.Style)
			_ = e.swap2(d.HistoryElt, e.text(r.Response), d.RestoreSwap, swapOptions2{context: d.HistoryElt, historyRequest: true, r: nil})
		}
		e.setCurrentPath2(d.Path)
		e.fire(body, "htmx:historyRestore", &Detail{Path: path, CacheMiss: true})
	}
	if e.fire(body, "htmx:historyCacheMiss", d) {
		e.send(r)
	}
}
