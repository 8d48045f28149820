package perk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file reads and writes the "event" settings section as JSON
// (specification §2). The decoder walks the token stream instead of
// unmarshalling into maps because the order of element entries and event
// names is part of the settings (it decides the installation order of
// handlers of equal order), because JSON allows duplicate keys that a map
// would silently merge, and because every error has to name its path and
// position.

// Keys each object of the section may hold, in the order they are suggested
// and written.
var (
	sectionKeys         = []string{"events"}
	entryKeys           = []string{"rootNode", "handlers"}
	handlerKeys         = []string{"handler", "listenerOptions", "options", "order"}
	listenerOptionsKeys = []string{"capture", "once", "passive"}
)

// maxOptionsDepth bounds how deeply handler options may nest. The decoder
// recurses on nesting, so the bound keeps hostile input from growing the
// stack; real options are a few levels deep.
const maxOptionsDepth = 100

// DecodeEventSettings decodes the JSON value of a unit's "event" settings
// section, in the full format, the shortened format or a mix of both
// (specification §2):
//
//	{"events": {
//	    "<elementName>": {
//	        "rootNode": "<selector>",            (optional)
//	        "handlers": {"<eventName>": <handlers>}
//	    }
//	}}
//
// where <handlers> is a method name ("onSave"), a handler object
// ({"handler": "onSave", "listenerOptions": {"capture": true, "once": true,
// "passive": false}, "options": {...}, "order": 10}, only "handler"
// required), or a non-empty array of method names and handler objects.
// Element entries and event names keep the order in which they are written.
//
// Handler options decode to map[string]any with the standard JSON types,
// except numbers: an integer literal (no fraction, no exponent) becomes an
// int, exactly, as the same literal in Go settings does (so settings from
// JSON and from Go compare equal), and any other number a float64, so an id
// or a count reaches the handler unrounded. An integer literal outside the
// int range is an error rather than a silently rounded float. "order" takes any
// integral number (10, 10.0, 1e1).
//
// Decoding is strict, because a misspelt key in a settings file otherwise
// fails silently at run time: unknown keys (with a suggestion for likely
// typos), wrong types, null, duplicate keys, empty names, a missing or empty
// "handlers" or "handler", and a "rootNode" that is empty or not a valid
// selector are all errors. A missing "events" is not: the section then
// declares no handlers.
//
// On failure the settings are nil and the error is a SettingsErrors holding
// every problem found, each with its path, line and column; errors.Is(err,
// ErrInvalidSettings) holds. Input that is not JSON gives exactly one error,
// because after a syntax error nothing that follows can be trusted.
func DecodeEventSettings(data []byte) (*EventSettings, error) {
	return DecodeEventSettingsAt(data, "event")
}

// DecodeEventSettingsAt is DecodeEventSettings for a section that sits
// elsewhere in a larger document: path, such as "units[2].settings.event",
// starts every error path instead of "event" (an empty path means "event").
// Line, Column and Offset of the errors stay relative to data.
func DecodeEventSettingsAt(data []byte, path string) (*EventSettings, error) {
	if path == "" {
		path = "event"
	}
	d := &settingsDecoder{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	d.dec.UseNumber()
	s := d.run(path)
	if len(d.errs) > 0 {
		d.errs.locate(data)
		return nil, d.errs
	}
	return s, nil
}

// DecodeEventSettingsFrom reads r to the end and decodes it with
// DecodeEventSettingsAt. A read error is returned wrapped, and is not a
// settings error.
func DecodeEventSettingsFrom(r io.Reader, path string) (*EventSettings, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("perk: reading event settings: %w", err)
	}
	return DecodeEventSettingsAt(data, path)
}

// UnmarshalJSON decodes the section with DecodeEventSettings, so the
// settings can sit in a struct decoded by encoding/json. Error paths start
// at "event" and positions count from the start of the section, because
// encoding/json passes only the section's own bytes. As encoding/json
// expects of every Unmarshaler, null leaves s unchanged.
func (s *EventSettings) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	d, err := DecodeEventSettings(data)
	if err != nil {
		return err
	}
	*s = *d
	return nil
}

