package scenario

import (
	"errors"
	"fmt"
	"github.com/eventperk/eventperk-go/internal/suggest"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/selector"
)

// decoder turns the JSON tree of a scenario into the model, collecting
// every problem instead of stopping at the first: a person fixing a file
// wants the whole list.
type decoder struct {
	file string
	src  []byte
	errs InputErrors

	pagePos int
	goPage  bool         // the page is given from Go: "page" and "html" are optional
	refs    []unitRefUse // references to units of "each" entries, checked against the page
}

// unitRefUse is a reference such as "item[2]", which only the page can
// confirm.
type unitRefUse struct {
	base  string
	index int
	pos   int
	path  string
}

func (d *decoder) fail(off int, path, msg, hint string) {
	d.errs = append(d.errs, &InputError{File: d.file, Path: path, Msg: msg, Hint: hint, offset: off})
}

func (d *decoder) failf(v *jsonValue, path, format string, args ...any) {
	d.fail(v.Start, path, fmt.Sprintf(format, args...), "")
}

func (d *decoder) wrongType(v *jsonValue, path, want string) {
	d.fail(v.Start, path, "want "+want+", got "+v.describe(), "")
}

// fields checks that v is an object whose keys are all known, reports
// unknown and duplicate keys, and returns the members by key.
func (d *decoder) fields(v *jsonValue, path string, known []string, hint func(key string) string) (map[string]*jsonValue, bool) {
	if v.Kind != jsonObject {
		d.wrongType(v, path, "an object")
		return nil, false
	}
	out := make(map[string]*jsonValue, len(v.Members))
	for _, m := range v.Members {
		if _, dup := out[m.Key]; dup {
			d.fail(m.KeyPos, path, "duplicate key "+quoteJSON(m.Key), "")
			continue
		}
		if !slices.Contains(known, m.Key) {
			h := ""
			if hint != nil {
				h = hint(m.Key)
			}
			if h == "" {
				h = didYouMean(m.Key, known)
			}
			d.fail(m.KeyPos, path, "unknown key "+quoteJSON(m.Key), h)
			continue
		}
		out[m.Key] = m.Value
	}
	return out, true
}

func (d *decoder) str(v *jsonValue, path string) (string, bool) {
	if v.Kind != jsonString {
		d.wrongType(v, path, "a string")
		return "", false
	}
	return v.Str, true
}

func (d *decoder) name(v *jsonValue, path, what string) (string, bool) {
	s, ok := d.str(v, path)
	if ok && strings.TrimSpace(s) == "" {
		d.failf(v, path, "empty %s", what)
		return "", false
	}
	return s, ok
}

func (d *decoder) boolean(v *jsonValue, path string) (bool, bool) {
	if v.Kind != jsonBool {
		d.wrongType(v, path, "a boolean")
		return false, false
	}
	return v.Bool, true
}

func (d *decoder) integer(v *jsonValue, path string) (int, bool) {
	if v.Kind == jsonNumber {
		if n, err := strconv.Atoi(v.Str); err == nil {
			return n, true
		}
	}
	d.wrongType(v, path, "an integer")
	return 0, false
}

func (d *decoder) duration(v *jsonValue, path string) (time.Duration, bool) {
	s, ok := d.str(v, path)
	if !ok {
		return 0, false
	}
	t, err := time.ParseDuration(s)
	if err != nil || t <= 0 {
		d.fail(v.Start, path, "want a positive duration such as \"250ms\" or \"2s\", got "+quoteShort(s), "")
		return 0, false
	}
	return t, true
}

// selector checks a CSS selector and reports a syntax error at the very
// character it names, when the JSON string has no escapes to throw the
// count off.
func (d *decoder) selector(v *jsonValue, path string) (string, bool) {
	s, ok := d.name(v, path, "selector")
	if !ok {
		return "", false
	}
	if err := checkSelector(s); err != nil {
		d.selectorError(v, path, err, 0)
		return "", false
	}
	return s, true
}

