package vdom_test

import (
	"fmt"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// recordView is a MutationRecord with its nodes named, for go-cmp diffs
// that people can read. Names tell nodes apart by identity: two distinct
// nodes that describe alike get distinct names.
type recordView struct {
	Type               vdom.MutationType
	Target             string
	AddedNodes         []string
	RemovedNodes       []string
	PreviousSibling    string
	NextSibling        string
	AttributeName      string
	AttributeNamespace string
	OldValue           string
	HasOldValue        bool
}

// nodeNamer names nodes by description, numbered when several distinct
// nodes share one.
type nodeNamer struct {
	names map[*vdom.Node]string
	used  map[string]int
}

func newNodeNamer() *nodeNamer {
	return &nodeNamer{names: map[*vdom.Node]string{}, used: map[string]int{}}
}

func (nn *nodeNamer) name(n *vdom.Node) string {
	if n == nil {
		return ""
	}
	if s, ok := nn.names[n]; ok {
		return s
	}
	s := n.String()
	if n.NodeType() == vdom.TextNode || n.NodeType() == vdom.CommentNode {
		s += fmt.Sprintf("%q", n.Data())
	}
	nn.used[s]++
	if k := nn.used[s]; k > 1 {
		s = fmt.Sprintf("%s(%d)", s, k)
	}
	nn.names[n] = s
	return s
}

func (nn *nodeNamer) names1(ns []*vdom.Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, nn.name(n))
	}
	return out
}

func (nn *nodeNamer) views(records []*vdom.MutationRecord) []recordView {
	out := []recordView{}
	for _, r := range records {
		out = append(out, recordView{
			Type:               r.Type,
			Target:             nn.name(r.Target),
			AddedNodes:         nn.names1(r.AddedNodes),
			RemovedNodes:       nn.names1(r.RemovedNodes),
			PreviousSibling:    nn.name(r.PreviousSibling),
			NextSibling:        nn.name(r.NextSibling),
			AttributeName:      r.AttributeName,
			AttributeNamespace: r.AttributeNamespace,
			OldValue:           r.OldValue,
			HasOldValue:        r.HasOldValue,
		})
	}
	return out
}

// checkRecords is mutationobservers.js's checkRecords: got must be want,
// field by field, nodes compared by identity.
func checkRecords(t testing.TB, want, got []*vdom.MutationRecord) {
	t.Helper()
	nn := newNodeNamer()
	w := nn.views(want)
	if diff := cmp.Diff(w, nn.views(got)); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
}

// summarize is the summary of the .window.js tests: "type target +added
// -removed name", with nodes named by id.
func summarize(records []*vdom.MutationRecord) []string {
	out := []string{}
	for _, r := range records {
		s := string(r.Type) + " " + r.Target.ID()
		for _, n := range r.AddedNodes {
			s += " +" + n.ID()
		}
		for _, n := range r.RemovedNodes {
			s += " -" + n.ID()
		}
		if r.AttributeName != "" {
			s += " " + r.AttributeName
		}
		out = append(out, s)
	}
	return out
}

// oldValue builds the expected record fields of an old value.
func oldValue(s string) (string, bool) { return s, true }

// attrRecord is an expected attributes record.
func attrRecord(target *vdom.Node, name string, old ...string) *vdom.MutationRecord {
	r := &vdom.MutationRecord{Type: vdom.MutationAttributes, Target: target, AttributeName: name}
	if len(old) == 1 {
		r.OldValue, r.HasOldValue = oldValue(old[0])
	}
	return r
}

// dataRecord is an expected characterData record.
func dataRecord(target *vdom.Node, old ...string) *vdom.MutationRecord {
	r := &vdom.MutationRecord{Type: vdom.MutationCharacterData, Target: target}
	if len(old) == 1 {
		r.OldValue, r.HasOldValue = oldValue(old[0])
	}
	return r
}

// treeRecord is an expected childList record.
func treeRecord(target *vdom.Node, added, removed []*vdom.Node, prev, next *vdom.Node) *vdom.MutationRecord {
	return &vdom.MutationRecord{Type: vdom.MutationChildList, Target: target,
		AddedNodes: added, RemovedNodes: removed, PreviousSibling: prev, NextSibling: next}
}

func nodes(ns ...*vdom.Node) []*vdom.Node { return ns }

// deliver runs the document's microtask checkpoint through RunTasks, as the
// tests' "await the next task" does, and fails on any error.
func deliver(t testing.TB, doc *vdom.Document) {
	t.Helper()
	if _, err := doc.RunTasks(); err != nil {
		t.Fatalf("RunTasks: %v", err)
	}
}

// recorder is an observer callback that keeps every delivery.
type recorder struct {
	calls   int
	records []*vdom.MutationRecord
}

func (r *recorder) callback(records []*vdom.MutationRecord, _ *vdom.MutationObserver) {
	r.calls++
	r.records = append(r.records, records...)
}

// runMutationTest is mutationobservers.js's runMutationTest: a new observer
// watches node with opts, mutate runs, and the records the callback gets at
// the next checkpoint must be want(), built after the mutation as the
// tests' functions are (nodes the test names before the mutation are
// captured by the case before it calls this).
func runMutationTest(t *testing.T, doc *vdom.Document, node *vdom.Node, opts vdom.MutationObserverInit, mutate func(), want func() []*vdom.MutationRecord) {
	t.Helper()
	var rec recorder
	mo := vdom.NewMutationObserver(rec.callback)
	mustOK(t, mo.Observe(node, opts))
	mutate()
	deliver(t, doc)
	if rec.calls != 1 {
		t.Errorf("the callback ran %d times, want once", rec.calls)
	}
	checkRecords(t, want(), rec.records)
	mo.Disconnect()
}
