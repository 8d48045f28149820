package perk_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// §6.1 doApplySettings

func TestSpec6_1_DoApplySettings_InstallsEveryEntry(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		// No Render or HTML: the page's HTML stays, so every target exists
		// at doApplySettings.
		Settings: jsonSettings(`{"events": {
			"this": {"handlers": {"afterApplySettings": "applied", "doStart": "started", "ping": "onUnit"}},
			"save": {"handlers": {"click": "onSave"}},
			"items": {"rootNode": "li.item", "handlers": {"click": "onItem"}}
		}}`),
		Methods: log.methods("applied", "started", "onUnit", "onSave", "onItem"),
	})
	// The unit's own handlers, installed by doApplySettings, ran in the
	// lifecycle events after it.
	log.assert(t, "applied", "started")
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"save", "i1", "i2"} {
		if err := h.trigger("click", nil, id); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "onUnit", "onSave", "onItem", "onItem")
}

// Spec: 6.1 doApplySettings
func TestSpec6_1_DoApplySettings_IsInTheUnitsList(t *testing.T) {
	log := &callLog{}
	h := newUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "onSave"}}}}`),
		Methods:  log.methods("onSave"),
	})
	rec := h.record()
	rec.IncludePerk = true
	h.start()
	rec.AssertCalls(t,
		"doApplySettings main#app EventPerk.doApplySettings",
		"afterTransform main#app EventPerk.afterTransform",
	)
	t.Run("triggering it again installs nothing twice", func(t *testing.T) {
		if err := h.u.Cast(context.Background(), "event.trigger", "doApplySettings"); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "onSave")
	})
}

// §6.1 afterTransform

func TestSpec6_1_AfterTransform_OnlyInnerElements(t *testing.T) {
	const inner = `<button id="save">Save</button><ul><li class="item" id="i1">a</li></ul>`
	for _, tc := range []struct {
		name string
		opts func(*unit.Options)
	}{
		{"HTML", func(o *unit.Options) { s := inner; o.HTML = &s }},
		{"Render", func(o *unit.Options) {
			o.Render = func(context.Context, *unit.Unit) (string, error) { return inner, nil }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			opts := unit.Options{
				Settings: jsonSettings(`{"events": {
					"this": {"handlers": {"ping": "onUnit", "beforeTransform": "dropPing"}},
					"save": {"handlers": {"click": "onSave"}},
					"items": {"rootNode": "li.item", "handlers": {"click": "onItem"}}
				}}`),
				Methods: log.methods("onUnit", "onSave", "onItem"),
			}
			tc.opts(&opts)
			// The unit's root is empty: its inner elements exist only after
			// transform.
			h := newUnit(t, `<main id="app"></main>`, "app", opts)
			// beforeTransform removes the unit's ping handler: if
			// afterTransform installed the unit's own entry again, it would
			// be back.
			h.u.SetMethod("dropPing", unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				return ex.Unit.Use(context.Background(), "event.remove", "ping", "onUnit")
			}))
			rec := h.record()
			h.start()
			// doApplySettings found no inner target, but afterTransform did:
			// a miss before transform is not reported, since afterTransform
			// tries again.
			var noTarget []string
			for _, ev := range rec.Events() {
				if ev.Kind == unit.NoTarget {
					noTarget = append(noTarget, ev.Entry)
				}
			}
			if diff := cmp.Diff([]string(nil), noTarget); diff != "" {
				t.Errorf("NoTarget entries mismatch (-want +got):\n%s", diff)
			}
			if err := h.trigger("ping", nil, ""); err != nil {
				t.Fatal(err)
			}
			h.click("save")
			h.click("i1")
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, "onSave", "onItem")
		})
	}
}

// Without Render or HTML, doApplySettings and afterTransform both find the
// inner elements: each handler runs once all the same.
// Spec: 6.1 afterTransform
func TestSpec6_1_AfterTransform_HydrationInstallsOnce(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["a", "b"]}}, "items": {"rootNode": "li", "handlers": {"click": "c"}}}}`),
		Methods:  log.methods("a", "b", "c"),
	})
	h.click("save")
	h.click("i1")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "a", "b", "c")
}

