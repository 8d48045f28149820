package vdom_test

// The replay of Chromium's recordings. Each file in testdata/browser/scenarios
// describes a page and steps a user or a script takes on it; the file of the
// same name in testdata/browser/recorded holds what headless Chromium did
// (recorded by tools/chromium-recorder, see its README). This test runs the
// same steps through vdom, builds the same structure, and compares the two.
// It needs no browser.
//
// What is compared, for each step: the events fired (type, target, interface,
// isTrusted, bubbles, cancelable, defaultPrevented after the step, and the
// typed fields of their interface), the result of a call (its return value or
// the name of the exception it threw), the navigations the page asked for
// (method, URL, Content-Type, body) and, after the step, the state of every
// form control, option, details, dialog, form, fieldset and link with an id
// (with the pseudo-classes of live state it matches, and for scenarios that
// ask, the selection of text controls), and the active element.
//
// Events are compared over every type the recorder listens for, the hover
// types (mouseover, mouseout, mouseenter, mouseleave, mousemove and their
// pointer counterparts) included: the replay's clicks and other pointer
// steps go through userevent, one User per scenario, whose pointer moves
// as the recorder's mouse does. Coordinates (clientX,
// screenX, ...) are not recorded: vdom has no layout.

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
)

// knownMismatches lists the scenarios where vdom does not yet do what
// Chromium does, each with the reason. The test fails for a listed scenario
// that starts to match, so the list only shrinks. With REPLAY_ALL=1 in the
// environment the listed scenarios fail with their differences too.
var knownMismatches = map[string]string{
	// Text editing.
	"type-selectionchange-document": "vdom keeps no selection of the document outside text controls (no Selection or Range, and no layout to put a caret into a paragraph's text): a click or a double click on the text of a paragraph fires selectionchange at the document in Chromium, nothing in vdom",
	"type-page-keys":                "PageUp and PageDown in a textarea move the caret by the height of its visible rows, which needs layout; vdom moves nothing there (in a single-line field Chromium moves nothing either, and neither does vdom)",

	// The pointer after a change of the tree. A User knows the element
	// under the pointer from its own moves and from the tree; Chromium
	// finds it again by hit testing at the next animation frame.
	"pointer-hover-removed-then-move": "Chromium reports the removal of the element under the pointer at the next animation frame (pointerover and mouseover at its parent, the removed element's stand-in as relatedTarget); a User reports it at its next action, so the same events come one step later",

	// A drop-down select's popup.
	"keys-select-enter-form":      gapSelectPopup,
	"keys-select-popup-alt-arrow": gapSelectPopup,
	"keys-select-popup-enter":     gapSelectPopup,
	"keys-select-popup-f4-escape": gapSelectPopup,
	"keys-select-popup-space":     gapSelectPopup,

	// Layout.
	"pointer-click-offset-image-border": "an image button submits where the click landed from the corner of its content box, inside its border and padding; without layout a User's offset is that point already, so the same offset gives other coordinates",

	// Submission.
	"submit-entries-file-multipart":    gapFormDataTwice,
	"submit-entries-textarea-setvalue": gapFormDataTwice,
	"submit-formenctype-override":      gapFormDataTwice,
	"submit-in-submit-listener-order":  gapFormDataTwice,
	"submit-method-case":               gapFormDataTwice,
	"submit-post-multipart":            gapFormDataTwice,
	"submit-post-text-plain":           gapFormDataTwice,
	"submit-post-text-plain-one-entry": gapFormDataTwice,
	"submit-post-twice":                gapFormDataTwice,
	"submit-post-twice-click":          gapFormDataTwice,
	"submit-post-urlencoded":           gapFormDataTwice,
}

// hoverNotCompared lists the scenarios whose hover events (see
// hoverTypes) are left out on both sides, each with the reason; the rest
// of them is compared. The test fails for a listed scenario whose hover
// events start to match.
var hoverNotCompared = map[string]string{
	"submit-dialog":            gapHoverAfterLayout,
	"submit-dialog-formmethod": gapHoverAfterLayout,
}

const gapHoverAfterLayout = "closing the dialog hides the button under the pointer; at the next animation frame Chromium's hit test finds the html element there (layout) and fires pointerout, pointerover, mouseout and mouseover; a User without layout leaves the pointer where it was"

// The reasons shared by several scenarios.
const (
	gapSelectPopup   = "a drop-down select's popup is Chromium's own window, which takes the keys after the one that opened it (and that one's keyup); DispatchTrusted runs the page's default actions of the key events its caller fires and opens no window. Package userevent plays the popup: its TestKeyboardMatchesChromium replays these scenarios through a User"
	gapFormDataTwice = "Chromium fires formdata twice when the form's own method attribute is post (once when POST comes from formmethod, or for GET); vdom fires it once, as the standard's form submission algorithm does, until it is known which of Chromium's two entry lists a listener's changes reach"
)

