package vdom_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
)

func TestParseRepairsMalformedHTML(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the document's OuterHTML
	}{
		{
			name: "missing html head and body",
			in:   "<title>T</title><p>x",
			want: "<html><head><title>T</title></head><body><p>x</p></body></html>",
		},
		{
			name: "bare text",
			in:   "hello",
			want: "<html><head></head><body>hello</body></html>",
		},
		{
			name: "empty input",
			in:   "",
			want: "<html><head></head><body></body></html>",
		},
		{
			name: "unclosed paragraphs",
			in:   "<p>one<p>two",
			want: "<html><head></head><body><p>one</p><p>two</p></body></html>",
		},
		{
			name: "unclosed list items",
			in:   "<ul><li>a<li>b</ul>",
			want: "<html><head></head><body><ul><li>a</li><li>b</li></ul></body></html>",
		},
		{
			name: "block inside paragraph closes it",
			in:   "<p>a<div>b</div>",
			want: "<html><head></head><body><p>a</p><div>b</div></body></html>",
		},
		{
			name: "stray end tags are dropped",
			in:   "</div>text</span>",
			want: "<html><head></head><body>text</body></html>",
		},
		{
			name: "end tag br becomes a br",
			in:   "<br></br>",
			want: "<html><head></head><body><br><br></body></html>",
		},
		{
			name: "misnested formatting elements",
			in:   "<b><i>x</b>y</i>",
			want: "<html><head></head><body><b><i>x</i></b><i>y</i></body></html>",
		},
		{
			name: "anchor around a block",
			in:   "<a><p>x</a>",
			want: "<html><head></head><body><a></a><p><a>x</a></p></body></html>",
		},
		{
			name: "table foster parenting",
			in:   "<table>oops<tr><td>x</td></tr></table>",
			want: "<html><head></head><body>oops<table><tbody><tr><td>x</td></tr></tbody></table></body></html>",
		},
		{
			name: "unclosed table cells and rows",
			in:   "<table><tr><td>1<td>2<tr><td>3</table>",
			want: "<html><head></head><body><table><tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></tbody></table></body></html>",
		},
		{
			name: "nested form is dropped",
			in:   "<form><form>x",
			want: "<html><head></head><body><form>x</form></body></html>",
		},
		{
			name: "text after the end of the document",
			in:   "x</body></html>y",
			want: "<html><head></head><body>xy</body></html>",
		},
		{
			name: "doctype and comment kept",
			in:   "<!doctype html><!-- top --><p>x",
			want: "<!DOCTYPE html><!-- top --><html><head></head><body><p>x</p></body></html>",
		},
		{
			name: "upper-case tags and attributes",
			in:   `<DIV ID="Main" CLASS=x>y</DIV>`,
			want: `<html><head></head><body><div id="Main" class="x">y</div></body></html>`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, tt.in)
			treeDiff(t, "OuterHTML", tt.want, doc.OuterHTML())
		})
	}
}

