package vdom_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/eventperk/eventperk-go/vdom"
)

// TestInnerTextAsChromium compares InnerText of the element #t in each
// body with what Chromium 156 returns for the same markup (innerText of
// the same element after setting a div's innerHTML to the markup).
func TestInnerTextAsChromium(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"plain", "<div id=t>Hello   world</div>", "Hello world"},
		{"newlines collapse", "<div id=t>\n  one\n  two  \n</div>", "one two"},
		{"inline elements", "<div id=t>a <b> b </b> c<i>d</i></div>", "a b cd"},
		{"br", "<div id=t>one<br>two<br></div>", "one\ntwo\n"},
		{"br with spaces", "<div id=t>one <br> two</div>", "one\ntwo"},
		{"p two breaks", "<div id=t>a<p>b</p>c</div>", "a\n\nb\n\nc"},
		{"p siblings", "<div id=t><p>one</p><p>two</p></div>", "one\n\ntwo"},
		{"divs", "<div id=t><div>one</div><div>two</div>three</div>", "one\ntwo\nthree"},
		{"nested blocks", "<div id=t><div><div>a</div></div><div>b</div></div>", "a\nb"},
		{"headings and list", "<div id=t><h1>Title</h1><ul><li>one</li><li>two</li></ul></div>", "Title\none\ntwo"},
		{"hidden attribute", "<div id=t>a<span hidden>secret</span>b</div>", "ab"},
		{"hidden block", "<div id=t>a<div hidden>secret</div>b</div>", "ab"},
		{"display none inline style", "<div id=t>a<span style=\"color: red; display : none\">x</span>b</div>", "ab"},
		{"display block inline style", "<div id=t>a<span style=\"display:block\">x</span>b</div>", "a\nx\nb"},
		{"script style template", "<div id=t>a<script>var x</script><style>p{}</style><template>t</template><noscript>n</noscript>b</div>", "ab"},
		{"table", "<table id=t><tr><td>a</td><td> b </td></tr><tr><th>c</th><td>d</td></tr></table>", "a\tb\nc\td"},
		{"table with caption and tbody", "<div id=t>x<table><caption>cap</caption><tbody><tr><td>1</td><td>2</td></tr></tbody></table>y</div>", "x\ncap\n1\t2\ny"},
		{"pre preserves", "<div id=t>a<pre>  x\n   y  </pre>b</div>", "a\n  x\n   y  \nb"},
		{"pre element itself", "<pre id=t>\n  x  y\n</pre>", "  x  y\n"},
		{"textarea", "<div id=t>a<textarea>  t  x </textarea>b</div>", "ab"},
		{"textarea itself", "<textarea id=t>  t  x </textarea>", ""},
		{"input and button", "<div id=t>a<input value=v><button> go </button>b</div>", "agob"},
		{"select", "<div id=t>a<select><option>one</option><option>two</option></select>b</div>", "a\none\ntwo\nb"},
		{"img alt", "<div id=t>a<img alt=pic>b</div>", "ab"},
		{"comment", "<div id=t>a<!-- c -->b</div>", "ab"},
		{"visibility hidden", "<div id=t>a<span style=\"visibility:hidden\">h<span style=\"visibility:visible\">v</span></span>b</div>", "avb"},
		{"white-space pre inline", "<div id=t>a<span style=\"white-space:pre\">  x  </span>b</div>", "a  x  b"},
		{"hidden until-found", "<div id=t>a<div hidden=until-found>f</div>b</div>", "ab"},
		{"details closed", "<div id=t><details><summary>s</summary>body</details></div>", "s"},
		{"dialog closed", "<div id=t>a<dialog>d</dialog>b</div>", "ab"},
		{"blockquote hr", "<div id=t>a<hr>b<blockquote>q</blockquote></div>", "a\nb\nq"},
		{"spaces between blocks", "<div id=t>  <p> one </p>  <p> two </p>  </div>", "one\n\ntwo"},
		{"empty element", "<div id=t></div>", ""},
		{"nbsp kept", "<div id=t>a&nbsp;&nbsp;b</div>", "a\u00a0\u00a0b"},
		{"hidden subject", "<div hidden><p id=t>a  <b>b</b>\n c</p></div>", "a  b\n c"},
		{"display none subject", "<div id=t style=\"display:none\">a  <br>b</div>", "a  b"},
		{"spaces between inline elements", "<div id=t><span>a</span>\n<span>b</span></div>", "a b"}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := vdom.ParseString(`<!DOCTYPE html><body><div id="host">` + tc.body + `</div>`)
			if diff := cmp.Diff(tc.want, doc.GetElementByID("t").InnerText()); diff != "" {
				t.Errorf("InnerText of %s mismatch (-want +got):\n%s", tc.body, diff)
			}
		})
	}
}

func TestInnerTextDetachedIsTextContent(t *testing.T) {
	doc := vdom.NewDocument()
	div, err := doc.CreateElement("div")
	if err != nil {
		t.Fatal(err)
	}
	if err := div.SetInnerHTML(`a  <p>b</p>`); err != nil {
		t.Fatal(err)
	}
	// As Chromium 156 returns for a div made with createElement.
	if diff := cmp.Diff("a  b", div.InnerText()); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestSetInnerText(t *testing.T) {
	doc := vdom.ParseString(`<div id="t"><b id="old">old</b></div>`)
	div := doc.GetElementByID("t")
	div.SetInnerText("one\r\ntwo\n\nthree <i>")
	if diff := cmp.Diff(`one<br>two<br><br>three &lt;i&gt;`, div.InnerHTML()); diff != "" {
		t.Errorf("InnerHTML mismatch (-want +got):\n%s", diff)
	}
	if doc.GetElementByID("old") != nil {
		t.Error("the removed child is still in the id index")
	}
	if diff := cmp.Diff("one\ntwo\n\nthree <i>", div.InnerText()); diff != "" {
		t.Errorf("InnerText round trip mismatch (-want +got):\n%s", diff)
	}
}

// InnerText reads a page as a user sees it: hidden parts left out, blocks
// and br on lines of their own, cells separated by tabs, spaces collapsed.
func ExampleNode_InnerText() {
	doc := vdom.ParseString(`<div id="card">
	  <h2>Order   #42</h2>
	  <p>Shipped<br>to Oslo</p>
	  <p hidden>internal note</p>
	  <table><tr><td>Total</td><td>9.50</td></tr></table>
	</div>`)
	fmt.Printf("%q\n", doc.GetElementByID("card").InnerText())
	// Output:
	// "Order #42\n\nShipped\nto Oslo\n\nTotal\t9.50"
}
