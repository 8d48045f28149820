package perktest_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// fakeTB records what AssertCalls reports instead of failing the test.
type fakeTB struct {
	testing.TB
	errors  []string
	helpers int
}

func (f *fakeTB) Helper() { f.helpers++ }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}

// started returns a started unit on a small page, recorded by rec.
func started(t *testing.T, settings string, methods unit.Methods) (*vdom.Document, *unit.Unit, *perktest.Recorder) {
	t.Helper()
	doc := vdom.ParseString(`<main id="app"><button id="save">Save</button></main>`)
	rec := perktest.Record(doc)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Settings: unit.Settings{"event": settings}, Methods: methods})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = u.Stop(context.Background()) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return doc, u, rec
}

func nop(any, *vdom.Event, unit.Ex) error { return nil }

func TestRecorder_Calls(t *testing.T) {
	bad := errors.New("bad")
	doc, u, rec := started(t, `{"events": {"save": {"handlers": {"click": ["a", "b"]}}, "this": {"handlers": {"doStart": "a"}}}}`,
		unit.Methods{"a": unit.Sync(nop), "b": unit.Sync(func(any, *vdom.Event, unit.Ex) error { return bad })})
	rec.AssertCalls(t, "doStart main#app a")
	t.Run("IncludePerk", func(t *testing.T) {
		rec.IncludePerk = true
		defer func() { rec.IncludePerk = false }()
		rec.AssertCalls(t,
			"doApplySettings main#app EventPerk.doApplySettings",
			"afterTransform main#app EventPerk.afterTransform",
			"doStart main#app a")
	})
	rec.Reset()
	rec.AssertCalls(t)
	if len(rec.Events()) != 0 {
		t.Errorf("events after Reset: %d", len(rec.Events()))
	}
	err := u.Cast(context.Background(), "event.trigger", "click", nil, doc.GetElementByID("save"))
	if !errors.Is(err, bad) {
		t.Fatalf("trigger: %v", err)
	}
	rec.AssertCalls(t, "click button#save a", "click button#save b")
	var kinds []string
	for _, ev := range rec.Events() {
		kinds = append(kinds, fmt.Sprintf("%s %s %d", ev.Kind, ev.Handler, ev.Seq))
	}
	if diff := cmp.Diff([]string{"start a 4", "end a 4", "start b 5", "end b 5"}, kinds); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if errs := rec.Errors(); len(errs) != 1 || !errors.Is(errs[0], bad) {
		t.Errorf("Errors() = %v, want [bad]", errs)
	}
	// Events returns a copy.
	evs := rec.Events()
	evs[0].Handler = "changed"
	if rec.Events()[0].Handler == "changed" {
		t.Error("Events shares its slice")
	}
}

