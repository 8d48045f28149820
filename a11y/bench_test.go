package a11y_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/vdom"
)

// elements10k parses the 10k-element page of bench/pagegen and returns its
// elements in tree order.
func elements10k(b *testing.B) []*vdom.Node {
	b.Helper()
	doc := vdom.ParseString(string(pagegen.Page(10_000)))
	var els []*vdom.Node
	for n := range doc.Descendants() {
		if n.IsElement() {
			els = append(els, n)
		}
	}
	if len(els) != 10_000 {
		b.Fatalf("the 10k page has %d elements", len(els))
	}
	return els
}

// BenchmarkRole computes the role of every element of the 10k page: what a
// role query does before it filters by anything else.
func BenchmarkRole(b *testing.B) {
	els := elements10k(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, el := range els {
			_ = a11y.Role(el)
		}
	}
}

// BenchmarkIsHidden asks of every element of the 10k page whether it is
// hidden, each an ancestor walk.
func BenchmarkIsHidden(b *testing.B) {
	els := elements10k(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, el := range els {
			_ = a11y.IsHidden(el)
		}
	}
}

// BenchmarkName computes the accessible name of every element of the 10k
// page whose role can take a name from its content or a label (links,
// buttons, headings, form controls), as a role query with a name filter
// does for its candidates.
func BenchmarkName(b *testing.B) {
	all := elements10k(b)
	var els []*vdom.Node
	for _, el := range all {
		switch a11y.Role(el) {
		case "link", "button", "heading", "textbox", "checkbox", "radio", "combobox", "listbox", "option":
			els = append(els, el)
		}
	}
	b.Logf("%d named elements", len(els))
	b.ReportAllocs()
	for b.Loop() {
		for _, el := range els {
			_ = a11y.Name(el)
		}
	}
}

// BenchmarkStates computes the states of every form control of the 10k
// page.
func BenchmarkStates(b *testing.B) {
	all := elements10k(b)
	var els []*vdom.Node
	for _, el := range all {
		switch el.LocalName() {
		case "input", "select", "option", "textarea", "button":
			els = append(els, el)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, el := range els {
			_ = a11y.States(el)
		}
	}
}

// BenchmarkNameRepeatedReferences names the button of the 102 KB page
// whose aria-labelledby names one element of 20,000 words a thousand
// times (aria-describedby for the description): the name stops at
// MaxNameBytes.
func BenchmarkNameRepeatedReferences(b *testing.B) {
	refs := strings.Repeat("t ", 1000)
	doc := vdom.ParseString(`<span id=t>` + strings.Repeat("word ", 20000) + `</span>` +
		`<button id=b aria-labelledby="` + refs + `">Save</button><button id=d aria-describedby="` + refs + `">Save</button>`)
	for _, tc := range []struct {
		name string
		f    func() string
	}{
		{"name", func() string { return a11y.Name(doc.GetElementByID("b")) }},
		{"description", func() string { return a11y.Description(doc.GetElementByID("d")) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(tc.f()) > a11y.MaxNameBytes {
					b.Fatal("over the bound")
				}
			}
		})
	}
}

// BenchmarkNameDeep names the outermost of 100,000 nested buttons named
// from their content, the text at the bottom, and every one of them
// through one Cache, as a role query with a name does.
func BenchmarkNameDeep(b *testing.B) {
	doc := vdom.ParseString(strings.Repeat(`<div role=button>`, 100_000) + "x")
	outer := doc.Body().FirstChild()
	var els []*vdom.Node
	for n := range doc.Body().Descendants() {
		if n.IsElement() {
			els = append(els, n)
		}
	}
	b.Run("outermost", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			a11y.Name(outer)
		}
	})
	b.Run("every-through-a-cache", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var c a11y.Cache
			for _, el := range els {
				c.Name(el)
			}
		}
	})
}

// BenchmarkNameContentSize names a link from content of n units, each of
// the kinds a name passes over or reads without text (a hidden child, an
// element aria-hidden, a group, whose content gives nothing to another's
// name, an image without alt text, an empty inline element, a closed
// details), so that the name stays short and the computation reads the
// whole content: its time per byte of the content (B/s) is the same
// whatever the size, as a linear computation's is.
func BenchmarkNameContentSize(b *testing.B) {
	const unit = `<span hidden>h</span><span aria-hidden=true>a</span><div role=group>g</div>` +
		`<img alt=""><b></b><details><summary></summary>d</details>`
	for _, n := range []int{100, 1_000, 10_000, 100_000} {
		src := `<a href=# id=l>` + strings.Repeat(unit, n) + `</a>`
		doc := vdom.ParseString(src)
		link := doc.GetElementByID("l")
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				a11y.Name(link)
			}
		})
	}
}
