package vdom_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// recordedTypes are the events the activation and submission tests watch.
var recordedTypes = []string{"click", "input", "change", "submit", "reset", "formdata", "invalid", "toggle", "close"}

// record returns a log of the events of recordedTypes, as
// "type@target" with " trusted" for trusted ones, seen from the Window's
// capture listeners (which see non-bubbling events too).
func record(t testing.TB, doc *vdom.Document) *[]string {
	t.Helper()
	log := new([]string)
	for _, typ := range recordedTypes {
		doc.Window().AddEventListenerWith(typ, vdom.NewListener(func(e *vdom.Event) {
			s := fmt.Sprintf("%s@%v", e.Type(), e.Target())
			if e.IsTrusted() {
				s += " trusted"
			}
			*log = append(*log, s)
		}), vdom.ListenerOptions{Capture: true})
	}
	return log
}

// clickEvent is a user's click as a program builds it: a MouseEvent, which
// is what activation behaviour runs for.
func clickEvent() *vdom.Event {
	return vdom.NewMouseEvent("click", vdom.MouseEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}})
}

func TestCheckboxActivation(t *testing.T) {
	tests := []struct {
		name        string
		markup      string
		prevent     bool
		wantChecked bool
		wantLog     []string
		wantInClick bool // the checkedness a click listener sees
	}{
		{"unchecked becomes checked", `<input type=checkbox id=c>`, false, true,
			[]string{"click@input#c", "input@input#c trusted", "change@input#c trusted"}, true},
		{"checked becomes unchecked", `<input type=checkbox id=c checked>`, false, false,
			[]string{"click@input#c", "input@input#c trusted", "change@input#c trusted"}, false},
		{"canceled click restores", `<input type=checkbox id=c>`, true, false,
			[]string{"click@input#c"}, true},
		{"canceled click restores checked", `<input type=checkbox id=c checked>`, true, true,
			[]string{"click@input#c"}, false},
		{"disabled: listeners run, nothing toggles", `<input type=checkbox id=c disabled>`, false, false,
			[]string{"click@input#c"}, false},
		{"disabled fieldset", `<fieldset disabled><input type=checkbox id=c></fieldset>`, false, false,
			[]string{"click@input#c"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup)
			log := record(t, doc)
			c := byID(t, doc, "c")
			var inClick bool
			c.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
				inClick = c.Checked()
				if tc.prevent {
					e.PreventDefault()
				}
			}))
			if _, err := c.DispatchEvent(clickEvent()); err != nil {
				t.Fatal(err)
			}
			if got := c.Checked(); got != tc.wantChecked {
				t.Errorf("Checked() = %v, want %v", got, tc.wantChecked)
			}
			if inClick != tc.wantInClick {
				t.Errorf("Checked() in the click listener = %v, want %v", inClick, tc.wantInClick)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Only a MouseEvent (or PointerEvent) click activates: a plain Event named
// click, as DOM §2.9's isActivationEvent says, reaches the listeners and
// nothing else.
func TestPlainClickEventDoesNotActivate(t *testing.T) {
	doc := vdom.ParseString(`<form id=f><input type=checkbox id=c><button id=b>b</button></form><a id=a href="/x">x</a>`, vdom.WithURL("https://example.com/"))
	log := record(t, doc)
	for _, id := range []string{"c", "b", "a"} {
		if _, err := byID(t, doc, id).DispatchEvent(vdom.NewEventWith("click", vdom.EventInit{Bubbles: true, Cancelable: true})); err != nil {
			t.Fatal(err)
		}
	}
	if byID(t, doc, "c").Checked() {
		t.Errorf("a plain Event click checked the checkbox")
	}
	if diff := cmp.Diff([]string{"click@input#c", "click@button#b", "click@a#a"}, *log); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("navigations %v", n)
	}
}

