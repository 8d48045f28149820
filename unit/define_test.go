package unit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestDefine_Invalid(t *testing.T) {
	tests := []struct {
		name string
		def  unit.Definition
		want error
		msg  string
	}{
		{"neither", unit.Definition{}, unit.ErrBadDefinition, "give a Tag or a Selector"},
		{"both", unit.Definition{Tag: "a-b", Selector: "[x]"}, unit.ErrBadDefinition, "not both"},
		{"no hyphen", unit.Definition{Tag: "todolist"}, unit.ErrBadDefinition, "must contain a hyphen"},
		{"uppercase", unit.Definition{Tag: "todo-List"}, unit.ErrBadDefinition, "uppercase"},
		{"digit first", unit.Definition{Tag: "1-list"}, unit.ErrBadDefinition, "lowercase ASCII letter"},
		{"reserved", unit.Definition{Tag: "font-face"}, unit.ErrBadDefinition, "reserved"},
		{"bad character", unit.Definition{Tag: "todo-li$t"}, unit.ErrBadDefinition, `'$'`},
		{"not attributes", unit.Definition{Selector: "div.cart"}, unit.ErrBadDefinition, "attribute selectors only"},
		{"combinator", unit.Definition{Selector: "[a] [b]"}, unit.ErrBadDefinition, "found ' ' at byte 3"},
		{"unclosed", unit.Definition{Selector: "[data-unit=cart"}, unit.ErrBadDefinition, "unclosed"},
		{"bad syntax", unit.Definition{Selector: "[data-unit==cart]"}, unit.ErrBadDefinition, "selector"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := mustDefs(t).Define(tt.def)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Define = %v, want %v saying %q", err, tt.want, tt.msg)
			}
		})
	}
	defs := mustDefs(t, unit.Definition{Tag: "todo-list"}, unit.Definition{Selector: `[data-unit="cart"]`})
	for _, def := range []unit.Definition{{Tag: "todo-list"}, {Selector: `[data-unit="cart"]`}} {
		if err := defs.Define(def); !errors.Is(err, unit.ErrDefinitionExists) {
			t.Errorf("Define %+v again = %v, want ErrDefinitionExists", def, err)
		}
	}
	// Selectors with strings and escapes are attribute selectors too.
	for _, sel := range []string{`[data-unit="a]b"][data-live]`, `[data-unit='x\'y']`, `[data-unit~=cart i]`} {
		if err := defs.Define(unit.Definition{Selector: sel}); err != nil {
			t.Errorf("Define %q: %v", sel, err)
		}
	}
	if diff := cmp.Diff([]string{"todo-list", `[data-unit="cart"]`, `[data-unit="a]b"][data-live]`, `[data-unit='x\'y']`, `[data-unit~=cart i]`}, defs.Names()); diff != "" {
		t.Errorf("Names mismatch (-want +got):\n%s", diff)
	}
}

