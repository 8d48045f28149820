package css

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/eventperk/eventperk-go/internal/stylerec"
)

// This file loads the style test pages of vdom/testdata/style as a
// browser would for the cascade: the document, its <style> and <link
// rel=stylesheet> sheets in tree order (from the sheets directory, as the
// recorder served them), their @imports, and the medium the recording was
// made for. It knows only what the pages use; the document's own rules
// for which sheets apply are vdom's.

// testPage is a parsed page with its sheets.
type testPage struct {
	name   string
	doc    *html.Node
	sheets []SheetRef
	medium Medium
	rec    *stylerec.Recording
}

// loadedPages keeps the parsed pages between tests; a test makes its
// own Cascade over one.
var loadedPages = map[string]*testPage{}

// loadPage parses a page and gathers its sheets.
func loadPage(t testing.TB, name string) *testPage {
	t.Helper()
	if p, ok := loadedPages[name]; ok {
		return p
	}
	doc, err := html.Parse(strings.NewReader(stylerec.Page(t, name)))
	if err != nil {
		t.Fatal(err)
	}
	p := &testPage{name: name, doc: doc, rec: stylerec.Load(t, name)}
	p.medium = recordedMedium(p.rec)
	p.sheets = pageSheets(doc, stylerec.Origin+name)
	loadedPages[name] = p
	return p
}

// recordedMedium is the medium a recording was made for, in headless
// Chromium, which has no pointing device and an 800x600 screen (NOTES.md,
// "@media").
func recordedMedium(rec *stylerec.Recording) Medium {
	m := DefaultMedium()
	m.Type = rec.Medium.Type
	m.Hover, m.AnyHover, m.Pointer, m.AnyPointer = "none", "none", "none", "none"
	m.DeviceWidth, m.DeviceHeight = 800, 600 // headless Chromium's screen
	for k, v := range rec.Medium.Features {
		switch k {
		case "prefers-color-scheme":
			m.ColorScheme = v
		case "prefers-reduced-motion":
			m.ReducedMotion = v == "reduce"
		}
	}
	return m
}

// pageSheets returns the sheets of a document in tree order: <style>
// elements whose type is empty or text/css, and <link rel=stylesheet>
// whose sheet exists and is CSS, neither inside <template>; an alternate
// link, a disabled link and a titled link whose title is not the first
// one are disabled (HTML §4.2.4, §4.6.7.11).
func pageSheets(doc *html.Node, docURL string) []SheetRef {
	base := docURL
	var refs []SheetRef
	preferred := ""
	n := 0
	var walk func(*html.Node)
	walk = func(node *html.Node) {
		for c := node.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch {
			case c.DataAtom == atom.Template && c.Namespace == "":
				continue
			case c.DataAtom == atom.Base && c.Namespace == "":
				if h, ok := attrValue(c, "href"); ok {
					if u, ok := resolveURL(docURL, h); ok {
						base = u
					}
				}
			case c.Data == "style" && (c.Namespace == "" || c.Namespace == "svg"):
				typ, _ := attrValue(c, "type")
				if typ != "" && !strings.EqualFold(typ, "text/css") {
					break
				}
				n++
				var text strings.Builder
				for t := c.FirstChild; t != nil; t = t.NextSibling {
					if t.Type == html.TextNode {
						text.WriteString(t.Data)
					}
				}
				media, _ := attrValue(c, "media")
				sh := ParseWithOptions(text.String(), Options{BaseURL: base})
				loadTestImports(sh)
				refs = append(refs, SheetRef{Sheet: sh, Media: ParseMediaList(media), Name: "<style> #" + itoa(n)})
			case c.DataAtom == atom.Link && c.Namespace == "":
				rel, _ := attrValue(c, "rel")
				tokens := strings.Fields(strings.ToLower(rel))
				if !hasToken(tokens, "stylesheet") {
					break
				}
				typ, _ := attrValue(c, "type")
				if typ != "" && !strings.EqualFold(typ, "text/css") {
					break
				}
				href, _ := attrValue(c, "href")
				u, ok := resolveURL(base, href)
				if !ok {
					break
				}
				sh := loadTestSheet(u)
				if sh == nil {
					break
				}
				title, hasTitle := attrValue(c, "title")
				_, disabled := attrValue(c, "disabled")
				if hasToken(tokens, "alternate") {
					disabled = true
				} else if hasTitle && title != "" {
					if preferred == "" {
						preferred = title
					}
					disabled = disabled || title != preferred
				}
				media, _ := attrValue(c, "media")
				refs = append(refs, SheetRef{Sheet: sh, Media: ParseMediaList(media), Disabled: disabled, Name: u})
			}
			walk(c)
		}
	}
	walk(doc)
	return refs
}

func hasToken(tokens []string, t string) bool {
	for _, x := range tokens {
		if x == t {
			return true
		}
	}
	return false
}

// testSheetCache keeps the parsed sheets between tests.
var testSheetCache = map[string]*StyleSheet{}

// testLoader serves the sheets directory as the recorder did
// (stylerec.Sheet).
var testLoader = LoaderFunc(func(_ context.Context, u string, _ int64) (Resource, error) {
	body, typ, err := stylerec.Sheet(u)
	if err != nil {
		return Resource{}, err
	}
	return Resource{Body: body, ContentType: typ}, nil
})

// loadTestSheet returns a linked sheet with its imports loaded, or nil
// when the link loads none (missing, or not text/css).
func loadTestSheet(u string) *StyleSheet {
	if sh, ok := testSheetCache[u]; ok {
		return sh
	}
	res, err := testLoader.Load(context.Background(), u, DefaultMaxSheetBytes)
	if err != nil || res.ContentType != "text/css" {
		return nil
	}
	text, _ := Decode(res.Body, res.ContentType, "utf-8")
	sh := ParseWithOptions(text, Options{Href: u})
	testSheetCache[u] = sh
	loadTestImports(sh)
	return sh
}

// loadTestImports loads a sheet's @imports, as a document does.
func loadTestImports(sh *StyleSheet) {
	_ = LoadImports(context.Background(), sh, testLoader, LoadOptions{})
}

// elementByID finds an element by id in tree order, outside template
// contents.
func elementByID(doc *html.Node, id string) *html.Node {
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode {
			if v, ok := attrValue(n, "id"); ok && v == id {
				return n
			}
			if n.DataAtom == atom.Template && n.Namespace == "" {
				continue
			}
		}
		var kids []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			kids = append(kids, c)
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	return nil
}
