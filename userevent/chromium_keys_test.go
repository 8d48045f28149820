package userevent_test

// The keyboard actions against Chromium: the type- scenarios (recorded
// from Chromium 156) and the keys- scenarios (Chromium 148) of vdom's
// replay (vdom/testdata/browser, see tools/chromium-recorder) are played
// here through User's actions, and the events of each step compared with
// the recording. A key step is Keyboard, a type step is Keyboard of the
// text, a click step is Type of nothing (its click), a wait step moves the
// document's fake clock. The keys- scenarios include those where a
// drop-down select's popup takes the keys, which User plays and vdom's
// replay cannot.

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

var chromiumDir = filepath.Join("..", "vdom", "testdata", "browser")

type chromiumScenario struct {
	HTML       string   `json:"html"`
	Clipboard  *string  `json:"clipboard"`
	AlsoRecord []string `json:"alsoRecord"`
	Listeners  []struct {
		Cancel   string  `json:"cancel"`
		On       string  `json:"on"`
		Event    string  `json:"event"`
		SetValue *string `json:"setValue"`
	} `json:"listeners"`
	Steps []struct {
		Action string            `json:"action"`
		On     string            `json:"on"`
		Key    string            `json:"key"`
		Text   string            `json:"text"`
		Method string            `json:"method"`
		Args   []json.RawMessage `json:"args"`
		MS     int               `json:"ms"`
	} `json:"steps"`
}

// chromiumEvent is what is compared of a recorded event.
type chromiumEvent struct {
	Type             string  `json:"type"`
	Target           string  `json:"target"`
	Cancelable       bool    `json:"cancelable"`
	DefaultPrevented bool    `json:"defaultPrevented"`
	Hover            bool    `json:"hover"`
	Key              string  `json:"key"`
	Code             string  `json:"code"`
	ShiftKey         bool    `json:"shiftKey"`
	CtrlKey          bool    `json:"ctrlKey"`
	InputType        string  `json:"inputType"`
	Data             *string `json:"data"`
}

type chromiumRecording struct {
	Steps []struct {
		Events []chromiumEvent `json:"events"`
		State  struct {
			Controls []struct {
				ID    string `json:"id"`
				Value string `json:"value"`
			} `json:"controls"`
		} `json:"state"`
	} `json:"steps"`
}

// layoutKeys are the scenarios whose keys need layout, which vdom's
// replay lists as known mismatches, with the reason.
var layoutKeys = map[string]string{
	"type-page-keys": "PageUp and PageDown in a textarea move by the height of its visible rows",
}

// keyCalls are the calls of the scenarios played here.
var keyCalls = map[string]bool{"focus": true, "blur": true, "select": true, "setSelectionRange": true, "setSelectedIndex": true, "setSelected": true}

func TestKeyboardMatchesChromium(t *testing.T) {
	var files []string
	for _, prefix := range []string{"type-", "keys-"} {
		f, err := filepath.Glob(filepath.Join(chromiumDir, "scenarios", prefix+"*.json"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f...)
	}
	played := 0
	for _, file := range files {
		if name := strings.TrimSuffix(filepath.Base(file), ".json"); layoutKeys[name] != "" {
			continue
		}
		var sc chromiumScenario
		readKeyJSON(t, file, &sc)
		if !playable(&sc) {
			continue
		}
		played++
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			var want chromiumRecording
			readKeyJSON(t, filepath.Join(chromiumDir, "recorded", name+".json"), &want)
			playChromium(t, &sc, &want)
		})
	}
	// The scenarios that make calls this test does not make are vdom's
	// replay's; most are played here.
	if played < 80 {
		t.Errorf("only %d type- and keys- scenarios played", played)
	}
}

func playable(sc *chromiumScenario) bool {
	for _, st := range sc.Steps {
		switch {
		case st.Action == "call" && !keyCalls[st.Method]:
			return false
		case st.Action != "call" && st.Action != "click" && st.Action != "type" && st.Action != "key":
			// Double clicks are vdom's replay's.
			return false
		}
	}
	return true
}

