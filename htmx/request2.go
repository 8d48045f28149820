package htmx

import (
	"strconv"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/vdom"
)

// htmx 2's request: issueAjaxRequest and the XMLHttpRequest's events,
// in its order.

// issueOpts are what htmx.ajax and the response headers give a request
// beyond the element's attributes (htmx 2's etc).
type issueOpts struct {
	target        *vdom.Node
	targetMissing bool
	swap          string
	hasSwap       bool
	selectSel     string
	selectOOB     string
	push, replace string
	// from names what asked for push or replace (HX-Location), for
	// errors; "" for the element's attributes.
	from    string
	headers []Field
	values  Params
	boosted bool
	// ctxExtra are HX-Location's options that htmx 4's ajax assigns
	// over the request context as they are (headers, values, source).
	ctxExtra map[string]any
}

// issue2 is htmx 2's issueAjaxRequest.
func (e *Engine) issue2(verb, path string, elt *vdom.Node, evt *vdom.Event, trig *trigger, o issueOpts) {
	e.issue2Confirmed(verb, path, elt, evt, trig, o, false)
}

func (e *Engine) issue2Confirmed(verb, path string, elt *vdom.Node, evt *vdom.Event, trig *trigger, o issueOpts, confirmed bool) {
	if !e.active() {
		return
	}
	if elt == nil {
		elt = e.doc.Body()
	}
	if elt == nil || !elt.IsConnected() {
		return
	}
	r := &Request{e: e, Source: elt, Event: evt, Method: verb, Path: path, trig: trig, Boosted: e.state(elt).boosted || o.boosted}
	if evt != nil {
		r.EventType = evt.Type()
	}
	target := o.target
	if target == nil && !o.targetMissing {
		var thrown bool
		if target, thrown = e.target2(elt); thrown {
			// getTarget's querySelectorAll threw: the trigger's
			// handler ends there, nothing is sent and no event fires
			// (target-invalid-selectors).
			return
		}
	}
	if target == nil {
		hv, from, _ := e.inherited2(elt, "hx-target")
		e.fire(elt, e.b.ev.targetError, &Detail{Error: e.b.ev.targetError, Selector: hv})
		if from != nil {
			e.report(attrError(ErrNoTarget, from, e.attrName(from, "hx-target"), hv, -1, "no element matches; nothing is sent"))
		}
		return
	}
	r.Target = target
	st := e.state(elt)
	if sub := st.lastButtonClicked; sub != nil {
		if fa, ok := sub.GetAttribute("formaction"); ok {
			r.Path = fa
		}
		if fm, ok := sub.GetAttribute("formmethod"); ok {
			up := strings.ToUpper(fm)
			if !containsVerb(verbs2, strings.ToLower(fm)) {
				return
			}
			r.Method = up
		}
	}
	question, _, hasQuestion := e.inherited2(elt, "hx-confirm")
	r.Confirm = question
	if !confirmed {
		if !e.fire(elt, e.b.ev.confirm, &Detail{Request: r, Target: target, Question: question, HasQuestion: hasQuestion}) {
			return
		}
	}
	// hx-sync.
	syncElt := elt
	eltData := st
	queue := ""
	abortable := false
	if spec, _, ok := e.inherited2(elt, "hx-sync"); ok {
		parts := strings.Split(spec, ":")
		sel := strings.TrimSpace(parts[0])
		if sel == "this" {
			syncElt = e.findThis(elt, "hx-sync")
		} else {
			n, err := e.findOne(elt, sel, "")
			if err != nil {
				e.reportSelectorValue(elt, "hx-sync", spec, err)
			}
			syncElt = n
		}
		strategy := "drop"
		if len(parts) > 1 {
			strategy = strings.TrimSpace(parts[1])
		}
		if syncElt == nil {
			e.report(attrError(ErrNoTarget, elt, e.attrName(elt, "hx-sync"), spec, 0, "no element matches %q", sel))
			syncElt = elt
		}
		eltData = e.state(syncElt)
		switch {
		case strategy == "drop" && eltData.inflight != nil && !eltData.abortable:
			return
		case strategy == "abort":
			if eltData.inflight != nil {
				return
			}
			abortable = true
		case strategy == "replace":
			e.fire(syncElt, e.b.ev.abort, nil)
		case strings.HasPrefix(strategy, "queue"):
			f := strings.Split(strategy, " ")
			queue = "last"
			if len(f) > 1 {
				queue = strings.TrimSpace(f[1])
			}
		case strategy != "drop":
			e.report(attrError(ErrSyntax, elt, e.attrName(elt, "hx-sync"), spec, len(parts[0])+1, "unknown strategy %q (drop, abort, replace, queue)", strategy))
		}
	}
	if eltData.inflight != nil {
		if eltData.abortable {
			e.fire(syncElt, e.b.ev.abort, nil)
		} else {
			if queue == "" {
				if trig != nil && trig.queue != "" {
					queue = trig.queue
				} else {
					queue = "last"
				}
			}
			again := func() { e.issue2(verb, path, elt, evt, trig, o) }
			switch {
			case queue == "first" && len(eltData.queued) == 0:
				eltData.queued = append(eltData.queued, again)
			case queue == "all":
				eltData.queued = append(eltData.queued, again)
			case queue == "last":
				eltData.queued = []func(){again}
			}
			return
		}
	}
	eltData.inflight, eltData.abortable = r, abortable
	endLock := func() {
		if eltData.inflight == r {
			eltData.inflight, eltData.abortable = nil, false
		}
		if len(eltData.queued) > 0 {
			next := eltData.queued[0]
			eltData.queued = eltData.queued[1:]
			next()
		}
	}
	// hx-prompt, then hx-confirm's dialog.
	promptQ, _, hasPrompt := e.inherited2(elt, "hx-prompt")
	var answer string
	if hasPrompt {
		a, ok := e.askPrompt(elt, promptQ)
		if !ok || !e.fire(elt, e.b.ev.prompt, &Detail{Request: r, Prompt: a, Target: target}) {
			endLock()
			return
		}
		answer = a
	}
	if hasQuestion && !confirmed && !e.askConfirm(elt, question) {
		endLock()
		return
	}
	if !e.headers2(r, elt, target, hasPrompt, answer) {
		// htmx 2 throws here: the request is not sent, and the element's
		// request lock stays taken, as in htmx.
		return
	}
	if r.Method != "GET" && !e.usesFormData2(elt) {
		r.Header.Set("Content-Type", e.b.formContentType)
	}
	for _, f := range o.headers {
		r.Header.Set(f.Name, f.Value)
	}
	params, errs, thrown := e.inputValues2(elt, strings.ToLower(r.Method))
	if thrown {
		// The exception ends the request, the lock still taken.
		return
	}
	r.validationErrors = errs
	if o.values != nil {
		params = params.override(o.values)
	}
	vals, ok := e.vals2(elt)
	if !ok {
		return
	}
	params = params.override(vals)
	r.Params = e.filterParams2(params, elt)
	if r.Path == "" {
		r.Path = e.doc.URL()
	}
	ro, ok := e.requestOptions2(elt)
	if !ok {
		// htmx 2 throws reading the options: nothing is sent, and the
		// element's request lock stays taken.
		return
	}
	r.Timeout, r.noHeaders = ro.timeout, ro.noHeaders
	if r.Timeout == 0 {
		r.Timeout = e.cfg.timeout
	}
	if !e.fire(elt, e.b.ev.configRequest, &Detail{Request: r, Target: target}) {
		endLock()
		return
	}
	if e.opts.ConfigRequest != nil {
		if err := e.opts.ConfigRequest(r); err != nil {
			e.report(&Error{Kind: ErrRequest, Element: elt, Offset: -1, Detail: "Options.ConfigRequest cancelled the request", Err: err})
			endLock()
			return
		}
	}
	if len(errs) > 0 {
		e.fire(elt, e.b.ev.validationHalted, &Detail{Request: r, Target: target})
		endLock()
		return
	}
	pathNoAnchor, anchor, _ := strings.Cut(r.Path, "#")
	r.Anchor = anchor
	r.URL = r.Path
	useQuery := e.cfg.queryVerbs[r.Method]
	if useQuery {
		r.URL = pathNoAnchor
		if len(r.Params) > 0 {
			if strings.Contains(r.URL, "?") {
				r.URL += "&"
			} else {
				r.URL += "?"
			}
			r.URL += e.urlEncode(r.Params)
			if anchor != "" {
				r.URL += "#" + anchor
			}
		}
	}
	if _, same := e.sameOrigin(r.URL); !same && e.cfg.selfOnly {
		e.fire(elt, e.b.ev.invalidPath, &Detail{Request: r, Target: target, Error: e.b.ev.invalidPath})
		endLock()
		return
	}
	if !e.fire(elt, e.b.ev.validateURL, &Detail{Request: r, Target: target}) {
		e.fire(elt, e.b.ev.invalidPath, &Detail{Request: r, Target: target, Error: e.b.ev.invalidPath})
		endLock()
		return
	}
	r.Select, r.etcSelect = o.selectSel, o.selectSel
	r.validationErrors = errs
	swapOpts := o
	if !e.fire(elt, e.b.ev.beforeRequest, &Detail{Request: r, Target: target}) {
		endLock()
		return
	}
	var thrownAt bool
	if r.Indicators, thrownAt = e.addIndicators2(elt); thrownAt {
		return
	}
	if r.Disabled, thrownAt = e.disableElements2(elt); thrownAt {
		return
	}
	e.fire(elt, e.b.ev.beforeSend, &Detail{Request: r, Target: target})
	if !useQuery {
		if e.usesFormData2(elt) {
			r.body, r.contentType = multipartBody(r.Params)
			r.Multipart = true
		} else {
			r.body = []byte(e.urlEncode(r.Params))
		}
	}
	if v, ok := r.Header.Get("Content-Type"); ok && !r.Multipart {
		r.Header.Del("Content-Type")
		r.contentType = v
	}
	// The request's XMLHttpRequest events: loadstart, and the upload's
	// when there is a body.
	xhr := func(typ string, p Progress) { e.fire(elt, "htmx:xhr:"+typ, &Detail{Request: r, Progress: &p}) }
	xhr("loadstart", Progress{})
	if r.body != nil {
		xhr("loadstart", Progress{LengthComputable: true, Total: len(r.body)})
	}
	finish := func(kind string) {
		e.removeIndicators2(r.Indicators, r.Disabled)
		e.fire(elt, e.b.ev.afterRequest, &Detail{Request: r, Target: r.Target, Error: e.b.ev.afterRequest})
		e.fire(elt, kind, &Detail{Request: r, Target: r.Target, Error: kind})
	}
	r.onAbort = func() {
		xhr("abort", Progress{})
		xhr("loadend", Progress{})
		finish(e.b.ev.sendAbort)
		xhr("abort", Progress{})
		xhr("loadend", Progress{})
		endLock()
	}
	r.onTimeout = func() {
		// XMLHttpRequest's timeout (XHR §4.5.6 "request error steps"):
		// the upload's loadend, the timeout event (ontimeout), the
		// request's loadend.
		xhr("loadend", Progress{})
		finish(e.b.ev.timeout)
		xhr("loadend", Progress{})
		endLock()
	}
	r.onResponse = func() {
		if r.sendErr != nil {
			xhr("loadend", Progress{})
			finish(e.b.ev.sendError)
			xhr("loadend", Progress{})
			endLock()
			return
		}
		n := len(r.Response.Body)
		done := Progress{}
		if n > 0 {
			done = Progress{LengthComputable: true, Loaded: n, Total: n}
			xhr("progress", done)
		}
		e.onLoad2(r, elt, swapOpts)
		endLock()
		xhr("loadend", done)
	}
	e.send(r)
}

