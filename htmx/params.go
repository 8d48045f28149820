package htmx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"mime/multipart"
	"net/textproto"
	"sort"
	"strconv"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Parameters: the values htmx collects from the element, its form and
// hx-include (htmx 2's getInputValues, htmx 4's collectFormData), the
// filters and additions (hx-params, hx-vals), and their encodings.

// validationError is a control that failed validation (htmx 2).
type validationError struct {
	el      *vdom.Node
	message string
}

// relatedForm is the element's form owner, else its nearest form.
func relatedForm(el *vdom.Node) *vdom.Node {
	if f := el.Form(); f != nil {
		return f
	}
	f, _ := el.Closest("form")
	return f
}

// hasNameProperty reports the elements whose name property exists (the
// form-associated ones htmx 2 reads).
func hasNameProperty(el *vdom.Node) bool {
	switch el.LocalName() {
	case "input", "select", "textarea", "button", "output", "fieldset", "object", "form":
		return true
	}
	return false
}

// ---- htmx 2 ----

// collector2 is the state of htmx 2's getInputValues.
type collector2 struct {
	e         *Engine
	processed map[*vdom.Node]bool
	errors    []validationError
	validate  bool
}

// inputValues2 is htmx 2's getInputValues; true at the end reports an
// hx-include selector that threw.
func (e *Engine) inputValues2(el *vdom.Node, verb string) (Params, []validationError, bool) {
	st := e.state(el)
	if st.lastButtonClicked != nil && !st.lastButtonClicked.IsConnected() {
		st.lastButtonClicked = nil
	}
	c := &collector2{e: e, processed: map[*vdom.Node]bool{}}
	isForm := el.LocalName() == "form"
	_, novalidate := el.GetAttribute("novalidate")
	hv, _ := e.own(el, "hx-validate")
	c.validate = (isForm && !novalidate) || hv == "true"
	if b := st.lastButtonClicked; b != nil {
		_, fnv := b.GetAttribute("formnovalidate")
		c.validate = c.validate && !fnv
	}
	var priority, data Params
	if verb != "get" {
		priority = c.process(priority, relatedForm(el))
	}
	data = c.process(data, el)
	t, _ := el.GetAttribute("type")
	if st.lastButtonClicked != nil || el.LocalName() == "button" || (el.LocalName() == "input" && t == "submit") {
		b := st.lastButtonClicked
		if b == nil {
			b = el
		}
		if name, ok := b.GetAttribute("name"); ok {
			priority = append(priority, Param{Name: name, Value: b.Value()})
		}
	}
	if v, from, ok := e.inherited2(el, "hx-include"); ok {
		included, thrown := e.attributeTargets2(el, "hx-include", v, from)
		if thrown {
			return nil, nil, true
		}
		for _, n := range included {
			data = c.process(data, n)
			if n.LocalName() != "form" {
				inputs, _ := n.QuerySelectorAll("input, textarea, select")
				for _, in := range inputs {
					data = c.process(data, in)
				}
			}
		}
	}
	return data.override(priority), c.errors, false
}

// process is htmx 2's processInputValue.
func (c *collector2) process(p Params, el *vdom.Node) Params {
	if el == nil || c.processed[el] {
		return p
	}
	c.processed[el] = true
	if include2(el) {
		name, _ := el.GetAttribute("name")
		p = append(p, valuesOf2(el, name)...)
		if c.validate {
			c.validateElement(el)
		}
	}
	if el.LocalName() == "form" {
		for _, in := range el.Elements() {
			if c.processed[in] {
				p = removeValues(p, in.Name(), valuesOf2(in, in.Name()))
			} else {
				c.processed[in] = true
			}
			if c.validate {
				c.validateElement(in)
			}
		}
		fd, err := vdom.NewFormData(el, nil)
		if err == nil {
			for entry := range fd.Entries() {
				if entry.File != nil {
					if entry.File.Name == "" {
						continue
					}
					f := *entry.File
					p = append(p, Param{Name: entry.Name, Value: f.Name, File: &f})
					continue
				}
				p = append(p, Param{Name: entry.Name, Value: entry.Value})
			}
		}
	}
	return p
}

