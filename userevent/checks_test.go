package userevent_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/styledoc"
	"github.com/eventperk/eventperk-go/userevent"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// reachPage has an element for each reason a user cannot reach one.
const reachPage = `<style>
.d-none { display: none }
.invisible { visibility: hidden }
.pe-none { pointer-events: none }
</style>
<button id="ok">OK</button>
<div id="panel" class="d-none"><button id="in-panel">A</button></div>
<button id="inv" class="invisible">B</button>
<div id="toolbar" class="pe-none"><button id="tool">C</button><input id="tool-input"><button id="tool-auto" style="pointer-events: auto">D</button></div>
<button id="off" class="pe-none" disabled>E</button>
<input id="inv-input" class="invisible" value="abc">
<select id="sel-pe" class="pe-none"><option>a</option><option>b</option></select>
<select id="list" multiple><option>a</option><option class="pe-none">b</option><option class="invisible">c</option></select>
<input id="file-pe" type="file" class="pe-none">
<details id="faq"><summary>Q</summary><button id="in-faq">F</button></details>
<div id="shade" inert><button id="in-inert">G</button></div>
<p id="para" hidden>text</p>`

// reachCase is an action a user cannot do, the kinds its error wraps (and
// the kinds it must not wrap) and its whole message.
type reachCase struct {
	name   string
	setup  func(u *userevent.User, doc *vdom.Document) error // before the events are watched
	act    func(u *userevent.User, doc *vdom.Document) error
	is     []error
	isNot  []error
	errMsg string
}

func runReachCases(t *testing.T, page string, opts []vdom.ParseOption, tests []reachCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := vdom.Parse(strings.NewReader(page), opts...)
			if err != nil {
				t.Fatal(err)
			}
			u := userevent.New(doc)
			if tc.setup != nil {
				if err := tc.setup(u, doc); err != nil {
					t.Fatalf("setup: %v", err)
				}
			}
			log := watch(doc)
			err = tc.act(u, doc)
			if err == nil {
				t.Fatalf("no error, want %q", tc.errMsg)
			}
			if diff := cmp.Diff(tc.errMsg, err.Error()); diff != "" {
				t.Errorf("message mismatch (-want +got):\n%s", diff)
			}
			for _, k := range tc.is {
				if !errors.Is(err, k) {
					t.Errorf("errors.Is(err, %v) = false", k)
				}
			}
			for _, k := range tc.isNot {
				if errors.Is(err, k) {
					t.Errorf("errors.Is(err, %v) = true", k)
				}
			}
			if len(*log) > 0 {
				t.Errorf("a refused action fired events: %v", types(*log))
			}
		})
	}
}

func click(id string) func(*userevent.User, *vdom.Document) error {
	return func(u *userevent.User, doc *vdom.Document) error { return u.Click(doc.GetElementByID(id)) }
}