func TestParseDocumentAccessors(t *testing.T) {
	type accessors struct {
		DocumentElement, Head, Body string
		Title                       string
	}
	describe := func(n *vdom.Node) string {
		if n == nil {
			return "<nil>"
		}
		return n.String()
	}
	tests := []struct {
		name string
		doc  func() *vdom.Document
		want accessors
	}{
		{
			name: "full page",
			doc: func() *vdom.Document {
				return vdom.ParseString(`<!DOCTYPE html><html id=root><head id=h><title>  Hello,
	  world  </title></head><body id=b></body></html>`)
			},
			want: accessors{"html#root", "head#h", "body#b", "Hello, world"},
		},
		{
			name: "implied elements",
			doc:  func() *vdom.Document { return vdom.ParseString("text") },
			want: accessors{"html", "head", "body", ""},
		},
		{
			name: "title keeps non-breaking spaces",
			doc:  func() *vdom.Document { return vdom.ParseString("<title>\u00a0a\u00a0 b</title>") },
			want: accessors{"html", "head", "body", "\u00a0a\u00a0 b"},
		},
		{
			name: "svg title does not count",
			doc: func() *vdom.Document {
				return vdom.ParseString("<body><svg><title>icon</title></svg><title>Real</title>")
			},
			want: accessors{"html", "head", "body", "Real"},
		},
		{
			name: "title in body",
			doc:  func() *vdom.Document { return vdom.ParseString("<p>x</p><title>Late</title>") },
			want: accessors{"html", "head", "body", "Late"},
		},
		{
			name: "frameset is the body",
			doc:  func() *vdom.Document { return vdom.ParseString("<frameset id=f><frame></frameset>") },
			want: accessors{"html", "head", "frameset#f", ""},
		},
		{
			name: "NewDocument is empty",
			doc:  vdom.NewDocument,
			want: accessors{"<nil>", "<nil>", "<nil>", ""},
		},
		{
			name: "CreateHTMLDocument",
			doc:  func() *vdom.Document { return vdom.CreateHTMLDocument("Fish & <Chips>") },
			want: accessors{"html", "head", "body", "Fish & <Chips>"},
		},
		{
			name: "root element that is not html",
			doc: func() *vdom.Document {
				doc := vdom.NewDocument()
				div, _ := doc.CreateElement("div")
				body, _ := doc.CreateElement("body")
				div.AppendChild(body)
				doc.AppendChild(div)
				return doc
			},
			want: accessors{"div", "<nil>", "<nil>", ""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := tt.doc()
			checkTree(t, doc)
			got := accessors{
				DocumentElement: describe(doc.DocumentElement()),
				Head:            describe(doc.Head()),
				Body:            describe(doc.Body()),
				Title:           doc.Title(),
			}
			treeDiff(t, "accessors", tt.want, got)
		})
	}
}

func TestParseWindowAndDocumentNodes(t *testing.T) {
	tests := []struct {
		name       string
		doc        func() *vdom.Document
		wantWindow bool
		wantHTML   string
	}{
		{
			name:       "Parse",
			doc:        func() *vdom.Document { d, _ := vdom.Parse(strings.NewReader("<p>x")); return d },
			wantWindow: true,
			wantHTML:   "<html><head></head><body><p>x</p></body></html>",
		},
		{
			name:       "ParseString",
			doc:        func() *vdom.Document { return vdom.ParseString("<p>x") },
			wantWindow: true,
			wantHTML:   "<html><head></head><body><p>x</p></body></html>",
		},
		{
			name:     "Parse WithoutWindow",
			doc:      func() *vdom.Document { d, _ := vdom.Parse(strings.NewReader("<p>x"), vdom.WithoutWindow()); return d },
			wantHTML: "<html><head></head><body><p>x</p></body></html>",
		},
		{
			name:     "ParseString WithoutWindow",
			doc:      func() *vdom.Document { return vdom.ParseString("<p>x", vdom.WithoutWindow()) },
			wantHTML: "<html><head></head><body><p>x</p></body></html>",
		},
		{
			name:     "NewDocument",
			doc:      vdom.NewDocument,
			wantHTML: "",
		},
		{
			name:     "CreateHTMLDocument",
			doc:      func() *vdom.Document { return vdom.CreateHTMLDocument("T") },
			wantHTML: "<!DOCTYPE html><html><head><title>T</title></head><body></body></html>",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := tt.doc()
			if doc == nil {
				t.Fatal("no document")
			}
			checkTree(t, doc)
			if got := doc.Window() != nil; got != tt.wantWindow {
				t.Errorf("has Window = %v, want %v", got, tt.wantWindow)
			}
			if w := doc.Window(); w != nil && w.Document() != doc {
				t.Errorf("Window().Document() is another document")
			}
			treeDiff(t, "OuterHTML", tt.wantHTML, doc.OuterHTML())
			if got := doc.NodeType(); got != vdom.DocumentNode {
				t.Errorf("NodeType() = %v, want DocumentNode", got)
			}
			if doc.OwnerDocument() != nil {
				t.Errorf("OwnerDocument() of a document = %v, want nil", doc.OwnerDocument())
			}
			if doc.ParentNode() != nil {
				t.Errorf("ParentNode() of a document = %v, want nil", doc.ParentNode())
			}
			if !doc.IsConnected() {
				t.Errorf("a document is not connected")
			}
		})
	}
	t.Run("NewDocument can be built", func(t *testing.T) {
		doc := vdom.NewDocument()
		root := treeCreate(t, doc, "HTML")
		_, err := doc.AppendChild(root)
		treeNoErr(t, "AppendChild(html)", err)
		checkTree(t, doc)
		body := treeCreate(t, doc, "body", "id", "b")
		_, err = root.AppendChild(body)
		treeNoErr(t, "AppendChild(body)", err)
		checkTree(t, doc)
		if doc.DocumentElement() != root || doc.Body() != body || doc.GetElementByID("b") != body {
			t.Errorf("DocumentElement %v, Body %v, GetElementByID(b) %v; want the new html and body", doc.DocumentElement(), doc.Body(), doc.GetElementByID("b"))
		}
		treeDiff(t, "OuterHTML", `<html><body id="b"></body></html>`, doc.OuterHTML())
	})
}