// validateElement is htmx 2's validateElement.
func (c *collector2) validateElement(el *vdom.Node) {
	if !el.WillValidate() {
		return
	}
	c.e.fire(el, c.e.b.ev.validationValidate, nil)
	if ok, _ := el.CheckValidity(); !ok {
		c.e.fire(el, c.e.b.ev.validationFailed, &Detail{Error: ""})
		c.errors = append(c.errors, validationError{el: el, message: el.ValidationMessage()})
	}
}

// include2 is htmx 2's shouldInclude.
func include2(el *vdom.Node) bool {
	if !hasNameProperty(el) || el.LocalName() == "form" || el.LocalName() == "fieldset" {
		return false
	}
	name, _ := el.GetAttribute("name")
	if name == "" || el.Disabled() {
		return false
	}
	if fs, _ := el.Closest("fieldset[disabled]"); fs != nil {
		return false
	}
	switch el.Type() {
	case "button", "submit":
		return false
	case "checkbox", "radio":
		return el.Checked()
	}
	return true
}

// valuesOf2 is htmx 2's getValueFromInput, as parameters: a multiple
// select's selected values, a file input's files, else the value.
func valuesOf2(el *vdom.Node, name string) Params {
	switch {
	case el.LocalName() == "select" && el.Multiple():
		var p Params
		for _, o := range el.SelectedOptions() {
			p = append(p, Param{Name: name, Value: o.Value()})
		}
		return p
	case el.LocalName() == "input" && el.Type() == "file":
		var p Params
		for _, f := range el.Files() {
			f := f
			p = append(p, Param{Name: name, Value: f.Name, File: &f})
		}
		return p
	case el.LocalName() == "object" || el.LocalName() == "fieldset":
		return nil
	}
	return Params{{Name: name, Value: el.Value()}}
}

// removeValues is htmx 2's removeValueFromFormData.
func removeValues(p Params, name string, values Params) Params {
	var keep []Param
	for _, x := range p {
		if x.Name != name {
			continue
		}
		drop := false
		for _, v := range values {
			if v.Value == x.Value {
				drop = true
			}
		}
		if !drop {
			keep = append(keep, x)
		}
	}
	return append(p.without(name), keep...)
}

// attributeTargets2 is htmx 2's findAttributeTargets: the elements an
// inherited selector attribute (hx-include, hx-indicator,
// hx-disabled-elt) names; "this" is the element that carries it, and
// "inherit" adds the ancestor's. It reports a selector that finds
// nothing.
//
// thrown reports a selector that does not parse: querySelectorAll
// throws, and the request stops there (params-invalid-selectors).
func (e *Engine) attributeTargets2(el *vdom.Node, attr, value string, from *vdom.Node) (out []*vdom.Node, thrown bool) {
	if value == "this" {
		return []*vdom.Node{e.findThis(el, attr)}, false
	}
	out, err := e.findElements(el, value, attr)
	if err != nil {
		e.reportSelectorValue(from, attr, value, err)
		return nil, true
	}
	if inheritWord(value) {
		for a := el.ParentElement(); a != nil; a = a.ParentElement() {
			if e.has(a, attr) {
				if v, f, ok := e.inherited2(a, attr); ok {
					more, thrown := e.attributeTargets2(a, attr, v, f)
					if thrown {
						return nil, true
					}
					out = append(out, more...)
				}
				break
			}
		}
	}
	if len(out) == 0 {
		e.report(attrError(ErrNoTarget, from, e.attrName(from, attr), value, -1, "the selector returned no matches"))
	}
	return out, false
}

// inheritWord reports "inherit" as a part of a selector list.
func inheritWord(v string) bool {
	for _, part := range strings.Split(v, ",") {
		if strings.TrimSpace(part) == "inherit" {
			return true
		}
	}
	return false
}