// Parsed elements are upgraded in tree order, each unit starting fully
// before the next one is made: parents before children.
func TestAttach_TreeOrder(t *testing.T) {
	var l lifeLog
	defs := mustDefs(t,
		loggedKind(&l, unit.Definition{Tag: "todo-list"}),
		loggedKind(&l, unit.Definition{Selector: "[data-unit=cart]"}),
	)
	doc := attached(t, defs, `<todo-list id="a"><p><todo-list id="b"></todo-list></p>`+
		`<div data-unit="cart" id="c"><todo-list id="d"></todo-list></div></todo-list>`+
		`<section data-unit="other" id="x"><svg><todo-list id="svg"></todo-list></svg></section>`)
	l.take(t, "new #a", "ready #a", "new #b", "ready #b", "new #c", "ready #c", "new #d", "ready #d")
	if diff := cmp.Diff([]string{"todo-list#a", "todo-list#b", "[data-unit=cart]#c", "todo-list#d"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
	// Attaching again upgrades nothing twice.
	if err := unit.Attach(context.Background(), doc, defs); err != nil {
		t.Fatal(err)
	}
	l.take(t)
	if err := unit.Attach(context.Background(), doc, mustDefs(t)); !errors.Is(err, unit.ErrOtherDefinitions) {
		t.Errorf("Attach to other definitions: %v, want ErrOtherDefinitions", err)
	}
}

// Every tree operation that inserts an element upgrades it, and every one
// that removes it stops its unit, before the operation returns.
func TestUpgrade_EachMutation(t *testing.T) {
	ctx := context.Background()
	const page = `<main id="main"><todo-list id="old"></todo-list><p id="p"></p></main>`
	fresh := func(doc *vdom.Document) *vdom.Node {
		el, err := doc.CreateElement("todo-list")
		if err != nil {
			t.Fatal(err)
		}
		if err := el.SetID("new"); err != nil {
			t.Fatal(err)
		}
		return el
	}
	tests := []struct {
		name string
		op   func(doc *vdom.Document) error
		want []string // the log after the operation
	}{
		{"AppendChild", func(doc *vdom.Document) error {
			_, err := mustEl(t, doc, "main").AppendChild(fresh(doc))
			return err
		}, []string{"new #new", "ready #new"}},
		{"InsertBefore", func(doc *vdom.Document) error {
			_, err := mustEl(t, doc, "main").InsertBefore(fresh(doc), mustEl(t, doc, "p"))
			return err
		}, []string{"new #new", "ready #new"}},
		{"Append", func(doc *vdom.Document) error {
			return mustEl(t, doc, "main").Append(fresh(doc), vdom.Text("x"))
		}, []string{"new #new", "ready #new"}},
		{"Prepend", func(doc *vdom.Document) error { return mustEl(t, doc, "main").Prepend(fresh(doc)) },
			[]string{"new #new", "ready #new"}},
		{"Before", func(doc *vdom.Document) error { return mustEl(t, doc, "p").Before(fresh(doc)) },
			[]string{"new #new", "ready #new"}},
		{"After", func(doc *vdom.Document) error { return mustEl(t, doc, "p").After(fresh(doc)) },
			[]string{"new #new", "ready #new"}},
		{"InsertAdjacentElement", func(doc *vdom.Document) error {
			_, err := mustEl(t, doc, "p").InsertAdjacentElement(vdom.AfterEnd, fresh(doc))
			return err
		}, []string{"new #new", "ready #new"}},
		{"InsertAdjacentHTML", func(doc *vdom.Document) error {
			return mustEl(t, doc, "p").InsertAdjacentHTML(vdom.BeforeBegin, `<todo-list id="new"></todo-list>`)
		}, []string{"new #new", "ready #new"}},
		{"SetInnerHTML", func(doc *vdom.Document) error {
			return mustEl(t, doc, "main").SetInnerHTML(`<todo-list id="new"></todo-list>`)
		}, []string{"stop #old", "new #new", "ready #new"}},
		{"SetOuterHTML", func(doc *vdom.Document) error {
			return mustEl(t, doc, "old").SetOuterHTML(`<todo-list id="new"></todo-list>`)
		}, []string{"stop #old", "new #new", "ready #new"}},
		{"ReplaceChild", func(doc *vdom.Document) error {
			_, err := mustEl(t, doc, "main").ReplaceChild(fresh(doc), mustEl(t, doc, "old"))
			return err
		}, []string{"stop #old", "new #new", "ready #new"}},
		{"ReplaceWith", func(doc *vdom.Document) error { return mustEl(t, doc, "old").ReplaceWith(fresh(doc)) },
			[]string{"stop #old", "new #new", "ready #new"}},
		{"ReplaceChildren", func(doc *vdom.Document) error {
			return mustEl(t, doc, "main").ReplaceChildren(fresh(doc))
		}, []string{"stop #old", "new #new", "ready #new"}},
		{"Remove", func(doc *vdom.Document) error { mustEl(t, doc, "old").Remove(); return nil },
			[]string{"stop #old"}},
		{"RemoveChild", func(doc *vdom.Document) error {
			_, err := mustEl(t, doc, "main").RemoveChild(mustEl(t, doc, "old"))
			return err
		}, []string{"stop #old"}},
		{"SetTextContent", func(doc *vdom.Document) error { mustEl(t, doc, "main").SetTextContent("gone"); return nil },
			[]string{"stop #old"}},
		{"SetInnerText", func(doc *vdom.Document) error { mustEl(t, doc, "main").SetInnerText("a\nb"); return nil },
			[]string{"stop #old"}},
		{"AdoptNode", func(doc *vdom.Document) error {
			_, err := vdom.ParseString("").AdoptNode(mustEl(t, doc, "old"))
			return err
		}, []string{"stop #old"}},
		{"a detached element's subtree changes: nothing", func(doc *vdom.Document) error {
			return fresh(doc).SetInnerHTML(`<todo-list id="inner"></todo-list>`)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l lifeLog
			defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "todo-list"}))
			doc := attached(t, defs, page)
			l.take(t, "new #old", "ready #old")
			if err := tt.op(doc); err != nil {
				t.Fatal(err)
			}
			l.take(t, tt.want...)
			if n, err := doc.RunTasks(); err != nil {
				t.Errorf("RunTasks: %d tasks, %v", n, err)
			}
			// Every unit left is connected and started; every connected
			// todo-list is one.
			els, _ := doc.QuerySelectorAll("todo-list")
			for _, el := range els {
				if u, ok := unit.FromElement(el); !ok || !u.Started() {
					t.Errorf("%v is connected but not a started unit", el)
				}
			}
			for _, u := range unit.Units(doc) {
				if !u.Root().IsConnected() || !u.Started() {
					t.Errorf("unit %s: connected %v, started %v", u, u.Root().IsConnected(), u.Started())
				}
			}
			_ = ctx
		})
	}
}

