package perk_test

import (
	"context"
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// wantArgError checks that err is an *unit.ArgError for argument i named
// name, matching unit.ErrBadArguments.
func wantArgError(t *testing.T, err error, op string, i int, name string) {
	t.Helper()
	if !errors.Is(err, unit.ErrBadArguments) {
		t.Fatalf("error %v does not match unit.ErrBadArguments", err)
	}
	var ae *unit.ArgError
	if !errors.As(err, &ae) {
		t.Fatalf("error %v is not a *unit.ArgError", err)
	}
	got := [3]any{ae.Op, ae.Index, ae.Name}
	if diff := cmp.Diff([3]any{op, i, name}, got); diff != "" {
		t.Errorf("ArgError (op, index, name) mismatch (-want +got):\n%s", diff)
	}
}

// §4.1 add

func TestSpec4_1_Add_EventName(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a")})
	if err := h.u.Use(context.Background(), "event.add", "custom-event", "a"); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []string{"other", "custom-event"} {
		if err := h.trigger(ev, nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "a")
	for _, bad := range []any{"", 42, nil, perk.MethodName("click")} {
		err := h.u.Use(context.Background(), "event.add", bad, "a")
		wantArgError(t, err, "event.add", 0, "eventName")
	}
	if err := h.p.Add("", []perk.HandlerInfo{byName("a")}, nil, nil); err == nil {
		t.Error("Add with an empty event name: no error")
	}
}

func TestSpec4_1_Add_HandlerInfo(t *testing.T) {
	log := &callLog{}
	f := log.fn("f")
	for _, tc := range []struct {
		name string
		info any
		want []string
	}{
		{"method name string", "a", []string{"a"}},
		{"MethodName", perk.MethodName("a"), []string{"a"}},
		{"*Func", f, []string{"f"}},
		{"HandlerInfo", perk.HandlerInfo{Handler: f, Options: map[string]any{"k": 1}}, []string{"f"}},
		{"*HandlerInfo", &perk.HandlerInfo{Handler: perk.MethodName("a")}, []string{"a"}},
		{"[]HandlerInfo", []perk.HandlerInfo{ordered("a", 0), ordered("b", 1)}, []string{"b", "a"}},
		{"[]string", []string{"a", "b"}, []string{"a", "b"}},
		{"[]any mixed", []any{"a", f, perk.HandlerInfo{Handler: perk.MethodName("b"), Order: 2}}, []string{"b", "a", "f"}},
		{"[]MethodName", []perk.MethodName{"a", "b"}, []string{"a", "b"}},
		{"[]*Func", []*perk.Func{f}, []string{"f"}},
		{"[]Handler", []perk.Handler{f, perk.MethodName("a")}, []string{"f", "a"}},
		{"[]*HandlerInfo", []*perk.HandlerInfo{{Handler: perk.MethodName("a")}, {Handler: f, Order: 1}}, []string{"f", "a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a", "b")})
			if err := h.u.Use(context.Background(), "event.add", "ping", tc.info); err != nil {
				t.Fatal(err)
			}
			if err := h.trigger("ping", nil, ""); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
	h := startUnit(t, testPage, "app", unit.Options{})
	for _, tc := range []struct {
		name string
		info any
	}{
		{"int", 42},
		{"nil", nil},
		{"a bare func", log.method("m")},
		{"[]int", []int{1}},
		{"[]any with a bad element", []any{"a", 3}},
		{"nil *HandlerInfo", (*perk.HandlerInfo)(nil)},
		{"[]*HandlerInfo with a nil", []*perk.HandlerInfo{nil}},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			wantArgError(t, h.u.Use(context.Background(), "event.add", "ping", tc.info), "event.add", 1, "handlerInfo")
		})
	}
}

