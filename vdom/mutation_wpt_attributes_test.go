package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// The web-platform-tests dom/nodes/MutationObserver-*.html files, one Go
// test per file and one subtest per test, named as the test is. The cases
// of a file share one document, as they do in the browser, and each
// observes its own node; the file's "subtree mutations" test counts what an
// observer of the whole section saw. Left out, with the reason:
//
//   - "attributes Element.unknown: ECMASCript attribute no mutation": a
//     JavaScript expando property, which Go has no form of.
//   - "attributes Element.attributes.value: ..." (two): Attr objects, which
//     vdom does not have.
//   - "attributes Element.setAttributeNS: ..." and
//     "attributes Element.removeAttributeNS: ..." (five): vdom has no
//     namespaced attribute methods.
//   - "attributes Element.classList.toggle: forced missing token removal
//     mutation" and "... forced existing token addition mutation": the test
//     expects the record Chromium queues; the DOM standard's toggle()
//     returns without running the update steps when force agrees with the
//     token's presence (Firefox does the same), and so does vdom's
//     ToggleForce: no record.

const wptAttributesHTML = `<!DOCTYPE HTML><meta charset=utf-8>
<section style="display: none">
<p id='n'></p>

<p id='n00'></p>
<p id='n01'></p>
<p id='n02'></p>
<p id='n03'></p>
<input id="n04" type="text">

<p id='n10'></p>
<p id='n11'></p>
<p id='n12' class='c01'></p>
<p id='n13' class='c01 c02'></p>

<p id='n20'></p>
<p id='n21'></p>
<p id='n22'></p>
<p id='n23'></p>
<p id='n24' class="c01 c02"></p>

<p id='n30' class="c01 c02"></p>
<p id='n31' class="c01 c02"></p>
<p id='n32' class="c01 c02"></p>

<p id='n40' class="c01 c02"></p>
<p id='n41' class="c01 c02"></p>
<p id='n42' class="c01 c02"></p>
<p id='n43' class="c01 c02"></p>
<p id='n44' class="c01 c02"></p>
<p id='n45' class="c01 c02"></p>

<p id='n50' class="c01 c02"></p>
<p id='n51'></p>

<p id='n60'></p>
<p id='n61' class="c01"></p>
<p id='n62'></p>

<p id='n70' class="c01"></p>
<p id='n71'></p>
<input id="n72" type="text">

<p id='n1000'></p>
<p id='n1001' class='c01'></p>

<p id='n2000'></p>
<p id='n2001' class='c01'></p>

<p id='n3000'></p>
</section>`

// wptMOCase is one runMutationTest call: the id of the observed element,
// the options, the mutation, the records it must give, and how many more
// records the observer of the whole section sees (the ones the case's
// filter leaves out).
type wptMOCase struct {
	name   string
	id     string
	opts   vdom.MutationObserverInit
	mutate func(t *testing.T, n *vdom.Node)
	want   func(n *vdom.Node) []*vdom.MutationRecord
	extra  int
}

// runWPTCases runs the cases in order on one document, under an observer
// of watched with watchOpts, and checks the count of records it saw.
func runWPTCases(t *testing.T, doc *vdom.Document, watched *vdom.Node, watchOpts vdom.MutationObserverInit, cases []wptMOCase) {
	t.Helper()
	var master recorder
	mustOK(t, vdom.NewMutationObserver(master.callback).Observe(watched, watchOpts))
	count := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := byID(t, doc, c.id)
			runMutationTest(t, doc, n, c.opts, func() { c.mutate(t, n) }, func() []*vdom.MutationRecord { return c.want(n) })
		})
		count += len(c.want(nil)) + c.extra
	}
	t.Run("subtree mutations", func(t *testing.T) {
		deliver(t, doc)
		if len(master.records) != count {
			t.Errorf("the observer of the section got %d records, want %d", len(master.records), count)
		}
	})
}

