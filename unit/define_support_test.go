package unit_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	_ "github.com/eventperk/eventperk-go/perk" // the default perks
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// lifeLog records which units started and stopped, by element id, in order.
type lifeLog struct{ lines []string }

func (l *lifeLog) take(t *testing.T, want ...string) {
	t.Helper()
	got := l.lines
	l.lines = nil
	if want == nil {
		want = []string{}
	}
	if got == nil {
		got = []string{}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lifecycle mismatch (-want +got):\n%s", diff)
	}
}

// loggedKind defines a kind whose units log "new #id", "ready #id" (at
// afterReady, the last start event) and "stop #id" (at doStop).
func loggedKind(l *lifeLog, def unit.Definition) unit.Definition {
	id := func(u *unit.Unit) string {
		if v := u.Root().ID(); v != "" {
			return "#" + v
		}
		return u.Root().LocalName()
	}
	if def.Settings == nil {
		def.Settings = unit.Settings{"event": `{"events": {"this": {"handlers": {"afterReady": "ready", "doStop": "stopped"}}}}`}
	}
	methods := unit.Methods{
		"ready": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			l.lines = append(l.lines, "ready "+id(ex.Unit))
			return nil
		}),
		"stopped": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			l.lines = append(l.lines, "stop "+id(ex.Unit))
			return nil
		}),
	}
	for k, m := range def.Methods {
		methods[k] = m
	}
	def.Methods = methods
	next := def.New
	def.New = func(u *unit.Unit) (any, error) {
		l.lines = append(l.lines, "new "+id(u))
		if next != nil {
			return next(u)
		}
		return nil, nil
	}
	return def
}

// attached parses page and attaches it to defs, failing on errors.
func attached(t *testing.T, defs *unit.Definitions, page string) *vdom.Document {
	t.Helper()
	doc := vdom.ParseString(page)
	if err := unit.Attach(context.Background(), doc, defs); err != nil {
		t.Fatalf("Attach: %v", err)
	}
	t.Cleanup(func() { stopAll(t, doc) })
	return doc
}

// stopAll stops every unit of doc, so that no test leaves work running.
func stopAll(t *testing.T, doc *vdom.Document) {
	t.Helper()
	for _, u := range unit.Units(doc) {
		if err := u.Stop(context.Background()); err != nil && !errors.Is(err, unit.ErrStopped) {
			t.Errorf("Stop %s: %v", u, err)
		}
	}
}

// unitIDs lists the started units of doc as "kind#id", in the order they
// were made.
func unitIDs(doc *vdom.Document) []string {
	out := []string{}
	for _, u := range unit.Units(doc) {
		if u.Started() {
			out = append(out, fmt.Sprintf("%s#%s", u.Kind(), u.Root().ID()))
		}
	}
	return out
}

func mustDefs(t testing.TB, defs ...unit.Definition) *unit.Definitions {
	t.Helper()
	r, err := unit.NewDefinitions(defs...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustEl(t testing.TB, doc *vdom.Document, id string) *vdom.Node {
	t.Helper()
	el := doc.GetElementByID(id)
	if el == nil {
		t.Fatalf("no element #%s in %s", id, doc.Body().OuterHTML())
	}
	return el
}
