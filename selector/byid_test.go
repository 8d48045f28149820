package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

const oddIDPage = `<html><body>
<div id="wrap">
 <p id="1st-item" class="k1">a</p>
 <p id="a.b" class="k2">b</p>
 <p id="x:y" class="k3">c</p>
 <p id="with space" class="k4">d</p>
 <p id="" class="k5">empty</p>
 <p id="dup" class="first">e</p>
 <section><p id="dup" class="second">f</p></section>
 <p id="-" class="k6"></p>
 <p id="-2x" class="k7"></p>
 <p id="ü#ñ" class="k8"></p>
 <p id="[quote&quot;]" class="k9"></p>
 <p id="tab&#9;in" class="k10"></p>
</div>
<p id="outside" class="k11"></p>
</body></html>`

func TestByID(t *testing.T) {
	doc := parseHTML(t, oddIDPage)
	wrap := byID(t, doc, "wrap")
	tests := []struct {
		root *html.Node
		id   string
		want string // class of the element found, "" for none
	}{
		{doc, "1st-item", "k1"},
		{doc, "a.b", "k2"},
		{doc, "x:y", "k3"},
		{doc, "with space", "k4"},
		{doc, "", ""},
		{doc, "dup", "first"},
		{doc, "-", "k6"},
		{doc, "-2x", "k7"},
		{doc, "ü#ñ", "k8"},
		{doc, `[quote"]`, "k9"},
		{doc, "tab\tin", "k10"},
		{doc, "missing", ""},
		{doc, "A.B", ""}, // ids are case-sensitive
		{wrap, "outside", ""},
		{wrap, "wrap", ""}, // never the root itself
		{nil, "dup", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			got := ""
			if n := selector.ByID(tt.root, tt.id); n != nil {
				got = attr(n, "class")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ByID(%q) mismatch (-want +got):\n%s", tt.id, diff)
			}
		})
	}
}

// TestByIDAgreesWithEscapedSelector checks that "#"+EscapeIdent(id) finds
// what ByID finds, for every odd id.
func TestByIDAgreesWithEscapedSelector(t *testing.T) {
	doc := parseHTML(t, oddIDPage)
	for _, id := range []string{"1st-item", "a.b", "x:y", "with space", "dup", "-", "-2x", "ü#ñ", `[quote"]`, "tab\tin"} {
		sel, err := selector.Compile("#" + selector.EscapeIdent(id))
		if err != nil {
			t.Errorf("id %q: %v", id, err)
			continue
		}
		want := selector.ByID(doc, id)
		if got := sel.QueryFirst(doc); got != want || got == nil {
			t.Errorf("id %q: QueryFirst(%q) = %s, ByID = %s", id, sel, label(got), label(want))
		}
		if got := len(sel.QueryAll(doc)); id == "dup" && got != 2 {
			t.Errorf("QueryAll(%q) found %d elements, want 2", sel, got)
		}
	}
}
