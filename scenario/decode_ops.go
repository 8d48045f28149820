package scenario

import (
	"fmt"
	"slices"
	"strings"
)

// argKind is the type of the value of an action's or step's own key.
type argKind uint8

const (
	argNone     argKind = iota // written as a bare string: "preventDefault"
	argName                    // a non-empty string
	argText                    // any string
	argSelector                // a CSS selector
	argTarget                  // a target (remove)
	argClass                   // one class name
	argDuration                // "250ms"
	argTrue                    // true (settle)
	argExpect                  // an object of checks
	argKeys                    // a key sequence in user-event's syntax (type, keyboard)
	argValues                  // option values or labels: a string or an array of them
	argFiles                   // files: an object of name, type, content, or an array of them
	argURL                     // a URL, relative to the current page's
)

// kindSpec describes one kind of action or step.
type kindSpec struct {
	arg      argKind
	keys     []string // modifiers it takes
	required []string
	inMethod bool
	inStep   bool
}

var (
	domKeys     = []string{"target", "closest"}
	kindsByName = map[string]kindSpec{
		"record":                   {arg: argNone, inMethod: true},
		"stopPropagation":          {arg: argNone, inMethod: true},
		"stopImmediatePropagation": {arg: argNone, inMethod: true},
		"preventDefault":           {arg: argNone, inMethod: true},

		"setAttribute":    {arg: argName, keys: append([]string{"value"}, domKeys...), required: []string{"value"}, inMethod: true, inStep: true},
		"removeAttribute": {arg: argName, keys: domKeys, inMethod: true, inStep: true},
		"setText":         {arg: argText, keys: domKeys, inMethod: true, inStep: true},
		"setCount":        {arg: argSelector, keys: domKeys, inMethod: true, inStep: true},
		"addClass":        {arg: argClass, keys: domKeys, inMethod: true, inStep: true},
		"removeClass":     {arg: argClass, keys: domKeys, inMethod: true, inStep: true},
		"toggleClass":     {arg: argClass, keys: domKeys, inMethod: true, inStep: true},
		"appendHTML":      {arg: argText, keys: domKeys, inMethod: true, inStep: true},
		"setHTML":         {arg: argText, keys: domKeys, inMethod: true, inStep: true},
		"remove":          {arg: argTarget, keys: []string{"closest"}, inMethod: true, inStep: true},

		"dispatch":    {arg: argName, keys: []string{"target", "closest", "bubbles", "cancelable", "detail"}, inMethod: true, inStep: true},
		"trigger":     {arg: argName, keys: []string{"unit", "element", "options"}, inMethod: true, inStep: true},
		"triggerSync": {arg: argName, keys: []string{"unit", "element", "options"}, inMethod: true, inStep: true},
		"call":        {arg: argName, keys: []string{"unit", "args"}, inMethod: true, inStep: true},

		"wait":    {arg: argDuration, inMethod: true},
		"waitFor": {arg: argName, inMethod: true},
		"resolve": {arg: argName, inMethod: true, inStep: true},
		"reject":  {arg: argName, keys: []string{"error"}, inMethod: true, inStep: true},
		"fail":    {arg: argText, inMethod: true},
		"panic":   {arg: argText, inMethod: true},

		"click":    {arg: argTarget, inStep: true},
		"dblclick": {arg: argTarget, inStep: true},
		"hover":    {arg: argTarget, inStep: true},
		"unhover":  {arg: argTarget, inStep: true},
		"type":     {arg: argKeys, keys: []string{"target", "skipClick", "selection"}, required: []string{"target"}, inStep: true},
		"clear":    {arg: argTarget, inStep: true},
		"select":   {arg: argValues, keys: []string{"target"}, required: []string{"target"}, inStep: true},
		"deselect": {arg: argValues, keys: []string{"target"}, required: []string{"target"}, inStep: true},
		"tab":      {arg: argNone, keys: []string{"shift"}, inStep: true},
		"keyboard": {arg: argKeys, inStep: true},
		"paste":    {arg: argText, inStep: true},
		"upload":   {arg: argFiles, keys: []string{"target"}, required: []string{"target"}, inStep: true},
		"submit":   {arg: argTarget, inStep: true},

		"open":    {arg: argURL, inStep: true},
		"back":    {arg: argNone, inStep: true},
		"forward": {arg: argNone, inStep: true},
		"reload":  {arg: argNone, inStep: true},

		"start":  {arg: argName, inStep: true},
		"stop":   {arg: argName, inStep: true},
		"settle": {arg: argTrue, inStep: true},
		"expect": {arg: argExpect, inStep: true},
	}
	// kindOrder lists the kinds in the order the documentation gives them.
	kindOrder = []string{
		"record", "stopPropagation", "stopImmediatePropagation", "preventDefault",
		"setAttribute", "removeAttribute", "setText", "setCount", "addClass", "removeClass", "toggleClass",
		"appendHTML", "setHTML", "remove",
		"dispatch", "trigger", "triggerSync", "call",
		"wait", "waitFor", "resolve", "reject", "fail", "panic",
		"click", "dblclick", "hover", "unhover", "type", "clear", "select", "deselect", "tab", "keyboard", "paste", "upload",
		"submit", "open", "back", "forward", "reload",
		"start", "stop", "settle", "expect",
	}
	methodCommonKeys = []string{"when", "unless"}
	stepCommonKeys   = []string{"note", "expectError"}
)

