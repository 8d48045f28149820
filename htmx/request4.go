package htmx

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 4's request: the request context, handleTriggerEvent,
// issueRequest with its request queue, and the response's handling.

// requestQueue is htmx 4's RequestQueue, one per element hx-sync names.
type requestQueue struct {
	current         *Request
	currentStrategy string
	queue           []func()
}

// admit is RequestQueue.admit: "run", "queued" or "dropped".
func (q *requestQueue) admit(e *Engine, strategy string, r *Request, run func()) string {
	if q.current == nil {
		q.current, q.currentStrategy = r, strategy
		return "run"
	}
	if strategy == "replace" || (strategy != "abort" && q.currentStrategy == "abort") {
		q.queue = nil
		e.abort4(q.current)
		q.current, q.currentStrategy = r, strategy
		return "run"
	}
	switch {
	case strategy == "queue all":
		q.queue = append(q.queue, run)
	case strategy == "queue last":
		q.queue = []func(){run}
	case strategy != "abort" && strategy != "drop" && len(q.queue) == 0:
		q.queue = append(q.queue, run)
	default:
		return "dropped"
	}
	return "queued"
}

// next is RequestQueue.continue.
func (q *requestQueue) next(r *Request) {
	if q.current != r {
		return
	}
	q.current = nil
	if len(q.queue) > 0 {
		run := q.queue[0]
		q.queue = q.queue[1:]
		run()
	}
}

// identifier is htmx 4's buildIdentifier: "tag#id", the id as encodeURI
// writes it.
func identifier(el *vdom.Node) string {
	s := strings.ToLower(el.LocalName())
	if id, _ := el.GetAttribute("id"); id != "" {
		s += "#" + encodeURI(id)
	}
	return s
}

// encodeURI is JavaScript's encodeURI.
func encodeURI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'();/?:@&=+$,#", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// attr4 is htmx 4's attributeValue with the configured inheritance.
func (e *Engine) attr4(el *vdom.Node, name string) (string, bool) {
	v, _, ok := e.inherited4(el, name, e.cfg.implicitInheritance)
	return v, ok
}

// attr4Own is attributeValue without inheritance.
func (e *Engine) attr4Own(el *vdom.Node, name string) (string, bool) {
	v, _, ok := e.inherited4(el, name, false)
	return v, ok
}

// newContext4 is htmx 4's createRequestContext.
func (e *Engine) newContext4(el *vdom.Node, ev *vdom.Event, evType string) *Request {
	method, action := e.methodAndAction4(el, ev)
	full, anchor, _ := strings.Cut(action, "#")
	r := &Request{e: e, Source: el, Event: ev, EventType: evType, State: "created", Method: method, Path: full, URL: full, Anchor: anchor,
		has: map[string]bool{}}
	read := func(dst *string, key, attr string) {
		if v, ok := e.attr4(el, attr); ok {
			*dst, r.has[key] = v, true
		}
	}
	read(&r.Select, "select", "hx-select")
	read(&r.SelectOOB, "selectOOB", "hx-select-oob")
	targetSel, hasTarget := e.attr4(el, "hx-target")
	if v, ok := e.attr4(el, "hx-swap"); ok {
		r.Swap = v
	} else {
		r.Swap = e.cfg.defaultSwap
	}
	read(&r.Push, "push", "hx-push-url")
	read(&r.Replace, "replace", "hx-replace-url")
	read(&r.Confirm, "confirm", "hx-confirm")
	def := "false"
	if el.LocalName() == "form" && !el.HasAttribute("novalidate") && !submitterNoValidate(ev) {
		def = "true"
	}
	validate, ok := e.attr4Own(el, "hx-validate")
	if !ok {
		validate = def
	}
	r.Validate = validate == "true"
	r.Header.Set("HX-Request", "true")
	r.Header.Set("HX-Source", identifier(el))
	r.Header.Set("HX-Current-URL", e.doc.URL())
	r.Header.Set("Accept", "text/html")
	if st := e.stateIfAny(el); st != nil && st.boosted {
		r.Boosted = true
		r.Header.Set("HX-Boosted", "true")
		if v, ok := e.attr4(el, "hx-boost"); ok {
			if m, err := parseHCON(v); err == nil {
				r.boostConfig = m
			}
		}
	}
	r.Target, r.thrown = e.resolveTarget4(el, targetSel, hasTarget, r.Boosted)
	if r.Target != nil {
		r.Header.Set("HX-Target", identifier(r.Target))
	}
	if cfgv, ok := e.attr4(el, "hx-config"); ok && cfgv != "" {
		e.report(attrError(ErrNeedsJavaScript, el, e.attrName(el, "hx-config"), cfgv, -1, "hx-config sets fetch() options, which the package does not have"))
	}
	return r
}

