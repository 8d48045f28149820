package a11y_test

import (
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/internal/namework"
	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// The work of a name computation is counted in steps (internal/namework):
// the steps run, the nodes passed and the references read. workBound is
// the most a page of the given nodes and IDREF tokens may cost, whether
// one computation or those of every element through one Cache: linear in
// the page. The measured worst is 32 steps a node (a referenced element
// holding a labelled control, its label read at each reference).
func workBound(nodes, tokens int) int64 {
	return int64(40*(nodes+tokens) + 1000)
}

// stepsPerByte is what the names of many elements through one Cache may
// cost beyond workBound for each byte of the names. An element whose name
// depends on what came before it where it lies inside another element's
// content (a label around it read by a control in it, an element it
// holds referenced from before it) is computed by a walk of its own, and
// an element nested in many such gives a long name: the work grows with
// the names' length, with as many steps a byte as the page has nodes
// without text around each character, at worst 16 in a page of the
// shapes, 22 in the worst page FuzzNameWork found; so a Cache is linear in
// the page and the names' length.
const stepsPerByte = 64

// pageSize counts the nodes of doc and the IDREF tokens of its
// aria-labelledby and aria-describedby attributes.
func pageSize(doc *vdom.Document) (nodes, tokens int) {
	for n := range doc.Descendants() {
		nodes++
		if !n.IsElement() {
			continue
		}
		for _, a := range []string{"aria-labelledby", "aria-describedby"} {
			if v, ok := n.GetAttribute(a); ok {
				tokens += len(strings.Fields(v))
			}
		}
	}
	return nodes, tokens
}

// steps runs f and returns the steps of the computations it ran.
func steps(f func()) int64 {
	before := namework.Steps()
	f()
	return namework.Steps() - before
}

// TestNameOfRepeatedReferences: aria-labelledby naming one element a
// thousand times made a 102 KB page give a 100 MB name in seconds (and a
// 240 KB page ran out of memory). Each reference still gives its text, as
// in Chromium, but the name stops at MaxNameBytes, where the computation
// stops too; the same for aria-describedby.
func TestNameOfRepeatedReferences(t *testing.T) {
	words := strings.Repeat("word ", 20000)
	src := `<span id=t>` + words + `</span><button id=b aria-labelledby="` + strings.Repeat("t ", 1000) + `">Save</button>` +
		`<button id=d aria-describedby="` + strings.Repeat("t ", 1000) + `">Save</button>`
	doc := vdom.ParseString(src)
	// The references' texts joined, cut as Chromium cuts what it hands
	// to assistive technology: at MaxNameBytes, on a character boundary.
	full := strings.Repeat(strings.TrimSpace(words)+" ", 3)
	want := strings.TrimRight(full[:a11y.MaxNameBytes], " ")
	var name, desc string
	n := steps(func() {
		name = a11y.Name(doc.GetElementByID("b"))
		desc = a11y.Description(doc.GetElementByID("d"))
	})
	if name != want || desc != want {
		t.Errorf("name %d bytes, description %d bytes, want %d bytes each: %q...", len(name), len(desc), len(want), name[:min(len(name), 40)])
	}
	if nodes, tokens := pageSize(doc); n > workBound(nodes, tokens) {
		t.Errorf("%d steps for a page of %d nodes and %d references, more than %d", n, nodes, tokens, workBound(nodes, tokens))
	}
}

// TestNameIsCutOnACharacterBoundary: a long name is cut to at most
// MaxNameBytes, between characters, and never ends in a space.
func TestNameIsCutOnACharacterBoundary(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("é", a11y.MaxNameBytes),          // two bytes each: the cut falls inside one
		strings.Repeat("a", a11y.MaxNameBytes-1) + " b", // the cut falls after a space
		strings.Repeat("€x", a11y.MaxNameBytes),
	} {
		doc := vdom.ParseString(`<button id=b aria-label="` + text + `"></button><button id=c>` + text + `</button><button id=d title=x aria-description="` + text + `"></button>`)
		for _, got := range []string{a11y.Name(doc.GetElementByID("b")), a11y.Name(doc.GetElementByID("c")), a11y.Description(doc.GetElementByID("d"))} {
			if len(got) > a11y.MaxNameBytes || !utf8.ValidString(got) || strings.HasSuffix(got, " ") || !strings.HasPrefix(text, got) {
				t.Errorf("a name of %d bytes cut to %d bytes: valid %v, %q at its end", len(text), len(got), utf8.ValidString(got), got[max(0, len(got)-8):])
			}
			if len(got) < a11y.MaxNameBytes-utf8.UTFMax {
				t.Errorf("a name of %d bytes cut to %d bytes, short of the bound", len(text), len(got))
			}
		}
	}
}