// failingReader returns some HTML, then err.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestParseReaderError(t *testing.T) {
	errDisk := errors.New("disk on fire")
	tests := []struct {
		name  string
		parse func(r io.Reader) error
	}{
		{"Parse", func(r io.Reader) error { _, err := vdom.Parse(r); return err }},
		{"ParseFragment", func(r io.Reader) error {
			_, err := vdom.NewDocument().ParseFragment(r, nil)
			return err
		}},
		{"ParseFragment in a context", func(r io.Reader) error {
			doc := vdom.ParseString("<ul id=list></ul>")
			_, err := doc.ParseFragment(r, doc.GetElementByID("list"))
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(&failingReader{data: "<p>some <b>text", err: errDisk})
			if !errors.Is(err, errDisk) {
				t.Fatalf("error = %v, want one that wraps %v", err, errDisk)
			}
		})
	}
}

// x/net/html's parser refuses more than 512 open elements; vdom parses any
// depth, through every entry point, into the tree the nesting says (see
// TestDeepTree for 100,000 levels).
func TestParseDeepNesting(t *testing.T) {
	const levels = 5_000
	deep := strings.Repeat("<div>", levels) + `<i id=x></i>`
	// depthOf counts the ancestors of #x up to the top of its tree.
	depthOf := func(t *testing.T, n *vdom.Node) int {
		t.Helper()
		depth := 0
		for ; n != nil; n = n.ParentNode() {
			depth++
		}
		return depth
	}
	t.Run("Parse", func(t *testing.T) {
		doc, err := vdom.Parse(strings.NewReader(deep))
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, doc)
		// i, the divs, body, html, the document.
		if got := depthOf(t, treeEl(t, doc, "x")); got != levels+4 {
			t.Errorf("depth = %d, want %d", got, levels+4)
		}
	})
	t.Run("ParseString", func(t *testing.T) {
		doc := vdom.ParseString(deep)
		if got := depthOf(t, treeEl(t, doc, "x")); got != levels+4 {
			t.Errorf("depth = %d, want %d", got, levels+4)
		}
	})
	t.Run("ParseFragment", func(t *testing.T) {
		nodes, err := vdom.NewDocument().ParseFragmentString(deep, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(nodes) != 1 {
			t.Fatalf("%d nodes, want 1", len(nodes))
		}
		inner := nodes[0]
		depth := 1
		for c := inner.FirstChild(); c != nil; c = c.FirstChild() {
			inner, depth = c, depth+1
		}
		if inner.LocalName() != "i" || depth != levels+1 {
			t.Errorf("innermost node %s at depth %d, want i at %d", inner.LocalName(), depth, levels+1)
		}
	})
	for _, outer := range []bool{false, true} {
		name := "SetInnerHTML"
		if outer {
			name = "SetOuterHTML"
		}
		t.Run(name, func(t *testing.T) {
			doc := treeDoc(t, `<div id=host><p id=a>replaced</p></div>`)
			var err error
			if outer {
				err = treeEl(t, doc, "a").SetOuterHTML(deep)
			} else {
				err = treeEl(t, doc, "host").SetInnerHTML(deep)
			}
			if err != nil {
				t.Fatal(err)
			}
			checkTree(t, doc)
			// i, the divs, #host, body, html, the document.
			if got := depthOf(t, treeEl(t, doc, "x")); got != levels+5 {
				t.Errorf("depth = %d, want %d", got, levels+5)
			}
			if doc.GetElementByID("a") != nil {
				t.Errorf("#a is still in the document")
			}
		})
	}
}