// reportSelectorValue reports a selector value that does not parse.
func (e *Engine) reportSelectorValue(el *vdom.Node, attr, value string, err error) {
	off := -1
	if se, ok := err.(*selectorError); ok {
		off, err = se.offset, se.err
	}
	e.report(&Error{Kind: ErrSyntax, Element: el, Attribute: e.attrName(el, attr), Value: value, Offset: off, Detail: err.Error()})
}

// filterParams2 is htmx 2's filterValues (hx-params).
func (e *Engine) filterParams2(p Params, el *vdom.Node) Params {
	v, _, ok := e.inherited2(el, "hx-params")
	switch {
	case !ok || v == "*":
		return p
	case v == "none":
		return nil
	case strings.HasPrefix(v, "not "):
		for _, name := range strings.Split(v[4:], ",") {
			p = p.without(strings.TrimSpace(name))
		}
		return p
	}
	var out Params
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		for _, x := range p {
			if x.Name == name {
				out = append(out, x)
			}
		}
	}
	return out
}

// vals2 is htmx 2's getExpressionVars: hx-vars and hx-vals of the element
// and its ancestors, the nearest winning; js: values and hx-vars are
// JavaScript, reported and left out. It returns false where htmx 2
// throws (a value that is not JSON), which ends the request.
func (e *Engine) vals2(el *vdom.Node) (Params, bool) {
	type kv struct {
		key string
		val any
	}
	var out []kv
	seen := map[string]bool{}
	for _, attr := range []string{"hx-vars", "hx-vals"} {
		for a := el; a != nil; a = a.ParentElement() {
			raw, ok := e.own(a, attr)
			if !ok {
				continue
			}
			s := strings.TrimSpace(raw)
			if s == "unset" {
				break
			}
			if attr == "hx-vars" || strings.HasPrefix(s, "js:") || strings.HasPrefix(s, "javascript:") {
				e.report(attrError(ErrNeedsJavaScript, a, e.attrName(a, attr), raw, -1, "the value is a JavaScript expression"))
				continue
			}
			if !strings.HasPrefix(s, "{") {
				s = "{" + s + "}"
			}
			keys, vals, err := decodeObject(s)
			if err != nil {
				e.report(attrError(ErrSyntax, a, e.attrName(a, attr), raw, jsonOffsetIn(raw, s, err), "not a JSON object (%v); htmx 2 sends nothing", err))
				return nil, false
			}
			for i, k := range keys {
				if !seen[k] {
					seen[k] = true
					out = append(out, kv{k, vals[i]})
				}
			}
		}
	}
	var p Params
	for _, x := range out {
		p = append(p, formValues2(x.key, x.val)...)
	}
	return p, true
}

// formValues2 is htmx 2's formDataFromObject for one key: an array's
// items each, an object as JSON, anything else as its text.
func formValues2(key string, v any) Params {
	switch x := v.(type) {
	case []any:
		var p Params
		for _, item := range x {
			p = append(p, Param{Name: key, Value: jsString(item)})
		}
		return p
	case orderedObject:
		return Params{{Name: key, Value: jsonStringify(x)}}
	}
	return Params{{Name: key, Value: jsString(v)}}
}

// jsString is JavaScript's String(value) of a JSON value (htmx 4 sets
// hx-vals values so: an object is "[object Object]", an array its items
// joined with commas).
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return jsNumber(f)
		}
		return x.String()
	case float64:
		return jsNumber(x)
	case []any:
		parts := make([]string, len(x))
		for i, item := range x {
			if item != nil {
				parts[i] = jsString(item)
			}
		}
		return strings.Join(parts, ",")
	case map[string]any, orderedObject:
		return "[object Object]"
	}
	return fmt.Sprint(v)
}