func TestSpec4_1_Add_Element(t *testing.T) {
	var got []string
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		got = append(got, ex.Element.String())
		return nil
	})}})
	for _, tc := range []struct {
		name string
		args []any
		want string
	}{
		{"default: the unit", []any{"ping", "h"}, "main#app"},
		{"nil: the unit", []any{"ping", "h", nil}, "main#app"},
		{"typed nil: the unit", []any{"ping", "h", (*vdom.Node)(nil)}, "main#app"},
		{"an element", []any{"ping", "h", h.el("save")}, "button#save"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			if err := h.u.Use(context.Background(), "event.add", tc.args...); err != nil {
				t.Fatal(err)
			}
			defer h.u.Use(context.Background(), "event.remove", tc.args...)
			el := tc.args[len(tc.args)-1]
			if n, ok := el.(*vdom.Node); !ok || n == nil {
				el = nil
			}
			if err := h.u.Cast(context.Background(), "event.trigger", "ping", nil, el); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{tc.want}, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("refused: not an element", func(t *testing.T) {
		wantArgError(t, h.u.Use(context.Background(), "event.add", "ping", "h", "save"), "event.add", 2, "element")
	})
}

func TestSpec4_1_Add_BindTo(t *testing.T) {
	var this []any
	h := startUnit(t, testPage, "app", unit.Options{Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		this = append(this, ex.This)
		return nil
	})}})
	type receiver struct{ name string }
	r := &receiver{"r"}
	for _, tc := range []struct {
		name string
		args []any
		want any
	}{
		{"default: the unit", []any{"a", "h"}, h.u},
		{"nil: the unit", []any{"b", "h", nil, nil}, h.u},
		{"an object", []any{"c", "h", nil, r}, r},
		{"a value", []any{"d", "h", h.el("save"), "a string"}, "a string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			this = nil
			if err := h.u.Use(context.Background(), "event.add", tc.args...); err != nil {
				t.Fatal(err)
			}
			var el *vdom.Node
			if len(tc.args) > 2 {
				el, _ = tc.args[2].(*vdom.Node)
			}
			if err := h.p.Trigger(context.Background(), tc.args[0].(string), nil, el); err != nil {
				t.Fatal(err)
			}
			if len(this) != 1 || this[0] != tc.want {
				t.Errorf("ex.This = %v, want %v", this, tc.want)
			}
		})
	}
	t.Run("too many arguments", func(t *testing.T) {
		err := h.u.Use(context.Background(), "event.add", "a", "h", nil, r, "extra")
		if !errors.Is(err, unit.ErrBadArguments) {
			t.Fatalf("Use: %v, want ErrBadArguments", err)
		}
	})
}

func TestSpec4_1_Add_InstalledTwiceRunsOnce(t *testing.T) {
	log := &callLog{}
	f := log.fn("f")
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: eventSettings(onEntry("save", "click", byName("a"), perk.HandlerInfo{Handler: f})),
		Methods:  log.methods("a"),
	})
	for range 2 {
		if err := h.u.Use(context.Background(), "event.add", "click", []any{"a", f}, h.el("save")); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.trigger("click", nil, "save"); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "a", "f")
	t.Run("another *Func with the same func is another handler", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.add", "click", perk.NewFunc("f", f.Method()), h.el("save")); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "a", "f", "f")
	})
}

// §4.2 init