// settingsDecoder holds the state of one decode.
type settingsDecoder struct {
	data []byte
	dec  *json.Decoder
	errs SettingsErrors
}

// settingsStop is panicked (and recovered in run) when the token stream
// breaks, to leave the recursive descent from any depth at once: nothing
// after a syntax error can be checked.
type settingsStop struct {
	path string // where the decoder was
	off  int    // where the failing token started
	err  error  // the tokenizer's error; nil for data after the section
}

func (d *settingsDecoder) run(root string) (s *EventSettings) {
	defer func() {
		if r := recover(); r != nil {
			st, ok := r.(settingsStop)
			if !ok {
				panic(r)
			}
			s = nil
			d.errs = SettingsErrors{d.syntaxError(st)}
		}
	}()
	s = d.section(root)
	off := d.offset()
	switch _, err := d.dec.Token(); {
	case err == io.EOF:
	case err != nil:
		panic(settingsStop{root, off, err})
	default:
		panic(settingsStop{root, off, nil})
	}
	// The token stream does not bound nesting; encoding/json rejects
	// documents nested deeper than 10000 levels, and so do we, so that a
	// section accepted here is accepted by every encoding/json reader.
	if !json.Valid(d.data) {
		panic(settingsStop{root, off, nil})
	}
	return s
}

// syntaxError describes the first syntax error of the input. Position and
// message come from a full scan by encoding/json rather than from the token
// stream, because the token stream reports offsets relative to the value it
// was reading, not to the input.
func (d *settingsDecoder) syntaxError(st settingsStop) *SettingsError {
	off, msg := st.off, "unexpected data after the section"
	if st.err != nil {
		msg = st.err.Error()
	}
	if errors.Is(st.err, io.EOF) || errors.Is(st.err, io.ErrUnexpectedEOF) {
		off, msg = len(d.data), "unexpected end of JSON input"
	}
	var se *json.SyntaxError
	if err := json.Unmarshal(d.data, new(json.RawMessage)); errors.As(err, &se) {
		off, msg = int(se.Offset), se.Error()
		// The offset counts the bytes read, including the bad character;
		// point at that character.
		if strings.HasPrefix(msg, "invalid character") && off > 0 {
			off--
		}
	}
	off = min(max(off, 0), len(d.data))
	e := &SettingsError{Path: st.path, Offset: off}
	SettingsErrors{e}.locate(d.data)
	e.Msg = fmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, msg)
	return e
}

// offset returns where the next token starts: the decoder's offset is the end
// of the previous token, before any separator.
func (d *settingsDecoder) offset() int {
	off := int(d.dec.InputOffset())
	for off < len(d.data) {
		switch d.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// next returns the next token and the offset where it starts; path names
// the place for a syntax error.
func (d *settingsDecoder) next(path string) (json.Token, int) {
	off := d.offset()
	tok, err := d.dec.Token()
	if err != nil {
		panic(settingsStop{path, off, err})
	}
	return tok, off
}

func (d *settingsDecoder) errorf(path string, off int, format string, args ...any) *SettingsError {
	e := &SettingsError{Path: path, Msg: fmt.Sprintf(format, args...), Offset: off}
	d.errs = append(d.errs, e)
	return e
}

// wrongType reports a value of the wrong type and skips it.
func (d *settingsDecoder) wrongType(path string, off int, want string, tok json.Token) {
	d.errorf(path, off, "want %s, got %s", want, describeToken(tok))
	d.skip(path, tok)
}

// skip reads the rest of a value whose first token is tok. It does not
// recurse, so a deeply nested value that is skipped costs no stack.
func (d *settingsDecoder) skip(path string, tok json.Token) {
	depth := 0
	for {
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return
		}
		tok, _ = d.next(path)
	}
}

// object reads the members of an object whose '{' was just read, calling
// member with each key and the key's offset; member must read the value.
// Duplicate keys are reported (JSON allows them, but one of the two would
// be lost), and the duplicate's value is still read and checked.
func (d *settingsDecoder) object(path string, member func(key string, off int)) {
	var seen map[string]bool
	for d.dec.More() {
		tok, off := d.next(path)
		key, ok := tok.(string)
		if !ok { // the tokenizer only returns strings in key position
			panic(settingsStop{path, off, fmt.Errorf("want an object key, got %v", tok)})
		}
		if seen[key] {
			d.errorf(path, off, "duplicate key %s", quoteShort(key))
		}
		if seen == nil {
			seen = make(map[string]bool)
		}
		seen[key] = true
		member(key, off)
	}
	d.next(path) // '}'
}

// unknownKey reports key, which the object at path does not take, and skips
// its value.
func (d *settingsDecoder) unknownKey(path string, off int, key string, known []string) *SettingsError {
	e := d.errorf(path, off, "unknown key %s", quoteShort(key))
	e.Hint = didYouMean(key, known)
	p := pathKey(path, key)
	tok, _ := d.next(p)
	d.skip(p, tok)
	return e
}

// section decodes the section object.
func (d *settingsDecoder) section(path string) *EventSettings {
	s := &EventSettings{}
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return s
	}
	d.object(path, func(key string, off int) {
		if key == "events" {
			s.Events = d.events(pathKey(path, key))
			return
		}
		d.unknownKey(path, off, key, sectionKeys)
	})
	return s
}