// kinds returns the kind names allowed in methods or in steps.
func kinds(inStep bool) []string {
	var out []string
	for _, k := range kindOrder {
		spec := kindsByName[k]
		if inStep && spec.inStep || !inStep && spec.inMethod {
			out = append(out, k)
		}
	}
	return out
}

// op decodes one action (inStep false) or step (inStep true). A bare
// string is a kind that takes no value; an object holds exactly one kind
// key, whose value is the kind's own argument, and the kind's modifiers.
func (d *decoder) op(v *jsonValue, path string, inStep bool) *op {
	allowed := kinds(inStep)
	where := "action"
	if inStep {
		where = "step"
	}
	if v.Kind == jsonString {
		spec, known := kindsByName[v.Str]
		switch {
		case known && (inStep && spec.inStep || !inStep && spec.inMethod) && spec.arg == argNone:
			return &op{path: path, kind: v.Str, inStep: inStep, argPos: v.Start}
		case known && inStep && v.Str == "settle":
			return &op{path: path, kind: v.Str, inStep: inStep}
		case known && (inStep && spec.inStep || !inStep && spec.inMethod):
			d.failf(v, path, "%s needs a value: write {%s: ...}", quoteJSON(v.Str), quoteJSON(v.Str))
		case known:
			d.fail(v.Start, path, quoteJSON(v.Str)+" is not "+article(where), d.placeHint(v.Str, inStep))
		default:
			d.fail(v.Start, path, "unknown "+where+" "+quoteShort(v.Str), didYouMean(v.Str, allowed))
		}
		return nil
	}
	if v.Kind != jsonObject {
		d.wrongType(v, path, article(where)+" (an object, or a name such as \"preventDefault\")")
		return nil
	}
	var kindMember *jsonMember
	for i := range v.Members {
		m := &v.Members[i]
		if _, ok := kindsByName[m.Key]; !ok {
			continue
		}
		if kindMember != nil && m.Key != kindMember.Key {
			d.fail(m.KeyPos, path, "two "+where+"s in one object: "+quoteJSON(kindMember.Key)+" and "+quoteJSON(m.Key),
				"write each "+where+" as its own list item")
			return nil
		}
		if kindMember == nil {
			kindMember = m
		}
	}
	if kindMember == nil {
		d.noKind(v, path, inStep)
		return nil
	}
	kind := kindMember.Key
	spec := kindsByName[kind]
	if inStep && !spec.inStep || !inStep && !spec.inMethod {
		d.fail(kindMember.KeyPos, path, quoteJSON(kind)+" is not "+article(where), d.placeHint(kind, inStep))
		return nil
	}
	o := &op{path: path, kind: kind, inStep: inStep}
	if kind == "dispatch" {
		// As a user's click: most events a person causes bubble and can
		// be canceled. Focus, blur and load are the exceptions.
		o.bubbles, o.cancel = true, true
	}
	keys := slices.Clone(spec.keys)
	if inStep {
		keys = append(keys, "note")
		if kind != "expect" {
			keys = append(keys, "expectError")
		}
	} else {
		keys = append(keys, methodCommonKeys...)
	}
	f, _ := d.fields(v, path, append(keys, kind), func(key string) string {
		if _, isKind := kindsByName[key]; isKind {
			return ""
		}
		if h := didYouMean(key, keys); h != "" {
			return h
		}
		return quoteJSON(kind) + " takes " + listKeys(keys)
	})
	d.opArg(o, f[kind], pathKey(path, kind), spec)
	for _, req := range spec.required {
		if f[req] == nil {
			d.fail(v.Start, path, "missing key "+quoteJSON(req), quoteJSON(kind)+" needs it")
		}
	}
	for key, mv := range f {
		if key == kind {
			continue
		}
		d.opModifier(o, key, mv, pathKey(path, key))
	}
	if sig, ok := eventOps[o.arg]; ok && kind == "call" && f["args"] == nil {
		// Every operation of EventPerk takes an argument; without "args"
		// the call passed check and failed only when it ran.
		d.fail(v.Start, path, fmt.Sprintf("%s takes %d to %d arguments, got none", o.arg, sig.min, len(sig.shapes)), `give them in "args"`)
	}
	if inStep && (o.isDOM() || kind == "dispatch") && f["target"] == nil && kind != "remove" {
		d.fail(v.Start, path, "missing key \"target\"", "a step has no handler element to default to: say which element with a selector")
	}
	return o
}