// jsNumber formats a number as JavaScript's Number.prototype.toString
// (ECMA-262 Number::toString, radix 10): the shortest digits that read
// back as the number, plain from 1e-6 up to below 1e21, else with an
// exponent of no leading zeros ("1e-7", "1.5e+21"); -0 is "0". Go's
// shortest formatting gives the same digits; only the exponent's form
// differs.
func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if abs := math.Abs(f); abs < 1e-6 || abs >= 1e21 {
		// Go writes "1e-07" and "1e+21"; JavaScript "1e-7" and "1e+21".
		mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
		return mant + "e" + exp[:1] + strings.TrimLeft(exp[1:], "0")
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// orderedObject is a JSON object with its keys in source order.
type orderedObject struct {
	keys []string
	vals []any
}

// MarshalJSON writes the object in its order.
func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonStringify(k))
		b.WriteByte(':')
		b.WriteString(jsonStringify(o.vals[i]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// jsonStringify is JSON.stringify of a decoded value: compact, objects
// in their keys' order, numbers as JavaScript writes them (1.0 is 1, 1e3
// is 1000, -0 is 0), strings escaped only where JSON must (quotes,
// backslashes, control characters), so nested hx-vals objects go out as
// htmx 2 sends them (params-vals-nested-numbers).
func jsonStringify(v any) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

// writeJSON writes v as JSON.stringify does (ECMA-262 SerializeJSONProperty).
func writeJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeJSONString(b, x)
	case json.Number:
		f, err := x.Float64()
		if err != nil && !math.IsInf(f, 0) {
			b.WriteString(x.String())
			return
		}
		writeJSONNumber(b, f)
	case float64:
		writeJSONNumber(b, x)
	case []any:
		b.WriteByte('[')
		for i, item := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, item)
		}
		b.WriteByte(']')
	case orderedObject:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			writeJSON(b, x.vals[i])
		}
		b.WriteByte('}')
	case map[string]any:
		writeJSON(b, sortedObject(x).jsOrder())
	default:
		out, err := json.Marshal(v)
		if err != nil {
			b.WriteString("null")
			return
		}
		b.Write(out)
	}
}

// writeJSONNumber writes a number as JSON.stringify does: as
// Number::toString, a non-finite one as null.
func writeJSONNumber(b *strings.Builder, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		b.WriteString("null")
		return
	}
	b.WriteString(jsNumber(f))
}

// writeJSONString quotes s as JSON.stringify does (ECMA-262
// QuoteJSONString): the short escapes, \u00XX for other control
// characters, everything else as it is.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// decodeObject decodes a JSON object keeping its keys in order; nested
// objects keep theirs (as orderedObject).
func decodeObject(s string) ([]string, []any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, nil, err
	}
	if dec.More() {
		return nil, nil, fmt.Errorf("text after the object at %d", dec.InputOffset())
	}
	if _, err := dec.Token(); err == nil {
		return nil, nil, fmt.Errorf("text after the object at %d", dec.InputOffset())
	}
	o, ok := v.(orderedObject)
	if !ok {
		return nil, nil, fmt.Errorf("not an object")
	}
	return o.keys, o.vals, nil
}

// decodeValue reads one JSON value, objects as orderedObject.
func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var o orderedObject
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				if i := indexOf(o.keys, k); i >= 0 {
					o.vals[i] = v
					continue
				}
				o.keys = append(o.keys, k)
				o.vals = append(o.vals, v)
			}
			_, err := dec.Token()
			return o.jsOrder(), err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	}
	return tok, nil
}

// jsOrder is o with its keys in JavaScript's order for an object's own
// properties (ECMA-262 OrdinaryOwnPropertyKeys): the array indices
// ("0", "7", "42": canonical integers below 2^32-1) first, ascending,
// then the other keys in the order they were added. JSON.parse and
// HCON make such objects, and htmx walks their keys in that order, so
// hx-vals='{"b":1,"2":2}' sends 2 first (params-vals-key-order).
func (o orderedObject) jsOrder() orderedObject {
	var idx []int
	for i, k := range o.keys {
		if _, ok := arrayIndex(k); ok {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return o
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, _ := arrayIndex(o.keys[idx[a]])
		y, _ := arrayIndex(o.keys[idx[b]])
		return x < y
	})
	out := orderedObject{keys: make([]string, 0, len(o.keys)), vals: make([]any, 0, len(o.vals))}
	for _, i := range idx {
		out.keys = append(out.keys, o.keys[i])
		out.vals = append(out.vals, o.vals[i])
	}
	for i, k := range o.keys {
		if _, ok := arrayIndex(k); !ok {
			out.keys = append(out.keys, k)
			out.vals = append(out.vals, o.vals[i])
		}
	}
	return out
}

