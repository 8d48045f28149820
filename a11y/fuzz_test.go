package a11y_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
)

// FuzzElements parses arbitrary markup and asks everything of every
// element, checking the invariants that hold whatever the page: no panic;
// a role is "" or a name CanonicalRole accepts; names and descriptions are
// normalised (no ASCII white space at the ends or twice in a row); an
// element inside a hidden element that hides its whole subtree is hidden;
// the answers do not change when asked twice; and a HiddenChecker says
// what IsHidden says of every element, in tree order and in reverse, of
// the page as it is and nested below the depth the checker reads afresh;
// and a Cache, asked in tree order and in reverse, and the functions give
// what the computation gives with nothing reused.
func FuzzElements(f *testing.F) {
	seeds := []string{
		`<button aria-labelledby="a b">x</button><span id=a hidden>A</span><span id=b>B <input value=v></span>`,
		`<div role="bogus  none button" aria-label=" x ">y</div><ul role=none><li>z</li></ul>`,
		`<label>L <select><option selected>o</option></select><input id=i></label><label for=i>M</label>`,
		`<details><summary>s</summary><p style="DISPLAY:none;display:block">p</p></details>`,
		`<table role=grid><tr><th scope=ROW>h</th><td aria-selected=true>d</td></tr></table>`,
		`<div aria-labelledby=d id=d role=button><span aria-labelledby=d>x</span></div>`,
		`<svg><title>t</title><a><text>k</text></a></svg><math><mi>x</mi></math>`,
		`<header><article><footer>f</footer></article></header><aside><section aria-label=s><aside>a</aside></section></aside>`,
		`<input type=image><input type=submit value=""><input type=checkbox aria-checked=mixed>`,
		`<div style="visibility:hidden"><b style="visibility:visible">v</b></div><p hidden=until-found><i>x</i></p>`,
		`<details><p>c</p><summary>s</summary><summary>t</summary></details><select><option>o</option></select><dialog><p>d</p></dialog>`,
		`<label for=i>a</label><label>b <label>c <input id=i type=submit value=v></label></label><label for=i>d</label><input id=i>`,
		`<style>.a::before{content:"x" attr(title) / "alt"} .b{display:contents} .c{text-transform:capitalize} .d{content-visibility:hidden} .e{display:list-item}</style>` +
			`<button class="a c" title=t>s<span class=b>u</span></button><div class=d><i id=r>r</i></div><a href=# aria-labelledby=r class=e>l</a>`,
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, markup string) {
		doc := vdom.ParseString(markup)
		for n := range doc.Descendants() {
			if !n.IsElement() {
				continue
			}
			role := a11y.Role(n)
			if role != "" {
				if name, ok := a11y.CanonicalRole(role); !ok && role != "generic" || ok && name != role {
					t.Errorf("%s: Role %q is not a canonical role", n, role)
				}
			}
			name, desc := a11y.Name(n), a11y.Description(n)
			for _, s := range []string{name, desc} {
				if s != strings.Trim(s, " \t\n\r\f") || strings.Contains(s, "  ") || len(s) > a11y.MaxNameBytes {
					t.Errorf("%s: %q is not normalised or is over the bound", n, s)
				}
			}
			hidden := a11y.IsHidden(n)
			if !n.IsRendered() && !hidden {
				t.Errorf("%s: not rendered but not hidden", n)
			}
			if p := n.ParentElement(); p != nil && hidesSubtree(p) && !hidden {
				t.Errorf("%s: not hidden inside %s", n, p)
			}
			if a11y.Role(n) != role || a11y.Name(n) != name || a11y.IsHidden(n) != hidden || a11y.States(n) != a11y.States(n) {
				t.Errorf("%s: answers differ when asked twice", n)
			}
		}
		checkCache(t, "the page", &doc.Node)
		for _, page := range []string{markup, deepWrap(markup)} {
			d := vdom.ParseString(page)
			var els []*vdom.Node
			for n := range d.Descendants() {
				if n.IsElement() {
					els = append(els, n)
				}
			}
			for _, order := range [][]*vdom.Node{els, reversed(els)} {
				var c a11y.HiddenChecker
				for _, n := range order {
					if got, want := c.IsHidden(n), a11y.IsHidden(n); got != want {
						t.Errorf("%s: HiddenChecker says hidden %v, IsHidden %v", n, got, want)
					}
				}
			}
		}
	})
}

// hidesSubtree reports an element whose own style or attributes hide everything in
// it, whatever its descendants say.
func hidesSubtree(el *vdom.Node) bool {
	// display: none, from the hidden attribute (not until-found, which
	// skips the contents of a block only), a sheet or the style
	// attribute; an author's display overrides the hidden attribute.
	if el.OwnerDocument().GetComputedStyle(el).PropertyValue("display") == "none" {
		return true
	}
	if _, ok := el.GetAttribute("inert"); ok {
		return true
	}
	if v, ok := el.GetAttribute("aria-hidden"); ok && strings.EqualFold(strings.TrimSpace(v), "true") && el.LocalName() != "body" && el.LocalName() != "html" {
		return true
	}
	return false
}

// FuzzNameWork builds pages from recipes of the constructs that made
// names costly (nesting, labels, references forward and back, hidden and
// visible again, listboxes, legends) and checks every name and
// description of the page, one by one and through one Cache: none over
// MaxNameBytes, the answers those of the computation with nothing reused,
// and the work linear in the page (workBound) for each name, and in the
// page and the names' length for all of them through the Cache, unless
// references reach forward into the page (docs/limits.md's exception,
// where each name is computed on its own).
func FuzzNameWork(f *testing.F) {
	for _, seed := range []string{"\x00", "\x01", "\x02\x00", "\x00\x04\x08", "\x05", "\x07\x01",
		"\x32\x00\x20", "\x0a\x0b\x0e\x0d", "\x0f\x09\x03", "\x06\x00\x0c", "\x00\x18\x09"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, recipe []byte) {
		if len(recipe) > 16 {
			return
		}
		doc := vdom.ParseString(recipePage(recipe, 200))
		nodes, tokens := pageSize(doc)
		bound := workBound(nodes, tokens)
		var els []*vdom.Node
		for n := range doc.Descendants() {
			if n.IsElement() {
				els = append(els, n)
			}
		}
		for _, el := range els {
			if one := steps(func() { a11y.Name(el); a11y.Description(el) }); one > bound {
				t.Errorf("recipe %x: %d steps for %s, more than %d for %d nodes and %d references", recipe, one, el, bound, nodes, tokens)
			}
		}
		var c a11y.Cache
		output := 0
		all := steps(func() {
			for _, el := range els {
				for _, s := range []string{c.Name(el), c.Description(el)} {
					if len(s) > a11y.MaxNameBytes {
						t.Errorf("%s: a name of %d bytes", el, len(s))
					}
					output += len(s)
				}
			}
		})
		if all > bound+stepsPerByte*int64(output) && !slices.ContainsFunc(recipe, forward) {
			t.Errorf("recipe %x: %d steps through a Cache, more than %d for %d nodes, %d references and %d bytes of names",
				recipe, all, bound+stepsPerByte*int64(output), nodes, tokens, output)
		}
		if len(els) <= 120 {
			checkCache(t, fmt.Sprintf("recipe %x", recipe), &doc.Node)
		}
	})
}