func TestSpec4_2_Init_ElementName(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"late": {"handlers": {"click": "late"}},
			"this": {"handlers": {"ping": "self"}}
		}}`),
		Methods: log.methods("late", "self"),
	})
	// #late does not exist at Start; init installs the entry once it does.
	late, _ := h.doc.CreateElement("button")
	if err := late.SetID("late"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.u.Root().AppendChild(late); err != nil {
		t.Fatal(err)
	}
	h.click("late")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t)
	if err := h.u.Use(context.Background(), "event.init", "late"); err != nil {
		t.Fatal(err)
	}
	h.click("late")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "late")
	t.Run("this", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.init", "this"); err != nil { // installed already: still once
			t.Fatal(err)
		}
		if err := h.trigger("ping", nil, ""); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "self")
	})
	t.Run("no such entry", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.init", "nope"); !errors.Is(err, perk.ErrNoEntry) {
			t.Fatalf("init: %v, want ErrNoEntry", err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		wantArgError(t, h.u.Use(context.Background(), "event.init", 7), "event.init", 0, "elementName")
		wantArgError(t, h.u.Use(context.Background(), "event.init", ""), "event.init", 0, "elementName")
		if err := h.u.Use(context.Background(), "event.init"); !errors.Is(err, unit.ErrBadArguments) {
			t.Errorf("init without arguments: %v, want ErrBadArguments", err)
		}
	})
}

func TestSpec4_2_Init_EventInfo(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "fromSettings"}}}}`),
		Methods:  log.methods("fromSettings", "given"),
	})
	for _, tc := range []struct {
		name string
		info any
	}{
		{"*ElementEntry", &perk.ElementEntry{Name: "save", Handlers: []perk.EventHandlers{{Event: "focus", Handlers: []perk.HandlerInfo{byName("given")}}}}},
		{"ElementEntry", perk.ElementEntry{Name: "save", Handlers: []perk.EventHandlers{{Event: "blur", Handlers: []perk.HandlerInfo{byName("given")}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := h.u.Use(context.Background(), "event.init", "save", tc.info); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, ev := range []string{"click", "focus", "blur"} {
		if err := h.trigger(ev, nil, "save"); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "fromSettings", "given", "given")
	t.Run("given for a name the settings lack", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.init", "i1", onEntry("ignored", "ping", byName("given"))); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("ping", nil, "i1"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "given")
	})
	t.Run("nil means the settings entry", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.init", "save", nil); err != nil {
			t.Fatal(err)
		}
		if err := h.u.Use(context.Background(), "event.init", "save", (*perk.ElementEntry)(nil)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		wantArgError(t, h.u.Use(context.Background(), "event.init", "save", "click"), "event.init", 1, "eventInfo")
	})
}

func TestSpec4_2_Init_RootNode(t *testing.T) {
	const page = `<main id="app">` +
		`<ul id="l1"><li id="a" class="i">a</li></ul>` +
		`<ul id="l2"><li id="b" class="i">b</li><li id="c" class="i">c</li></ul>` +
		`</main>`
	var got []string
	h := startUnit(t, page, "app", unit.Options{Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		got = append(got, ex.Element.ID())
		return nil
	})}})
	fire := func() {
		t.Helper()
		for _, id := range []string{"a", "b", "c", "l2"} {
			if err := h.trigger("ping", nil, id); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		entry perk.ElementEntry
		root  any
		want  []string
	}{
		{"a selector inside the given root", perk.ElementEntry{Name: "items", RootNode: "li.i",
			Handlers: []perk.EventHandlers{{Event: "ping", Handlers: []perk.HandlerInfo{byName("h")}}}}, h.el("l2"), []string{"b", "c"}},
		{"default: the unit", perk.ElementEntry{Name: "items", RootNode: "li.i",
			Handlers: []perk.EventHandlers{{Event: "ping", Handlers: []perk.HandlerInfo{byName("h")}}}}, nil, []string{"a", "b", "c"}},
		{"an id inside the given root", onEntry("b", "ping", byName("h")), h.el("l2"), []string{"b"}},
		{"an id outside the given root", onEntry("a", "ping", byName("h")), h.el("l2"), nil},
		{"scoped to the given root", perk.ElementEntry{Name: "items", RootNode: "ul li",
			Handlers: []perk.EventHandlers{{Event: "ping", Handlers: []perk.HandlerInfo{byName("h")}}}}, h.el("l2"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			if err := h.u.Use(context.Background(), "event.init", tc.entry.Name, tc.entry, tc.root); err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := h.u.Use(context.Background(), "event.reset", tc.entry.Name, tc.entry, tc.root); err != nil {
					t.Fatal(err)
				}
			}()
			fire()
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("targets mismatch (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		wantArgError(t, h.u.Use(context.Background(), "event.init", "x", nil, "#l2"), "event.init", 2, "rootNode")
	})
}

// §4.3 remove

func TestSpec4_3_Remove_EventName(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "h", "pong": "h"}}}}`),
		Methods:  log.methods("h"),
	})
	if err := h.u.Use(context.Background(), "event.remove", "ping", "h"); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []string{"ping", "pong"} {
		if err := h.trigger(ev, nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "h") // pong's
	wantArgError(t, h.u.Use(context.Background(), "event.remove", 1, "h"), "event.remove", 0, "eventName")
	if err := h.u.Use(context.Background(), "event.remove", "never-added", "h"); err != nil {
		t.Errorf("removing from an event without handlers: %v", err)
	}
}

func TestSpec4_3_Remove_HandlerInfo(t *testing.T) {
	log := &callLog{}
	f := log.fn("f")
	twin := perk.NewFunc("f", f.Method())
	for _, tc := range []struct {
		name   string
		remove any
		want   []string
	}{
		{"by name", "a", []string{"f", "b"}},
		{"by MethodName", perk.MethodName("b"), []string{"a", "f"}},
		{"by *Func pointer", f, []string{"a", "b"}},
		{"another *Func with the same func removes nothing", twin, []string{"a", "f", "b"}},
		{"several", []any{"a", f}, []string{"b"}},
		{"HandlerInfo", perk.HandlerInfo{Handler: f}, []string{"a", "b"}},
		{"not installed: ignored", "zzz", []string{"a", "f", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(onEntry("save", "click", byName("a"), perk.HandlerInfo{Handler: f}, byName("b"))),
				Methods:  log.methods("a", "b"),
			})
			if err := h.u.Use(context.Background(), "event.remove", "click", tc.remove, h.el("save")); err != nil {
				t.Fatal(err)
			}
			if err := h.trigger("click", nil, "save"); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
	t.Run("installed twice, removed once: gone", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a")})
		for range 2 {
			if err := h.u.Use(context.Background(), "event.add", "ping", "a"); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.u.Use(context.Background(), "event.remove", "ping", "a"); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("ping", nil, ""); err != nil {
			t.Fatal(err)
		}
		log.assert(t)
	})
	t.Run("removed, then added again: runs", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a")})
		for _, op := range []string{"event.add", "event.remove", "event.add"} {
			if err := h.u.Use(context.Background(), op, "ping", "a"); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.trigger("ping", nil, ""); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "a")
	})
	t.Run("refused", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{})
		wantArgError(t, h.u.Use(context.Background(), "event.remove", "ping", 3), "event.remove", 1, "handlerInfo")
		if err := h.p.Remove("ping", []perk.HandlerInfo{{}}, nil); !errors.Is(err, perk.ErrNilHandler) {
			t.Errorf("Remove of a nil handler: %v, want ErrNilHandler", err)
		}
	})
}

func TestSpec4_3_Remove_Element(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": "onUnit"}}, "save": {"handlers": {"ping": "onSave"}}}}`),
		Methods:  log.methods("onUnit", "onSave"),
	})
	fire := func() {
		t.Helper()
		for _, id := range []string{"", "save"} {
			if err := h.trigger("ping", nil, id); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The wrong element: nothing removed.
	if err := h.u.Use(context.Background(), "event.remove", "ping", "onUnit", h.el("save")); err != nil {
		t.Fatal(err)
	}
	fire()
	log.assert(t, "onUnit", "onSave")
	// Default: the unit.
	if err := h.u.Use(context.Background(), "event.remove", "ping", "onUnit"); err != nil {
		t.Fatal(err)
	}
	fire()
	log.assert(t, "onSave")
	if err := h.u.Use(context.Background(), "event.remove", "ping", "onSave", h.el("save")); err != nil {
		t.Fatal(err)
	}
	fire()
	log.assert(t)
	wantArgError(t, h.u.Use(context.Background(), "event.remove", "ping", "onSave", 5), "event.remove", 2, "element")
	if err := h.u.Use(context.Background(), "event.remove", "ping", "onSave", nil, "extra"); !errors.Is(err, unit.ErrBadArguments) {
		t.Errorf("remove with four arguments: %v, want ErrBadArguments", err)
	}
}

// §4.4 reset

func TestSpec4_4_Reset_ElementName(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"save": {"handlers": {"click": "onSave", "focus": "onFocus"}},
			"items": {"rootNode": "li.item", "handlers": {"click": "onItem"}},
			"this": {"handlers": {"ping": "onPing"}}
		}}`),
		Methods: log.methods("onSave", "onFocus", "onItem", "onPing", "added"),
	})
	// A handler added at run time on the same element stays.
	if err := h.u.Use(context.Background(), "event.add", "click", "added", h.el("save")); err != nil {
		t.Fatal(err)
	}
	fire := func() {
		t.Helper()
		for _, c := range []struct{ ev, id string }{{"click", "save"}, {"focus", "save"}, {"click", "i1"}, {"click", "i2"}, {"ping", ""}} {
			if err := h.trigger(c.ev, nil, c.id); err != nil {
				t.Fatal(err)
			}
		}
	}
	fire()
	log.assert(t, "onSave", "added", "onFocus", "onItem", "onItem", "onPing")
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"save", []string{"added", "onItem", "onItem", "onPing"}},
		{"items", []string{"added", "onPing"}},
		{"this", []string{"added"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := h.u.Use(context.Background(), "event.reset", tc.name); err != nil {
				t.Fatal(err)
			}
			fire()
			log.assert(t, tc.want...)
		})
	}
	t.Run("init undoes reset", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.init", "save"); err != nil {
			t.Fatal(err)
		}
		fire()
		log.assert(t, "added", "onSave", "onFocus")
	})
	t.Run("refused", func(t *testing.T) {
		if err := h.u.Use(context.Background(), "event.reset", "nope"); !errors.Is(err, perk.ErrNoEntry) {
			t.Errorf("reset of an unknown entry: %v, want ErrNoEntry", err)
		}
		wantArgError(t, h.u.Use(context.Background(), "event.reset", nil), "event.reset", 0, "elementName")
	})
}

func TestSpec4_4_Reset_EventInfo(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ["a", "b"]}}}}`),
		Methods:  log.methods("a", "b"),
	})
	// Only what eventInfo lists is removed.
	if err := h.u.Use(context.Background(), "event.reset", "save", onEntry("save", "click", byName("b"))); err != nil {
		t.Fatal(err)
	}
	if err := h.trigger("click", nil, "save"); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "a")
	wantArgError(t, h.u.Use(context.Background(), "event.reset", "save", 1), "event.reset", 1, "eventInfo")
}