// arrayIndex reads k as an array index: the canonical decimal text of
// an integer from 0 to 2^32-2 ("01" and "-1" are not).
func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n > math.MaxUint32-1 {
		return 0, false
	}
	return n, true
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// jsonOffsetIn maps the offset of a JSON error in s (raw, maybe wrapped
// in braces) back to raw.
func jsonOffsetIn(raw, s string, err error) int {
	off := jsonOffset(err)
	if off < 0 {
		return -1
	}
	if s != strings.TrimSpace(raw) {
		off--
	}
	lead := len(raw) - len(strings.TrimLeft(raw, " \t\n\r\f"))
	return max(0, min(off+lead, len(raw)))
}

// ---- htmx 4 ----

// formData4 is htmx 4's collectFormData; false when validation failed,
// an error for an hx-include selector that threw.
func (e *Engine) formData4(el, form, submitter *vdom.Node, validate, isGet bool) (Params, bool, error) {
	if validate && form != nil {
		if ok, _ := form.ReportValidity(); !ok {
			return nil, false, nil
		}
	}
	if submitter == nil && form != nil && el.Type() == "submit" && (el.LocalName() == "button" || el.LocalName() == "input") {
		submitter = el
	}
	var p Params
	included := map[*vdom.Node]bool{}
	if form != nil {
		fd, err := vdom.NewFormData(form, nil)
		if err == nil {
			for entry := range fd.Entries() {
				if entry.File != nil {
					f := *entry.File
					p = append(p, Param{Name: entry.Name, Value: f.Name, File: &f})
					continue
				}
				p = append(p, Param{Name: entry.Name, Value: entry.Value})
			}
		}
		for _, x := range form.Elements() {
			included[x] = true
		}
	} else {
		if validate && isValidatable(el) {
			if ok, _ := el.ReportValidity(); !ok {
				return nil, false, nil
			}
		}
		p = e.addInputValues4(el, included, p, isGet)
	}
	if submitter != nil {
		if name, _ := submitter.GetAttribute("name"); name != "" {
			p = append(p, Param{Name: name, Value: submitter.Value()})
			included[submitter] = true
		}
	}
	if v, from, ok := e.inherited4(el, "hx-include", e.cfg.implicitInheritance); ok && v != "" {
		nodes, err := e.findElements(el, v, "hx-include")
		if err != nil {
			e.reportSelectorValue(from, "hx-include", v, err)
			return nil, false, errSelectorSyntax{on: "Document", selector: v}
		}
		for _, n := range nodes {
			if validate && isValidatable(n) {
				if ok, _ := n.ReportValidity(); !ok {
					return nil, false, nil
				}
			}
			p = e.addInputValues4(n, included, p, false)
		}
	}
	return p, true, nil
}

// isValidatable reports elements with reportValidity.
func isValidatable(el *vdom.Node) bool {
	switch el.LocalName() {
	case "input", "select", "textarea", "button", "output", "fieldset", "object", "form":
		return true
	}
	return false
}

// addInputValues4 is htmx 4's addInputValues.
func (e *Engine) addInputValues4(el *vdom.Node, included map[*vdom.Node]bool, p Params, isGet bool) Params {
	var inputs []*vdom.Node
	tag := el.LocalName()
	switch {
	case tag == "button" || strings.Contains(tag, "-"):
		inputs = []*vdom.Node{el}
	case tag == "input" || tag == "select" || tag == "textarea" || tag == "fieldset" || (!isGet && el != e.doc.Body()):
		inputs = eltAndDescendants(el, "[name]:not(button)")
	}
	for _, in := range inputs {
		name := in.Name()
		if name == "" {
			name, _ = in.GetAttribute("name")
		}
		if name == "" || included[in] {
			continue
		}
		if ok, _ := in.Matches(":disabled"); ok {
			continue
		}
		included[in] = true
		switch {
		case in.Type() == "checkbox" || in.Type() == "radio":
			if in.Checked() {
				p = append(p, Param{Name: name, Value: in.Value()})
			}
		case in.LocalName() == "input" && in.Type() == "file":
			for _, f := range in.Files() {
				f := f
				p = append(p, Param{Name: name, Value: f.Name, File: &f})
			}
		case in.LocalName() == "select" && in.Multiple():
			for _, o := range in.SelectedOptions() {
				p = append(p, Param{Name: name, Value: o.Value()})
			}
		default:
			if hasNameProperty(in) {
				p = append(p, Param{Name: name, Value: in.Value()})
			} else {
				p = append(p, Param{Name: name, Value: "undefined"})
			}
		}
	}
	return p
}

