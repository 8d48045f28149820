package vdom

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FuzzStyleKept checks the rule by which a document keeps its computed
// styles (style.go): after any sequence of changes, the styles it answers
// with are those a cascade computing everything afresh gives. Each byte
// of the input is a change (a class, an attribute, an element inserted or
// removed, a text set, a checkbox checked, a sheet's text, a sheet
// inserted), and after each the display, visibility and opacity of every
// element are compared.
func FuzzStyleKept(f *testing.F) {
	for _, seed := range []string{"", "\x00\x01\x02", "\x03\x04\x05\x06", "\x07\x08\x09\x0a\x0b", "abcdefghijklmnop", "\x05\x05\x0a\x0a\x04\x04"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, program []byte) {
		if len(program) > 64 {
			program = program[:64]
		}
		d := ParseString(`<style id=sheet>
			.a { display: none } .b > p { visibility: hidden } p:empty { opacity: 0 }
			[data-x=on] + p { display: flex } input:checked ~ span { display: none }
			li:first-child { opacity: 0.5 } div:has(> .a) { visibility: collapse }
			</style>
			<div id=root><p id=p1>one</p><p id=p2></p><ul id=list><li>x</li><li>y</li></ul>
			<input type=checkbox id=cb><span id=s1>s</span><b id=b1 data-x=off>b</b><p id=p3>three</p></div>`)
		root := d.GetElementByID("root")
		for i, op := range program {
			el := pick(d, root, int(op>>4)+i)
			switch op % 12 {
			case 0:
				_, _ = el.ClassList().Toggle("a")
			case 1:
				_, _ = el.ClassList().Toggle("b")
			case 2:
				_ = el.SetAttribute("data-x", []string{"on", "off"}[i%2])
			case 3:
				p, _ := d.CreateElement("p")
				_, _ = el.AppendChild(p)
			case 4:
				if el != root {
					el.Remove()
				}
			case 5:
				el.SetTextContent([]string{"", "text"}[i%2])
			case 6:
				if c := el.FirstChild(); c != nil && c.NodeType() == TextNode {
					c.SetData([]string{"", " ", "data"}[i%3])
				}
			case 7:
				if cb := d.GetElementByID("cb"); cb != nil {
					cb.SetChecked(!cb.Checked())
				}
			case 8:
				if s := d.GetElementByID("sheet"); s != nil {
					s.SetTextContent([]string{".b { display: none }", "p { visibility: hidden } .a { opacity: 0 }"}[i%2])
				}
			case 9:
				s, _ := d.CreateElement("style")
				s.SetTextContent(fmt.Sprintf("#%s { display: inline-block }", el.ID()))
				_, _ = root.AppendChild(s)
			case 10:
				_ = el.SetAttribute("style", []string{"display: contents", "opacity: 0"}[i%2])
			case 11:
				_ = el.Focus()
				_ = el.SetAttribute("tabindex", "0")
			}
			checkStylesAfresh(t, d, program[:i+1])
		}
	})
}

// pick returns an element of root's subtree chosen by k.
func pick(d *Document, root *Node, k int) *Node {
	var els []*Node
	for h := range descendants(root.h) {
		if h.Type == html.ElementNode {
			els = append(els, d.wrap(h))
		}
	}
	if len(els) == 0 {
		return root
	}
	return els[k%len(els)]
}

// checkStylesAfresh compares every element's kept style with a new
// cascade's over the same sheets.
func checkStylesAfresh(t *testing.T, d *Document, program []byte) {
	t.Helper()
	kept := d.cascade()
	fresh := css.NewCascade(css.CascadeOptions{Medium: d.medium(), BaseURL: d.styles.base})
	fresh.SetSheets(kept.Sheets())
	for h := range descendants(d.Node.h) {
		if h.Type != html.ElementNode {
			continue
		}
		got, want := d.computedStyle(h), fresh.Style(h, d.styleSelectorState())
		for _, p := range []string{"display", "visibility", "opacity"} {
			if g, w := got.PropertyValue(p), want.PropertyValue(p); g != w {
				t.Fatalf("after %x: %s of %s kept as %q, computed afresh %q", program, p, d.wrap(h).describe(), g, w)
			}
		}
	}
}

// FuzzRenderStyleFastPath holds renderStyleOf's path without a cascade to
// the cascade's answers: on a page without author sheets, for every
// element whose chain has nothing only the cascade decides, whether it is
// rendered, has a box, is visible and opaque must be what the cascade
// computes from the user agent sheets and the presentational hints.
func FuzzRenderStyleFastPath(f *testing.F) {
	for _, seed := range []string{
		`<div><p>a</p><span hidden>b</span><input type=hidden><input type=HIDDEN><input type=text></div>`,
		`<head><title>t</title><meta charset=utf-8><base href=/><link rel=icon></head><body><template><p>x</p></template>`,
		`<audio></audio><audio controls></audio><video></video><dialog>d</dialog><dialog open><b>o</b></dialog>`,
		`<details><summary>s</summary><p>c</p></details><datalist><option>o</option></datalist><select><option>a</option></select>`,
		`<ruby>a<rp>(</rp><rt>b</rt><rp>)</rp></ruby><noembed>x</noembed><noframes>y</noframes><param><script>1</script>`,
		`<svg><g hidden><rect/></g><text>t</text><foreignObject><div hidden>x</div></foreignObject></svg>`,
		`<math><mi>x</mi><semantics><mrow></mrow><annotation>a</annotation><annotation-xml>b</annotation-xml></semantics></math>`,
		`<div hidden=until-found><p>u</p></div><span hidden=UNTIL-FOUND>v</span><div popover>p</div><slot><b>s</b></slot>`,
		`<table><tr hidden><td>a</td></tr><tr><td hidden>b</td><td>c</td></tr></table><ul><li hidden>x</li></ul>`,
		`<div style="display:none"><p>a</p></div><p style="visibility:hidden">b</p><p style="opacity:0">c</p><div inert><button>i</button></div>`,
		`<img hidden><iframe></iframe><embed><object><param></object><canvas>c</canvas><hr hidden><br hidden>`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, page string) {
		d, err := Parse(strings.NewReader(page))
		if err != nil {
			return // ErrTreeTooLarge
		}
		var sheets []*Node
		for h := range descendants(d.Node.h) {
			if h.Type == html.ElementNode && (h.DataAtom == atom.Style || h.DataAtom == atom.Link) {
				sheets = append(sheets, d.wrap(h))
			}
		}
		for _, s := range sheets {
			s.Remove()
		}
		if d.styleState(context.Background()).applies {
			t.Fatal("an author sheet applies after the sheets were removed")
		}
		for h := range descendants(d.Node.h) {
			if h.Type != html.ElementNode {
				continue
			}
			f := d.chainOf(h)
			if f.styled {
				continue
			}
			fast := d.renderStyleOf(h, f)
			s := d.computedStyle(h)
			slow := renderStyle{s.Rendered(), s.Display().IsContents(), s.Visibility().IsVisible(), s.Transparent()}
			if fast != slow {
				t.Fatalf("%s in %q: without a cascade %+v, the cascade's %+v (display %s)", d.wrap(h).describe(), page, fast, slow, s.Display())
			}
		}
	})
}
