package vdom_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
	"golang.org/x/net/html"
)

// OuterHTML writes what a browser's outerHTML gives; x/net/html's
// html.Render of the same node writes its own form.
func ExampleNode_OuterHTML() {
	doc := vdom.ParseString(`<p title='say "hi"'>a<br>b&nbsp;c &amp; 'd'</p>`)
	p := doc.Body().FirstChild()
	fmt.Println(p.OuterHTML())
	var b strings.Builder
	_ = html.Render(&b, p.HTML())
	fmt.Println(strings.ReplaceAll(b.String(), "\u00a0", "(U+00A0)"))
	// Output:
	// <p title="say &quot;hi&quot;">a<br>b&nbsp;c &amp; 'd'</p>
	// <p title="say &#34;hi&#34;">a<br/>b(U+00A0)c &amp; &#39;d&#39;</p>
}