func article(noun string) string {
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

func listKeys(keys []string) string {
	if len(keys) == 0 {
		return "no other keys"
	}
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = quoteJSON(k)
	}
	return strings.Join(q, ", ")
}

// placeHint explains where a kind belongs when it is used in the wrong place.
func (d *decoder) placeHint(kind string, inStep bool) string {
	if inStep {
		return quoteJSON(kind) + " is an action: it goes in a method's list of actions"
	}
	return quoteJSON(kind) + " is a step: it goes in \"steps\""
}

// noKind reports an object without a kind key: its unknown keys, with a
// suggestion, or the missing kind.
func (d *decoder) noKind(v *jsonValue, path string, inStep bool) {
	allowed := kinds(inStep)
	where := "action"
	if inStep {
		where = "step"
	}
	reported := false
	for _, m := range v.Members {
		if h := didYouMean(m.Key, allowed); h != "" {
			d.fail(m.KeyPos, path, "unknown "+where+" "+quoteJSON(m.Key), h)
			reported = true
		}
	}
	if !reported {
		d.fail(v.Start, path, "no "+where+": want an object with one of "+listKeys(allowed), "")
	}
}

// isDOM reports kinds that change the page.
func (o *op) isDOM() bool {
	switch o.kind {
	case "setAttribute", "removeAttribute", "setText", "setCount", "addClass", "removeClass", "toggleClass",
		"appendHTML", "setHTML", "remove":
		return true
	}
	return false
}