func TestWPTMutationObserverAttributes(t *testing.T) {
	doc := vdom.ParseString(wptAttributesHTML)
	withOld := vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true)}
	setID := func(id string) func(*testing.T, *vdom.Node) {
		return func(t *testing.T, n *vdom.Node) { mustOK(t, n.SetID(id)) }
	}
	setClass := func(v string) func(*testing.T, *vdom.Node) {
		return func(t *testing.T, n *vdom.Node) { mustOK(t, n.SetClassName(v)) }
	}
	cases := []wptMOCase{
		{name: "attributes Element.id: update, no oldValue, mutation", id: "n",
			opts: vdom.MutationObserverInit{Attributes: new(true)}, mutate: setID("n000"),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id")) }},
		{name: "attributes Element.id: update mutation", id: "n00", opts: withOld, mutate: setID("n000"),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n00")) }},
		{name: "attributes Element.id: empty string update mutation", id: "n01", opts: withOld, mutate: setID(""),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n01")) }},
		{name: "attributes Element.id: same value mutation", id: "n02", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.SetID("n02"))
				mustOK(t, n.SetAttribute("class", "c01"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "id", "n02"), attrRecord(n, "class"))
			}},
		{name: "attributes HTMLInputElement.type: type update mutation", id: "n04", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.SetType("unknown"))
				mustOK(t, n.SetID("n040"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "type", "text"), attrRecord(n, "id", "n04"))
			}},
		{name: "attributes Element.className: new value mutation", id: "n10", opts: withOld, mutate: setClass("c01"),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class")) }},
		{name: "attributes Element.className: empty string update mutation", id: "n11", opts: withOld, mutate: setClass(""),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class")) }},
		{name: "attributes Element.className: same value mutation", id: "n12", opts: withOld, mutate: setClass("c01"),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01")) }},
		{name: "attributes Element.className: same multiple values mutation", id: "n13", opts: withOld, mutate: setClass("c01 c02"),
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.add: single token addition mutation", id: "n20", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.ClassList().Add("c01")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class")) }},
		{name: "attributes Element.classList.add: multiple tokens addition mutation", id: "n21", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.ClassList().Add("c01", "c02", "c03")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class")) }},
		{name: "attributes Element.classList.add: syntax err/no mutation", id: "n22", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				if err := n.ClassList().Add("c01", "", "c03"); err == nil {
					t.Error(`Add("c01", "", "c03") succeeded`)
				}
				mustOK(t, n.SetID("n220"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n22")) }},
		{name: "attributes Element.classList.add: invalid character/no mutation", id: "n23", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				if err := n.ClassList().Add("c01", "c 02", "c03"); err == nil {
					t.Error(`Add("c01", "c 02", "c03") succeeded`)
				}
				mustOK(t, n.SetID("n230"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n23")) }},
		{name: "attributes Element.classList.add: same value mutation", id: "n24", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.ClassList().Add("c02"))
				mustOK(t, n.SetID("n240"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "class", "c01 c02"), attrRecord(n, "id", "n24"))
			}},
		{name: "attributes Element.classList.remove: single token removal mutation", id: "n30", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.ClassList().Remove("c01")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.remove: multiple tokens removal mutation", id: "n31", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.ClassList().Remove("c01", "c02")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.remove: missing token removal mutation", id: "n32", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.ClassList().Remove("c03"))
				mustOK(t, n.SetID("n320"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "class", "c01 c02"), attrRecord(n, "id", "n32"))
			}},
		{name: "attributes Element.classList.toggle: token removal mutation", id: "n40", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { _, err := n.ClassList().Toggle("c01"); mustOK(t, err) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.toggle: token addition mutation", id: "n41", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { _, err := n.ClassList().Toggle("c03"); mustOK(t, err) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.toggle: forced token removal mutation", id: "n42", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { _, err := n.ClassList().ToggleForce("c01", false); mustOK(t, err) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.classList.toggle: forced token addition mutation", id: "n45", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { _, err := n.ClassList().ToggleForce("c03", true); mustOK(t, err) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01 c02")) }},
		{name: "attributes Element.setAttribute: id mutation", id: "n60", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.SetAttribute("id", "n601")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n60")) }},
		{name: "attributes Element.setAttribute: same class mutation", id: "n61", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.SetAttribute("class", "c01")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01")) }},
		{name: "attributes Element.setAttribute: classname mutation", id: "n62", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { mustOK(t, n.SetAttribute("classname", "c01")) },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "classname")) }},
		{name: "attributes Element.removeAttribute: removal mutation", id: "n70", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) { n.RemoveAttribute("class") },
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "class", "c01")) }},
		{name: "attributes Element.removeAttribute: removal no mutation", id: "n71", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				n.RemoveAttribute("class")
				mustOK(t, n.SetID("n710"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n71")) }},
		{name: "childList HTMLInputElement.removeAttribute: type removal mutation", id: "n72", opts: withOld,
			mutate: func(t *testing.T, n *vdom.Node) {
				n.RemoveAttribute("type")
				mustOK(t, n.SetID("n720"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "type", "text"), attrRecord(n, "id", "n72"))
			}},
		{name: "attributes/attributeFilter Element.id/Element.className: update mutation", id: "n1000",
			opts: vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true), AttributeFilter: []string{"id"}},
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.SetID("abc"))
				mustOK(t, n.SetClassName("c01"))
			},
			want:  func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n1000")) },
			extra: 1},
		{name: "attributes/attributeFilter Element.id/Element.className: multiple filter update mutation", id: "n1001",
			opts: vdom.MutationObserverInit{Attributes: new(true), AttributeOldValue: new(true), AttributeFilter: []string{"id", "class"}},
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.SetID("abc"))
				mustOK(t, n.SetClassName("c02"))
				mustOK(t, n.SetAttribute("lang", "fr"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "id", "n1001"), attrRecord(n, "class", "c01"))
			},
			extra: 1},
		{name: "attributes/attributeOldValue alone Element.id: update mutation", id: "n2000",
			opts:   vdom.MutationObserverInit{AttributeOldValue: new(true)},
			mutate: setID("abc"),
			want:   func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id", "n2000")) }},
		{name: "attributes/attributeFilter alone Element.id/Element.className: multiple filter update mutation", id: "n2001",
			opts: vdom.MutationObserverInit{AttributeFilter: []string{"id", "class"}},
			mutate: func(t *testing.T, n *vdom.Node) {
				mustOK(t, n.SetID("abcd"))
				mustOK(t, n.SetClassName("c02"))
				mustOK(t, n.SetAttribute("lang", "fr"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord {
				return nodesRecords(attrRecord(n, "id"), attrRecord(n, "class"))
			},
			extra: 1},
		{name: "attributes false: no childList mutation", id: "n3000",
			opts: vdom.MutationObserverInit{Subtree: true, ChildList: false, Attributes: new(true)},
			mutate: func(t *testing.T, n *vdom.Node) {
				n.SetTextContent("CHANGED")
				mustOK(t, n.SetID("abc"))
			},
			want: func(n *vdom.Node) []*vdom.MutationRecord { return nodesRecords(attrRecord(n, "id")) }},
	}
	section := byID(t, doc, "n").ParentNode()
	runWPTCases(t, doc, section, vdom.MutationObserverInit{Subtree: true, Attributes: new(true)}, cases)
}

func nodesRecords(rs ...*vdom.MutationRecord) []*vdom.MutationRecord { return rs }
