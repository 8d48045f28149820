package a11y_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// namerAgrees asks one Namer for the name and description of every
// element of els, in order and in reverse, and compares with Name and
// Description.
func namerAgrees(t *testing.T, what string, els []*vdom.Node) {
	t.Helper()
	var want []string
	for _, el := range els {
		want = append(want, el.String()+" name "+a11y.Name(el)+" description "+a11y.Description(el))
	}
	for _, order := range []string{"tree order", "reverse"} {
		var n a11y.Namer
		got := make([]string, len(els))
		for i := range els {
			if order == "reverse" {
				i = len(els) - 1 - i
			}
			el := els[i]
			got[i] = el.String() + " name " + n.Name(el) + " description " + n.Description(el)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s, %s: the Namer differs from Name and Description (-want +got):\n%s", what, order, diff[:min(len(diff), 4000)])
		}
	}
}

// TestNamerAgreesOnRecordedPages: on every page the Chromium recordings
// come from, and on trees made from it that are not connected, a Namer
// gives every element the name and description Name and Description give.
func TestNamerAgreesOnRecordedPages(t *testing.T) {
	paths, err := filepath.Glob("testdata/chromium/pages/*.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no pages in testdata/chromium/pages")
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc := vdom.ParseString(pageDocument(string(src)))
		namerAgrees(t, filepath.Base(path), elementsOf(t, doc, string(src)))
	}
}

// TestNamerAgreesOn10kPage: the same on the 10k page of bench/pagegen,
// whose text fields are named by label elements.
func TestNamerAgreesOn10kPage(t *testing.T) {
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	var els []*vdom.Node
	labelled := 0
	for n := range doc.Descendants() {
		if n.IsElement() {
			els = append(els, n)
			if len(n.Labels()) > 0 {
				labelled++
			}
		}
	}
	if labelled == 0 {
		t.Fatal("no element of the 10k page has a label")
	}
	namerAgrees(t, "10k page", els)
}