func (d *decoder) opArg(o *op, v *jsonValue, path string, spec kindSpec) {
	o.argPos = v.Start
	switch spec.arg {
	case argNone:
		if v.Kind != jsonBool || !v.Bool {
			d.wrongType(v, path, "true (or write the bare name "+quoteJSON(o.kind)+")")
		}
	case argName:
		o.arg, _ = d.name(v, path, "name")
	case argText:
		o.arg, _ = d.str(v, path)
	case argSelector:
		o.arg, _ = d.selector(v, path)
	case argClass:
		if s, ok := d.name(v, path, "class name"); ok {
			if strings.ContainsAny(s, " \t\n\r\f") {
				d.failf(v, path, "want one class name, got %s", quoteShort(s))
			} else {
				o.arg = s
			}
		}
	case argTarget:
		o.target, o.hasTarget = d.target(v, path, !o.inStep)
	case argDuration:
		o.delay, _ = d.duration(v, path)
	case argTrue:
		if v.Kind != jsonBool || !v.Bool {
			d.wrongType(v, path, "true")
		}
	case argExpect:
		o.expect = d.expectation(v, path)
	case argKeys:
		if s, ok := d.str(v, path); ok && d.keys(v, path, s) {
			o.arg = s
		}
	case argValues:
		o.values = d.optionValues(v, path)
	case argFiles:
		o.files = d.files(v, path)
	case argURL:
		o.arg, _ = d.url(v, path)
	}
}

func (d *decoder) opModifier(o *op, key string, v *jsonValue, path string) {
	switch key {
	case "target":
		o.target, o.hasTarget = d.target(v, path, !o.inStep)
	case "element":
		o.element, o.hasElement = d.target(v, path, !o.inStep)
	case "closest":
		o.closest, _ = d.selector(v, path)
	case "when":
		o.when = d.condition(v, path)
	case "unless":
		o.unless = d.condition(v, path)
	case "value":
		o.value, _ = d.str(v, path)
	case "bubbles":
		o.bubbles, _ = d.boolean(v, path)
	case "cancelable":
		o.cancel, _ = d.boolean(v, path)
	case "detail":
		o.detail = v
	case "options":
		o.options = v
	case "unit":
		o.unit, _ = d.name(v, path, "unit name")
		o.unitPos = v.Start
	case "args":
		if v.Kind != jsonArray {
			d.wrongType(v, path, "an array of arguments")
			return
		}
		o.args = v.Items
		d.callArgs(o, v, path)
	case "error":
		o.errText, _ = d.str(v, path)
	case "skipClick":
		o.skipClick, _ = d.boolean(v, path)
	case "shift":
		o.shift, _ = d.boolean(v, path)
	case "selection":
		o.selection = d.selection(v, path)
	case "note":
		o.note, _ = d.str(v, path)
	case "expectError":
		if s, ok := d.str(v, path); ok {
			o.expectError = &s
		}
	}
}

// expectKeys are the checks of an "expect" step.
var expectKeys = []string{"calls", "callsInOrder", "target", "text", "value", "focused", "attributes", "classes", "present", "count", "html", "canceled",
	"url", "status", "title", "cookies"}