func TestSpec6_1_AfterTransform_RenderErrorStopsStart(t *testing.T) {
	bad := errors.New("template broken")
	h := newUnit(t, `<main id="app"></main>`, "app", unit.Options{
		Render: func(context.Context, *unit.Unit) (string, error) { return "", bad },
	})
	if err := h.u.Start(context.Background()); !errors.Is(err, bad) {
		t.Fatalf("Start: %v, want the render error", err)
	}
}

// Lifecycle events fire through trigger, in order, with the settings as
// detail.
func TestLifecycle_EventsInOrder(t *testing.T) {
	h := newUnit(t, testPage, "app", unit.Options{})
	rec := h.record()
	ctx := context.Background()
	if err := h.u.Attach(ctx, perk.NewEventPerk()); err != nil {
		t.Fatal(err)
	}
	var details []bool
	f := perk.NewFunc("all", unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
		m, ok := e.Detail().(map[string]any)
		_, has := m["settings"]
		details = append(details, ok && has)
		return nil
	}))
	for _, ev := range append(append([]string{}, unit.StartEvents...), unit.StopEvents...) {
		if err := h.u.Use(ctx, "event.add", ev, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, ev := range append(append([]string{}, unit.StartEvents...), unit.StopEvents...) {
		want = append(want, ev+" main#app all")
	}
	rec.AssertCalls(t, want...)
	for i, ok := range details {
		if !ok {
			t.Errorf("event %d: detail has no settings", i)
		}
	}
	for _, ev := range rec.Events() {
		if ev.Kind == unit.HandlerStart && (ev.Mode != "trigger" || ev.Depth != 1) {
			t.Errorf("%s: mode %q depth %d, want trigger at depth 1", ev.Event, ev.Mode, ev.Depth)
		}
	}
}

func TestLifecycle_HandlerErrorStopsStart(t *testing.T) {
	bad := errors.New("no")
	log := &callLog{}
	h := newUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"beforeStart": "fail", "doStart": "never"}}}}`),
		Methods: unit.Methods{
			"fail":  func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) { return nil, bad },
			"never": log.method("never"),
		},
	})
	err := h.u.Start(context.Background())
	var he *perk.HandlerError
	if !errors.Is(err, bad) || !errors.As(err, &he) || he.Event != "beforeStart" {
		t.Fatalf("Start: %v, want the beforeStart handler's error", err)
	}
	log.assert(t)
	if h.u.Started() {
		t.Error("Started() after a failed Start")
	}
}

// Stop fires the stop events, then removes everything the perk installed.
func TestStop_RemovesEverything(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"this": {"handlers": {"beforeStop": "beforeStop", "doStop": "doStop", "afterStop": "afterStop", "click": "onUnit"}},
			"save": {"handlers": {"click": [{"handler": "onSave"}, {"handler": "onSaveCapture", "listenerOptions": {"capture": true}}]}},
			"items": {"rootNode": "li", "handlers": {"click": "onItem"}}
		}}`),
		Methods: log.methods("beforeStop", "doStop", "afterStop", "onUnit", "onSave", "onSaveCapture", "onItem", "added"),
	})
	if err := h.u.Use(context.Background(), "event.add", "click", "added", h.el("i1")); err != nil {
		t.Fatal(err)
	}
	p := h.p
	if err := h.u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "beforeStop", "doStop", "afterStop")
	for _, id := range []string{"save", "i1", "i2", "app"} {
		h.click(id)
	}
	log.assert(t)
	if got := h.u.Skills(); len(got) != 0 {
		t.Errorf("skills after Stop: %v", got)
	}
	if got := h.u.Spells(); len(got) != 0 {
		t.Errorf("spells after Stop: %v", got)
	}
	if _, err := perk.Events(h.u); !errors.Is(err, perk.ErrNotAttached) {
		t.Errorf("perk.Events after Stop: %v, want ErrNotAttached", err)
	}
	for name, call := range map[string]func() error{
		"Trigger":     func() error { return p.Trigger(context.Background(), "click", nil, nil) },
		"TriggerSync": func() error { return p.TriggerSync(context.Background(), "click", nil, nil) },
		"Add":         func() error { return p.Add("click", []perk.HandlerInfo{byName("added")}, nil, nil) },
		"Remove":      func() error { return p.Remove("click", []perk.HandlerInfo{byName("added")}, nil) },
		"Init":        func() error { return p.Init("save", nil, nil) },
		"Reset":       func() error { return p.Reset("save", nil, nil) },
	} {
		t.Run(name+" on a detached perk", func(t *testing.T) {
			if err := call(); !errors.Is(err, perk.ErrNotAttached) {
				t.Errorf("%s: %v, want ErrNotAttached", name, err)
			}
		})
	}
	if err := p.Settle(context.Background()); err != nil {
		t.Errorf("Settle on a detached perk: %v", err)
	}
	if err := h.u.Use(context.Background(), "event.add", "click", "added"); !errors.Is(err, unit.ErrUnknownSkill) {
		t.Errorf("event.add after Stop: %v, want ErrUnknownSkill", err)
	}
	if err := h.u.Cast(context.Background(), "event.trigger", "click"); !errors.Is(err, unit.ErrUnknownSpell) {
		t.Errorf("event.trigger after Stop: %v, want ErrUnknownSpell", err)
	}
}