// A moved element follows the custom elements' rule: disconnected, then
// connected. Its unit stops and a new one starts.
func TestUpgrade_MovedElement(t *testing.T) {
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "todo-list"}))
	doc := attached(t, defs, `<div id="from"><todo-list id="a"><todo-list id="b"></todo-list></todo-list></div><div id="to"></div>`)
	l.take(t, "new #a", "ready #a", "new #b", "ready #b")
	before, _ := unit.FromElement(mustEl(t, doc, "a"))
	if _, err := mustEl(t, doc, "to").AppendChild(mustEl(t, doc, "a")); err != nil {
		t.Fatal(err)
	}
	l.take(t, "stop #a", "stop #b", "new #a", "ready #a", "new #b", "ready #b")
	after, _ := unit.FromElement(mustEl(t, doc, "a"))
	if after == before || before.Started() || !after.Started() {
		t.Errorf("after the move: same unit %v, old started %v, new started %v", after == before, before.Started(), after.Started())
	}
	// Moving several at once through a fragment (Append with two nodes)
	// is one operation too.
	if err := mustEl(t, doc, "from").Append(mustEl(t, doc, "b"), mustEl(t, doc, "a")); err != nil {
		t.Fatal(err)
	}
	l.take(t, "stop #b", "stop #a", "new #b", "ready #b", "new #a", "ready #a")
}

