package unit_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"weak"

	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestNew_Errors(t *testing.T) {
	doc := vdom.ParseString(page)
	other := vdom.ParseString(page)
	text := doc.GetElementByID("save").FirstChild()
	for _, tc := range []struct {
		name string
		doc  *vdom.Document
		root *vdom.Node
		want error
	}{
		{"nil document", nil, doc.GetElementByID("app"), unit.ErrNotElement},
		{"nil root", doc, nil, unit.ErrNotElement},
		{"a text node", doc, text, unit.ErrNotElement},
		{"an element of another document", doc, other.GetElementByID("app"), unit.ErrNotElement},
		{"the document node", doc, &doc.Node, unit.ErrNotElement},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := unit.New(tc.doc, tc.root, unit.Options{})
			if !errors.Is(err, tc.want) || u != nil {
				t.Fatalf("New: %v, %v; want %v", u, err, tc.want)
			}
		})
	}
	t.Run("an element that has a unit", func(t *testing.T) {
		first, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Name: "first"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = unit.New(doc, doc.GetElementByID("app"), unit.Options{})
		if !errors.Is(err, unit.ErrUnitExists) {
			t.Fatalf("second New: %v, want ErrUnitExists", err)
		}
		// Once the first unit stops, the element is free.
		if err := first.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		second, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{})
		if err != nil {
			t.Fatalf("New after Stop: %v", err)
		}
		if got, _ := unit.FromElement(doc.GetElementByID("app")); got != second {
			t.Errorf("FromElement = %v, want the new unit", got)
		}
	})
}

func TestNew_NameAndAccessors(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{})
	if u.Name() != "main#app" || u.String() != "main#app" {
		t.Errorf("default name %q, want main#app", u.Name())
	}
	if u.Document() != doc || u.Root() != doc.GetElementByID("app") {
		t.Error("Document or Root wrong")
	}
	if u.Settings() == nil {
		t.Error("Settings() is nil for a unit without settings")
	}
	if _, ok := u.Section("event"); ok {
		t.Error("Section(event) present")
	}
	if u.Started() {
		t.Error("Started() before Start")
	}
	_, named := newUnit(t, "app", unit.Options{Name: "todo", Perks: &source{bySection: map[string]unit.Perk{"x": &fakePerk{name: "x"}}}, Settings: unit.Settings{"x": 1}})
	if named.Name() != "todo" {
		t.Errorf("name %q, want todo", named.Name())
	}
	if v, ok := named.Section("x"); !ok || v != 1 {
		t.Errorf("Section(x) = %v, %v", v, ok)
	}
}

func TestMethods(t *testing.T) {
	calls := 0
	m := unit.Sync(func(any, *vdom.Event, unit.Ex) error { calls++; return nil })
	opts := unit.Options{Methods: unit.Methods{"b": m, "a": m, "nil": nil}}
	_, u := newUnit(t, "app", opts)
	// The unit keeps its own copy of the map.
	delete(opts.Methods, "a")
	if diff := cmp.Diff([]string{"a", "b", "nil"}, u.MethodNames()); diff != "" {
		t.Errorf("MethodNames mismatch (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		name string
		want bool
	}{{"a", true}, {"b", true}, {"nil", false}, {"missing", false}} {
		if _, ok := u.Method(tc.name); ok != tc.want {
			t.Errorf("Method(%q) ok = %v, want %v", tc.name, ok, tc.want)
		}
	}
	u.SetMethod("c", m)
	u.SetMethod("a", nil)
	if diff := cmp.Diff([]string{"b", "c", "nil"}, u.MethodNames()); diff != "" {
		t.Errorf("MethodNames after SetMethod mismatch (-want +got):\n%s", diff)
	}
	got, _ := u.Method("c")
	if _, err := got(context.Background(), nil, nil, unit.Ex{}); err != nil || calls != 1 {
		t.Errorf("calling the method: %v, %d calls", err, calls)
	}
}

func TestSync(t *testing.T) {
	bad := errors.New("bad")
	var seen []any
	m := unit.Sync(func(sender any, e *vdom.Event, ex unit.Ex) error {
		seen = append(seen, sender, e.Type(), ex.Handler)
		return bad
	})
	aw, err := m(context.Background(), "s", vdom.NewEvent("ping"), unit.Ex{Handler: "h"})
	if aw != nil || !errors.Is(err, bad) {
		t.Errorf("Sync: %v, %v", aw, err)
	}
	if diff := cmp.Diff([]any{"s", "ping", "h"}, seen); diff != "" {
		t.Errorf("arguments mismatch (-want +got):\n%s", diff)
	}
}

func TestValues(t *testing.T) {
	_, u := newUnit(t, "app", unit.Options{})
	type key struct{}
	if u.Value(key{}) != nil {
		t.Error("value before SetValue")
	}
	u.SetValue(key{}, 3)
	if u.Value(key{}) != 3 {
		t.Errorf("Value = %v, want 3", u.Value(key{}))
	}
	u.SetValue(key{}, nil)
	if u.Value(key{}) != nil {
		t.Error("value after SetValue(nil)")
	}
	// Several keys: replacing one, deleting one in the middle and one
	// that is not there leave the others as they were.
	for i, k := range []any{"a", 1, key{}} {
		u.SetValue(k, i)
	}
	u.SetValue("a", "A")
	u.SetValue(1, nil)
	u.SetValue("missing", nil)
	got := map[string]any{"a": u.Value("a"), "1": u.Value(1), "key": u.Value(key{}), "missing": u.Value("missing")}
	want := map[string]any{"a": "A", "1": nil, "key": 2, "missing": nil}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("values (-want +got):\n%s", diff)
	}
}