// submitterNoValidate reports a submit event whose submitter has
// formnovalidate.
func submitterNoValidate(ev *vdom.Event) bool {
	if ev == nil {
		return false
	}
	s, ok := ev.AsSubmit()
	return ok && s.Submitter != nil && s.Submitter.HasAttribute("formnovalidate")
}

// methodAndAction4 is htmx 4's determineMethodAndAction.
func (e *Engine) methodAndAction4(el *vdom.Node, ev *vdom.Event) (string, string) {
	method, _ := e.attr4(el, "hx-method")
	action, hasAction := e.attr4Own(el, "hx-action")
	if !hasAction || action == "" {
		for _, v := range verbs4 {
			if a, ok := e.attr4Own(el, "hx-"+v); ok {
				action, method = a, v
				break
			}
		}
	}
	var sub *vdom.Node
	if ev != nil {
		if s, ok := ev.AsSubmit(); ok {
			sub = s.Submitter
		}
	}
	if st := e.stateIfAny(el); st != nil && st.boosted && action == "" {
		if sub != nil {
			action, _ = sub.GetAttribute("formaction")
		}
		if action == "" {
			if el.LocalName() == "a" {
				action, _ = el.GetAttribute("href")
			} else {
				action, _ = el.GetAttribute("action")
			}
		}
	}
	if method == "" && sub != nil {
		method, _ = sub.GetAttribute("formmethod")
	}
	if method == "" {
		method, _ = el.GetAttribute("method")
	}
	if method == "" {
		method = "GET"
	}
	return strings.ToUpper(method), action
}

// resolveTarget4 is htmx 4's resolveTarget: the selector's first
// element (a warning, and no target, when it finds none), else the body
// for a boosted element, else the element.
// Its error is the exception of a selector that does not parse.
func (e *Engine) resolveTarget4(el *vdom.Node, sel string, has, boosted bool) (*vdom.Node, error) {
	switch {
	case has:
		n, err := e.findOne(el, sel, "hx-target")
		if err != nil {
			e.reportSelectorValue(el, "hx-target", sel, err)
			return nil, errSelectorSyntax{on: "Document", selector: sel}
		}
		if n == nil {
			_, from, _ := e.inherited4(el, "hx-target", e.cfg.implicitInheritance)
			if from == nil {
				from = el
			}
			e.report(attrError(ErrNoTarget, from, e.attrName(from, "hx-target"), sel, -1, "no element matches; htmx 4 sends the request and swaps into the element itself"))
		}
		return n, nil
	case boosted:
		return e.doc.Body(), nil
	}
	return el, nil
}

// handleTrigger4 is htmx 4's element event handler.
func (e *Engine) handleTrigger4(el *vdom.Node, ev *vdom.Event, t *trigger) {
	evType := t.name
	if ev != nil {
		evType = ev.Type()
	}
	r := e.newContext4(el, ev, evType)
	if r.thrown != nil {
		// The handler's catch: htmx:error with the exception alone
		// (target-invalid-selectors).
		e.fire(el, e.b.ev.error, &Detail{Err: r.thrown})
		return
	}
	r.trig = t
	e.run4(r, nil)
}