// Handlers that insert and remove units while an event is dispatched see
// them started and stopped before their tree operation returns.
func TestUpgrade_DuringDispatch(t *testing.T) {
	ctx := context.Background()
	var l lifeLog
	var seen []string
	add := unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		list := ex.Unit.Root()
		if err := list.InsertAdjacentHTML(vdom.BeforeEnd, `<todo-item id="i2"></todo-item>`); err != nil {
			return err
		}
		u, ok := unit.FromElement(mustEl(t, list.OwnerDocument(), "i2"))
		seen = append(seen, "i2 started: "+boolWord(ok && u.Started()))
		mustEl(t, list.OwnerDocument(), "i1").Remove()
		return nil
	})
	defs := mustDefs(t,
		loggedKind(&l, unit.Definition{Tag: "todo-list",
			Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"afterReady": "ready", "doStop": "stopped"}},
				"add": {"handlers": {"click": "add"}}}}`},
			Methods: unit.Methods{"add": add}}),
		loggedKind(&l, unit.Definition{Tag: "todo-item"}),
	)
	doc := attached(t, defs, `<todo-list id="list"><button id="add">+</button><todo-item id="i1"></todo-item></todo-list>`)
	l.take(t, "new #list", "ready #list", "new #i1", "ready #i1")
	if _, err := perk.Dispatch(ctx, mustEl(t, doc, "add"), vdom.NewEventWith("click", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #i2", "ready #i2", "stop #i1")
	if diff := cmp.Diff([]string{"i2 started: yes"}, seen); diff != "" {
		t.Errorf("handler saw (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"todo-list#list", "todo-item#i2"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
}

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// A definition added after the page was attached upgrades the elements
// already there: through a task the next RunTasks runs, or at once with
// Upgrade.
func TestDefine_Late(t *testing.T) {
	ctx := context.Background()
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "todo-list"}))
	doc := attached(t, defs, `<todo-list id="a"><cart-box id="c1"></cart-box></todo-list><cart-box id="c2"></cart-box>`)
	l.take(t, "new #a", "ready #a")
	if err := defs.Define(loggedKind(&l, unit.Definition{Tag: "cart-box"})); err != nil {
		t.Fatal(err)
	}
	l.take(t) // the document's goroutine has not run its tasks yet
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #c1", "ready #c1", "new #c2", "ready #c2")

	// Upgrade does it at once, and the task that comes later finds
	// nothing left to do.
	if err := defs.Define(loggedKind(&l, unit.Definition{Selector: "[data-late]"})); err != nil {
		t.Fatal(err)
	}
	if err := mustEl(t, doc, "c2").SetAttribute("data-x", "1"); err != nil {
		t.Fatal(err)
	}
	if err := doc.Body().SetInnerHTML(doc.Body().InnerHTML() + `<p data-late id="late"></p>`); err != nil {
		t.Fatal(err)
	}
	l.take(t, "stop #a", "stop #c1", "stop #c2", "new #a", "ready #a", "new #c1", "ready #c1", "new #c2", "ready #c2", "new #late", "ready #late")
	if err := defs.Define(loggedKind(&l, unit.Definition{Tag: "late-box"})); err != nil {
		t.Fatal(err)
	}
	if err := mustEl(t, doc, "late").SetInnerHTML(""); err != nil {
		t.Fatal(err)
	}
	if _, err := mustEl(t, doc, "c2").AppendChild(mustCreate(t, doc, "late-box", "lb")); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #lb", "ready #lb") // an insertion uses the definitions of now
	if err := defs.Upgrade(ctx, doc); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	l.take(t)
	if err := mustDefs(t).Upgrade(ctx, doc); !errors.Is(err, unit.ErrNotAttached) {
		t.Errorf("Upgrade with other definitions: %v, want ErrNotAttached", err)
	}
}

func mustCreate(t testing.TB, doc *vdom.Document, tag, id string) *vdom.Node {
	t.Helper()
	el, err := doc.CreateElement(tag)
	if err != nil {
		t.Fatal(err)
	}
	if err := el.SetID(id); err != nil {
		t.Fatal(err)
	}
	return el
}

// A unit that appears inside a started unit is a boundary for it at once:
// the outer unit's selections stop at it.
func TestUpgrade_NestedBoundaryForLateUnits(t *testing.T) {
	ctx := context.Background()
	defs := mustDefs(t, unit.Definition{Tag: "app-shell"}, unit.Definition{Tag: "todo-item"})
	doc := attached(t, defs, `<app-shell id="app"><button class="act" id="b1"></button></app-shell>`)
	app, _ := unit.FromElement(mustEl(t, doc, "app"))
	if err := mustEl(t, doc, "app").InsertAdjacentHTML(vdom.BeforeEnd,
		`<todo-item id="item"><button class="act" id="b2"></button></todo-item>`); err != nil {
		t.Fatal(err)
	}
	got, err := app.Select(".act, todo-item")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]*vdom.Node{mustEl(t, doc, "b1"), mustEl(t, doc, "item")}, got, byIdentity); diff != "" {
		t.Errorf("app.Select mismatch (-want +got):\n%s", diff)
	}
	if !app.IsBoundary(mustEl(t, doc, "item")) {
		t.Error("the new todo-item is not a boundary of app")
	}
	// The outer unit's handlers installed from now on stop at it too.
	ev, err := perk.Events(app)
	if err != nil {
		t.Fatal(err)
	}
	clicks := 0
	count := perk.NewFunc("count", unit.Sync(func(any, *vdom.Event, unit.Ex) error { clicks++; return nil }))
	if err := ev.Init("acts", &perk.ElementEntry{Name: "acts", RootNode: ".act",
		Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{{Handler: count}}}}}, nil); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"b1", "b2"} {
		if _, err := perk.Dispatch(ctx, mustEl(t, doc, id), vdom.NewEvent("click")); err != nil {
			t.Fatal(err)
		}
	}
	if clicks != 1 {
		t.Errorf("app's handler ran %d times, want 1 (on #b1 only)", clicks)
	}
	// When the nested unit goes, its elements are the outer unit's again.
	item, _ := unit.FromElement(mustEl(t, doc, "item"))
	if err := item.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if app.IsBoundary(mustEl(t, doc, "item")) {
		t.Error("a stopped unit is still a boundary")
	}
}

// One unit's failure is reported, and the others start all the same.
func TestUpgrade_StartErrorsIsolated(t *testing.T) {
	var l lifeLog
	boom := errors.New("boom")
	defs := mustDefs(t,
		loggedKind(&l, unit.Definition{Tag: "ok-box"}),
		loggedKind(&l, unit.Definition{Tag: "bad-box",
			Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"afterStart": "fail", "afterReady": "ready"}}}}`},
			Methods:  unit.Methods{"fail": unit.Sync(func(any, *vdom.Event, unit.Ex) error { return boom })}}),
		loggedKind(&l, unit.Definition{Tag: "new-fails", New: func(*unit.Unit) (any, error) { panic("no") }}),
	)
	doc := vdom.ParseString(`<ok-box id="a"></ok-box><bad-box id="b"></bad-box><new-fails id="n"></new-fails><ok-box id="c"></ok-box>`)
	t.Cleanup(func() { stopAll(t, doc) })
	err := unit.Attach(context.Background(), doc, defs)
	l.take(t, "new #a", "ready #a", "new #b", "new #n", "new #c", "ready #c")
	var ues []*unit.UpgradeError
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ue *unit.UpgradeError
		if !errors.As(e, &ue) {
			t.Fatalf("error %v is not an *UpgradeError", e)
		}
		ues = append(ues, ue)
	}
	type row struct{ Kind, Element, Op string }
	var got []row
	for _, ue := range ues {
		got = append(got, row{ue.Kind, ue.Element.ID(), ue.Op})
	}
	if diff := cmp.Diff([]row{{"bad-box", "b", "start"}, {"new-fails", "n", "new"}}, got); diff != "" {
		t.Errorf("errors mismatch (-want +got):\n%s\n%v", diff, err)
	}
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "New panicked: no") {
		t.Errorf("Attach error %v does not carry the causes", err)
	}
	if diff := cmp.Diff([]string{"ok-box#a", "ok-box#c"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
	for _, id := range []string{"b", "n"} {
		if _, ok := unit.FromElement(mustEl(t, doc, id)); ok {
			t.Errorf("#%s failed and still has a unit", id)
		}
	}
	// Inserted later, the failure reaches the next RunTasks as a task's
	// error; the ok-box inserted with it starts.
	if err := doc.Body().InsertAdjacentHTML(vdom.BeforeEnd, `<bad-box id="b2"></bad-box><ok-box id="d"></ok-box>`); err != nil {
		t.Fatalf("the insertion itself: %v", err)
	}
	l.take(t, "new #b2", "new #d", "ready #d")
	_, err = doc.RunTasks()
	var te *vdom.TaskError
	var ue *unit.UpgradeError
	if !errors.As(err, &te) || !errors.As(err, &ue) || ue.Element.ID() != "b2" || !errors.Is(err, boom) {
		t.Errorf("RunTasks = %v, want a TaskError with the UpgradeError of #b2", err)
	}
	// Two definitions that claim one element: it gets no unit.
	if err := defs.Define(unit.Definition{Selector: "[data-shared]"}); err != nil {
		t.Fatal(err)
	}
	err = doc.Body().InsertAdjacentHTML(vdom.BeforeEnd, `<ok-box id="e" data-shared></ok-box>`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = doc.RunTasks()
	if !errors.Is(err, unit.ErrDefinitionConflict) || !strings.Contains(err.Error(), "ok-box and [data-shared]") {
		t.Errorf("RunTasks = %v, want ErrDefinitionConflict naming both", err)
	}
	if _, ok := unit.FromElement(mustEl(t, doc, "e")); ok {
		t.Error("an element two definitions claim got a unit")
	}
}

// Template contents are never upgraded; a copy of them inserted into the
// document is.
func TestUpgrade_TemplatesIgnored(t *testing.T) {
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "todo-item"}))
	doc := attached(t, defs, `<template id="tpl"><todo-item id="t1"></todo-item></template><ul id="list"></ul>`)
	l.take(t)
	tpl := mustEl(t, doc, "tpl")
	if err := tpl.SetInnerHTML(`<todo-item id="t2"></todo-item>`); err != nil {
		t.Fatal(err)
	}
	if _, err := tpl.Content().AppendChild(mustCreate(t, doc, "todo-item", "t3")); err != nil {
		t.Fatal(err)
	}
	l.take(t)
	if _, err := mustEl(t, doc, "list").AppendChild(tpl.Content().CloneNode(true)); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #t2", "ready #t2", "new #t3", "ready #t3")
}

