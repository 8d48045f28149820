package selector_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/selector"
	"golang.org/x/net/html"
)

func ExampleSelector_QueryAll_nthChildOf() {
	doc, _ := html.Parse(strings.NewReader(`<ul>
<li class="done">a</li><li>b</li><li class="done">c</li><li class="done">d</li></ul>`))
	// The second of the li.done, whatever comes between them.
	for _, n := range selector.MustCompile(":nth-child(2 of .done)").QueryAll(doc) {
		fmt.Println(n.FirstChild.Data)
	}
	// Output: c
}

func ExampleSelector_QueryAll_lang() {
	doc, _ := html.Parse(strings.NewReader(`<html lang="en"><body>
<p>hello</p><p lang="de-CH">grüezi</p><p lang="fr"><span>salut</span></p>`))
	// The nearest lang decides; ranges match as Selectors 4 says.
	for _, sel := range []string{"span:lang(en)", `p:lang("*-CH")`, ":lang(fr) span"} {
		for _, n := range selector.MustCompile(sel).QueryAll(doc) {
			fmt.Println(sel, "→", n.FirstChild.Data)
		}
	}
	// Output:
	// p:lang("*-CH") → grüezi
	// :lang(fr) span → salut
}
