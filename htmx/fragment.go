package htmx

import (
	"regexp"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// Making the fragment of a response: htmx parses the text into a
// DocumentFragment of the page's document (htmx 2's and htmx 4's
// makeFragment), taking the title out.

var (
	hxTagOpen2 = regexp.MustCompile(`(?i)<hx-([a-z]+)((?:\s[^>]*)?)>`)
	hxTagOpen4 = regexp.MustCompile(`(?i)<hx-([a-z]+)(\s+|>)`)
	hxTagClose = regexp.MustCompile(`(?i)</hx-[a-z]+>`)
	headPart   = regexp.MustCompile(`(?is)<head(\s[^>]*)?>.*?</head>`)
	startTag   = regexp.MustCompile("(?i)<([a-z][^/\x00>\x20\t\r\n\f]*)")
)

// firstTag is htmx's getStartTag: the name of the first start tag.
func firstTag(s string) string {
	m := startTag.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// fragment is a parsed response: a DocumentFragment of the page's
// document and the title it brings.
type fragment struct {
	node     *vdom.Node
	title    string
	hasTitle bool
}

// makeFragment parses a response's text as the engine's version does.
func (e *Engine) makeFragment(text string) *fragment {
	if e.b.v4 {
		return e.makeFragment4(text)
	}
	return e.makeFragment2(text)
}

// makeFragment2 is htmx 2's makeFragment.
func (e *Engine) makeFragment2(text string) *fragment {
	if hasTag(text, "<hx-") {
		text = hxTagOpen2.ReplaceAllString(text, `<template hx type="$1"$2>`)
	}
	if hasTag(text, "</hx-") {
		text = hxTagClose.ReplaceAllString(text, "</template>")
	}
	noHead := text
	if hasTag(text, "<head") {
		noHead = headPart.ReplaceAllStringFunc(text, oneReplacement())
	}
	f := &fragment{node: e.doc.CreateDocumentFragment()}
	switch firstTag(noHead) {
	case "html":
		doc := vdom.ParseString(text)
		e.moveChildren(f.node, doc.Body())
		f.title = doc.Title()
	case "body":
		doc := vdom.ParseString(noHead)
		e.moveChildren(f.node, doc.Body())
		f.title = doc.Title()
	default:
		doc := vdom.ParseString(`<body><template class="internal-htmx-wrapper">` + noHead + `</template></body>`)
		f.title = doc.Title()
		if t, _ := doc.QuerySelector("template"); t != nil {
			e.moveChildren(f.node, t.Content())
		}
		if t, _ := f.node.QuerySelector("title"); t != nil && t.ParentNode() == f.node {
			t.Remove()
			f.title = t.InnerText()
		}
	}
	f.hasTitle = f.title != ""
	return f
}

// hasTag reports whether text has tag ("<hx-", "<head"), in any case:
// the patterns that rewrite a response's <hx-*> elements and take its
// head out match only where it does, and most responses have none, so
// a scan spares them the patterns' run over the whole text.
func hasTag(text, tag string) bool {
	for i := strings.IndexByte(text, '<'); i >= 0 && len(text)-i >= len(tag); {
		if strings.EqualFold(text[i:i+len(tag)], tag) {
			return true
		}
		j := strings.IndexByte(text[i+1:], '<')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// oneReplacement replaces only the first match of a
// ReplaceAllStringFunc, as String.replace with a non-global pattern does.
func oneReplacement() func(string) string {
	done := false
	return func(m string) string {
		if done {
			return m
		}
		done = true
		return ""
	}
}

// makeFragment4 is htmx 4's makeFragment: a whole document keeps its
// body element in the fragment.
func (e *Engine) makeFragment4(text string) *fragment {
	if hasTag(text, "<hx-") {
		text = hxTagOpen4.ReplaceAllString(text, `<template hx type="$1"$2`)
	}
	if hasTag(text, "</hx-") {
		text = hxTagClose.ReplaceAllString(text, "</template>")
	}
	f := &fragment{node: e.doc.CreateDocumentFragment()}
	found := false
	if hasTag(text, "<head") {
		text = headPart.ReplaceAllStringFunc(text, func(m string) string {
			if found {
				return m
			}
			found = true
			f.title = vdom.ParseString(m).Title()
			return ""
		})
	}
	switch firstTag(text) {
	case "html", "body":
		doc := vdom.ParseString(text)
		if body := doc.Body(); body != nil {
			if n, err := e.doc.AdoptNode(body); err == nil {
				_, _ = f.node.AppendChild(n)
			}
		}
	default:
		doc := vdom.ParseString("<template>" + text + "</template>")
		if t, _ := doc.QuerySelector("template"); t != nil {
			e.moveChildren(f.node, t.Content())
		}
	}
	if f.title == "" {
		if t := firstTitle(f.node); t != nil {
			f.title = t.TextContent()
			t.Remove()
		}
	}
	f.hasTitle = f.title != ""
	return f
}

// firstTitle is querySelector("title:not(svg title)").
func firstTitle(root *vdom.Node) *vdom.Node {
	ts, _ := root.QuerySelectorAll("title")
	for _, t := range ts {
		if svg, _ := t.Closest("svg"); svg == nil {
			return t
		}
	}
	return nil
}

// moveChildren moves the children of from (of any document) to the end
// of to, a node of the page's document.
func (e *Engine) moveChildren(to, from *vdom.Node) {
	if from == nil {
		return
	}
	for _, c := range from.ChildNodes() {
		n, err := e.doc.AdoptNode(c)
		if err != nil {
			continue
		}
		_, _ = to.AppendChild(n)
	}
}

// refuseScripts reports the script elements a response brings: htmx
// runs them, the package cannot.
func (e *Engine) refuseScripts(r *Request, root *vdom.Node) {
	scripts, _ := root.QuerySelectorAll("script")
	for _, s := range scripts {
		t, _ := s.GetAttribute("type")
		t = strings.ToLower(strings.TrimSpace(t))
		if t != "" && t != "text/javascript" && t != "module" && t != "application/javascript" {
			continue
		}
		src := ""
		if r != nil {
			src = r.Method + " " + r.URL
		}
		var el *vdom.Node
		if r != nil {
			el = r.Source
		}
		e.report(&Error{Kind: ErrNeedsJavaScript, Element: el, Attribute: "response of " + src, Offset: -1,
			Detail: "the response's <script> is inserted but not run"})
	}
}

// childElementCount counts a node's element children.
func childElementCount(n *vdom.Node) int { return len(n.Children()) }