type browserScenario struct {
	Description string `json:"description"`
	HTML        string `json:"html"`
	Listeners   []struct {
		Cancel string `json:"cancel"`
		On     string `json:"on"`
		// Event and SetValue: a listener for Event that sets the value.
		Event    string  `json:"event"`
		SetValue *string `json:"setValue"`
	} `json:"listeners"`
	// Observe adds listeners that do nothing for the types on every
	// element the selector matches (Chromium dispatches mouseenter and
	// its kin only at elements that listen for them); RemoveOn removes
	// the element on when it gets an event of the type.
	Observe []struct {
		On      string   `json:"on"`
		Types   []string `json:"types"`
		Capture bool     `json:"capture"`
	} `json:"observe"`
	RemoveOn []struct {
		On   string `json:"on"`
		Type string `json:"type"`
	} `json:"removeOn"`
	// Selection: the state has the selection of text controls.
	Selection bool `json:"selection"`
	// HoldKeys: the page's tasks run between a key's down and up.
	HoldKeys bool `json:"holdKeys"`
	// Clipboard: the text on the clipboard, which Control+v pastes.
	Clipboard *string `json:"clipboard"`
	// AlsoRecord: event types recorded besides replayEventTypes.
	AlsoRecord []string `json:"alsoRecord"`
	// Location: the state has the document's URL, location.hash, the
	// :target element and the history entries added.
	Location bool `json:"location"`
	// Attributes: the state has these attributes of every element with
	// an id that has one of them.
	Attributes []string `json:"attributes"`
	// LoadEvents: the recording has the events of these types that
	// fired while the page loaded.
	LoadEvents []string `json:"loadEvents"`
	// HoldMouse: the page's tasks run while a click's button is down.
	HoldMouse bool `json:"holdMouse"`
	// KeyCodes: the key events have their keyCode and charCode.
	KeyCodes bool `json:"keyCodes"`

	Steps []browserStep `json:"steps"`
}

type browserStep struct {
	Action string            `json:"action"` // click, key, type or call
	On     string            `json:"on"`
	Key    string            `json:"key"`
	Text   string            `json:"text"`
	Method string            `json:"method"`
	Args   []json.RawMessage `json:"args"`
	Values []string          `json:"values"` // selectOptions, deselectOptions
	MS     int               `json:"ms"`     // wait
	Button string            `json:"button"` // click, press, release: left, middle, right
	Offset []float64         `json:"offset"` // click, press, release: from the top left corner
	Files  []struct {
		Name    string `json:"name"`
		Type    string `json:"type"`
		Content string `json:"content"`
	} `json:"files"` // upload
}

type browserRecording struct {
	Scenario   string          `json:"scenario"`
	Chromium   string          `json:"chromium"`
	LoadEvents []recordedEvent `json:"loadEvents"`
	Initial    pageState       `json:"initial"`
	Steps      []stepOutcome   `json:"steps"`
}

type stepOutcome struct {
	Return      *bool             `json:"return,omitempty"`
	Throws      string            `json:"throws,omitempty"`
	Events      []recordedEvent   `json:"events"`
	Navigations []recordedRequest `json:"navigations"`
	State       pageState         `json:"state"`
}

// recordedEvent has the members the recorder writes; those of an interface
// the event does not implement stay zero. JSON null (a null relatedTarget
// or submitter) reads as "", except for data.
type recordedEvent struct {
	Type             string `json:"type"`
	Target           string `json:"target"`
	Interface        string `json:"interface"`
	IsTrusted        bool   `json:"isTrusted"`
	Bubbles          bool   `json:"bubbles"`
	Cancelable       bool   `json:"cancelable"`
	DefaultPrevented bool   `json:"defaultPrevented"`
	Hover            bool   `json:"hover"`

	Button  int `json:"button"`
	Buttons int `json:"buttons"`
	Detail  int `json:"detail"`

	PointerID   int     `json:"pointerId"`
	PointerType string  `json:"pointerType"`
	IsPrimary   bool    `json:"isPrimary"`
	Width       float64 `json:"width"`
	Height      float64 `json:"height"`
	Pressure    float64 `json:"pressure"`

	Key      string `json:"key"`
	Code     string `json:"code"`
	Location int    `json:"location"`
	Repeat   bool   `json:"repeat"`
	KeyCode  *int   `json:"keyCode,omitempty"`
	CharCode *int   `json:"charCode,omitempty"`

	CtrlKey  bool `json:"ctrlKey"`
	ShiftKey bool `json:"shiftKey"`
	AltKey   bool `json:"altKey"`
	MetaKey  bool `json:"metaKey"`

	InputType string `json:"inputType"`
	// Data is nil for JSON null: InputEvent's data is nullable, and null
	// is not "".
	Data        *string `json:"data"`
	IsComposing bool    `json:"isComposing"`

	RelatedTarget string `json:"relatedTarget"`
	Submitter     string `json:"submitter"`
	OldState      string `json:"oldState"`
	NewState      string `json:"newState"`

	OldURL string `json:"oldURL"`
	NewURL string `json:"newURL"`

	// State is a PopStateEvent's state, nil for null.
	State                 any  `json:"state"`
	HasUAVisualTransition bool `json:"hasUAVisualTransition"`
}

