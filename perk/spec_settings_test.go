// Specification rows and their tests.
//
// Every table row of sections 2, 4 and 6 of the specification
// (../../shared/spec/eventperk-interface.md) and every rule of 6.2 has a
// test. TestSpecRowsHaveTests reads the specification and the test files
// and fails when a row has no test named TestSpec<section>_... after it or
// marked "// Spec: <section> <row>", and when this table names a test that
// does not exist.
//
// §2.1 Structure (full format)
//   event                                           TestSpec2_1_Path_Event
//   event.events                                    TestSpec2_1_Path_Events
//   event.events.<elementName>                      TestSpec2_1_Path_ElementEntry
//   event.events.<elementName>.handlers             TestSpec2_1_Path_Handlers
//   event.events.<elementName>.handlers.<eventName> TestSpec2_1_Path_HandlerInfoObjectOrArray
//   event.events.<elementName>.rootNode             TestSpec2_1_Path_RootNode
// §2.2 Structure (shortened format)                 TestSpec2_2_Shortened_StringFunctionAndMixedArray
// §2.3 Fields
//   <elementName>    TestSpec2_3_ElementName_IDsOfAnyForm, TestSpec2_3_ElementName_ThisIsTheUnit,
//                    TestSpec2_3_ElementName_OnlyInsideTheUnit, TestSpec2_3_ElementName_NestedUnits,
//                    TestSpec2_3_ElementName_IsALabelWithRootNode
//   <eventName>      TestSpec2_3_EventName_LibraryAndBrowserEvents
//   handler          TestSpec2_3_Handler_StringResolvedWhenTheEventRuns,
//                    TestSpec2_3_Handler_FunctionMustExistAtInstallation, TestSpec2_3_Handler_BoundToTheUnit
//   listenerOptions  TestSpec2_3_ListenerOptions_Capture, TestSpec2_3_ListenerOptions_Once,
//                    TestSpec2_3_ListenerOptions_Passive, TestSpec2_3_ListenerOptions_PassiveDefault,
//                    TestSpec2_3_ListenerOptions_KeySpelling
//   options          TestSpec2_3_Options_ReachTheHandlerAsEx
//   order            TestSpec2_3_Order_HigherRunsEarlier, TestSpec2_3_Order_DefaultIsZero,
//                    TestSpec2_3_Order_TiesRunInInstallationOrder, TestSpec2_3_Order_AcrossSettingsAndAdd,
//                    TestSpec2_3_Order_PerkLifecycleHandlersShareTheList (spec_order_test.go)
//   rootNode         TestSpec2_3_RootNode_ScopedToTheUnit, TestSpec2_3_RootNode_ThisIsTheUnit,
//                    TestSpec2_3_RootNode_NestedUnitsLeftOut, TestSpec2_3_RootNode_InvalidSelectorFailsStart
// §2.4 Handler call shape                           TestSpec2_4_CallShape_SenderEventEx
//
// §4.1 add (spec_skills_test.go)
//   eventName    TestSpec4_1_Add_EventName
//   handlerInfo  TestSpec4_1_Add_HandlerInfo, TestSpec4_1_Add_InstalledTwiceRunsOnce
//   element      TestSpec4_1_Add_Element
//   bindTo       TestSpec4_1_Add_BindTo
// §4.2 init
//   elementName  TestSpec4_2_Init_ElementName
//   eventInfo    TestSpec4_2_Init_EventInfo
//   rootNode     TestSpec4_2_Init_RootNode
// §4.3 remove
//   eventName    TestSpec4_3_Remove_EventName
//   handlerInfo  TestSpec4_3_Remove_HandlerInfo, TestSpec4_3_Remove_WhileTheEventRuns
//   element      TestSpec4_3_Remove_Element
// §4.4 reset
//   elementName  TestSpec4_4_Reset_ElementName
//   eventInfo    TestSpec4_4_Reset_EventInfo
//   rootNode     TestSpec4_4_Reset_RootNode
// §4.5 trigger (spec_trigger_test.go)
//   eventName    TestSpec4_5_Trigger_EventName
//   options      TestSpec4_5_Trigger_Options
//   element      TestSpec4_5_Trigger_Element
//   waiting      TestSpec4_5_Trigger_WaitsForPromise, TestSpec4_5_Trigger_WaitsForVdomGo,
//                TestSpec4_5_Trigger_SettledAndNilAwaitables, TestSpec4_5_Trigger_WaitsAcrossPhases,
//                TestSpec4_5_Trigger_NestedTrigger
//   failure      TestSpec4_5_Trigger_ErrorStopsTheChain, TestSpec4_5_Trigger_ContextEndsTheWait,
//                TestSpec4_5_Trigger_UnrelatedTaskPanic, TestSpec4_5_Trigger_UnitStoppedWhileWaiting
// §4.6 triggerSync  TestSpec4_6_TriggerSync_DoesNotWait, TestSpec4_6_TriggerSync_SameHandlersSameOrder,
//                   TestSpec4_6_TriggerSync_Errors, TestSpec4_6_TriggerSync_WorkThatNeverSettles
//
// §6.1 Lifecycle handlers of the perk (spec_lifecycle_test.go)
//   doApplySettings  TestSpec6_1_DoApplySettings_InstallsEveryEntry, TestSpec6_1_DoApplySettings_IsInTheUnitsList
//   afterTransform   TestSpec6_1_AfterTransform_OnlyInnerElements, TestSpec6_1_AfterTransform_HydrationInstallsOnce,
//                    TestSpec6_1_AfterTransform_RenderErrorStopsStart
// §6.2 Rules
//   1  TestSpec6_2_Rule1_OptionsReachHandlersAsDetail
//   2  TestSpec6_2_Rule2_DescendingOrderOnEveryPath (spec_order_test.go)
//   3  TestSpec6_2_Rule3_TriggerWaitsTriggerSyncDoesNot
//   4  TestSpec6_2_Rule4_StringAtRunTimeFunctionAtInstantiation
//   5  TestSpec6_2_Rule5_RootNodeMatchesSeveral
//   6  TestSpec6_2_Rule6_ArgumentsSenderEventEx
//   7  TestSpec6_2_Rule7_LibraryAndBrowserEventNames