// expectation decodes the value of an "expect" step.
func (d *decoder) expectation(v *jsonValue, path string) *expectation {
	f, ok := d.fields(v, path, expectKeys, nil)
	if !ok {
		return nil
	}
	e := &expectation{}
	for _, key := range []string{"calls", "callsInOrder"} {
		c := f[key]
		if c == nil {
			continue
		}
		e.hasCalls, e.inOrder = true, key == "callsInOrder"
		cp := pathKey(path, key)
		switch {
		case c.Kind != jsonArray:
			d.wrongType(c, cp, "an array of calls")
		case e.inOrder && len(c.Items) == 0:
			d.fail(c.Start, cp, "no calls: an empty list is among any calls, so it checks nothing", "for \"no calls\", write \"calls\": []")
		default:
			for i, it := range c.Items {
				if p, ok := d.callPattern(it, pathIndex(cp, i)); ok {
					e.calls = append(e.calls, p)
				}
			}
		}
	}
	if f["calls"] != nil && f["callsInOrder"] != nil {
		d.fail(f["callsInOrder"].Start, pathKey(path, "callsInOrder"), "\"calls\" and \"callsInOrder\" in one check", "use \"calls\" for every call, one for one, or \"callsInOrder\" for some of them in order")
	}
	if t := f["target"]; t != nil {
		tp := pathKey(path, "target")
		if t.Kind == jsonObject {
			e.target, _ = d.queryTarget(t, tp)
		} else if sel, ok := d.selector(t, tp); ok {
			e.target = target{sel: sel, text: sel}
		}
	}
	needsTarget := false
	if t := f["text"]; t != nil {
		needsTarget = true
		if s, ok := d.str(t, pathKey(path, "text")); ok {
			e.text = &s
		}
	}
	if x := f["value"]; x != nil {
		needsTarget = true
		if s, ok := d.str(x, pathKey(path, "value")); ok {
			e.value = &s
		}
	}
	if x := f["focused"]; x != nil {
		needsTarget = true
		if b, ok := d.boolean(x, pathKey(path, "focused")); ok {
			e.focused = &b
		}
	}
	if a := f["attributes"]; a != nil {
		needsTarget = true
		e.attributes = d.valueChecks(a, pathKey(path, "attributes"), checkedNames{
			what: "attribute", example: `{"disabled": null}`, absent: "an absent attribute",
		})
	}
	if c := f["classes"]; c != nil {
		needsTarget = true
		cp := pathKey(path, "classes")
		switch {
		case c.Kind != jsonObject:
			d.wrongType(c, cp, "an object of class name to true (present) or false (absent)")
		case len(c.Members) == 0:
			d.fail(c.Start, cp, "no classes: an empty object checks nothing", "name at least one class, such as {\"active\": true}")
		default:
			for _, m := range c.Members {
				if b, ok := d.boolean(m.Value, pathKey(cp, m.Key)); ok {
					e.classes = append(e.classes, classCheck{name: m.Key, want: b})
				}
			}
		}
	}
	if p := f["present"]; p != nil {
		needsTarget = true
		if b, ok := d.boolean(p, pathKey(path, "present")); ok {
			e.present = &b
		}
	}
	if c := f["count"]; c != nil {
		needsTarget = true
		if n, ok := d.integer(c, pathKey(path, "count")); ok {
			if n < 0 {
				d.failf(c, pathKey(path, "count"), "want a count of 0 or more, got %d", n)
			} else {
				e.count = &n
			}
		}
	}
	if h := f["html"]; h != nil {
		needsTarget = true
		if s, ok := d.str(h, pathKey(path, "html")); ok {
			e.html = &s
		}
	}
	if c := f["canceled"]; c != nil {
		if b, ok := d.boolean(c, pathKey(path, "canceled")); ok {
			e.canceled = &b
		}
	}
	d.pageChecks(e, f, path)
	switch {
	case needsTarget && f["target"] == nil:
		d.fail(v.Start, path, "missing key \"target\"", "say which element the check is about, with a selector")
	case f["target"] != nil && !needsTarget:
		d.fail(v.Start, path, "\"target\" without a check", "add \"text\", \"value\", \"focused\", \"attributes\", \"classes\", \"present\", \"count\" or \"html\"")
	case len(f) == 0:
		d.fail(v.Start, path, "nothing to check", "give \"calls\", \"callsInOrder\", \"canceled\", \"url\", \"status\", \"title\", \"cookies\", or a \"target\" with checks")
	}
	return e
}

var callPatternKeys = []string{"event", "element", "handler", "unit", "phase", "mode", "order", "detail", "options", "sender", "target", "error"}