// events decodes event.events: element entries in the order written.
func (d *settingsDecoder) events(path string) []ElementEntry {
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return nil
	}
	var entries []ElementEntry
	d.object(path, func(name string, off int) {
		p := pathKey(path, name)
		if name == "" {
			d.errorf(p, off, "empty element name")
		}
		entries = append(entries, d.entry(p, name))
	})
	return entries
}

// entry decodes one element entry.
func (d *settingsDecoder) entry(path, name string) ElementEntry {
	e := ElementEntry{Name: name}
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return e
	}
	sawHandlers := false
	d.object(path, func(key string, koff int) {
		p := pathKey(path, key)
		switch key {
		case "rootNode":
			tok, off := d.next(p)
			sel, ok := tok.(string)
			switch {
			case !ok:
				d.wrongType(p, off, "a string", tok)
			case sel == "":
				d.errorf(p, off, "empty selector")
			default:
				if msg := checkRootNode(sel); msg != "" {
					d.errorf(p, off, "%s", msg)
				}
				e.RootNode = sel
			}
		case "handlers":
			sawHandlers = true
			e.Handlers = d.eventHandlers(p)
		default:
			u := d.unknownKey(path, koff, key, entryKeys)
			if u.Hint == "" {
				// Most often an event name written one level too high.
				u.Hint = `event handlers go inside "handlers"`
			}
		}
	})
	if !sawHandlers {
		d.errorf(path, off, `missing key "handlers"`)
	}
	return e
}

// eventHandlers decodes event.events.<elementName>.handlers: event names in
// the order written.
func (d *settingsDecoder) eventHandlers(path string) []EventHandlers {
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return nil
	}
	var events []EventHandlers
	d.object(path, func(event string, off int) {
		p := pathKey(path, event)
		if event == "" {
			d.errorf(p, off, "empty event name")
		}
		events = append(events, EventHandlers{Event: event, Handlers: d.handlers(p)})
	})
	if len(events) == 0 {
		// An entry without events is most likely unfinished; it would
		// install nothing and nobody would notice.
		d.errorf(path, off, "no events")
	}
	return events
}

// handlers decodes the value of handlers.<eventName>: a method name, a
// handler object, or an array of both.
func (d *settingsDecoder) handlers(path string) []HandlerInfo {
	tok, off := d.next(path)
	switch tok {
	case json.Delim('{'):
		return []HandlerInfo{d.handlerObject(path, off)}
	case json.Delim('['):
		var hs []HandlerInfo
		errs := len(d.errs)
		for i := 0; d.dec.More(); i++ {
			p := pathIndex(path, i)
			tok, off := d.next(p)
			if name, ok := tok.(string); ok {
				hs = append(hs, d.handlerName(p, off, name))
			} else if tok == json.Delim('{') {
				hs = append(hs, d.handlerObject(p, off))
			} else {
				d.wrongType(p, off, "a handler name or a handler object", tok)
			}
		}
		d.next(path) // ']'
		// An array whose every element was rejected is not also empty.
		if len(hs) == 0 && len(d.errs) == errs {
			d.errorf(path, off, "no handlers")
		}
		return hs
	}
	if name, ok := tok.(string); ok {
		return []HandlerInfo{d.handlerName(path, off, name)}
	}
	d.wrongType(path, off, "a handler name, a handler object or an array of them", tok)
	return nil
}