func TestRefusedWhereUserCannotReach(t *testing.T) {
	const skip = " (SkipChecks fires the events anyway)"
	const toolbar = "(its ancestor #toolbar has pointer-events: none from `.pe-none` in <style> #1, line 4)"
	const invisible = "it has visibility: hidden from `.invisible` in <style> #1, line 3"
	notHit := func(under string) string {
		return "; Chromium's hit test passes over an invisible element, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, " + under + skip
	}
	passes := func(under string) string {
		return "; Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, " + under + skip
	}
	hit := []error{userevent.ErrPointerEventsNone}
	hidden := []error{userevent.ErrHidden}
	runReachCases(t, reachPage, nil, []reachCase{
		{name: "click in a display: none ancestor", act: click("in-panel"), is: hidden,
			errMsg: "userevent: click #in-panel: element is hidden: its ancestor #panel has display: none from `.d-none` in <style> #1, line 2" + skip},
		{name: "click on the hidden attribute", act: click("para"), is: hidden,
			errMsg: "userevent: click #para: element is hidden: it has display: none from the hidden attribute (a presentational hint)" + skip},
		{name: "click in a closed details", act: click("in-faq"), is: hidden,
			errMsg: "userevent: click #in-faq: element is hidden: it is in the closed details #faq, which shows only its summary" + skip},
		{name: "click in an inert subtree", act: click("in-inert"), is: hidden,
			errMsg: "userevent: click #in-inert: element is hidden: its ancestor #shade is inert (the inert attribute): a user cannot reach it or anything in it" + skip},
		{name: "click invisible", act: click("inv"), is: hidden, isNot: hit,
			errMsg: "userevent: click #inv: element is hidden: " + invisible + notHit("body")},
		{name: "hover invisible", act: func(u *userevent.User, doc *vdom.Document) error { return u.Hover(doc.GetElementByID("inv")) }, is: hidden,
			errMsg: "userevent: hover #inv: element is hidden: " + invisible + notHit("body")},
		{name: "click pointer-events none, inherited", act: click("tool"), is: hit, isNot: hidden,
			errMsg: "userevent: click #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "double-click pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error { return u.DblClick(doc.GetElementByID("tool")) }, is: hit,
			errMsg: "userevent: double-click #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "hover pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error { return u.Hover(doc.GetElementByID("tool")) }, is: hit,
			errMsg: "userevent: hover #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "unhover pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error { return u.Unhover(doc.GetElementByID("tool")) }, is: hit,
			errMsg: "userevent: unhover #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "press pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error { return u.PointerDown(doc.GetElementByID("tool")) }, is: hit,
			errMsg: "userevent: press #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "release over pointer-events none",
			setup: func(u *userevent.User, doc *vdom.Document) error { return u.PointerDown(doc.GetElementByID("ok")) },
			act:   func(u *userevent.User, doc *vdom.Document) error { return u.PointerUp(doc.GetElementByID("tool")) }, is: hit,
			errMsg: "userevent: release #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "secondary click pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.ClickWith(doc.GetElementByID("tool"), userevent.PointerOptions{Button: userevent.ButtonSecondary})
		}, is: hit,
			errMsg: "userevent: click #tool: element has pointer-events: none " + toolbar + passes("body")},
		{name: "type clicks first", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.Type(doc.GetElementByID("tool-input"), "x")
		}, is: hit,
			errMsg: "userevent: type #tool-input: element has pointer-events: none (its ancestor #toolbar has pointer-events: none from `.pe-none` in <style> #1, line 4)" + passes("body")},
		{name: "type without a click into an invisible field", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.TypeWith(doc.GetElementByID("inv-input"), "x", userevent.TypeOptions{SkipClick: true})
		}, is: hidden,
			errMsg: "userevent: type #inv-input: element is hidden: " + invisible + ", so it cannot take the focus (SkipChecks goes ahead anyway)"},
		{name: "clear an invisible field", act: func(u *userevent.User, doc *vdom.Document) error { return u.Clear(doc.GetElementByID("inv-input")) }, is: hidden,
			errMsg: "userevent: clear #inv-input: element is hidden: " + invisible + ", so it cannot take the focus (SkipChecks goes ahead anyway)"},
		{name: "select in a drop-down with pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.SelectOptions(doc.GetElementByID("sel-pe"), "b")
		}, is: hit,
			errMsg: "userevent: select options #sel-pe: element has pointer-events: none (it has pointer-events: none from `.pe-none` in <style> #1, line 4)" + passes("body")},
		{name: "select an option with pointer-events none in a listbox", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.SelectOptions(doc.GetElementByID("list"), "a", "b")
		}, is: hit,
			errMsg: "userevent: select options #list: option #list > option.pe-none: element has pointer-events: none (it has pointer-events: none from `.pe-none` in <style> #1, line 4)" + passes("#list")},
		{name: "select an invisible option in a listbox", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.SelectOptions(doc.GetElementByID("list"), "c")
		}, is: hidden,
			errMsg: "userevent: select options #list: option #list > option.invisible: element is hidden: " + invisible + notHit("#list")},
		{name: "upload with pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error {
			return u.Upload(doc.GetElementByID("file-pe"), vdom.File{Name: "a.txt", Type: "text/plain"})
		}, is: hit,
			errMsg: "userevent: upload #file-pe: element has pointer-events: none (it has pointer-events: none from `.pe-none` in <style> #1, line 4)" + passes("body")},
		{name: "click a disabled button with pointer-events none", act: click("off"), is: []error{userevent.ErrPointerEventsNone, userevent.ErrDisabled},
			errMsg: "userevent: click #off: element has pointer-events: none (it has pointer-events: none from `.pe-none` in <style> #1, line 4); Chromium's hit test passes over it, so a click there goes to what is under it, such as its nearest ancestor that takes pointer input, body, and the element is disabled too" + skip},
		{name: "hover a disabled button with pointer-events none", act: func(u *userevent.User, doc *vdom.Document) error { return u.Hover(doc.GetElementByID("off")) },
			is: hit, isNot: []error{userevent.ErrDisabled},
			errMsg: "userevent: hover #off: element has pointer-events: none (it has pointer-events: none from `.pe-none` in <style> #1, line 4)" + passes("body")},
	})
}

