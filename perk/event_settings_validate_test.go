package perk_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

func noopHandler(any, *vdom.Event, unit.Ex) error { return nil }

func TestValidate(t *testing.T) {
	fn := perk.NewFunc("onSave", unit.Sync(noopHandler))
	tests := []struct {
		name   string
		reason string
		s      *perk.EventSettings
		want   []string
	}{
		{
			name:   "nil settings",
			reason: "no settings declare nothing",
			s:      nil,
		},
		{
			name:   "empty settings",
			reason: "an empty section declares nothing",
			s:      &perk.EventSettings{},
		},
		{
			name:   "valid",
			reason: "funcs, method names, rootNode, this, options of any type",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("this", "doStart", perk.HandlerInfo{Handler: fn, Order: -1}),
				{Name: "items", RootNode: "ul > li.item:not(.done)", Handlers: []perk.EventHandlers{
					{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("select"), {
						Handler: perk.MethodName("log"), ListenerOptions: &perk.ListenerOptions{Once: true},
						Options: map[string]any{"ch": make(chan int), "f": func() {}},
					}}},
					{Event: "keyup", Handlers: []perk.HandlerInfo{methodHandler("key")}},
				}},
				{Name: "self", RootNode: "this", Handlers: []perk.EventHandlers{{Event: "x", Handlers: []perk.HandlerInfo{methodHandler("h")}}}},
			}},
		},
		{
			name:   "empty names",
			reason: "an empty element or event name names nothing",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("", "click", methodHandler("h")),
				oneEventEntry("save", "", methodHandler("h")),
			}},
			want: []string{
				`perk: event.events[""]: empty element name`,
				`perk: event.events.save.handlers[""]: empty event name`,
			},
		},
		{
			name:   "duplicates",
			reason: "init and reset find an entry by name; a second one would be unreachable",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				{Name: "save", Handlers: []perk.EventHandlers{
					{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("a")}},
					{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("b")}},
				}},
				oneEventEntry("save", "keyup", methodHandler("c")),
			}},
			want: []string{
				`perk: event.events.save.handlers: duplicate key "click"`,
				`perk: event.events: duplicate key "save"`,
			},
		},
		{
			name:   "duplicates among many",
			reason: "past the first names, duplicates are found through a set, each repetition reported as before",
			s:      manyEntries(40, map[int]string{17: "e3", 30: "e3", 35: "e20", 39: "e39x"}, 20),
			want: []string{
				`perk: event.events: duplicate key "e3"`,
				`perk: event.events.e20.handlers: duplicate key "click"`,
				`perk: event.events: duplicate key "e3"`,
				`perk: event.events: duplicate key "e20"`,
			},
		},
		{
			name:   "invalid rootNode",
			reason: "a bad selector is reported now, with its path, not when the unit starts",
			s: &perk.EventSettings{Events: []perk.ElementEntry{{
				Name: "items", RootNode: "li[", Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("h")}}},
			}}},
			want: []string{`perk: event.events.items.rootNode: ` + rootNodeMsg("li[")},
		},
		{
			name:   "nothing to install",
			reason: "an entry without events or an event without handlers is unfinished",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				{Name: "a"},
				{Name: "b", Handlers: []perk.EventHandlers{{Event: "click"}}},
			}},
			want: []string{
				`perk: event.events.a.handlers: no events`,
				`perk: event.events.b.handlers.click: no handlers`,
			},
		},
		{
			name:   "bad handlers",
			reason: "each would fail only when the event runs",
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("save", "click",
					perk.HandlerInfo{},
					perk.HandlerInfo{Handler: perk.MethodName("")},
					perk.HandlerInfo{Handler: (*perk.Func)(nil)},
					perk.HandlerInfo{Handler: perk.NewFunc("empty", nil)},
					perk.HandlerInfo{Handler: fn},
				),
				oneEventEntry("this", "doStart", perk.HandlerInfo{}),
			}},
			want: []string{
				`perk: event.events.save.handlers.click[0].handler: nil handler`,
				`perk: event.events.save.handlers.click[1].handler: empty handler name`,
				`perk: event.events.save.handlers.click[2].handler: nil *Func`,
				`perk: event.events.save.handlers.click[3].handler: *Func "empty" has no func`,
				`perk: event.events.this.handlers.doStart.handler: nil handler`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if diff := cmp.Diff(tt.want, errorLines(t, err)); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// manyEntries returns n entries named e0, e1, ... (renamed as rename says),
// each with a click handler; entry withEvents has 30 events, the last a
// second "click".
func manyEntries(n int, rename map[int]string, withEvents int) *perk.EventSettings {
	s := &perk.EventSettings{}
	for i := range n {
		name := fmt.Sprintf("e%d", i)
		if r, ok := rename[i]; ok {
			name = r
		}
		s.Events = append(s.Events, oneEventEntry(name, "click", methodHandler("h")))
	}
	entry := &s.Events[withEvents]
	for k := 1; k < 30; k++ {
		ev := fmt.Sprintf("ev%d", k)
		if k == 29 {
			ev = "click"
		}
		entry.Handlers = append(entry.Handlers, perk.EventHandlers{Event: ev, Handlers: []perk.HandlerInfo{methodHandler("h")}})
	}
	return s
}

// TestValidateDecoded checks that everything DecodeEventSettings accepts
// passes Validate: the JSON rules are at least as strict as the Go ones.
func TestValidateDecoded(t *testing.T) {
	for _, tt := range decodeCases {
		t.Run(tt.name, func(t *testing.T) {
			s, err := perk.DecodeEventSettings([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
}

// TestValidateMatchesDecode checks that a problem reads the same whether the
// settings came from JSON or from Go.
func TestValidateMatchesDecode(t *testing.T) {
	tests := []struct {
		name string
		json string
		s    *perk.EventSettings
	}{
		{
			name: "invalid rootNode",
			json: `{"events": {"items": {"rootNode": "a >> b", "handlers": {"click": "h"}}}}`,
			s: &perk.EventSettings{Events: []perk.ElementEntry{{
				Name: "items", RootNode: "a >> b", Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("h")}}},
			}}},
		},
		{
			name: "empty names",
			json: `{"events": {"": {"handlers": {"click": "h"}}, "save": {"handlers": {"": "h"}}}}`,
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				oneEventEntry("", "click", methodHandler("h")),
				oneEventEntry("save", "", methodHandler("h")),
			}},
		},
		{
			name: "duplicates",
			json: `{"events": {"with space": {"handlers": {"click": "a", "click": "b"}}, "with space": {"handlers": {"x": "c"}}}}`,
			s: &perk.EventSettings{Events: []perk.ElementEntry{
				{Name: "with space", Handlers: []perk.EventHandlers{
					{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("a")}},
					{Event: "click", Handlers: []perk.HandlerInfo{methodHandler("b")}},
				}},
				oneEventEntry("with space", "x", methodHandler("c")),
			}},
		},
		{
			name: "empty handler name",
			json: `{"events": {"save": {"handlers": {"click": [{"handler": "a"}, {"handler": ""}]}}}}`,
			s:    &perk.EventSettings{Events: []perk.ElementEntry{oneEventEntry("save", "click", methodHandler("a"), methodHandler(""))}},
		},
		{
			name: "no handlers",
			json: `{"events": {"save": {"handlers": {"click": []}}}}`,
			s:    &perk.EventSettings{Events: []perk.ElementEntry{{Name: "save", Handlers: []perk.EventHandlers{{Event: "click"}}}}},
		},
	}
	type problem struct{ Path, Msg string }
	problems := func(err error) []problem {
		var list perk.SettingsErrors
		if !errors.As(err, &list) {
			t.Fatalf("%v is not a SettingsErrors", err)
		}
		var ps []problem
		for _, e := range list {
			ps = append(ps, problem{e.Path, e.Msg})
		}
		return ps
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := perk.DecodeEventSettings([]byte(tt.json))
			want := problems(err)
			got := problems(tt.s.Validate())
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Validate differs from DecodeEventSettings: mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