// handlerName is a handler in the shortened format: a method name.
func (d *settingsDecoder) handlerName(path string, off int, name string) HandlerInfo {
	if name == "" {
		d.errorf(path, off, "empty handler name")
	}
	return HandlerInfo{Handler: MethodName(name)}
}

// handlerObject decodes a handler in the full format; its '{' was read at
// off.
func (d *settingsDecoder) handlerObject(path string, off int) HandlerInfo {
	var h HandlerInfo
	sawHandler := false
	d.object(path, func(key string, koff int) {
		p := pathKey(path, key)
		switch key {
		case "handler":
			sawHandler = true
			tok, off := d.next(p)
			if name, ok := tok.(string); ok {
				h.Handler = d.handlerName(p, off, name).Handler
			} else {
				d.wrongType(p, off, "a string", tok)
			}
		case "listenerOptions":
			h.ListenerOptions = d.listenerOptions(p)
		case "options":
			h.Options = d.options(p)
		case "order":
			h.Order = d.order(p)
		default:
			d.unknownKey(path, koff, key, handlerKeys)
		}
	})
	if !sawHandler {
		d.errorf(path, off, `missing key "handler"`)
	}
	return h
}

func (d *settingsDecoder) listenerOptions(path string) *ListenerOptions {
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return nil
	}
	lo := &ListenerOptions{}
	d.object(path, func(key string, koff int) {
		p := pathKey(path, key)
		var b *bool
		switch key {
		case "capture":
			b = &lo.Capture
		case "once":
			b = &lo.Once
		case "passive":
			lo.Passive = new(bool)
			b = lo.Passive
		default:
			d.unknownKey(path, koff, key, listenerOptionsKeys)
			return
		}
		tok, off := d.next(p)
		if v, ok := tok.(bool); ok {
			*b = v
		} else {
			d.wrongType(p, off, "a boolean", tok)
		}
	})
	return lo
}

// order decodes "order". Any integral number is taken, because JSON does not
// tell 10 from 10.0 and tools that write JSON do not either.
func (d *settingsDecoder) order(path string) int {
	tok, off := d.next(path)
	n, ok := tok.(json.Number)
	if !ok {
		d.wrongType(path, off, "an integer", tok)
		return 0
	}
	lit := string(n)
	if isIntegerLiteral(lit) {
		if i, err := strconv.ParseInt(lit, 10, strconv.IntSize); err == nil {
			return int(i)
		}
	} else if f, err := strconv.ParseFloat(lit, 64); err == nil && f == math.Trunc(f) {
		// -float64(math.MinInt) is 2^63 (2^31), the first value above MaxInt.
		if f >= math.MinInt && f < -float64(math.MinInt) {
			return int(f)
		}
	} else if err == nil {
		d.errorf(path, off, "want an integer, got %s", cutLiteral(lit))
		return 0
	}
	d.errorf(path, off, "want an integer, got %s (out of range)", cutLiteral(lit))
	return 0
}

// options decodes a handler's "options" object.
func (d *settingsDecoder) options(path string) map[string]any {
	tok, off := d.next(path)
	if tok != json.Delim('{') {
		d.wrongType(path, off, "an object", tok)
		return nil
	}
	m, _ := d.value(path, tok, off, 1).(map[string]any)
	return m
}

