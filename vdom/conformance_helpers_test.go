package vdom_test

// DOM event conformance suite: the PORTABLE cases EV-001..EV-078 of the
// web-platform-tests dom/events catalog (shared/conformance/dom-events.md),
// one Go test per case. Variants of a case are subtests. Expected traces
// include the Window, because parsed documents have one.
//
// Case → test function:
//
//	EV-001 TestEV001_ConstructorDefaults
//	EV-002 TestEV002_EventInitMembers
//	EV-003 TestEV003_EmptyTypeIsDispatchable
//	EV-004 TestEV004_InitEventSetsFields
//	EV-005 TestEV005_InitEventClearsStopAndCanceledFlags
//	EV-006 TestEV006_InitDoesNothingDuringDispatch
//	EV-007 TestEV007_PhaseConstants
//	EV-008 TestEV008_PreventDefaultNonCancelableOutsideDispatch
//	EV-009 TestEV009_PreventDefaultCancelableOutsideDispatch
//	EV-010 TestEV010_CancelBubbleAccessor
//	EV-011 TestEV011_ReturnValueAndCanceledFlagSurvivesDispatch
//	EV-012 TestEV012_CanceledFlagPersistsOnRedispatch
//	EV-013 TestEV013_PreventDefaultBeforeDispatch
//	EV-014 TestEV014_ListenerPreventDefaultOnNonCancelable
//	EV-015 TestEV015_RedispatchWhileDispatchingIsInvalidState
//	EV-016 TestEV016_UninitializedEventCannotBeDispatched
//	EV-017 TestEV017_IsTrustedFalseForDispatchEvent
//	EV-018 TestEV018_ListenerReceivesSameEventObject
//	EV-019 TestEV019_StateAfterDispatch
//	EV-020 TestEV020_ComposedPathLightTree
//	EV-021 TestEV021_FullCaptureTargetBubbleTrace
//	EV-022 TestEV022_DocumentWithoutBrowsingContextStopsAtDocument
//	EV-023 TestEV023_LoadDoesNotPropagateToWindow
//	EV-024 TestEV024_BubblesFalse
//	EV-025 TestEV025_OmittedCaptureIsNonCapture
//	EV-026 TestEV026_AtTargetCaptureListenersFirst
//	EV-027 TestEV027_OrderOnPlainEventTarget
//	EV-028 TestEV028_PhaseOrderAcrossTwoNodes
//	EV-029 TestEV029_CaptureFlagDecidesPhaseOnAncestor
//	EV-030 TestEV030_DetachedSubtree
//	EV-031 TestEV031_ElementOfAnotherDocument
//	EV-032 TestEV032_TextNodeTarget
//	EV-033 TestEV033_StopPropagationBeforeDispatch
//	EV-034 TestEV034_CancelBubbleBeforeDispatch
//	EV-035 TestEV035_StopImmediatePropagationBeforeDispatch
//	EV-036 TestEV036_PlainTargetStopBeforeDispatch
//	EV-037 TestEV037_StopPropagationSparesSameNodeListeners
//	EV-038 TestEV038_CancelBubbleFalseInsideListenerIsNoOp
//	EV-039 TestEV039_StopInCapturePhase
//	EV-040 TestEV040_StopImmediatePropagationSkipsRemaining
//	EV-041 TestEV041_StopPropagationInCaptureAtTargetSuppressesBubble
//	EV-042 TestEV042_ReusedEventWithStopPropagation
//	EV-043 TestEV043_ReusedEventWithCancelBubble
//	EV-044 TestEV044_OnceWithStopImmediatePropagation
//	EV-045 TestEV045_NilListenerIsNoOp
//	EV-046 TestEV046_DedupKeyIsTypeCallbackCapture
//	EV-047 TestEV047_CaptureTrueAndFalseAreSeparate
//	EV-048 TestEV048_FirstRegistrationOptionsWin
//	EV-049 TestEV049_RemoveMatchesCaptureOnly
//	EV-050 TestEV050_OnceBasics
//	EV-051 TestEV051_OnceRemovedBeforeInvoke
//	EV-052 TestEV052_OnceListenerReaddsItself
//	EV-053 TestEV053_PassiveIgnoresPreventDefault
//	EV-054 TestEV054_PassiveIsPerListener
//	EV-055 TestEV055_PassiveFlagClearedAfterPanic
//	EV-056 TestEV056_DefaultPassiveValue
//	EV-057 TestEV057_SignalAbortRemovesListener
//	EV-058 TestEV058_SignalWithRemoveOnceCapture
//	EV-059 TestEV059_AbortInsideListenerSkipsLaterListeners
//	EV-060 TestEV060_AddThenAbortAndNestedAbort
//	EV-061 TestEV061_ObjectListeners
//	EV-062 TestEV062_ListenerAddedToNodeNotYetReached
//	EV-063 TestEV063_ListenerAddedToCurrentNodeRunsNextTime
//	EV-064 TestEV064_RemovedListenerNotYetRunIsSkipped
//	EV-065 TestEV065_RemovedAndReaddedNotCalledThisDispatch
//	EV-066 TestEV066_NestedDispatchWithOnce
//	EV-067 TestEV067_HandlersChangedDuringDispatch
//	EV-068 TestEV068_TargetSnapshottedOncePerPass
//	EV-069 TestEV069_BubbleListenerAddedDuringCapture
//	EV-070 TestEV070_PathFixedWhenTargetMoved
//	EV-071 TestEV071_PathFixedWhenTargetRemoved
//	EV-072 TestEV072_ReentrantDispatchOfDifferentEvent
//	EV-073 TestEV073_TypeMatchingIsExact
//	EV-074 TestEV074_PanicDoesNotStopDispatch
//	EV-075 TestEV075_SinglePanickingListener
//	EV-076 TestEV076_CustomEventDefaultsAndDetail
//	EV-077 TestEV077_InitCustomEvent
//	EV-078 TestEV078_CustomEventOnEmbeddedTarget

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// Short names for the phases, as the catalog writes them.
const (
	phCap = vdom.CapturingPhase
	phAt  = vdom.AtTarget
	phBub = vdom.BubblingPhase
)

