package a11y_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// answers is everything the package says of an element.
type answers struct {
	Role, Name, Description string
	Hidden                  bool
	States                  a11y.State
}

// askFunctions asks the package's functions about el.
func askFunctions(el *vdom.Node) answers {
	return answers{a11y.Role(el), a11y.Name(el), a11y.Description(el), a11y.IsHidden(el), a11y.States(el)}
}

// askCache asks c about el.
func askCache(c *a11y.Cache, el *vdom.Node) answers {
	return answers{c.Role(el), c.Name(el), c.Description(el), c.IsHidden(el), c.States(el)}
}

// checkCache asks about every element of root's tree: the functions with
// no text reused (the computation as the standard writes it), the
// functions, and a Cache, in tree order and in reverse; it fails where
// the answers differ: what is reused must be what would be computed.
func checkCache(t testing.TB, name string, root *vdom.Node) {
	t.Helper()
	var els []*vdom.Node
	for n := range root.Descendants() {
		if n.IsElement() {
			els = append(els, n)
		}
	}
	want := make([]answers, len(els))
	a11y.WithoutReuse(func() {
		for i, el := range els {
			want[i] = askFunctions(el)
		}
	})
	for i, el := range els {
		if diff := cmp.Diff(want[i], askFunctions(el)); diff != "" {
			t.Errorf("%s, %s: the functions differ with reuse (-without +with):\n%s", name, el, diff)
		}
	}
	for _, reverse := range []bool{false, true} {
		var c a11y.Cache
		got := make([]answers, len(els))
		for k := range els {
			i := k
			if reverse {
				i = len(els) - 1 - k
			}
			got[i] = askCache(&c, els[i])
		}
		for i := range els {
			if diff := cmp.Diff(want[i], got[i]); diff != "" {
				t.Errorf("%s, %s (reverse order %v): the cache differs (-without reuse +cache):\n%s",
					name, els[i], reverse, diff)
			}
		}
	}
}

// TestCacheAnswersAsTheFunctions: on the pages recorded from Chromium and
// on the pages of every costly shape, a Cache gives the answers of Role,
// States, IsHidden, Name and Description, whatever the order it is asked
// in.
func TestCacheAnswersAsTheFunctions(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("testdata", "chromium", "pages", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	for _, p := range pages {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		doc := vdom.ParseString(pageDocument(string(src)))
		checkCache(t, filepath.Base(p), &doc.Node)
	}
	// Pages where reusing a text needs care: the white space at its
	// edges, an element being named inside the text, references and
	// labels seen before.
	for i, page := range []string{
		`<span id=t1>A<span id=t2> B </span>C</span><button aria-labelledby="t2 t1">x</button>`,
		`<span id=t1>A<b id=t2> </b>C</span><button aria-labelledby="t2 t1">x</button>`,
		`<div id=t>Hello <button aria-labelledby=t id=b>X</button> there</div><button aria-labelledby=t id=c>Y</button>`,
		`<label id=l>Name <input id=i> <button aria-labelledby="l" id=b>go</button></label><button aria-labelledby=l>z</button>`,
		`<div role=button>one<span style="visibility: hidden"> <b style="visibility: visible"> two </b>x</span>three</div>`,
		`<fieldset><legend> a <fieldset><legend>b </legend></fieldset> c</legend></fieldset>`,
		`<h3><a href=# aria-labelledby=img>l1</a><a href=#>l2 <img id=img alt=image> l3</a></h3>`,
		`<div role=button><label for=c>L</label><input type=checkbox id=c><div role=button><label for=c>M</label>n</div></div>`,
		`<div role=button aria-labelledby=e><span id=e></span><div role=button>in <span id=f>f</span></div><a href=# aria-labelledby=f>g</a></div>`,
	} {
		doc := vdom.ParseString(page)
		checkCache(t, fmt.Sprintf("edge page %d", i), &doc.Node)
	}
	for _, shape := range nameShapes {
		page, _ := namePage(shape, 30)
		doc := vdom.ParseString(page)
		checkCache(t, shape, &doc.Node)
		// The same page detached from its document, where references
		// are found by a walk of its own tree.
		body := doc.Body().CloneNode(true)
		checkCache(t, shape+", detached", body)
	}
}

// TestCacheFollowsChanges: a Cache forgets what it knows when the tree
// changes, so its answers follow the page.
func TestCacheFollowsChanges(t *testing.T) {
	doc := vdom.ParseString(`<div role=button id=outer>Save <span id=inner>draft</span></div><header id=h>top</header>`)
	outer, inner, h := doc.GetElementByID("outer"), doc.GetElementByID("inner"), doc.GetElementByID("h")
	var c a11y.Cache
	got := []string{c.Name(outer), c.Name(inner), c.Role(h)}
	inner.SetTextContent("copy")
	section, err := doc.CreateElement("section")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Body().InsertBefore(section, h); err != nil {
		t.Fatal(err)
	}
	if _, err := section.AppendChild(h); err != nil {
		t.Fatal(err)
	}
	got = append(got, c.Name(outer), c.Role(h))
	want := []string{"Save draft", "", "banner", "Save copy", "sectionheader"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