// ---- encodings ----

// encodeComponent is JavaScript's encodeURIComponent.
func encodeComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// encodeFormComponent is the application/x-www-form-urlencoded byte
// serializer (URLSearchParams): space as +, only *-._ and alphanumerics
// left alone.
func encodeFormComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('+')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("*-._", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// urlEncode encodes parameters in the version's way: htmx 2's urlEncode
// (encodeURIComponent), htmx 4's URLSearchParams.
func (e *Engine) urlEncode(p Params) string {
	var b strings.Builder
	for i, x := range p {
		if i > 0 {
			b.WriteByte('&')
		}
		if e.b.plusForSpace {
			b.WriteString(encodeFormComponent(x.Name) + "=" + encodeFormComponent(x.text()))
			continue
		}
		value := x.text()
		if value == "[object Object]" {
			// htmx 2's appendParam: a value whose String() is this
			// goes through JSON.stringify, so this very text is sent
			// quoted (an object in an hx-vals array gives it).
			value = jsonStringify(value)
		}
		b.WriteString(encodeComponent(x.Name) + "=" + encodeComponent(value))
	}
	return b.String()
}

// fileText is JavaScript's String() of a File. Both versions turn form
// data into text with String(): htmx 2's urlEncode through
// encodeURIComponent, htmx 4's URLSearchParams and searchParams.append.
// So a chosen file goes in a query or an urlencoded body as this text,
// not its name (params-controls-get, params-controls-post).
const fileText = "[object File]"

// text is the parameter's value as a string: fileText for a file.
func (x Param) text() string {
	if x.File != nil {
		return fileText
	}
	return x.Value
}

// asText is p with every file replaced by fileText, as htmx 4's
// new URLSearchParams(body) leaves it for an urlencoded request.
func (p Params) asText() Params {
	out := make(Params, len(p))
	for i, x := range p {
		out[i] = Param{Name: x.Name, Value: x.text()}
	}
	return out
}

// multipartBody encodes parameters as multipart/form-data and returns
// the body and its Content-Type.
func multipartBody(p Params) ([]byte, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.SetBoundary(fmt.Sprintf("----WebKitFormBoundary%016x", rand.Uint64()))
	for _, x := range p {
		if x.File != nil {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, escapeQuotes(crlf(x.Name)), escapeQuotes(x.File.Name)))
			ct := x.File.Type
			if ct == "" {
				ct = "application/octet-stream"
			}
			h.Set("Content-Type", ct)
			pw, _ := w.CreatePart(h)
			_, _ = pw.Write(x.File.Content)
			continue
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"`, escapeQuotes(crlf(x.Name))))
		pw, _ := w.CreatePart(h)
		_, _ = pw.Write([]byte(crlf(x.Value)))
	}
	_ = w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

// crlf converts every line break (CR, LF, CR LF) to CR LF, as the
// multipart/form-data encoding algorithm does for names and string
// values (HTML, "converting an entry list to a list of name-value
// pairs"): a textarea's typed line breaks go as CR LF
// (params-encoding-multipart-fields).
func crlf(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// escapeQuotes escapes a name in a multipart header as browsers do.
func escapeQuotes(s string) string {
	return strings.NewReplacer("\n", "%0A", "\r", "%0D", `"`, "%22").Replace(s)
}