// evEntry is one line of a trace: which listener ran, in which phase, on
// which object (the currentTarget, named by evTracer.name).
type evEntry struct {
	ID     string
	Phase  vdom.Phase
	Target string
}

// evTracer records listener invocations.
type evTracer struct {
	names map[vdom.EventTarget]string // names of targets that are not nodes
	got   []evEntry
}

func newTracer() *evTracer {
	return &evTracer{names: make(map[vdom.EventTarget]string)}
}

// named gives a plain target the name used in traces and returns it.
func (tr *evTracer) named(t vdom.EventTarget, name string) vdom.EventTarget {
	tr.names[t] = name
	return t
}

// name names a target: "window", "document", "#id", the tag name, or the
// name given with named.
func (tr *evTracer) name(t vdom.EventTarget) string {
	if t == nil {
		return "<nil>"
	}
	if n, ok := tr.names[t]; ok {
		return n
	}
	return targetName(t)
}

func targetName(t vdom.EventTarget) string {
	switch v := t.(type) {
	case nil:
		return "<nil>"
	case *vdom.Window:
		return "window"
	case *vdom.Document:
		return "document"
	case *vdom.Node:
		switch v.NodeType() {
		case vdom.DocumentNode:
			return "document"
		case vdom.ElementNode:
			if id := v.ID(); id != "" {
				return "#" + id
			}
			return v.LocalName()
		}
		return v.NodeName()
	case *vdom.Target:
		return "ET"
	}
	return fmt.Sprintf("%T", t)
}

// record appends [id, phase, currentTarget].
func (tr *evTracer) record(id string, e *vdom.Event) {
	tr.got = append(tr.got, evEntry{id, e.EventPhase(), tr.name(e.CurrentTarget())})
}

// listener returns a new listener that records id and then runs then.
func (tr *evTracer) listener(id string, then ...func(*vdom.Event)) *vdom.FuncListener {
	return vdom.NewListener(func(e *vdom.Event) {
		tr.record(id, e)
		for _, f := range then {
			f(e)
		}
	})
}

// take returns the trace so far and starts a new one.
func (tr *evTracer) take() []evEntry {
	got := tr.got
	tr.got = nil
	return got
}

// names maps targets to their trace names.
func (tr *evTracer) namesOf(ts []vdom.EventTarget) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = tr.name(t)
	}
	return out
}

// diffTrace fails the test when got is not want; nil and empty are equal.
func diffTrace(t *testing.T, want, got []evEntry) {
	t.Helper()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("trace mismatch (-want +got):\n%s", d)
	}
}

// diffStrings fails the test when got is not want; nil and empty are equal.
func diffStrings(t *testing.T, what string, want, got []string) {
	t.Helper()
	if len(want) == 0 && len(got) == 0 {
		return
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, d)
	}
}

// entries builds a trace in which one listener id runs at each of targets in
// the given phase.
func entries(id string, phase vdom.Phase, targets ...string) []evEntry {
	out := make([]evEntry, len(targets))
	for i, n := range targets {
		out[i] = evEntry{id, phase, n}
	}
	return out
}