func TestRecorder_AssertCallsReportsADiff(t *testing.T) {
	doc, u, rec := started(t, `{"events": {"save": {"handlers": {"click": ["a", "b"]}}}}`,
		unit.Methods{"a": unit.Sync(nop), "b": unit.Sync(nop)})
	if err := u.Cast(context.Background(), "event.trigger", "click", nil, doc.GetElementByID("save")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		want     []string
		wantFail bool
		lines    []string
	}{
		{"equal", []string{"click button#save a", "click button#save b"}, false, nil},
		{"wrong order", []string{"click button#save b", "click button#save a"}, true, []string{"-want +got"}},
		{"one missing", []string{"click button#save a", "click button#save b", "click button#save c"}, true,
			[]string{"handler calls mismatch (-want +got):", `-"click button#save c"`}},
		{"one too many", []string{"click button#save a"}, true, []string{`+"click #save b"`}},
		{"none wanted", nil, true, []string{`+"click #save a"`, `+"click #save b"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := &fakeTB{}
			rec.AssertCalls(tb, tc.want...)
			if tb.helpers == 0 {
				t.Error("AssertCalls does not call Helper")
			}
			if (len(tb.errors) > 0) != tc.wantFail {
				t.Fatalf("reported %q, want failure %v", tb.errors, tc.wantFail)
			}
			if !tc.wantFail {
				return
			}
			// go-cmp varies its white space, so compare without it.
			report := strings.Join(strings.FieldsFunc(tb.errors[0], func(r rune) bool {
				return r == ' ' || r == '\t' || r == '\u00a0'
			}), "")
			for _, l := range tc.lines {
				if !strings.Contains(report, strings.ReplaceAll(l, " ", "")) {
					t.Errorf("report does not contain %q:\n%s", l, tb.errors[0])
				}
			}
		})
	}
	t.Run("nothing recorded, nothing wanted", func(t *testing.T) {
		rec.Reset()
		tb := &fakeTB{}
		rec.AssertCalls(tb)
		if len(tb.errors) != 0 {
			t.Errorf("reported %q", tb.errors)
		}
	})
}

// A Recorder records every unit of its document, with the mode and depth
// of each call, and NoTarget for entries that found nothing.
func TestRecorder_WholeDocument(t *testing.T) {
	doc := vdom.ParseString(`<main id="a"><button id="x">x</button></main><main id="b"><button id="y">y</button></main>`)
	rec := perktest.Record(doc)
	mk := func(id, js string) *unit.Unit {
		u, err := unit.New(doc, doc.GetElementByID(id), unit.Options{Settings: unit.Settings{"event": js}, Methods: unit.Methods{"h": unit.Sync(nop)}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = u.Stop(context.Background()) })
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		return u
	}
	mk("a", `{"events": {"x": {"handlers": {"click": "h"}}, "gone": {"handlers": {"click": "h"}}}}`)
	ub := mk("b", `{"events": {"y": {"handlers": {"click": "h"}}}}`)
	for _, id := range []string{"x", "y"} {
		if _, err := doc.GetElementByID(id).DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
			t.Fatal(err)
		}
	}
	if err := ub.Use(context.Background(), "event.triggerSync", "click", nil, doc.GetElementByID("y")); err != nil {
		t.Fatal(err)
	}
	rec.AssertCalls(t, "click button#x h", "click button#y h", "click button#y h")
	var got []string
	for _, ev := range rec.Events() {
		switch ev.Kind {
		case unit.HandlerStart:
			if strings.HasPrefix(ev.Handler, "EventPerk.") {
				continue
			}
			got = append(got, fmt.Sprintf("%s %s depth %d", ev.Unit.Name(), ev.Mode, ev.Depth))
		case unit.NoTarget:
			got = append(got, "no target "+ev.Entry)
		}
	}
	// "gone" matches nothing; it is reported once, by afterTransform.
	want := []string{"no target gone", "main#a dispatch depth 1", "main#b dispatch depth 1", "main#b triggerSync depth 1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	unit.SetTracer(doc, nil)
	rec.Reset()
	if err := ub.Use(context.Background(), "event.triggerSync", "click", nil, doc.GetElementByID("y")); err != nil {
		t.Fatal(err)
	}
	rec.AssertCalls(t)
}

// A unit's own tracer wins over the document's recorder.
func TestRecorder_UnitTracerWins(t *testing.T) {
	doc := vdom.ParseString(`<main id="app"></main>`)
	rec := perktest.Record(doc)
	own := &perktest.Recorder{}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Tracer: own, Methods: unit.Methods{"h": unit.Sync(nop)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = u.Stop(context.Background()) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p, _ := perk.Events(u)
	if err := p.Add("ping", []perk.HandlerInfo{{Handler: perk.MethodName("h")}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Trigger(context.Background(), "ping", nil, nil); err != nil {
		t.Fatal(err)
	}
	own.AssertCalls(t, "ping main#app h")
	rec.AssertCalls(t)
}

// TestRecorder_NamesAndSelectors checks that calls name elements as the
// eventperk command's trace does, and that AssertCalls takes any selector
// the element matches, as the command's expectations do.
func TestRecorder_NamesAndSelectors(t *testing.T) {
	doc := vdom.ParseString(`<main id="app"><ul><li><button class="rm">x</button></li><li><button class="rm">y</button></li></ul></main>`)
	rec := perktest.Record(doc)
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Settings: unit.Settings{"event": `{"events": {"rm": {"rootNode": "button.rm", "handlers": {"click": {"handler": "onRemove", "options": {"confirm": true}}}}}}`},
		Methods:  unit.Methods{"onRemove": unit.Sync(nop)},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	t.Cleanup(func() { _ = u.Stop(ctx) })
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	rec.Reset()
	buttons, _ := doc.QuerySelectorAll("button.rm")
	if err := u.Cast(ctx, "event.trigger", "click", map[string]any{"id": 7}, buttons[1]); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"click main#app > ul > li:nth-child(2) > button.rm onRemove"}, rec.Calls()); diff == "" {
		t.Fatal("the recorder still names elements as tag#id paths")
	}
	if diff := cmp.Diff([]string{"click #app > ul > li:nth-child(2) > button.rm onRemove"}, rec.Calls()); diff != "" {
		t.Errorf("Calls mismatch (-want +got):\n%s", diff)
	}
	for _, want := range []string{
		"click #app > ul > li:nth-child(2) > button.rm onRemove", // the name
		"click li:last-child button onRemove",                    // a selector with spaces
		"click button.rm onRemove",                               // a selector matching several
	} {
		tb := &fakeTB{}
		rec.AssertCalls(tb, want)
		if len(tb.errors) > 0 {
			t.Errorf("AssertCalls(%q) failed: %s", want, tb.errors[0])
		}
	}
	tb := &fakeTB{}
	rec.AssertCalls(tb, "click li:first-child button onRemove")
	if len(tb.errors) == 0 {
		t.Error("AssertCalls accepted a selector the element does not match")
	}

	// The sender is the element the event was triggered on, so it is not repeated.
	rec.ShowArgs = true
	if diff := cmp.Diff([]string{`click #app > ul > li:nth-child(2) > button.rm onRemove  detail {"id":7} · options {"confirm":true}`}, rec.Calls()); diff != "" {
		t.Errorf("Calls with ShowArgs mismatch (-want +got):\n%s", diff)
	}
	tb = &fakeTB{}
	rec.AssertCalls(tb, `click button.rm onRemove  detail {"id":7} · options {"confirm":true}`)
	if len(tb.errors) > 0 {
		t.Errorf("AssertCalls with arguments failed: %s", tb.errors[0])
	}
	tb = &fakeTB{}
	rec.AssertCalls(tb, `click button.rm onRemove  detail {"id":8} · options {"confirm":true}`)
	if len(tb.errors) == 0 {
		t.Error("AssertCalls accepted another detail")
	}
}