type recordedRequest struct {
	Method      string `json:"method"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Body        string `json:"body"`
}

type pageState struct {
	ActiveElement string         `json:"activeElement"`
	Controls      []controlState `json:"controls"`

	// With the scenario's Location.
	URL          string `json:"url"`
	Hash         string `json:"hash"`
	Target       string `json:"target"`
	HistoryAdded int    `json:"historyAdded"`

	// With the scenario's Attributes: by "#id", the attributes' values.
	Attributes map[string]map[string]string `json:"attributes"`
}

type controlState struct {
	ID                string   `json:"id"`
	Value             string   `json:"value"`
	Checked           bool     `json:"checked"`
	Indeterminate     bool     `json:"indeterminate"`
	SelectedIndex     int      `json:"selectedIndex"`
	Selected          bool     `json:"selected"`
	Open              bool     `json:"open"`
	ReturnValue       string   `json:"returnValue"`
	Validity          []string `json:"validity"`
	ValidationMessage string   `json:"validationMessage"`
	WillValidate      bool     `json:"willValidate"`
	Matches           []string `json:"matches"`

	SelectionStart     *int   `json:"selectionStart,omitempty"`
	SelectionEnd       *int   `json:"selectionEnd,omitempty"`
	SelectionDirection string `json:"selectionDirection,omitempty"`
}

// statePseudoClasses are the pseudo-classes of live state the recorder
// tests each element against.
var statePseudoClasses = []string{
	":checked", ":disabled", ":enabled", ":required", ":optional", ":valid", ":invalid", ":in-range",
	":out-of-range", ":read-only", ":read-write", ":placeholder-shown", ":default", ":focus", ":focus-within",
	":focus-visible", ":indeterminate", ":any-link", ":link",
}

// The event types the recorder listens for, the hover types (which it
// marks as such) included.
var (
	replayEventTypes = []string{
		"click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup", "pointerdown", "pointerup",
		"input", "change", "beforeinput", "submit", "reset", "invalid", "formdata", "toggle",
		"focus", "blur", "focusin", "focusout", "keydown", "keypress", "keyup", "select", "paste",
		"mouseover", "mouseout", "mouseenter", "mouseleave", "mousemove",
		"pointerover", "pointerout", "pointerenter", "pointerleave", "pointermove",
	}
	browserDir = filepath.Join("testdata", "browser")
)

func TestBrowserReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(browserDir, "scenarios", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios")
	}
	seen := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			var sc browserScenario
			readJSON(t, file, &sc)
			var want browserRecording
			readJSON(t, filepath.Join(browserDir, "recorded", name+".json"), &want)
			if len(want.Steps) != len(sc.Steps) {
				t.Fatalf("recording has %d steps, scenario %d: re-record", len(want.Steps), len(sc.Steps))
			}
			got := replay(t, name, &sc)
			if why, ok := hoverNotCompared[name]; ok {
				if cmp.Equal(want.Steps, got.Steps, cmpopts.EquateEmpty()) {
					t.Errorf("hover events now match Chromium: remove it from hoverNotCompared (%s)", why)
				}
				withoutHover(want.Steps)
				withoutHover(got.Steps)
			}
			diff := cmp.Diff(want.LoadEvents, got.LoadEvents, cmpopts.EquateEmpty()) + cmp.Diff(want.Initial, got.Initial) +
				cmp.Diff(want.Steps, got.Steps, cmpopts.EquateEmpty())
			reason, known := knownMismatches[name]
			known = known && os.Getenv("REPLAY_ALL") == ""
			switch {
			case diff != "" && !known:
				t.Errorf("%s\nmismatch against Chromium %s (-want +got):\n%s", sc.Description, want.Chromium, diff)
			case diff == "" && known:
				t.Errorf("now matches Chromium: remove it from knownMismatches (%s)", reason)
			}
		})
	}
	for name := range hoverNotCompared {
		if !seen[name] {
			t.Errorf("hoverNotCompared names %s, which is no scenario", name)
		}
	}
	for name := range knownMismatches {
		if !seen[name] {
			t.Errorf("knownMismatches names %s, which is no scenario", name)
		}
	}
}

func readJSON(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// pageDocument builds the document the recorder serves for a scenario: a
// whole document as it is, a fragment inside a body.
func pageDocument(src string) string {
	if regexp.MustCompile(`(?i)^\s*(<!doctype|<html)`).MatchString(src) {
		return src
	}
	return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title></head><body>` + src + `</body></html>`
}

