package vdom_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/css"
	"github.com/eventperk/eventperk-go/vdom"
)

// A document applies its <style> elements and the sheets its <link>
// elements load: a class that hides an element hides it for every
// question, and a class a handler changes is seen by the next one.
func ExampleDocument_GetComputedStyle() {
	doc := vdom.ParseString(`<style>
		.menu { display: none; position: absolute }
		.menu.show { display: block }
		.item.disabled { pointer-events: none; opacity: .65 }
	</style>
	<div id="menu" class="menu"><a id="item" class="item disabled" href="#">Delete</a></div>`)
	menu, item := doc.GetElementByID("menu"), doc.GetElementByID("item")
	style := doc.GetComputedStyle(menu)
	fmt.Println(style.PropertyValue("display"), menu.IsRendered())

	_, _ = menu.ClassList().Toggle("show")
	fmt.Println(style.PropertyValue("display"), menu.IsRendered())

	s := doc.GetComputedStyle(item).Style()
	fmt.Println(s.PointerEvents(), s.Opacity())
	src, _ := doc.GetComputedStyle(item).Source("pointer-events")
	fmt.Println(src)
	// Output:
	// none false
	// block true
	// none 0.65
	// pointer-events: none from `.item.disabled` in <style> #1, line 4
}

func ExampleDocument_GetComputedPseudoStyle() {
	doc := vdom.ParseString(`<style>.required::after { content: " *" }</style>
	<label id="name" class="required">Name</label>`)
	after, err := doc.GetComputedPseudoStyle(doc.GetElementByID("name"), "::after")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(after.PropertyValue("content"), after.PropertyValue("display"))
	// Output:
	// " *" inline
}

// A loader gives a document the sheets of its links and imports; here
// they come from a map, as they could from files or an http.Handler.
func ExampleWithStyleSheetLoader() {
	files := map[string]string{
		"https://shop.test/css/app.css":   `@import "theme.css"; .banner { display: none }`,
		"https://shop.test/css/theme.css": `.price { text-transform: uppercase }`,
	}
	loader := css.LoaderFunc(func(_ context.Context, url string, _ int64) (css.Resource, error) {
		text, ok := files[url]
		if !ok {
			return css.Resource{}, fmt.Errorf("404 %s", url)
		}
		return css.Resource{Body: []byte(text), ContentType: "text/css"}, nil
	})
	doc, err := vdom.Parse(strings.NewReader(`<link rel=stylesheet href="/css/app.css">
		<p id="banner" class="banner">Sale!</p><p id="price" class="price">free shipping</p>`),
		vdom.WithURL("https://shop.test/cart"), vdom.WithStyleSheetLoader(loader))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.GetElementByID("banner").IsVisible())
	fmt.Println(doc.GetElementByID("price").InnerText())
	// Output:
	// false
	// FREE SHIPPING
}

// A sheet that does not load leaves the page working without it, and says
// why.
func ExampleDocument_StyleSheetLoadErrors() {
	doc := vdom.ParseString(`<link rel=stylesheet href="https://cdn.test/missing.css">
		<style>@import url(https://cdn.test/fonts.css); p { text-transform: uppercase }</style><p id="p">still styled</p>`)
	fmt.Println(doc.GetElementByID("p").InnerText())
	for _, e := range doc.StyleSheetLoadErrors() {
		fmt.Println(e.URL, e.Import != nil, errors.Is(e, vdom.ErrNoStyleSheetLoader))
	}
	// Output:
	// STILL STYLED
	// https://cdn.test/missing.css false true
	// https://cdn.test/fonts.css true true
}

func ExampleDocument_StyleSheets() {
	doc := vdom.ParseString(`<style media="print">nav { display: none }</style>
		<style title="Dark">body { visibility: visible }</style>
		<style title="Light">@media (prefers-color-scheme: dark) { p { opacity: 0.9 } }</style>`)
	for _, s := range doc.StyleSheets() {
		fmt.Printf("%s media=%q title=%q disabled=%v rules=%d\n", s, s.Media().MediaText(), s.Title(), s.Disabled(), len(s.Rules()))
	}
	// Output:
	// <style> #1 media="print" title="" disabled=false rules=1
	// <style> #2 media="" title="Dark" disabled=false rules=1
	// <style> #3 media="" title="Light" disabled=true rules=1
}

// WithMedium evaluates media queries for another device or preference.
func ExampleWithMedium() {
	page := `<style>@media (max-width: 600px) { .wide { display: none } }</style><table id="t" class="wide"></table>`
	phone := css.DefaultMedium()
	phone.Width, phone.Height = 390, 844
	fmt.Println(vdom.ParseString(page).GetElementByID("t").IsRendered())
	fmt.Println(vdom.ParseString(page, vdom.WithMedium(phone)).GetElementByID("t").IsRendered())
	// Output:
	// true
	// false
}

// Style is the style attribute as element.style: writes go to the
// attribute, and the attribute's changes are read back.
func ExampleNode_Style() {
	doc := vdom.ParseString(`<div id="panel" style="display: none; color: red"></div>`)
	panel := doc.GetElementByID("panel")
	style := panel.Style()
	_ = style.SetProperty("display", "BLOCK", "")
	_ = style.SetProperty("opacity", "0.5", "important")
	attr, _ := panel.GetAttribute("style")
	fmt.Println(attr)
	fmt.Println(style.SetProperty("opacity", "half", ""))

	_ = panel.SetAttribute("style", "visibility: hidden")
	fmt.Println(style.Len(), style.Item(0), style.PropertyValue("visibility"), panel.IsVisible())
	// Output:
	// display: block; color: red; opacity: 0.5 !important;
	// vdom: div#panel.Style().SetProperty("opacity", "half"): css: invalid value for opacity: "half"
	// 1 visibility hidden false
}

// CheckVisibilityWith is CSSOM's checkVisibility: whether the element has
// a box, and with the options whether it is transparent or invisible.
func ExampleNode_CheckVisibilityWith() {
	doc := vdom.ParseString(`<style>.ghost { opacity: 0 } .off { visibility: hidden }</style>
		<p id="ghost" class="ghost">a</p><p id="off" class="off">b</p><p id="contents" style="display: contents">c</p>`)
	all := vdom.CheckVisibilityOptions{CheckOpacity: true, CheckVisibilityCSS: true}
	for _, id := range []string{"ghost", "off", "contents"} {
		el := doc.GetElementByID(id)
		fmt.Println(id, el.CheckVisibility(), el.CheckVisibilityWith(all), el.IsRendered())
	}
	// Output:
	// ghost true false true
	// off true false true
	// contents false false true
}
