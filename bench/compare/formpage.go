package compare

import (
	"fmt"
	"strings"
)

// The page of W9: a server-rendered contact page of exactly FormPageElements
// elements, the same bytes every time, written next to the other pages as
// FormPageFile so that both sides parse the same markup. It holds a site
// header, a product list (a unit), a contact form (a unit) with a text
// field, an email field, a country select, a message, a newsletter
// checkbox and a submit button, a table of opening hours and a footer.

// FormPageElements is the number of elements of the W9 page.
const FormPageElements = 300

// FormPageFile is the file name of the W9 page in the page directory.
const FormPageFile = "form-300.html"

// RoleQuery is one role query of W9: a role and an exact accessible name.
type RoleQuery struct {
	Role string `json:"role"`
	Name string `json:"name"`
}

// FormTest is what W9 does on the form page, shared with JavaScript
// through plan.json.
type FormTest struct {
	// Page is the file name of the page.
	Page string `json:"page"`
	// Elements is its number of elements.
	Elements int `json:"elements"`
	// Queries are the five role queries, in this order: a heading, the
	// text field typed into, the checkbox clicked, the select an option is
	// chosen in, the submit button clicked.
	Queries []RoleQuery `json:"queries"`
	// Text is typed into the text field: 20 characters, none of them
	// special in the keyboard syntax.
	Text string `json:"text"`
	// Option is the option chosen, by its label.
	Option string `json:"option"`
	// FormUnit is the id of the section around the form, root of the unit
	// with handlers for the text field's input, the checkbox's change and
	// (on the unit itself) the submit that bubbles from the form. The form
	// is no unit's element: happy-dom calls a form's listeners with a this
	// that is not the form, and BitsmistJS's listener finds its handlers
	// by this.
	FormUnit string `json:"formUnit"`
	// Form is the id of the form.
	Form string `json:"form"`
	// ListUnit is the id of the product list, root of a unit with a click
	// handler on every product's button.
	ListUnit string `json:"listUnit"`
	// Count and Status are the ids of the elements the form unit's
	// handlers write to; its submit handler sets the form's data-state to
	// "sent". Every handler is idempotent, since BitsmistJS installs an
	// element entry's handlers twice.
	Count  string `json:"count"`
	Status string `json:"status"`
}

// NewFormTest returns the W9 scenario.
func NewFormTest() FormTest {
	return FormTest{
		Page:     FormPageFile,
		Elements: FormPageElements,
		Queries: []RoleQuery{
			{Role: "heading", Name: "Contact us"},
			{Role: "textbox", Name: "Full name"},
			{Role: "checkbox", Name: "Subscribe to the newsletter"},
			{Role: "combobox", Name: "Country"},
			{Role: "button", Name: "Send message"},
		},
		Text:     "Ada Lovelace, London",
		Option:   "Norway",
		FormUnit: "contact",
		Form:     "contact-form",
		ListUnit: "products",
		Count:    "name-count",
		Status:   "status",
	}
}

// formPageCountries are the options of the country select: label and
// value.
var formPageCountries = [][2]string{
	{"Choose a country", ""}, {"Austria", "at"}, {"Belgium", "be"}, {"Denmark", "dk"},
	{"Finland", "fi"}, {"France", "fr"}, {"Germany", "de"}, {"Ireland", "ie"},
	{"Italy", "it"}, {"Netherlands", "nl"}, {"Norway", "no"}, {"Portugal", "pt"},
	{"Spain", "es"}, {"Sweden", "se"}, {"Switzerland", "ch"}, {"United Kingdom", "gb"},
}

var formPageProducts = []string{
	"Trail backpack", "Rain jacket", "Wool socks", "Camping stove", "Head torch",
	"Water filter", "Sleeping bag", "Trekking poles", "Map case", "Dry bag",
}

var formPageDays = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// formPageWriter writes markup and counts the elements it opens.
type formPageWriter struct {
	b        strings.Builder
	elements int
}

// open writes a start tag (attrs already formatted) and counts it.
func (w *formPageWriter) open(tag, attrs string) {
	w.elements++
	w.b.WriteString("<" + tag)
	if attrs != "" {
		w.b.WriteString(" " + attrs)
	}
	w.b.WriteString(">")
}

func (w *formPageWriter) close(tag string) { w.b.WriteString("</" + tag + ">") }

// elem writes an element holding text.
func (w *formPageWriter) elem(tag, attrs, text string) {
	w.open(tag, attrs)
	w.b.WriteString(text)
	w.close(tag)
}

func (w *formPageWriter) nl() { w.b.WriteByte('\n') }

// FormPage returns the W9 page. Its product list grows until the page has
// FormPageElements elements; the footer's note lines make up the rest.
func FormPage() []byte {
	// The page without products, to know how many fit.
	base := formPage(0, 0)
	perProduct := 5 // li, h3, p, span, button
	products := (FormPageElements - base.elements) / perProduct
	notes := (FormPageElements - base.elements) % perProduct
	w := formPage(products, notes)
	if w.elements != FormPageElements {
		panic(fmt.Sprintf("compare: the form page has %d elements, want %d", w.elements, FormPageElements))
	}
	return []byte(w.b.String())
}