// loggedEvent is an event seen by the capture listener, with the
// descriptors taken when it was dispatched (the tree may change later).
type loggedEvent struct {
	ev                             *vdom.Event
	target, related, submitterDesc string
}

type replayer struct {
	t     *testing.T
	doc   *vdom.Document
	clock *vdom.FakeClock // moved by wait steps only
	user  *userevent.User // the mouse of the scenario's steps
	log   []loggedEvent
	navs  int
	sc    *browserScenario
	// held are the modifier keys held down by keyDown steps.
	held vdom.KeyboardEvent
}

func replay(t *testing.T, name string, sc *browserScenario) browserRecording {
	// Time stands still but for the wait steps: the recorder's steps
	// follow each other within a fraction of a second.
	clock := vdom.NewFakeClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	doc, err := vdom.Parse(strings.NewReader(pageDocument(sc.HTML)), vdom.WithURL("http://eventperk.test/"+name), vdom.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	// The user may act on disabled controls: the recordings show what
	// Chromium fires for them.
	r := &replayer{t: t, doc: doc, clock: clock, user: userevent.New(doc, userevent.SkipChecks()), sc: sc}
	win := doc.Window()
	for _, typ := range slices.Concat(replayEventTypes, sc.AlsoRecord) {
		win.AddEventListenerWith(typ, vdom.NewListener(r.record), vdom.ListenerOptions{Capture: true})
	}
	for _, l := range sc.Listeners {
		n := r.node(l.On)
		if l.Cancel != "" {
			n.AddEventListener(l.Cancel, vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
		}
		if l.SetValue != nil {
			v := *l.SetValue
			n.AddEventListener(l.Event, vdom.NewListener(func(*vdom.Event) {
				if err := n.SetValue(v); err != nil {
					t.Errorf("listener: %v", err)
				}
			}))
		}
	}
	r.pointerListeners(sc)
	// The tasks the parser queued (the toggle of a details parsed open)
	// run now, as they ran in Chromium while the page loaded.
	r.settle()
	var out browserRecording
	if sc.LoadEvents != nil {
		out.LoadEvents = r.take()
	}
	r.log = nil
	r.navs = len(win.Navigations())
	out.Initial = r.state()
	for _, st := range sc.Steps {
		var o stepOutcome
		switch st.Action {
		case "click":
			if st.Button != "" || st.Offset != nil {
				r.pointerStep(st)
				break
			}
			r.click(r.node(st.On))
		case "key":
			r.key(st.Key)
		case "keyDown", "keyUp":
			r.modifierKey(st.Action, st.Key)
		case "wait":
			if err := r.clock.Advance(time.Duration(st.MS) * time.Millisecond); err != nil {
				t.Errorf("wait: %v", err)
			}
		case "type":
			r.typeText(st.Text)
		case "call":
			o.Return, o.Throws = r.call(st)
		case "clickHeld":
			// The same click, its button held over a frame in Chromium.
			r.click(r.node(st.On))
		case "hover", "unhover", "dblclick", "selectOptions", "deselectOptions", "upload", "press", "release":
			r.pointerStep(st)
		default:
			t.Fatalf("unknown action %q", st.Action)
		}
		r.settle()
		o.Events = r.take()
		o.Navigations = r.takeNavigations()
		o.State = r.state()
		out.Steps = append(out.Steps, o)
	}
	return out
}

// settle runs the queued tasks (the toggle event is one), as the recorder
// lets the page's event loop run after each step.
func (r *replayer) settle() {
	if _, err := r.doc.RunTasks(); err != nil {
		r.t.Errorf("tasks: %v", err)
	}
}

func (r *replayer) node(sel string) *vdom.Node {
	n, err := r.doc.DocumentElement().QuerySelector(sel)
	if err != nil || n == nil {
		r.t.Fatalf("no element for %q: %v", sel, err)
	}
	return n
}

func (r *replayer) record(e *vdom.Event) {
	l := loggedEvent{ev: e, target: describe(e.Target())}
	if m, ok := e.AsMouse(); ok {
		l.related = describe(m.RelatedTarget)
	}
	if f, ok := e.AsFocus(); ok {
		l.related = describe(f.RelatedTarget)
	}
	if s, ok := e.AsSubmit(); ok && s.Submitter != nil {
		l.submitterDesc = describe(s.Submitter)
	}
	r.log = append(r.log, l)
}

func (r *replayer) take() []recordedEvent {
	out := []recordedEvent{}
	for _, l := range r.log {
		e := l.ev
		o := recordedEvent{
			Type: e.Type(), Target: l.target, Interface: e.Interface(),
			IsTrusted: e.IsTrusted(), Bubbles: e.Bubbles(), Cancelable: e.Cancelable(),
			DefaultPrevented: e.DefaultPrevented(),
			RelatedTarget:    l.related, Submitter: l.submitterDesc, Hover: hoverTypes[e.Type()],
		}
		if m, ok := e.AsMouse(); ok {
			o.Button, o.Buttons, o.Detail = int(m.Button), int(m.Buttons), m.Detail
			o.CtrlKey, o.ShiftKey, o.AltKey, o.MetaKey = m.CtrlKey, m.ShiftKey, m.AltKey, m.MetaKey
		}
		if p, ok := e.AsPointer(); ok {
			o.PointerID, o.PointerType, o.IsPrimary = p.PointerID, p.PointerType, p.IsPrimary
			o.Width, o.Height, o.Pressure = p.Width, p.Height, p.Pressure
		}
		if k, ok := e.AsKeyboard(); ok {
			o.Key, o.Code, o.Location, o.Repeat, o.IsComposing = k.Key, k.Code, int(k.Location), k.Repeat, k.IsComposing
			o.CtrlKey, o.ShiftKey, o.AltKey, o.MetaKey = k.CtrlKey, k.ShiftKey, k.AltKey, k.MetaKey
			if r.sc.KeyCodes {
				kc, cc := int(k.KeyCode), int(k.CharCode)
				o.KeyCode, o.CharCode = &kc, &cc
			}
		}
		if in, ok := e.AsInput(); ok {
			o.InputType, o.Data, o.IsComposing = in.InputType, in.Data, in.IsComposing
		}
		if tg, ok := e.AsToggle(); ok {
			o.OldState, o.NewState = tg.OldState, tg.NewState
		}
		if hc, ok := e.AsHashChange(); ok {
			o.OldURL, o.NewURL = hc.OldURL, hc.NewURL
		}
		if ps, ok := e.AsPopState(); ok {
			o.State, o.HasUAVisualTransition = ps.State, ps.HasUAVisualTransition
		}
		out = append(out, o)
	}
	r.log = nil
	return selectFirst(out)
}

// selectFirst puts a select event before a selectionchange at the same
// element that comes just before it, as the recorder writes them: Chromium
// queues the two in task queues of their own and their order changes from
// run to run (see the recorder's README).
func selectFirst(events []recordedEvent) []recordedEvent {
	for i := 0; i+1 < len(events); i++ {
		if a, b := events[i], events[i+1]; a.Type == "selectionchange" && b.Type == "select" && a.Target == b.Target {
			events[i], events[i+1] = b, a
			i++
		}
	}
	return events
}

var boundaryRE = regexp.MustCompile(`boundary=(\S+)`)

func (r *replayer) takeNavigations() []recordedRequest {
	all := r.doc.Window().Navigations()
	out := []recordedRequest{}
	for _, n := range all[r.navs:] {
		// The recorder sees the request on the wire, where a URL has no
		// fragment.
		u := *n.URL
		u.Fragment, u.RawFragment = "", ""
		o := recordedRequest{Method: n.Method, URL: u.String(), ContentType: n.Header.Get("Content-Type"), Body: string(n.Body)}
		if m := boundaryRE.FindStringSubmatch(o.ContentType); m != nil {
			o.ContentType = strings.Replace(o.ContentType, m[1], "BOUNDARY", 1)
			o.Body = strings.ReplaceAll(o.Body, m[1], "BOUNDARY")
		}
		out = append(out, o)
	}
	r.navs = len(all)
	return out
}

// describe names a target as the recorder does: #id for an element with
// an id, html/head/body and parentless elements by name, others by a path
// of :nth-of-type steps from the nearest of those.
func describe(t vdom.EventTarget) string {
	switch x := t.(type) {
	case nil:
		return ""
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		if x == nil {
			return ""
		}
		return describeNode(x)
	}
	return "?"
}

func describeNode(n *vdom.Node) string {
	if n.NodeType() == vdom.DocumentNode {
		return "document"
	}
	if n.NodeType() != vdom.ElementNode {
		return "#" + n.NodeName()
	}
	if id := n.ID(); id != "" {
		return "#" + id
	}
	name := n.LocalName()
	p := n.ParentElement()
	if name == "html" || name == "head" || name == "body" || p == nil {
		return name
	}
	k := 1
	for s := n.PreviousElementSibling(); s != nil; s = s.PreviousElementSibling() {
		if s.LocalName() == name {
			k++
		}
	}
	return describeNode(p) + " > " + name + ":nth-of-type(" + strconv.Itoa(k) + ")"
}

func (r *replayer) state() pageState {
	s := pageState{ActiveElement: describe(r.doc.ActiveElement()), Controls: []controlState{}}
	els, err := r.doc.DocumentElement().QuerySelectorAll("input[id], select[id], textarea[id], button[id], option[id], details[id], dialog[id], form[id], fieldset[id], a[id]")
	if err != nil {
		r.t.Fatal(err)
	}
	for _, el := range els {
		c := controlState{ID: el.ID()}
		switch el.LocalName() {
		case "input":
			c.Value = el.Value()
			if typ := el.Type(); typ == "checkbox" || typ == "radio" {
				c.Checked, c.Indeterminate = el.Checked(), el.Indeterminate()
			}
			validation(el, &c)
		case "textarea", "button":
			c.Value = el.Value()
			validation(el, &c)
		case "select":
			c.Value, c.SelectedIndex = el.Value(), el.SelectedIndex()
			validation(el, &c)
		case "option":
			c.Value, c.Selected = el.Value(), el.Selected()
		case "details":
			c.Open = el.HasAttribute("open")
		case "dialog":
			c.Open, c.ReturnValue = el.HasAttribute("open"), el.ReturnValue()
		}
		if r.sc.Selection {
			if start, ok := el.SelectionStart(); ok {
				end, _ := el.SelectionEnd()
				c.SelectionStart, c.SelectionEnd = &start, &end
				c.SelectionDirection, _ = el.SelectionDirection()
			}
		}
		c.Matches = []string{}
		for _, p := range statePseudoClasses {
			ok, err := el.Matches(p)
			if err != nil {
				r.t.Fatalf("%s: %v", p, err)
			}
			if ok {
				c.Matches = append(c.Matches, p)
			}
		}
		s.Controls = append(s.Controls, c)
	}
	if r.sc.Location {
		s.URL, s.Hash, s.HistoryAdded = r.doc.URL(), r.doc.Window().LocationHash(), r.doc.Window().HistoryLength()-1
		target, err := r.doc.DocumentElement().QuerySelector(":target")
		if err != nil {
			r.t.Fatal(err)
		}
		if target != nil {
			s.Target = describeNode(target)
		}
	}
	if r.sc.Attributes != nil {
		s.Attributes = map[string]map[string]string{}
		withID, err := r.doc.DocumentElement().QuerySelectorAll("[id]")
		if err != nil {
			r.t.Fatal(err)
		}
		for _, el := range withID {
			for _, name := range r.sc.Attributes {
				if v, ok := el.GetAttribute(name); ok {
					if s.Attributes["#"+el.ID()] == nil {
						s.Attributes["#"+el.ID()] = map[string]string{}
					}
					s.Attributes["#"+el.ID()][name] = v
				}
			}
		}
	}
	return s
}

func validation(el *vdom.Node, c *controlState) {
	v := el.Validity()
	c.Validity = []string{}
	for _, f := range []struct {
		on   bool
		name string
	}{
		{v.ValueMissing, "valueMissing"}, {v.TypeMismatch, "typeMismatch"}, {v.PatternMismatch, "patternMismatch"},
		{v.TooLong, "tooLong"}, {v.TooShort, "tooShort"}, {v.RangeUnderflow, "rangeUnderflow"},
		{v.RangeOverflow, "rangeOverflow"}, {v.StepMismatch, "stepMismatch"}, {v.BadInput, "badInput"},
		{v.CustomError, "customError"},
	} {
		if f.on {
			c.Validity = append(c.Validity, f.name)
		}
	}
	c.ValidationMessage = el.ValidationMessage()
	c.WillValidate = el.WillValidate()
}

// click clicks n through userevent, which fires what Chromium fires for
// a click of the main mouse button at the middle of n (the recorder's
// mouse moves there first).
func (r *replayer) click(n *vdom.Node) {
	if err := r.user.Click(n); err != nil {
		r.t.Errorf("click %s: %v", describe(n), err)
	}
}

// key fires what Chromium fires for a key press at the focused element
// (see keyEvent for the names).
func (r *replayer) key(name string) {
	k, ok := keyEvent(name)
	if !ok {
		r.t.Fatalf("unknown key %q", name)
	}
	r.press(k)
}

// typeText presses the key of each character of text, as the recorder's
// type step does.
func (r *replayer) typeText(text string) {
	for _, c := range text {
		r.press(charKeyEvent(string(c)))
	}
}

// press fires keydown, then keypress for a key that types a character or
// Enter unless keydown was cancelled (and not for Enter at a link, which
// keydown already followed), then keyup at the element focused by then.
// With HoldKeys the tasks queued meanwhile run before keyup.
func (r *replayer) press(k vdom.KeyboardEvent) {
	k.View = r.doc.Window()
	k.ShiftKey = k.ShiftKey || r.held.ShiftKey
	k.CtrlKey = k.CtrlKey || r.held.CtrlKey
	k.AltKey = k.AltKey || r.held.AltKey
	k.MetaKey = k.MetaKey || r.held.MetaKey
	init := vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}
	dispatch := func(typ string) bool {
		target := r.doc.ActiveElement()
		k := k
		if typ == "keypress" {
			// keypress carries the character's code in both fields.
			c := uint([]rune(k.Key)[0])
			if k.Key == "Enter" {
				c = '\r'
			}
			k.KeyCode, k.CharCode = c, c
		}
		ok, err := vdom.DispatchTrusted(target, vdom.NewKeyboardEvent(typ, vdom.KeyboardEventInit{EventInit: init, KeyboardEvent: k}))
		if err != nil {
			r.t.Errorf("dispatch %s: %v", typ, err)
		}
		return ok
	}
	target := r.doc.ActiveElement()
	types := k.Key == "Enter" || (len([]rune(k.Key)) == 1 && !k.CtrlKey && !k.AltKey && !k.MetaKey)
	down := dispatch("keydown")
	if down && types && !(k.Key == "Enter" && isLink(target)) {
		dispatch("keypress")
	}
	if down && r.sc.Clipboard != nil && k.CtrlKey && k.Key == "v" {
		// The browser's paste, which vdom leaves to userevent (vdom
		// has no clipboard).
		if err := userevent.New(r.doc, userevent.SkipChecks()).Paste(*r.sc.Clipboard); err != nil {
			r.t.Errorf("paste: %v", err)
		}
	}
	if r.sc.HoldKeys {
		r.settle()
	}
	dispatch("keyup")
}

// keyEvent resolves a key step's name as the recorder does: a named key
// or a character, after modifiers joined with "+" ("Shift+ArrowLeft",
// "Control+a"); the modifier keys send no events of their own.
func keyEvent(name string) (vdom.KeyboardEvent, bool) {
	parts := strings.Split(name, "+")
	last := parts[len(parts)-1]
	var k vdom.KeyboardEvent
	if vk, ok := namedKeyCodes[last]; ok {
		k.Key, k.Code, k.KeyCode = last, last, vk
	} else if last == "Space" {
		k.Key, k.Code, k.KeyCode = " ", "Space", 32
	} else {
		if len([]rune(last)) != 1 {
			return k, false
		}
		k = charKeyEvent(last)
	}
	for _, m := range parts[:len(parts)-1] {
		switch m {
		case "Shift":
			k.ShiftKey = true
		case "Control":
			k.CtrlKey = true
		case "Alt":
			k.AltKey = true
		case "Meta":
			k.MetaKey = true
		default:
			return k, false
		}
	}
	return k, true
}

// charKeyEvent is the key that types c on a US keyboard (the recorder's
// table): KeyA for a and A, Digit1 for 1 and !, ...; no code (and key
// code 0) for a character the keyboard has no key for.
func charKeyEvent(c string) vdom.KeyboardEvent {
	k := vdom.KeyboardEvent{Key: c}
	r := []rune(c)[0]
	switch {
	case 'a' <= r && r <= 'z':
		k.Code, k.KeyCode = "Key"+strings.ToUpper(c), uint(r-'a'+'A')
	case 'A' <= r && r <= 'Z':
		k.Code, k.KeyCode = "Key"+c, uint(r)
	case '0' <= r && r <= '9':
		k.Code, k.KeyCode = "Digit"+c, uint(r)
	default:
		if i := strings.IndexRune(")!@#$%^&*(", r); i >= 0 {
			k.Code, k.KeyCode = "Digit"+strconv.Itoa(i), uint('0'+i)
			break
		}
		for _, p := range usPunctuation {
			if strings.ContainsRune(p.chars, r) {
				k.Code, k.KeyCode = p.code, p.keyCode
			}
		}
	}
	return k
}

// usPunctuation are the other keys of a US keyboard: code, characters
// and Windows virtual key code.
var usPunctuation = []struct {
	code    string
	chars   string
	keyCode uint
}{
	{"Space", " ", 32}, {"Minus", "-_", 189}, {"Equal", "=+", 187}, {"BracketLeft", "[{", 219},
	{"BracketRight", "]}", 221}, {"Backslash", `\|`, 220}, {"Semicolon", ";:", 186}, {"Quote", `'"`, 222},
	{"Comma", ",<", 188}, {"Period", ".>", 190}, {"Slash", "/?", 191}, {"Backquote", "`~", 192},
}

// namedKeyCodes are the recorder's named keys and their Windows virtual
// key codes.
var namedKeyCodes = map[string]uint{
	"Enter": 13, "Tab": 9, "Escape": 27, "Backspace": 8, "Delete": 46, "ArrowLeft": 37, "ArrowUp": 38,
	"ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35, "PageUp": 33, "PageDown": 34, "Insert": 45,
	"F1": 112, "F2": 113, "F3": 114, "F4": 115, "F5": 116, "F6": 117, "F7": 118, "F8": 119, "F9": 120,
	"F10": 121, "F11": 122, "F12": 123,
}

// modifierKey presses (keyDown) or releases (keyUp) a modifier key through
// the scenario's User, whose mouse then carries its flag, and keeps it for
// the key steps.
func (r *replayer) modifierKey(action, key string) {
	on := action == "keyDown"
	switch key {
	case "Shift":
		r.held.ShiftKey = on
	case "Control":
		r.held.CtrlKey = on
	case "Alt":
		r.held.AltKey = on
	case "Meta":
		r.held.MetaKey = on
	default:
		r.t.Fatalf("%s %q: not a modifier key", action, key)
	}
	keys := "{" + key + ">}"
	if !on {
		keys = "{/" + key + "}"
	}
	if err := r.user.Keyboard(keys); err != nil {
		r.t.Errorf("%s %s: %v", action, key, err)
	}
}

func isLink(n *vdom.Node) bool {
	return (n.LocalName() == "a" || n.LocalName() == "area") && n.HasAttribute("href")
}

func (r *replayer) call(st browserStep) (*bool, string) {
	n := r.node(st.On)
	str := func(i int) string {
		var s string
		if err := json.Unmarshal(st.Args[i], &s); err != nil {
			r.t.Fatalf("%s: argument %d: %v", st.Method, i, err)
		}
		return s
	}
	boolean := func(i int) bool {
		var b bool
		if err := json.Unmarshal(st.Args[i], &b); err != nil {
			r.t.Fatalf("%s: argument %d: %v", st.Method, i, err)
		}
		return b
	}
	integer := func(i int) int {
		var f float64
		if err := json.Unmarshal(st.Args[i], &f); err != nil || f != math.Trunc(f) {
			r.t.Fatalf("%s: argument %d: %v", st.Method, i, err)
		}
		return int(f)
	}
	var err error
	var ret *bool
	switch st.Method {
	case "click":
		err = n.Click()
	case "focus":
		err = n.Focus()
	case "blur":
		err = n.Blur()
	case "requestSubmit":
		var sub *vdom.Node
		if len(st.Args) > 0 {
			sub = r.node(str(0))
		}
		err = n.RequestSubmit(sub)
	case "submit":
		err = n.Submit()
	case "reset":
		err = n.Reset()
	case "setValue":
		err = n.SetValue(str(0))
	case "setDefaultValue":
		n.SetDefaultValue(str(0))
	case "setChecked":
		n.SetChecked(boolean(0))
	case "setDefaultChecked":
		n.SetDefaultChecked(boolean(0))
	case "setIndeterminate":
		n.SetIndeterminate(boolean(0))
	case "setSelected":
		n.SetSelected(boolean(0))
	case "setSelectedIndex":
		n.SetSelectedIndex(integer(0))
	case "setCustomValidity":
		n.SetCustomValidity(str(0))
	case "checkValidity", "reportValidity":
		var ok bool
		if st.Method == "checkValidity" {
			ok, err = n.CheckValidity()
		} else {
			ok, err = n.ReportValidity()
		}
		ret = &ok
	case "setAttribute":
		err = n.SetAttribute(str(0), str(1))
	case "removeAttribute":
		n.RemoveAttribute(str(0))
	case "stepUp":
		err = n.StepUp(integer(0))
	case "stepDown":
		err = n.StepDown(integer(0))
	case "remove":
		n.Remove()
	case "select":
		err = n.Select()
	case "setSelectionRange":
		dir := ""
		if len(st.Args) > 2 {
			dir = str(2)
		}
		err = n.SetSelectionRange(integer(0), integer(1), dir)
	case "setSelectionStart":
		err = n.SetSelectionStart(integer(0))
	case "setSelectionEnd":
		err = n.SetSelectionEnd(integer(0))
	case "setSelectionDirection":
		err = n.SetSelectionDirection(str(0))
	case "insertAdjacentHTML":
		err = n.InsertAdjacentHTML(str(0), str(1))
	case "setRangeText":
		switch len(st.Args) {
		case 1:
			err = n.SetRangeText(str(0))
		case 3:
			err = n.SetRangeTextWith(str(0), integer(1), integer(2), "")
		default:
			err = n.SetRangeTextWith(str(0), integer(1), integer(2), vdom.SelectionMode(str(3)))
		}
	default:
		r.t.Fatalf("unknown call %q", st.Method)
	}
	if err == nil {
		return ret, ""
	}
	var de *vdom.DOMError
	if errors.As(err, &de) {
		return nil, string(de.Name)
	}
	r.t.Errorf("%s: %v", st.Method, err)
	return nil, "?"
}

// TestBrowserRecordingsComplete checks that every recording has its
// scenario and names the Chromium it came from.
func TestBrowserRecordingsComplete(t *testing.T) {
	recs, err := filepath.Glob(filepath.Join(browserDir, "recorded", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var orphans []string
	for _, f := range recs {
		name := filepath.Base(f)
		if _, err := os.Stat(filepath.Join(browserDir, "scenarios", name)); err != nil {
			orphans = append(orphans, name)
			continue
		}
		var rec browserRecording
		readJSON(t, f, &rec)
		if rec.Chromium == "" || rec.Scenario+".json" != name {
			t.Errorf("%s: scenario %q, chromium %q", name, rec.Scenario, rec.Chromium)
		}
	}
	sort.Strings(orphans)
	if len(orphans) > 0 {
		t.Errorf("recordings without a scenario: %v", orphans)
	}
}