// callPattern decodes one expected call: "event element handler", or an
// object whose fields must all match.
func (d *decoder) callPattern(v *jsonValue, path string) (callPattern, bool) {
	if v.Kind == jsonString {
		fields := strings.Fields(v.Str)
		if len(fields) < 3 {
			d.failf(v, path, "want \"event element handler\", such as \"click #save onSave\", got %s", quoteShort(v.Str))
			return callPattern{}, false
		}
		return callPattern{
			text:    strings.Join(fields, " "),
			event:   fields[0],
			element: strings.Join(fields[1:len(fields)-1], " "),
			handler: fields[len(fields)-1],
		}, true
	}
	f, ok := d.fields(v, path, callPatternKeys, nil)
	if !ok {
		return callPattern{}, false
	}
	p := callPattern{text: string(d.src[v.Start:v.End])}
	for key, fv := range f {
		fp := pathKey(path, key)
		switch key {
		case "event":
			p.event, _ = d.name(fv, fp, "event name")
		case "element":
			p.element, _ = d.name(fv, fp, "element")
		case "handler":
			p.handler, _ = d.name(fv, fp, "handler name")
		case "unit":
			p.unit, _ = d.name(fv, fp, "unit name")
		case "sender":
			p.sender, _ = d.name(fv, fp, "sender")
		case "target":
			p.target, _ = d.name(fv, fp, "target")
		case "phase":
			if s, ok := d.str(fv, fp); ok {
				if !slices.Contains(phaseNames, s) {
					d.fail(fv.Start, fp, "unknown phase "+quoteShort(s), "want one of "+listKeys(phaseNames))
				}
				p.phase = s
			}
		case "mode":
			if s, ok := d.str(fv, fp); ok {
				if !slices.Contains(modeNames, s) {
					d.fail(fv.Start, fp, "unknown mode "+quoteShort(s), "want one of "+listKeys(modeNames))
				}
				p.mode = s
			}
		case "order":
			if n, ok := d.integer(fv, fp); ok {
				p.order = &n
			}
		case "detail":
			p.detail = fv
		case "options":
			p.options = fv
		case "error":
			if s, ok := d.str(fv, fp); ok {
				p.err = &s
			}
		}
	}
	if len(f) == 0 {
		d.fail(v.Start, path, "empty call pattern", "give at least \"handler\"")
	}
	return p, true
}

var (
	phaseNames = []string{"capture", "target", "bubble"}
	modeNames  = []string{"trigger", "triggerSync", "dispatch"}
)

// checkedNames says what an object of name to value checks ("attributes",
// "cookies") is about, for valueChecks and its messages.
type checkedNames struct {
	what     string // "attribute"
	example  string // a one-member object, for the hint of an empty one
	absent   string // "an absent attribute"
	anyValue bool   // true stands for any value
}

// valueChecks decodes an object of name to value: a string is the value
// the name must have, null its absence and, when k.anyValue, true any
// value.
func (d *decoder) valueChecks(v *jsonValue, path string, k checkedNames) []valueCheck {
	want := "a string, or null for " + k.absent
	if k.anyValue {
		want = "a string, true (any value) or null (absent)"
	}
	switch {
	case v.Kind != jsonObject:
		obj := "an object of " + k.what + " name to value (null: absent)"
		if k.anyValue {
			obj = "an object of " + k.what + " name to value (true: any value, null: absent)"
		}
		d.wrongType(v, path, obj)
		return nil
	case len(v.Members) == 0:
		d.fail(v.Start, path, "no "+k.what+"s: an empty object checks nothing", "name at least one "+k.what+", such as "+k.example)
		return nil
	}
	var out []valueCheck
	for _, m := range v.Members {
		switch {
		case m.Value.Kind == jsonNull:
			out = append(out, valueCheck{name: m.Key})
		case m.Value.Kind == jsonString:
			s := m.Value.Str
			out = append(out, valueCheck{name: m.Key, value: &s})
		case m.Value.Kind == jsonBool && k.anyValue && m.Value.Bool:
			out = append(out, valueCheck{name: m.Key, present: true})
		case m.Value.Kind == jsonBool && k.anyValue:
			d.fail(m.Value.Start, pathKey(path, m.Key), "want "+want+", got false", "write null for "+k.absent)
		default:
			d.wrongType(m.Value, pathKey(path, m.Key), want)
		}
	}
	return out
}