func TestTracer(t *testing.T) {
	doc, u := newUnit(t, "app", unit.Options{})
	if u.Tracer() != nil {
		t.Error("tracer before SetTracer")
	}
	var docSeen, ownSeen int
	docTracer := unit.TracerFunc(func(unit.TraceEvent) { docSeen++ })
	unit.SetTracer(doc, docTracer)
	u.Tracer().Trace(unit.TraceEvent{})
	own, err := unit.New(doc, doc.GetElementByID("outside"), unit.Options{Tracer: unit.TracerFunc(func(unit.TraceEvent) { ownSeen++ })})
	if err != nil {
		t.Fatal(err)
	}
	own.Tracer().Trace(unit.TraceEvent{})
	if docSeen != 1 || ownSeen != 1 {
		t.Errorf("document tracer saw %d, own tracer %d; want 1 and 1", docSeen, ownSeen)
	}
	unit.SetTracer(doc, nil)
	if u.Tracer() != nil {
		t.Error("tracer after SetTracer(nil)")
	}
	for k, want := range map[unit.TraceKind]string{unit.HandlerStart: "start", unit.HandlerEnd: "end", unit.NoTarget: "no-target", 0: "unknown"} {
		if k.String() != want {
			t.Errorf("TraceKind(%d) = %q, want %q", k, k.String(), want)
		}
	}
}

func TestRegistry_FromElementOfUnits(t *testing.T) {
	doc := vdom.ParseString(page)
	app, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{Name: "app"})
	if err != nil {
		t.Fatal(err)
	}
	child, err := unit.New(doc, doc.GetElementByID("child"), unit.Options{Name: "child"})
	if err != nil {
		t.Fatal(err)
	}
	name := func(u *unit.Unit, ok bool) string {
		if !ok {
			return "-"
		}
		return u.Name()
	}
	for _, tc := range []struct {
		id         string
		from, near string
	}{
		{"app", "app", "app"},
		{"save", "-", "app"},
		{"child", "child", "child"},
		{"deep", "-", "child"},
		{"outside", "-", "-"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			el := doc.GetElementByID(tc.id)
			if got := name(unit.FromElement(el)); got != tc.from {
				t.Errorf("FromElement = %s, want %s", got, tc.from)
			}
			if got := name(unit.Of(el)); got != tc.near {
				t.Errorf("Of = %s, want %s", got, tc.near)
			}
		})
	}
	if _, ok := unit.FromElement(nil); ok {
		t.Error("FromElement(nil) found a unit")
	}
	if _, ok := unit.Of(nil); ok {
		t.Error("Of(nil) found a unit")
	}
	detached, _ := doc.CreateElement("div")
	if _, ok := unit.Of(detached); ok {
		t.Error("Of(detached) found a unit")
	}
	if diff := cmp.Diff([]string{"app", "child"}, names(unit.Units(doc))); diff != "" {
		t.Errorf("Units mismatch (-want +got):\n%s", diff)
	}
	// Units returns a copy.
	us := unit.Units(doc)
	us[0] = nil
	if unit.Units(doc)[0] != app {
		t.Error("Units shares its slice")
	}
	if err := child.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"app"}, names(unit.Units(doc))); diff != "" {
		t.Errorf("Units after Stop mismatch (-want +got):\n%s", diff)
	}
	if got := name(unit.Of(doc.GetElementByID("deep"))); got != "app" {
		t.Errorf("Of(deep) after the child stopped = %s, want app", got)
	}
	if unit.Units(vdom.ParseString(page)) != nil {
		t.Error("Units of a document without units is not empty")
	}
}

func names(us []*unit.Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Name())
	}
	return out
}

// A stopped unit is not kept alive by its document.
func TestStop_ReleasesTheUnit(t *testing.T) {
	doc := vdom.ParseString(page)
	wu := func() weak.Pointer[unit.Unit] {
		var keep []*unit.Unit
		for _, id := range []string{"app", "child", "outside"} {
			u, err := unit.New(doc, doc.GetElementByID(id), unit.Options{Perks: noPerks()})
			if err != nil {
				t.Fatal(err)
			}
			if err := u.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			keep = append(keep, u)
		}
		// Stop the last one made: it sat at the end of the document's list.
		if err := keep[2].Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
		return weak.Make(keep[2])
	}()
	for i := 0; i < 20 && wu.Value() != nil; i++ {
		runtime.GC()
	}
	if wu.Value() != nil {
		t.Error("the stopped unit is still reachable from its document")
	}
	if got := len(unit.Units(doc)); got != 2 {
		t.Errorf("Units: %d, want 2", got)
	}
	runtime.KeepAlive(doc)
}
