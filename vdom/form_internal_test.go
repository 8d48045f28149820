package vdom

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func internalDoc(body string) *Document {
	return ParseString("<!DOCTYPE html><html><body>" + body + "</body></html>")
}

func TestFormResetAlgorithm(t *testing.T) {
	d := internalDoc(`<form id=f><input id=i value=a><input id=c type=checkbox checked>` +
		`<input type=radio name=r id=r1 checked><input type=radio name=r id=r2>` +
		`<textarea id=t>x</textarea><select id=s><option>a<option selected>b</select>` +
		`<output id=o>out</output></form>`)
	get := d.GetElementByID
	_ = get("i").SetValue("typed")
	get("c").SetChecked(false)
	get("r2").SetChecked(true)
	_ = get("t").SetValue("tt")
	get("s").SetSelectedIndex(0)
	_ = get("o").SetValue("changed")
	for _, id := range []string{"i", "c", "r1", "r2", "t", "s", "o"} {
		get(id).resetAlgorithm()
	}
	type state struct {
		I, T, S, O string
		C, R1, R2  bool
	}
	want := state{"a", "x", "b", "out", true, true, false}
	got := state{get("i").Value(), get("t").Value(), get("s").Value(), get("o").Value(),
		get("c").Checked(), get("r1").Checked(), get("r2").Checked()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("state after reset mismatch (-want +got):\n%s", diff)
	}
	// Chromium 156, recorded: after a reset the radios follow their
	// attributes again.
	get("r1").RemoveAttribute("checked")
	_ = get("r2").SetAttribute("checked", "")
	if get("r1").Checked() || !get("r2").Checked() {
		t.Fatal("radios after reset do not follow their attributes")
	}
	// After the reset the controls are clean again: attributes show.
	_ = get("i").SetAttribute("value", "b")
	get("c").RemoveAttribute("checked")
	if get("i").Value() != "b" || get("c").Checked() {
		t.Fatal("reset left the dirty flags set")
	}
}

func TestFormCategories(t *testing.T) {
	d := internalDoc(`<button id=b></button><input id=i><input id=h type=hidden><input id=sub type=submit>` +
		`<input id=img type=image><input id=rst type=reset><button id=bb type=button></button>` +
		`<select id=s></select><textarea id=t></textarea><fieldset id=fs></fieldset><output id=o></output>` +
		`<object id=ob></object><meter id=m></meter><progress id=p></progress><img id=im><div id=d></div>`)
	type cat struct{ Listed, Submittable, Resettable, Labelable, Button, SubmitButton bool }
	want := map[string]cat{
		"b":   {true, true, false, true, true, true},
		"i":   {true, true, true, true, false, false},
		"h":   {true, true, true, false, false, false},
		"sub": {true, true, true, true, true, true},
		"img": {true, true, true, true, true, true},
		"rst": {true, true, true, true, true, false},
		"bb":  {true, true, false, true, true, false},
		"s":   {true, true, true, true, false, false},
		"t":   {true, true, true, true, false, false},
		"fs":  {true, false, false, false, false, false},
		"o":   {true, false, true, true, false, false},
		"ob":  {true, false, false, false, false, false},
		"m":   {false, false, false, true, false, false},
		"p":   {false, false, false, true, false, false},
		"im":  {false, false, false, false, false, false},
		"d":   {false, false, false, false, false, false},
	}
	for id, w := range want {
		n := d.GetElementByID(id)
		got := cat{n.isListed(), n.isSubmittable(), n.isResettable(), labelable(n.h), n.isButton(), n.isSubmitButton()}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("#%s categories mismatch (-want +got):\n%s", id, diff)
		}
	}
}

func TestFormRadioGroupInternal(t *testing.T) {
	d := internalDoc(`<form id=f><input type=radio name=a id=r1><input type=radio name=a id=r2></form>` +
		`<input type=radio name=a id=r3 form=f><input type=radio name=a id=r4><input type=radio id=r5>`)
	var got []string
	for _, r := range d.radioMembers(d.GetElementByID("r1").h) {
		got = append(got, d.wrap(r).ID())
	}
	if diff := cmp.Diff([]string{"r1", "r2", "r3"}, got); diff != "" {
		t.Errorf("radioMembers mismatch (-want +got):\n%s", diff)
	}
	if g := d.radioMembers(d.GetElementByID("r5").h); len(g) != 1 {
		t.Errorf("a radio without a name: group of %d", len(g))
	}
	r4 := d.GetElementByID("r4")
	r4.setCheckedness(true, false)
	d.GetElementByID("r1").setCheckedness(true, true)
	if !r4.Checked() {
		t.Error("setCheckedness crossed groups")
	}
	if st := d.peek(r4.h); st.dirtyChecked {
		t.Error("setCheckedness(on, false) set the dirty flag")
	}
}

