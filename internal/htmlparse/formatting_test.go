package htmlparse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// TestFormattingElementsKeepAttributeOrder: a formatting element, and the
// clones the parser makes of it, keep the attributes in the order of the
// start tag, as browsers do; the Noah's Ark clause takes elements with
// the same attributes in any order as identical (HTML §13.2.4.3).
func TestFormattingElementsKeepAttributeOrder(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<a id=x href=y class=z>t</a>`, `<a id="x" href="y" class="z">t</a>`},
		// Reconstructed in the second p.
		{`<p><i title=t lang=en>x<p>y`, `<p><i title="t" lang="en">x</i></p><p><i title="t" lang="en">y</i></p>`},
		// The adoption agency clones the b into the div.
		{`<b z=1 a=2>x<div>y</b>z`, `<b z="1" a="2">x</b><div><b z="1" a="2">y</b>z</div>`},
		// Four identical b elements, two of each order: the first leaves
		// the list, and the second p reopens the last three.
		{`<p><b a=1 c=2><b c=2 a=1><b a=1 c=2><b c=2 a=1>x<p>y`,
			`<p><b a="1" c="2"><b c="2" a="1"><b a="1" c="2"><b c="2" a="1">x</b></b></b></b></p>` +
				`<p><b c="2" a="1"><b a="1" c="2"><b c="2" a="1">y</b></b></b></p>`},
	} {
		doc, err := Parse(strings.NewReader(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		body := doc.LastChild.LastChild // html, body
		var b strings.Builder
		for c := body.FirstChild; c != nil; c = c.NextSibling {
			if err := html.Render(&b, c); err != nil {
				t.Fatal(err)
			}
		}
		if diff := cmp.Diff(tc.want, b.String()); diff != "" {
			t.Errorf("%s: body mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}
