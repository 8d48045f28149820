package unit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/perk/perktest"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestStart_Twice(t *testing.T) {
	_, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if !u.Started() {
		t.Error("not Started() after Start")
	}
	if err := u.Start(ctx); !errors.Is(err, unit.ErrAlreadyStarted) {
		t.Errorf("second Start: %v, want ErrAlreadyStarted", err)
	}
}

func TestStop_Twice(t *testing.T) {
	_, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if u.Started() {
		t.Error("Started() after Stop")
	}
	if err := u.Stop(ctx); !errors.Is(err, unit.ErrStopped) {
		t.Errorf("second Stop: %v, want ErrStopped", err)
	}
	if err := u.Start(ctx); !errors.Is(err, unit.ErrStopped) {
		t.Errorf("Start after Stop: %v, want ErrStopped", err)
	}
}

func TestStart_AttachesPerksInPriorityOrder(t *testing.T) {
	j := &journal{}
	mk := func(name, section string, prio int) *fakePerk {
		return &fakePerk{name: name, section: section, priority: prio, j: j}
	}
	src := &source{
		core: []unit.Perk{mk("core300", "", 300), mk("core100", "", 100)},
		bySection: map[string]unit.Perk{
			"b": mk("b200", "b", 200),
			"a": mk("a250", "a", 250),
		},
	}
	_, u := newUnit(t, "app", unit.Options{
		Perks:    src,
		Settings: unit.Settings{"b": 1, "a": 2},
		Extra:    []unit.Perk{mk("extra150", "", 150), mk("extra400", "", 400)},
	})
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	j.assert(t, "attach core100", "attach extra150", "attach b200", "attach a250", "attach core300", "attach extra400")
	if diff := cmp.Diff([][]string{{"a", "b"}}, src.asked); diff != "" {
		t.Errorf("sections asked for mismatch (-want +got):\n%s", diff)
	}
	var perks []string
	for _, p := range u.Perks() {
		perks = append(perks, p.Name())
	}
	if diff := cmp.Diff([]string{"core100", "extra150", "b200", "a250", "core300", "extra400"}, perks); diff != "" {
		t.Errorf("Perks mismatch (-want +got):\n%s", diff)
	}
	if p, ok := u.Perk("a250"); !ok || p.Name() != "a250" {
		t.Error("Perk(a250) not found")
	}
	if _, ok := u.Perk("nope"); ok {
		t.Error("Perk(nope) found")
	}
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	j.assert(t, "detach extra400", "detach core300", "detach a250", "detach b200", "detach extra150", "detach core100")
	if len(u.Perks()) != 0 {
		t.Errorf("perks after Stop: %d", len(u.Perks()))
	}
}

func TestAttach_ExplicitAndTwice(t *testing.T) {
	j := &journal{}
	p := &fakePerk{name: "p", priority: 10, j: j}
	same := &fakePerk{name: "p", priority: 10, j: j}
	_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{same}}})
	ctx := context.Background()
	if err := u.Attach(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := u.Attach(ctx, p); err != nil {
		t.Fatal(err)
	}
	// Start attaches the source's perk of the same name: a no-op.
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	j.assert(t, "attach p")
	if got, _ := u.Perk("p"); got != p {
		t.Error("the attached perk is not the explicit one")
	}
	t.Run("an Attach error names the perk", func(t *testing.T) {
		bad := errors.New("cannot")
		err := u.Attach(ctx, &fakePerk{name: "bad", j: j, attachErr: bad})
		if !errors.Is(err, bad) || !strings.Contains(err.Error(), "attach bad") {
			t.Errorf("Attach: %v", err)
		}
		if _, ok := u.Perk("bad"); ok {
			t.Error("a perk that failed to attach is listed")
		}
		j.lines = nil
	})
}