func formPage(products, notes int) *formPageWriter {
	w := &formPageWriter{}
	w.b.WriteString("<!DOCTYPE html>\n")
	w.open("html", `lang="en"`)
	w.open("head", "")
	w.open("meta", `charset="utf-8"`)
	w.elem("title", "", "Contact - Northwind Outfitters")
	w.open("meta", `name="viewport" content="width=device-width, initial-scale=1"`)
	w.open("link", `rel="icon" href="/favicon.ico"`)
	w.close("head")
	w.nl()
	w.open("body", `class="page-contact"`)
	w.nl()

	// Header: logo and main navigation.
	w.open("header", `class="site-header"`)
	w.elem("a", `class="logo" href="/"`, "Northwind Outfitters")
	w.open("nav", `aria-label="Main"`)
	w.open("ul", `class="menu"`)
	for _, item := range []string{"Home", "Shop", "Guides", "Stores", "About", "Contact"} {
		w.open("li", "")
		attrs := fmt.Sprintf(`href="/%s"`, strings.ToLower(item))
		if item == "Contact" {
			attrs += ` aria-current="page"`
		}
		w.elem("a", attrs, item)
		w.close("li")
	}
	w.close("ul")
	w.close("nav")
	w.close("header")
	w.nl()

	w.open("main", `id="main"`)
	w.elem("h1", "", "Contact")
	w.elem("p", `class="lead"`, "Questions about an order, a product or a store? Write to us.")
	w.nl()

	// The product list, a unit: one Add button per product.
	w.open("section", `aria-labelledby="products-title"`)
	w.elem("h2", `id="products-title"`, "Popular products")
	w.open("ul", `id="products" class="products"`)
	for i := range products {
		w.nl()
		w.open("li", fmt.Sprintf(`class="product" data-id="%d"`, i+1))
		w.elem("h3", "", fmt.Sprintf("%s %d", formPageProducts[i%len(formPageProducts)], i/len(formPageProducts)+1))
		w.open("p", `class="price"`)
		w.b.WriteString("From ")
		w.elem("span", `class="amount"`, fmt.Sprintf("%d.%02d EUR", 9+(i*37)%180, (i*13)%100))
		w.close("p")
		w.elem("button", fmt.Sprintf(`type="button" class="add" data-action="add" data-id="%d"`, i+1), "Add to cart")
		w.close("li")
	}
	w.nl()
	w.close("ul")
	w.close("section")
	w.nl()

	// The contact form, a unit.
	w.open("section", `id="contact" class="contact" aria-labelledby="contact-title"`)
	w.elem("h2", `id="contact-title"`, "Contact us")
	w.open("form", `id="contact-form" action="/contact" method="post"`)
	w.nl()
	w.open("input", `type="hidden" name="token" value="w9-7f3a"`)
	w.nl()
	w.open("div", `class="field"`)
	w.elem("label", `for="name"`, "Full name")
	w.open("input", `id="name" name="name" type="text" autocomplete="name"`)
	w.open("p", `class="hint"`)
	w.elem("output", `id="name-count" for="name"`, "0")
	w.b.WriteString(" characters")
	w.close("p")
	w.close("div")
	w.nl()
	w.open("div", `class="field"`)
	w.elem("label", `for="email"`, "Email")
	w.open("input", `id="email" name="email" type="email" value="ada@example.com"`)
	w.close("div")
	w.nl()
	w.open("div", `class="field"`)
	w.elem("label", `for="country"`, "Country")
	w.open("select", `id="country" name="country"`)
	for _, c := range formPageCountries {
		w.elem("option", fmt.Sprintf(`value="%s"`, c[1]), c[0])
	}
	w.close("select")
	w.close("div")
	w.nl()
	w.open("div", `class="field"`)
	w.elem("label", `for="message"`, "Message")
	w.elem("textarea", `id="message" name="message" rows="4"`, "Where is my order?")
	w.close("div")
	w.nl()
	w.open("div", `class="field check"`)
	w.open("input", `id="subscribe" name="subscribe" type="checkbox" value="yes"`)
	w.elem("label", `for="subscribe"`, "Subscribe to the newsletter")
	w.close("div")
	w.nl()
	w.elem("p", `id="status" class="status" role="status"`, "")
	w.elem("button", `type="submit" class="btn primary"`, "Send message")
	w.nl()
	w.close("form")
	w.close("section")
	w.nl()

	// Opening hours.
	w.open("section", `aria-labelledby="hours-title"`)
	w.elem("h2", `id="hours-title"`, "Opening hours")
	w.open("table", `class="hours"`)
	w.open("thead", "")
	w.open("tr", "")
	w.elem("th", `scope="col"`, "Day")
	w.elem("th", `scope="col"`, "Hours")
	w.close("tr")
	w.close("thead")
	w.open("tbody", "")
	for i, d := range formPageDays {
		w.open("tr", "")
		w.elem("th", `scope="row"`, d)
		hours := "9:00 - 18:00"
		switch {
		case i == 5:
			hours = "10:00 - 16:00"
		case i == 6:
			hours = "closed"
		}
		w.elem("td", "", hours)
		w.close("tr")
	}
	w.close("tbody")
	w.close("table")
	w.close("section")
	w.nl()
	w.close("main")
	w.nl()

	w.open("footer", `class="site-footer"`)
	w.open("ul", `class="links"`)
	for _, item := range []string{"Privacy", "Terms", "Shipping", "Returns"} {
		w.open("li", "")
		w.elem("a", fmt.Sprintf(`href="/%s"`, strings.ToLower(item)), item)
		w.close("li")
	}
	w.close("ul")
	for i := range notes {
		w.elem("p", `class="note"`, fmt.Sprintf("Note %d: prices include VAT.", i+1))
	}
	w.elem("p", `class="copyright"`, "Northwind Outfitters, 2026")
	w.close("footer")
	w.nl()
	w.close("body")
	w.close("html")
	return w
}
