package compare_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/bench/compare"
)

// The scenario of W9, which plan.json hands to the JavaScript side.
func ExampleNewFormTest() {
	ft := compare.NewFormTest()
	for _, q := range ft.Queries {
		fmt.Printf("%s %q\n", q.Role, q.Name)
	}
	fmt.Printf("type %q, choose %q, page %s with %d elements\n", ft.Text, ft.Option, ft.Page, ft.Elements)
	// Output:
	// heading "Contact us"
	// textbox "Full name"
	// checkbox "Subscribe to the newsletter"
	// combobox "Country"
	// button "Send message"
	// type "Ada Lovelace, London", choose "Norway", page form-300.html with 300 elements
}

func ExampleFormPage() {
	page := compare.FormPage()
	fmt.Println(len(page) > 0, string(page[:15]))
	// Output:
	// true <!DOCTYPE html>
}

func ExampleParseOnly() {
	p := &compare.Plan{Only: compare.ParseOnly("W9, W2 div")}
	for _, key := range []string{"W9 page test", "W2 div", "W2 .card"} {
		fmt.Println(key, p.Wants(key))
	}
	// Output:
	// W9 page test true
	// W2 div true
	// W2 .card false
}

// W10 with fewer cycles, as -w10-cycles and -w10-js-cycles set them: each
// side reports ten heap figures.
func ExamplePlan_SetChurnCycles() {
	p := &compare.Plan{}
	p.SetChurnCycles(50_000, 5_000)
	fmt.Println(p.ChurnCycles, p.ChurnEvery, p.ChurnCyclesJS, p.ChurnEveryJS)
	// Output:
	// 50000 5000 5000 500
}

// The flatness of W10's heap figures: the largest difference from the
// first, as a fraction of it.
func ExampleHeapDrift() {
	fmt.Printf("%.2f\n", compare.HeapDrift([]float64{8.6e6, 8.7e6, 8.9e6, 8.5e6}))
	// Output:
	// 0.03
}

// W11's page: the sheet's bytes in a <style> element after the title,
// before the page's own sheet.
func ExampleStyledPage() {
	page := []byte(`<html><head><title>Shop</title><style>.hidden{display:none}</style></head><body></body></html>`)
	styled, err := compare.StyledPage(page, []byte(`.d-none{display:none!important}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(styled))
	_, err = compare.StyledPage(page, []byte(`/* </style> */`))
	fmt.Println(err)
	// Output:
	// <html><head><title>Shop</title><style>.d-none{display:none!important}</style><style>.hidden{display:none}</style></head><body></body></html>
	// W11: the sheet holds </style, which would end the <style> element
}