// run4 is htmx 4's handleTriggerEvent.
func (e *Engine) run4(r *Request, preset Params) {
	el := r.Source
	ev := r.Event
	if !el.IsConnected() {
		return
	}
	if ev != nil && ev.Type() == "click" {
		if m, ok := ev.AsMouse(); ok && (m.CtrlKey || m.MetaKey || m.ShiftKey) {
			if ct, _ := ev.CurrentTarget().(*vdom.Node); ct != nil && ct.IsElement() {
				if a, _ := ct.Closest("a[href]"); a != nil {
					return
				}
			}
		}
	}
	if ev != nil && shouldCancel4(ev) {
		ev.PreventDefault()
	}
	usesQuery := e.cfg.queryVerbs[r.Method] || r.Method == "DELETE" || r.Method == "GET"
	var form *vdom.Node
	if usesQuery {
		if el.LocalName() == "form" {
			form = el
		}
	} else {
		form = relatedForm(el)
	}
	var sub *vdom.Node
	if ev != nil {
		if s, ok := ev.AsSubmit(); ok {
			sub = s.Submitter
		}
	}
	body, ok, thrown := e.formData4(el, form, sub, r.Validate, usesQuery)
	if thrown != nil {
		// The handler's catch: htmx:error with the exception alone
		// (params-invalid-selectors).
		e.fire(el, e.b.ev.error, &Detail{Err: thrown})
		return
	}
	if !ok {
		return
	}
	r.form = form
	if ev != nil {
		if _, isSubmit := ev.AsSubmit(); isSubmit {
			r.submitter, r.hasSubmitter = sub, true
		}
	}
	if raw, from, ok := e.inherited4(el, "hx-vals", e.cfg.implicitInheritance); ok && raw != "" {
		if obj, ok := e.attributeObject4(from, "hx-vals", raw); ok {
			r.vals = &obj
			for i, k := range obj.keys {
				body = body.set(k, jsString(obj.vals[i]))
			}
		}
	}
	for _, p := range preset {
		body = body.without(p.Name)
		body = append(body, p)
	}
	if raw, from, ok := e.inherited4(el, "hx-headers", e.cfg.implicitInheritance); ok && raw != "" {
		if obj, ok := e.attributeObject4(from, "hx-headers", raw); ok {
			for i, k := range obj.keys {
				r.Header.Set(k, jsString(obj.vals[i]))
			}
		}
	}
	r.Params = body
	if q, has := e.attr4(el, "hx-prompt"); has {
		if !e.exts["hx-prompt"] {
			// htmx 4 has no hx-prompt without its extension.
		} else {
			answer, ok := e.askPrompt(el, q)
			if !ok || !e.fire(el, e.b.ev.prompt, &Detail{Request: r, Prompt: answer, Target: r.Target}) {
				return
			}
			r.Header.Set("HX-Prompt", encodeURI(answer))
		}
	}
	r.extCancelled = len(e.exts) > 0
	r.configured = true
	if !e.fire(el, e.b.ev.configRequest, &Detail{Request: r}) {
		return
	}
	if e.opts.ConfigRequest != nil {
		if err := e.opts.ConfigRequest(r); err != nil {
			e.report(&Error{Kind: ErrRequest, Element: el, Offset: -1, Detail: "Options.ConfigRequest cancelled the request", Err: err})
			return
		}
	}
	if r.Method == "DIALOG" {
		return
	}
	if strings.HasPrefix(r.Path, "js:") || strings.HasPrefix(r.Path, "javascript:") {
		e.report(attrError(ErrNeedsJavaScript, el, "hx-action", r.Path, -1, "the action is a JavaScript expression"))
		return
	}
	if usesQuery {
		u, err := e.resolve(r.Path)
		if err == nil {
			if len(r.Params) > 0 {
				// searchParams.delete and append re-serialize the
				// whole query (a%20b as a+b, a bare key as key=);
				// with nothing to add it stays as written
				// (req-url-query-reencoded).
				q := parseQuery(u.RawQuery)
				for _, p := range r.Params {
					q = q.without(p.Name)
				}
				q = append(q, r.Params...)
				u.RawQuery = e.urlEncode(q)
			}
			if u.RawQuery == "" {
				// url.search is "" for an empty query: "/e?" is "/e".
				u.ForceQuery = false
			}
			u.Fragment, u.RawFragment = "", ""
			r.queryBody = true
			if page, perr := url.Parse(e.doc.URL()); perr == nil && sameOriginURL(u, page) {
				r.URL = pathAndQuery(u)
			} else {
				r.URL = u.String()
			}
		}
	} else {
		enc, ok := e.attr4(el, "hx-encoding")
		if !ok && form != nil {
			enc, _ = form.GetAttribute("enctype")
			enc = strings.ToLower(enc)
		}
		if enc == "multipart/form-data" {
			r.Multipart = true
		} else {
			r.Params = r.Params.asText()
		}
	}
	e.issue4(r)
}