// value decodes any JSON value inside options; tok, read at off, is its
// first token and depth the nesting depth of the value.
func (d *settingsDecoder) value(path string, tok json.Token, off, depth int) any {
	switch tok {
	case json.Delim('{'), json.Delim('['):
		if depth > maxOptionsDepth {
			d.errorf(path, off, "nested deeper than %d levels", maxOptionsDepth)
			d.skip(path, tok)
			return nil
		}
	}
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '{' {
			m := map[string]any{}
			d.object(path, func(key string, _ int) {
				p := pathKey(path, key)
				t, off := d.next(p)
				m[key] = d.value(p, t, off, depth+1)
			})
			return m
		}
		a := []any{}
		for i := 0; d.dec.More(); i++ {
			p := pathIndex(path, i)
			t, off := d.next(p)
			a = append(a, d.value(p, t, off, depth+1))
		}
		d.next(path) // ']'
		return a
	case json.Number:
		lit := string(tok)
		if isIntegerLiteral(lit) {
			i, err := strconv.ParseInt(lit, 10, strconv.IntSize)
			if err != nil {
				d.errorf(path, off, "integer %s out of int range", cutLiteral(lit))
				return nil
			}
			return int(i)
		}
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			d.errorf(path, off, "number %s out of float64 range", cutLiteral(lit))
			return nil
		}
		return f
	}
	return tok // string, bool or nil
}

// isIntegerLiteral reports whether a JSON number literal has neither a
// fraction nor an exponent.
func isIntegerLiteral(lit string) bool { return !strings.ContainsAny(lit, ".eE") }

// cutLiteral shortens a number literal for a message.
func cutLiteral(lit string) string {
	if len(lit) > 40 {
		return lit[:40] + "..."
	}
	return lit
}

// describeToken names the type and value of the first token of a value, for
// "want X, got Y" messages: a string is shown quoted with its type, so that
// "5" (a string) and 5 (a number) read differently.
func describeToken(tok json.Token) string {
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "string " + quoteShort(tok)
	case json.Number:
		return cutLiteral(string(tok))
	case bool:
		return strconv.FormatBool(tok)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}

// MarshalJSON writes the settings in the full format of the specification,
// element entries and event names in their order: a handler is an object
// (only the fields that are set are written), and an event with several
// handlers an array of them. Its output decodes back to equal settings.
//
// The settings must pass Validate, and every handler must be a MethodName: a
// *Func is Go code and has no JSON form. Handler options are written with
// sorted keys, float64 values always with a fraction or exponent (1.0, not
// 1) so they decode back to float64 and not to int. On failure the error
// is a SettingsErrors naming every path that cannot be written.
func (s *EventSettings) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte(`{"events":{}}`), nil
	}
	// Problems of the settings come first, then the options values that
	// cannot be written; each group in the order of the settings.
	e := settingsEncoder{errs: s.validate("event", true)}
	e.section(s, "event")
	if len(e.errs) > 0 {
		return nil, e.errs
	}
	return []byte(e.b.String()), nil
}

// settingsEncoder writes the full format, collecting what cannot be written.
type settingsEncoder struct {
	b    strings.Builder
	errs SettingsErrors
}

