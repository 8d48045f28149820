package perk_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/selector"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/")

// settingsCmp compares settings: *Func handlers by identity, as the
// package does.
var settingsCmp = cmp.Options{
	cmp.Comparer(func(a, b *perk.Func) bool { return a == b }),
}

func boolPtr(v bool) *bool { return &v }

func methodHandler(name string) perk.HandlerInfo {
	return perk.HandlerInfo{Handler: perk.MethodName(name)}
}

// oneEventEntry is an element entry with one event.
func oneEventEntry(name, event string, hs ...perk.HandlerInfo) perk.ElementEntry {
	return perk.ElementEntry{Name: name, Handlers: []perk.EventHandlers{{Event: event, Handlers: hs}}}
}

// decodeCases are valid sections and what they decode to. The fuzz target
// seeds from them too.
var decodeCases = []struct {
	name   string
	reason string
	in     string
	want   *perk.EventSettings
}{
	{
		name:   "shortened string",
		reason: "§2.2: a string is the name of a unit method",
		in:     `{"events": {"save": {"handlers": {"click": "onSave"}}}}`,
		want:   &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click", methodHandler("onSave"))}},
	},
	{
		name:   "full format",
		reason: "§2.1 and §2.3: a handler object with every field",
		in: `{"events": {"save": {"handlers": {"click": {
			"handler": "onSave",
			"listenerOptions": {"capture": true, "once": true, "passive": false},
			"options": {"mode": "draft"},
			"order": 10}}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click", perk.HandlerInfo{
			Handler:         perk.MethodName("onSave"),
			ListenerOptions: &perk.ListenerOptions{Capture: true, Once: true, Passive: boolPtr(false)},
			Options:         map[string]any{"mode": "draft"},
			Order:           10,
		})}},
	},
	{
		name:   "array of strings",
		reason: "§2.2: an array of method names, installed in that order",
		in:     `{"events": {"save": {"handlers": {"click": ["validate", "onSave"]}}}}`,
		want:   &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click", methodHandler("validate"), methodHandler("onSave"))}},
	},
	{
		name:   "array mixed",
		reason: "§2.2: strings and handler objects mixed",
		in:     `{"events": {"save": {"handlers": {"click": ["validate", {"handler": "onSave", "order": 5}, "log"]}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click",
			methodHandler("validate"), perk.HandlerInfo{Handler: perk.MethodName("onSave"), Order: 5}, methodHandler("log"))}},
	},
	{
		name:   "array of one object",
		reason: "an array of one handler object is the same as the object",
		in:     `{"events": {"save": {"handlers": {"click": [{"handler": "onSave"}]}}}}`,
		want:   &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click", methodHandler("onSave"))}},
	},
	{
		name:   "rootNode",
		reason: "§2.3: rootNode selects the targets; the name only labels the entry",
		in:     `{"events": {"items": {"rootNode": "ul.list > li[data-id]", "handlers": {"click": "onItem"}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{{
			Name: "items", RootNode: "ul.list > li[data-id]",
			Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("onItem")}}},
		}}},
	},
	{
		name:   "rootNode this",
		reason: `§2.3: rootNode "this" is the unit itself, not a selector`,
		in:     `{"events": {"self": {"rootNode": "this", "handlers": {"doStart": "init"}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{{
			Name: "self", RootNode: "this",
			Handlers: []perk.EventHandlers{{Event: "doStart", Handlers: []perk.HandlerInfo{methodHandler("init")}}},
		}}},
	},
	{
		name:   "this element",
		reason: `§2.3: the element name "this" is the unit itself`,
		in:     `{"events": {"this": {"handlers": {"doStart": "init", "afterTransform": ["a", "b"]}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{{Name: "this", Handlers: []perk.EventHandlers{
			{Event: "doStart", Handlers: []perk.HandlerInfo{methodHandler("init")}},
			{Event: "afterTransform", Handlers: []perk.HandlerInfo{methodHandler("a"), methodHandler("b")}},
		}}}},
	},
	{
		name:   "nested options",
		reason: "options keep JSON types; integer literals become int, as in Go settings, other numbers float64",
		in: `{"events": {"this": {"handlers": {"doFetch": {"handler": "fetch", "options": {
			"url": "/api/items", "retries": 3, "ratio": 0.5, "whole": 2.0, "exp": 1e3, "neg": -0,
			"big": 9007199254740993, "min": -9223372036854775808, "tiny": 5e-324,
			"flags": [true, false, null], "nested": {"a": {"b": [1, [2, {"c": "d"}]]}}, "empty": {}, "none": [],
			"html": "<b>&amp;</b>", "unicode": "保存 \u2028 \ud83d\ude00"}}}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("this", "doFetch", perk.HandlerInfo{
			Handler: perk.MethodName("fetch"),
			Options: map[string]any{
				"url": "/api/items", "retries": 3, "ratio": 0.5, "whole": 2.0, "exp": 1000.0, "neg": 0,
				"big": 9007199254740993, "min": math.MinInt, "tiny": 5e-324,
				"flags":  []any{true, false, nil},
				"nested": map[string]any{"a": map[string]any{"b": []any{1, []any{2, map[string]any{"c": "d"}}}}},
				"empty":  map[string]any{}, "none": []any{},
				"html": "<b>&amp;</b>", "unicode": "保存 \u2028 😀",
			},
		})}},
	},
	{
		name:   "order integral numbers",
		reason: "JSON does not tell 10 from 10.0; order takes any integral number",
		in:     `{"events": {"a": {"handlers": {"x": [{"handler": "a", "order": 10.0}, {"handler": "b", "order": 1e1}, {"handler": "c", "order": -3}, {"handler": "d", "order": 0}]}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "x",
			perk.HandlerInfo{Handler: perk.MethodName("a"), Order: 10},
			perk.HandlerInfo{Handler: perk.MethodName("b"), Order: 10},
			perk.HandlerInfo{Handler: perk.MethodName("c"), Order: -3},
			methodHandler("d"))}},
	},
	{
		name:   "empty listenerOptions and options",
		reason: "present but empty stays non-nil, so MarshalJSON writes it back",
		in:     `{"events": {"a": {"handlers": {"x": {"handler": "h", "listenerOptions": {}, "options": {}}}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "x", perk.HandlerInfo{
			Handler: perk.MethodName("h"), ListenerOptions: &perk.ListenerOptions{}, Options: map[string]any{},
		})}},
	},
	{
		name:   "passive true",
		reason: "passive is a *bool: set only when written",
		in:     `{"events": {"a": {"handlers": {"touchstart": {"handler": "h", "listenerOptions": {"passive": true}}}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "touchstart", perk.HandlerInfo{
			Handler: perk.MethodName("h"), ListenerOptions: &perk.ListenerOptions{Passive: boolPtr(true)},
		})}},
	},
	{
		name:   "empty section",
		reason: "a section without events declares nothing",
		in:     `{}`,
		want:   &perk.EventSettings{},
	},
	{
		name:   "empty events",
		reason: "an events object without entries declares nothing",
		in:     " \n{\"events\": {}}\n ",
		want:   &perk.EventSettings{},
	},
	{
		name:   "names that are not identifiers",
		reason: "any id string is an element name, any string an event name",
		in:     `{"events": {"with space": {"handlers": {"my:event": "h"}}, "1st": {"handlers": {"click": "h"}}, "保存": {"handlers": {"click": "h"}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{
			oneEventEntry("with space", "my:event", methodHandler("h")),
			oneEventEntry("1st", "click", methodHandler("h")),
			oneEventEntry("保存", "click", methodHandler("h")),
		}},
	},
	{
		name:   "key order preserved",
		reason: "entries and events keep the written order, which decides installation order",
		in: `{"events": {
			"zeta":  {"handlers": {"submit": "a", "click": "b", "beforeStart": "c"}},
			"alpha": {"handlers": {"keyup": "d", "change": "e"}},
			"mid":   {"handlers": {"z": "f", "a": "g", "m": "h"}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{
			{Name: "zeta", Handlers: []perk.EventHandlers{
				{Event: "submit", Handlers: []perk.HandlerInfo{methodHandler("a")}},
				{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("b")}},
				{Event: "beforeStart", Handlers: []perk.HandlerInfo{methodHandler("c")}},
			}},
			{Name: "alpha", Handlers: []perk.EventHandlers{
				{Event: "keyup", Handlers: []perk.HandlerInfo{methodHandler("d")}},
				{Event: "change", Handlers: []perk.HandlerInfo{methodHandler("e")}},
			}},
			{Name: "mid", Handlers: []perk.EventHandlers{
				{Event: "z", Handlers: []perk.HandlerInfo{methodHandler("f")}},
				{Event: "a", Handlers: []perk.HandlerInfo{methodHandler("g")}},
				{Event: "m", Handlers: []perk.HandlerInfo{methodHandler("h")}},
			}},
		}},
	},
	{
		name:   "same event on two elements",
		reason: "event names are unique per entry only",
		in:     `{"events": {"a": {"handlers": {"click": "h"}}, "b": {"handlers": {"click": "h"}}}}`,
		want: &perk.EventSettings{Events: []perk.ElementEntry{
			oneEventEntry("a", "click", methodHandler("h")), oneEventEntry("b", "click", methodHandler("h")),
		}},
	},
}

func TestDecodeEventSettings(t *testing.T) {
	for _, tt := range decodeCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := perk.DecodeEventSettings([]byte(tt.in))
			if err != nil {
				t.Fatalf("DecodeEventSettings: %v (%s)", err, tt.reason)
			}
			if diff := cmp.Diff(tt.want, got, settingsCmp); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// errorLines renders a settings error the way a command-line tool shows it:
// one "line:column: message" per problem.
func errorLines(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var list perk.SettingsErrors
	if !errors.As(err, &list) {
		t.Fatalf("error %v (%T) is not a perk.SettingsErrors", err, err)
	}
	if !errors.Is(err, perk.ErrInvalidSettings) {
		t.Errorf("errors.Is(%v, ErrInvalidSettings) = false", err)
	}
	if len(list) == 0 {
		t.Fatalf("empty SettingsErrors returned as an error")
	}
	lines := make([]string, len(list))
	for i, e := range list {
		if e.Line > 0 {
			lines[i] = fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e)
		} else {
			lines[i] = e.Error()
		}
	}
	return lines
}

// decodeErrorCases are invalid sections and every error each must give.
var decodeErrorCases = []struct {
	name string
	in   string
	want []string
}{
	// Not JSON.
	{
		name: "invalid JSON",
		in:   `{"events": {"save": }}`,
		want: []string{`1:21: perk: event.events.save: invalid JSON at line 1, column 21: invalid character '}' looking for beginning of value`},
	},
	{
		name: "invalid JSON on a later line",
		in:   "{\"events\": {\n  \"save\": {\"handlers\": {\"click\": [\"a\" \"b\"]}}\n}}",
		want: []string{`2:39: perk: event.events.save.handlers.click[1]: invalid JSON at line 2, column 39: invalid character '"' after array element`},
	},
	{
		name: "invalid JSON after other errors",
		in:   `{"events": {"save": {"handlers": {"click": 5}}, "x": }}`,
		want: []string{`1:54: perk: event.events.x: invalid JSON at line 1, column 54: invalid character '}' looking for beginning of value`},
	},
	{
		name: "truncated",
		in:   "{\"events\": {\"save\": {",
		want: []string{`1:22: perk: event.events.save: invalid JSON at line 1, column 22: unexpected end of JSON input`},
	},
	{
		name: "empty input",
		in:   "",
		want: []string{`1:1: perk: event: invalid JSON at line 1, column 1: unexpected end of JSON input`},
	},
	{
		name: "data after the section",
		in:   `{"events": {}} {}`,
		want: []string{`1:16: perk: event: invalid JSON at line 1, column 16: invalid character '{' after top-level value`},
	},
	{
		name: "nested beyond the limit of encoding/json",
		in:   `{"events": {"a": {"handlers": {"x": {"handler": "h", "foo": ` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}}}}`,
		want: []string{`1:10056: perk: event: invalid JSON at line 1, column 10056: invalid character '[' exceeded max depth`},
	},
	{
		name: "column counts characters",
		in:   `{"events": {"保存": x}}`,
		want: []string{`1:19: perk: event.events["保存"]: invalid JSON at line 1, column 19: invalid character 'x' looking for beginning of value`},
	},

	// Wrong types and null.
	{
		name: "top level array",
		in:   `[]`,
		want: []string{`1:1: perk: event: want an object, got an array`},
	},
	{
		name: "top level null",
		in:   `null`,
		want: []string{`1:1: perk: event: want an object, got null`},
	},
	{
		name: "events not an object",
		in:   `{"events": ["save"]}`,
		want: []string{`1:12: perk: event.events: want an object, got an array`},
	},
	{
		name: "entry not an object",
		in:   `{"events": {"save": "onSave"}}`,
		want: []string{`1:21: perk: event.events.save: want an object, got string "onSave"`},
	},
	{
		name: "handlers null",
		in:   `{"events": {"save": {"handlers": null}}}`,
		want: []string{`1:34: perk: event.events.save.handlers: want an object, got null`},
	},
	{
		name: "handler value a number",
		in:   `{"events": {"save": {"handlers": {"click": 5}}}}`,
		want: []string{`1:44: perk: event.events.save.handlers.click: want a handler name, a handler object or an array of them, got 5`},
	},
	{
		name: "array element null",
		in:   `{"events": {"save": {"handlers": {"click": ["a", null]}}}}`,
		want: []string{`1:50: perk: event.events.save.handlers.click[1]: want a handler name or a handler object, got null`},
	},
	{
		name: "nested array",
		in:   `{"events": {"save": {"handlers": {"click": [["a"]]}}}}`,
		want: []string{`1:45: perk: event.events.save.handlers.click[0]: want a handler name or a handler object, got an array`},
	},
	{
		name: "handler not a string",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": 1}}}}}`,
		want: []string{`1:56: perk: event.events.save.handlers.click.handler: want a string, got 1`},
	},
	{
		name: "order a string",
		in:   `{"events": {"save": {"handlers": {"click": ["a", {"handler": "b", "order": "5"}]}}}}`,
		want: []string{`1:76: perk: event.events.save.handlers.click[1].order: want an integer, got string "5"`},
	},
	{
		name: "order a fraction",
		in:   `{"events": {"save": {"handlers": {"click": ["a", {"handler": "b", "order": 1.5}]}}}}`,
		want: []string{`1:76: perk: event.events.save.handlers.click[1].order: want an integer, got 1.5`},
	},
	{
		name: "order out of range",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "order": 1e30}}}}}`,
		want: []string{`1:70: perk: event.events.save.handlers.click.order: want an integer, got 1e30 (out of range)`},
	},
	{
		name: "order integer out of range",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "order": 9223372036854775808}}}}}`,
		want: []string{`1:70: perk: event.events.save.handlers.click.order: want an integer, got 9223372036854775808 (out of range)`},
	},
	{
		name: "order null",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "order": null}}}}}`,
		want: []string{`1:70: perk: event.events.save.handlers.click.order: want an integer, got null`},
	},
	{
		name: "listenerOptions values",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "listenerOptions": {"capture": "yes", "once": 1, "passive": null}}}}}}`,
		want: []string{
			`1:92: perk: event.events.save.handlers.click.listenerOptions.capture: want a boolean, got string "yes"`,
			`1:107: perk: event.events.save.handlers.click.listenerOptions.once: want a boolean, got 1`,
			`1:121: perk: event.events.save.handlers.click.listenerOptions.passive: want a boolean, got null`,
		},
	},
	{
		name: "listenerOptions an array",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "listenerOptions": [true]}}}}}`,
		want: []string{`1:80: perk: event.events.save.handlers.click.listenerOptions: want an object, got an array`},
	},
	{
		name: "options not an object",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "b", "options": "fast"}}}}}`,
		want: []string{`1:72: perk: event.events.save.handlers.click.options: want an object, got string "fast"`},
	},
	{
		name: "rootNode not a string",
		in:   `{"events": {"save": {"rootNode": ["li"], "handlers": {"click": "h"}}}}`,
		want: []string{`1:34: perk: event.events.save.rootNode: want a string, got an array`},
	},
	{
		name: "long string value cut",
		in:   `{"events": {"save": "` + strings.Repeat("x", 100) + `"}}`,
		want: []string{`1:21: perk: event.events.save: want an object, got string "` + strings.Repeat("x", 40) + `"...`},
	},

	// Unknown keys and hints.
	{
		name: "unknown top-level key",
		in:   `{"evnets": {}}`,
		want: []string{`1:2: perk: event: unknown key "evnets"; did you mean "events"?`},
	},
	{
		name: "unknown top-level key far from any",
		in:   `{"events": {}, "version": 2}`,
		want: []string{`1:16: perk: event: unknown key "version"`},
	},
	{
		name: "misspelt handler",
		in:   `{"events": {"save": {"handlers": {"click": [{"hanlder": "onSave"}]}}}}`,
		want: []string{
			`1:45: perk: event.events.save.handlers.click[0]: missing key "handler"`,
			`1:46: perk: event.events.save.handlers.click[0]: unknown key "hanlder"; did you mean "handler"?`,
		},
	},
	{
		name: "listerOptions",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "h", "listerOptions": {}}}}}}`,
		want: []string{`1:61: perk: event.events.save.handlers.click: unknown key "listerOptions"; did you mean "listenerOptions"?`},
	},
	{
		name: "listnerOptions",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "h", "listnerOptions": {}}}}}}`,
		want: []string{`1:61: perk: event.events.save.handlers.click: unknown key "listnerOptions"; did you mean "listenerOptions"?`},
	},
	{
		name: "key in another case",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "h", "ORDER": 1}}}}}`,
		want: []string{`1:61: perk: event.events.save.handlers.click: unknown key "ORDER"; did you mean "order"?`},
	},
	{
		name: "unknown listenerOptions key",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "h", "listenerOptions": {"passsive": true, "signal": 1}}}}}}`,
		want: []string{
			`1:81: perk: event.events.save.handlers.click.listenerOptions: unknown key "passsive"; did you mean "passive"?`,
			`1:99: perk: event.events.save.handlers.click.listenerOptions: unknown key "signal"`,
		},
	},
	{
		name: "selector instead of rootNode",
		in:   `{"events": {"items": {"selector": "li", "handlers": {"click": "h"}}}}`,
		want: []string{`1:23: perk: event.events.items: unknown key "selector"; did you mean "rootNode"?`},
	},
	{
		name: "event outside handlers",
		in:   `{"events": {"save": {"click": "onSave"}}}`,
		want: []string{
			`1:21: perk: event.events.save: missing key "handlers"`,
			`1:22: perk: event.events.save: unknown key "click"; event handlers go inside "handlers"`,
		},
	},
	{
		name: "handler instead of handlers",
		in:   `{"events": {"save": {"handler": {"click": "onSave"}}}}`,
		want: []string{
			`1:21: perk: event.events.save: missing key "handlers"`,
			`1:22: perk: event.events.save: unknown key "handler"; did you mean "handlers"?`,
		},
	},

	// Missing and empty.
	{
		name: "missing handler",
		in:   `{"events": {"save": {"handlers": {"click": {"order": 1}}}}}`,
		want: []string{`1:44: perk: event.events.save.handlers.click: missing key "handler"`},
	},
	{
		name: "empty handler name",
		in:   `{"events": {"save": {"handlers": {"click": "", "keyup": [""], "change": {"handler": ""}}}}}`,
		want: []string{
			`1:44: perk: event.events.save.handlers.click: empty handler name`,
			`1:58: perk: event.events.save.handlers.keyup[0]: empty handler name`,
			`1:85: perk: event.events.save.handlers.change.handler: empty handler name`,
		},
	},
	{
		name: "empty element name",
		in:   `{"events": {"": {"handlers": {"click": "h"}}}}`,
		want: []string{`1:13: perk: event.events[""]: empty element name`},
	},
	{
		name: "empty event name",
		in:   `{"events": {"save": {"handlers": {"": "h"}}}}`,
		want: []string{`1:35: perk: event.events.save.handlers[""]: empty event name`},
	},
	{
		name: "missing handlers",
		in:   `{"events": {"save": {"rootNode": "#save"}}}`,
		want: []string{`1:21: perk: event.events.save: missing key "handlers"`},
	},
	{
		name: "empty handlers",
		in:   `{"events": {"save": {"handlers": {}}}}`,
		want: []string{`1:34: perk: event.events.save.handlers: no events`},
	},
	{
		name: "empty handler array",
		in:   `{"events": {"save": {"handlers": {"click": []}}}}`,
		want: []string{`1:44: perk: event.events.save.handlers.click: no handlers`},
	},

	// Duplicates.
	{
		name: "duplicate element",
		in:   `{"events": {"save": {"handlers": {"click": "a"}}, "save": {"handlers": {"click": "b"}}}}`,
		want: []string{`1:51: perk: event.events: duplicate key "save"`},
	},
	{
		name: "duplicate event",
		in:   `{"events": {"save": {"handlers": {"click": "a", "click": "b"}}}}`,
		want: []string{`1:49: perk: event.events.save.handlers: duplicate key "click"`},
	},
	{
		name: "duplicate handler field",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "a", "handler": "b"}}}}}`,
		want: []string{`1:61: perk: event.events.save.handlers.click: duplicate key "handler"`},
	},
	{
		name: "duplicate top-level key",
		in:   `{"events": {}, "events": {}}`,
		want: []string{`1:16: perk: event: duplicate key "events"`},
	},
	{
		name: "duplicate options key",
		in:   `{"events": {"save": {"handlers": {"click": {"handler": "a", "options": {"x": {"y": 1, "y": 2}}}}}}}`,
		want: []string{`1:87: perk: event.events.save.handlers.click.options.x: duplicate key "y"`},
	},

	// rootNode.
	{
		name: "empty rootNode",
		in:   `{"events": {"save": {"rootNode": "", "handlers": {"click": "h"}}}}`,
		want: []string{`1:34: perk: event.events.save.rootNode: empty selector`},
	},
	{
		name: "invalid rootNode",
		in:   `{"events": {"items": {"rootNode": "li[", "handlers": {"click": "h"}}}}`,
		want: []string{`1:35: perk: event.events.items.rootNode: ` + rootNodeMsg("li[")},
	},

	// Options values.
	{
		name: "options integer out of range",
		in:   `{"events": {"a": {"handlers": {"x": {"handler": "h", "options": {"id": 12345678901234567890}}}}}}`,
		want: []string{`1:72: perk: event.events.a.handlers.x.options.id: integer 12345678901234567890 out of int range`},
	},
	{
		name: "options float out of range",
		in:   `{"events": {"a": {"handlers": {"x": {"handler": "h", "options": {"list": [1, 1e999]}}}}}}`,
		want: []string{`1:78: perk: event.events.a.handlers.x.options.list[1]: number 1e999 out of float64 range`},
	},
	{
		name: "options too deep",
		in:   `{"events": {"a": {"handlers": {"x": {"handler": "h", "options": {"d": ` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}}}}}}`,
		want: []string{`1:170: perk: event.events.a.handlers.x.options.d` + strings.Repeat("[0]", 99) + `: nested deeper than 100 levels`},
	},

	// Paths for keys that are not simple names.
	{
		name: "quoted path segments",
		in:   `{"events": {"with space": {"handlers": {"my:event": {"handler": "h", "order": "1"}, "a\"b": 7}}}}`,
		want: []string{
			`1:79: perk: event.events["with space"].handlers["my:event"].order: want an integer, got string "1"`,
			`1:93: perk: event.events["with space"].handlers["a\"b"]: want a handler name, a handler object or an array of them, got 7`,
		},
	},

	// Many problems at once.
	{
		name: "several errors reported together",
		in: `{
  "events": {
    "save": {
      "rootNode": "button[",
      "handlers": {
        "click": [
          "validate",
          {"hanlder": "onSave", "order": "5"},
          {"handler": "log", "listerOptions": {"once": true}}
        ],
        "": "x"
      }
    },
    "this": {"handlers": {"doStart": []}},
    "save": {"handlers": {"keyup": "onKey"}}
  },
  "extra": true
}`,
		want: []string{
			`4:19: perk: event.events.save.rootNode: ` + rootNodeMsg("button["),
			`8:11: perk: event.events.save.handlers.click[1]: missing key "handler"`,
			`8:12: perk: event.events.save.handlers.click[1]: unknown key "hanlder"; did you mean "handler"?`,
			`8:42: perk: event.events.save.handlers.click[1].order: want an integer, got string "5"`,
			`9:30: perk: event.events.save.handlers.click[2]: unknown key "listerOptions"; did you mean "listenerOptions"?`,
			`11:9: perk: event.events.save.handlers[""]: empty event name`,
			`14:38: perk: event.events.this.handlers.doStart: no handlers`,
			`15:5: perk: event.events: duplicate key "save"`,
			`17:3: perk: event: unknown key "extra"`,
		},
	},
}

// rootNodeMsg is the message for an invalid rootNode, built from the
// selector package's own error so the test does not pin its wording.
func rootNodeMsg(sel string) string {
	_, err := selector.Compile(sel)
	var se *selector.Error
	if !errors.As(err, &se) {
		panic(fmt.Sprintf("selector.Compile(%q) = %v, want a *selector.Error", sel, err))
	}
	return fmt.Sprintf("invalid selector %q at offset %d: %s", sel, se.Offset, se.Reason)
}

func TestDecodeEventSettingsErrors(t *testing.T) {
	for _, tt := range decodeErrorCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := perk.DecodeEventSettings([]byte(tt.in))
			if err == nil {
				t.Fatalf("DecodeEventSettings succeeded with %+v, want errors", got)
			}
			if got != nil {
				t.Errorf("DecodeEventSettings returned settings %+v with an error", got)
			}
			if diff := cmp.Diff(tt.want, errorLines(t, err)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeEventSettingsAt(t *testing.T) {
	in := `{"events": {"save": {"handlers": {"click": {"handler": "h", "order": "1"}}}}}`
	_, err := perk.DecodeEventSettingsAt([]byte(in), "units[2].settings.event")
	want := []string{`1:70: perk: units[2].settings.event.events.save.handlers.click.order: want an integer, got string "1"`}
	if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}

	_, err = perk.DecodeEventSettingsAt([]byte(in), "")
	want = []string{`1:70: perk: event.events.save.handlers.click.order: want an integer, got string "1"`}
	if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
		t.Errorf("empty path: mismatch (-want +got):\n%s", diff)
	}
}

func TestDecodeEventSettingsFrom(t *testing.T) {
	got, err := perk.DecodeEventSettingsFrom(strings.NewReader(`{"events": {"a": {"handlers": {"x": "h"}}}}`), "event")
	if err != nil {
		t.Fatal(err)
	}
	want := &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "x", methodHandler("h"))}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}

	readErr := errors.New("disk on fire")
	_, err = perk.DecodeEventSettingsFrom(iotest.ErrReader(readErr), "event")
	if !errors.Is(err, readErr) {
		t.Errorf("read error: got %v, want it to wrap %v", err, readErr)
	}
	if errors.Is(err, perk.ErrInvalidSettings) {
		t.Errorf("read error %v matches ErrInvalidSettings; it says nothing about the settings", err)
	}
}

func TestSettingsErrorFields(t *testing.T) {
	in := "{\"events\": {\n  \"save\": {\"handlers\": {\"click\": [{\"handler\": \"a\", \"hanlder\": 1}]}}}}"
	_, err := perk.DecodeEventSettings([]byte(in))
	var se *perk.SettingsError
	if !errors.As(err, &se) {
		t.Fatalf("errors.As(%v, *SettingsError) = false", err)
	}
	want := &perk.SettingsError{
		Path:   "event.events.save.handlers.click[0]",
		Msg:    `unknown key "hanlder"`,
		Hint:   `did you mean "handler"?`,
		Line:   2,
		Column: 52,
		Offset: 64,
	}
	if diff := cmp.Diff(want, se); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if got, want := in[se.Offset:se.Offset+9], `"hanlder"`; got != want {
		t.Errorf("Offset %d points at %q, want %q", se.Offset, got, want)
	}
	if got, want := se.Error(), `perk: event.events.save.handlers.click[0]: unknown key "hanlder"; did you mean "handler"?`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(se, perk.ErrInvalidSettings) {
		t.Error("errors.Is(*SettingsError, ErrInvalidSettings) = false")
	}
	wrapped := fmt.Errorf("unit main: %w", err)
	if !errors.Is(wrapped, perk.ErrInvalidSettings) {
		t.Error("errors.Is(wrapped SettingsErrors, ErrInvalidSettings) = false")
	}
}

func TestSettingsErrorsError(t *testing.T) {
	list := perk.SettingsErrors{
		{Path: "event.events.a", Msg: `missing key "handlers"`},
		{Path: "event", Msg: `unknown key "evnets"`, Hint: `did you mean "events"?`},
	}
	want := "perk: event.events.a: missing key \"handlers\"\nperk: event: unknown key \"evnets\"; did you mean \"events\"?"
	if got := list.Error(); got != want {
		t.Errorf("Error() =\n%s\nwant\n%s", got, want)
	}
}

func TestUnmarshalJSON(t *testing.T) {
	var doc struct {
		Name  string
		Event *perk.EventSettings `json:"event"`
	}
	in := `{"Name": "form", "event": {"events": {"this": {"handlers": {"doStart": "init"}}}}}`
	if err := json.Unmarshal([]byte(in), &doc); err != nil {
		t.Fatal(err)
	}
	want := &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("this", "doStart", methodHandler("init"))}}
	if diff := cmp.Diff(want, doc.Event); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}

	err := json.Unmarshal([]byte(`{"event": {"events": {"this": {"handlers": {"doStart": 1}}}}}`), &doc)
	if !errors.Is(err, perk.ErrInvalidSettings) {
		t.Errorf("invalid section: got %v, want an ErrInvalidSettings", err)
	}

	var s perk.EventSettings
	s.Events = []perk.ElementEntry{oneEventEntry("keep", "x", methodHandler("h"))}
	if err := s.UnmarshalJSON([]byte(" null ")); err != nil {
		t.Fatalf("UnmarshalJSON(null): %v", err)
	}
	if len(s.Events) != 1 {
		t.Errorf("UnmarshalJSON(null) changed the settings to %+v", s)
	}
}

