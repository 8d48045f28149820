package selector_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ownPage exercises the pseudo-classes decided from the tree alone.
const ownPage = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body id="body">
<ol id="ol"><li id="i1" class="x">a</li><li id="i2">b</li><li id="i3" class="x">c</li><li id="i4" class="x">d</li><li id="i5">e</li></ol>
<p id="de" lang="de-Latn-DE">x</p><p id="ch" lang="DE-ch">y</p><p id="sg" lang="sgn-CH-x-de">z</p><p id="und" lang="">u</p>
<div id="rtl" dir="rtl"><span id="in">s</span></div><div id="auto" dir="auto">  42 עברית</div>
<p id="e1"></p><p id="e2"> </p><x-el id="cx"></x-el><details id="dt" open></details>
</body></html>`

func TestOwnPseudoClasses(t *testing.T) {
	doc := parseHTML(t, ownPage)
	tests := []struct {
		sel  string
		want []string
	}{
		{":nth-child(2 of .x)", []string{"i3"}},
		{":nth-child(odd of .x)", []string{"i1", "i4"}},
		{":nth-last-child(2 of li)", []string{"i4"}},
		{"li:nth-child(-n+2 of :not(.x))", []string{"i2", "i5"}},
		{":nth-child(2 OF .x)", []string{"i3"}},
		// Selectors 4 §7.2: extended filtering, wildcards, strings, lists.
		{"p:lang(de-DE)", []string{"de"}},
		{`p:lang("*-CH")`, []string{"ch", "sg"}},
		{`p:lang(\*-Latn)`, []string{"de"}},
		{"p:lang(de-CH)", []string{"ch"}},
		{"p:lang(fr, de)", []string{"de", "ch"}},
		{`p:lang("")`, []string{"und"}},
		{"li:lang(en)", []string{"i1", "i2", "i3", "i4", "i5"}},
		{":dir(rtl)", []string{"rtl", "in", "auto"}},
		{"p:empty, x-el:empty", []string{"e1", "cx"}},
		{":not(:defined)", []string{"cx"}},
		{":open", []string{"dt"}},
		{":fullscreen, :modal, :popover-open, :autofill, :state(x)", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.sel, func(t *testing.T) {
			sel, err := selector.Compile(tc.sel)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, labels(sel.QueryAll(doc))); diff != "" {
				t.Errorf("QueryAll mismatch (-want +got):\n%s", diff)
			}
			// They never ask a State, and a State changes nothing.
			if diff := cmp.Diff(tc.want, labels(sel.WithState(panicState{}).QueryAll(doc))); diff != "" {
				t.Errorf("QueryAll with a State mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOwnPseudoClassErrors(t *testing.T) {
	tests := []struct {
		sel    string
		offset int
		reason string
	}{
		{":nth-child(x of li)", 11, `expected An+B (such as 2n+1, odd or 3) before "of" in :nth-child(), found "x"`},
		{":nth-child(2 of )", 16, "expected selector, found ')'"},
		{":nth-child(2 of li", 18, "expected ')' to close :nth-child(, found end of input"},
		{":lang(en fr)", 9, "expected ')' to close :lang(, found 'f'"},
		{":lang(1)", 6, "expected a language range (an identifier or a string) in :lang(), found '1'"},
		{":dir()", 5, "expected ltr or rtl in :dir(), found ')'"},
		{":empty(x)", 6, ":empty does not take arguments"},
		{":state()", 7, "expected an identifier in :state(), found ')'"},
		{":playing", 0, "unknown pseudo-class :playing"},
	}
	for _, tc := range tests {
		t.Run(tc.sel, func(t *testing.T) {
			_, err := selector.Compile(tc.sel)
			var se *selector.Error
			if !errors.As(err, &se) {
				t.Fatalf("Compile(%q) = %v, want a *selector.Error", tc.sel, err)
			}
			if diff := cmp.Diff(struct {
				Offset int
				Reason string
			}{tc.offset, tc.reason}, struct {
				Offset int
				Reason string
			}{se.Offset, se.Reason}); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestANB(t *testing.T) {
	page := parseHTML(t, `<ul>`+repeatLi(10)+`</ul>`)
	tests := []struct {
		anb  string
		want []string
	}{
		{"3", []string{"3"}},
		{"+3", []string{"3"}},
		{"2n", []string{"2", "4", "6", "8", "10"}},
		{"2n+1", []string{"1", "3", "5", "7", "9"}},
		{"2n + 1", []string{"1", "3", "5", "7", "9"}},
		{"-n+3", []string{"1", "2", "3"}},
		{"-n+ 3", []string{"1", "2", "3"}},
		{"N-8", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}},
		{"-n-1", nil},
		{"+n-9", []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}},
		{"3n-2", []string{"1", "4", "7", "10"}},
		{"0n+0", nil},
		{"even", []string{"2", "4", "6", "8", "10"}},
		{"ODD", []string{"1", "3", "5", "7", "9"}},
	}
	for _, tc := range tests {
		t.Run(tc.anb, func(t *testing.T) {
			sel, err := selector.Compile("li:nth-child(" + tc.anb + " of li)")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range sel.QueryAll(page) {
				got = append(got, n.FirstChild.Data)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []string{"2 n", "+ 2n", "n+", "2n+-1", "1.5", "n2", "--n"} {
		if _, err := selector.Compile(":nth-child(" + bad + " of li)"); err == nil {
			t.Errorf("Compile(:nth-child(%s of li)) succeeded, want an error", bad)
		}
	}
}

func repeatLi(n int) string {
	s := ""
	for i := 1; i <= n; i++ {
		s += "<li>" + string(rune('0'+i%10))
		if i == 10 {
			s = s[:len(s)-1] + "10"
		}
		s += "</li>"
	}
	return s
}

// TestOwnPseudoClassesDeep runs :lang() and :dir() on a page nested
// 100,000 levels deep whose language and direction come from the root:
// each query remembers the answers on the way up, so it stays linear
// (without that, the test would walk 5·10⁹ parents).
func TestOwnPseudoClassesDeep(t *testing.T) {
	const depth = 100_000
	doc := deepDoc(depth)
	root := doc.FirstChild
	root.Attr = append(root.Attr, html.Attribute{Key: "lang", Val: "en-GB"}, html.Attribute{Key: "dir", Val: "rtl"})
	for _, src := range []string{":lang(en)", ":dir(rtl)", "div:lang(en):dir(rtl)"} {
		got := len(selector.MustCompile(src).QueryAll(doc))
		want := depth + 3 // html, body, the divs and the span
		if src == "div:lang(en):dir(rtl)" {
			want = depth
		}
		if got != want {
			t.Errorf("QueryAll(%q) found %d elements, want %d", src, got, want)
		}
	}
}

// TestNthChildOfWide runs :nth-child(An+B of S) over 50,000 siblings: the
// children of a parent are numbered once per query, not once per element.
func TestNthChildOfWide(t *testing.T) {
	const width = 50_000
	doc := parseHTML(t, "<ul></ul>")
	ul := selector.MustCompile("ul").QueryFirst(doc)
	for i := range width {
		li := &html.Node{Type: html.ElementNode, Data: "li", DataAtom: atom.Li}
		if i%2 == 0 {
			li.Attr = []html.Attribute{{Key: "class", Val: "x"}}
		}
		ul.AppendChild(li)
	}
	for src, want := range map[string]int{
		":nth-child(2n of .x)":          width / 4,
		":nth-last-child(-n+3 of .x)":   3,
		"li:not(:nth-child(odd of .x))": width/2 + width/4,
	} {
		if got := len(selector.MustCompile(src).QueryAll(doc)); got != want {
			t.Errorf("QueryAll(%q) found %d, want %d", src, got, want)
		}
	}
}