var shopOptions = []vdom.ParseOption{vdom.WithURL("https://shop.test/"), vdom.WithStyleSheetLoader(styledoc.FrameworkSheets)}

func TestRefusedByBootstrapClasses(t *testing.T) {
	const page = `<link rel="stylesheet" href="/sheets/bootstrap.min.css">
<a id="delete" class="btn btn-danger disabled" href="/delete" role="button" aria-disabled="true">Delete</a>
<button id="save" class="btn btn-primary" disabled>Save</button>
<div class="d-none"><button id="later" class="btn">Later</button></div>
<button id="ghost" class="btn invisible">Ghost</button>
<div class="pe-none"><button id="inside" class="btn">Inside</button></div>`
	const sheet = "https://shop.test/sheets/bootstrap.min.css, line 5"
	runReachCases(t, page, shopOptions, []reachCase{
		{name: "a disabled link button", act: click("delete"), is: []error{userevent.ErrPointerEventsNone}, isNot: []error{userevent.ErrDisabled},
			errMsg: "userevent: click #delete: element has pointer-events: none (it has pointer-events: none from `.btn.disabled` in " + sheet + "); Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"},
		{name: "a disabled button", act: click("save"), is: []error{userevent.ErrPointerEventsNone, userevent.ErrDisabled},
			errMsg: "userevent: click #save: element has pointer-events: none (it has pointer-events: none from `.btn:disabled` in " + sheet + "); Chromium's hit test passes over it, so a click there goes to what is under it, such as its nearest ancestor that takes pointer input, body, and the element is disabled too (SkipChecks fires the events anyway)"},
		{name: "d-none", act: click("later"), is: []error{userevent.ErrHidden},
			errMsg: "userevent: click #later: element is hidden: its ancestor body > div.d-none has display: none !important from `.d-none` in " + sheet + " (SkipChecks fires the events anyway)"},
		{name: "invisible", act: click("ghost"), is: []error{userevent.ErrHidden},
			errMsg: "userevent: click #ghost: element is hidden: it has visibility: hidden !important from `.invisible` in " + sheet + "; Chromium's hit test passes over an invisible element, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"},
		{name: "pe-none", act: click("inside"), is: []error{userevent.ErrPointerEventsNone},
			errMsg: "userevent: click #inside: element has pointer-events: none (its ancestor body > div.pe-none has pointer-events: none !important from `.pe-none` in " + sheet + "); Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"},
	})
}

