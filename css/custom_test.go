package css

import (
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

// TestCustomProperties checks custom properties and var() (CSS Variables
// 1), @property, and the two indexes they are found through.
func TestCustomProperties(t *testing.T) {
	runStyleCases(t, []styleCase{
		{"a registered number computes calc()", []string{`@property --n { syntax: "<number>"; inherits: false; initial-value: 0.5 } #t { --n: calc(0.1 * 2); opacity: var(--n) }`},
			`<p id=t>`, map[string]string{"opacity": "0.2"}},
		{"var() reads an inherited property", []string{":root { --t: uppercase } #t { text-transform: var(--t) }"},
			`<p id=t>`, map[string]string{"text-transform": "uppercase", "--t": "uppercase"}},
		{"the nearer declaration wins", []string{":root { --t: uppercase } #p { --t: lowercase } #t { text-transform: var(--t) }"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "lowercase"}},
		{"fallback", []string{"#t { text-transform: var(--no, lowercase) }"}, `<p id=t>`, map[string]string{"text-transform": "lowercase"}},
		{"nested fallbacks", []string{"#t { text-transform: var(--a, var(--b, capitalize)) }"}, `<p id=t>`,
			map[string]string{"text-transform": "capitalize"}},
		{"fallback with a var", []string{":root { --u: uppercase } #t { text-transform: var(--no, var(--u)) }"}, `<p id=t>`,
			map[string]string{"text-transform": "uppercase"}},
		{"names are case-sensitive", []string{"#t { --A: uppercase; --a: lowercase; text-transform: var(--A) }"}, `<p id=t>`,
			map[string]string{"text-transform": "uppercase", "--a": "lowercase"}},
		{"empty value is valid", []string{"#t { --e:; text-transform: var(--e) uppercase }"}, `<p id=t>`,
			map[string]string{"text-transform": "uppercase", "--e": ""}},
		{"empty fallback", []string{"#t { text-transform: var(--no,) }"}, `<p id=t>`, map[string]string{"text-transform": "none"}},
		{"a custom property through another", []string{":root { --a: var(--b); --b: pre } #t { white-space: var(--a) }"}, `<p id=t>`,
			map[string]string{"white-space": "pre", "--a": "pre"}},
		{"invalid at computed time inherits", []string{"#p { text-transform: uppercase } #t { --c: red; text-transform: var(--c) }"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "uppercase"}},
		{"invalid at computed time is initial", []string{"#t { display: flex; display: var(--no) }"}, `<p id=t>`,
			map[string]string{"display": "inline"}},
		{"a cycle is invalid, the fallback used", []string{"#t { --a: var(--b); --b: var(--a); text-transform: var(--a, lowercase) }"},
			`<p id=t>`, map[string]string{"text-transform": "lowercase", "--a": "", "--b": ""}},
		{"a self reference", []string{"#t { --s: var(--s, uppercase); text-transform: var(--s, lowercase) }"}, `<p id=t>`,
			map[string]string{"text-transform": "lowercase", "--s": ""}},
		{"depending on a cycle is not being in it", []string{"#t { --a: var(--b); --b: var(--a); --c: var(--a, x) y }"}, `<p id=t>`,
			map[string]string{"--c": "x y"}},
		{"inherit", []string{"#p { --k: uppercase } #t { --k: inherit; text-transform: var(--k) }"}, `<div id=p><p id=t></div>`,
			map[string]string{"text-transform": "uppercase"}},
		{"initial is the guaranteed-invalid value", []string{":root { --t: uppercase } #t { --t: initial; text-transform: var(--t, lowercase) }"},
			`<p id=t>`, map[string]string{"text-transform": "lowercase", "--t": ""}},
		{"unset inherits", []string{"#p { --w: pre } #t { --w: unset; white-space: var(--w) }"}, `<div id=p><p id=t></div>`,
			map[string]string{"white-space": "pre"}},
		{"a keyword from var() is invalid", []string{"#t { --k: var(--no, inherit) } #t { display: var(--k) }"}, `<div id=t>`,
			map[string]string{"display": "inline"}},
		{"all from var() holding initial", []string{"#p { text-transform: uppercase } #t { all: var(--x); --x: initial }"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "uppercase", "display": "inline"}},
		{"important custom property", []string{"#t { --i: lowercase !important; text-transform: var(--i) } #t { --i: capitalize }"},
			`<p id=t>`, map[string]string{"text-transform": "lowercase"}},
		{"two vars make a value", []string{"#t { white-space: var(--a) var(--b); --a: preserve; --b: nowrap }"}, `<p id=t>`,
			map[string]string{"white-space": "pre"}},
		{"vars do not join tokens", []string{"#t { --a: up; --b: percase; text-transform: var(--a)var(--b) }"}, `<p id=t>`,
			map[string]string{"text-transform": "none"}},
		{"a fallback with a ; is an invalid var()", []string{"#p { text-transform: capitalize } #t { --u: uppercase; --s: var(--u,; ); text-transform: var(--s) }"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "capitalize"}},
		{"a fallback running to the end of the sheet", []string{"#p { text-transform: capitalize } #t { --u: uppercase; text-transform: var(--u, lowercase }; } #z { x: y"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "capitalize"}},
		{"calc through a var", []string{"#t { --h: calc(0.1 + 0.2); opacity: var(--h) }"}, `<p id=t>`, map[string]string{"opacity": "0.3"}},
		{"escaped var", []string{`#t { --t: uppercase; text-transform: v\61r(--t) }`}, `<p id=t>`, map[string]string{"text-transform": "uppercase"}},
		{"revert on a custom property", []string{"#p { --r: uppercase } #t { --r: revert; text-transform: var(--r, lowercase) }"},
			`<div id=p><p id=t></div>`, map[string]string{"text-transform": "uppercase"}},
		{"style attribute declares and reads", nil, `<p id=t style="--t: uppercase; text-transform: var(--t)">`,
			map[string]string{"text-transform": "uppercase"}},
		{"style attribute reads what no rule reads", []string{":root { --only: capitalize }"}, `<p id=t style="text-transform: var(--only)">`,
			map[string]string{"text-transform": "capitalize"}},
		{"a property nobody reads", []string{":root { --x: one } #p { --x: two } .c { --y: three }"}, `<div id=p><p id=t class=c></div>`,
			map[string]string{"--x": "two", "--y": "three", "--z": ""}},
		// @property (CSS Properties and Values API 1).
		{"registered, not inherited", []string{`@property --n { syntax: "*"; inherits: false; initial-value: lowercase }
			#p { --n: uppercase } #t { text-transform: var(--n) }`}, `<div id=p><p id=t></div>`,
			map[string]string{"text-transform": "lowercase", "--n": "lowercase"}},
		{"registered, inherited", []string{`@property --i { syntax: "*"; inherits: true; initial-value: lowercase }
			#p { --i: uppercase } #t { text-transform: var(--i) }`}, `<div id=p><p id=t></div>`,
			map[string]string{"text-transform": "uppercase"}},
		{"registered initial value everywhere", []string{`@property --i { syntax: "*"; inherits: true; initial-value: capitalize }`},
			`<p id=t>`, map[string]string{"--i": "capitalize"}},
		{"registered length computes", []string{`@property --l { syntax: "<length>"; inherits: false; initial-value: 0px } #t { --l: 2em }`},
			`<p id=t>`, map[string]string{"--l": "32px"}},
		{"registered length rejects a colour", []string{`@property --l { syntax: "<length>"; inherits: false; initial-value: 0px } #t { --l: red }`},
			`<p id=t>`, map[string]string{"--l": "0px"}},
		{"invalid registration is none", []string{`@property --l { syntax: "<length>"; inherits: false } #t { --l: red }`},
			`<p id=t>`, map[string]string{"--l": "red"}},
	})
}

// TestCustomPropertyChain checks that a chain of custom properties far
// longer than any stack could hold in recursion resolves (10,000 long,
// 100,000 with EVENTPERK_LONG=1), and that a value growing exponentially
// is cut.
func TestCustomPropertyChain(t *testing.T) {
	n := 10_000
	if testenv.Long(t) {
		n = 100_000
	}
	t.Logf("a chain of %d custom properties", n)
	var b strings.Builder
	b.WriteString("#t { text-transform: var(--p0); ")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "--p%d: var(--p%d); ", i, i+1)
	}
	fmt.Fprintf(&b, "--p%d: uppercase }", n)
	doc := parseDoc(t, `<p id=t>`)
	s := cascadeOf(b.String()).Style(elementByID(doc, "t"), nil)
	if got := s.PropertyValue("text-transform"); got != "uppercase" {
		t.Errorf("text-transform through %d custom properties = %q, want uppercase", n, got)
	}
	// A cycle closing a chain makes every one invalid.
	m := n / 10
	b.Reset()
	b.WriteString("#t { text-transform: var(--p0); ")
	for i := 0; i < m; i++ {
		fmt.Fprintf(&b, "--p%d: var(--p%d); ", i, i+1)
	}
	fmt.Fprintf(&b, "--p%d: var(--p0) }", m)
	s = cascadeOf(b.String()).Style(elementByID(doc, "t"), nil)
	if got := s.PropertyValue("text-transform"); got != "none" {
		t.Errorf("text-transform through a cycle of %d = %q, want none", m, got)
	}

	// Each level doubles the value: 2^40 bytes, unless cut.
	b.Reset()
	b.WriteString("#t { --d0: x; ")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "--d%d: var(--d%d) var(--d%d); ", i, i-1, i-1)
	}
	b.WriteString("text-transform: var(--d40, lowercase) }")
	s = cascadeOf(b.String()).Style(elementByID(doc, "t"), nil)
	if got := s.PropertyValue("--d40"); got != "" {
		t.Errorf("--d40 is %d bytes long, want it invalid", len(got))
	}
	if got := s.PropertyValue("text-transform"); got != "lowercase" {
		t.Errorf("text-transform = %q, want the fallback", got)
	}
	if got := len(s.PropertyValue("--d10")); got != 2047 {
		t.Errorf("--d10 is %d bytes, want 2047", got)
	}
}

