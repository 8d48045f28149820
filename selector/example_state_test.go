package selector_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

// checkboxes is a State that keeps the checkedness of checkboxes apart
// from their checked attributes, as a live document does, and knows the
// focused element.
type checkboxes struct {
	checked map[*html.Node]bool
	focused *html.Node
}

func (c checkboxes) Is(n *html.Node, pc selector.PseudoClass) bool {
	return pc == selector.PseudoChecked && c.checked[n]
}

func (c checkboxes) Focus() (*html.Node, bool) { return c.focused, false }

func ExampleSelector_WithState() {
	doc := mustParse(`<form>
<label><input type="checkbox" id="news" checked> News</label>
<label><input type="checkbox" id="terms"> Terms</label>
</form>`)
	news, terms := selector.ByID(doc, "news"), selector.ByID(doc, "terms")
	// The user unchecked "news" and checked "terms"; the attributes still
	// say what the markup said.
	st := checkboxes{checked: map[*html.Node]bool{news: false, terms: true}, focused: terms}

	sel := selector.MustCompile("input:checked")
	fmt.Println("attributes:", ids(sel.QueryAll(doc)))
	fmt.Println("live state:", ids(sel.WithState(st).QueryAll(doc)))
	fmt.Println("focus within:", ids(selector.MustCompile("label:focus-within").WithState(st).QueryAll(doc)))
	// Output:
	// attributes: [news]
	// live state: [terms]
	// focus within: [label]
}

func ids(nodes []*html.Node) []string {
	var out []string
	for _, n := range nodes {
		name := n.Data
		for _, a := range n.Attr {
			if a.Key == "id" {
				name = a.Val
			}
		}
		out = append(out, name)
	}
	return out
}

func ExampleSelector_ReadsState() {
	for _, src := range []string{"input[type=checkbox]", "input:checked", "li:is(.a, :focus-within)", "p:lang(en)"} {
		fmt.Printf("%-26q %v\n", src, selector.MustCompile(src).ReadsState())
	}
	// Output:
	// "input[type=checkbox]"     false
	// "input:checked"            true
	// "li:is(.a, :focus-within)" true
	// "p:lang(en)"               false
}