func TestRefusedByTailwindClasses(t *testing.T) {
	const page = `<link rel="stylesheet" href="/sheets/tailwind.css">
<button id="menu" class="hidden">Menu</button>
<button id="ghost" class="invisible">Ghost</button>
<table><tr id="row" class="collapse"><td><button id="cell">Cell</button></td></tr></table>
<nav class="pointer-events-none"><a id="link" href="/next">Next</a></nav>`
	const sheet = "https://shop.test/sheets/tailwind.css"
	runReachCases(t, page, shopOptions, []reachCase{
		{name: "hidden", act: click("menu"), is: []error{userevent.ErrHidden},
			errMsg: "userevent: click #menu: element is hidden: it has display: none from `.hidden` in " + sheet + ", line 280 (layer utilities) (SkipChecks fires the events anyway)"},
		{name: "invisible", act: click("ghost"), is: []error{userevent.ErrHidden},
			errMsg: "userevent: click #ghost: element is hidden: it has visibility: hidden from `.invisible` in " + sheet + ", line 194 (layer utilities); Chromium's hit test passes over an invisible element, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"},
		{name: "collapse", act: click("cell"), is: []error{userevent.ErrHidden},
			errMsg: "userevent: click #cell: element is hidden: its ancestor #row has visibility: collapse from `.collapse` in " + sheet + ", line 191 (layer utilities); Chromium's hit test passes over an invisible element, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body > table > tbody (SkipChecks fires the events anyway)"},
		{name: "pointer-events-none", act: click("link"), is: []error{userevent.ErrPointerEventsNone},
			errMsg: "userevent: click #link: element has pointer-events: none (its ancestor body > nav.pointer-events-none has pointer-events: none from `.pointer-events-none` in " + sheet + ", line 188 (layer utilities)); Chromium's hit test passes over it, so the pointer there reaches what is under it, such as its nearest ancestor that takes pointer input, body (SkipChecks fires the events anyway)"},
	})
}

func TestPointerEventsNoneLeavesTheKeyboard(t *testing.T) {
	// user-event checks pointer-events for the pointer's actions only, and
	// Chromium's keys go to the focused element whatever its
	// pointer-events: Tab reaches the button and the field, Enter
	// activates the button, typing, pasting and clearing edit the field.
	doc := parse(t, `<style>.pe-none { pointer-events: none }</style>
<div class="pe-none"><button id="go">Go</button><input id="q" value="old"></div>`)
	u := userevent.New(doc)
	clicks := 0
	byID(t, doc, "go").AddEventListener("click", vdom.NewListener(func(*vdom.Event) { clicks++ }))
	if err := u.Tab(); err != nil {
		t.Fatal(err)
	}
	if got := doc.ActiveElement(); got != byID(t, doc, "go") {
		t.Fatalf("Tab focused %s, want #go", name(got))
	}
	if err := u.Keyboard("{Enter}"); err != nil {
		t.Fatal(err)
	}
	if clicks != 1 {
		t.Errorf("Enter at the focused button: %d clicks, want 1", clicks)
	}
	if err := u.Tab(); err != nil {
		t.Fatal(err)
	}
	q := byID(t, doc, "q")
	if err := u.Clear(q); err != nil {
		t.Fatal(err)
	}
	if err := u.TypeWith(q, "new", userevent.TypeOptions{SkipClick: true}); err != nil {
		t.Fatal(err)
	}
	if err := u.Paste("s"); err != nil {
		t.Fatal(err)
	}
	if got := q.Value(); got != "news" {
		t.Errorf("value = %q, want %q", got, "news")
	}
	if err := u.Type(q, "er"); !errors.Is(err, userevent.ErrPointerEventsNone) {
		t.Errorf("Type, which clicks first: err = %v, want ErrPointerEventsNone", err)
	}
}