func TestValidityLengthAfterUserEdit(t *testing.T) {
	cases := []struct {
		name, markup, typed string
		long, short         bool
		msg                 string
	}{
		{"too long", `<input id=e maxlength=3>`, "abcd", true, false, "Please shorten this text to 3 characters or less (you are currently using 4 characters)."},
		{"at maxlength", `<input id=e maxlength=3>`, "abc", false, false, ""},
		{"too short", `<input id=e minlength=3>`, "ab", false, true, "Please lengthen this text to 3 characters or more (you are currently using 2 characters)."},
		{"too short one character", `<input id=e minlength=3>`, "a", false, true, "Please lengthen this text to 3 characters or more (you are currently using 1 character)."},
		{"empty is not too short", `<input id=e minlength=3>`, "", false, false, ""},
		{"at minlength", `<input id=e minlength=3>`, "abc", false, false, ""},
		{"UTF-16 length", `<input id=e maxlength=2>`, "😀", false, false, ""},
		{"UTF-16 length over", `<input id=e maxlength=2>`, "a😀", true, false, "Please shorten this text to 2 characters or less (you are currently using 3 characters)."},
		{"textarea too long", `<textarea id=e maxlength=1></textarea>`, "ab", true, false, "Please shorten this text to 1 characters or less (you are currently using 2 characters)."},
		{"not on number", `<input id=e type=number maxlength=1>`, "12", false, false, ""},
		{"invalid maxlength ignored", `<input id=e maxlength=x>`, "abcd", false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := internalDoc(c.markup).GetElementByID("e")
			e.setUserValue(c.typed)
			v := e.Validity()
			if v.TooLong != c.long || v.TooShort != c.short {
				t.Fatalf("TooLong %v TooShort %v, want %v %v", v.TooLong, v.TooShort, c.long, c.short)
			}
			if got := e.ValidationMessage(); got != c.msg {
				t.Fatalf("ValidationMessage() = %q, want %q", got, c.msg)
			}
			// A program's value clears the user-edit mark.
			mustOK(t, e.SetValue(c.typed))
			if v := e.Validity(); v.TooLong || v.TooShort {
				t.Fatal("a program's value suffers from a length constraint")
			}
		})
	}
}

func TestValidityStaticallyValidate(t *testing.T) {
	d := internalDoc(`<form id=f><input id=a required><input id=b required></form><form id=g><input id=c></form>`)
	d.GetElementByID("a").AddEventListener("invalid", NewListener(func(e *Event) { e.PreventDefault() }))
	unhandled, err := d.GetElementByID("f").staticallyValidate()
	if err != nil || len(unhandled) != 1 || unhandled[0].ID() != "b" {
		t.Fatalf("staticallyValidate() = %v, %v; want [b]", unhandled, err)
	}
	_ = d.GetElementByID("b").SetValue("x")
	unhandled, err = d.GetElementByID("f").staticallyValidate()
	if err != nil || unhandled == nil || len(unhandled) != 0 {
		t.Fatalf("all handled: staticallyValidate() = %#v, %v; want empty non-nil", unhandled, err)
	}
	unhandled, err = d.GetElementByID("g").staticallyValidate()
	if err != nil || unhandled != nil {
		t.Fatalf("valid form: staticallyValidate() = %#v, %v; want nil", unhandled, err)
	}
	imgIn, _ := d.CreateElement("input")
	mustOK(t, imgIn.SetAttribute("type", "image"))
	imgIn.SetCustomValidity("no")
	_, _ = d.GetElementByID("g").AppendChild(imgIn)
	// Chromium bars image buttons from constraint validation.
	valid, unhandled, _ := d.GetElementByID("g").checkConstraints()
	if !valid || unhandled != nil {
		t.Fatalf("image button with a custom error: checkConstraints() = %v, %v; want true, nil", valid, unhandled)
	}
	sub, _ := d.CreateElement("input")
	mustOK(t, sub.SetAttribute("type", "submit"))
	sub.SetCustomValidity("no")
	_, _ = d.GetElementByID("g").AppendChild(sub)
	valid, unhandled, _ = d.GetElementByID("g").checkConstraints()
	if valid || len(unhandled) != 1 || unhandled[0] != sub {
		t.Fatalf("submit button with a custom error: checkConstraints() = %v, %v", valid, unhandled)
	}
}
