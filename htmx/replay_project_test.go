package htmx

import (
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// The details of events as the recorder writes them (testdata/README.md
// "Recordings"): what htmx puts in each event's detail, made JSON-safe at
// dispatch time, elements as selectors, functions and the browser's
// objects left out. The engine's details are Go values (*Detail, a
// Request); these functions write them in the shape htmx 2's and htmx 4's
// JavaScript objects have.

// project makes an event's detail JSON-safe as the recorder does for
// version v: nil when the recording has no detail.
func project(v, typ string, detail any) any {
	switch d := detail.(type) {
	case nil:
		return nil
	case *Detail:
		var m map[string]any
		if v == "4" {
			m = project4(typ, d)
		} else {
			m = project2(typ, d)
		}
		if len(m) == 0 {
			return nil
		}
		return m
	}
	out := jsonSafe(plainJSON(detail))
	if m, ok := out.(map[string]any); ok && len(m) == 0 {
		return nil
	}
	if a, ok := out.([]any); ok && len(a) == 0 {
		return []any{}
	}
	return out
}

// node is a node's selector, nil for none.
func node(n *vdom.Node) any {
	if n == nil {
		return nil
	}
	return descNode(n)
}

// nodes is a list of selectors.
func nodes(ns []*vdom.Node) []any {
	out := []any{}
	for _, n := range ns {
		out = append(out, node(n))
	}
	return out
}

// entries is a parameter list as [[name, value]].
func entries(p Params) []any {
	out := []any{}
	for _, x := range p {
		var val any = x.Value
		if x.File != nil {
			val = map[string]any{"file": x.File.Name, "size": float64(len(x.File.Content))}
		}
		out = append(out, []any{x.Name, val})
	}
	return out
}

// eventSummary is the recorder's summary of an event.
func eventSummary(ev *vdom.Event) any {
	if ev == nil {
		return nil
	}
	var t any
	if ev.Target() != nil {
		t = desc(ev.Target())
	}
	return map[string]any{"type": ev.Type(), "target": t}
}

// ---- htmx 2 ----

// headers2 is htmx 2's headers object: nulls kept, the replay's own id
// left out.
func projectHeaders(h Header, nulls bool) map[string]any {
	out := map[string]any{}
	for _, f := range h.fields {
		if f.Name == "X-Replay-Id" {
			continue
		}
		if f.Null {
			if nulls {
				out[f.Name] = nil
			}
			continue
		}
		if f.raw != nil && nulls {
			out[f.Name] = jsonSafe(plainJSON(f.raw))
			continue
		}
		out[f.Name] = f.Value
	}
	return out
}

// requestConfig2 is htmx 2's requestConfig as the recorder writes it.
func requestConfig2(r *Request) map[string]any {
	errs := []any{}
	for _, x := range r.validationErrors {
		errs = append(errs, map[string]any{"message": x.message, "validity": map[string]any{}})
	}
	m := map[string]any{
		"parameters": entries(r.Params),
		"headers":    projectHeaders(r.Header, true),
		"target":     node(r.Target),
		"verb":       strings.ToLower(r.Method),
		"errors":     errs,
		"timeout":    float64(r.Timeout.Milliseconds()),
		"path":       r.Path,
	}
	if r.Boosted {
		m["boosted"] = true
	}
	if r.Event != nil {
		m["triggeringEvent"] = eventSummary(r.Event)
	}
	return m
}

// responseInfo2 is htmx 2's responseInfo.
func responseInfo2(r *Request) map[string]any {
	status := 0
	var responsePath any
	if r.delivered && r.Response != nil && r.sendErr == nil {
		status = r.Response.Status
		responsePath = r.responsePath()
	}
	var sel any
	if r.etcSelect != "" {
		sel = r.etcSelect
	}
	pathInfo := map[string]any{"requestPath": r.Path, "finalRequestPath": r.URL, "responsePath": responsePath}
	if r.Anchor != "" {
		pathInfo["anchor"] = r.Anchor
	}
	m := map[string]any{
		"xhr":           map[string]any{"status": float64(status)},
		"target":        node(r.Target),
		"requestConfig": map[string]any{"verb": strings.ToLower(r.Method), "path": r.Path},
		"select":        sel,
		"pathInfo":      pathInfo,
	}
	if r.Boosted {
		m["boosted"] = true
	}
	if r.judged {
		m["failed"], m["successful"] = r.Failed, r.Successful
	}
	if r.KeepIndicators {
		m["keepIndicators"] = true
	}
	return m
}

// project2 writes an htmx 2 detail.
func project2(typ string, d *Detail) map[string]any {
	r := d.Request
	var m map[string]any
	switch {
	case d.ErrorInfo != nil:
		inner := d.ErrorInfo
		it := inner.Error
		if !strings.HasPrefix(it, "htmx:") {
			it = "htmx:responseError"
		}
		return map[string]any{"errorInfo": project2(it, inner)}
	case strings.Contains(typ, "istory") && typ != "htmx:beforeHistoryUpdate":
		m = history2(d)
	case d.Progress != nil:
		return map[string]any{"lengthComputable": d.Progress.LengthComputable, "loaded": float64(d.Progress.Loaded), "total": float64(d.Progress.Total)}
	case typ == "htmx:confirm":
		m = map[string]any{"target": node(d.Target), "path": r.Path, "verb": strings.ToLower(r.Method), "question": nil}
		if d.HasQuestion {
			m["question"] = d.Question
		}
		if r.Event != nil {
			m["triggeringEvent"] = eventSummary(r.Event)
		}
	case typ == "htmx:prompt":
		m = map[string]any{"prompt": d.Prompt, "target": node(d.Target)}
	case typ == "htmx:configRequest", typ == "htmx:validation:halted":
		m = requestConfig2(r)
	case typ == "htmx:validateUrl":
		m = requestConfig2(r)
		u, _ := r.e.sameOrigin(r.URL)
		_, same := r.e.sameOrigin(r.URL)
		if u != nil {
			m["url"] = u.String()
		}
		m["sameHost"] = same
	case typ == "htmx:invalidPath":
		m = requestConfig2(r)
	case typ == "htmx:targetError":
		var t any
		if d.Selector != "" {
			t = d.Selector
		}
		m = map[string]any{"target": t}
	case typ == "htmx:oobErrorNoTarget":
		m = map[string]any{"target": d.Selector}
	case typ == "htmx:partialErrorNoTarget":
		m = map[string]any{"template": node(d.Template), "targetSelector": d.Selector, "sourceElement": node(d.Source)}
	case typ == "htmx:oobBeforeSwap" || typ == "htmx:oobAfterSwap", typ == "htmx:partialBeforeSwap" || typ == "htmx:partialAfterSwap":
		m = map[string]any{"shouldSwap": d.ShouldSwap, "target": node(d.Target), "fragment": fragmentValue(d.Fragment)}
	case r != nil:
		m = responseInfo2(r)
		if d.History != nil {
			m["history"] = map[string]any{"type": d.History.Type, "path": d.History.Path}
		}
		if typ == "htmx:beforeSwap" {
			m["shouldSwap"], m["isError"] = d.ShouldSwap, d.IsError
			m["target"] = node(d.Target)
			if d.SwapOverride != "" {
				m["swapOverride"] = d.SwapOverride
			}
			if d.SelectOverride != "" {
				m["selectOverride"] = d.SelectOverride
			}
			if d.IgnoreTitle {
				m["ignoreTitle"] = true
			}
		}
	default:
		m = map[string]any{}
	}
	if d.Error != "" {
		m["error"] = d.Error
	}
	return m
}

// history2 writes the detail of an htmx 2 history event.
func history2(d *Detail) map[string]any {
	m := map[string]any{}
	if d.Path != "" {
		m["path"] = d.Path
	}
	if d.HistoryElt != nil {
		m["historyElt"] = node(d.HistoryElt)
	}
	if d.Item != nil {
		m["item"] = map[string]any{"url": d.Item.URL, "title": d.Item.Title}
	}
	if d.CacheMiss {
		m["cacheMiss"] = true
	}
	if d.Cause != nil {
		m["cause"] = d.Cause.Error()
	}
	if d.Request != nil {
		status := 0
		if d.Request.delivered && d.Request.Response != nil {
			status = d.Request.Response.Status
		}
		m["xhr"] = map[string]any{"status": float64(status)}
	}
	if s := d.RestoreSwap; s != nil {
		spec := map[string]any{"swapStyle": s.Style, "swapDelay": float64(s.SwapDelay.Milliseconds()), "settleDelay": float64(s.SettleDelay.Milliseconds())}
		if d.Item != nil {
			spec["scroll"] = float64(d.Item.Scroll)
		}
		m["swapSpec"] = spec
	}
	return m
}

// fragmentValue is how the recorder writes a fragment or element.
func fragmentValue(n *vdom.Node) any {
	if n == nil {
		return nil
	}
	if n.NodeType() == vdom.DocumentFragmentNode {
		var b strings.Builder
		for _, c := range n.ChildNodes() {
			if c.IsElement() {
				b.WriteString(outerHTML(c))
			} else {
				b.WriteString(c.TextContent())
			}
		}
		return map[string]any{"fragment": b.String()}
	}
	return descNode(n)
}

// ---- htmx 4 ----

// fullRequest4 are the events whose request the recorder writes whole.
var fullRequest4 = map[string]bool{"htmx:config:request": true, "htmx:before:request": true, "htmx:confirm": true}

// ctx4 is htmx 4's request context as the recorder writes it for typ.
func ctx4(typ string, r *Request) map[string]any {
	m := map[string]any{
		"sourceElement": node(r.Source),
		"status":        r.State,
		"swap":          r.Swap,
		"transition":    false,
	}
	if r.Event != nil {
		m["sourceEvent"] = eventSummary(r.Event)
	} else if r.EventType != "" {
		m["sourceEvent"] = map[string]any{"type": r.EventType, "target": nil}
	} else {
		m["sourceEvent"] = map[string]any{}
	}
	switch {
	case r.targetSel != "":
		m["target"] = r.targetSel
	case r.Target != nil:
		m["target"] = node(r.Target)
	}
	for key, val := range map[string]string{"select": r.Select, "selectOOB": r.SelectOOB, "push": r.Push, "replace": r.Replace, "confirm": r.Confirm} {
		if r.has[key] {
			m[key] = val
		}
	}
	if fullRequest4[typ] {
		req := map[string]any{"validate": r.Validate, "action": r.URL, "method": r.Method, "headers": projectHeaders(r.Header, false)}
		if r.restore {
			// The restore's request object is ajax's own, without
			// validate.
			delete(req, "validate")
		}
		if r.Anchor != "" {
			req["anchor"] = r.Anchor
		}
		if r.configured {
			req["form"] = node(r.form)
			if r.hasSubmitter {
				req["submitter"] = node(r.submitter)
			}
			if r.queryBody {
				req["body"] = nil
			} else {
				req["body"] = entries(r.Params)
			}
		}
		m["request"] = req
	} else {
		m["request"] = map[string]any{"method": r.Method, "action": r.URL}
	}
	if r.issued || r.has["indicators"] {
		m["indicators"] = nodes(r.Indicators)
		m["disabledElements"] = nodes(r.Disabled)
	}
	if r.delivered && r.Response != nil && r.sendErr == nil {
		m["response"] = map[string]any{"status": float64(r.Response.Status)}
		hx := map[string]any{}
		for k, v := range r.HX {
			if strings.HasPrefix(k, "replay") {
				continue
			}
			hx[k] = v
		}
		if r.HX != nil {
			m["hx"] = hx
		}
	}
	if r.titleSet {
		m["title"] = r.Title
		if r.titleNull {
			m["title"] = nil
		}
	}
	if r.KeepIndicators {
		m["keepIndicators"] = true
	}
	if r.vals != nil {
		m["vals"] = jsonSafe(plainJSON(*r.vals))
	}
	for k, v := range r.boostConfig {
		m[k] = jsonSafe(plainJSON(v))
	}
	for k, v := range r.ctxExtra {
		m[k] = jsonSafe(plainJSON(v))
	}
	return m
}

// task4 is a swap task as the recorder writes it.
func task4(t *SwapTask) map[string]any {
	spec := map[string]any{"style": t.Spec.Style}
	for i, k := range t.Spec.modifiers.keys {
		spec[k] = jsonSafe(plainJSON(t.Spec.modifiers.vals[i]))
	}
	if t.Spec.stripSet && t.Spec.Strip != nil {
		spec["strip"] = *t.Spec.Strip
	}
	if t.Spec.showSet {
		spec["show"] = t.Spec.Show
	}
	m := map[string]any{"type": t.Type, "fragment": fragmentValue(t.fragment), "target": node(t.Target), "swapSpec": spec, "sourceElement": node(t.Source)}
	if t.Target == nil && t.Type == "main" {
		delete(m, "target")
	}
	if t.Type == "main" {
		m["transition"] = false
	}
	return m
}

// project4 writes an htmx 4 detail.
func project4(typ string, d *Detail) map[string]any {
	m := map[string]any{}
	if d.Request != nil {
		m["ctx"] = ctx4(typ, d.Request)
		if typ == "htmx:config:request" && d.Request.extCancelled {
			m["cancelled"] = false
		}
	}
	switch typ {
	case "htmx:before:swap":
		tasks := []any{}
		for _, t := range d.Tasks {
			tasks = append(tasks, task4(t))
		}
		m["tasks"] = tasks
	case "htmx:before:settle", "htmx:after:settle":
		m["task"] = task4(d.Task)
		m["newContent"] = nodes(d.NewContent)
		st := []any{}
		for range d.settleTasks {
			st = append(st, nil)
		}
		m["settleTasks"] = st
	case "htmx:prompt":
		m = map[string]any{"prompt": d.Prompt, "target": node(d.Target)}
	case "htmx:before:history:update", "htmx:after:history:update":
		m["history"] = map[string]any{"type": d.History.Type, "path": d.History.Path}
		m["sourceElement"] = node(d.Source)
		if r := d.Response; r != nil {
			h := map[string]any{}
			for k, v := range r.Header {
				if k = strings.ToLower(k); !strings.HasPrefix(k, "x-replay") {
					h[k] = strings.Join(v, ", ")
				}
			}
			m["response"] = map[string]any{"status": float64(r.Status), "headers": h}
		}
	case "htmx:after:history:push", "htmx:after:history:replace":
		m["path"] = d.Path
	case "htmx:before:history:restore":
		m["path"], m["cacheMiss"] = d.Path, d.CacheMiss
	}
	if d.Err != nil {
		m["error"] = d.Err.Error()
	}
	return m
}