func TestTabSkipsWhatClassesHide(t *testing.T) {
	doc := parse(t, `<style>.d-none { display: none } .invisible { visibility: hidden } .pe-none { pointer-events: none }</style>
<button id="a">A</button><button class="d-none">B</button><button class="invisible">C</button>
<span class="invisible"><button id="d" style="visibility: visible">D</button></span><button id="e" class="pe-none">E</button>`)
	u := userevent.New(doc)
	var got []string
	for range 3 {
		if err := u.Tab(); err != nil {
			t.Fatal(err)
		}
		got = append(got, name(doc.ActiveElement()))
	}
	if diff := cmp.Diff([]string{"#a", "#d", "#e"}, got); diff != "" {
		t.Errorf("focus order mismatch (-want +got):\n%s", diff)
	}
}

func TestSkipChecksFiresAtUnreachable(t *testing.T) {
	for _, id := range []string{"in-panel", "inv", "tool", "off"} {
		t.Run(id, func(t *testing.T) {
			doc := vdom.ParseString(reachPage)
			log := watch(doc, "pointerdown", "click")
			if err := userevent.New(doc, userevent.SkipChecks()).Click(byID(t, doc, id)); err != nil {
				t.Fatal(err)
			}
			want := []string{"pointerdown #" + id}
			if id != "off" { // Chromium fires no click at a disabled control
				want = append(want, "click #"+id)
			}
			if diff := cmp.Diff(want, types(*log)); diff != "" {
				t.Errorf("events mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPointerEventsAutoInsideNoneIsHit(t *testing.T) {
	doc := vdom.ParseString(reachPage)
	log := watch(doc, "click")
	if err := userevent.New(doc).Click(byID(t, doc, "tool-auto")); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"click #tool-auto"}, types(*log)); diff != "" {
		t.Errorf("events mismatch (-want +got):\n%s", diff)
	}
}

func TestClassChangeSeenByNextAction(t *testing.T) {
	// A handler's class change is seen by the next action, with nothing
	// to refresh: the first click hides the button with Bootstrap's
	// d-none, the second is refused naming the rule; a script that shows
	// it again makes it clickable again.
	doc, err := vdom.Parse(strings.NewReader(`<link rel="stylesheet" href="/sheets/bootstrap.min.css">
<button id="once" class="btn btn-primary">Once</button>`), shopOptions...)
	if err != nil {
		t.Fatal(err)
	}
	btn := byID(t, doc, "once")
	btn.AddEventListener("click", vdom.NewListener(func(*vdom.Event) { _ = btn.ClassList().Add("d-none") }))
	u := userevent.New(doc)
	if err := u.Click(btn); err != nil {
		t.Fatalf("first click: %v", err)
	}
	err = u.Click(btn)
	want := "userevent: click #once: element is hidden: it has display: none !important from `.d-none` in https://shop.test/sheets/bootstrap.min.css, line 5 (SkipChecks fires the events anyway)"
	if err == nil || err.Error() != want || !errors.Is(err, userevent.ErrHidden) {
		t.Fatalf("second click: err = %v, want %q", err, want)
	}
	if err := btn.ClassList().Remove("d-none"); err != nil {
		t.Fatal(err)
	}
	if err := u.Click(btn); err != nil {
		t.Errorf("click after d-none is removed: %v", err)
	}
}

func TestSelectWithPointerEventsNoneByKeyboard(t *testing.T) {
	// SelectOptions refuses a select the pointer cannot reach; a user
	// chooses with the keyboard, as docs/testing.md says.
	doc := parse(t, `<style>.pe-none { pointer-events: none }</style>
<select id="size" class="pe-none"><option>S</option><option>M</option></select>`)
	u := userevent.New(doc)
	sel := byID(t, doc, "size")
	if err := u.SelectOptions(sel, "M"); !errors.Is(err, userevent.ErrPointerEventsNone) {
		t.Fatalf("SelectOptions: err = %v, want ErrPointerEventsNone", err)
	}
	if err := u.Tab(); err != nil {
		t.Fatal(err)
	}
	if err := u.Keyboard("{ArrowDown}"); err != nil {
		t.Fatal(err)
	}
	if got := sel.Value(); got != "M" {
		t.Errorf("after Tab and ArrowDown the select's value is %q, want %q", got, "M")
	}
}
