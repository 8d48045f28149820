package vdom_test

import (
	"errors"
	"math"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestValidityFlags(t *testing.T) {
	ok := vdom.ValidityState{Valid: true}
	cases := []struct {
		name   string
		markup string // the element has id "e"
		set    *string
		want   vdom.ValidityState
		msg    string
	}{
		{"required empty text", `<input id=e required>`, nil, vdom.ValidityState{ValueMissing: true}, "Please fill out this field."},
		{"required filled text", `<input id=e required value=x>`, nil, ok, ""},
		{"required readonly is barred", `<input id=e required readonly>`, nil, ok, ""},
		{"required disabled is barred", `<input id=e required disabled>`, nil, ok, ""},
		{"required hidden is barred", `<input id=e type=hidden required>`, nil, ok, ""},
		{"required number empty", `<input id=e type=number required>`, nil, vdom.ValidityState{ValueMissing: true}, "Please fill out this field."},
		{"required number bad value is empty", `<input id=e type=number required value=abc>`, nil, vdom.ValidityState{ValueMissing: true}, "Please fill out this field."},
		{"required checkbox", `<input id=e type=checkbox required>`, nil, vdom.ValidityState{ValueMissing: true}, "Please check this box if you want to proceed."},
		{"required checkbox checked", `<input id=e type=checkbox required checked>`, nil, ok, ""},
		{"required file", `<input id=e type=file required>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select a file."},
		{"required file multiple", `<input id=e type=file required multiple>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select one or more files."},
		{"required radio", `<input id=e type=radio name=a required><input type=radio name=a>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select one of these options."},
		{"radio group with a required other", `<input id=e type=radio name=a><input type=radio name=a required>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select one of these options."},
		{"radio group with one checked", `<input id=e type=radio name=a required><input type=radio name=a checked>`, nil, ok, ""},
		{"required textarea", `<textarea id=e required></textarea>`, nil, vdom.ValidityState{ValueMissing: true}, "Please fill out this field."},
		{"required textarea filled", `<textarea id=e required>x</textarea>`, nil, ok, ""},
		{"required select no option selected", `<select id=e required multiple><option>a</select>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select an item in the list."},
		{"required select placeholder", `<select id=e required><option value="">Choose<option>a</select>`, nil, vdom.ValidityState{ValueMissing: true}, "Please select an item in the list."},
		{"required select real option", `<select id=e required><option value="">Choose<option selected>a</select>`, nil, ok, ""},
		{"required select placeholder in optgroup is none", `<select id=e required><optgroup><option value="">x</optgroup></select>`, nil, ok, ""},
		{"required select size 2", `<select id=e required size=2><option value="" selected>x</select>`, nil, ok, ""},
		{"email valid", `<input id=e type=email value="a@b.c">`, nil, ok, ""},
		{"email no at", `<input id=e type=email value="abc">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please include an '@' in the email address. 'abc' is missing an '@'."},
		{"email empty local", `<input id=e type=email value="@b">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a part followed by '@'. '@b' is incomplete."},
		{"email empty domain", `<input id=e type=email value="a@">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a part following '@'. 'a@' is incomplete."},
		{"email bad local char", `<input id=e type=email value="a b@c">`, nil, vdom.ValidityState{TypeMismatch: true}, "A part followed by '@' should not contain the symbol ' '."},
		{"email bad domain char", `<input id=e type=email value="a@b_c">`, nil, vdom.ValidityState{TypeMismatch: true}, "A part following '@' should not contain the symbol '_'."},
		{"email bad dots", `<input id=e type=email value="a@b..c">`, nil, vdom.ValidityState{TypeMismatch: true}, "'.' is used at a wrong position in 'b..c'."},
		{"email multiple valid", `<input id=e type=email multiple value="a@b.c, d@e.f">`, nil, ok, ""},
		{"email multiple one invalid", `<input id=e type=email multiple value="a@b.c,x">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please include an '@' in the email address. 'x' is missing an '@'."},
		{"email multiple empty part", `<input id=e type=email multiple value="a@b.c,">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a non-empty email address."},
		{"email two at signs", `<input id=e type=email value="a@b@c">`, nil, vdom.ValidityState{TypeMismatch: true}, "A part following '@' should not contain the symbol '@'."},
		{"email hyphen domain", `<input id=e type=email value="a@-b">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter an email address."},
		{"email leading dot domain", `<input id=e type=email value="a@.b">`, nil, vdom.ValidityState{TypeMismatch: true}, "'.' is used at a wrong position in '.b'."},
		{"email non-ASCII local", `<input id=e type=email value="ä@b">`, nil, vdom.ValidityState{TypeMismatch: true}, "A part followed by '@' should not contain the symbol 'ä'."},
		{"email internationalized domain", `<input id=e type=email value="a@bä">`, nil, ok, ""},
		{"email multiple empty middle", `<input id=e type=email multiple value="a@b,,c@d">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a non-empty email address."},
		{"email blank is empty", `<input id=e type=email value=" ">`, nil, ok, ""},
		{"url with space in host", `<input id=e type=url value="http://a b">`, nil, ok, ""},
		{"url short scheme", `<input id=e type=url value="a:b">`, nil, ok, ""},
		{"url one slash", `<input id=e type=url value="http:/x">`, nil, ok, ""},
		{"url no scheme", `<input id=e type=url value="foo">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a URL."},
		{"email empty is not a mismatch", `<input id=e type=email>`, nil, ok, ""},
		{"url valid", `<input id=e type=url value="https://example.com/x">`, nil, ok, ""},
		{"url relative", `<input id=e type=url value="/x">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a URL."},
		{"url no host", `<input id=e type=url value="http://">`, nil, vdom.ValidityState{TypeMismatch: true}, "Please enter a URL."},
		{"url other scheme", `<input id=e type=url value="mailto:a@b">`, nil, ok, ""},
		{"pattern match", `<input id=e pattern="[a-c]+" value="abc">`, nil, ok, ""},
		{"pattern anchored", `<input id=e pattern="[a-c]+" value="abcd">`, nil, vdom.ValidityState{PatternMismatch: true}, "Please match the requested format."},
		{"pattern empty value", `<input id=e pattern="[a-c]+">`, nil, ok, ""},
		{"pattern alternation anchored", `<input id=e pattern="a|b" value="ab">`, nil, vdom.ValidityState{PatternMismatch: true}, "Please match the requested format."},
		{"pattern invalid ignored", `<input id=e pattern="(" value="x">`, nil, ok, ""},
		{"pattern not on number", `<input id=e type=number pattern="1" value="2">`, nil, ok, ""},
		{"maxlength by script is no constraint", `<input id=e maxlength=2 value="abcd">`, nil, ok, ""},
		{"number under min", `<input id=e type=number min=5 value=4>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be greater than or equal to 5."},
		{"number at min", `<input id=e type=number min=5 value=5>`, nil, ok, ""},
		{"number value attribute is the step base", `<input id=e type=number value=1.5>`, nil, ok, ""},
		{"number over max", `<input id=e type=number max=5 value=5.5>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be less than or equal to 5."},
		{"number at max", `<input id=e type=number max=5 value=5>`, nil, ok, ""},
		{"number bad min ignored", `<input id=e type=number min=x value=-9>`, nil, ok, ""},
		{"number step mismatch", `<input id=e type=number step=2>`, strp("3"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 2 and 4."},
		{"number step from min", `<input id=e type=number min=1 step=2 value=3>`, nil, ok, ""},
		{"number step base is value attribute", `<input id=e type=number step=2 value=3>`, strp("5"), ok, ""},
		{"number decimal step", `<input id=e type=number step=0.1 value=0.3>`, nil, ok, ""},
		{"number decimal step mismatch", `<input id=e type=number step=0.1>`, strp("0.35"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 0.3 and 0.4."},
		{"number step any", `<input id=e type=number step=any value=0.123>`, nil, ok, ""},
		{"number default step 1", `<input id=e type=number>`, strp("1.5"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 1 and 2."},
		{"number step near max", `<input id=e type=number min=0 max=10 step=3 value=10>`, nil, vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The nearest valid value is 9."},
		{"number step zero is default", `<input id=e type=number step=0>`, strp("1.5"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 1 and 2."},
		{"date under min", `<input id=e type=date min=2024-01-02 value=2024-01-01>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 01/02/2024 or later."},
		{"date over max", `<input id=e type=date max=2024-01-02 value=2024-01-03>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be 01/02/2024 or earlier."},
		{"date step 2 days", `<input id=e type=date step=2 min=2024-01-01 value=2024-01-02>`, nil, vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 01/01/2024 and 01/03/2024."},
		{"time default step minute", `<input id=e type=time>`, strp("10:00:30"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 10:00\u202fAM and 10:01\u202fAM."},
		{"time step seconds", `<input id=e type=time step=1 value=10:00:30>`, nil, ok, ""},
		{"time reversed range inside", `<input id=e type=time min=22:00 max=02:00 value=23:00>`, nil, ok, ""},
		{"time reversed range outside", `<input id=e type=time min=22:00 max=02:00 value=12:00>`, nil, vdom.ValidityState{RangeUnderflow: true, RangeOverflow: true}, "Value must be between 10:00\u202fPM and 2:00\u202fAM."},
		{"month over max", `<input id=e type=month max=2024-05 value=2024-06>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be May 2024 or earlier."},
		{"week step", `<input id=e type=week value=2024-W02>`, nil, ok, ""},
		// The messages below are Chromium 156's, recorded.
		{"time with seconds in message", `<input id=e type=time step=1 min=10:00:30 value=10:00:00>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 10:00:30\u202fAM or later."},
		{"time with milliseconds in message", `<input id=e type=time step=0.001 min=10:00:30.5 value=10:00:00>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 10:00:30.500\u202fAM or later."},
		{"time afternoon", `<input id=e type=time min=13:00 value=12:00>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 1:00\u202fPM or later."},
		{"time after midnight", `<input id=e type=time min=00:05 value=00:01>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 12:05\u202fAM or later."},
		{"number large min", `<input id=e type=number min=1000000 value=4>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be greater than or equal to 1000000."},
		{"number small max", `<input id=e type=number max=0.000001 value=4>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be less than or equal to 0.000001."},
		{"number large step", `<input id=e type=number step=1000000>`, strp("1500001"), vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 1000000 and 2000000."},
		{"month step", `<input id=e type=month step=2 min=2024-01 value=2024-02>`, nil, vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are January 2024 and March 2024."},
		{"week step mismatch", `<input id=e type=week step=2 min=2024-W01 value=2024-W02>`, nil, vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are Week 01, 2024 and Week 03, 2024."},
		{"datetime-local step", `<input id=e type=datetime-local step=120 min=2024-01-01T10:00 value=2024-01-01T10:01>`, nil, vdom.ValidityState{StepMismatch: true}, "Please enter a valid value. The two nearest valid values are 01/01/2024, 10:00\u202fAM and 01/01/2024, 10:02\u202fAM."},
		{"datetime-local over max", `<input id=e type=datetime-local max=2024-01-01T13:30:15 value=2024-01-01T14:00>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be 01/01/2024, 1:30:15\u202fPM or earlier."},
		{"month under min", `<input id=e type=month min=2024-01 value=2023-12>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be January 2024 or later."},
		{"week over max", `<input id=e type=week max=2024-W10 value=2024-W12>`, nil, vdom.ValidityState{RangeOverflow: true}, "Value must be Week 10, 2024 or earlier."},
		{"date before year 1000", `<input id=e type=date min=0999-01-01 value=0998-01-01>`, nil, vdom.ValidityState{RangeUnderflow: true}, "Value must be 01/01/0999 or later."},
		{"range never mismatches", `<input id=e type=range min=0 max=10 step=3 value=10>`, nil, ok, ""},
		{"button is only custom", `<button id=e></button>`, nil, ok, ""},
		{"datalist bars but the flag is set", `<datalist><input id=e required></datalist>`, nil, vdom.ValidityState{ValueMissing: true}, ""},
		{"disabled required checkbox is missing, no message", `<input id=e type=checkbox required disabled>`, nil, vdom.ValidityState{ValueMissing: true}, ""},
		{"disabled number underflows, no message", `<input id=e type=number min=5 value=4 disabled>`, nil, vdom.ValidityState{RangeUnderflow: true}, ""},
		{"readonly pattern mismatch, no message", `<input id=e pattern=a value=b readonly>`, nil, vdom.ValidityState{PatternMismatch: true}, ""},
		{"disabled required select is missing", `<select id=e required disabled><option value="">x</select>`, nil, vdom.ValidityState{ValueMissing: true}, ""},
		{"readonly required textarea", `<textarea id=e required readonly></textarea>`, nil, ok, ""},
		{"disabled required textarea", `<textarea id=e required disabled></textarea>`, nil, ok, ""},
		{"disabled fieldset bars", `<fieldset disabled><input id=e required></fieldset>`, nil, ok, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, c.markup)
			e := byID(t, d, "e")
			if c.set != nil {
				mustOK(t, e.SetValue(*c.set))
			}
			if diff := cmp.Diff(c.want, e.Validity(), cmp.Comparer(func(a, b vdom.ValidityState) bool {
				a.Valid, b.Valid = false, false
				return a == b
			})); diff != "" {
				t.Errorf("Validity() mismatch (-want +got):\n%s", diff)
			}
			wantValid := c.want == ok
			if got := e.Validity().Valid; got != wantValid {
				t.Errorf("Valid = %v, want %v", got, wantValid)
			}
			if got := e.ValidationMessage(); got != c.msg {
				t.Errorf("ValidationMessage() = %q, want %q", got, c.msg)
			}
		})
	}
}

func strp(s string) *string { return &s }

func TestValidityWillValidate(t *testing.T) {
	cases := []struct {
		markup string
		want   bool
	}{
		{`<input id=e>`, true},
		{`<input id=e type=hidden>`, false},
		{`<input id=e type=reset>`, false},
		{`<input id=e type=button>`, false},
		{`<input id=e type=submit>`, true},
		{`<input id=e type=image>`, false}, // Chromium 156
		{`<input id=e type=submit readonly>`, false},
		{`<input id=e type=radio readonly>`, false},
		{`<select id=e readonly></select>`, true},
		{`<button id=e readonly></button>`, true},
		{`<button id=e type=menu></button>`, true},
		{`<input id=e readonly>`, false},
		{`<input id=e disabled>`, false},
		{`<button id=e>`, true},
		{`<button id=e type=reset>`, false},
		{`<button id=e type=button>`, false},
		{`<select id=e></select>`, true},
		{`<textarea id=e></textarea>`, true},
		{`<textarea id=e readonly></textarea>`, false},
		{`<fieldset id=e></fieldset>`, false},
		{`<output id=e></output>`, false},
		{`<object id=e></object>`, false},
		{`<div id=e></div>`, false},
		{`<datalist><select id=e></select></datalist>`, false},
		{`<fieldset disabled><legend><input id=e></legend></fieldset>`, true},
	}
	for _, c := range cases {
		t.Run(c.markup, func(t *testing.T) {
			if got := byID(t, formDoc(t, c.markup), "e").WillValidate(); got != c.want {
				t.Errorf("WillValidate() = %v, want %v", got, c.want)
			}
		})
	}
}

func TestValidityCustom(t *testing.T) {
	d := formDoc(t, `<input id=e><input id=dis disabled><div id=d></div>`)
	e := byID(t, d, "e")
	e.SetCustomValidity("Nope")
	if v := e.Validity(); !v.CustomError || v.Valid {
		t.Fatalf("Validity() = %+v", v)
	}
	if got := e.ValidationMessage(); got != "Nope" {
		t.Fatalf("ValidationMessage() = %q", got)
	}
	e.SetCustomValidity("")
	if !e.Validity().Valid {
		t.Fatal("clearing the custom message leaves it invalid")
	}
	dis := byID(t, d, "dis")
	dis.SetCustomValidity("x")
	if v := dis.Validity(); !v.CustomError || v.Valid || dis.ValidationMessage() != "" {
		t.Fatalf("disabled: Validity() = %+v, message %q", v, dis.ValidationMessage())
	}
	fs := byID(t, formDoc(t, `<fieldset id=fs></fieldset>`), "fs")
	fs.SetCustomValidity("x")
	if v := fs.Validity(); !v.CustomError || fs.WillValidate() || fs.ValidationMessage() != "" {
		t.Fatalf("fieldset: Validity() = %+v", v)
	}
	div := byID(t, d, "d")
	div.SetCustomValidity("x")
	if !div.Validity().Valid {
		t.Fatal("a div has a custom error")
	}
}

// invalidLog records the invalid events of a document.
func invalidLog(d *vdom.Document, cancel string) *[]string {
	var log []string
	d.AddEventListenerWith("invalid", vdom.NewListener(func(e *vdom.Event) {
		n := e.Target().(*vdom.Node)
		entry := n.ID()
		if !e.Cancelable() || e.Bubbles() || !e.IsTrusted() {
			entry += "(wrong init)"
		}
		log = append(log, entry)
		if n.ID() == cancel {
			e.PreventDefault()
		}
	}), vdom.ListenerOptions{Capture: true})
	return &log
}

func TestValidityCheckValidity(t *testing.T) {
	d := formDoc(t, `<form id=f><input id=a required><input id=b value=x><input id=c type=number min=3 value=1>`+
		`<input id=dis required disabled></form><input id=out required form=f><input id=other required>`)
	log := invalidLog(d, "")
	okA, err := byID(t, d, "a").CheckValidity()
	if okA || err != nil {
		t.Fatalf("a.CheckValidity() = %v, %v", okA, err)
	}
	okB, _ := byID(t, d, "b").CheckValidity()
	if !okB {
		t.Fatal("b is valid")
	}
	okF, err := byID(t, d, "f").CheckValidity()
	if okF || err != nil {
		t.Fatalf("form CheckValidity() = %v, %v", okF, err)
	}
	okR, _ := byID(t, d, "a").ReportValidity()
	if okR {
		t.Fatal("ReportValidity() of an invalid control is true")
	}
	want := []string{"a", "a", "c", "out", "a"}
	if diff := cmp.Diff(want, *log); diff != "" {
		t.Fatalf("invalid events mismatch (-want +got):\n%s", diff)
	}
}

func TestValidityReportValidityFocuses(t *testing.T) {
	d := formDoc(t, `<form id=f><input id=a value=x><input id=b required><input id=c required></form><input id=lone required>`)
	b := byID(t, d, "b")
	b.AddEventListener("invalid", vdom.NewListener(func(e *vdom.Event) { e.PreventDefault() }))
	ok, err := byID(t, d, "f").ReportValidity()
	if ok || err != nil {
		t.Fatalf("form ReportValidity() = %v, %v", ok, err)
	}
	if got := d.ActiveElement(); got != byID(t, d, "c") {
		t.Fatalf("active element %v, want the first control whose invalid event was not canceled (#c)", got)
	}
	if ok, _ := byID(t, d, "lone").ReportValidity(); ok || d.ActiveElement() != byID(t, d, "lone") {
		t.Fatalf("ReportValidity() = %v, active %v; want false and #lone focused", ok, d.ActiveElement())
	}
	if ok, _ := b.ReportValidity(); ok || d.ActiveElement() == b {
		t.Fatal("a canceled invalid event focused its control")
	}
}

func TestValidityListenerError(t *testing.T) {
	d := formDoc(t, `<input id=a required>`)
	a := byID(t, d, "a")
	a.AddEventListener("invalid", vdom.NewListener(func(e *vdom.Event) { panic("boom") }))
	ok, err := a.CheckValidity()
	if ok || err == nil {
		t.Fatalf("CheckValidity() = %v, %v; want false and the listener's error", ok, err)
	}
}

func TestValidityStep(t *testing.T) {
	cases := []struct {
		name, markup string
		up           bool
		n            int
		want         string
		err          error
	}{
		{"number up", `<input id=e type=number value=1>`, true, 1, "2", nil},
		{"number up 3", `<input id=e type=number value=1>`, true, 3, "4", nil},
		{"number down", `<input id=e type=number value=1>`, false, 2, "-1", nil},
		{"number empty up", `<input id=e type=number>`, true, 1, "1", nil},
		{"number decimal", `<input id=e type=number step=0.1 value=0.2>`, true, 1, "0.3", nil},
		{"number off step up snaps", `<input id=e type=number step=2 min=0 value=3>`, true, 1, "4", nil},
		{"number off step down snaps", `<input id=e type=number step=2 min=0 value=3>`, false, 1, "2", nil},
		{"number clamps to max", `<input id=e type=number max=5 value=4>`, true, 3, "5", nil},
		{"number clamps to min", `<input id=e type=number min=0 value=1>`, false, 5, "0", nil},
		{"number max on step", `<input id=e type=number min=0 max=10 step=3 value=8>`, true, 2, "9", nil},
		{"number up not below before", `<input id=e type=number max=5 value=7>`, true, 1, "7", nil},
		{"number min above max does nothing", `<input id=e type=number min=5 max=1 value=3>`, true, 1, "3", nil},
		{"range up", `<input id=e type=range value=50 step=10>`, true, 1, "60", nil},
		{"date up", `<input id=e type=date value=2024-02-28>`, true, 2, "2024-03-01", nil},
		{"month up", `<input id=e type=month value=2024-12>`, true, 1, "2025-01", nil},
		{"week up", `<input id=e type=week value=2020-W53>`, true, 1, "2021-W01", nil},
		{"time up at the end of the day", `<input id=e type=time value=23:59>`, true, 1, "23:59", nil},
		{"time step 1 down", `<input id=e type=time step=1 value=10:00>`, false, 1, "09:59:59", nil},
		{"datetime-local up", `<input id=e type=datetime-local value=2024-01-01T23:59>`, true, 1, "2024-01-02T00:00", nil},
		// Chromium 156, recorded.
		{"time up past the day keeps the last step", `<input id=e type=time min=00:00 value=23:59:59>`, true, 1, "23:59", nil},
		{"time down at midnight", `<input id=e type=time value=00:00>`, false, 1, "00:00", nil},
		{"empty date up", `<input id=e type=date>`, true, 1, "1970-01-02", nil},
		{"empty month up", `<input id=e type=month>`, true, 1, "1970-02", nil},
		{"empty with min up", `<input id=e type=number min=5>`, true, 1, "5", nil},
		{"empty with min down", `<input id=e type=number min=5>`, false, 1, "5", nil},
		{"empty with max up", `<input id=e type=number max=-5>`, true, 1, "-5", nil},
		{"off step up past max", `<input id=e type=number min=0 max=10 step=3 value=9.5>`, true, 1, "9", nil},
		{"off step down", `<input id=e type=number min=0 max=10 step=3 value=10>`, false, 1, "9", nil},
		{"only the minimum on the step", `<input id=e type=number min=1 max=2 step=5 value=1>`, true, 1, "1", nil},
		{"below min snaps to min", `<input id=e type=number min=2 max=3 step=5 value=1>`, true, 1, "2", nil},
		{"range at max", `<input id=e type=range value=100>`, true, 1, "100", nil},
		{"range sanitized then clamped", `<input id=e type=range min=0 max=10 step=3 value=10>`, true, 1, "9", nil},
		{"zero steps", `<input id=e type=number value=5>`, true, 0, "5", nil},
		{"negative count steps down", `<input id=e type=number value=5>`, true, -2, "3", nil},
		{"decimal steps", `<input id=e type=number step=0.1 value=0.7>`, true, 3, "1", nil},
		{"datetime-local from the value's base", `<input id=e type=datetime-local value=2024-01-01T10:00:30>`, true, 1, "2024-01-01T10:01:30", nil},
		{"exponent value", `<input id=e type=number value=1e3>`, true, 1, "1001", nil},
		{"tiny step", `<input id=e type=number step=1e-7 value=0>`, true, 1, "1e-7", nil},
		{"reversed time range", `<input id=e type=time min=22:00 max=02:00 value=23:00>`, true, 1, "23:00", nil},
		{"date step any", `<input id=e type=date step=any value=2024-01-01>`, true, 1, "2024-01-01", vdom.ErrInvalidState},
		{"step any", `<input id=e type=number step=any value=1>`, true, 1, "1", vdom.ErrInvalidState},
		{"text type", `<input id=e value=1>`, true, 1, "1", vdom.ErrInvalidState},
		{"not an input", `<textarea id=e>1</textarea>`, true, 1, "1", vdom.ErrInvalidState},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := byID(t, formDoc(t, c.markup), "e")
			var err error
			if c.up {
				err = e.StepUp(c.n)
			} else {
				err = e.StepDown(c.n)
			}
			if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
				t.Fatalf("error = %v, want %v", err, c.err)
			}
			if got := e.Value(); got != c.want {
				t.Errorf("Value() = %q, want %q", got, c.want)
			}
		})
	}
}

func TestValidityValueAsNumber(t *testing.T) {
	cases := []struct {
		markup string
		want   float64
		set    float64
		after  string
	}{
		{`<input id=e type=number value=1.5>`, 1.5, 2.25, "2.25"},
		{`<input id=e type=range>`, 50, 7, "7"},
		{`<input id=e type=date value=1970-01-02>`, 86400000, 0, "1970-01-01"},
		{`<input id=e type=month value=1971-02>`, 13, 0, "1970-01"},
		{`<input id=e type=week value=1970-W01>`, -259200000, 0, "1970-W01"},
		{`<input id=e type=time value=01:00:00.5>`, 3600500, 61000, "00:01:01"},
		{`<input id=e type=datetime-local value=1970-01-01T00:01>`, 60000, 86400000, "1970-01-02T00:00"},
		{`<input id=e type=number>`, math.NaN(), math.NaN(), ""},
	}
	for _, c := range cases {
		t.Run(c.markup, func(t *testing.T) {
			e := byID(t, formDoc(t, c.markup), "e")
			got := e.ValueAsNumber()
			if !(got == c.want || math.IsNaN(got) && math.IsNaN(c.want)) {
				t.Errorf("ValueAsNumber() = %v, want %v", got, c.want)
			}
			if err := e.SetValueAsNumber(c.set); err != nil {
				t.Fatal(err)
			}
			if got := e.Value(); got != c.after {
				t.Errorf("Value() after SetValueAsNumber(%v) = %q, want %q", c.set, got, c.after)
			}
		})
	}
	if f := byID(t, formDoc(t, `<input id=e type=number value=-0>`), "e").ValueAsNumber(); f != 0 || math.Signbit(f) {
		t.Errorf("ValueAsNumber() of -0 = %v, want +0 (Chromium)", f)
	}
	date := byID(t, formDoc(t, `<input id=e type=date>`), "e")
	if err := date.SetValueAsNumber(8.64e15 + 86400000); err != nil || date.Value() != "" {
		t.Errorf("date past the last: err %v, Value() %q; want nil and empty", err, date.Value())
	}
	e := byID(t, formDoc(t, `<input id=e type=number><input id=t>`), "e")
	if err := e.SetValueAsNumber(math.Inf(1)); !errors.Is(err, vdom.ErrType) {
		t.Errorf("SetValueAsNumber(+Inf) = %v, want ErrType", err)
	}
	tx := byID(t, formDoc(t, `<input id=t>`), "t")
	if err := tx.SetValueAsNumber(1); !errors.Is(err, vdom.ErrInvalidState) {
		t.Errorf("text SetValueAsNumber = %v, want ErrInvalidState", err)
	}
	if !math.IsNaN(tx.ValueAsNumber()) {
		t.Error("text ValueAsNumber is a number")
	}
}
