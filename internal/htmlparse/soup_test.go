package htmlparse

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// soupTags are the tags the tag soup generator draws from: the ones with
// special parsing rules, plus a few ordinary and unknown ones.
var soupTags = []string{
	"a", "b", "i", "u", "em", "strong", "font", "nobr", "code", "s", "big", "small", "tt", "strike",
	"p", "div", "span", "li", "ul", "ol", "dd", "dt", "dl", "h1", "h3", "pre", "listing", "form",
	"button", "address", "center", "blockquote", "section", "search", "main", "details", "summary",
	"table", "caption", "colgroup", "col", "tbody", "thead", "tfoot", "tr", "td", "th",
	"select", "option", "optgroup", "input", "hr", "br", "img", "image", "textarea", "xmp",
	"iframe", "noembed", "noscript", "noframes", "plaintext", "script", "style", "title",
	"template", "html", "head", "body", "frameset", "frame", "applet", "marquee", "object",
	"ruby", "rb", "rt", "rp", "rtc", "meta", "link", "base", "param", "area", "wbr", "keygen",
	"svg", "math", "g", "path", "desc", "foreignObject", "foreignobject", "clippath", "mi", "mo",
	"mtext", "annotation-xml", "mglyph", "malignmark", "mrow", "x-custom", "menu", "dialog", "label",
}

var soupAttrs = []string{
	`class=x`, `class=y`, `id=a`, `type=hidden`, `type=text`, `color=red`, `size=2`,
	`encoding="text/html"`, `encoding=application/xhtml+xml`, `xlink:href=u`, `xml:lang=en`,
	`definitionurl=d`, `viewbox="0 0 1 1"`, `xmlns:xlink=x`, `href=h`,
}

var soupText = []string{"x", " ", "\n", "  y ", "\x00", "&amp;", "a\x00b", "\r\n", "<", "]]>"}

// tagSoup writes a random document of n tokens.
func tagSoup(r *rand.Rand, n int) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		b.WriteString([]string{"<!DOCTYPE html>", "<!doctype html public \"-//W3C//DTD HTML 4.01//EN\">", "<!DOCTYPE HTML>"}[r.IntN(3)])
	}
	for i := 0; i < n; i++ {
		switch k := r.IntN(20); {
		case k < 9:
			tag := soupTags[r.IntN(len(soupTags))]
			b.WriteString("<" + tag)
			for j := r.IntN(3); j > 0; j-- {
				b.WriteString(" " + soupAttrs[r.IntN(len(soupAttrs))])
			}
			if r.IntN(8) == 0 {
				b.WriteString("/")
			}
			b.WriteString(">")
		case k < 16:
			fmt.Fprintf(&b, "</%s>", soupTags[r.IntN(len(soupTags))])
		case k < 19:
			b.WriteString(soupText[r.IntN(len(soupText))])
		default:
			b.WriteString([]string{"<!--c-->", "<![CDATA[d]]>", "<!DOCTYPE x>", "<?pi?>"}[r.IntN(4)])
		}
	}
	return b.String()
}

// TestDifferentialTagSoup compares the trees of many random tag soups,
// as documents and in a few fragment contexts, with x/net/html's.
func TestDifferentialTagSoup(t *testing.T) {
	contexts := []string{"", "", "body", "table", "tr", "select", "template", "svg svg", "math mi", "svg desc"}
	r := rand.New(rand.NewPCG(1, 2))
	runs := 6000
	if testing.Short() {
		runs = 600
	}
	for i := 0; i < runs; i++ {
		doc := tagSoup(r, 10+r.IntN(120))
		ctx := contexts[i%len(contexts)]
		compareWithXNet(t, fmt.Sprintf("soup %d", i), doc, ctx, i%7 != 0)
		if t.Failed() {
			return
		}
	}
}
