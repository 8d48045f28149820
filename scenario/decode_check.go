package scenario

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/eventperk/eventperk-go/perk"
)

// The arguments of EventPerk's skills and spell, when a "call" names them:
// their JSON forms are checked when the scenario is loaded, with EventPerk's
// own settings decoder for handler and element entries.
type argShape uint8

const (
	shapeName     argShape = iota // a non-empty string
	shapeHandlers                 // handlerInfo: as handlers.<eventName> in settings
	shapeEntry                    // eventInfo: as events.<elementName> in settings, or null
	shapeElement                  // an element: a target, or null
	shapeAny                      // any JSON value
)

type callSig struct {
	min    int
	shapes []argShape
}

var eventOps = map[string]callSig{
	"event.add":         {2, []argShape{shapeName, shapeHandlers, shapeElement, shapeAny}},
	"event.remove":      {2, []argShape{shapeName, shapeHandlers, shapeElement}},
	"event.init":        {1, []argShape{shapeName, shapeEntry, shapeElement}},
	"event.reset":       {1, []argShape{shapeName, shapeEntry, shapeElement}},
	"event.trigger":     {1, []argShape{shapeName, shapeAny, shapeElement}},
	"event.triggerSync": {1, []argShape{shapeName, shapeAny, shapeElement}},
}

// The wrappers that put a handlerInfo or an eventInfo where EventPerk's
// settings decoder expects it; positions inside are moved back by the
// wrapper's length.
const (
	handlersPrefix = `{"events":{"x":{"handlers":{"e":`
	handlersSuffix = `}}}}`
	handlersPath   = "call.events.x.handlers.e"
	entryPrefix    = `{"events":{"x":`
	entrySuffix    = `}}`
	entryPath      = "call.events.x"
)

func decodeHandlerInfos(raw []byte) ([]perk.HandlerInfo, error) {
	es, err := perk.DecodeEventSettingsAt(wrapJSON(handlersPrefix, raw, handlersSuffix), "call")
	if err != nil {
		return nil, err
	}
	return es.Events[0].Handlers[0].Handlers, nil
}

func decodeElementEntry(raw []byte) (*perk.ElementEntry, error) {
	es, err := perk.DecodeEventSettingsAt(wrapJSON(entryPrefix, raw, entrySuffix), "call")
	if err != nil {
		return nil, err
	}
	return &es.Events[0], nil
}

func wrapJSON(prefix string, raw []byte, suffix string) []byte {
	out := make([]byte, 0, len(prefix)+len(raw)+len(suffix))
	return append(append(append(out, prefix...), raw...), suffix...)
}

// callArgs checks the arguments of a call to one of EventPerk's operations;
// args is the array, path its path. Other names (a perk of another kind)
// get their arguments as plain JSON.
func (d *decoder) callArgs(o *op, args *jsonValue, path string) {
	sig, ok := eventOps[o.arg]
	if !ok {
		return
	}
	if len(o.args) < sig.min || len(o.args) > len(sig.shapes) {
		// At the array the path names: the operation's name, where this
		// pointed before, is another key (FuzzParse found it).
		d.fail(args.Start, path, fmt.Sprintf("%s takes %d to %d arguments, got %d", o.arg, sig.min, len(sig.shapes), len(o.args)), "")
		return
	}
	for i, a := range o.args {
		ap := pathIndex(path, i)
		switch sig.shapes[i] {
		case shapeName:
			d.name(a, ap, "name")
		case shapeHandlers:
			if _, err := decodeHandlerInfos(d.src[a.Start:a.End]); err != nil {
				d.settingsErrors(err, a.Start-len(handlersPrefix), a.Start, handlersPath, ap)
			}
		case shapeEntry:
			if a.Kind == jsonNull {
				continue
			}
			if _, err := decodeElementEntry(d.src[a.Start:a.End]); err != nil {
				d.settingsErrors(err, a.Start-len(entryPrefix), a.Start, entryPath, ap)
			}
		case shapeElement:
			if a.Kind != jsonNull {
				d.target(a, ap, !o.inStep)
			}
		}
	}
}

// unitRef matches a reference to one of the units an "each" entry makes.
var unitRef = regexp.MustCompile(`^(.*)\[(\d+)\]$`)