package perk_test

import (
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/perk"
	"github.com/eventperk/eventperk-go/unit"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// specPath is the specification, relative to this package's directory.
const specPath = "../../shared/spec/eventperk-interface.md"

// specRow is one row the specification requires a test for.
type specRow struct {
	Section string // such as "2.3"
	Cell    string // the first cell of a table row, or "Rule5" for 6.2
}

// specRows reads the rows of sections 2, 4 and 6 of the specification: the
// first cell of every table row below a "### N.M" heading, and each numbered
// rule of 6.2 as "RuleN"; subsections without either (2.2, 2.4, 4.6) give
// one row with an empty cell.
func specRows(t *testing.T, text string) []specRow {
	t.Helper()
	var rows []specRow
	var sub string
	covered := map[string]bool{}
	inTable := false
	heading := regexp.MustCompile(`^##+ (\d+)(?:\.(\d+))?\b`)
	rule := regexp.MustCompile(`^(\d+)\. `)
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if m := heading.FindStringSubmatch(line); m != nil {
			sub = ""
			if m[1] == "2" || m[1] == "4" || m[1] == "6" {
				if m[2] != "" {
					sub = m[1] + "." + m[2]
					covered[sub] = false
				}
			}
			inTable = false
			continue
		}
		if sub == "" {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			inTable = false
			if m := rule.FindStringSubmatch(line); m != nil && sub == "6.2" {
				rows = append(rows, specRow{sub, "Rule" + m[1]})
				covered[sub] = true
			}
			continue
		}
		cells := strings.Split(line, "|")
		first := strings.TrimSpace(cells[1])
		switch {
		case !inTable: // the header row
			inTable = true
		case strings.Trim(first, "-: ") == "": // the separator row
		default:
			rows = append(rows, specRow{sub, first})
			covered[sub] = true
		}
	}
	for s, ok := range covered {
		if !ok {
			rows = append(rows, specRow{Section: s})
		}
	}
	return rows
}

// specTests returns, per top-level Test function of this package's test
// files, its name and the "// Spec:" lines of its doc comment.
func specTests(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !strings.HasPrefix(fd.Name.Name, "Test") {
				continue
			}
			var specs []string
			if fd.Doc != nil {
				for _, c := range fd.Doc.List {
					if s, ok := strings.CutPrefix(c.Text, "// Spec:"); ok {
						specs = append(specs, strings.TrimSpace(s))
					}
				}
			}
			out[fd.Name.Name] = specs
		}
	}
	return out
}

// coveredBy reports the tests that cover row: a test named
// TestSpec<section>_... whose name contains the cell's letters and digits
// (case-insensitively), or a test with a "// Spec: <section> <cell>" line.
func coveredBy(row specRow, tests map[string][]string) []string {
	prefix := "TestSpec" + strings.ReplaceAll(row.Section, ".", "_") + "_"
	word := strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(row.Cell, ""))
	var by []string
	for name, specs := range tests {
		if strings.HasPrefix(name, prefix) && strings.Contains(strings.ToLower(name[len(prefix):]), word) {
			by = append(by, name)
			continue
		}
		for _, s := range specs {
			if s == strings.TrimSpace(row.Section+" "+row.Cell) {
				by = append(by, name)
				break
			}
		}
	}
	sort.Strings(by)
	return by
}

// TestSpecRowsHaveTests checks that every row of sections 2, 4 and 6 of the
// specification has a test, and that the table at the top of this file
// names only tests that exist.
func TestSpecRowsHaveTests(t *testing.T) {
	data, err := os.ReadFile(specPath)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("specification %s not found: the row check needs it", specPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	rows := specRows(t, string(data))
	if len(rows) < 40 {
		t.Fatalf("read only %d rows from %s; has its layout changed?", len(rows), specPath)
	}
	tests := specTests(t)
	for _, row := range rows {
		if by := coveredBy(row, tests); len(by) == 0 {
			t.Errorf("§%s %q has no test: name one TestSpec%s_... after it, or add a %q line above a test",
				row.Section, row.Cell, strings.ReplaceAll(row.Section, ".", "_"), "// Spec: "+strings.TrimSpace(row.Section+" "+row.Cell))
		}
	}
	// The table at the top of this file.
	self, err := os.ReadFile("spec_settings_test.go")
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`\bTestSpec\w+`)
	for _, line := range strings.Split(string(self), "\n") {
		if !strings.HasPrefix(line, "//") {
			continue
		}
		for _, n := range name.FindAllString(line, -1) {
			if _, ok := tests[n]; !ok {
				t.Errorf("the table at the top of spec_settings_test.go names %s, which does not exist", n)
			}
		}
	}
}