func TestSpec4_4_Reset_RootNode(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"items": {"rootNode": "li", "handlers": {"click": "onItem"}}}}`),
		Methods: unit.Methods{"onItem": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			log.add(ex.Element.ID())
			return nil
		})},
	})
	// The root is #list: both items; reset inside #i2 (no li below it)
	// removes nothing.
	if err := h.u.Use(context.Background(), "event.reset", "items", nil, h.el("i2")); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"i1", "i2"} {
		if err := h.trigger("click", nil, id); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "i1", "i2")
	if err := h.u.Use(context.Background(), "event.reset", "items", nil, h.el("list")); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"i1", "i2"} {
		if err := h.trigger("click", nil, id); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t)
	wantArgError(t, h.u.Use(context.Background(), "event.reset", "items", nil, 1), "event.reset", 2, "rootNode")
}

// Skills and spells by name.

func TestSkillsAndSpellsByName(t *testing.T) {
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "a"}}}}`),
		Methods:  (&callLog{}).methods("a"),
	})
	if diff := cmp.Diff([]string{"event.add", "event.init", "event.remove", "event.reset", "event.triggerSync"}, h.u.Skills()); diff != "" {
		t.Errorf("skills mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"event.trigger"}, h.u.Spells()); diff != "" {
		t.Errorf("spells mismatch (-want +got):\n%s", diff)
	}
	save := h.el("save")
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		call    func() error
		wantErr error
	}{
		{"event.add", func() error { return h.u.Use(ctx, "event.add", "ping", "a", save, h.u) }, nil},
		{"event.add too few", func() error { return h.u.Use(ctx, "event.add", "ping") }, unit.ErrBadArguments},
		{"event.init", func() error { return h.u.Use(ctx, "event.init", "save", nil, nil) }, nil},
		{"event.init too many", func() error { return h.u.Use(ctx, "event.init", "save", nil, nil, nil) }, unit.ErrBadArguments},
		{"event.remove", func() error { return h.u.Use(ctx, "event.remove", "ping", "a", save) }, nil},
		{"event.remove too few", func() error { return h.u.Use(ctx, "event.remove", "ping") }, unit.ErrBadArguments},
		{"event.reset", func() error { return h.u.Use(ctx, "event.reset", "save") }, nil},
		{"event.reset too few", func() error { return h.u.Use(ctx, "event.reset") }, unit.ErrBadArguments},
		{"event.triggerSync", func() error { return h.u.Use(ctx, "event.triggerSync", "click", map[string]any{"x": 1}, save) }, nil},
		{"event.triggerSync too few", func() error { return h.u.Use(ctx, "event.triggerSync") }, unit.ErrBadArguments},
		{"event.triggerSync too many", func() error { return h.u.Use(ctx, "event.triggerSync", "a", nil, nil, nil) }, unit.ErrBadArguments},
		{"event.triggerSync bad name", func() error { return h.u.Use(ctx, "event.triggerSync", 1) }, unit.ErrBadArguments},
		{"event.trigger", func() error { return h.u.Cast(ctx, "event.trigger", "click", nil, save) }, nil},
		{"event.trigger name only", func() error { return h.u.Cast(ctx, "event.trigger", "click") }, nil},
		{"event.trigger too few", func() error { return h.u.Cast(ctx, "event.trigger") }, unit.ErrBadArguments},
		{"event.trigger bad element", func() error { return h.u.Cast(ctx, "event.trigger", "click", nil, "save") }, unit.ErrBadArguments},
		{"unknown skill", func() error { return h.u.Use(ctx, "event.fire", "click") }, unit.ErrUnknownSkill},
		{"a spell is not a skill", func() error { return h.u.Use(ctx, "event.trigger", "click") }, unit.ErrUnknownSkill},
		{"unknown spell", func() error { return h.u.Cast(ctx, "event.triggerAsync", "click") }, unit.ErrUnknownSpell},
		{"a skill is not a spell", func() error { return h.u.Cast(ctx, "event.triggerSync", "click") }, unit.ErrUnknownSpell},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if tc.wantErr == nil && err != nil {
				t.Fatalf("error: %v", err)
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Fatalf("error: %v, want %v", err, tc.wantErr)
			}
		})
	}
	t.Run("bad arguments name the argument", func(t *testing.T) {
		wantArgError(t, h.u.Use(ctx, "event.triggerSync", "click", nil, 1), "event.triggerSync", 2, "element")
		wantArgError(t, h.u.Cast(ctx, "event.trigger", false), "event.trigger", 0, "eventName")
	})
}

// A handler removed while the event runs, before its turn, does not run; one
// added while it runs waits for the next event, as DOM listeners do.
func TestSpec4_3_Remove_WhileTheEventRuns(t *testing.T) {
	log := &callLog{}
	var h *harness
	h = startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"ping": ["first", "second"]}}}}`),
		Methods: unit.Methods{
			"first": unit.Sync(func(any, *vdom.Event, unit.Ex) error {
				log.add("first")
				if err := h.u.Use(context.Background(), "event.remove", "ping", "second"); err != nil {
					return err
				}
				return h.u.Use(context.Background(), "event.add", "ping", "third")
			}),
			"second": log.method("second"),
			"third":  log.method("third"),
		},
	})
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "first")
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "first", "third")
}