// requestOptions2 are hx-request's values for one request.
type requestOptions2 struct {
	timeout   time.Duration
	noHeaders bool
}

// requestOptions2 reads hx-request of the element and its ancestors
// (htmx 2's getValuesForElement: the nearest value of a key wins):
// timeout (ms), noHeaders (send none of htmx's header fields) and
// credentials (XMLHttpRequest's withCredentials: the session sends its
// cookies to the page's origin either way, and htmx 2 sends to no
// other by default). It returns false where htmx 2 throws: a value that
// is not a JSON object, or "unset".
func (e *Engine) requestOptions2(el *vdom.Node) (requestOptions2, bool) {
	var o requestOptions2
	seen := map[string]bool{}
	for a := el; a != nil; a = a.ParentElement() {
		raw, ok := e.own(a, "hx-request")
		if !ok || strings.TrimSpace(raw) == "" {
			continue
		}
		name := e.attrName(a, "hx-request")
		s := strings.TrimSpace(raw)
		if s == "unset" {
			e.report(attrError(ErrSyntax, a, name, raw, -1, "htmx 2 reads the request options of \"unset\" as null and throws; nothing is sent"))
			return o, false
		}
		if strings.HasPrefix(s, "js:") || strings.HasPrefix(s, "javascript:") {
			e.report(attrError(ErrNeedsJavaScript, a, name, raw, -1, "the value is a JavaScript expression"))
			continue
		}
		if !strings.HasPrefix(s, "{") {
			s = "{" + s + "}"
		}
		keys, vals, err := decodeObject(s)
		if err != nil {
			e.report(attrError(ErrSyntax, a, name, raw, jsonOffsetIn(raw, s, err), "not a JSON object (%v); htmx 2 sends nothing", err))
			return o, false
		}
		for i, k := range keys {
			if seen[k] || vals[i] == nil {
				continue
			}
			seen[k] = true
			switch k {
			case "timeout":
				ms, err := strconv.ParseFloat(strings.TrimSpace(jsString(vals[i])), 64)
				if err != nil || ms < 0 {
					e.report(attrError(ErrSyntax, a, name, raw, -1, "timeout %s is not a number of milliseconds", jsString(vals[i])))
					continue
				}
				o.timeout = time.Duration(ms * float64(time.Millisecond))
			case "noHeaders":
				o.noHeaders = truthy(vals[i])
			case "credentials":
			default:
				e.report(attrError(ErrSyntax, a, name, raw, -1, "unknown option %q (timeout, credentials, noHeaders)", k))
			}
		}
	}
	return o, true
}