// parseQuery reads a URL's query as URLSearchParams does.
func parseQuery(raw string) Params {
	var p Params
	if raw == "" {
		return p
	}
	for _, part := range strings.Split(raw, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k, _ = url.QueryUnescape(k)
		v, _ = url.QueryUnescape(v)
		p = append(p, Param{Name: k, Value: v})
	}
	return p
}

// attributeObject4 is htmx 4's getAttributeObject: HCON or JSON; js:
// values are JavaScript and refused.
func (e *Engine) attributeObject4(el *vdom.Node, attr, raw string) (orderedObject, bool) {
	if strings.HasPrefix(raw, "js:") || strings.HasPrefix(raw, "javascript:") {
		e.report(attrError(ErrNeedsJavaScript, el, e.attrName(el, attr), raw, -1, "the value is a JavaScript expression"))
		return orderedObject{}, false
	}
	if strings.HasPrefix(raw, "{") {
		keys, vals, err := decodeObject(raw)
		if err != nil {
			e.report(attrError(ErrSyntax, el, e.attrName(el, attr), raw, jsonOffset(err), "not a JSON object: %v", err))
			return orderedObject{}, false
		}
		return orderedObject{keys: keys, vals: vals}, true
	}
	pairs, bad := scanHCON(raw)
	if bad >= 0 {
		e.report(attrError(ErrSyntax, el, e.attrName(el, attr), raw, bad, "unexpected text %q", raw[bad:]))
		return orderedObject{}, false
	}
	var o orderedObject
	for _, p := range pairs {
		if i := indexOf(o.keys, p.key); i >= 0 {
			o.vals[i] = p.value
			continue
		}
		o.keys = append(o.keys, p.key)
		o.vals = append(o.vals, p.value)
	}
	return o.jsOrder(), true
}

// syncOf4 is htmx 4's determineSyncStrategy and getRequestQueue.
func (e *Engine) syncOf4(el *vdom.Node) (string, *requestQueue) {
	spec, has := e.attr4(el, "hx-sync")
	strategy := "queue first"
	syncElt := el
	if has && spec != "" {
		parts := strings.Split(spec, ":")
		s := strings.TrimSpace(parts[len(parts)-1])
		if isSyncStrategy(s) {
			strategy = s
		}
		sel := ""
		if i := strings.LastIndexByte(spec, ':'); i >= 0 {
			sel = strings.TrimSpace(spec[:i])
		} else if !isSyncStrategy(spec) {
			sel = spec
		}
		if sel != "" {
			n, err := e.findOne(el, sel, "hx-sync")
			if err != nil {
				e.reportSelectorValue(el, "hx-sync", spec, err)
			} else if n == nil {
				e.report(attrError(ErrNoTarget, el, e.attrName(el, "hx-sync"), spec, -1, "no element matches %q", sel))
			}
			if n != nil {
				syncElt = n
			}
		}
	}
	st := e.state(syncElt)
	if st.rq == nil {
		st.rq = &requestQueue{}
	}
	return strategy, st.rq
}