// TestVarNesting checks the bound on var() nested in fallbacks.
func TestVarNesting(t *testing.T) {
	nest := func(n int) string {
		return strings.Repeat("var(--no, ", n) + "uppercase" + strings.Repeat(")", n)
	}
	doc := parseDoc(t, `<p id=t>`)
	got := map[int]string{}
	for _, n := range []int{maxVarNesting, maxVarNesting + 2, 10000} {
		s := cascadeOf("#t { text-transform: "+nest(n)+" }").Style(elementByID(doc, "t"), nil)
		got[n] = s.PropertyValue("text-transform")
	}
	want := map[int]string{maxVarNesting: "uppercase", maxVarNesting + 2: "none", 10000: "none"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestCustomIndexes checks that only rules that matter enter the main
// index, and that the second index serves the others.
func TestCustomIndexes(t *testing.T) {
	c := cascadeOf(`:root { --used: pre; --via: var(--deep); --deep: x; --unused: 1 } .a { --other: 2 } #t { white-space: var(--used); opacity: var(--via) }`)
	doc := parseDoc(t, `<p id=t class=a>`)
	s := c.Style(elementByID(doc, "t"), nil)
	refs := []string{}
	for n := range c.author.refs {
		refs = append(refs, n)
	}
	if diff := cmp.Diff([]string{"--deep", "--used", "--via"}, sortedStrings(refs)); diff != "" {
		t.Errorf("referenced custom properties mismatch (-want +got):\n%s", diff)
	}
	if c.author.index[pseudoNone].class["a"] != nil {
		t.Error(".a, which declares only --other, is in the main index")
	}
	if c.customIx != nil {
		t.Error("the custom property index is built before it is needed")
	}
	if got := s.PropertyValue("--other"); got != "2" {
		t.Errorf("--other = %q, want 2", got)
	}
	if c.customIx == nil {
		t.Error("the custom property index was not built")
	}
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
