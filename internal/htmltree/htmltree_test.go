package htmltree

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

func parse(t *testing.T, src string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// names lists the element names of a walk of root with Next.
func walk(root *html.Node) []*html.Node {
	var out []*html.Node
	for h := root.FirstChild; h != nil; h = Next(h, root) {
		if h.Type == html.ElementNode {
			out = append(out, h)
		}
	}
	return out
}

func TestNextIsTreeOrder(t *testing.T) {
	doc := parse(t, `<div id=a><p id=b><i id=c></i></p><p id=d></p></div><span id=e></span>`)
	var got []string
	for _, h := range walk(doc) {
		got = append(got, h.Data)
	}
	want := []string{"html", "head", "body", "div", "p", "i", "p", "span"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("walk (-want +got):\n%s", diff)
	}
	// Within a subtree the walk stays inside it.
	div := walk(doc)[3]
	var inside []string
	for h := div.FirstChild; h != nil; h = Next(h, div) {
		inside = append(inside, h.Data)
	}
	if diff := cmp.Diff([]string{"p", "i", "p"}, inside); diff != "" {
		t.Errorf("walk of div (-want +got):\n%s", diff)
	}
	if got := NextSkippingChildren(div, doc); got == nil || got.Data != "span" {
		t.Errorf("NextSkippingChildren(div) = %v, want span", got)
	}
}

func TestElementsIsInclusiveTreeOrder(t *testing.T) {
	doc := parse(t, `<div id=a>text<p id=b><i id=c></i></p><!-- c --><p id=d></p></div><span id=e></span>`)
	div := walk(doc)[3]
	ids := func(root *html.Node, most int) []string {
		var got []string
		for h := range Elements(root) {
			if len(got) == most {
				break
			}
			id := h.Data
			for _, a := range h.Attr {
				if a.Key == "id" {
					id = a.Val
				}
			}
			got = append(got, id)
		}
		return got
	}
	for _, c := range []struct {
		name string
		root *html.Node
		most int
		want []string
	}{
		{"div", div, -1, []string{"a", "b", "c", "d"}},
		{"stopped early", div, 2, []string{"a", "b"}},
		{"leaf", div.FirstChild.NextSibling.FirstChild, -1, []string{"c"}},
		{"text", div.FirstChild, -1, nil},
	} {
		if diff := cmp.Diff(c.want, ids(c.root, c.most)); diff != "" {
			t.Errorf("%s: Elements (-want +got):\n%s", c.name, diff)
		}
	}
}

func TestPrecedesAgreesWithTreeOrder(t *testing.T) {
	doc := parse(t, `<div><p><i></i><b></b></p><p><u></u></p></div><span></span>`)
	els := walk(doc)
	for i, a := range els {
		for j, b := range els {
			if got, want := Precedes(a, b), i < j; got != want {
				t.Errorf("Precedes(%s#%d, %s#%d) = %v, want %v", a.Data, i, b.Data, j, got, want)
			}
		}
	}
}

func TestEqualFoldASCII(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"POST", "post", true},
		{"until-Found", "UNTIL-found", true},
		{"post", "posts", false},
		{"K", "\u212a", false}, // the Kelvin sign folds to k in Unicode, not in ASCII
		{"é", "É", false},
		{"", "", true},
	} {
		if got := EqualFoldASCII(c.a, c.b); got != c.want {
			t.Errorf("EqualFoldASCII(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestLowerASCII(t *testing.T) {
	for in, want := range map[string]string{"POST": "post", "ÉTÉ": "ÉtÉ", "plain": "plain", "": ""} {
		if got := LowerASCII(in); got != want {
			t.Errorf("LowerASCII(%q) = %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { LowerASCII("already-lower") }); n != 0 {
		t.Errorf("LowerASCII of a lower-case string allocates %v times", n)
	}
}

func TestStyleValue(t *testing.T) {
	type result struct {
		Value    string
		Declared bool
	}
	for _, c := range []struct {
		style, prop string
		want        result
	}{
		{"display:none", "display", result{"none", true}},
		{" color: red ; DISPLAY : Block !IMPORTANT ", "display", result{"block", true}},
		{"display:none; display:inline", "display", result{"inline", true}},
		{"visibility:", "visibility", result{"", true}},
		{"color:red", "display", result{"", false}},
		{"display", "display", result{"", false}},
		{"", "display", result{"", false}},
	} {
		v, ok := StyleValue(c.style, c.prop)
		if diff := cmp.Diff(c.want, result{v, ok}); diff != "" {
			t.Errorf("StyleValue(%q, %q) (-want +got):\n%s", c.style, c.prop, diff)
		}
	}
}

func TestTrimSpaceKeepsOtherSpaces(t *testing.T) {
	for in, want := range map[string]string{" \t\na b\f\r": "a b", "\u00a0x\u00a0": "\u00a0x\u00a0", "": ""} {
		if got := TrimSpace(in); got != want {
			t.Errorf("TrimSpace(%q) = %q, want %q", in, got, want)
		}
	}
}