// selectorError reports an invalid selector at the character it names,
// when the JSON string has no escapes to throw the count off; at is where
// the selector starts in the string.
func (d *decoder) selectorError(v *jsonValue, path string, err error, at int) {
	off := v.Start
	var se *selector.Error
	if errors.As(err, &se) && v.End-v.Start == len(v.Str)+2 {
		off = v.Start + 1 + at + se.Offset
	}
	d.fail(off, path, err.Error(), "")
}

// checkSelector returns a readable error for an invalid selector.
func checkSelector(s string) error {
	if _, err := selector.Compile(s); err != nil {
		return selectorError{err}
	}
	return nil
}

// selectorError is a selector package error worded as EventPerk's settings
// errors word it, without the package name; errors.As still finds the
// *selector.Error and its offset.
type selectorError struct{ err error }

func (e selectorError) Error() string { return strings.TrimPrefix(e.err.Error(), "selector: ") }
func (e selectorError) Unwrap() error { return e.err }

// target decodes where an action works: a selector, or "@element",
// "@target", "@unit", "@sender", optionally followed by a selector searched
// inside that element, or a query object (decode_query.go).
func (d *decoder) target(v *jsonValue, path string, inMethod bool) (target, bool) {
	switch v.Kind {
	case jsonObject:
		return d.queryTarget(v, path)
	case jsonString:
	default:
		d.wrongType(v, path, "a selector or a query such as {\"role\": \"button\", \"name\": \"Save\"}")
		return target{}, false
	}
	s, ok := d.name(v, path, "target")
	if !ok {
		return target{}, false
	}
	t := target{text: s}
	if strings.HasPrefix(s, "@") {
		ref, rest, _ := strings.Cut(s[1:], " ")
		if !slices.Contains(targetRefs, ref) {
			hint := "the references are @element, @target, @unit and @sender"
			if s := suggest.Word(ref, targetRefs); s != "" {
				hint = "did you mean " + quoteJSON("@"+s) + "?"
			}
			d.fail(v.Start, path, "unknown reference "+quoteShort("@"+ref), hint)
			return target{}, false
		}
		if !inMethod {
			d.fail(v.Start, path, quoteJSON("@"+ref)+" works only inside methods, where there is a handler call", "use a selector")
			return target{}, false
		}
		t.ref, t.sel = ref, strings.TrimSpace(rest)
	} else {
		t.sel = s
	}
	if t.sel != "" {
		if err := checkSelector(t.sel); err != nil {
			d.selectorError(v, path, err, strings.LastIndex(s, t.sel))
			return target{}, false
		}
	}
	return t, true
}

var targetRefs = []string{"element", "target", "unit", "sender"}

// condition decodes a "when" or "unless": a selector, or a reference to
// the call followed by a selector it must match ("@element[disabled]") or,
// after a space, one searched inside it ("@unit .busy").
func (d *decoder) condition(v *jsonValue, path string) condition {
	s, ok := d.name(v, path, "selector")
	if !ok {
		return condition{}
	}
	c := condition{text: s}
	if !strings.HasPrefix(s, "@") {
		c.sel, _ = d.selector(v, path)
		return c
	}
	end := 1
	for end < len(s) && s[end] >= 'a' && s[end] <= 'z' {
		end++
	}
	ref, rest := s[1:end], s[end:]
	if !slices.Contains(targetRefs, ref) {
		hint := "the references are @element, @target, @unit and @sender"
		if sug := suggest.Word(ref, targetRefs); sug != "" {
			hint = "did you mean " + quoteJSON("@"+sug) + "?"
		}
		d.fail(v.Start, path, "unknown reference "+quoteShort("@"+ref), hint)
		return condition{}
	}
	c.ref = ref
	c.inside = strings.HasPrefix(rest, " ")
	c.sel = strings.TrimSpace(rest)
	if c.sel != "" {
		if err := checkSelector(c.sel); err != nil {
			d.selectorError(v, path, err, strings.LastIndex(s, c.sel))
			return condition{}
		}
	}
	return c
}