// A unit made by hand is left alone: definitions neither make a second
// one for its element nor stop it.
func TestUpgrade_HandMadeUnitsLeftAlone(t *testing.T) {
	ctx := context.Background()
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "todo-list"}))
	doc := vdom.ParseString(`<todo-list id="a"></todo-list>`)
	t.Cleanup(func() { stopAll(t, doc) })
	u, err := unit.New(doc, mustEl(t, doc, "a"), unit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := u.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := unit.Attach(ctx, doc, defs); err != nil {
		t.Fatal(err)
	}
	mustEl(t, doc, "a").Remove()
	l.take(t)
	if !u.Started() {
		t.Error("a hand-made unit was stopped by a removal")
	}
}

// A unit that renders elements of a kind upgrades them during its own
// transform, before its own start ends, as a custom element's innerHTML
// does.
func TestUpgrade_RenderedChildren(t *testing.T) {
	var l lifeLog
	html := `<todo-item id="c1"></todo-item><todo-item id="c2"></todo-item>`
	defs := mustDefs(t,
		loggedKind(&l, unit.Definition{Tag: "todo-list", HTML: &html}),
		loggedKind(&l, unit.Definition{Tag: "todo-item"}),
	)
	doc := attached(t, defs, `<todo-list id="p"><todo-item id="server"></todo-item></todo-list>`)
	l.take(t, "new #p", "new #c1", "ready #c1", "new #c2", "ready #c2", "ready #p")
	if diff := cmp.Diff([]string{"todo-list#p", "todo-item#c1", "todo-item#c2"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
}

// An attribute set or removed later upgrades and stops nothing: the kind
// is decided when the element is inserted (or by Upgrade).
func TestUpgrade_AttributeChangesDoNothing(t *testing.T) {
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Selector: "[data-unit=cart]"}))
	doc := attached(t, defs, `<div id="a"></div><div id="b" data-unit="cart"></div>`)
	l.take(t, "new #b", "ready #b")
	if err := mustEl(t, doc, "a").SetAttribute("data-unit", "cart"); err != nil {
		t.Fatal(err)
	}
	mustEl(t, doc, "b").RemoveAttribute("data-unit")
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	l.take(t)
	if err := defs.Upgrade(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #a", "ready #a")
	if diff := cmp.Diff([]string{"[data-unit=cart]#b", "[data-unit=cart]#a"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
}

// A unit whose element a handler removes while it starts stops there; that
// is no failure.
func TestUpgrade_RemovedWhileStarting(t *testing.T) {
	var l lifeLog
	defs := mustDefs(t, loggedKind(&l, unit.Definition{Tag: "flash-note",
		Settings: unit.Settings{"event": `{"events": {"this": {"handlers": {"afterStart": "vanish", "afterReady": "ready"}}}}`},
		Methods: unit.Methods{"vanish": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			ex.Unit.Root().Remove()
			return nil
		})}}))
	doc := attached(t, defs, `<flash-note id="a"></flash-note><flash-note id="b"></flash-note>`)
	l.take(t, "new #a", "new #b")
	if got := len(unit.Units(doc)); got != 0 {
		t.Errorf("%d units left, want 0", got)
	}
	if err := doc.Body().InsertAdjacentHTML(vdom.BeforeEnd, `<flash-note id="c"></flash-note>`); err != nil {
		t.Fatal(err)
	}
	l.take(t, "new #c")
	if _, err := doc.RunTasks(); err != nil {
		t.Errorf("RunTasks: %v, want no error", err)
	}
	if doc.Body().ChildElementCount() != 0 || len(unit.Units(doc)) != 0 {
		t.Errorf("left: %s, %d units", doc.Body().InnerHTML(), len(unit.Units(doc)))
	}
}

// The failures of units that a unit renders while Attach runs come back
// from Attach.
func TestAttach_ReturnsErrorsOfRenderedUnits(t *testing.T) {
	html := `<bad-box id="inner"></bad-box>`
	defs := mustDefs(t,
		unit.Definition{Tag: "shell-box", HTML: &html},
		unit.Definition{Tag: "bad-box", New: func(*unit.Unit) (any, error) { return nil, errors.New("no data") }},
	)
	doc := vdom.ParseString(`<shell-box id="outer"></shell-box>`)
	t.Cleanup(func() { stopAll(t, doc) })
	err := unit.Attach(context.Background(), doc, defs)
	var ue *unit.UpgradeError
	if !errors.As(err, &ue) || ue.Element.ID() != "inner" || ue.Op != "new" {
		t.Fatalf("Attach = %v, want the UpgradeError of #inner", err)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Errorf("RunTasks = %v, want nothing left to report", err)
	}
	if diff := cmp.Diff([]string{"shell-box#outer"}, unitIDs(doc)); diff != "" {
		t.Errorf("units mismatch (-want +got):\n%s", diff)
	}
}