func TestParseFragment(t *testing.T) {
	const page = `<table><tr id=tr></tr></table><ul id=ul></ul><select id=select></select>
<textarea id=textarea></textarea><script id=script></script><svg id=svg></svg><div id=div></div>`
	tests := []struct {
		name    string
		src     string
		context string // id of the context element; "" for nil
		want    []string
		wantOut string // the nodes' OuterHTML, joined
	}{
		{
			name:    "td in a tr stays a td",
			src:     "<td>x</td>",
			context: "tr",
			want:    []string{"td"},
			wantOut: "<td>x</td>",
		},
		{
			name:    "td in body context is dropped",
			src:     "<td>x</td>",
			context: "div",
			want:    []string{"#text"},
			wantOut: "x",
		},
		{
			name:    "nil context is body",
			src:     "<td>x</td>",
			want:    []string{"#text"},
			wantOut: "x",
		},
		{
			name:    "unclosed li in a ul",
			src:     "<li>a<li>b",
			context: "ul",
			want:    []string{"li", "li"},
			wantOut: "<li>a</li><li>b</li>",
		},
		{
			name:    "options in a select",
			src:     "<option>a<option>b",
			context: "select",
			want:    []string{"option", "option"},
			wantOut: "<option>a</option><option>b</option>",
		},
		{
			name:    "textarea content is text",
			src:     "<b>x</b>",
			context: "textarea",
			want:    []string{"#text"},
			wantOut: "&lt;b&gt;x&lt;/b&gt;",
		},
		{
			name:    "script content is raw text",
			src:     "if (a<b) {}",
			context: "script",
			want:    []string{"#text"},
			wantOut: "if (a&lt;b) {}",
		},
		{
			name:    "svg context makes svg elements",
			src:     "<circle/><p>x",
			context: "svg",
			want:    []string{"circle", "p"},
			wantOut: "<circle></circle><p>x</p>",
		},
		{
			name:    "html and body tags in body context",
			src:     "<html><body class=x><p>y",
			want:    []string{"p"},
			wantOut: "<p>y</p>",
		},
		{
			name:    "empty",
			src:     "",
			context: "div",
			want:    []string{},
			wantOut: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := treeDoc(t, page)
			before := doc.OuterHTML()
			var ctx *vdom.Node
			if tt.context != "" {
				ctx = treeEl(t, doc, tt.context)
			}
			nodes, err := doc.ParseFragmentString(tt.src, ctx)
			treeNoErr(t, "ParseFragmentString", err)
			got := []string{}
			var out strings.Builder
			for _, n := range nodes {
				got = append(got, strings.ToLower(n.NodeName()))
				out.WriteString(n.OuterHTML())
				if n.ParentNode() != nil || n.IsConnected() {
					t.Errorf("%s: parent %v, connected %v; want a detached node", n, n.ParentNode(), n.IsConnected())
				}
				if n.OwnerDocument() != doc {
					t.Errorf("%s: OwnerDocument is not the document", n)
				}
				checkTreeDetached(t, n)
			}
			treeDiff(t, "node names", tt.want, got)
			treeDiff(t, "OuterHTML", tt.wantOut, out.String())
			treeDiff(t, "document after parsing a fragment", before, doc.OuterHTML())
			checkTree(t, doc)
		})
	}

	t.Run("fragment nodes can be inserted and are indexed then", func(t *testing.T) {
		doc := treeDoc(t, page)
		nodes, err := doc.ParseFragment(strings.NewReader(`<li id=new>n</li><li id=x>x</li>`), treeEl(t, doc, "ul"))
		treeNoErr(t, "ParseFragment", err)
		if doc.GetElementByID("new") != nil {
			t.Errorf("a detached fragment node is found by GetElementByID")
		}
		ul := treeEl(t, doc, "ul")
		for _, n := range nodes {
			_, err := ul.AppendChild(n)
			treeNoErr(t, "AppendChild", err)
			checkTree(t, doc)
		}
		if got := doc.GetElementByID("new"); got != nodes[0] {
			t.Errorf("GetElementByID(new) = %v, want the inserted node", got)
		}
		treeDiff(t, "ul", `<ul id="ul"><li id="new">n</li><li id="x">x</li></ul>`, ul.OuterHTML())
	})

	t.Run("context that is not an element", func(t *testing.T) {
		doc := treeDoc(t, "<p>text</p>")
		for _, ctx := range []*vdom.Node{&doc.Node, doc.Body().FirstChild().FirstChild(), doc.CreateDocumentFragment()} {
			_, err := doc.ParseFragmentString("<b>x</b>", ctx)
			treeWantErr(t, err, vdom.ErrNotSupported, ctx.String())
		}
	})

	t.Run("context from another document", func(t *testing.T) {
		doc := treeDoc(t, "")
		other := treeDoc(t, "<table><tr id=tr></tr></table>")
		nodes, err := doc.ParseFragmentString("<td>x", treeEl(t, other, "tr"))
		treeNoErr(t, "ParseFragmentString", err)
		if len(nodes) != 1 || nodes[0].OwnerDocument() != doc || nodes[0].NodeName() != "TD" {
			t.Errorf("got %v, want one td owned by the parsing document", treeNames(nodes))
		}
	})
}