// TestSpecRowsParser checks the row reader on a small document.
func TestSpecRowsParser(t *testing.T) {
	doc := "## 1. Intro\n\n| A | B |\n|---|---|\n| skip | x |\n\n" +
		"## 2. Resources\n\n### 2.1 Structure\n\n| Path | Type |\n|---|---|\n| event | Object |\n| event.events | Object |\n\n" +
		"### 2.2 Short\n\nText only.\n\n" +
		"## 6. Events\n\n### 6.2 Rules\n\n1. First.\n2. Second.\n\n## 7. Errors\n\n| X |\n|---|\n| no |\n"
	got := specRows(t, doc)
	sort.Slice(got, func(i, j int) bool { return got[i].Section+got[i].Cell < got[j].Section+got[j].Cell })
	want := []specRow{{"2.1", "event"}, {"2.1", "event.events"}, {"2.2", ""}, {"6.2", "Rule1"}, {"6.2", "Rule2"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows mismatch (-want +got):\n%s", diff)
	}
	tests := map[string][]string{
		"TestSpec2_1_Path_EventEvents": nil,
		"TestSomething":                {"2.1 event"},
		"TestSpec6_2_Rule1_Detail":     nil,
		"TestSpec2_2_Short":            nil,
		"TestSpec2_1_Other":            {"2.1 event.events.x"},
	}
	for _, tc := range []struct {
		row  specRow
		want []string
	}{
		{specRow{"2.1", "event"}, []string{"TestSomething", "TestSpec2_1_Path_EventEvents"}},
		{specRow{"2.1", "event.events"}, []string{"TestSpec2_1_Path_EventEvents"}},
		{specRow{"2.1", "event.events.x"}, []string{"TestSpec2_1_Other"}},
		{specRow{"6.2", "Rule1"}, []string{"TestSpec6_2_Rule1_Detail"}},
		{specRow{"6.2", "Rule2"}, nil},
		{specRow{"2.2", ""}, []string{"TestSpec2_2_Short"}},
	} {
		if diff := cmp.Diff(tc.want, coveredBy(tc.row, tests)); diff != "" {
			t.Errorf("coveredBy(%v) mismatch (-want +got):\n%s", tc.row, diff)
		}
	}
}

// ---------------------------------------------------------------------------
// §2.1 Structure (full format)

// Spec: 2.1 event
func TestSpec2_1_Path_Event(t *testing.T) {
	const js = `{"events": {"save": {"handlers": {"click": "onSave"}}}}`
	goSettings := perk.EventSettings{Events: []perk.ElementEntry{onEntry("save", "click", byName("onSave"))}}
	for _, tc := range []struct {
		name    string
		section any
	}{
		{"pointer", &goSettings},
		{"value", goSettings},
		{"json.RawMessage", json.RawMessage(js)},
		{"bytes", []byte(js)},
		{"string", js},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: unit.Settings{"event": tc.section},
				Methods:  log.methods("onSave"),
			})
			h.click("save")
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, "onSave")
		})
	}
	t.Run("absent section: EventPerk attached, nothing declared", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{})
		if got := len(h.p.Settings().Events); got != 0 {
			t.Errorf("entries: %d, want 0", got)
		}
		if !h.u.HasSpell("event.trigger") {
			t.Error("no event.trigger spell")
		}
	})
	t.Run("a nil *EventSettings declares nothing", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{Settings: unit.Settings{"event": (*perk.EventSettings)(nil)}})
		if got := len(h.p.Settings().Events); got != 0 {
			t.Errorf("entries: %d, want 0", got)
		}
		if err := h.u.Use(context.Background(), "event.init", "save"); !errors.Is(err, perk.ErrNoEntry) {
			t.Errorf("init: %v, want ErrNoEntry", err)
		}
	})
	t.Run("wrong type is an error at Start naming the section", func(t *testing.T) {
		h := newUnit(t, testPage, "app", unit.Options{Settings: unit.Settings{"event": 42}})
		err := h.u.Start(context.Background())
		if err == nil || !strings.Contains(err.Error(), `"event"`) {
			t.Fatalf("Start: %v, want an error naming the section", err)
		}
	})
	t.Run("invalid JSON is an error at Start", func(t *testing.T) {
		h := newUnit(t, testPage, "app", unit.Options{Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": 1}}}}`)})
		if err := h.u.Start(context.Background()); !errors.Is(err, perk.ErrInvalidSettings) {
			t.Fatalf("Start: %v, want ErrInvalidSettings", err)
		}
	})
}

// Spec: 2.1 event.events
func TestSpec2_1_Path_Events(t *testing.T) {
	for _, tc := range []struct {
		name, js string
		want     []string
	}{
		{"no events key", `{}`, nil},
		{"empty map", `{"events": {}}`, nil},
		{"two entries", `{"events": {"save": {"handlers": {"click": "a"}}, "i1": {"handlers": {"click": "b"}}}}`, []string{"a", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{Settings: jsonSettings(tc.js), Methods: log.methods("a", "b")})
			h.click("save")
			h.click("i1")
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}

// Spec: 2.1 event.events.<elementName>
func TestSpec2_1_Path_ElementEntry(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"save": {"handlers": {"click": "bySave"}},
			"this": {"handlers": {"click": "byThis"}},
			"items": {"rootNode": "li.item", "handlers": {"click": "byItem"}}
		}}`),
		Methods: log.methods("bySave", "byThis", "byItem"),
	})
	// A click on the button bubbles to the unit; one on an item too.
	h.click("save")
	h.click("i2")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "bySave", "byThis", "byItem", "byThis")
}

// Spec: 2.1 event.events.<elementName>.handlers
func TestSpec2_1_Path_Handlers(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "onClick", "focus": "onFocus", "refresh": "onRefresh"}}}}`),
		Methods:  log.methods("onClick", "onFocus", "onRefresh"),
	})
	for _, ev := range []string{"refresh", "focus", "click"} {
		if err := h.trigger(ev, nil, "save"); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "onRefresh", "onFocus", "onClick")
}