// TestNamesAsChromiumGivesThem: the cases where what is visited decides a
// name, as Chromium 148 names them (the recorded page name-bounds holds
// the same cases).
func TestNamesAsChromiumGivesThem(t *testing.T) {
	doc := vdom.ParseString(`<span id=a>A</span><span id=c>C</span>
<button id=repeat aria-labelledby="a a c a">x</button>
<div id=t1>A <span id=t2>B</span> C</div><button id=nested aria-labelledby="t1 t2 t1">x</button>
<label id=l1>a<label id=l2>b<label id=l3>c<button id=labels>x</button></label></label></label>
<label for=j>outer <label>inner <input id=j></label> tail</label>
<div role=button id=label-first><label for=c1>L</label><input type=checkbox id=c1></div>
<label for=q>Pick <div role=listbox><div role=option aria-selected=true>one<div role=option aria-selected=true>two</div></div></div></label><input id=q>`)
	want := map[string]string{
		"repeat":      "A A C A",
		"nested":      "A B C B A B C",
		"labels":      "abc",
		"j":           "outer inner tail",
		"label-first": "L",
		"q":           "Pick one two",
	}
	got := map[string]string{}
	for id := range want {
		got[id] = a11y.Name(doc.GetElementByID(id))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

// deepStack runs f with the goroutine stack limited to 256 KiB: a walk
// that recursed on the depth of a tree 100,000 levels deep would need
// far more, and the program would die of a stack overflow. The limit is
// process-wide, so a test using it must not run in parallel with others.
func deepStack(f func()) {
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))
	f()
}

// TestNamesOfDeepTrees: 10,000 nested elements named from their content
// (100,000 with EVENTPERK_LONG=1, the size that overflowed the stack
// before), a button inside as many nested labels, and the other deep
// shapes, are named without recursion (under a small stack, which a
// recursive walk of 10,000 levels overflows) and in work linear in the
// page; so is every element of the first page through one Cache.
func TestNamesOfDeepTrees(t *testing.T) {
	depth := 10_000
	if testenv.Long(t) {
		depth = 100_000
	}
	for _, tc := range []struct {
		shape, name, desc string
	}{
		{"deep-buttons", "x", ""},
		{"nested-labels", "x", ""},
		{"nested-labels-words", strings.TrimSpace(strings.Repeat("w ", a11y.MaxNameBytes/2)), ""},
		// A fieldset inside another element's content gives only its
		// legend (Chromium), and the innermost has none.
		{"deep-legends", "", ""},
	} {
		page, id := namePage(tc.shape, depth)
		doc := vdom.ParseString(page)
		el := doc.GetElementByID(id)
		var got [2]string
		n := steps(func() {
			deepStack(func() { got = [2]string{a11y.Name(el), a11y.Description(el)} })
		})
		if diff := cmp.Diff([2]string{tc.name, tc.desc}, got); diff != "" {
			t.Errorf("%s: name and description mismatch (-want +got):\n%s", tc.shape, diff)
		}
		nodes, tokens := pageSize(doc)
		if n > workBound(nodes, tokens) {
			t.Errorf("%s: %d steps for %d nodes, more than %d", tc.shape, n, nodes, workBound(nodes, tokens))
		}
		if tc.shape != "deep-buttons" {
			continue
		}
		named := 0
		n = steps(func() {
			deepStack(func() {
				var c a11y.Cache
				for m := range doc.Descendants() {
					if m.IsElement() && c.Role(m) == "button" && c.Name(m) == "x" && !c.IsHidden(m) {
						named++
					}
				}
			})
		})
		if named != depth {
			t.Errorf("%s: %d buttons named x through a Cache, want %d", tc.shape, named, depth)
		}
		if n > workBound(nodes, tokens) {
			t.Errorf("%s: %d steps to name every element through a Cache, more than %d", tc.shape, n, workBound(nodes, tokens))
		}
	}
}

// TestNameWorkIsLinear: for every costly shape of page, naming and
// describing the element the shape is about, and every element of the
// page through one Cache, stays within workBound at two sizes.
func TestNameWorkIsLinear(t *testing.T) {
	for _, shape := range nameShapes {
		for _, n := range []int{300, 1200} {
			page, id := namePage(shape, n)
			doc := vdom.ParseString(page)
			nodes, tokens := pageSize(doc)
			bound := workBound(nodes, tokens)
			one := steps(func() {
				a11y.Name(doc.GetElementByID(id))
				a11y.Description(doc.GetElementByID(id))
			})
			if one > bound {
				t.Errorf("%s at %d: %d steps for one name, more than %d", shape, n, one, bound)
			}
			output := 0
			all := steps(func() {
				var c a11y.Cache
				for m := range doc.Descendants() {
					if m.IsElement() {
						output += len(c.Name(m)) + len(c.Description(m))
					}
				}
			})
			if limit := bound + stepsPerByte*int64(output); all > limit {
				t.Errorf("%s at %d: %d steps for every name through a Cache, more than %d (%d bytes of names)", shape, n, all, limit, output)
			}
		}
	}
}