// TestParseTreeTooLarge: markup whose misnested formatting tags would make
// the parser re-open more than MaxClonedElements elements is refused with
// ErrTreeTooLarge, naming the line and column, by every entry point; the
// tree is unchanged where one was given.
func TestParseTreeTooLarge(t *testing.T) {
	const open = 4096
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<p>")
	for i := range open {
		fmt.Fprintf(&b, "<b class=c%d>", i)
	}
	b.WriteString("</p>")
	for range vdom.MaxClonedElements/open + 1 {
		b.WriteString("<p>x</p>")
	}
	markup := b.String()
	// The text of the last paragraph passes the limit.
	at := fmt.Sprintf("line 2, column %d:", len(markup)-strings.LastIndexByte(markup, '\n')-len("x</p>"))

	_, err := vdom.Parse(strings.NewReader(markup))
	treeWantErr(t, err, vdom.ErrTreeTooLarge, "vdom: parse: "+at)
	_, err = vdom.NewDocument().ParseFragmentString(markup, nil)
	treeWantErr(t, err, vdom.ErrTreeTooLarge, "vdom: parse fragment: "+at)
	for _, outer := range []bool{false, true} {
		doc := treeDoc(t, `<div id=host><p id=a>kept</p></div>`)
		before := doc.OuterHTML()
		if outer {
			err = treeEl(t, doc, "a").SetOuterHTML(markup)
		} else {
			err = treeEl(t, doc, "host").SetInnerHTML(markup)
		}
		treeWantErr(t, err, vdom.ErrTreeTooLarge)
		treeDiff(t, "the document after the refused change", before, doc.OuterHTML())
		checkTree(t, doc)
	}
}
