package css

import (
	"strconv"
	"strings"
)

// This file serializes rules as CSSOM's cssText does (CSSOM §6.4.1,
// "serialize a CSS rule"), in the form Chromium gives it: a grouping
// rule's children each on a line of their own after two spaces (their
// own lines are not indented again), a style rule without children on
// one line. Declared values are serialized as written (white space
// collapsed, comments dropped); Chromium serializes the value it parsed
// instead ("RED" is "red", "0" in a length is "0px", url(x) is
// url("x")), which only the properties' own grammars could do.

// CSSText serializes the sheet's rules, one per line.
func (s *StyleSheet) CSSText() string {
	var b strings.Builder
	for i, r := range s.rules {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(r.CSSText())
	}
	return b.String()
}

// CSSText is "a { color: red; }", or with nested rules
// "a {\n  color: red;\n  & b { }\n}".
func (r *StyleRule) CSSText() string {
	var b strings.Builder
	b.WriteString(r.SelectorText())
	b.WriteString(" {")
	decls := r.style.CSSText()
	if len(r.rules) == 0 {
		if decls != "" {
			b.WriteString(" " + decls)
		}
		b.WriteString(" }")
		return b.String()
	}
	if decls != "" {
		b.WriteString("\n  " + decls)
	}
	writeChildren(&b, r.rules)
	return b.String()
}

// CSSText is the declarations' text: "color: red;".
func (r *NestedDeclarationsRule) CSSText() string { return r.style.CSSText() }

// CSSText is "@media screen {\n  a { }\n}".
func (r *MediaRule) CSSText() string { return groupText("@media "+r.media.MediaText(), r.rules) }

// CSSText is "@supports (display: grid) {\n  a { }\n}".
func (r *SupportsRule) CSSText() string {
	return groupText("@supports "+r.condition.Text(), r.rules)
}

// CSSText is "@container card (width > 400px) {\n  a { }\n}".
func (r *ContainerRule) CSSText() string { return groupText("@container "+r.ConditionText(), r.rules) }

// CSSText is "@layer name {\n  a { }\n}", "@layer {\n}" for an anonymous
// layer.
func (r *LayerBlockRule) CSSText() string {
	head := "@layer"
	if r.name != "" {
		head += " " + serializeLayerName(r.name)
	}
	return groupText(head, r.rules)
}

// CSSText is "@layer a, b.c;".
func (r *LayerStatementRule) CSSText() string {
	names := make([]string, len(r.names))
	for i, n := range r.names {
		names[i] = serializeLayerName(n)
	}
	return "@layer " + strings.Join(names, ", ") + ";"
}

// CSSText is "@scope (.a) to (.b) {\n  c { }\n}".
func (r *ScopeRule) CSSText() string {
	head := "@scope"
	if r.start != "" {
		head += " (" + r.start + ")"
	}
	if r.end != "" {
		head += " to (" + r.end + ")"
	}
	return groupText(head, r.rules)
}

// CSSText is "@starting-style {\n  a { }\n}".
func (r *StartingStyleRule) CSSText() string { return groupText("@starting-style", r.rules) }

// CSSText is `@import url("a.css") layer(x) supports(display: grid) print;`.
func (r *ImportRule) CSSText() string {
	var b strings.Builder
	b.WriteString("@import ")
	b.WriteString(serializeURL(r.href))
	if r.hasLayer {
		if r.layer == "" {
			b.WriteString(" layer")
		} else {
			b.WriteString(" layer(" + serializeLayerName(r.layer) + ")")
		}
	}
	if r.supports != nil {
		b.WriteString(" supports(" + r.supports.text + ")")
	}
	if m := r.media.MediaText(); m != "" {
		b.WriteString(" " + m)
	}
	b.WriteByte(';')
	return b.String()
}