// Spec: 2.1 event.events.<elementName>.handlers.<eventName>
func TestSpec2_1_Path_HandlerInfoObjectOrArray(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        []string
	}{
		{"object", `{"handler": "a"}`, []string{"a"}},
		{"object with every field", `{"handler": "a", "listenerOptions": {"capture": false, "once": false, "passive": false}, "options": {"k": 1}, "order": 3}`, []string{"a"}},
		{"array of objects", `[{"handler": "a"}, {"handler": "b"}]`, []string{"a", "b"}},
		{"array of objects with orders", `[{"handler": "a"}, {"handler": "b", "order": 1}]`, []string{"b", "a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ` + tc.value + `}}}}`),
				Methods:  log.methods("a", "b"),
			})
			if err := h.trigger("click", nil, "save"); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
}

// Spec: 2.1 event.events.<elementName>.rootNode
func TestSpec2_1_Path_RootNode(t *testing.T) {
	for _, tc := range []struct {
		name, entry string
		want        []string
	}{
		{"absent: the name is the id", `"i1": {"handlers": {"click": "h"}}`, []string{"h:i1"}},
		{"a selector", `"items": {"rootNode": "li.item", "handlers": {"click": "h"}}`, []string{"h:i1", "h:i2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: jsonSettings(`{"events": {` + tc.entry + `}}`),
				Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
					log.add("h:" + ex.Element.ID())
					return nil
				})},
			})
			for _, id := range []string{"i1", "i2"} {
				if err := h.trigger("click", nil, id); err != nil {
					t.Fatal(err)
				}
			}
			log.assert(t, tc.want...)
		})
	}
}

// ---------------------------------------------------------------------------
// §2.2 Structure (shortened format)

func TestSpec2_2_Shortened_StringFunctionAndMixedArray(t *testing.T) {
	log := &callLog{}
	f := log.fn("fn")
	for _, tc := range []struct {
		name     string
		settings unit.Settings
		want     []string
	}{
		{"string", jsonSettings(`{"events": {"save": {"handlers": {"click": "a"}}}}`), []string{"a"}},
		{"array of strings", jsonSettings(`{"events": {"save": {"handlers": {"click": ["a", "b"]}}}}`), []string{"a", "b"}},
		{"strings and objects mixed", jsonSettings(`{"events": {"save": {"handlers": {"click": ["a", {"handler": "b", "order": 1}]}}}}`), []string{"b", "a"}},
		{"function", eventSettings(onEntry("save", "click", perk.HandlerInfo{Handler: f})), []string{"fn"}},
		{"functions and strings mixed", eventSettings(onEntry("save", "click", byName("a"), perk.HandlerInfo{Handler: f}, byName("b"))), []string{"a", "fn", "b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, testPage, "app", unit.Options{Settings: tc.settings, Methods: log.methods("a", "b")})
			if err := h.trigger("click", nil, "save"); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
		})
	}
	t.Run("event.add takes the shortened shapes", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{Methods: log.methods("a", "b")})
		if err := h.u.Use(context.Background(), "event.add", "ping", []any{"a", f, perk.MethodName("b")}); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("ping", nil, ""); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "a", "fn", "b")
	})
}

// ---------------------------------------------------------------------------
// §2.3 Fields: <elementName>

func TestSpec2_3_ElementName_IDsOfAnyForm(t *testing.T) {
	for _, id := range []string{"save", "1st-item", "a.b", "x:y", "with space", "#hash", "li.item", "日本"} {
		t.Run(id, func(t *testing.T) {
			log := &callLog{}
			page := `<main id="app"><p><button id="` + id + `">x</button></p><li class="item">decoy</li></main>`
			key, _ := json.Marshal(id)
			h := startUnit(t, page, "app", unit.Options{
				Settings: jsonSettings(`{"events": {` + string(key) + `: {"handlers": {"click": "h"}}}}`),
				Methods:  log.methods("h"),
			})
			h.click(id)
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, "h")
		})
	}
}

func TestSpec2_3_ElementName_ThisIsTheUnit(t *testing.T) {
	var got *vdom.Node
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"this": {"handlers": {"refresh": "h"}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			got = ex.Element
			return nil
		})},
	})
	if err := h.trigger("refresh", nil, ""); err != nil {
		t.Fatal(err)
	}
	if got != h.u.Root() {
		t.Errorf("handler ran on %v, want the unit's root %v", got, h.u.Root())
	}
}

func TestSpec2_3_ElementName_OnlyInsideTheUnit(t *testing.T) {
	log := &callLog{}
	for _, tc := range []struct {
		name, page string
		click      []string
		want       []string
	}{
		{"outside the unit", testPage, []string{"other"}, nil},
		{"the unit's own id", testPage, []string{"app"}, nil},
		{"same id outside first, inside second",
			`<aside><button id="dup">out</button></aside><main id="app"><button id="dup">in</button></main>`,
			nil, []string{"h:in"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := "dup"
			if len(tc.click) > 0 {
				id = tc.click[0]
			}
			h := newUnit(t, tc.page, "app", unit.Options{
				Settings: jsonSettings(`{"events": {"` + id + `": {"handlers": {"click": "h"}}}}`),
				Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
					log.add("h:" + ex.Element.TextContent())
					return nil
				})},
			})
			rec := h.record()
			h.start()
			// Click every element with that id.
			var els []*vdom.Node
			for n := range h.doc.Descendants() {
				if n.IsElement() && n.ID() == id {
					els = append(els, n)
				}
			}
			for _, n := range els {
				if _, err := n.DispatchEvent(vdom.NewEvent("click")); err != nil {
					t.Fatal(err)
				}
			}
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			log.assert(t, tc.want...)
			if tc.want == nil {
				var noTarget []string
				for _, ev := range rec.Events() {
					if ev.Kind == unit.NoTarget {
						noTarget = append(noTarget, ev.Entry)
					}
				}
				if len(noTarget) == 0 {
					t.Errorf("no NoTarget trace for entry %q", id)
				}
			}
		})
	}
}