// crossCheck checks what one part of a scenario says about another: unit
// names, the units steps and actions name, the signals they resolve.
func (d *decoder) crossCheck(s *Scenario, top map[string]*jsonValue) {
	byName := map[string]*unitSpec{}
	for _, u := range s.units {
		if u.name == "" {
			continue
		}
		if prev := byName[u.name]; prev != nil {
			d.fail(d.posOf(u.path, top), pathKey(u.path, "name"), "duplicate unit name "+quoteJSON(u.name)+" (also "+prev.path+")", "give each unit its own \"name\"")
			continue
		}
		byName[u.name] = u
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)

	for _, u := range s.units {
		for _, m := range u.methods {
			for _, a := range m.actions {
				if a.kind == "waitFor" && a.arg != "" {
					s.signals[a.arg] = true
				}
			}
		}
	}
	signals := make([]string, 0, len(s.signals))
	for n := range s.signals {
		signals = append(signals, n)
	}
	slices.Sort(signals)

	checkUnit := func(o *op, name string, pos int, path string) {
		if name == "" {
			return
		}
		base := name
		if m := unitRef.FindStringSubmatch(name); m != nil {
			base = m[1]
			if u := byName[base]; u != nil && !u.each {
				d.fail(pos, path, "unit "+quoteJSON(base)+" is one unit, not a list", "write "+quoteJSON(base)+", or add \"each\": true to it")
				return
			}
			if byName[base] != nil {
				i, _ := strconv.Atoi(m[2])
				d.refs = append(d.refs, unitRefUse{base: base, index: i, pos: pos, path: path})
			}
		} else if u := byName[name]; u != nil && u.each {
			d.fail(pos, path, "unit "+quoteJSON(name)+" has \"each\": say which one, such as "+quoteJSON(name+"[0]"), "")
			return
		}
		if byName[base] == nil {
			d.fail(pos, path, "no unit named "+quoteJSON(name), didYouMean(base, names))
		}
	}
	check := func(o *op, owner *unitSpec) {
		switch o.kind {
		case "trigger", "triggerSync", "call":
			checkUnit(o, o.unit, o.unitPos, pathKey(o.path, "unit"))
			if o.unit == "" && owner == nil && (len(s.units) != 1 || s.units[0].each) && (o.kind == "call" || !o.hasElement) {
				d.fail(o.argPos, o.path, "missing key \"unit\"", "the scenario has several units: say which one fires")
			}
		case "start", "stop":
			checkUnit(o, o.arg, o.argPos, pathKey(o.path, o.kind))
			if u := byName[o.arg]; o.kind == "start" && u != nil && u.start {
				d.fail(o.argPos, pathKey(o.path, o.kind), "unit "+quoteJSON(o.arg)+" starts by itself before the steps",
					"add \"start\": false to "+u.path+" to start it in a step")
			}
		case "resolve", "reject":
			if o.arg != "" && !s.signals[o.arg] {
				hint := didYouMean(o.arg, signals)
				if hint == "" {
					hint = "a method waits for a signal with {\"waitFor\": " + quoteJSON(o.arg) + "}"
				}
				d.fail(o.argPos, pathKey(o.path, o.kind), "no method waits for "+quoteJSON(o.arg), hint)
			}
		}
	}
	for _, u := range s.units {
		for _, m := range u.methods {
			for _, a := range m.actions {
				check(a, u)
			}
		}
	}
	for _, o := range s.steps {
		check(o, nil)
	}
	if !s.Spy {
		for _, u := range s.units {
			if u.settings == nil {
				continue
			}
			for _, name := range handlerNames(u.settings) {
				if u.method(name) == nil {
					at := d.file
					if v := findString(u.settingsVal, name); v != nil {
						line, col := lineCol(d.src, v.Start)
						at = fmt.Sprintf("%s:%d:%d", d.file, line, col)
					}
					s.warnings = append(s.warnings, fmt.Sprintf("%s: %s.settings.event: handler %s has no method in %s.methods; its calls will fail (define it, or run with --spy)",
						at, u.path, quoteJSON(name), u.path))
				}
			}
		}
	}
}

// posOf finds the offset of a unit entry for messages about it as a whole.
func (d *decoder) posOf(unitPath string, top map[string]*jsonValue) int {
	units := top["units"]
	if units == nil || units.Kind != jsonArray {
		return 0
	}
	var i int
	if _, err := fmt.Sscanf(unitPath, "units[%d]", &i); err != nil || i >= len(units.Items) {
		return units.Start
	}
	if n := units.Items[i].member("name"); n != nil {
		return n.Start
	}
	return units.Items[i].Start
}

// handlerNames lists the method names a unit's settings use, each once, in
// order.
func handlerNames(es *perk.EventSettings) []string {
	var out []string
	for _, e := range es.Events {
		for _, h := range e.Handlers {
			for _, hi := range h.Handlers {
				if m, ok := hi.Handler.(perk.MethodName); ok && !slices.Contains(out, string(m)) {
					out = append(out, string(m))
				}
			}
		}
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

// findString finds the first string value s in v, in file order: where a
// handler name is written in a unit's settings.
func findString(v *jsonValue, s string) *jsonValue {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case jsonString:
		if v.Str == s {
			return v
		}
	case jsonArray:
		for _, it := range v.Items {
			if f := findString(it, s); f != nil {
				return f
			}
		}
	case jsonObject:
		for _, m := range v.Members {
			if f := findString(m.Value, s); f != nil {
				return f
			}
		}
	}
	return nil
}

// lineCol is the 1-based line and column (in characters) of a byte offset.
func lineCol(src []byte, offset int) (line, col int) {
	e := &InputError{offset: offset}
	InputErrors{e}.locate(src)
	return e.Line, e.Column
}