// After Stop nothing in the document refers to the perk any more: the
// native listeners it added are gone, so the perk can be collected while
// the document lives on.
func TestStop_NativeListenersGone(t *testing.T) {
	doc := vdom.ParseString(testPage)
	wp := func() weak.Pointer[perk.EventPerk] {
		u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
			Settings: jsonSettings(`{"events": {
				"this": {"handlers": {"click": "h"}},
				"save": {"handlers": {"click": [{"handler": "h"}, {"handler": "h", "listenerOptions": {"capture": true}}]}},
				"items": {"rootNode": "li", "handlers": {"click": "h", "focus": "h"}}
			}}`),
			Methods: unit.Methods{"h": unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil })},
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		p := eventsOf(t, u)
		if err := p.Add("keyup", []perk.HandlerInfo{byName("h")}, doc.GetElementByID("other"), nil); err != nil {
			t.Fatal(err)
		}
		if err := u.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		return weak.Make(p)
	}()
	// vdom keeps the listener snapshot of the last dispatch in the
	// document's scratch space until a later dispatch overwrites it, and
	// those stale records still point at the perk's listeners. Overwrite
	// it with a dispatch of its own first.
	flush := doc.GetElementByID("other")
	for range 16 {
		flush.AddEventListener("flush", vdom.NewListener(func(*vdom.Event) {}))
	}
	if _, err := flush.DispatchEvent(vdom.NewEvent("flush")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20 && wp.Value() != nil; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if wp.Value() != nil {
		t.Error("the EventPerk is still reachable from the document after Stop")
	}
	runtime.KeepAlive(doc)
}

// A new unit on the same root after Stop starts fresh.
func TestStop_ThenNewUnitOnTheSameRoot(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "old"}}}}`),
		Methods:  log.methods("old"),
	})
	if err := h.u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	u2, err := unit.New(h.doc, h.el("app"), unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "new"}}}}`),
		Methods:  log.methods("new"),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u2) })
	if err := u2.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	if err := eventsOf(t, u2).Settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "new")
}