func TestSpec2_3_ElementName_NestedUnits(t *testing.T) {
	const page = `<main id="app"><button id="own">own</button>` +
		`<section id="child"><button id="deep">deep</button></section></main>`
	log := &callLog{}
	doc := vdom.ParseString(page)
	child, err := unit.New(doc, doc.GetElementByID("child"), unit.Options{Name: "child"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, child) })
	if err := child.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
		Name: "app",
		Settings: jsonSettings(`{"events": {
			"own": {"handlers": {"ping": "h"}},
			"child": {"handlers": {"ping": "h"}},
			"deep": {"handlers": {"ping": "h"}}
		}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			log.add(ex.Element.ID())
			return nil
		})},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopQuietly(t, u) })
	if err := u.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := eventsOf(t, u)
	for _, id := range []string{"own", "child", "deep"} {
		if err := p.Trigger(context.Background(), "ping", nil, doc.GetElementByID(id)); err != nil {
			t.Fatal(err)
		}
	}
	// The nested unit's root belongs to the outer unit; what is inside it
	// does not.
	log.assert(t, "own", "child")
}

func TestSpec2_3_ElementName_IsALabelWithRootNode(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		// "save" names an element, but with rootNode the name only labels
		// the entry: the handler goes on the items.
		Settings: jsonSettings(`{"events": {"save": {"rootNode": "li.item", "handlers": {"click": "h"}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			log.add(ex.Element.ID())
			return nil
		})},
	})
	for _, id := range []string{"save", "i1", "i2"} {
		if err := h.trigger("click", nil, id); err != nil {
			t.Fatal(err)
		}
	}
	log.assert(t, "i1", "i2")
}

// ---------------------------------------------------------------------------
// §2.3 Fields: <eventName>

func TestSpec2_3_EventName_LibraryAndBrowserEvents(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"this": {"handlers": {"doStart": "started", "afterRefresh": "refreshed", "my-own:event": "custom"}},
			"save": {"handlers": {"click": "clicked", "keydown": "keyed"}}
		}}`),
		Methods: log.methods("started", "refreshed", "custom", "clicked", "keyed"),
	})
	log.assert(t, "started") // a library event, fired by Start
	if err := h.trigger("afterRefresh", nil, ""); err != nil {
		t.Fatal(err)
	}
	if err := h.trigger("my-own:event", nil, ""); err != nil {
		t.Fatal(err)
	}
	h.click("save") // a browser event, dispatched
	if _, err := h.el("save").DispatchEvent(vdom.NewEventWith("keydown", vdom.EventInit{Bubbles: true})); err != nil {
		t.Fatal(err)
	}
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "refreshed", "custom", "clicked", "keyed")
	t.Run("names are case-sensitive", func(t *testing.T) {
		if err := h.trigger("Click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t)
	})
}

// ---------------------------------------------------------------------------
// §2.3 Fields: handler

func TestSpec2_3_Handler_StringResolvedWhenTheEventRuns(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": "later"}}}}`),
	})
	t.Run("missing at installation, set afterwards", func(t *testing.T) {
		h.u.SetMethod("later", log.method("first"))
		if err := h.trigger("click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "first")
	})
	t.Run("replaced", func(t *testing.T) {
		h.u.SetMethod("later", log.method("second"))
		if err := h.trigger("click", nil, "save"); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "second")
	})
	t.Run("removed: ErrMethodNotFound when the event runs", func(t *testing.T) {
		h.u.SetMethod("later", nil)
		err := h.trigger("click", nil, "save")
		if !errors.Is(err, perk.ErrMethodNotFound) {
			t.Fatalf("trigger: %v, want ErrMethodNotFound", err)
		}
		var he *perk.HandlerError
		if !errors.As(err, &he) || he.Handler != "later" {
			t.Errorf("error %v does not name the handler \"later\"", err)
		}
	})
}

func TestSpec2_3_Handler_FunctionMustExistAtInstallation(t *testing.T) {
	for _, tc := range []struct {
		name string
		h    perk.Handler
	}{
		{"nil *Func", (*perk.Func)(nil)},
		{"NewFunc with nil fn", perk.NewFunc("empty", nil)},
		{"nil handler", nil},
		{"empty method name", perk.MethodName("")},
	} {
		t.Run(tc.name+" in the settings: Start fails", func(t *testing.T) {
			h := newUnit(t, testPage, "app", unit.Options{
				Settings: eventSettings(onEntry("save", "click", perk.HandlerInfo{Handler: tc.h})),
			})
			err := h.u.Start(context.Background())
			if err == nil || !strings.Contains(err.Error(), "event.events.save.handlers.click") {
				t.Fatalf("Start: %v, want an error naming the handler's place", err)
			}
		})
		t.Run(tc.name+" to event.add: ErrNilHandler, nothing installed", func(t *testing.T) {
			log := &callLog{}
			h := startUnit(t, testPage, "app", unit.Options{})
			good := log.fn("good")
			err := h.p.Add("click", []perk.HandlerInfo{{Handler: good}, {Handler: tc.h}}, h.el("save"), nil)
			if !errors.Is(err, perk.ErrNilHandler) {
				t.Fatalf("Add: %v, want ErrNilHandler", err)
			}
			if err := h.trigger("click", nil, "save"); err != nil {
				t.Fatal(err)
			}
			log.assert(t)
		})
	}
}

func TestSpec2_3_Handler_BoundToTheUnit(t *testing.T) {
	var this any
	f := perk.NewFunc("f", unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		this = ex.This
		return nil
	}))
	h := startUnit(t, testPage, "app", unit.Options{Settings: eventSettings(onEntry("save", "click", perk.HandlerInfo{Handler: f}))})
	if err := h.trigger("click", nil, "save"); err != nil {
		t.Fatal(err)
	}
	if this != h.u {
		t.Errorf("ex.This = %v, want the unit", this)
	}
}