// Top-level, unit and settings keys.
var (
	scenarioKeys = []string{"$schema", "name", "description", "page", "html", "timeout", "spy", "units", "steps"}
	unitKeys     = []string{"name", "element", "each", "start", "settings", "methods", "html"}
	sectionNames = []string{perk.EventSection}
)

// decodeScenario decodes a whole scenario file, leaving errors in d.errs
// (not yet located). It does not read the page; it returns nil when the
// file is not a JSON object.
func (d *decoder) decodeScenario() *Scenario {
	root, serr := parseJSON(d.src)
	if serr != nil {
		d.fail(serr.Offset, "", serr.Msg, "")
		return nil
	}
	s := &Scenario{File: d.file, signals: map[string]bool{}}
	f, ok := d.fields(root, "", scenarioKeys, func(key string) string {
		switch key {
		case "event", "events", "settings", "methods":
			return "it belongs to a unit: \"units\": [{\"element\": ..., \"settings\": {\"event\": ...}, \"methods\": ...}]"
		}
		return ""
	})
	if !ok {
		return nil
	}
	if v := f["name"]; v != nil {
		s.Name, _ = d.str(v, "name")
	}
	if v := f["description"]; v != nil {
		s.Description, _ = d.str(v, "description")
	}
	if v := f["$schema"]; v != nil {
		d.str(v, "$schema")
	}
	switch page, inline := f["page"], f["html"]; {
	case page != nil && inline != nil:
		d.fail(inline.Start, "html", "both \"page\" and \"html\" are given", "keep one: \"page\" names a file, \"html\" holds the page itself")
	case page != nil:
		s.PageFile, _ = d.name(page, "page", "page path")
		d.pagePos = page.Start
	case inline != nil:
		s.Page, _ = d.str(inline, "html")
		s.pageText = true
	case d.goPage:
		// The page comes from Go (LoadPage).
	default:
		d.fail(root.Start, "", "missing key \"page\"", "name the HTML file with \"page\", or give the HTML inline with \"html\"")
	}
	if v := f["timeout"]; v != nil {
		s.Timeout, _ = d.duration(v, "timeout")
	}
	if v := f["spy"]; v != nil {
		s.Spy, _ = d.boolean(v, "spy")
	}
	if v := f["units"]; v != nil {
		if v.Kind != jsonArray {
			d.wrongType(v, "units", "an array of units")
		} else {
			for i, it := range v.Items {
				if u := d.unit(it, pathIndex("units", i)); u != nil {
					s.units = append(s.units, u)
				}
			}
		}
	}
	if v := f["steps"]; v != nil {
		if v.Kind != jsonArray {
			d.wrongType(v, "steps", "an array of steps")
		} else {
			for i, it := range v.Items {
				if o := d.op(it, pathIndex("steps", i), true); o != nil {
					s.steps = append(s.steps, o)
				}
			}
		}
	}
	d.crossCheck(s, f)
	if s.Name == "" {
		s.Name = d.file
	}
	return s
}

func (d *decoder) unit(v *jsonValue, path string) *unitSpec {
	f, ok := d.fields(v, path, unitKeys, func(key string) string {
		if slices.Contains(sectionNames, key) || key == "events" {
			return "settings sections go inside \"settings\": {\"event\": {\"events\": ...}}"
		}
		if key == "selector" || key == "root" {
			return "did you mean \"element\"?"
		}
		return ""
	})
	if !ok {
		return nil
	}
	u := &unitSpec{path: path, start: true}
	if e := f["element"]; e != nil {
		u.element, _ = d.selector(e, pathKey(path, "element"))
		u.elementPos = e.Start
	} else {
		d.fail(v.Start, path, "missing key \"element\"", "say which element the unit lives on, with a selector such as \"#app\"")
	}
	if n := f["name"]; n != nil {
		u.name, _ = d.name(n, pathKey(path, "name"), "unit name")
		if strings.ContainsAny(u.name, "[]") {
			d.failf(n, pathKey(path, "name"), "a unit name cannot contain [ or ]: they number the units of \"each\"")
		}
	} else {
		u.name = u.element
	}
	if e := f["each"]; e != nil {
		u.each, _ = d.boolean(e, pathKey(path, "each"))
	}
	if e := f["start"]; e != nil {
		u.start, _ = d.boolean(e, pathKey(path, "start"))
	}
	if h := f["html"]; h != nil {
		if s, ok := d.str(h, pathKey(path, "html")); ok {
			u.html = &s
		}
	}
	if sv := f["settings"]; sv != nil {
		d.settings(sv, pathKey(path, "settings"), u)
	}
	if mv := f["methods"]; mv != nil {
		d.methods(mv, pathKey(path, "methods"), u)
	}
	return u
}

