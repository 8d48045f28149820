package pagegen_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/eventperk/eventperk-go/bench/pagegen"
	"github.com/eventperk/eventperk-go/internal/testenv"
)

// generate is pagegen.Generate, served from the Page cache when opts
// asks for a default page.
func generate(opts pagegen.Options) []byte {
	if opts.MaxDepth == 0 && opts.Seed == 0 {
		return pagegen.Page(opts.Elements)
	}
	return pagegen.Generate(opts)
}

// analyze is pagegen.Analyze failing the test on error.
func analyze(t testing.TB, page []byte) pagegen.Stats {
	t.Helper()
	st, err := pagegen.Analyze(page)
	if err != nil {
		t.Fatalf("Analyze: %v", err)
	}
	return st
}

func parse(t testing.TB, page []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("html.Parse: %v", err)
	}
	return doc
}

// voidElements are the elements without end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true,
	"source": true, "track": true, "wbr": true,
}

// events is a tree flattened into start, end and text records, each
// ending in a NUL byte, so that two trees compare as byte slices.
type events []byte

func (e *events) start(tag string, attrs []html.Attribute) {
	*e = append(*e, "start "...)
	*e = append(*e, tag...)
	// Attribute order carries no meaning, and x/net/html sorts the
	// attributes of formatting elements: sort them here too.
	if !slices.IsSortedFunc(attrs, compareAttr) {
		attrs = slices.SortedFunc(slices.Values(attrs), compareAttr)
	}
	for _, a := range attrs {
		*e = append(*e, ' ')
		*e = append(*e, a.Key...)
		*e = append(*e, "=\""...)
		*e = append(*e, a.Val...)
		*e = append(*e, '"')
	}
	*e = append(*e, 0)
}

func compareAttr(a, b html.Attribute) int { return strings.Compare(a.Key, b.Key) }

func (e *events) end(tag string) {
	*e = append(*e, "end "...)
	*e = append(*e, tag...)
	*e = append(*e, 0)
}

func (e *events) text(s []byte) {
	*e = append(*e, "text "...)
	*e = append(*e, s...)
	*e = append(*e, 0)
}

// tokenEvents reads the page as written, with a stack that matches each
// end tag to its start tag and nothing else, and returns the tree it
// spells out. It fails on any end tag that does not close the innermost
// open element.
func tokenEvents(page []byte) (events, error) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var (
		ev    events
		stack []string
		text  []byte
	)
	flush := func() {
		// The parser drops white space outside the html element.
		if len(text) > 0 && (len(stack) > 0 || len(bytes.TrimSpace(text)) > 0) {
			ev.text(text)
		}
		text = text[:0]
	}
	for {
		switch z.Next() {
		case html.ErrorToken:
			if !errors.Is(z.Err(), io.EOF) {
				return nil, z.Err()
			}
			flush()
			if len(stack) != 0 {
				return nil, fmt.Errorf("unclosed elements at end of page: %v", stack)
			}
			return ev, nil
		case html.TextToken:
			text = append(text, z.Text()...)
		case html.StartTagToken:
			flush()
			tok := z.Token()
			ev.start(tok.Data, tok.Attr)
			if voidElements[tok.Data] {
				ev.end(tok.Data)
			} else {
				stack = append(stack, tok.Data)
			}
		case html.SelfClosingTagToken:
			tok := z.Token()
			if !voidElements[tok.Data] {
				return nil, fmt.Errorf("self-closing non-void element <%s/>", tok.Data)
			}
			flush()
			ev.start(tok.Data, tok.Attr)
			ev.end(tok.Data)
		case html.EndTagToken:
			flush()
			tok := z.Token()
			if len(stack) == 0 || stack[len(stack)-1] != tok.Data {
				return nil, fmt.Errorf("</%s> does not close the innermost open element (open: %v)", tok.Data, stack)
			}
			stack = stack[:len(stack)-1]
			ev.end(tok.Data)
		case html.CommentToken, html.DoctypeToken:
			flush()
		}
	}
}

// treeEvents returns the parsed tree below n as tokenEvents does.
func treeEvents(n *html.Node) events {
	var ev events
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.ElementNode:
				ev.start(c.Data, c.Attr)
				walk(c)
				ev.end(c.Data)
			case html.TextNode:
				ev.text([]byte(c.Data))
			}
		}
	}
	walk(n)
	return ev
}

// firstDifference describes where two trees part, or returns "".
func firstDifference(want, got events) string {
	n := min(len(want), len(got))
	i := 0
	for i < n && want[i] == got[i] {
		i++
	}
	if i == n && len(want) == len(got) {
		return ""
	}
	show := func(e events) string {
		lo, hi := max(0, i-120), min(len(e), i+120)
		return strings.ReplaceAll(string(e[lo:hi]), "\x00", " | ")
	}
	return fmt.Sprintf("at byte %d of the flattened trees\nwant: %s\n got: %s", i, show(want), show(got))
}

func idOf(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "id" {
			return a.Val
		}
	}
	return ""
}

// longCase is the size from which a case is a long test: the 100,000-element
// pages take most of the package's time and check what the 10,000- and
// 20,000-element pages check.
const longCase = 50_000

// skipLongCase skips t when opts is a long case and the long tests do not
// run (internal/testenv).
func skipLongCase(t *testing.T, opts pagegen.Options) {
	t.Helper()
	if opts.Elements >= longCase {
		testenv.SkipUnlessLong(t, fmt.Sprintf("%d elements take most of the package's time; the 10,000- and 20,000-element cases check the same", opts.Elements))
	}
}