// ---------------------------------------------------------------------------
// §2.3 Fields: listenerOptions

// A capture handler on an ancestor runs before the handlers of the target
// and its other ancestors; a capture handler on the target itself runs
// before that element's other handlers, whatever their order.
func TestSpec2_3_ListenerOptions_Capture(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {
			"this": {"handlers": {"click": [{"handler": "appBubble"}, {"handler": "appCapture", "listenerOptions": {"capture": true}}]}},
			"list": {"handlers": {"click": [{"handler": "listBubble", "order": 5}, {"handler": "listCapture", "listenerOptions": {"capture": true}}]}},
			"i1": {"handlers": {"click": [{"handler": "itemBubble", "order": 9}, {"handler": "itemCapture", "listenerOptions": {"capture": true}}]}}
		}}`),
		Methods: log.methods("appBubble", "appCapture", "listBubble", "listCapture", "itemBubble", "itemCapture"),
	})
	var phases []vdom.Phase
	h.u.SetMethod("itemCapture", unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
		log.add("itemCapture")
		phases = append(phases, e.EventPhase())
		return nil
	}))
	h.u.SetMethod("listCapture", unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
		log.add("listCapture")
		phases = append(phases, e.EventPhase())
		return nil
	}))
	h.click("i1")
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "appCapture", "listCapture", "itemCapture", "itemBubble", "listBubble", "appBubble")
	if diff := cmp.Diff([]vdom.Phase{vdom.CapturingPhase, vdom.AtTarget}, phases); diff != "" {
		t.Errorf("phases mismatch (-want +got):\n%s", diff)
	}
	t.Run("remove needs the capture flag too", func(t *testing.T) {
		if err := h.p.Remove("click", []perk.HandlerInfo{byName("listCapture")}, h.el("list")); err != nil {
			t.Fatal(err)
		}
		h.click("i2")
		if err := h.settle(); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "appCapture", "listCapture", "listBubble", "appBubble")
		capture := perk.HandlerInfo{Handler: perk.MethodName("listCapture"), ListenerOptions: &perk.ListenerOptions{Capture: true}}
		if err := h.p.Remove("click", []perk.HandlerInfo{capture}, h.el("list")); err != nil {
			t.Fatal(err)
		}
		h.click("i2")
		if err := h.settle(); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "appCapture", "listBubble", "appBubble")
	})
}

func TestSpec2_3_ListenerOptions_Once(t *testing.T) {
	log := &callLog{}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": [
			{"handler": "once", "listenerOptions": {"once": true}}, "always"]}}}}`),
		Methods: log.methods("once", "always"),
	})
	for range 3 {
		h.click("save")
	}
	if err := h.settle(); err != nil {
		t.Fatal(err)
	}
	log.assert(t, "once", "always", "always", "always")
	t.Run("by trigger too", func(t *testing.T) {
		if err := h.p.Add("ping", []perk.HandlerInfo{{Handler: perk.MethodName("once"), ListenerOptions: &perk.ListenerOptions{Once: true}}}, nil, nil); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := h.trigger("ping", nil, ""); err != nil {
				t.Fatal(err)
			}
		}
		log.assert(t, "once")
	})
	t.Run("a once handler that triggers its own event runs once", func(t *testing.T) {
		var n int
		f := perk.NewFunc("reenter", func(ctx context.Context, _ any, _ *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
			n++
			return nil, h.p.Trigger(ctx, "again", nil, nil)
		})
		if err := h.p.Add("again", []perk.HandlerInfo{{Handler: f, ListenerOptions: &perk.ListenerOptions{Once: true}}}, nil, nil); err != nil {
			t.Fatal(err)
		}
		if err := h.trigger("again", nil, ""); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("ran %d times, want 1", n)
		}
	})
}

func TestSpec2_3_ListenerOptions_Passive(t *testing.T) {
	var seen []string
	prevent := func(label string) unit.Method {
		return unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error {
			e.PreventDefault()
			seen = append(seen, label+":"+map[bool]string{true: "prevented", false: "not prevented"}[e.DefaultPrevented()])
			return nil
		})
	}
	for _, tc := range []struct {
		name, handlers string
		want           []string
		notCancelled   bool
	}{
		{"passive handler cannot prevent", `[{"handler": "p", "listenerOptions": {"passive": true}}]`,
			[]string{"p:not prevented"}, true},
		{"only inside the passive handler", `[{"handler": "p", "listenerOptions": {"passive": true}}, "n"]`,
			[]string{"p:not prevented", "n:prevented"}, false},
		{"a passive handler after a non-passive one", `["n", {"handler": "p", "listenerOptions": {"passive": true}}]`,
			[]string{"n:prevented", "p:prevented"}, false},
		{"passive false", `[{"handler": "p", "listenerOptions": {"passive": false}}]`,
			[]string{"p:prevented"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen = nil
			h := startUnit(t, testPage, "app", unit.Options{
				Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": ` + tc.handlers + `}}}}`),
				Methods:  unit.Methods{"p": prevent("p"), "n": prevent("n")},
			})
			notCancelled := h.click("save")
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, seen); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if notCancelled != tc.notCancelled {
				t.Errorf("DispatchEvent returned %v, want %v", notCancelled, tc.notCancelled)
			}
		})
	}
}

