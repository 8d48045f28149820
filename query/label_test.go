package query_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/query"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestByLabelText(t *testing.T) {
	runCases(t, []queryCase{
		{"label for=", `<label for=e>Email</label><input id=e>`,
			query.ByLabelText("Email"), []string{"#e"}},
		{"wrapping label, its control's text left out", `<label id=l>Age <select id=s><option>18</option></select></label>`,
			query.ByLabelText("Age"), []string{"#s"}},
		{"several labels: each, and all joined", `<label for=a>First</label><label for=a>Second</label><input id=a>`,
			query.ByLabelText("Second"), []string{"#a"}},
		{"several labels joined", `<label for=a>First</label><label for=a>Second</label><input id=a>`,
			query.ByLabelText("First Second"), []string{"#a"}},
		{"three labels: all but one joined", `<label for=a>A</label><label for=a>B</label><label for=a>C</label><input id=a>`,
			query.ByLabelText("A C"), []string{"#a"}},
		{"aria-labelledby, one by one and joined", `<span id=l1>Billing</span><span id=l2>Name</span><input id=a aria-labelledby="l1 l2">`,
			query.ByLabelText("Billing Name"), []string{"#a"}},
		{"aria-labelledby on any element", `<h2 id=h>Orders</h2><table id=t aria-labelledby=h></table>`,
			query.ByLabelText("Orders"), []string{"#t"}},
		{"aria-labelledby replaces label elements", `<span id=l>Other</span><label for=a>Mine</label><input id=a aria-labelledby=l>`,
			query.ByLabelText("Mine"), nil},
		{"aria-labelledby naming a control reads its value", `<input id=v value="Qty"><input id=a aria-labelledby=v>`,
			query.ByLabelText("Qty"), []string{"#a"}},
		{"aria-label", `<button id=b aria-label="Close dialog">x</button>`,
			query.ByLabelText("close", query.Substring), []string{"#b"}},
		{"a hidden input is not labelable", `<label for=h>Token</label><input id=h type=hidden>`,
			query.ByLabelText("Token"), nil},
		{"Selector narrows the labelled elements", `<label for=a>Name</label><input id=a><label for=b>Name</label><textarea id=b></textarea>`,
			query.ByLabelText("Name", query.Selector("textarea")), []string{"#b"}},
		{"tree order", `<input id=z aria-label="N"><label for=a>N</label><input id=a>`,
			query.ByLabelText("N"), []string{"#z", "#a"}},
		{"func gets the labelled element", `<label for=a>Name</label><input id=a><label for=b>Name</label><textarea id=b></textarea>`,
			query.ByLabelTextFunc("a textarea's name", func(text string, el *vdom.Node) bool {
				return text == "Name" && el.LocalName() == "textarea"
			}), []string{"#b"}},
	})
}

func TestByLabelTextOutsideRoot(t *testing.T) {
	doc := parse(t, `<label for=e>Email</label><form id=f><input id=e></form>`)
	el, err := query.ByLabelText("Email").Get(doc.GetElementByID("f"))
	if err != nil {
		t.Fatal(err)
	}
	if el != doc.GetElementByID("e") {
		t.Errorf("Get = %v, want #e", el)
	}
}

// TestByLabelTextExplains: a label that labels nothing makes the error
// say why.
func TestByLabelTextExplains(t *testing.T) {
	for _, tc := range []struct {
		name, markup, want string
	}{
		{"no control", `<label>Lonely</label>`,
			`The label <label> has this text, but no form control is associated with it: give it a for attribute with the control's id, put the control inside it, or point the control's aria-labelledby at it.`},
		{"not labelable", `<label for=d>Lonely</label><div id=d></div>`,
			`The label <label for="d"> has this text, but the element its for attribute names, <div id="d">, cannot be labelled by a label (only button, input, meter, output, progress, select and textarea can); label it with aria-labelledby or aria-label instead.`},
		{"no such id", `<label for=x>Lonely</label>`,
			`The label <label for="x"> has this text, but no element has the id its for attribute names.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.markup)
			_, err := query.ByLabelText("Lonely").Get(&doc.Node)
			if !errors.Is(err, query.ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
			lines := strings.Split(err.Error(), "\n")
			if diff := cmp.Diff([]string{`query: no element found: label text "Lonely"`, "", tc.want}, lines[:3]); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestByLabelTextBounds: a label text is read up to a11y.MaxNameBytes,
// once per element for the query, so a control labelled by one element
// named a thousand times (a 102 KB page) costs no more than once; before,
// the query joined a thousand copies of the text for each combination of
// all but one of them (a hundred took 18 s). Nested labels read the
// page's text once, where each read its whole subtree (16,000 took 6 s). Beyond eight different labels, the combinations of all but
// one are not tried; all joined and each alone still are.
func TestByLabelTextBounds(t *testing.T) {
	words := strings.Repeat("word ", 20000)
	page := `<span id=t>` + words + `</span><button id=b aria-labelledby="` + strings.Repeat("t ", 1000) + `">Save</button>`
	doc := parse(t, page)
	var found []*vdom.Node
	var err error
	allocated := allocatedBy(func() {
		found, err = query.ByLabelText("word word", query.Substring).QueryAll(&doc.Node)
	})
	if err != nil || len(names(found)) != 1 {
		t.Fatalf("found %v, %v; want the button", names(found), err)
	}
	if allocated > 40*uint64(len(page)) {
		t.Errorf("the query allocated %d bytes for a page of %d", allocated, len(page))
	}

	// A control inside 10,000 nested labels (100,000 with
	// EVENTPERK_LONG=1), each reading its whole subtree: the page's text
	// is read once.
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	for _, label := range []string{`<label>`, `<label>w `} {
		page := strings.Repeat(label, depth) + `<input id=i>`
		doc := parse(t, page)
		allocated := allocatedBy(func() {
			found, err = query.ByLabelText("w w", query.Substring).QueryAll(&doc.Node)
		})
		if want := strings.Contains(label, "w"); err != nil || (len(found) == 1) != want {
			t.Errorf("%s nested: found %v, %v", label, names(found), err)
		}
		// The handles of the labels and the index of their texts take
		// under a kilobyte a label.
		if limit := 40*uint64(len(page)) + 1024*uint64(depth); allocated > limit {
			t.Errorf("%s nested: the query allocated %d bytes for a page of %d, more than %d", label, allocated, len(page), limit)
		}
	}

	nine := ""
	for _, l := range strings.Split("a b c d e f g h i", " ") {
		nine += `<label for=x>` + l + `</label>`
	}
	nine += `<input id=x>`
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"a b c d e f g h i", []string{"#x"}},
		{"e", []string{"#x"}},
		{"a b c d e f g h", nil},
	} {
		got, err := query.ByLabelText(tc.text).QueryAll(&parse(t, nine).Node)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, names(got)); diff != "" {
			t.Errorf("nine labels, %q: mismatch (-want +got):\n%s", tc.text, diff)
		}
	}
}

// allocatedBy returns the bytes f allocates.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