// CSSText is `@namespace svg url("http://www.w3.org/2000/svg");`.
func (r *NamespaceRule) CSSText() string {
	s := "@namespace "
	if r.prefix != "" {
		s += serializeIdent(r.prefix) + " "
	}
	return s + serializeURL(r.uri) + ";"
}

// CSSText is "@font-face { font-family: x; }", "@keyframes k { \n  0% {
// top: 0; }\n}", "@page :first { margin: 1cm; @top-left { content: x; }
// }".
func (r *AtRule) CSSText() string {
	var b strings.Builder
	b.WriteString("@" + r.name)
	if r.prelude != "" {
		b.WriteByte(' ')
		if r.keyframes() {
			b.WriteString(serializeKeyframesName(r.prelude))
		} else {
			b.WriteString(r.prelude)
		}
	}
	if r.keyframes() {
		b.WriteString(" { ")
		for _, c := range r.rules {
			b.WriteString("\n  " + c.CSSText())
		}
		b.WriteString("\n}")
		return b.String()
	}
	b.WriteString(" {")
	if d := r.descriptors.CSSText(); d != "" {
		b.WriteString(" " + d)
	}
	for _, c := range r.rules {
		b.WriteString(" " + c.CSSText())
	}
	b.WriteString(" }")
	return b.String()
}

// CSSText is "0%, 50% { color: red; }".
func (r *KeyframeRule) CSSText() string {
	s := r.keyText + " {"
	if d := r.style.CSSText(); d != "" {
		s += " " + d
	}
	return s + " }"
}

// groupText serializes a grouping rule: its head, then its children.
func groupText(head string, rules []Rule) string {
	var b strings.Builder
	b.WriteString(head)
	b.WriteString(" {")
	writeChildren(&b, rules)
	return b.String()
}

func writeChildren(b *strings.Builder, rules []Rule) {
	for _, c := range rules {
		b.WriteString("\n  ")
		b.WriteString(c.CSSText())
	}
	b.WriteString("\n}")
}

// serializeLayerName serializes a layer name, each of its dotted parts
// an identifier.
func serializeLayerName(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = serializeIdent(p)
	}
	return strings.Join(parts, ".")
}

// serializeKeyframesName serializes @keyframes' name as Chromium does:
// an identifier, or a string for a name no identifier may spell (CSS
// Animations §4.2: "none" and the CSS-wide keywords).
func serializeKeyframesName(name string) string {
	switch strings.ToLower(name) {
	case "none", "initial", "inherit", "unset", "revert", "revert-layer", "default", "":
		return serializeString(name)
	}
	return serializeIdent(name)
}

// serializeIdent is CSSOM §2.1's "serialize an identifier".
func serializeIdent(s string) string {
	var b strings.Builder
	for i, c := range s {
		switch {
		case c == 0:
			b.WriteRune('\uFFFD')
		case c < 0x20 || c == 0x7F ||
			i == 0 && c >= '0' && c <= '9' ||
			i == 1 && c >= '0' && c <= '9' && s[0] == '-':
			b.WriteString(`\` + strconv.FormatInt(int64(c), 16) + " ")
		case i == 0 && c == '-' && len(s) == 1:
			b.WriteString(`\-`)
		case c >= 0x80 || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			b.WriteRune(c)
		default:
			b.WriteString(`\`)
			b.WriteRune(c)
		}
	}
	return b.String()
}

// serializeIdentOrEmpty is serializeIdent, and "" for "".
func serializeIdentOrEmpty(s string) string {
	if s == "" {
		return ""
	}
	return serializeIdent(s)
}

// serializeString is CSSOM §2.1's "serialize a string".
func serializeString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == 0:
			b.WriteRune('\uFFFD')
		case c < 0x20 || c == 0x7F:
			b.WriteString(`\` + strconv.FormatInt(int64(c), 16) + " ")
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// serializeURL is CSSOM §2.1's "serialize a URL".
func serializeURL(s string) string { return "url(" + serializeString(s) + ")" }