// Without a passive option, the DOM default holds: touch and wheel
// handlers on the body and the root element are passive, others are not.
func TestSpec2_3_ListenerOptions_PassiveDefault(t *testing.T) {
	for _, tc := range []struct {
		name, event, id string
		passive         *bool
		want            bool // DispatchEvent's result: true when not cancelled
	}{
		{"touchstart on the body", "touchstart", "body", nil, true},
		{"wheel on the body", "wheel", "body", nil, true},
		{"touchmove on a button", "touchmove", "x", nil, false},
		{"click on the body", "click", "body", nil, false},
		{"touchstart on the body, passive false", "touchstart", "body", new(false), false},
		{"touchstart on a button, passive true", "touchstart", "x", new(true), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startUnit(t, `<body id="body"><button id="x"></button></body>`, "body", unit.Options{Methods: unit.Methods{
				"p": unit.Sync(func(_ any, e *vdom.Event, _ unit.Ex) error { e.PreventDefault(); return nil }),
			}})
			info := perk.HandlerInfo{Handler: perk.MethodName("p"), ListenerOptions: &perk.ListenerOptions{Passive: tc.passive}}
			if err := h.p.Add(tc.event, []perk.HandlerInfo{info}, h.el(tc.id), nil); err != nil {
				t.Fatal(err)
			}
			got, err := h.el(tc.id).DispatchEvent(vdom.NewEventWith(tc.event, vdom.EventInit{Cancelable: true}))
			if err != nil {
				t.Fatal(err)
			}
			if err := h.settle(); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("DispatchEvent = %v, want %v", got, tc.want)
			}
		})
	}
}

// Spec: 2.3 listenerOptions
func TestSpec2_3_ListenerOptions_KeySpelling(t *testing.T) {
	t.Run("listenerOptions is read", func(t *testing.T) {
		log := &callLog{}
		h := startUnit(t, testPage, "app", unit.Options{
			Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": {"handler": "h", "listenerOptions": {"once": true}}}}}}`),
			Methods:  log.methods("h"),
		})
		h.click("save")
		h.click("save")
		if err := h.settle(); err != nil {
			t.Fatal(err)
		}
		log.assert(t, "h")
	})
	t.Run("the layout's listerOptions is refused", func(t *testing.T) {
		h := newUnit(t, testPage, "app", unit.Options{
			Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": {"handler": "h", "listerOptions": {"once": true}}}}}}`),
		})
		err := h.u.Start(context.Background())
		if !errors.Is(err, perk.ErrInvalidSettings) || !strings.Contains(err.Error(), "listerOptions") {
			t.Fatalf("Start: %v, want an error naming listerOptions", err)
		}
	})
}

// ---------------------------------------------------------------------------
// §2.3 Fields: options