// reversed returns a reversed copy.
func reversed(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// dispatchOK dispatches e at target and fails the test on an error.
func dispatchOK(t *testing.T, target vdom.EventTarget, e *vdom.Event) bool {
	t.Helper()
	ok, err := target.DispatchEvent(e)
	if err != nil {
		t.Fatalf("DispatchEvent(%q) at %s: unexpected error: %v", e.Type(), targetName(target), err)
	}
	return ok
}

// checkPost checks the catalog's POST conditions after a dispatch of e at
// target: eventPhase NONE, currentTarget nil, cancelBubble false (the stop
// flags are cleared), composedPath empty, target and srcElement still the
// dispatch target, defaultPrevented as given (dispatch never resets it), and
// the dispatch flag cleared.
//
// The last point is checked by dispatching e once more at a fresh
// listener-less Target, which must succeed. That changes e's target, so
// callers check anything else about the target first.
func checkPost(t *testing.T, e *vdom.Event, target vdom.EventTarget, defaultPrevented bool) {
	t.Helper()
	if p := e.EventPhase(); p != vdom.PhaseNone {
		t.Errorf("POST: eventPhase = %v, want NONE", p)
	}
	if ct := e.CurrentTarget(); ct != nil {
		t.Errorf("POST: currentTarget = %s, want nil", targetName(ct))
	}
	if e.CancelBubble() {
		t.Error("POST: cancelBubble = true, want false (stop flags cleared)")
	}
	if p := e.ComposedPath(); len(p) != 0 {
		t.Errorf("POST: composedPath() has %d entries, want none", len(p))
	}
	if got := e.Target(); got != target {
		t.Errorf("POST: target = %s, want %s", targetName(got), targetName(target))
	}
	if got := e.SrcElement(); got != target {
		t.Errorf("POST: srcElement = %s, want %s", targetName(got), targetName(target))
	}
	if got := e.DefaultPrevented(); got != defaultPrevented {
		t.Errorf("POST: defaultPrevented = %v, want %v (dispatch does not reset it)", got, defaultPrevented)
	}
	if got := e.ReturnValue(); got != !defaultPrevented {
		t.Errorf("POST: returnValue = %v, want %v", got, !defaultPrevented)
	}
	probe := vdom.NewTarget()
	calls := 0
	probe.AddEventListener(e.Type(), vdom.NewListener(func(*vdom.Event) { calls++ }))
	ok, err := probe.DispatchEvent(e)
	if err != nil {
		t.Errorf("POST: dispatch flag not cleared: re-dispatch failed: %v", err)
		return
	}
	if calls != 1 {
		t.Errorf("POST: re-dispatch at a fresh target ran its listener %d times, want 1", calls)
	}
	if ok != !defaultPrevented {
		t.Errorf("POST: re-dispatch returned %v, want %v", ok, !defaultPrevented)
	}
}

// listenerErrors returns the *vdom.ListenerError values that DispatchEvent
// joined into err, failing the test for anything else in it.
func listenerErrors(t *testing.T, err error) []*vdom.ListenerError {
	t.Helper()
	if err == nil {
		return nil
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	var out []*vdom.ListenerError
	for _, e := range errs {
		le, ok := e.(*vdom.ListenerError)
		if !ok {
			t.Errorf("dispatch error %T (%v) is not a *vdom.ListenerError", e, e)
			continue
		}
		out = append(out, le)
	}
	return out
}

// byID returns the element with the id or stops the test.
func byID(t *testing.T, doc *vdom.Document, id string) *vdom.Node {
	t.Helper()
	n := doc.GetElementByID(id)
	if n == nil {
		t.Fatalf("no element #%s", id)
	}
	return n
}

// findID looks for the element with the id below root, for trees whose
// Document is not at hand.
func findID(t *testing.T, root *vdom.Node, id string) *vdom.Node {
	t.Helper()
	for n := range root.Descendants() {
		if n.IsElement() && n.ID() == id {
			return n
		}
	}
	t.Fatalf("no element #%s below %s", id, targetName(root))
	return nil
}

// mustCreate creates an element or stops the test.
func mustCreate(t *testing.T, doc *vdom.Document, tag string) *vdom.Node {
	t.Helper()
	n, err := doc.CreateElement(tag)
	if err != nil {
		t.Fatalf("CreateElement(%q): %v", tag, err)
	}
	return n
}

// mustAppend appends child to parent or stops the test.
func mustAppend(t *testing.T, parent, child *vdom.Node) {
	t.Helper()
	if _, err := parent.AppendChild(child); err != nil {
		t.Fatalf("%s.AppendChild(%s): %v", targetName(parent), targetName(child), err)
	}
}

// mustSetID sets the id or stops the test.
func mustSetID(t *testing.T, n *vdom.Node, id string) {
	t.Helper()
	if err := n.SetID(id); err != nil {
		t.Fatalf("SetID(%q): %v", id, err)
	}
}

// tTableHTML is WPT's shared Event-dispatch-* fixture (catalog "T-table").
const tTableHTML = `<!DOCTYPE html><html id=html><body id=body>
<table id=table><tbody id=tbody>
<tr id=row><td id=cell>Shady Grove</td><td>Aeolian</td></tr>
<tr id=parent><td id=target>Over the river, Charlie</td><td>Dorian</td></tr>
</tbody></table>
</body></html>`

// tTableBody is the part of tTableHTML inside <body>.
const tTableBody = `<table id=table><tbody id=tbody>
<tr id=row><td id=cell>Shady Grove</td><td>Aeolian</td></tr>
<tr id=parent><td id=target>Over the river, Charlie</td><td>Dorian</td></tr>
</tbody></table>`

// tTable is T-table with its capture order C.
type tTable struct {
	doc    *vdom.Document
	target *vdom.Node
	chain  []vdom.EventTarget // C: window (if any), document, #html ... #target
}

// names returns the trace names of C (capture order).
func (tt *tTable) names() []string {
	out := make([]string, len(tt.chain))
	for i, x := range tt.chain {
		out[i] = targetName(x)
	}
	return out
}

// newTTable parses T-table into a document with a Window.
func newTTable(t *testing.T) *tTable {
	t.Helper()
	return tTableOf(t, vdom.ParseString(tTableHTML))
}

// tTableOf collects C from a document that holds T-table.
func tTableOf(t *testing.T, doc *vdom.Document) *tTable {
	t.Helper()
	tt := &tTable{doc: doc}
	if w := doc.Window(); w != nil {
		tt.chain = append(tt.chain, w)
	}
	tt.chain = append(tt.chain, doc)
	for _, id := range []string{"html", "body", "table", "tbody", "parent", "target"} {
		tt.chain = append(tt.chain, byID(t, doc, id))
	}
	tt.target = byID(t, doc, "target")
	return tt
}

// tABCHTML is the catalog's T-abc, with ids on <html> and <body> so that
// traces name them #html and #body.
const tABCHTML = `<!DOCTYPE html><html id=html><body id=body><div id=a><div id=b><div id=c></div></div></div></body></html>`

// fullTrace is the EV-021 trace of one listener id over C (names in capture
// order, the target last): capture down, twice at the target, bubble up.
func fullTrace(id string, c []string) []evEntry {
	n := len(c)
	var out []evEntry
	out = append(out, entries(id, phCap, c[:n-1]...)...)
	out = append(out, entries(id, phAt, c[n-1], c[n-1])...)
	out = append(out, entries(id, phBub, reversed(c[:n-1])...)...)
	return out
}

// caseIDPattern finds the case ids of the catalog: "**EV-021 ...".
var caseIDPattern = regexp.MustCompile(`\*\*EV-(\d{3})`)

// testNamePattern matches the test functions of this suite.
var testNamePattern = regexp.MustCompile(`^TestEV(\d{3})_[A-Za-z0-9_]+$`)

// TestConformanceCatalogCovered fails when a case of the conformance catalog
// has no test function named TestEVNNN_*. The catalog sits beside the
// repository (shared/conformance/dom-events.md); without it the check is
// skipped.
func TestConformanceCatalogCovered(t *testing.T) {
	catalog := filepath.Join("..", "..", "shared", "conformance", "dom-events.md")
	text, err := os.ReadFile(catalog)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("catalog %s not found; nothing to check coverage against", catalog)
	}
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, m := range caseIDPattern.FindAllStringSubmatch(string(text), -1) {
		want[m[1]] = true
	}
	if len(want) == 0 {
		t.Fatalf("no **EV-NNN case ids found in %s", catalog)
	}

	// The suite's own files only: other test files of the package play no
	// part in the catalog.
	files, err := filepath.Glob("conformance_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string][]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", f, err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil {
				continue
			}
			if m := testNamePattern.FindStringSubmatch(fn.Name.Name); m != nil {
				have[m[1]] = append(have[m[1]], fn.Name.Name)
			}
		}
	}

	var missing []string
	for id := range want {
		if len(have[id]) == 0 {
			missing = append(missing, "EV-"+id)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d catalog cases have no TestEVNNN_* function: %s", len(missing), strings.Join(missing, ", "))
	}
	for id, fns := range have {
		if len(fns) > 1 {
			t.Errorf("EV-%s has several test functions: %v", id, fns)
		}
		if !want[id] {
			t.Errorf("%v tests EV-%s, which the catalog does not list", fns, id)
		}
	}
	t.Logf("%d catalog cases, %d covered", len(want), len(want)-len(missing))
}
