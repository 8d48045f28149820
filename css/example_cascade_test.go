package css_test

import (
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"golang.org/x/net/html"
)

// byID finds an element of a parsed document by its id.
func byID(doc *html.Node, id string) *html.Node {
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if a.Key == "id" && a.Val == id {
				return n
			}
		}
	}
	return nil
}

func ExampleNewCascade() {
	doc, _ := html.Parse(strings.NewReader(`<div id=menu class="dropdown-menu show">
		<a id=item class="dropdown-item disabled">Delete</a></div>`))
	sheet := css.ParseWithOptions(`
		.dropdown-menu { display: none; position: absolute }
		.dropdown-menu.show { display: block }
		.dropdown-item.disabled { pointer-events: none; opacity: .65 }`,
		css.Options{Href: "https://example.test/app.css"})

	c := css.NewCascade(css.CascadeOptions{})
	c.SetSheets([]css.SheetRef{{Sheet: sheet}})
	menu, item := c.Style(byID(doc, "menu"), nil), c.Style(byID(doc, "item"), nil)
	fmt.Println(menu.Display(), menu.Position(), item.PointerEvents(), item.Opacity())
	// Output: block absolute none 0.65
}

func ExampleCascade_Style() {
	doc, _ := html.Parse(strings.NewReader(`<ul id=list hidden><li id=item>one</li></ul>
		<details><summary>More</summary><p id=inside>text</p></details>`))
	c := css.NewCascade(css.CascadeOptions{})
	for _, id := range []string{"list", "item", "inside"} {
		s := c.Style(byID(doc, id), nil)
		fmt.Printf("%s: display %s, rendered %v\n", id, s.Display(), s.Rendered())
	}
	// A closed <details>' content keeps its display; that it is not
	// rendered is the document's to say (rendered.go).

	// Output:
	// list: display none, rendered false
	// item: display list-item, rendered false
	// inside: display block, rendered true
}

func ExampleStyle_PropertyValue() {
	doc, _ := html.Parse(strings.NewReader(`<p id=p style="--accent: uppercase; text-transform: var(--accent); white-space: preserve nowrap; opacity: 50%">x</p>`))
	s := css.NewCascade(css.CascadeOptions{}).Style(byID(doc, "p"), nil)
	for _, name := range []string{"text-transform", "white-space", "opacity", "--accent", "color"} {
		fmt.Printf("%s: %q\n", name, s.PropertyValue(name))
	}
	// Output:
	// text-transform: "uppercase"
	// white-space: "pre"
	// opacity: "0.5"
	// --accent: "uppercase"
	// color: ""
}

func ExampleStyle_Source() {
	doc, _ := html.Parse(strings.NewReader(`<div class="btn-group disabled"><button id=save>Save</button></div>`))
	sheet := css.ParseWithOptions("@layer components {\n  .disabled { pointer-events: none }\n}",
		css.Options{Href: "https://example.test/css/app.css"})
	c := css.NewCascade(css.CascadeOptions{})
	c.SetSheets([]css.SheetRef{{Sheet: sheet, Name: "/css/app.css"}})
	src, _ := c.Style(byID(doc, "save"), nil).Source("pointer-events")
	fmt.Println(src)
	// Output: inherited from <div class="btn-group disabled">: pointer-events: none from `.disabled` in /css/app.css, line 2 (layer components)
}

func ExampleCascade_PseudoStyle() {
	doc, _ := html.Parse(strings.NewReader(`<button id=star data-label="Favourite">Save</button>`))
	sheet := css.Parse(`button::before { content: "★ " / attr(data-label) ": " }`)
	c := css.NewCascade(css.CascadeOptions{})
	c.SetSheets([]css.SheetRef{{Sheet: sheet}})
	before := c.PseudoStyle(byID(doc, "star"), "before", nil)
	alt, _ := before.Content().Alt()
	fmt.Println(before.PropertyValue("content"))
	fmt.Println(len(alt), alt[0].Text+alt[1].Text)
	// Output:
	// "★ " / "Favourite" ": "
	// 2 Favourite:
}

func ExampleInlineStyle() {
	s := css.ParseInlineStyle("display: none")
	_ = s.SetProperty("Display", "BLOCK", "")
	_ = s.SetProperty("pointer-events", "none", "important")
	err := s.SetProperty("opacity", "half", "")
	fmt.Println(s.CSSText())
	fmt.Println(err)
	// Output:
	// display: block; pointer-events: none !important;
	// css: invalid value for opacity: "half"
}
