package userevent_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/userevent"
)

func TestHoverBoundaryEvents(t *testing.T) {
	doc := parse(t, `<div id=outer><div id=mid><span id=inner>text</span></div></div><button id=b>B</button>`)
	listenAll(t, doc)
	u := userevent.New(doc)
	log := watch(doc)
	steps := []struct {
		name string
		do   func() error
		want []seen
	}{
		{"onto inner from nowhere", func() error { return u.Hover(byID(t, doc, "inner")) }, []seen{
			{Type: "pointerover", Target: "#inner", Button: -1},
			{Type: "pointerenter", Target: "html", Button: -1},
			{Type: "pointerenter", Target: "body", Button: -1},
			{Type: "pointerenter", Target: "#outer", Button: -1},
			{Type: "pointerenter", Target: "#mid", Button: -1},
			{Type: "pointerenter", Target: "#inner", Button: -1},
			{Type: "mouseover", Target: "#inner"},
			{Type: "mouseenter", Target: "html"},
			{Type: "mouseenter", Target: "body"},
			{Type: "mouseenter", Target: "#outer"},
			{Type: "mouseenter", Target: "#mid"},
			{Type: "mouseenter", Target: "#inner"},
			{Type: "pointermove", Target: "#inner", Button: -1},
			{Type: "mousemove", Target: "#inner"},
		}},
		{"out to outer", func() error { return u.Hover(byID(t, doc, "outer")) }, []seen{
			{Type: "pointerout", Target: "#inner", Related: "#outer", Button: -1},
			{Type: "pointerleave", Target: "#inner", Related: "#outer", Button: -1},
			{Type: "pointerleave", Target: "#mid", Related: "#outer", Button: -1},
			{Type: "pointerover", Target: "#outer", Related: "#inner", Button: -1},
			{Type: "mouseout", Target: "#inner", Related: "#outer"},
			{Type: "mouseleave", Target: "#inner", Related: "#outer"},
			{Type: "mouseleave", Target: "#mid", Related: "#outer"},
			{Type: "mouseover", Target: "#outer", Related: "#inner"},
			{Type: "pointermove", Target: "#outer", Button: -1},
			{Type: "mousemove", Target: "#outer"},
		}},
		{"again on outer: only moves", func() error { return u.Hover(byID(t, doc, "outer")) }, []seen{
			{Type: "pointermove", Target: "#outer", Button: -1},
			{Type: "mousemove", Target: "#outer"},
		}},
		{"unhover to html", func() error { return u.Unhover(byID(t, doc, "outer")) }, []seen{
			{Type: "pointerout", Target: "#outer", Related: "html", Button: -1},
			{Type: "pointerleave", Target: "#outer", Related: "html", Button: -1},
			{Type: "pointerleave", Target: "body", Related: "html", Button: -1},
			{Type: "pointerover", Target: "html", Related: "#outer", Button: -1},
			{Type: "mouseout", Target: "#outer", Related: "html"},
			{Type: "mouseleave", Target: "#outer", Related: "html"},
			{Type: "mouseleave", Target: "body", Related: "html"},
			{Type: "mouseover", Target: "html", Related: "#outer"},
			{Type: "pointermove", Target: "html", Button: -1},
			{Type: "mousemove", Target: "html"},
		}},
	}
	for _, st := range steps {
		*log = nil
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if diff := cmp.Diff(st.want, *log); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", st.name, diff)
		}
	}
}

// Chromium dispatches enter and leave only where they are listened for; a
// capturing listener on an ancestor (the document too) makes it dispatch
// them along the whole chain.
func TestHoverEnterOnlyWhereListened(t *testing.T) {
	t.Run("window only", func(t *testing.T) {
		doc := parse(t, `<div id=d><button id=b>B</button></div>`)
		log := watch(doc)
		if err := userevent.New(doc).Hover(byID(t, doc, "b")); err != nil {
			t.Fatal(err)
		}
		want := []string{"pointerover #b", "mouseover #b", "pointermove #b", "mousemove #b"}
		if diff := cmp.Diff(want, types(*log)); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("capturing listener on the div", func(t *testing.T) {
		doc := parse(t, `<div id=d><button id=b>B</button></div>`)
		log := watch(doc, "mouseenter")
		byID(t, doc, "d").AddEventListenerWith("mouseenter", noop(), captureOpt)
		if err := userevent.New(doc).Hover(byID(t, doc, "b")); err != nil {
			t.Fatal(err)
		}
		want := []string{"mouseenter document", "mouseenter html", "mouseenter body", "mouseenter #d", "mouseenter #b"}
		if diff := cmp.Diff(want, types(*log)); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	})
}

func TestHoverChecks(t *testing.T) {
	doc := parse(t, `<button id=b hidden>B</button><button id=d disabled>D</button>`)
	u := userevent.New(doc)
	if err := u.Hover(byID(t, doc, "b")); !errorsIs(err, userevent.ErrHidden) {
		t.Errorf("hover hidden: %v, want ErrHidden", err)
	}
	if err := u.Hover(nil); err == nil {
		t.Error("hover nil: no error")
	}
	if err := u.Unhover(byID(t, doc, "d")); !errorsIs(err, userevent.ErrDisabled) {
		t.Errorf("unhover disabled: %v, want ErrDisabled", err)
	}
}