func TestMarshalJSON(t *testing.T) {
	s := &perk.EventSettings{Events: []perk.ElementEntry{
		{Name: "this", Handlers: []perk.EventHandlers{{Event: "doStart", Handlers: []perk.HandlerInfo{methodHandler("init")}}}},
		{Name: "items", RootNode: "li.item", Handlers: []perk.EventHandlers{
			{Event: "click", Handlers: []perk.HandlerInfo{
				{Handler: perk.MethodName("select"), ListenerOptions: &perk.ListenerOptions{Capture: true, Passive: boolPtr(false)}, Order: 5},
				{Handler: perk.MethodName("log"), Options: map[string]any{"b": 1.0, "a": 2, "c": []any{"<x>", nil, 1.5e300}}},
			}},
		}},
		{Name: "with space", Handlers: []perk.EventHandlers{{Event: "x", Handlers: []perk.HandlerInfo{
			{Handler: perk.MethodName("h"), ListenerOptions: &perk.ListenerOptions{}},
		}}}},
	}}
	got, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"events":{` +
		`"this":{"handlers":{"doStart":{"handler":"init"}}},` +
		`"items":{"rootNode":"li.item","handlers":{"click":[` +
		`{"handler":"select","listenerOptions":{"capture":true,"passive":false},"order":5},` +
		`{"handler":"log","options":{"a":2,"b":1.0,"c":["\u003cx\u003e",null,1.5e+300]}}]}},` +
		`"with space":{"handlers":{"x":{"handler":"h","listenerOptions":{}}}}}}`
	// encoding/json compacts and HTML-escapes what MarshalJSON returns.
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	back, err := perk.DecodeEventSettings(got)
	if err != nil {
		t.Fatalf("decoding the output: %v", err)
	}
	if diff := cmp.Diff(s, back); diff != "" {
		t.Errorf("round trip: mismatch (-want +got):\n%s", diff)
	}

	direct, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(direct), `"c":["<x>",null,1.5e+300]`) {
		t.Errorf("MarshalJSON escaped HTML characters: %s", direct)
	}

	var nilSettings *perk.EventSettings
	if got, err := nilSettings.MarshalJSON(); err != nil || string(got) != `{"events":{}}` {
		t.Errorf("nil MarshalJSON() = %s, %v; want {\"events\":{}}", got, err)
	}
}

func TestMarshalJSONErrors(t *testing.T) {
	fn := perk.NewFunc("onSave", unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil }))
	tests := []struct {
		name string
		s    *perk.EventSettings
		want []string
	}{
		{
			name: "func handler",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("save", "click", methodHandler("validate"), perk.HandlerInfo{Handler: fn}),
			}},
			want: []string{`perk: event.events.save.handlers.click[1].handler: *Func "onSave" cannot be written as JSON; only a MethodName can`},
		},
		{
			name: "invalid settings",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("", "click", perk.HandlerInfo{Handler: fn}),
			}},
			want: []string{
				`perk: event.events[""]: empty element name`,
				`perk: event.events[""].handlers.click.handler: *Func "onSave" cannot be written as JSON; only a MethodName can`,
			},
		},
		{
			name: "options values",
			s: &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "x", perk.HandlerInfo{
				Handler: perk.MethodName("h"),
				Options: map[string]any{"nan": math.NaN(), "big": uint64(math.MaxUint64), "ch": make(chan int), "ok": uint8(1)},
			})}},
			want: []string{
				`perk: event.events.a.handlers.x.options.big: integer 18446744073709551615 out of int range`,
				`perk: event.events.a.handlers.x.options.ch: cannot be written as JSON: json: unsupported type: chan int`,
				`perk: event.events.a.handlers.x.options.nan: NaN cannot be written as JSON`,
			},
		},
		{
			name: "options cycle",
			s: func() *perk.EventSettings {
				m := map[string]any{}
				m["self"] = m
				return &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("a", "x", perk.HandlerInfo{Handler: perk.MethodName("h"), Options: m})}}
			}(),
			want: []string{`perk: event.events.a.handlers.x.options` + strings.Repeat(".self", 100) + `: nested deeper than 100 levels`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.s.MarshalJSON()
			if err == nil {
				t.Fatalf("MarshalJSON = %s, want errors", got)
			}
			if diff := cmp.Diff(tt.want, errorLines(t, err)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRoundTrip checks Decode(Marshal(Decode(x))) == Decode(x) for every
// valid input, and that a second Marshal writes the same bytes.
func TestRoundTrip(t *testing.T) {
	inputs := map[string]string{}
	for _, tt := range decodeCases {
		inputs[tt.name] = tt.in
	}
	for name, data := range goldenInputs(t) {
		inputs["testdata/"+name] = string(data)
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			first, err := perk.DecodeEventSettings([]byte(in))
			if err != nil {
				if strings.HasPrefix(name, "testdata/") {
					t.Skip("invalid on purpose")
				}
				t.Fatal(err)
			}
			data, err := first.MarshalJSON()
			if err != nil {
				t.Fatalf("MarshalJSON: %v", err)
			}
			second, err := perk.DecodeEventSettings(data)
			if err != nil {
				t.Fatalf("decoding %s: %v", data, err)
			}
			if diff := cmp.Diff(first, second); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			again, err := second.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, again) {
				t.Errorf("MarshalJSON is not stable:\n%s\n%s", data, again)
			}
		})
	}
}

// goldenInputs returns testdata/settings/*.json by base name.
func goldenInputs(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "settings", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/settings/*.json")
	}
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = data
	}
	return out
}

// TestGolden decodes realistic settings files and compares every error with
// the .errors.golden file beside each ("ok" for a valid file). Run with
// -update to rewrite them after a deliberate change of messages.
func TestGolden(t *testing.T) {
	for name, data := range goldenInputs(t) {
		t.Run(name, func(t *testing.T) {
			_, err := perk.DecodeEventSettings(data)
			got := "ok\n"
			if err != nil {
				got = strings.Join(errorLines(t, err), "\n") + "\n"
			}
			golden := filepath.Join("testdata", "settings", strings.TrimSuffix(name, ".json")+".errors.golden")
			if *updateGolden {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func ExampleDecodeEventSettings() {
	s, err := perk.DecodeEventSettings([]byte(`{"events": {
		"this": {"handlers": {"doStart": "init"}},
		"save": {"handlers": {"click": ["validate", {"handler": "onSave", "order": 10}]}}
	}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range s.Events {
		for _, eh := range e.Handlers {
			for _, h := range eh.Handlers {
				fmt.Printf("%s %s: %s (order %d)\n", e.Name, eh.Event, h.Handler.HandlerName(), h.Order)
			}
		}
	}
	// Output:
	// this doStart: init (order 0)
	// save click: validate (order 0)
	// save click: onSave (order 10)
}

func ExampleDecodeEventSettings_errors() {
	_, err := perk.DecodeEventSettings([]byte(`{"events": {
		"save": {"handlers": {"click": {"hanlder": "onSave", "order": "5"}}}
	}}`))
	var list perk.SettingsErrors
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Printf("settings.json:%d:%d: %v\n", e.Line, e.Column, e)
		}
	}
	// Output:
	// settings.json:2:34: perk: event.events.save.handlers.click: missing key "handler"
	// settings.json:2:35: perk: event.events.save.handlers.click: unknown key "hanlder"; did you mean "handler"?
	// settings.json:2:65: perk: event.events.save.handlers.click.order: want an integer, got string "5"
}