func TestRadioActivation(t *testing.T) {
	const markup = `<form><input type=radio name=r id=a checked><input type=radio name=r id=b></form>`
	tests := []struct {
		name    string
		click   string
		prevent bool
		want    [2]bool // a, b checked
		wantLog []string
	}{
		{"check the other", "b", false, [2]bool{false, true},
			[]string{"click@input#b", "input@input#b trusted", "change@input#b trusted"}},
		{"click the checked one: no change", "a", false, [2]bool{true, false},
			[]string{"click@input#a"}},
		{"canceled: the old one is checked again", "b", true, [2]bool{true, false},
			[]string{"click@input#b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(markup)
			log := record(t, doc)
			a, b := byID(t, doc, "a"), byID(t, doc, "b")
			target := byID(t, doc, tc.click)
			var during [2]bool
			target.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
				during = [2]bool{a.Checked(), b.Checked()}
				if tc.prevent {
					e.PreventDefault()
				}
			}))
			if _, err := target.DispatchEvent(clickEvent()); err != nil {
				t.Fatal(err)
			}
			if got := [2]bool{a.Checked(), b.Checked()}; got != tc.want {
				t.Errorf("checked (a, b) = %v, want %v", got, tc.want)
			}
			if tc.click == "b" && during != [2]bool{false, true} {
				t.Errorf("checked (a, b) in the click listener = %v, want [false true]", during)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLabelActivation(t *testing.T) {
	tests := []struct {
		name        string
		markup      string
		click       string
		wantChecked bool
		wantLog     []string
	}{
		{"text of a wrapping label", `<label id=l><span id=s>Agree</span> <input type=checkbox id=c></label>`, "s", true,
			[]string{"click@span#s", "click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"the label itself, with for", `<label id=l for=c>Agree</label><input type=checkbox id=c>`, "l", true,
			[]string{"click@label#l", "click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"the control inside the label: one toggle", `<label id=l>Agree <input type=checkbox id=c></label>`, "c", true,
			[]string{"click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"a button inside the label", `<label id=l>Agree <button type=button id=b>?</button><input type=checkbox id=c></label>`, "b", false,
			[]string{"click@button#b"}},
		{"a link inside the label", `<label id=l>Agree <a id=a href="#x">terms</a><input type=checkbox id=c></label>`, "a", false,
			[]string{"click@a#a"}},
		{"text inside a link inside the label", `<label id=l><a id=a href="#x"><b id=s>terms</b></a><input type=checkbox id=c></label>`, "s", false,
			[]string{"click@b#s"}},
		{"a select labeled by the label", `<label id=l>Pick <select id=c><option>1</select></label>`, "c", false,
			[]string{"click@select#c"}},
		{"a disabled control", `<label id=l for=c>Agree</label><input type=checkbox id=c disabled>`, "l", false,
			[]string{"click@label#l"}},
		{"a label without a control", `<label id=l>nothing</label><input type=checkbox id=c>`, "l", false,
			[]string{"click@label#l"}},
		{"nested labels: the inner one acts", `<label id=outer><input type=checkbox id=o><label id=l><b id=s>inner</b><input type=checkbox id=c></label></label>`, "s", true,
			[]string{"click@b#s", "click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"label for a control inside another label", `<label id=l for=c>ext</label><label id=other><input type=checkbox id=c></label>`, "l", true,
			[]string{"click@label#l", "click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"label for a radio", `<label id=l for=c>ext</label><input type=radio name=r id=c>`, "l", true,
			[]string{"click@label#l", "click@input#c", "input@input#c trusted", "change@input#c trusted"}},
		{"label whose control's click is canceled", `<label id=l for=c>x</label><input type=checkbox id=c onclick>`, "l", false,
			[]string{"click@label#l", "click@input#c"}},
		{"label for a submit button", `<form id=f action="/s"><label id=l for=c>Send</label><button id=c>b</button></form>`, "l", false,
			[]string{"click@label#l", "click@button#c", "submit@form#f trusted", "formdata@form#f trusted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup, vdom.WithURL("https://example.com/"))
			log := record(t, doc)
			if c := doc.GetElementByID("c"); c != nil && c.HasAttribute("onclick") {
				c.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			}
			if _, err := byID(t, doc, tc.click).DispatchEvent(clickEvent()); err != nil {
				t.Fatal(err)
			}
			if n := doc.Window().Navigations(); !strings.Contains(tc.markup, "href") && !strings.Contains(tc.markup, "<form") && len(n) != 0 {
				t.Errorf("navigations %v", n)
			}
			if c := doc.GetElementByID("c"); c != nil && c.Checked() != tc.wantChecked {
				t.Errorf("Checked() = %v, want %v", c.Checked(), tc.wantChecked)
			}
			if diff := cmp.Diff(tc.wantLog, *log); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestClick(t *testing.T) {
	t.Run("untrusted click and activation", func(t *testing.T) {
		doc := vdom.ParseString(`<input type=checkbox id=c>`)
		log := record(t, doc)
		c := byID(t, doc, "c")
		if err := c.Click(); err != nil {
			t.Fatal(err)
		}
		want := []string{"click@input#c", "input@input#c trusted", "change@input#c trusted"}
		if diff := cmp.Diff(want, *log); diff != "" {
			t.Errorf("events mismatch (-want +got):\n%s", diff)
		}
		if !c.Checked() {
			t.Errorf("Click() left the checkbox unchecked")
		}
	})
	t.Run("disabled control: nothing", func(t *testing.T) {
		doc := vdom.ParseString(`<button id=b disabled>x</button>`)
		log := record(t, doc)
		if err := byID(t, doc, "b").Click(); err != nil {
			t.Fatal(err)
		}
		if len(*log) != 0 {
			t.Errorf("Click() on a disabled button fired %v", *log)
		}
	})
	t.Run("click in progress", func(t *testing.T) {
		doc := vdom.ParseString(`<div id=d></div>`)
		d := byID(t, doc, "d")
		calls := 0
		d.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
			calls++
			if err := d.Click(); err != nil {
				t.Error(err)
			}
		}))
		if err := d.Click(); err != nil {
			t.Fatal(err)
		}
		if calls != 1 {
			t.Errorf("%d clicks, want 1 (the nested Click must do nothing)", calls)
		}
	})
	t.Run("event fields", func(t *testing.T) {
		doc := vdom.ParseString(`<div id=d></div>`)
		d := byID(t, doc, "d")
		var got [4]bool
		var iface string
		var pe vdom.PointerEvent
		d.AddEventListener("click", vdom.NewListener(func(e *vdom.Event) {
			got = [4]bool{e.Bubbles(), e.Cancelable(), e.Composed(), e.IsTrusted()}
			iface = e.Interface()
			pe, _ = e.AsPointer()
		}))
		if err := d.Click(); err != nil {
			t.Fatal(err)
		}
		if want := [4]bool{true, true, true, false}; got != want {
			t.Errorf("bubbles, cancelable, composed, trusted = %v, want %v", got, want)
		}
		if iface != "PointerEvent" || pe.PointerID != -1 || pe.View != doc.Window() {
			t.Errorf("interface %q, pointerId %d, view %v; want PointerEvent, -1, the window", iface, pe.PointerID, pe.View)
		}
	})
}

func TestSummaryActivation(t *testing.T) {
	doc := vdom.ParseString(`<details id=d><summary id=s><b id=b>More</b></summary><summary id=s2>second</summary>text</details>`)
	log := record(t, doc)
	d := byID(t, doc, "d")
	var states []string
	d.AddEventListener("toggle", vdom.NewListener(func(e *vdom.Event) {
		te, ok := e.AsToggle()
		states = append(states, fmt.Sprintf("%s %v %s->%s bubbles=%v cancelable=%v", e.Interface(), ok, te.OldState, te.NewState, e.Bubbles(), e.Cancelable()))
	}))
	if err := byID(t, doc, "b").Click(); err != nil {
		t.Fatal(err)
	}
	if !d.HasAttribute("open") {
		t.Fatalf("details not open after a click on its summary")
	}
	if diff := cmp.Diff([]string{"click@b#b"}, *log); diff != "" {
		t.Errorf("before the task queue runs: mismatch (-want +got):\n%s", diff)
	}
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"click@b#b", "toggle@details#d trusted"}, *log); diff != "" {
		t.Errorf("after the task queue ran: mismatch (-want +got):\n%s", diff)
	}
	// A second summary is not the details' summary; two quick toggles fire
	// one toggle event.
	*log = nil
	if err := byID(t, doc, "s2").Click(); err != nil {
		t.Fatal(err)
	}
	if !d.HasAttribute("open") {
		t.Errorf("a click on the second summary toggled the details")
	}
	_ = byID(t, doc, "s").Click()
	_ = byID(t, doc, "s").Click()
	if _, err := doc.RunTasks(); err != nil {
		t.Fatal(err)
	}
	want := []string{"click@summary#s2", "click@summary#s", "click@summary#s", "toggle@details#d trusted"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	// The first toggle opened; the burst closed and reopened, so its one
	// event goes from the first old state to the last new one.
	wantStates := []string{
		"ToggleEvent true closed->open bubbles=false cancelable=false",
		"ToggleEvent true open->open bubbles=false cancelable=false",
	}
	if diff := cmp.Diff(wantStates, states); diff != "" {
		t.Errorf("toggle events mismatch (-want +got):\n%s", diff)
	}
}

func TestHyperlinkActivation(t *testing.T) {
	type nav struct {
		Method, URL, Target, DownloadName string
		Download                          bool
		Source                            string
	}
	tests := []struct {
		name   string
		markup string
		click  string
		event  *vdom.Event
		want   []nav
	}{
		{"a href", `<a id=a href="/next?x=1">go</a>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://example.com/next?x=1", Source: "a#a"}}},
		{"click inside the link", `<a id=a href="p"><span id=s>go</span></a>`, "s", nil,
			[]nav{{Method: "GET", URL: "https://example.com/dir/p", Source: "a#a"}}},
		{"non-bubbling click inside the link", `<a id=a href="p"><span id=s>go</span></a>`, "s", vdom.NewMouseEvent("click", vdom.MouseEventInit{EventInit: vdom.EventInit{Cancelable: true}}),
			nil},
		{"canceled click", `<a id=a href="p" onclick="">go</a>`, "a", nil, nil},
		{"base href and base target", `<base href="https://cdn.test/x/" target="_top"><a id=a href="y">go</a>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://cdn.test/x/y", Target: "_top", Source: "a#a"}}},
		{"target", `<a id=a href="/" target="_blank">go</a>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://example.com/", Target: "_blank", Source: "a#a"}}},
		{"download", `<a id=a href="/f.pdf" download="report.pdf">go</a>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://example.com/f.pdf", Download: true, DownloadName: "report.pdf", Source: "a#a"}}},
		{"area", `<map name=m><area id=a href="/area" shape=rect coords="0,0,1,1"></map>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://example.com/area", Source: "area#a"}}},
		{"ismap image", `<a id=a href="/map"><img id=i ismap></a>`, "i", nil,
			[]nav{{Method: "GET", URL: "https://example.com/map?0,0", Source: "a#a"}}},
		{"fragment of the document: no request", `<a id=a href="#top">top</a>`, "a", nil, nil},
		{"another page's fragment: the request has none", `<a id=a href="other?x=1#top">top</a>`, "a", nil,
			[]nav{{Method: "GET", URL: "https://example.com/dir/other?x=1", Source: "a#a"}}},
		{"a without href", `<a id=a>go</a>`, "a", nil, nil},
		{"javascript URL", `<a id=a href="javascript:void(0)">go</a>`, "a", nil, nil},
		{"button inside a link", `<a id=a href="/"><button type=button id=b>x</button></a>`, "b", nil, nil},
		{"checkbox inside a link: only the checkbox acts", `<a id=a href="/"><input type=checkbox id=b></a>`, "b", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(tc.markup, vdom.WithURL("https://example.com/dir/page"))
			if tc.name == "canceled click" {
				byID(t, doc, "a").AddEventListener("click", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
			}
			e := tc.event
			if e == nil {
				e = clickEvent()
			}
			if _, err := byID(t, doc, tc.click).DispatchEvent(e); err != nil {
				t.Fatal(err)
			}
			var got []nav
			for _, r := range doc.Window().Navigations() {
				if r.Header == nil || r.Body != nil {
					t.Errorf("request header %v, body %q", r.Header, r.Body)
				}
				got = append(got, nav{r.Method, r.URL.String(), r.Target, r.DownloadName, r.Download, r.Source.String()})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("navigations mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNavigationHandler(t *testing.T) {
	doc := vdom.ParseString(`<a id=a href="/x">x</a>`, vdom.WithURL("https://example.com/"))
	var got []string
	wantErr := fmt.Errorf("refused")
	doc.Window().SetNavigationHandler(func(r vdom.NavigationRequest) error {
		got = append(got, r.URL.String())
		return wantErr
	})
	if err := byID(t, doc, "a").Click(); err == nil || err.Error() != "refused" && !errorsIs(err, wantErr) {
		t.Errorf("Click() error = %v, want the handler's", err)
	}
	if diff := cmp.Diff([]string{"https://example.com/x"}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if n := doc.Window().Navigations(); len(n) != 0 {
		t.Errorf("recorded %d navigations with a handler set", len(n))
	}
	doc.Window().SetNavigationHandler(nil)
	_ = byID(t, doc, "a").Click()
	if n := doc.Window().Navigations(); len(n) != 1 {
		t.Errorf("recorded %d navigations after the handler was removed, want 1", len(n))
	}
}

// DOM §2.9 step 5.10: legacy-pre-activation runs before the capture pass,
// so the Window's capture listener already sees the new state; the
// activation behaviour runs once the click's dispatch is over.
func TestActivationOrderInDispatch(t *testing.T) {
	doc := vdom.ParseString(`<input type=checkbox id=c>`)
	c := byID(t, doc, "c")
	click := clickEvent()
	var log []string
	doc.Window().AddEventListenerWith("click", vdom.NewListener(func(e *vdom.Event) {
		log = append(log, fmt.Sprintf("window capture: checked=%v", c.Checked()))
	}), vdom.ListenerOptions{Capture: true})
	c.AddEventListener("change", vdom.NewListener(func(e *vdom.Event) {
		log = append(log, fmt.Sprintf("change: click phase=%v currentTarget=%v", click.EventPhase(), click.CurrentTarget()))
	}))
	if _, err := c.DispatchEvent(click); err != nil {
		t.Fatal(err)
	}
	want := []string{"window capture: checked=true", "change: click phase=NONE currentTarget=<nil>"}
	if diff := cmp.Diff(want, log); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// The details element's attribute change steps: setting and removing open
// from a program queue the toggle event too.
func TestDetailsOpenAttribute(t *testing.T) {
	doc := vdom.ParseString(`<details id=d><summary>More</summary></details>`)
	d := byID(t, doc, "d")
	var states []string
	d.AddEventListener("toggle", vdom.NewListener(func(e *vdom.Event) {
		te, _ := e.AsToggle()
		states = append(states, te.OldState+"->"+te.NewState)
	}))
	run := func() {
		t.Helper()
		if _, err := doc.RunTasks(); err != nil {
			t.Fatal(err)
		}
	}
	mustOK(t, d.SetAttribute("open", ""))
	run()
	mustOK(t, d.SetAttribute("open", "again")) // no change of presence
	run()
	d.RemoveAttribute("open")
	run()
	if _, err := d.ToggleAttribute("open"); err != nil {
		t.Fatal(err)
	}
	d.RemoveAttribute("open")
	run()
	want := []string{"closed->open", "open->closed", "closed->closed"}
	if diff := cmp.Diff(want, states); diff != "" {
		t.Errorf("toggle events mismatch (-want +got):\n%s", diff)
	}
}

// The click a label forwards to its control is a copy of the click on the
// label, as in Chromium: a user's click keeps its pointer id, detail,
// button and modifiers, and a program's Click() stays a synthetic click.
func TestLabelForwardsACopyOfTheClick(t *testing.T) {
	type seen struct {
		Target    string
		Interface string
		Trusted   bool
		PointerID int
		Detail    int
		Button    int
		ShiftKey  bool
	}
	userClick := func() *vdom.Event {
		init := vdom.PointerEventInit{EventInit: vdom.EventInit{Bubbles: true, Cancelable: true, Composed: true}}
		init.PointerID = 1
		init.PointerType = "mouse"
		init.Detail = 1
		init.ShiftKey = true
		return vdom.NewPointerEvent("click", init)
	}
	cases := []struct {
		name  string
		click func(label *vdom.Node) error
		want  []seen
	}{
		{"a user's click", func(label *vdom.Node) error {
			_, err := vdom.DispatchTrusted(label, userClick())
			return err
		}, []seen{
			{"l", "PointerEvent", true, 1, 1, 0, true},
			{"cb", "PointerEvent", true, 1, 1, 0, true},
		}},
		{"Click()", func(label *vdom.Node) error { return label.Click() }, []seen{
			{"l", "PointerEvent", false, -1, 0, 0, false},
			{"cb", "PointerEvent", false, -1, 0, 0, false},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<label id=l>Label <input type=checkbox id=cb></label>`)
			var got []seen
			doc.Window().AddEventListenerWith("click", vdom.NewListener(func(e *vdom.Event) {
				pe, _ := e.AsPointer()
				got = append(got, seen{
					Target: e.Target().(*vdom.Node).ID(), Interface: e.Interface(), Trusted: e.IsTrusted(),
					PointerID: pe.PointerID, Detail: pe.Detail, Button: int(pe.Button), ShiftKey: pe.ShiftKey,
				})
			}), vdom.ListenerOptions{Capture: true})
			if err := tc.click(doc.GetElementByID("l")); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("clicks mismatch (-want +got):\n%s", diff)
			}
			if !doc.GetElementByID("cb").Checked() {
				t.Error("the checkbox is not checked after the forwarded click")
			}
		})
	}
}
