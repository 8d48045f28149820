package htmlparse

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// manyAttributes returns a start tag with n attributes.
func manyAttributes(name string, n int) string {
	var b strings.Builder
	b.WriteString("<" + name)
	for i := range n {
		fmt.Fprintf(&b, " a%d=%d", i, i)
	}
	b.WriteString(">")
	return b.String()
}

// TestManyAttributesRenewTheTokenizer: after a start tag with more than
// renewTokenizerAfter attributes the parser reads on with a new
// Tokenizer (token.go), except after the tags that make the Tokenizer
// read raw text, and the trees stay x/net/html's: for what follows in
// every tokenizer state a tag can leave (text, raw text, RCDATA,
// plaintext, CDATA in foreign content, a template's contents), as
// documents and as fragments.
func TestManyAttributesRenewTheTokenizer(t *testing.T) {
	big := renewTokenizerAfter + 1
	for _, tc := range []struct {
		input   string
		renewed int
	}{
		{strayBodyTags(2 * big), 1},
		{manyAttributes("div", big) + "x<b>y</b>" + manyAttributes("p", big) + "z", 2},
		{manyAttributes("div", renewTokenizerAfter) + "x", 0},
		{manyAttributes("div", big) + "<script>a<b>c</script>d", 1},
		{manyAttributes("script", big) + "a<b>c</script>d", 0},
		{manyAttributes("textarea", big) + "a<b>c</textarea>d", 0},
		{manyAttributes("title", big) + "a<b>c</title>d", 0},
		{manyAttributes("style", big) + "a<b>c</style>d", 0},
		{manyAttributes("xmp", big) + "a<b>c</xmp>d", 0},
		{manyAttributes("plaintext", big) + "a<b>c", 0},
		{manyAttributes("noscript", big) + "a<b>c</noscript>d", 0},
		{"<svg>" + manyAttributes("g", big) + "<![CDATA[a<b>]]></g></svg>x", 1},
		{"<svg>" + manyAttributes("title", big) + "a<b>c</title></svg>x", 0},
		{"<math>" + manyAttributes("mi", big) + "<![CDATA[x]]>", 1},
		{"<template>" + manyAttributes("tr", big) + "<td>x</template>y", 1},
		{"<table>" + manyAttributes("td", big) + "x" + manyAttributes("input", big) + "y", 2},
		{manyAttributes("div", big) + "</div " + strings.Repeat("a ", 2*big) + ">x", 1},
		{manyAttributes("br", big)[:200], 0}, // cut short: the tag never ends
	} {
		p, _, err := parseWithParser(tc.input, "", true)
		if err != nil {
			t.Fatal(err)
		}
		if p.tokenizersRenewed != tc.renewed {
			t.Errorf("%q: %d new Tokenizers, want %d", truncate(tc.input, 80), p.tokenizersRenewed, tc.renewed)
		}
		for _, ctx := range []string{"", "body", "td", "svg svg", "textarea"} {
			compareWithXNet(t, "many attributes", tc.input, ctx, true)
		}
	}
	// Input that cannot be read again keeps its one Tokenizer.
	p := newDocumentParser(struct{ io.Reader }{strings.NewReader(strayBodyTags(2 * big))}, true)
	if err := p.run(); err != nil {
		t.Fatal(err)
	}
	if p.tokenizersRenewed != 0 {
		t.Errorf("%d new Tokenizers without a source", p.tokenizersRenewed)
	}
}