func containsVerb(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// onLoad2 is the XMLHttpRequest's onload handler of htmx 2.
func (e *Engine) onLoad2(r *Request, elt *vdom.Node, o issueOpts) {
	var hierarchy []*vdom.Node
	for a := elt; a != nil; a = a.ParentElement() {
		hierarchy = append(hierarchy, a)
	}
	if err := e.handleResponse2(r, elt, o); err != nil {
		msg := "Error: " + err.Error()
		if he, ok := err.(*Error); ok && he.Attribute == "HX-Retarget" {
			msg = "Error: Invalid re-target " + he.Value
		}
		se, thrown := err.(errSelectorSyntax)
		if thrown {
			msg = se.Error()
		}
		e.fire(elt, e.b.ev.onLoadError, &Detail{Request: r, Target: r.Target, Error: msg})
		if !thrown {
			// A selector's exception was reported where it arose.
			e.report(err)
		}
		return
	}
	if !r.KeepIndicators {
		e.removeIndicators2(r.Indicators, r.Disabled)
	}
	e.fire(elt, e.b.ev.afterRequest, &Detail{Request: r, Target: r.Target})
	e.fire(elt, e.b.ev.afterOnLoad, &Detail{Request: r, Target: r.Target})
	if !elt.IsConnected() {
		for _, a := range hierarchy {
			if a.IsConnected() {
				e.fire(a, e.b.ev.afterRequest, &Detail{Request: r, Target: r.Target})
				e.fire(a, e.b.ev.afterOnLoad, &Detail{Request: r, Target: r.Target})
				break
			}
		}
	}
}

// target2 is htmx 2's getTarget: hx-target (inherited; "this" is the
// element carrying it), else the body for a boosted element, else the
// element itself.
// thrown reports a selector that does not parse, which throws in htmx.
func (e *Engine) target2(elt *vdom.Node) (target *vdom.Node, thrown bool) {
	v, from, ok := e.inherited2(elt, "hx-target")
	if !ok {
		if e.state(elt).boosted {
			return e.doc.Body(), false
		}
		return elt, false
	}
	if v == "this" {
		return e.findThis(elt, "hx-target"), false
	}
	n, err := e.findOne(elt, v, "hx-target")
	if err != nil {
		e.reportSelectorValue(from, "hx-target", v, err)
		return nil, true
	}
	return n, false
}

// headers2 is htmx 2's getHeaders. It returns false where htmx 2 throws
// (an hx-headers that is not JSON), which ends the request.
func (e *Engine) headers2(r *Request, elt, target *vdom.Node, hasPrompt bool, prompt string) bool {
	h := &r.Header
	h.Set("HX-Request", "true")
	if id, ok := elt.GetAttribute("id"); ok {
		h.Set("HX-Trigger", id)
	} else {
		h.setNull("HX-Trigger")
	}
	if name, ok := elt.GetAttribute("name"); ok {
		h.Set("HX-Trigger-Name", name)
	} else {
		h.setNull("HX-Trigger-Name")
	}
	if id, ok := e.own(target, "id"); ok {
		h.Set("HX-Target", id)
	} else {
		h.setNull("HX-Target")
	}
	h.Set("HX-Current-URL", e.doc.URL())
	// hx-headers of the element and its ancestors: a field already set
	// is kept (the nearest wins; htmx's own fields stay).
	for a := elt; a != nil; a = a.ParentElement() {
		raw, ok := e.own(a, "hx-headers")
		if !ok {
			continue
		}
		s := strings.TrimSpace(raw)
		if s == "unset" {
			break
		}
		if strings.HasPrefix(s, "js:") || strings.HasPrefix(s, "javascript:") {
			e.report(attrError(ErrNeedsJavaScript, a, e.attrName(a, "hx-headers"), raw, -1, "the value is a JavaScript expression"))
			continue
		}
		if !strings.HasPrefix(s, "{") {
			s = "{" + s + "}"
		}
		keys, vals, err := decodeObject(s)
		if err != nil {
			e.report(attrError(ErrSyntax, a, e.attrName(a, "hx-headers"), raw, jsonOffsetIn(raw, s, err), "not a JSON object; htmx 2 sends nothing"))
			return false
		}
		for i, k := range keys {
			if h.isNull(k) && vals[i] == nil {
				// mergeObjects assigns the null: listed in the
				// headers, not sent.
				h.setNull(k)
				continue
			}
			if h.isNull(k) && vals[i] != nil {
				h.Set(k, jsString(vals[i]))
				for j := range h.fields {
					if h.fields[j].Name == k {
						h.fields[j].raw = vals[i]
					}
				}
			}
		}
	}
	if hasPrompt {
		h.Set("HX-Prompt", prompt)
	}
	if r.Boosted {
		h.Set("HX-Boosted", "true")
	}
	return true
}

// usesFormData2 is htmx 2's usesFormData: hx-encoding multipart, or a
// form with that enctype.
func (e *Engine) usesFormData2(elt *vdom.Node) bool {
	if v, _, _ := e.inherited2(elt, "hx-encoding"); v == "multipart/form-data" {
		return true
	}
	enc, _ := elt.GetAttribute("enctype")
	return elt.LocalName() == "form" && enc == "multipart/form-data"
}

// addIndicators2 is htmx 2's addRequestIndicatorClasses.
// Its bool reports a selector that threw.
func (e *Engine) addIndicators2(elt *vdom.Node) ([]*vdom.Node, bool) {
	inds := []*vdom.Node{elt}
	if v, from, ok := e.inherited2(elt, "hx-indicator"); ok {
		var thrown bool
		if inds, thrown = e.attributeTargets2(elt, "hx-indicator", v, from); thrown {
			return nil, true
		}
	}
	for _, n := range inds {
		if n == nil {
			continue
		}
		e.state(n).requestCount++
		n.ClassList().Add(e.cfg.requestClass)
	}
	return inds, false
}

// disableElements2 is htmx 2's disableElements (hx-disabled-elt).
// Its bool reports a selector that threw.
func (e *Engine) disableElements2(elt *vdom.Node) ([]*vdom.Node, bool) {
	v, from, ok := e.inherited2(elt, "hx-disabled-elt")
	if !ok {
		return nil, false
	}
	els, thrown := e.attributeTargets2(elt, "hx-disabled-elt", v, from)
	if thrown {
		return nil, true
	}
	for _, n := range els {
		if n == nil {
			continue
		}
		e.state(n).requestCount++
		if !n.HasAttribute("disabled") {
			_ = n.SetAttribute("disabled", "")
			_ = n.SetAttribute("data-disabled-by-htmx", "")
		}
	}
	return els, false
}

// removeIndicators2 is htmx 2's removeRequestIndicators.
func (e *Engine) removeIndicators2(inds, disabled []*vdom.Node) {
	for _, n := range append(append([]*vdom.Node(nil), inds...), disabled...) {
		if n == nil {
			continue
		}
		st := e.state(n)
		if st.requestCount == 0 {
			st.requestCount = 1
		}
		st.requestCount--
	}
	for _, n := range inds {
		if n != nil && e.state(n).requestCount == 0 {
			removeClass(n, e.cfg.requestClass)
		}
	}
	for _, n := range disabled {
		if n != nil && e.state(n).requestCount == 0 && n.HasAttribute("data-disabled-by-htmx") {
			n.RemoveAttribute("disabled")
			n.RemoveAttribute("data-disabled-by-htmx")
		}
	}
}

// removeClass removes a class, and the class attribute when none is
// left, as htmx does.
func removeClass(n *vdom.Node, cls string) {
	if n == nil || !n.IsElement() {
		return
	}
	n.ClassList().Remove(cls)
	if n.ClassList().Len() == 0 && n.HasAttribute("class") {
		n.RemoveAttribute("class")
	}
}

// addClass adds a class to an element.
func addClass(n *vdom.Node, cls string) {
	if n != nil && n.IsElement() {
		n.ClassList().Add(cls)
	}
}

// askConfirm answers a confirm dialog.
func (e *Engine) askConfirm(el *vdom.Node, q string) bool {
	if e.opts.Confirm == nil {
		return true
	}
	return e.opts.Confirm(Dialog{Element: el, Attribute: "hx-confirm", Message: q})
}

// askPrompt answers a prompt dialog.
func (e *Engine) askPrompt(el *vdom.Node, q string) (string, bool) {
	if e.opts.Prompt == nil {
		return "", true
	}
	return e.opts.Prompt(Dialog{Element: el, Attribute: "hx-prompt", Message: q})
}

// onAbortEvent2 is htmx 2's body listener for htmx:abort: the request of
// the element the event names is aborted.
func (e *Engine) onAbortEvent2(ev *vdom.Event) {
	if _, ok := ev.Detail().(*Detail); !ok {
		// htmx 2 reads detail.elt of the event's detail; a detail that is
		// not an object throws and aborts nothing.
		return
	}
	t, _ := ev.Target().(*vdom.Node)
	if st := e.stateIfAny(t); st != nil && st.inflight != nil {
		e.abort(st.inflight)
	}
}