// Stop waits for the work of dispatched events and reports its errors.
func TestStop_CollectsBackgroundWork(t *testing.T) {
	log := &callLog{}
	release := make(chan struct{})
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["slow", "after"]}}}}`),
		Methods: unit.Methods{
			"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
				log.add("slow")
				return vdom.Go(func() error { <-release; return nil }), nil
			},
			"after": log.method("after"),
		},
	})
	h.click("save")
	log.assert(t, "slow")
	go func() { time.Sleep(5 * time.Millisecond); close(release) }()
	if err := h.u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "after")
}

// Nested units each have their own perk; the outer unit's settings do not
// reach into the inner unit, and stopping one leaves the other working.
func TestNestedUnits_Independent(t *testing.T) {
	const page = `<main id="app"><button id="a">a</button><section id="child"><button id="b">b</button></section></main>`
	doc := vdom.ParseString(page)
	log := &callLog{}
	rec := perktest.Record(doc)
	mk := func(id, js string) *unit.Unit {
		u, err := unit.New(doc, doc.GetElementByID(id), unit.Options{Settings: jsonSettings(js), Methods: log.methods("outer", "inner")})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { stopQuietly(t, u) })
		return u
	}
	outer := mk("app", `{"events": {"items": {"rootNode": "button", "handlers": {"click": "outer"}}}}`)
	inner := mk("child", `{"events": {"items": {"rootNode": "button", "handlers": {"click": "inner"}}}}`)
	for _, u := range []*unit.Unit{inner, outer} {
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"a", "b"} {
		if _, err := doc.GetElementByID(id).DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
			t.Fatal(err)
		}
	}
	for _, u := range []*unit.Unit{inner, outer} {
		if err := eventsOf(t, u).Settle(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	rec.AssertCalls(t, "click button#a outer", "click button#b inner")
	log.take()
	if err := inner.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.GetElementByID("a").DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	if err := eventsOf(t, outer).Settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "outer")
	if strings.Contains(strings.Join(unitNames(unit.Units(doc)), ","), "child") {
		t.Errorf("units after Stop: %v", unitNames(unit.Units(doc)))
	}
}

func unitNames(us []*unit.Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Name())
	}
	return out
}

// §6.2 Rules for events and handlers.

func TestSpec6_2_Rule1_OptionsReachHandlersAsDetail(t *testing.T) {
	var got []any
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "h"}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
			got = append(got, e.Detail())
			return nil
		})},
	})
	ctx := context.Background()
	opts := map[string]any{"page": 2}
	if err := h.u.Cast(ctx, "event.trigger", "ping", opts); err != nil {
		t.Fatal(err)
	}
	if err := h.u.Use(ctx, "event.triggerSync", "ping", opts); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]any{opts, opts}, got); diff != "" {
		t.Errorf("details mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec6_2_Rule3_TriggerWaitsTriggerSyncDoesNot(t *testing.T) {
	for _, tc := range []struct {
		name string
		fire func(h *harness) error
		want []string
	}{
		{"trigger", func(h *harness) error { return h.trigger("ping", nil, "") }, []string{"slow:start", "slow:end", "next"}},
		{"triggerSync", func(h *harness) error {
			if err := h.u.Use(context.Background(), "event.triggerSync", "ping"); err != nil {
				return err
			}
			return h.settle()
		}, []string{"slow:start", "next", "slow:end"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			var doc *vdom.Document
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": ["slow", "next"]}}}}`),
				Methods: unit.Methods{
					"slow": func(context.Context, any, *vdom.Event, unit.Ex) (vdom.Awaitable, error) {
						log.add("slow:start")
						p := vdom.NewPromise()
						doc.SetTimeout(5*time.Millisecond, func() { log.add("slow:end"); p.Resolve() })
						return p, nil
					},
					"next": log.method("next"),
				},
			})
			doc = h.doc
			if err := tc.fire(h); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}

