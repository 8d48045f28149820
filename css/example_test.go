package css_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/eventperk/eventperk-go/css"
)

func ExampleParse() {
	sheet := css.Parse(`
		.card { color: black; .title { font-weight: bold } }
		@media (max-width: 600px) { .card { display: none } }
	`)
	for _, r := range sheet.Rules() {
		switch r := r.(type) {
		case *css.StyleRule:
			fmt.Println(r.SelectorText(), "{", r.Style().CSSText(), "}", len(r.Rules()), "nested")
		case *css.MediaRule:
			fmt.Println("@media", r.Media().MediaText(), "holds", len(r.Rules()), "rule")
		}
	}
	// Output:
	// .card { color: black; } 1 nested
	// @media (max-width: 600px) holds 1 rule
}

func ExampleStyleSheet_Errors() {
	sheet := css.Parse("a { color: red; colr: blue }\nb <c { top: 0 }\n@frobnicate;")
	fmt.Println(sheet.CSSText())
	for _, err := range sheet.Errors() {
		fmt.Println(err.Pos, strings.SplitAfter(err.Msg, "dropped")[0])
	}
	// Output:
	// a { color: red; }
	// line 1, column 17 unknown property "colr": dropped
	// line 2, column 1 rule "b <c" dropped
	// line 3, column 1 unknown at-rule @frobnicate: dropped
}

func ExampleMediaList_Matches() {
	list := css.ParseMediaList("screen and (min-width: 768px), print")
	desktop := css.DefaultMedium() // screen, 1280x720
	phone := css.DefaultMedium()
	phone.Width, phone.Height = 390, 844
	printer := css.DefaultMedium()
	printer.Type = "print"
	fmt.Println(list.Matches(desktop), list.Matches(phone), list.Matches(printer))
	fmt.Println(css.ParseMediaList("SCREEN AND (MIN-WIDTH:768PX), foo bar").MediaText())
	// Output:
	// true false true
	// screen and (min-width: 768px), not all
}

func ExampleLoadImports() {
	files := map[string]string{
		"https://example.test/base.css":  `@import "theme.css" layer(theme); body { margin: 0 }`,
		"https://example.test/theme.css": `@import "base.css"; a { color: teal }`,
	}
	loader := css.LoaderFunc(func(ctx context.Context, url string, maxBytes int64) (css.Resource, error) {
		text, ok := files[url]
		if !ok {
			return css.Resource{}, fmt.Errorf("no %s", url)
		}
		return css.Resource{Body: []byte(text), ContentType: "text/css"}, nil
	})
	sheet := css.ParseWithOptions(`@import "base.css"; @import "missing.css";`, css.Options{Href: "https://example.test/page.css"})
	if err := css.LoadImports(context.Background(), sheet, loader, css.LoadOptions{}); err != nil {
		fmt.Println(err)
	}
	base := sheet.Rules()[0].(*css.ImportRule).StyleSheet()
	theme := base.Rules()[0].(*css.ImportRule)
	layer, _ := theme.Layer()
	fmt.Println(theme.URL(), "in layer", layer)
	fmt.Println(theme.StyleSheet().Rules()[0].(*css.ImportRule).LoadError())
	fmt.Println(sheet.Rules()[1].(*css.ImportRule).LoadError())
	// Output:
	// https://example.test/theme.css in layer theme
	// css: @import https://example.test/base.css: import cycle
	// css: @import https://example.test/missing.css: no https://example.test/missing.css
}

func ExampleSupports() {
	fmt.Println(css.Supports("(display: grid) and (not (foo: bar))"))
	fmt.Println(css.Supports("selector(:has(> img))"))
	fmt.Println(css.Supports("font-tech(color-colrv1)"))
	// Output:
	// true
	// true
	// true
}
