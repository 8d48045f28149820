package vdom_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

// Markup parsed with a head element as its context: the head's
// SetInnerHTML and InsertAdjacentHTML, and SetOuterHTML and the outer
// positions of InsertAdjacentHTML on an element in the head. The HTML
// fragment parsing algorithm parses it "in body", as in a body (resetting
// the insertion mode, a head element that is the last node selects "in
// body"), so a div, a p or text there are kept with what follows them, as
// in browsers; the trees were checked against Chromium 148 and parse5
// (internal/htmlparse/testdata/xnet-departures).
func TestHeadContextFragments(t *testing.T) {
	const (
		page = `<!DOCTYPE html><html><head><title id="title0">T</title><meta id="meta0" name="m"></head>` +
			`<body><p id="body0">body</p></body></html>`
		old = `<title id="title0">T</title><meta id="meta0" name="m">`
	)
	markups := []struct {
		src, want string
		contents  string // the contents of the first template, if any
	}{
		{"<div><template>x</template></div><p>after", `<div><template>x</template></div><p>after</p>`, "x"},
		{"<title>t</title><p>after", `<title>t</title><p>after</p>`, ""},
		{`<meta name=a><template id=t><li>x</template><style>p{}</style><p id=after>after`,
			`<meta name="a"><template id="t"><li>x</li></template><style>p{}</style><p id="after">after</p>`, "<li>x</li>"},
	}
	ops := []struct {
		name string
		do   func(doc *vdom.Document, src string) error
		// head is the head's InnerHTML afterwards, given the markup's.
		head func(markup string) string
	}{
		{"SetInnerHTML of the head", func(doc *vdom.Document, src string) error {
			return doc.Head().SetInnerHTML(src)
		}, func(m string) string { return m }},
		{"InsertAdjacentHTML afterbegin on the head", func(doc *vdom.Document, src string) error {
			return doc.Head().InsertAdjacentHTML(vdom.AfterBegin, src)
		}, func(m string) string { return m + old }},
		{"InsertAdjacentHTML beforeend on the head", func(doc *vdom.Document, src string) error {
			return doc.Head().InsertAdjacentHTML(vdom.BeforeEnd, src)
		}, func(m string) string { return old + m }},
		{"InsertAdjacentHTML afterend on a meta in the head", func(doc *vdom.Document, src string) error {
			return doc.GetElementByID("meta0").InsertAdjacentHTML(vdom.AfterEnd, src)
		}, func(m string) string { return old + m }},
		{"InsertAdjacentHTML beforebegin on a title in the head", func(doc *vdom.Document, src string) error {
			return doc.GetElementByID("title0").InsertAdjacentHTML(vdom.BeforeBegin, src)
		}, func(m string) string { return m + old }},
		{"SetOuterHTML of a title in the head", func(doc *vdom.Document, src string) error {
			return doc.GetElementByID("title0").SetOuterHTML(src)
		}, func(m string) string { return m + `<meta id="meta0" name="m">` }},
	}
	for _, op := range ops {
		for _, m := range markups {
			t.Run(op.name+" "+m.src, func(t *testing.T) {
				doc := treeDoc(t, page)
				treeNoErr(t, op.name, op.do(doc, m.src))
				checkTree(t, doc, "title0", "body0")
				checkTemplates(t, doc)
				head := doc.Head()
				treeDiff(t, "head InnerHTML", op.head(m.want), head.InnerHTML())
				// What follows the first element that is no head content
				// is kept: the p at the end is in the head.
				p, err := head.QuerySelector("p")
				treeNoErr(t, "QuerySelector(p)", err)
				if p == nil || p.TextContent() != "after" || p.ParentNode() != head {
					t.Errorf("the head's p = %v, want the p with \"after\" as a child of the head", p)
				}
				if m.contents != "" {
					tmpl, err := head.QuerySelector("template")
					treeNoErr(t, "QuerySelector(template)", err)
					if tmpl == nil {
						t.Fatalf("no template in the head: %s", head.InnerHTML())
					}
					treeDiff(t, "template contents", m.contents, tmpl.Content().InnerHTML())
				}
				// The head's markup parses back to the same tree.
				treeNoErr(t, "SetInnerHTML of the serialization", head.SetInnerHTML(head.InnerHTML()))
				treeDiff(t, "head InnerHTML after a round trip", op.head(m.want), head.InnerHTML())
				checkTree(t, doc, "body0")
				checkTemplates(t, doc)
			})
		}
	}
}
