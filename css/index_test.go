package css

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// TestBucketsReadInPlace checks that an element's candidates are its
// buckets as the index holds them, not copies, each bucket once: a class
// named twice, in any white space, brings its rules once.
func TestBucketsReadInPlace(t *testing.T) {
	c := cascadeOf(`.a { display: block } .a.b, .b { display: flex } .c { display: grid }
		#x { display: block } [hidden] { display: none } div { display: block } * { visibility: visible }`)
	doc := parseDoc(t, "<div id=x class=\" a\tb  a\nb\f\" hidden>x</div>")
	ix := c.authorSet().index[pseudoNone]
	var el *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "div" {
			el = n
		}
	}
	buckets := ix.buckets(el, nil)
	want := [][]*ruleEntry{ix.id["x"], ix.class["a"], ix.class["b"], ix.attr["hidden"], ix.tagAtom.get(el.DataAtom), ix.universal}
	if len(buckets) != len(want) {
		t.Fatalf("got %d buckets, want %d", len(buckets), len(want))
	}
	for i, b := range buckets {
		if len(b) == 0 || &b[0] != &want[i][0] || len(b) != len(want[i]) {
			t.Errorf("bucket %d is not the index's own (%d entries, want %d)", i, len(b), len(want[i]))
		}
	}
	var got []string
	for _, e := range ix.candidates(el, nil) {
		got = append(got, e.selectorText())
	}
	slices.Sort(got)
	wantSels := []string{"#x", "*", ".a", ".a.b", ".b", "[hidden]", "div"}
	slices.Sort(wantSels)
	if diff := cmp.Diff(wantSels, got); diff != "" {
		t.Errorf("candidates mismatch (-want +got):\n%s", diff)
	}
}
