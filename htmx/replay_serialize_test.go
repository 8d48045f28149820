package htmx

import (
	"regexp"
	"sort"
	"strings"

	"github.com/eventperk/eventperk-go/vdom"
)

// outerHTML serializes an element as Chromium's outerHTML does (HTML's
// fragment serialization algorithm: "&quot;" in attribute values, "<",
// ">" escaped in text only, "&nbsp;" for U+00A0), which the recordings
// hold; vdom writes what x/net/html's Render writes.
func outerHTML(n *vdom.Node) string {
	var b strings.Builder
	type frame struct {
		n     *vdom.Node
		close bool
	}
	stack := []frame{{n: n}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.close {
			b.WriteString("</" + f.n.LocalName() + ">")
			continue
		}
		c := f.n
		switch c.NodeType() {
		case vdom.TextNode:
			if p := c.ParentNode(); p != nil && rawText[p.LocalName()] {
				b.WriteString(c.Data())
			} else {
				b.WriteString(escapeText(c.Data()))
			}
		case vdom.CommentNode:
			b.WriteString("<!--" + c.Data() + "-->")
		case vdom.ElementNode:
			b.WriteString("<" + c.LocalName())
			attrs := c.Attributes()
			if formattingElements[c.LocalName()] {
				// x/net/html's parser, which vdom's follows, sorts the
				// attributes of formatting elements; Chromium keeps their
				// order. Both sides are written sorted.
				sort.SliceStable(attrs, func(i, j int) bool { return attrs[i].Name < attrs[j].Name })
			}
			for _, a := range attrs {
				b.WriteString(" " + a.Name + `="` + escapeAttr(a.Value) + `"`)
			}
			b.WriteString(">")
			if voidElements[c.LocalName()] {
				continue
			}
			stack = append(stack, frame{n: c, close: true})
			kids := c.ChildNodes()
			if c.LocalName() == "template" {
				kids = c.Content().ChildNodes()
			}
			for i := len(kids) - 1; i >= 0; i-- {
				stack = append(stack, frame{n: kids[i]})
			}
		}
	}
	return b.String()
}

var voidElements = map[string]bool{"area": true, "base": true, "basefont": true, "bgsound": true, "br": true, "col": true,
	"embed": true, "frame": true, "hr": true, "img": true, "input": true, "keygen": true, "link": true, "meta": true,
	"param": true, "source": true, "track": true, "wbr": true}

var rawText = map[string]bool{"style": true, "script": true, "xmp": true, "iframe": true, "noembed": true,
	"noframes": true, "plaintext": true, "noscript": true}

func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "\u00a0", "&nbsp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func escapeAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", "\u00a0", "&nbsp;", `"`, "&quot;").Replace(s)
}

var formattingElements = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true,
	"i": true, "nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

// formattingStartTag matches the start tag of a formatting element as
// Chromium serializes it (attribute values in double quotes, '"'
// escaped); formattingAttr one of its attributes.
var (
	formattingStartTag = regexp.MustCompile(`<(a|b|big|code|em|font|i|nobr|s|small|strike|strong|tt|u)((?:\s[^\s="'>/]+(?:="[^"]*")?)+)>`)
	formattingAttr     = regexp.MustCompile(`\s([^\s="'>/]+)(?:="([^"]*)")?`)
)

// sortFormattingAttrs sorts the attributes of the formatting elements'
// start tags in s by name, then value, as x/net/html's parser does.
func sortFormattingAttrs(s string) string {
	return formattingStartTag.ReplaceAllStringFunc(s, func(tag string) string {
		m := formattingStartTag.FindStringSubmatch(tag)
		attrs := formattingAttr.FindAllStringSubmatch(m[2], -1)
		sort.SliceStable(attrs, func(i, j int) bool {
			if attrs[i][1] != attrs[j][1] {
				return attrs[i][1] < attrs[j][1]
			}
			return attrs[i][2] < attrs[j][2]
		})
		var b strings.Builder
		b.WriteString("<" + m[1])
		for _, a := range attrs {
			b.WriteString(a[0])
		}
		return b.String() + ">"
	})
}

// canonicalBody re-serializes a recorded body through vdom's parser and
// outerHTML, so that it compares with a replayed one whatever the
// parser's own departures from Chromium.
func canonicalBody(s string) string {
	doc := vdom.ParseString("<!DOCTYPE html><html><head></head>" + s + "</html>")
	if b := doc.Body(); b != nil {
		return outerHTML(b)
	}
	return s
}