func TestSpec6_2_Rule4_StringAtRunTimeFunctionAtInstantiation(t *testing.T) {
	log := &callLog{}
	t.Run("a string names whatever method the unit has when the event runs", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "m"}}}}`)})
		for _, label := range []string{"v1", "v2"} {
			h.u.SetMethod("m", log.method(label))
			if err := h.trigger("ping", nil, ""); err != nil {
				t.Fatal(err)
			}
		}
		log.assert(t, "v1", "v2")
	})
	t.Run("a function is checked when the unit starts", func(t *testing.T) {
		h := newUnit(t, testPage, "app", unit.Options{Settings: eventSettings(onEntry("this", "ping", perk.HandlerInfo{Handler: perk.NewFunc("f", nil)}))})
		if err := h.u.Start(context.Background()); err == nil {
			t.Fatal("Start accepted a func handler without func")
		}
	})
}

func TestSpec6_2_Rule5_RootNodeMatchesSeveral(t *testing.T) {
	const page = `<main id="app"><ul>` +
		`<li id="a"><button id="ba">a</button></li>` +
		`<li id="b"><button id="bb">b</button></li>` +
		`<li id="c"><button id="bc">c</button></li>` +
		`</ul></main>`
	log := &callLog{}
	h := startUnit(t, page, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"rows": {"rootNode": "li", "handlers": {"click": {"handler": "h", "options": {"kind": "row"}}}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			log.add(ex.Element.ID() + ":" + ex.Options["kind"].(string))
			return nil
		})},
	})
	for _, id := range []string{"bc", "ba", "bb"} {
		h.click(id)
	}
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "c:row", "a:row", "b:row")
	// Each element has its own registration: removing one leaves the others.
	if err := h.u.Use(context.Background(), "event.remove", "click", "h", h.el("b")); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ba", "bb", "bc"} {
		h.click(id)
	}
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "a:row", "c:row")
}

func TestSpec6_2_Rule6_ArgumentsSenderEventEx(t *testing.T) {
	var got []string
	h := startUnit(t, testPage, "app", unit.Options{
		Name:     "app",
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": {"handler": "h", "options": {"n": 1}}}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
			got = append(got, fmt.Sprintf("%v %s %v %v", sender, e.Type(), ex.Options, ex.Unit))
			return nil
		})},
	})
	if err := h.trigger("click", map[string]any{"sender": "caller"}, "save"); err != nil {
		t.Fatal(err)
	}
	h.click("save")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"caller click map[n:1] app", "button#save click map[n:1] app"}, got); diff != "" {
		t.Errorf("arguments mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec6_2_Rule7_LibraryAndBrowserEventNames(t *testing.T) {
	library := append(append([]string{}, unit.StartEvents...), unit.StopEvents...)
	library = append(library, "beforeRefresh", "doRefresh", "afterRefresh", "afterAdopt", "afterAttributeChange")
	browser := []string{"click", "input", "change", "submit", "keydown", "focus", "blur", "touchstart"}
	h := startUnit(t, testPage, "app", unit.Options{})
	for _, name := range append(append([]string{}, library...), browser...) {
		t.Run(name, func(t *testing.T) {
			ran := 0
			f := perk.NewFunc(name, unit.Sync(func(any, *vdom.Event, unit.Ex) error { ran++; return nil }))
			if err := h.u.Use(context.Background(), "event.add", name, f, h.el("save")); err != nil {
				t.Fatal(err)
			}
			if err := h.trigger(name, nil, "save"); err != nil {
				t.Fatal(err)
			}
			if _, err := h.el("save").DispatchEvent(vdom.NewEvent(name)); err != nil {
				t.Fatal(err)
			}
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			if ran != 2 {
				t.Errorf("ran %d times, want 2", ran)
			}
		})
	}
}

// A stop handler that stops its unit again gets ErrStopped; the stop
// events run once.
func TestStop_FromAStopHandler(t *testing.T) {
	log := &callLog{}
	var inner error
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"beforeStop": "b", "doStop": "stopAgain", "afterStop": "a"}}}}`),
		Methods: unit.Methods{"b": log.method("beforeStop"), "a": log.method("afterStop"),
			"stopAgain": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
				log.add("doStop")
				inner = ex.Unit.Stop(context.Background())
				return nil
			})},
	})
	if err := h.u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(inner, unit.ErrStopped) {
		t.Errorf("Stop inside doStop: %v, want ErrStopped", inner)
	}
	log.assert(t, "beforeStop", "doStop", "afterStop")
}