func TestSpec2_3_Options_ReachTheHandlerAsEx(t *testing.T) {
	var got []map[string]any
	rec := unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
		got = append(got, ex.Options)
		return nil
	})
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": [
			{"handler": "h", "options": {"mode": "select", "n": 7, "nested": {"list": [1, "two"]}}},
			{"handler": "h2"}
		]}}}}`),
		Methods: unit.Methods{"h": rec, "h2": rec},
	})
	if err := h.trigger("click", map[string]any{"mode": "from trigger"}, "save"); err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"mode": "select", "n": 7, "nested": map[string]any{"list": []any{1, "two"}}},
		{}, // never nil
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ex.Options mismatch (-want +got):\n%s", diff)
	}
	if len(got) == 2 && got[1] == nil {
		t.Error("ex.Options is nil for a handler without options")
	}
}

// ---------------------------------------------------------------------------
// §2.3 Fields: rootNode

func TestSpec2_3_RootNode_ScopedToTheUnit(t *testing.T) {
	const page = `<div class="x"><main id="app">` +
		`<span id="s1">1</span>` +
		`<div class="x"><span id="s2">2</span></div>` +
		`<p><b><span id="s3">3</span></b></p>` +
		`</main></div><span id="s4">outside</span>`
	for _, tc := range []struct {
		rootNode string
		want     []string
	}{
		{"span", []string{"s1", "s2", "s3"}},
		{"div span", []string{"s2"}},      // the outer div.x is not inside the unit
		{".x span", []string{"s2"}},       // likewise
		{"main span", nil},                // the unit's root is not inside itself
		{"main > span", nil},              // likewise
		{":scope > span", []string{"s1"}}, // :scope is the unit's root
		{"p span, div > span", []string{"s2", "s3"}},
		{"b > span", []string{"s3"}},
		{"#s4", nil},
	} {
		t.Run(tc.rootNode, func(t *testing.T) {
			var got []string
			h := startUnit(t, page, "app", unit.Options{
				Settings: eventSettings(perk.ElementEntry{Name: "sel", RootNode: tc.rootNode,
					Handlers: []perk.EventHandlers{{Event: "ping", Handlers: []perk.HandlerInfo{byName("h")}}}}),
				Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
					got = append(got, ex.Element.ID())
					return nil
				})},
			})
			for _, id := range []string{"s1", "s2", "s3", "s4"} {
				if err := h.trigger("ping", nil, id); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("targets mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpec2_3_RootNode_ThisIsTheUnit(t *testing.T) {
	var got []*vdom.Node
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"anything": {"rootNode": "this", "handlers": {"ping": "h"}}}}`),
		Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
			got = append(got, ex.Element)
			return nil
		})},
	})
	if err := h.trigger("ping", nil, ""); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]*vdom.Node{h.u.Root()}, got, byIdentity); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestSpec2_3_RootNode_NestedUnitsLeftOut(t *testing.T) {
	const page = `<main id="app"><span id="a">a</span>` +
		`<section id="child" class="box"><span id="b">b</span>` +
		`<div id="grand"><span id="c">c</span></div></section>` +
		`<div class="box" id="e"><span id="d">d</span></div></main>`
	for _, tc := range []struct {
		name, rootNode string
		want           []string
	}{
		{"descendants of a nested unit are left out", "span", []string{"a", "d"}},
		{"the nested unit's root can be selected", ".box", []string{"child", "e"}},
		{"a compound inside the nested unit cannot reach through", "section span", nil},
		{"id selector into the nested unit", "#b", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(page)
			child, err := unit.New(doc, doc.GetElementByID("child"), unit.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { stopQuietly(t, child) })
			var got []string
			u, err := unit.New(doc, doc.GetElementByID("app"), unit.Options{
				Settings: eventSettings(perk.ElementEntry{Name: "sel", RootNode: tc.rootNode,
					Handlers: []perk.EventHandlers{{Event: "ping", Handlers: []perk.HandlerInfo{byName("h")}}}}),
				Methods: unit.Methods{"h": unit.Sync(func(_ any, _ *vdom.Event, ex unit.Ex) error {
					got = append(got, ex.Element.ID())
					return nil
				})},
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { stopQuietly(t, u) })
			if err := u.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			p := eventsOf(t, u)
			for _, id := range []string{"a", "child", "b", "grand", "c", "e", "d"} {
				if err := p.Trigger(context.Background(), "ping", nil, doc.GetElementByID(id)); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("targets mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpec2_3_RootNode_InvalidSelectorFailsStart(t *testing.T) {
	for _, sel := range []string{"li[", "::nope", "a >", ""} {
		t.Run(sel, func(t *testing.T) {
			settings := eventSettings(perk.ElementEntry{Name: "items", RootNode: sel,
				Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{byName("h")}}}})
			if sel == "" {
				// An empty RootNode in Go means none; in JSON it is an error.
				settings = jsonSettings(`{"events": {"items": {"rootNode": "", "handlers": {"click": "h"}}}}`)
			}
			h := newUnit(t, testPage, "app", unit.Options{Settings: settings})
			err := h.u.Start(context.Background())
			if !errors.Is(err, perk.ErrInvalidSettings) {
				t.Fatalf("Start: %v, want ErrInvalidSettings", err)
			}
			if !strings.Contains(err.Error(), "event.events.items.rootNode") {
				t.Errorf("error %q does not name the rootNode", err)
			}
			if h.u.Started() {
				t.Error("unit started")
			}
		})
	}
	t.Run("event.init with an invalid rootNode names it", func(t *testing.T) {
		h := startUnit(t, testPage, "app", unit.Options{})
		err := h.p.Init("items", &perk.ElementEntry{Name: "items", RootNode: "li[",
			Handlers: []perk.EventHandlers{{Event: "click", Handlers: []perk.HandlerInfo{byName("h")}}}}, nil)
		if !errors.Is(err, vdom.ErrSyntax) || !strings.Contains(err.Error(), `"li["`) {
			t.Fatalf("Init: %v, want a syntax error naming the selector", err)
		}
	})
}

// ---------------------------------------------------------------------------
// §2.4 Handler call shape

func TestSpec2_4_CallShape_SenderEventEx(t *testing.T) {
	type call struct {
		Sender  any
		Detail  any
		Type    string
		Options map[string]any
		Unit    *unit.Unit
		This    any
		Element *vdom.Node
		Handler string
		Order   int
	}
	var got []call
	rec := func(ctx context.Context, sender any, e *vdom.Event, ex unit.Ex) (vdom.Awaitable, error) {
		if ctx == nil {
			t.Error("nil context")
		}
		got = append(got, call{sender, e.Detail(), e.Type(), ex.Options, ex.Unit, ex.This, ex.Element, ex.Handler, ex.Order})
		return nil, nil
	}
	h := startUnit(t, testPage, "app", unit.Options{
		Settings: jsonSettings(`{"events": {"save": {"handlers": {"click": {"handler": "h", "order": 4, "options": {"k": "v"}}}}}}`),
		Methods:  unit.Methods{"h": rec},
	})
	save := h.el("save")
	other := "someone else"
	bind := &struct{ name string }{"receiver"}
	cmpBind := cmp.Comparer(func(a, b *struct{ name string }) bool { return a == b })
	for _, tc := range []struct {
		name string
		do   func() error
		want call
	}{
		{"trigger without options", func() error { return h.trigger("click", nil, "save") },
			call{save, nil, "click", map[string]any{"k": "v"}, h.u, h.u, save, "h", 4}},
		{"trigger options are the detail", func() error { return h.trigger("click", map[string]any{"x": 1}, "save") },
			call{save, map[string]any{"x": 1}, "click", map[string]any{"k": "v"}, h.u, h.u, save, "h", 4}},
		{"the detail's sender is the sender", func() error {
			return h.trigger("click", map[string]any{"sender": other}, "save")
		}, call{other, map[string]any{"sender": other}, "click", map[string]any{"k": "v"}, h.u, h.u, save, "h", 4}},
		{"a nil sender in the detail is no sender", func() error {
			return h.trigger("click", map[string]any{"sender": nil}, "save")
		}, call{save, map[string]any{"sender": nil}, "click", map[string]any{"k": "v"}, h.u, h.u, save, "h", 4}},
		{"triggerSync options are the detail too", func() error {
			return h.p.TriggerSync(context.Background(), "click", map[string]any{"y": 2}, save)
		}, call{save, map[string]any{"y": 2}, "click", map[string]any{"k": "v"}, h.u, h.u, save, "h", 4}},
		{"bindTo of event.add is ex.This", func() error {
			if err := h.u.Use(context.Background(), "event.add", "bound", "h", nil, bind); err != nil {
				return err
			}
			return h.trigger("bound", nil, "")
		}, call{h.u.Root(), nil, "bound", map[string]any{}, h.u, bind, h.u.Root(), "h", 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got = nil
			if err := tc.do(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]call{tc.want}, got, byIdentity, cmpBind); diff != "" {
				t.Errorf("call mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
