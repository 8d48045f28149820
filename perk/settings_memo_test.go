package perk_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
)

// TestSharedSettingsChangedInPlace: a document remembers the settings it
// found valid, so that units sharing them skip validation; settings changed
// in place after a unit used them are validated again, and the unit that
// starts with them fails with the same errors Validate gives.
func TestSharedSettingsChangedInPlace(t *testing.T) {
	valid := func() *perk.EventSettings {
		return &perk.EventSettings{Events: []perk.ElementEntry{
			onEntry("save", "click", byName("onSave")),
			{Name: "items", RootNode: "li.item", Handlers: []perk.EventHandlers{
				{Event: "click", Handlers: []perk.HandlerInfo{byName("onItem"), byName("log")}},
				{Event: "keyup", Handlers: []perk.HandlerInfo{byName("onKey")}},
			}},
		}}
	}
	tests := []struct {
		name   string
		change func(s *perk.EventSettings)
	}{
		{"element name emptied", func(s *perk.EventSettings) { s.Events[0].Name = "" }},
		{"element name duplicated", func(s *perk.EventSettings) { s.Events[1].Name = "save" }},
		{"entry appended with a taken name", func(s *perk.EventSettings) {
			s.Events = append(s.Events, onEntry("save", "keyup", byName("other")))
		}},
		{"rootNode broken", func(s *perk.EventSettings) { s.Events[1].RootNode = "li[" }},
		{"event name emptied", func(s *perk.EventSettings) { s.Events[1].Handlers[1].Event = "" }},
		{"event name duplicated", func(s *perk.EventSettings) { s.Events[1].Handlers[1].Event = "click" }},
		{"events removed", func(s *perk.EventSettings) { s.Events[0].Handlers = nil }},
		{"handlers removed", func(s *perk.EventSettings) { s.Events[1].Handlers[0].Handlers = nil }},
		{"handler name emptied", func(s *perk.EventSettings) {
			s.Events[1].Handlers[0].Handlers[1].Handler = perk.MethodName("")
		}},
		{"handler set to nil", func(s *perk.EventSettings) { s.Events[0].Handlers[0].Handlers[0].Handler = nil }},
		{"handler set to a nil *Func", func(s *perk.EventSettings) {
			s.Events[0].Handlers[0].Handlers[0].Handler = (*perk.Func)(nil)
		}},
		{"handler set to a *Func without func", func(s *perk.EventSettings) {
			s.Events[0].Handlers[0].Handlers[0].Handler = perk.NewFunc("empty", nil)
		}},
	}
	log := &callLog{}
	methods := log.methods("onSave", "onItem", "log", "onKey", "other")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			doc := vdom.ParseString(testPage)
			root := doc.GetElementByID("app")
			s := valid()
			start := func() error {
				u, err := unit.New(doc, root, unit.Options{Settings: unit.Settings{"event": s}, Methods: methods})
				if err != nil {
					t.Fatalf("unit.New: %v", err)
				}
				defer stopQuietly(t, u)
				return u.Start(ctx)
			}
			// Twice: the second start finds the settings remembered.
			for range 2 {
				if err := start(); err != nil {
					t.Fatalf("Start with valid settings: %v", err)
				}
			}
			tt.change(s)
			want := errorLines(t, s.Validate())
			if want == nil {
				t.Fatalf("the change left the settings valid")
			}
			err := start()
			if err == nil {
				t.Fatalf("Start with settings changed in place succeeded, want %q", want)
			}
			if diff := cmp.Diff(want, errorLines(t, err)); diff != "" {
				t.Errorf("Start errors differ from Validate's (-want +got):\n%s", diff)
			}
		})
	}
}