func TestStart_PerkErrors(t *testing.T) {
	bad := errors.New("cannot")
	// An unknown section is a missing dependency: New, not Start, fails.
	t.Run("an unknown section", func(t *testing.T) {
		doc := vdom.ParseString(page)
		_, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Perks: noPerks(), Settings: unit.Settings{"nope": 1}})
		if err == nil || !strings.Contains(err.Error(), `"nope"`) {
			t.Errorf("New: %v, want an error naming the section", err)
		}
	})
	t.Run("an unknown section with the perk registry", func(t *testing.T) {
		doc := vdom.ParseString(page)
		_, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Settings: unit.Settings{"evnet": "{}"}})
		if err == nil || !strings.Contains(err.Error(), `"evnet"`) || !strings.Contains(err.Error(), `"event"`) {
			t.Errorf("New: %v, want an error naming the section and the known ones", err)
		}
	})
	t.Run("a section added after New is resolved at Start", func(t *testing.T) {
		_, u := newUnit(t, "app", unit.Options{Settings: unit.Settings{}})
		u.Settings()["evnet"] = "{}"
		if err := u.Start(context.Background()); err == nil || !strings.Contains(err.Error(), `"evnet"`) {
			t.Errorf("Start: %v, want an error naming the section", err)
		}
	})
	t.Run("a perk that fails to attach", func(t *testing.T) {
		j := &journal{}
		_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{
			&fakePerk{name: "ok", priority: 1, j: j},
			&fakePerk{name: "bad", priority: 2, j: j, attachErr: bad},
			&fakePerk{name: "never", priority: 3, j: j},
		}}})
		if err := u.Start(context.Background()); !errors.Is(err, bad) {
			t.Fatalf("Start: %v, want the Attach error", err)
		}
		j.assert(t, "attach ok", "attach bad")
		if err := u.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		j.assert(t, "detach ok")
	})
	t.Run("a section no perk provides fails in New", func(t *testing.T) {
		doc := vdom.ParseString(page)
		_, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Perks: perk.Default, Settings: unit.Settings{"nope": "{}"}})
		if err == nil || !strings.Contains(err.Error(), `unknown settings section "nope"`) {
			t.Errorf("New: %v, want the unknown section named", err)
		}
	})
	t.Run("no perk source", func(t *testing.T) {
		old := unit.DefaultPerks()
		unit.SetDefaultPerks(nil)
		t.Cleanup(func() { unit.SetDefaultPerks(old) })
		// A missing dependency fails at construction, saying what to
		// import or pass, not later in Start.
		doc := vdom.ParseString(page)
		_, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Settings: unit.Settings{"event": "{}"}})
		if !errors.Is(err, unit.ErrNoPerks) {
			t.Fatalf("New: %v, want ErrNoPerks", err)
		}
		for _, want := range []string{`"github.com/eventperk/eventperk-go/perk"`, "Options.Perks", `"event"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("New error %q does not name %s", err, want)
			}
		}
		if units := unit.Units(doc); len(units) != 0 {
			t.Errorf("a unit New refused is registered: %v", units)
		}
		_, plain := newUnit(t, "outside", unit.Options{})
		if err := plain.Start(context.Background()); err != nil {
			t.Errorf("Start of a unit without settings and perks: %v", err)
		}
	})
	t.Run("Stop goes on after a Detach error and joins them", func(t *testing.T) {
		j := &journal{}
		bad2 := errors.New("also")
		_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{
			&fakePerk{name: "p1", priority: 1, j: j, detachErr: bad},
			&fakePerk{name: "p2", priority: 2, j: j, detachErr: bad2},
		}}})
		if err := u.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		err := u.Stop(context.Background())
		if !errors.Is(err, bad) || !errors.Is(err, bad2) {
			t.Errorf("Stop: %v, want both errors", err)
		}
		j.assert(t, "attach p1", "attach p2", "detach p2", "detach p1")
		if err := u.Stop(context.Background()); !errors.Is(err, unit.ErrStopped) {
			t.Errorf("Stop again: %v", err)
		}
	})
}

// The lifecycle fires its events, in order, with the trigger spell.
func TestLifecycle_EventsThroughTheTriggerSpell(t *testing.T) {
	j := &journal{}
	var details []any
	p := &fakePerk{name: "events", trigger: true, j: j, onEvent: func(_ *unit.Unit, _ string, d any) error {
		details = append(details, d)
		return nil
	}}
	settings := unit.Settings{"x": 1}
	_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{p}, bySection: map[string]unit.Perk{"x": p}}, Settings: settings})
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	want := []string{"attach events"}
	for _, ev := range unit.StartEvents {
		want = append(want, "event "+ev)
	}
	j.assert(t, want...)
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	want = nil
	for _, ev := range unit.StopEvents {
		want = append(want, "event "+ev)
	}
	j.assert(t, append(want, "detach events")...)
	for i, d := range details {
		m, ok := d.(map[string]any)
		if !ok || m["settings"] == nil {
			t.Errorf("event %d: detail %v has no settings", i, d)
		}
	}
}

func TestLifecycle_ErrorStopsStart(t *testing.T) {
	bad := errors.New("no")
	j := &journal{}
	p := &fakePerk{name: "events", trigger: true, j: j, onEvent: func(_ *unit.Unit, name string, _ any) error {
		if name == "beforeStart" {
			return bad
		}
		return nil
	}}
	_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{p}}})
	if err := u.Start(context.Background()); !errors.Is(err, bad) {
		t.Fatalf("Start: %v, want the handler's error", err)
	}
	j.assert(t, "attach events", "event beforeApplySettings", "event doApplySettings", "event afterApplySettings", "event beforeStart")
	if u.Started() {
		t.Error("Started() after a failed Start")
	}
	// Stop after a failed Start fires no stop events but detaches.
	if err := u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	j.assert(t, "detach events")
}

func TestLifecycle_ContextEndsStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	j := &journal{}
	p := &fakePerk{name: "events", trigger: true, j: j, onEvent: func(_ *unit.Unit, name string, _ any) error {
		if name == "beforeStart" {
			cancel()
		}
		return nil
	}}
	_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{p}}})
	err := u.Start(ctx)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "beforeTransform") {
		t.Fatalf("Start: %v, want context.Canceled at beforeTransform", err)
	}
}

// Without a trigger spell, the lifecycle events are dispatched plainly.
func TestLifecycle_PlainDispatchWithoutTriggerSpell(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{Perks: noPerks()})
	var got []string
	root := doc.GetElementByID("app")
	l := vdom.NewListener(func(e *vdom.Event) { got = append(got, e.Type()) })
	for _, ev := range append(append([]string{}, unit.StartEvents...), unit.StopEvents...) {
		root.AddEventListener(ev, l)
	}
	ctx := context.Background()
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(append(append([]string{}, unit.StartEvents...), unit.StopEvents...), got); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

// The lifecycle order seen by a tracer, through EventPerk.
func TestLifecycle_OrderRecordedByTracer(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{})
	rec := perktest.Record(doc)
	ctx := context.Background()
	if err := u.Attach(ctx, perk.NewEventPerk()); err != nil {
		t.Fatal(err)
	}
	all := append(append([]string{}, unit.StartEvents...), unit.StopEvents...)
	f := perk.NewFunc("seen", unit.Sync(func(any, *vdom.Event, unit.Ex) error { return nil }))
	for _, ev := range all {
		if err := u.Use(ctx, "event.add", ev, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := u.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, ev := range all {
		want = append(want, ev+" main#app seen")
	}
	rec.AssertCalls(t, want...)
}

func TestTransform(t *testing.T) {
	const inner = `<button id="rendered">R</button>`
	bad := errors.New("render failed")
	for _, tc := range []struct {
		name    string
		opts    unit.Options
		want    string
		wantErr error
	}{
		{"hydration: the page's HTML stays", unit.Options{}, "", nil},
		{"HTML", unit.Options{HTML: new(inner)}, inner, nil},
		{"Render", unit.Options{Render: func(_ context.Context, u *unit.Unit) (string, error) {
			return `<p>` + u.Name() + `</p>`, nil
		}}, "<p>main#app</p>", nil},
		{"Render wins over HTML", unit.Options{HTML: new("<i>html</i>"), Render: func(context.Context, *unit.Unit) (string, error) {
			return "<b>render</b>", nil
		}}, "<b>render</b>", nil},
		{"Render error", unit.Options{Render: func(context.Context, *unit.Unit) (string, error) { return "", bad }}, "", bad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := &journal{}
			doc := vdom.ParseString(page)
			before := doc.GetElementByID("app").InnerHTML()
			if tc.want == "" {
				tc.want = before
			}
			tc.opts.Perks = &source{core: []unit.Perk{&fakePerk{name: "events", trigger: true, j: j, onEvent: func(u *unit.Unit, name string, _ any) error {
				j.add("%s: %s", name, u.Root().InnerHTML())
				return nil
			}}}}
			u, err := unit.New(doc, doc.GetElementByID("app"), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			err = u.Start(context.Background())
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("Start: %v, want %v", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range j.lines {
				if strings.Contains(l, ": ") {
					got = append(got, l)
				}
			}
			// beforeTransform still sees the old HTML; doTransform the new.
			for _, l := range got {
				name, html, _ := strings.Cut(l, ": ")
				want := tc.want
				if name == "beforeApplySettings" || name == "doApplySettings" || name == "afterApplySettings" ||
					name == "beforeStart" || name == "beforeTransform" {
					want = before
				}
				if html != want {
					t.Errorf("%s saw %q, want %q", name, html, want)
				}
			}
		})
	}
}

// A handler that stops the unit while it starts ends the start: the unit
// stays stopped and no later start event fires.
func TestLifecycle_StopDuringStart(t *testing.T) {
	j := &journal{}
	p := &fakePerk{name: "events", trigger: true, j: j, onEvent: func(u *unit.Unit, name string, _ any) error {
		if name == "doStart" {
			return u.Stop(context.Background())
		}
		return nil
	}}
	doc, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{p}}})
	var plain []string
	root := doc.GetElementByID("app")
	for _, ev := range unit.StartEvents {
		root.AddEventListener(ev, vdom.NewListener(func(e *vdom.Event) { plain = append(plain, e.Type()) }))
	}
	err := u.Start(context.Background())
	if !errors.Is(err, unit.ErrStopped) {
		t.Errorf("Start: %v, want ErrStopped", err)
	}
	if u.Started() {
		t.Error("Started() after the unit stopped itself")
	}
	j.assert(t, "attach events", "event beforeApplySettings", "event doApplySettings", "event afterApplySettings",
		"event beforeStart", "event beforeTransform", "event doTransform", "event afterTransform", "event doStart", "detach events")
	if len(plain) != 0 {
		t.Errorf("events dispatched after Stop: %v", plain)
	}
	if err := u.Stop(context.Background()); !errors.Is(err, unit.ErrStopped) {
		t.Errorf("Stop after that: %v, want ErrStopped", err)
	}
}

// Stop called again while the unit stops (by a stop handler) is refused:
// the stop events fire once.
func TestLifecycle_StopDuringStop(t *testing.T) {
	j := &journal{}
	var inner error
	p := &fakePerk{name: "events", trigger: true, j: j, onEvent: func(u *unit.Unit, name string, _ any) error {
		if name == "doStop" {
			inner = u.Stop(context.Background())
			if err := u.Start(context.Background()); !errors.Is(err, unit.ErrStopped) {
				t.Errorf("Start while stopping: %v, want ErrStopped", err)
			}
		}
		return nil
	}}
	_, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{p}}})
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	j.lines = nil
	if err := u.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(inner, unit.ErrStopped) {
		t.Errorf("Stop inside Stop: %v, want ErrStopped", inner)
	}
	j.assert(t, "event beforeStop", "event doStop", "event afterStop", "detach events")
}

// Without a trigger spell, a listener that panics fails Start, and Stop
// reports it but goes on.
func TestLifecycle_PlainDispatchErrors(t *testing.T) {
	j := &journal{}
	doc, u := newUnit(t, "app", unit.Options{Perks: &source{core: []unit.Perk{&fakePerk{name: "p", j: j}}}})
	root := doc.GetElementByID("app")
	boom := vdom.NewListener(func(*vdom.Event) { panic("boom") })
	root.AddEventListener("doStop", boom)
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	err := u.Stop(context.Background())
	var le *vdom.ListenerError
	if !errors.As(err, &le) || le.Value != "boom" || !strings.Contains(err.Error(), "doStop") {
		t.Errorf("Stop: %v, want the doStop listener's panic", err)
	}
	j.assert(t, "attach p", "detach p")

	doc2, u2 := newUnit(t, "outside", unit.Options{Perks: noPerks()})
	doc2.GetElementByID("outside").AddEventListener("beforeStart", boom)
	if err := u2.Start(context.Background()); !errors.As(err, &le) {
		t.Errorf("Start: %v, want the beforeStart listener's panic", err)
	}
}