func playChromium(t *testing.T, sc *chromiumScenario, want *chromiumRecording) {
	doc := keyDoc(t, sc.HTML)
	clock := vdom.NewFakeClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	doc.SetClock(clock)
	// The events and their targets; defaultPrevented is read after the
	// step, as the recorder reads it.
	type logged struct {
		e      *vdom.Event
		target string
	}
	var log []logged
	for _, typ := range append([]string{
		"click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup",
		"input", "change", "beforeinput", "submit", "reset", "invalid", "formdata", "toggle",
		"focus", "blur", "focusin", "focusout", "keydown", "keypress", "keyup", "select", "paste",
	}, sc.AlsoRecord...) {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			log = append(log, logged{e, describeTarget(e.Target())})
		}), vdom.ListenerOptions{Capture: true})
	}
	for _, l := range sc.Listeners {
		n := selectOne(t, doc, l.On)
		if l.Cancel != "" {
			n.AddEventListener(l.Cancel, vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
		}
		if l.SetValue != nil {
			v := *l.SetValue
			n.AddEventListener(l.Event, vdom.NewListener(func(*vdom.Event) {
				if err := n.SetValue(v); err != nil {
					t.Error(err)
				}
			}))
		}
	}
	u := userevent.New(doc, userevent.SkipChecks())
	for i, st := range sc.Steps {
		var modifiers, pasted bool
		var err error
		switch st.Action {
		case "click":
			err = u.Type(selectOne(t, doc, st.On), "")
		case "type":
			err = u.Keyboard(strings.NewReplacer("{", "{{", "[", "[[").Replace(st.Text))
		case "key":
			if st.Key == "Control+v" && sc.Clipboard != nil {
				// Paste has no key events: compare what comes
				// between Chromium's keydown and keyup of v.
				err, pasted = u.Paste(*sc.Clipboard), true
				break
			}
			var keys string
			keys, modifiers = keyboardSyntax(st.Key)
			err = u.Keyboard(keys)
		case "wait":
			err = clock.Advance(time.Duration(st.MS) * time.Millisecond)
		case "call":
			// A call that throws is the scenario's point, as in Chromium.
			if err = keyCall(t, selectOne(t, doc, st.On), st.Method, st.Args); errors.As(err, new(*vdom.DOMError)) {
				err = nil
			}
		}
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if _, err := doc.RunTasks(); err != nil {
			t.Fatal(err)
		}
		var got []chromiumEvent
		for _, l := range log {
			o := chromiumEventOf(l.e)
			o.Target = l.target
			got = append(got, o)
		}
		log = nil
		var wantEvents []chromiumEvent
		for _, e := range want.Steps[i].Events {
			if !e.Hover && !(pasted && (e.Type == "keydown" || e.Type == "keyup")) {
				wantEvents = append(wantEvents, e)
			}
		}
		if modifiers {
			// The recorder sets the modifier flags without pressing
			// the modifier keys; Keyboard presses them.
			got = withoutModifierKeys(got)
		}
		if diff := cmp.Diff(wantEvents, selectFirst(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("step %d (%s %s%s): events mismatch against Chromium (-want +got):\n%s", i, st.Action, st.Key, st.Text, diff)
		}
		for _, c := range want.Steps[i].State.Controls {
			if c.ID == "" {
				continue
			}
			if got := doc.GetElementByID(c.ID).Value(); got != c.Value && isControl(doc.GetElementByID(c.ID)) {
				t.Errorf("step %d: #%s value %q, Chromium %q", i, c.ID, got, c.Value)
			}
		}
	}
}

// selectFirst puts a select event before a selectionchange at the same
// element just before it, as the recorder writes them (Chromium queues the
// two in task queues of their own, whose order changes from run to run).
func selectFirst(events []chromiumEvent) []chromiumEvent {
	for i := 0; i+1 < len(events); i++ {
		if a, b := events[i], events[i+1]; a.Type == "selectionchange" && b.Type == "select" && a.Target == b.Target {
			events[i], events[i+1] = b, a
			i++
		}
	}
	return events
}

func isControl(n *vdom.Node) bool {
	switch n.LocalName() {
	case "input", "textarea", "select", "button", "option":
		return true
	}
	return false
}

// keyboardSyntax writes a recorder key name in Keyboard's syntax and
// reports whether it has modifiers.
func keyboardSyntax(name string) (string, bool) {
	parts := strings.Split(name, "+")
	key := parts[len(parts)-1]
	if key == "Space" {
		key = " "
	}
	s := "{" + key + "}"
	for _, m := range parts[:len(parts)-1] {
		s = "{" + m + ">}" + s + "{/" + m + "}"
	}
	return s, len(parts) > 1
}

func withoutModifierKeys(evs []chromiumEvent) []chromiumEvent {
	var out []chromiumEvent
	for _, e := range evs {
		switch e.Key {
		case "Shift", "Control", "Alt", "Meta":
			continue
		}
		out = append(out, e)
	}
	return out
}

func keyCall(t *testing.T, n *vdom.Node, method string, args []json.RawMessage) error {
	t.Helper()
	switch method {
	case "focus":
		return n.Focus()
	case "blur":
		return n.Blur()
	case "select":
		return n.Select()
	case "setSelectedIndex":
		var i int
		if err := json.Unmarshal(args[0], &i); err != nil {
			t.Fatal(err)
		}
		n.SetSelectedIndex(i)
		return nil
	case "setSelected":
		var on bool
		if err := json.Unmarshal(args[0], &on); err != nil {
			t.Fatal(err)
		}
		n.SetSelected(on)
		return nil
	}
	var start, end int
	var dir string
	if err := json.Unmarshal(args[0], &start); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(args[1], &end); err != nil {
		t.Fatal(err)
	}
	if len(args) > 2 {
		if err := json.Unmarshal(args[2], &dir); err != nil {
			t.Fatal(err)
		}
	}
	return n.SetSelectionRange(start, end, dir)
}

func chromiumEventOf(e *vdom.Event) chromiumEvent {
	o := chromiumEvent{Type: e.Type(), Cancelable: e.Cancelable(), DefaultPrevented: e.DefaultPrevented()}
	if k, ok := e.AsKeyboard(); ok {
		o.Key, o.Code, o.ShiftKey, o.CtrlKey = k.Key, k.Code, k.ShiftKey, k.CtrlKey
	}
	if m, ok := e.AsMouse(); ok {
		o.ShiftKey, o.CtrlKey = m.ShiftKey, m.CtrlKey
	}
	if in, ok := e.AsInput(); ok {
		o.InputType, o.Data = in.InputType, in.Data
	}
	return o
}

func describeTarget(t vdom.EventTarget) string {
	switch x := t.(type) {
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		if id := x.ID(); id != "" {
			return "#" + id
		}
		return x.LocalName()
	}
	return "?"
}

func selectOne(t *testing.T, doc *vdom.Document, sel string) *vdom.Node {
	t.Helper()
	n, err := doc.DocumentElement().QuerySelector(sel)
	if err != nil || n == nil {
		t.Fatalf("no element for %q: %v", sel, err)
	}
	return n
}

func readKeyJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}