// settings decodes a unit's settings. The "event" section goes to
// EventPerk's own strict decoder, whose paths and positions are turned into
// this file's.
func (d *decoder) settings(v *jsonValue, path string, u *unitSpec) {
	f, ok := d.fields(v, path, sectionNames, func(key string) string {
		if key == "events" {
			return "the handlers go inside the \"event\" section: \"settings\": {\"event\": {\"events\": ...}}"
		}
		return ""
	})
	if !ok {
		return
	}
	ev := f[perk.EventSection]
	if ev == nil {
		return
	}
	u.settings = d.eventSettings(ev, pathKey(path, perk.EventSection), 0)
	u.settingsRaw = d.src[ev.Start:ev.End]
	u.settingsVal = ev
}

// eventSettings decodes an "event" section that sits at v in the file.
// prefix bytes at the start of the text handed to perk are not in the file
// (used when the section is wrapped), and are taken off positions.
func (d *decoder) eventSettings(v *jsonValue, path string, prefix int) *perk.EventSettings {
	raw := d.src[v.Start:v.End]
	es, err := perk.DecodeEventSettingsAt(raw, path)
	if err == nil {
		return es
	}
	d.settingsErrors(err, v.Start-prefix, v.Start, "", "")
	return nil
}

// settingsErrors adds EventPerk's settings errors, moved to file offsets
// (base is the file offset of the decoded text's first byte; fallback is
// used for errors without a position) and with a path prefix rewritten.
func (d *decoder) settingsErrors(err error, base, fallback int, fromPath, toPath string) {
	var list perk.SettingsErrors
	if !errors.As(err, &list) {
		d.fail(fallback, toPath, err.Error(), "")
		return
	}
	for _, e := range list {
		off := fallback
		if e.Line > 0 {
			off = max(base+e.Offset, fallback)
		}
		p := e.Path
		if fromPath != "" && strings.HasPrefix(p, fromPath) {
			p = toPath + strings.TrimPrefix(p, fromPath)
		}
		d.fail(off, p, e.Msg, e.Hint)
	}
}

func (d *decoder) methods(v *jsonValue, path string, u *unitSpec) {
	if v.Kind != jsonObject {
		d.wrongType(v, path, "an object of method name to a list of actions")
		return
	}
	seen := map[string]bool{}
	for _, m := range v.Members {
		mp := pathKey(path, m.Key)
		if seen[m.Key] {
			d.fail(m.KeyPos, path, "duplicate key "+quoteJSON(m.Key), "")
			continue
		}
		seen[m.Key] = true
		if strings.TrimSpace(m.Key) == "" {
			d.fail(m.KeyPos, path, "empty method name", "")
			continue
		}
		ms := &methodSpec{path: mp, name: m.Key}
		switch m.Value.Kind {
		case jsonArray:
			for i, it := range m.Value.Items {
				if o := d.op(it, pathIndex(mp, i), false); o != nil {
					ms.actions = append(ms.actions, o)
				}
			}
		case jsonString, jsonObject:
			// One action alone is a list of one.
			if o := d.op(m.Value, mp, false); o != nil {
				ms.actions = append(ms.actions, o)
			}
		default:
			d.wrongType(m.Value, mp, "a list of actions")
		}
		u.methods = append(u.methods, ms)
	}
}
