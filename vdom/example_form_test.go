package vdom_test

import (
	"fmt"

	"github.com/eventperk/eventperk-go/vdom"
)

// A control's value is state apart from its attribute: once a program (or
// a user) sets it, the markup keeps showing the attribute.
func ExampleNode_SetValue() {
	doc := vdom.ParseString(`<input id="q" value="draft">`)
	q := doc.GetElementByID("q")
	fmt.Println(q.Value())
	if err := q.SetValue("typed\nline"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(q.Value())
	fmt.Println(q.OuterHTML())
	// Output:
	// draft
	// typedline
	// <input id="q" value="draft">
}

// Checking a radio button unchecks the others of its group: same name,
// same form.
func ExampleNode_SetChecked() {
	doc := vdom.ParseString(`<form>
	<input type="radio" name="size" value="s" checked>
	<input type="radio" name="size" value="m">
	<input type="radio" name="size" value="l">
</form>`)
	radios, err := doc.QuerySelectorAll(`input[name="size"]`)
	if err != nil {
		fmt.Println(err)
	}
	radios[2].SetChecked(true)
	for _, r := range radios {
		fmt.Println(r.Value(), r.Checked(), r.DefaultChecked())
	}
	// Output:
	// s false true
	// m false false
	// l true false
}

// A single select with no selected option selects its first enabled one.
func ExampleNode_SelectedIndex() {
	doc := vdom.ParseString(`<select id="s">
	<option disabled>Pick one</option>
	<option value="fr">France</option>
	<option value="it">Italy</option>
</select>`)
	s := doc.GetElementByID("s")
	fmt.Println(s.SelectedIndex(), s.Value())
	if err := s.SetValue("it"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s.SelectedIndex(), s.Value(), s.SelectedOptions()[0].Text())
	// Output:
	// 1 fr
	// 2 it Italy
}

// Validity and the messages Chromium shows.
func ExampleNode_Validity() {
	doc := vdom.ParseString(`<form id="f">
	<input id="mail" type="email" required>
	<input id="age" type="number" min="18">
</form>`)
	mail, age := doc.GetElementByID("mail"), doc.GetElementByID("age")
	fmt.Println(mail.Validity().ValueMissing, mail.ValidationMessage())
	if err := mail.SetValue("someone"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(mail.Validity().TypeMismatch, mail.ValidationMessage())
	if err := mail.SetValue("someone@example.com"); err != nil {
		fmt.Println(err)
	}
	if err := age.SetValue("16"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(age.Validity().RangeUnderflow, age.ValidationMessage())
	ok, err := doc.GetElementByID("f").CheckValidity()
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(ok)
	// Output:
	// true Please fill out this field.
	// true Please include an '@' in the email address. 'someone' is missing an '@'.
	// true Value must be greater than or equal to 18.
	// false
}