func isSyncStrategy(s string) bool {
	for _, p := range []string{"drop", "abort", "replace", "queue"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// issue4 is htmx 4's issueRequest.
func (e *Engine) issue4(r *Request) {
	el := r.Source
	strategy, q := e.syncOf4(el)
	st := e.powered4(el)
	if !st.abortListener {
		st.abortListener = true
		e.listen(st, el, "htmx:abort", func(*vdom.Event) {
			_, q := e.syncOf4(el)
			if q.current != nil {
				e.abort4(q.current)
			}
		}, false)
	}
	if q.admit(e, strategy, r, func() { e.issue4(r) }) != "run" {
		return
	}
	r.State = "issuing"
	r.issued = true
	finally := func() {
		if r.HX != nil {
			if v, ok := r.HX["trigger"]; ok {
				e.triggerHeader(r, "HX-Trigger", el)
				_ = v
			}
		}
		e.fire(el, e.b.ev.finallyRequest, &Detail{Request: r})
		if !r.KeepIndicators {
			e.hideIndicators4(r.Indicators)
			e.enableElements4(r.Disabled)
		}
		q.next(r)
	}
	if r.Confirm != "" {
		if !e.fire(el, e.b.ev.confirm, &Detail{Request: r}) {
			finally()
			return
		}
		if strings.HasPrefix(r.Confirm, "js:") || strings.HasPrefix(r.Confirm, "javascript:") {
			e.report(attrError(ErrNeedsJavaScript, el, e.attrName(el, "hx-confirm"), r.Confirm, -1, "the confirmation is a JavaScript expression; the request is not sent"))
			finally()
			return
		}
		if !e.askConfirm(el, r.Confirm) {
			finally()
			return
		}
	}
	// initTimeout: the timeout counts from here (it starts in send,
	// which comes at once).
	r.Timeout = e.cfg.timeout
	thrown := e.showIndicators4(r)
	if thrown == nil {
		thrown = e.disableElements4(r)
	}
	if thrown != nil {
		// issueRequest's catch: htmx:error with the context, then its
		// finally.
		r.State = "error: " + thrown.Error()
		e.fire(el, e.b.ev.error, &Detail{Request: r, Err: thrown})
		finally()
		return
	}
	if r.Target == e.doc.Body() || r.Select != "" {
		r.Header.Set("HX-Request-Type", "full")
	} else {
		r.Header.Set("HX-Request-Type", "partial")
	}
	if !e.fire(el, e.b.ev.beforeRequest, &Detail{Request: r}) {
		finally()
		return
	}
	if !r.Multipart && !e.cfg.queryVerbs[r.Method] && r.Method != "GET" && r.Method != "DELETE" {
		r.body = []byte(e.urlEncode(r.Params))
		r.contentType = e.b.formContentType
	}
	if r.Multipart {
		r.body, r.contentType = multipartBody(r.Params)
	}
	failed := func(msg string) {
		r.State = "error: " + msg
		e.fire(el, e.b.ev.error, &Detail{Request: r, Err: fmt.Errorf("%s", msg)})
		finally()
	}
	r.onAbort = func() {
		// The fetch's rejection reaches the request after the task that
		// aborted it.
		e.doc.Post(func() {
			r.State = "error: AbortError: signal is aborted without reason"
			finally()
		})
	}
	r.onTimeout = func() {
		// initTimeout's abort("timeout"): fetch rejects with the
		// reason, which is no AbortError, so htmx:error fires.
		failed("timeout")
	}
	r.onResponse = func() {
		if r.sendErr != nil {
			failed("TypeError: Failed to fetch")
			return
		}
		e.onResponse4(r, finally)
	}
	if _, same := e.sameOrigin(r.URL); !same {
		// fetch in same-origin mode refuses another origin before
		// sending anything.
		r.failedToSend = true
		r.sendErr = fmt.Errorf("not the page's origin")
		e.report(&Error{Kind: ErrRequest, Element: el, Offset: -1, Detail: r.Method + " " + r.URL + ": htmx 4 fetches in same-origin mode; another origin fails"})
		e.enqueue(r)
		return
	}
	e.send(r)
}

// onResponse4 is the part of issueRequest after fetch resolves.
func (e *Engine) onResponse4(r *Request, finally func()) {
	el := r.Source
	r.HX = map[string]string{}
	for k, vs := range r.Response.Header {
		if lk := strings.ToLower(k); strings.HasPrefix(lk, "hx-") && len(vs) > 0 {
			r.HX[strings.ReplaceAll(lk[3:], "-", "")] = strings.Join(vs, ", ")
		}
	}
	if !e.fire(el, e.b.ev.beforeResponse, &Detail{Request: r}) {
		finally()
		return
	}
	if !e.fire(el, e.b.ev.afterRequest, &Detail{Request: r}) {
		finally()
		return
	}
	if r.Response.Status >= 400 {
		e.fire(el, e.b.ev.responseError, &Detail{Request: r})
	}
	if e.headersReturnEarly4(r) {
		r.KeepIndicators = true
		finally()
		return
	}
	if r.State != "issuing" {
		finally()
		return
	}
	retarget := ""
	if v, ok := r.HX["retarget"]; ok && v != "" {
		retarget = v
	}
	if v, ok := r.HX["reswap"]; ok && v != "" {
		r.Swap = v
	}
	if v, ok := r.HX["reselect"]; ok && v != "" {
		r.Select, r.has["select"] = v, true
	}
	if r.Target != nil && !r.Target.IsConnected() && retarget == "" {
		finally()
		return
	}
	r.State = "response received"
	if retarget != "" {
		r.targetSel = retarget
	}
	targetSel := e.statusCodes4(r)
	if retarget != "" && targetSel == "" {
		targetSel = retarget
	}
	if targetSel != "" {
		r.targetSel = targetSel
	}
	e.swap4(r, targetSel, func(err error) {
		if err != nil {
			r.State = "error: " + err.Error()
			e.fire(el, e.b.ev.error, &Detail{Request: r, Err: err})
			finally()
			return
		}
		r.State = "swapped"
		finally()
	})
}

// headersReturnEarly4 is htmx 4's handleHeadersAndMaybeReturnEarly.
func (e *Engine) headersReturnEarly4(r *Request) bool {
	if r.HX["refresh"] == "true" {
		e.reload("HX-Refresh")
		return true
	}
	if v := r.HX["redirect"]; v != "" {
		e.redirect(r, v, false)
		return true
	}
	if v := r.HX["location"]; v != "" {
		e.hxLocation(r, v)
		return true
	}
	return false
}

// statusCodes4 is htmx 4's handleStatusCodes: config.noSwap, else an
// hx-status:NNN (or NNx, Nxx) attribute's HCON merged into the request;
// it returns a target selector the attribute sets.
func (e *Engine) statusCodes4(r *Request) string {
	status := fmt.Sprint(r.Response.Status)
	for _, pattern := range []string{status, status[:2] + "x", status[:1] + "xx"} {
		if containsString(e.cfg.noSwap, pattern) {
			r.Swap = "none"
			return ""
		}
		if v, ok := e.attr4(r.Source, "hx-status:"+pattern); ok && v != "" {
			m, err := parseHCON(v)
			if err != nil {
				e.report(attrError(ErrSyntax, r.Source, "hx-status:"+pattern, v, -1, "%v", err))
				return ""
			}
			target := ""
			for k, val := range m {
				s := jsString(val)
				switch k {
				case "swap":
					r.Swap = s
				case "target":
					target = s
				case "select":
					r.Select = s
				case "push":
					r.Push = s
				case "replace":
					r.Replace = s
				default:
					e.report(attrError(ErrSyntax, r.Source, "hx-status:"+pattern, v, -1, "unknown key %q", k))
				}
			}
			return target
		}
	}
	return ""
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// abort4 aborts a request of htmx 4 (its fetch's AbortController).
func (e *Engine) abort4(r *Request) {
	if r == nil || r.delivered || r.aborted {
		return
	}
	e.abort(r)
}

// showIndicators4 is htmx 4's showIndicators; its error is the
// exception of a selector that does not parse.
func (e *Engine) showIndicators4(r *Request) error {
	el := r.Source
	var inds []*vdom.Node
	if v, ok := e.attr4(el, "hx-indicator"); ok && v != "" {
		ns, err := e.findElements(el, v, "hx-indicator")
		if err != nil {
			e.reportSelectorValue(el, "hx-indicator", v, err)
			return errSelectorSyntax{on: "Document", selector: v}
		}
		inds = ns
	} else {
		if el == e.doc.Body() {
			return nil
		}
		inds = []*vdom.Node{el}
	}
	for _, n := range inds {
		r.Indicators = append(r.Indicators, n)
		e.state(n).requestCount++
		addClass(n, e.cfg.requestClass)
	}
	return nil
}

// hideIndicators4 is htmx 4's hideIndicators.
func (e *Engine) hideIndicators4(inds []*vdom.Node) {
	for _, n := range inds {
		st := e.state(n)
		if st.requestCount > 0 {
			st.requestCount--
			if st.requestCount <= 0 {
				removeClass(n, e.cfg.requestClass)
			}
		}
	}
}

// disableElements4 is htmx 4's disableElements (hx-disable).
// Its error is the exception of a selector that does not parse.
func (e *Engine) disableElements4(r *Request) error {
	v, ok := e.attr4(r.Source, "hx-disable")
	if !ok || v == "" {
		return nil
	}
	ns, err := e.findElements(r.Source, v, "hx-disable")
	if err != nil {
		e.reportSelectorValue(r.Source, "hx-disable", v, err)
		return errSelectorSyntax{on: "Document", selector: v}
	}
	for _, n := range ns {
		r.Disabled = append(r.Disabled, n)
		e.state(n).disableCount++
		n.SetDisabled(true)
	}
	return nil
}

// enableElements4 is htmx 4's enableElements.
func (e *Engine) enableElements4(els []*vdom.Node) {
	for _, n := range els {
		st := e.state(n)
		if st.disableCount > 0 {
			st.disableCount--
			if st.disableCount <= 0 {
				n.SetDisabled(false)
			}
		}
	}
}

// ajax4 is htmx 4's ajax, as HX-Location uses it.
func (e *Engine) ajax4(method, path string, source *vdom.Node, o issueOpts, from *Request) {
	if source == nil {
		source = e.doc.Body()
	}
	r := e.newContext4(source, nil, "")
	// ajax assigns its options over the context made from the source:
	// the header fields stay those of the source's own target.
	if o.target != nil {
		r.Target = o.target
	} else if o.targetMissing {
		return
	}
	if o.hasSwap {
		r.Swap = o.swap
	}
	if o.selectSel != "" {
		r.Select, r.has["select"] = o.selectSel, true
	}
	r.ctxExtra = o.ctxExtra
	if o.push != "" {
		r.Push, r.has["push"] = o.push, true
	}
	if o.replace != "" {
		r.Replace, r.has["replace"] = o.replace, true
	}
	r.historyFrom = o.from
	if from != nil {
		// HX-Location hands the request's indicators and disabled
		// elements on (opts.indicators, opts.disabledElements).
		r.Indicators = from.Indicators
		r.Disabled = from.Disabled
		r.has["indicators"] = true
	}
	r.Method, r.Path, r.URL = strings.ToUpper(method), path, path
	for _, f := range o.headers {
		r.Header.Set(f.Name, f.Value)
	}
	e.run4(r, o.values)
}