func (e *settingsEncoder) errorf(path, format string, args ...any) {
	e.errs = append(e.errs, &SettingsError{Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (e *settingsEncoder) section(s *EventSettings, path string) {
	path = pathKey(path, "events")
	e.b.WriteString(`{"events":{`)
	for i, entry := range s.Events {
		if i > 0 {
			e.b.WriteByte(',')
		}
		p := pathKey(path, entry.Name)
		appendQuoted(&e.b, entry.Name)
		e.b.WriteString(`:{`)
		if entry.RootNode != "" {
			e.b.WriteString(`"rootNode":`)
			appendQuoted(&e.b, entry.RootNode)
			e.b.WriteByte(',')
		}
		e.b.WriteString(`"handlers":{`)
		for j, eh := range entry.Handlers {
			if j > 0 {
				e.b.WriteByte(',')
			}
			appendQuoted(&e.b, eh.Event)
			e.b.WriteByte(':')
			e.handlers(eh.Handlers, pathKey(pathKey(p, "handlers"), eh.Event))
		}
		e.b.WriteString(`}}`)
	}
	e.b.WriteString(`}}`)
}

// handlers writes one handler as an object and several as an array, the way
// a person writes them, which also gives the paths Validate uses.
func (e *settingsEncoder) handlers(hs []HandlerInfo, path string) {
	if len(hs) != 1 {
		e.b.WriteByte('[')
	}
	for i, h := range hs {
		if i > 0 {
			e.b.WriteByte(',')
		}
		e.handler(h, handlerPath(path, i, len(hs)))
	}
	if len(hs) != 1 {
		e.b.WriteByte(']')
	}
}

func (e *settingsEncoder) handler(h HandlerInfo, path string) {
	e.b.WriteString(`{"handler":`)
	switch fn := h.Handler.(type) {
	case MethodName:
		appendQuoted(&e.b, string(fn))
	default: // reported by validate
		e.b.WriteString(`""`)
	}
	if lo := h.ListenerOptions; lo != nil {
		e.b.WriteString(`,"listenerOptions":{`)
		sep := ""
		if lo.Capture {
			e.b.WriteString(`"capture":true`)
			sep = ","
		}
		if lo.Once {
			e.b.WriteString(sep + `"once":true`)
			sep = ","
		}
		if lo.Passive != nil {
			e.b.WriteString(sep + `"passive":` + strconv.FormatBool(*lo.Passive))
		}
		e.b.WriteByte('}')
	}
	if h.Options != nil {
		e.b.WriteString(`,"options":`)
		e.value(h.Options, pathKey(path, "options"), 1)
	}
	if h.Order != 0 {
		e.b.WriteString(`,"order":`)
		e.b.WriteString(strconv.Itoa(h.Order))
	}
	e.b.WriteByte('}')
}

// value writes an options value so that the decoder reads it back as the
// same value: integers as integer literals, floats with a fraction or
// exponent. Types the decoder never produces are written by encoding/json.
func (e *settingsEncoder) value(v any, path string, depth int) {
	switch v := v.(type) {
	case nil:
		e.b.WriteString("null")
	case bool:
		e.b.WriteString(strconv.FormatBool(v))
	case string:
		appendQuoted(&e.b, v)
	case int:
		e.b.WriteString(strconv.FormatInt(int64(v), 10))
	case int8:
		e.b.WriteString(strconv.FormatInt(int64(v), 10))
	case int16:
		e.b.WriteString(strconv.FormatInt(int64(v), 10))
	case int32:
		e.b.WriteString(strconv.FormatInt(int64(v), 10))
	case int64:
		e.b.WriteString(strconv.FormatInt(v, 10))
	case uint, uint8, uint16, uint32, uint64, uintptr:
		u := widenUint(v)
		if u > math.MaxInt {
			// The decoder would reject it: options integers are ints.
			e.errorf(path, "integer %d out of int range", u)
			e.b.WriteString("0")
			return
		}
		e.b.WriteString(strconv.FormatUint(u, 10))
	case float64:
		e.float(v, 64, path)
	case float32:
		e.float(float64(v), 32, path)
	case map[string]any:
		if depth > maxOptionsDepth {
			e.errorf(path, "nested deeper than %d levels", maxOptionsDepth)
			e.b.WriteString("null")
			return
		}
		e.b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				e.b.WriteByte(',')
			}
			appendQuoted(&e.b, k)
			e.b.WriteByte(':')
			e.value(v[k], pathKey(path, k), depth+1)
		}
		e.b.WriteByte('}')
	case []any:
		if depth > maxOptionsDepth {
			e.errorf(path, "nested deeper than %d levels", maxOptionsDepth)
			e.b.WriteString("null")
			return
		}
		e.b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				e.b.WriteByte(',')
			}
			e.value(x, pathIndex(path, i), depth+1)
		}
		e.b.WriteByte(']')
	default:
		data, err := json.Marshal(v)
		if err != nil {
			e.errorf(path, "cannot be written as JSON: %v", err)
			e.b.WriteString("null")
			return
		}
		e.b.Write(data)
	}
}

func (e *settingsEncoder) float(f float64, bits int, path string) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		e.errorf(path, "%v cannot be written as JSON", f)
		e.b.WriteString("null")
		return
	}
	// The layout of encoding/json: exponent only for very small or large
	// magnitudes.
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	s := strconv.FormatFloat(f, format, -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	e.b.WriteString(s)
}

// widenUint converts any unsigned integer to uint64.
func widenUint(v any) uint64 {
	switch v := v.(type) {
	case uint:
		return uint64(v)
	case uint8:
		return uint64(v)
	case uint16:
		return uint64(v)
	case uint32:
		return uint64(v)
	case uint64:
		return v
	case uintptr:
		return uint64(v)
	}
	return 0
}
