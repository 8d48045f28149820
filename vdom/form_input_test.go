package vdom_test

import (
	"errors"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

// formDoc parses body markup and returns the document.
func formDoc(t testing.TB, body string) *vdom.Document {
	t.Helper()
	return vdom.ParseString("<!DOCTYPE html><html><body>" + body + "</body></html>")
}

func TestValueSanitization(t *testing.T) {
	cases := []struct {
		name, typ, attrs, set, want string
	}{
		{"text strips LF and CR", "text", "", "a\nb\r\nc", "abc"},
		{"text keeps spaces", "text", "", "  a  ", "  a  "},
		{"search strips newlines", "search", "", "x\ny", "xy"},
		{"tel strips newlines", "tel", "", "1\r2", "12"},
		{"password strips newlines", "password", "", "p\nw", "pw"},
		{"url strips newlines and trims", "url", "", " \thttp://a.b/\n ", "http://a.b/"},
		{"email trims", "email", "", "  a@b.c  ", "a@b.c"},
		{"email multiple trims each", "email", "multiple", " a@b.c , d@e.f ", "a@b.c,d@e.f"},
		{"number valid", "number", "", "-1.5e3", "-1.5e3"},
		{"number leading dot valid", "number", "", ".5", ".5"},
		{"number trailing dot invalid", "number", "", "5.", ""},
		{"number plus invalid", "number", "", "+5", ""},
		{"number garbage", "number", "", "12abc", ""},
		{"number spaces invalid", "number", "", " 1", ""},
		{"number overflow invalid", "number", "", "1e400", ""},
		{"range default middle", "range", "", "x", "50"},
		{"range clamps above", "range", "", "150", "100"},
		{"range clamps below", "range", `min="10"`, "3", "10"},
		{"range steps to nearest", "range", `step="10"`, "44", "40"},
		{"range rounds half up", "range", `step="10"`, "45", "50"},
		{"range max below min", "range", `min="10" max="5"`, "7", "10"},
		{"range default with min max", "range", `min="0" max="5"`, "", "3"},
		{"range fractional step", "range", `min="0" max="1" step="0.1"`, "0.33", "0.3"},
		{"color lower-cased", "color", "", "#AABBCC", "#aabbcc"},
		// Chromium 156, recorded: any CSS color becomes #rrggbb.
		{"color name", "color", "", "red", "#ff0000"},
		{"color name upper", "color", "", "RED", "#ff0000"},
		{"color short hex", "color", "", "#ABC", "#aabbcc"},
		{"color hex with alpha", "color", "", "#abcdef80", "#abcdef"},
		{"color hex four digits", "color", "", "#abcd", "#aabbcc"},
		{"color hex five digits", "color", "", "#12345", "#000000"},
		{"color hex trimmed", "color", "", " #abcdef ", "#abcdef"},
		{"color name not trimmed", "color", "", " red ", "#000000"},
		{"color rgb commas", "color", "", "rgb(1,2,3)", "#010203"},
		{"color rgb spaces alpha", "color", "", "rgb(1 2 3 / 50%)", "#010203"},
		{"color rgba clamped and rounded", "color", "", "rgba(300, -5, 127.5, 0.2)", "#ff0080"},
		{"color rgb percentages", "color", "", "rgb(10%, 50%, 100%)", "#1a80ff"},
		{"color rgb too few", "color", "", "rgb(1,2)", "#000000"},
		{"color rgb mixed separators", "color", "", "rgb(1, 2 3)", "#000000"},
		{"color hsl", "color", "", "hsl(120, 100%, 25%)", "#008000"},
		{"color hsla negative hue", "color", "", "hsla(-30, 50%, 50%, 1)", "#bf4080"},
		{"color hsl turn", "color", "", "hsl(0.5turn 50% 50%)", "#40bfbf"},
		{"color hsl numbers", "color", "", "hsl(120 100 25)", "#008000"},
		{"color transparent", "color", "", "transparent", "#000000"},
		{"color currentcolor", "color", "", "currentcolor", "#000000"},
		{"color invalid black", "color", "", "bogus", "#000000"},
		{"date valid", "date", "", "2024-02-29", "2024-02-29"},
		{"date not leap", "date", "", "2023-02-29", ""},
		{"date bad month", "date", "", "2023-13-01", ""},
		{"date five digit year", "date", "", "12345-01-01", "12345-01-01"},
		{"date year zero", "date", "", "0000-01-01", ""},
		// Chromium 156, recorded: the last date of a JavaScript Date.
		{"date last", "date", "", "275760-09-13", "275760-09-13"},
		{"date past last", "date", "", "275760-09-14", ""},
		{"month last", "month", "", "275760-09", "275760-09"},
		{"month past last", "month", "", "275760-10", ""},
		{"week last", "week", "", "275760-W37", "275760-W37"},
		{"week past last", "week", "", "275760-W38", ""},
		{"datetime-local last", "datetime-local", "", "275760-09-13T00:00", "275760-09-13T00:00"},
		{"datetime-local past last", "datetime-local", "", "275760-09-13T00:01", ""},
		{"time one-digit hour", "time", "", "1:00", ""},
		{"time 60 seconds", "time", "", "01:00:60", ""},
		{"number tiny stays", "number", "", "1e-400", "1e-400"},
		{"number upper exponent", "number", "", "1E3", "1E3"},
		{"range tiny is zero", "range", "", "1e-400", "0"},
		{"range negative zero", "range", "", "-0", "0"},
		{"month valid", "month", "", "2024-07", "2024-07"},
		{"month invalid", "month", "", "2024-7", ""},
		{"week valid", "week", "", "2020-W53", "2020-W53"},
		{"week 53 invalid", "week", "", "2021-W53", ""},
		{"week zero", "week", "", "2021-W00", ""},
		{"time short", "time", "", "09:30", "09:30"},
		{"time fraction", "time", "", "09:30:15.25", "09:30:15.25"},
		{"time four fraction digits", "time", "", "09:30:15.2500", ""},
		{"time 24 invalid", "time", "", "24:00", ""},
		{"datetime-local normalized", "datetime-local", "", "2024-01-02 03:04:00", "2024-01-02T03:04"},
		{"datetime-local seconds kept", "datetime-local", "", "2024-01-02T03:04:05", "2024-01-02T03:04:05"},
		{"datetime-local shortest fraction", "datetime-local", "", "2024-01-02T03:04:05.50", "2024-01-02T03:04:05.5"},
		{"datetime-local invalid", "datetime-local", "", "2024-01-02", ""},
		{"hidden keeps newlines", "hidden", "", "a\nb", "a\nb"},
		{"unknown type is text", "bogus", "", "a\nb", "ab"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, `<input id="i" type="`+c.typ+`" `+c.attrs+`>`)
			i := byID(t, d, "i")
			if err := i.SetValue(c.set); err != nil {
				t.Fatal(err)
			}
			if got := i.Value(); got != c.want {
				t.Errorf("Value() after SetValue(%q) = %q, want %q", c.set, got, c.want)
			}
			// The attribute form: a clean input sanitizes its value attribute.
			d2 := formDoc(t, `<input id="i" type="`+c.typ+`" `+c.attrs+`>`)
			i2 := byID(t, d2, "i")
			if err := i2.SetAttribute("value", c.set); err != nil {
				t.Fatal(err)
			}
			if got := i2.Value(); got != c.want {
				t.Errorf("Value() with value attribute %q = %q, want %q", c.set, got, c.want)
			}
			if got, _ := i2.GetAttribute("value"); got != c.set {
				t.Errorf("the value attribute changed to %q", got)
			}
		})
	}
}

func TestValueModes(t *testing.T) {
	cases := []struct {
		name, markup string
		want         string
	}{
		{"value mode from attribute", `<input id="i" value="x">`, "x"},
		{"value mode without attribute", `<input id="i">`, ""},
		{"default mode hidden", `<input id="i" type="hidden" value="h">`, "h"},
		{"default mode submit no value", `<input id="i" type="submit">`, ""},
		{"default/on checkbox", `<input id="i" type="checkbox">`, "on"},
		{"default/on radio with value", `<input id="i" type="radio" value="r">`, "r"},
		{"filename file", `<input id="i" type="file" value="x">`, ""},
		{"button value", `<button id="i" value="b">t</button>`, "b"},
		{"textarea child text", "<textarea id=\"i\">\nline1\r\nline2</textarea>", "line1\nline2"},
		{"option text", `<select><option id="i"> a  b </option></select>`, "a b"},
		{"option value attribute", `<select><option id="i" value="v">t</option></select>`, "v"},
		{"output text", `<output id="i">o</output>`, "o"},
		{"div has none", `<div id="i" value="x"></div>`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, c.markup)
			if got := byID(t, d, "i").Value(); got != c.want {
				t.Errorf("Value() = %q, want %q", got, c.want)
			}
		})
	}
}

func TestValueDirtyFlag(t *testing.T) {
	d := formDoc(t, `<form id="f"><input id="i" value="a"></form>`)
	i := byID(t, d, "i")
	// Clean: the attribute shows.
	mustOK(t, i.SetAttribute("value", "b"))
	if got := i.Value(); got != "b" {
		t.Fatalf("clean input: Value() = %q, want b", got)
	}
	// Dirty: the attribute no longer does, and the markup keeps it.
	mustOK(t, i.SetValue("typed"))
	mustOK(t, i.SetAttribute("value", "c"))
	if got := i.Value(); got != "typed" {
		t.Fatalf("dirty input: Value() = %q, want typed", got)
	}
	if got, want := i.OuterHTML(), `<input id="i" value="c"/>`; got != want && got != `<input id="i" value="c">` {
		t.Fatalf("OuterHTML = %q", got)
	}
	if got := i.DefaultValue(); got != "c" {
		t.Fatalf("DefaultValue() = %q, want c", got)
	}
}

func TestValueFileInput(t *testing.T) {
	d := formDoc(t, `<input id="i" type="file">`)
	i := byID(t, d, "i")
	if err := i.SetValue(""); err != nil {
		t.Fatalf(`SetValue("") = %v`, err)
	}
	err := i.SetValue("C:\\x.txt")
	if !errors.Is(err, vdom.ErrInvalidState) {
		t.Fatalf("SetValue(non-empty) = %v, want ErrInvalidState", err)
	}
}

func TestValueDefaultModeSetsAttribute(t *testing.T) {
	d := formDoc(t, `<input id="i" type="checkbox">`)
	i := byID(t, d, "i")
	mustOK(t, i.SetValue("yes"))
	if got, _ := i.GetAttribute("value"); got != "yes" {
		t.Fatalf("value attribute = %q, want yes", got)
	}
}

func TestValueTypeChange(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, i *vdom.Node)
		want string
		attr string
	}{
		{"dirty value moves to attribute for hidden", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetValue("typed"))
			mustOK(t, i.SetType("hidden"))
		}, "typed", "typed"},
		{"hidden to text takes attribute", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetType("hidden"))
			mustOK(t, i.SetValue("h"))
			mustOK(t, i.SetType("text"))
		}, "h", "h"},
		{"dirty value sanitized by new type", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetValue("12x"))
			mustOK(t, i.SetType("number"))
		}, "", "a"},
		{"clean value sanitized by the new type", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetType("color"))
		}, "#000000", "a"},
		// Chromium 156, recorded: the value a type made of the attribute
		// stays when the type changes again.
		{"clean value lost to number stays lost", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetAttribute("value", "abc"))
			mustOK(t, i.SetType("number"))
			mustOK(t, i.SetType("text"))
		}, "", "abc"},
		{"value attribute change while clean shows again", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetAttribute("value", "abc"))
			mustOK(t, i.SetType("number"))
			mustOK(t, i.SetAttribute("value", "12"))
			mustOK(t, i.SetType("text"))
		}, "12", "12"},
		{"url trims and text keeps the trimmed value", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetAttribute("value", " a "))
			mustOK(t, i.SetType("url"))
			mustOK(t, i.SetType("text"))
		}, "a", " a "},
		{"file to text takes the attribute", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetType("file"))
			mustOK(t, i.SetType("text"))
		}, "a", "a"},
		{"dirty value to hidden to checkbox", func(t *testing.T, i *vdom.Node) {
			mustOK(t, i.SetValue("x"))
			mustOK(t, i.SetType("hidden"))
			mustOK(t, i.SetType("checkbox"))
		}, "x", "x"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := formDoc(t, `<input id="i" value="a">`)
			i := byID(t, d, "i")
			c.run(t, i)
			if got := i.Value(); got != c.want {
				t.Errorf("Value() = %q, want %q", got, c.want)
			}
			if got, _ := i.GetAttribute("value"); got != c.attr {
				t.Errorf("value attribute = %q, want %q", got, c.attr)
			}
		})
	}
}

func TestValueTextarea(t *testing.T) {
	d := formDoc(t, "<textarea id=\"t\">abc</textarea>")
	ta := byID(t, d, "t")
	ta.SetTextContent("def")
	if got := ta.Value(); got != "def" {
		t.Fatalf("clean textarea follows its text: %q", got)
	}
	mustOK(t, ta.SetValue("x\r\ny\rz"))
	if got := ta.Value(); got != "x\ny\nz" {
		t.Fatalf("API value = %q", got)
	}
	if got := ta.TextLength(); got != 5 {
		t.Fatalf("TextLength() = %d, want 5", got)
	}
	ta.SetDefaultValue("new")
	if got, want := ta.Value(), "x\ny\nz"; got != want {
		t.Fatalf("dirty textarea: Value() = %q, want %q", got, want)
	}
	if got := ta.DefaultValue(); got != "new" {
		t.Fatalf("DefaultValue() = %q", got)
	}
	if got := ta.InnerHTML(); got != "new" {
		t.Fatalf("InnerHTML() = %q", got)
	}
}

func TestValueTextLengthUTF16(t *testing.T) {
	d := formDoc(t, `<input id="i" value="a😀">`)
	if got := byID(t, d, "i").TextLength(); got != 3 {
		t.Fatalf("TextLength() = %d, want 3", got)
	}
}

func TestValueCloneCopiesState(t *testing.T) {
	d := formDoc(t, `<div id="d"><input id="i" value="a"><input id="c" type="checkbox"><textarea id="t">x</textarea></div>`)
	_ = byID(t, d, "i").SetValue("typed")
	byID(t, d, "c").SetChecked(true)
	byID(t, d, "c").SetIndeterminate(true)
	_ = byID(t, d, "t").SetValue("tt")
	clone := byID(t, d, "d").CloneNode(true)
	var got []string
	for n := range clone.Descendants() {
		if n.IsElement() {
			got = append(got, n.Value())
			if n.Type() == "checkbox" && (!n.Checked() || !n.Indeterminate()) {
				t.Error("clone of a checked, indeterminate checkbox lost its state")
			}
		}
	}
	if diff := cmp.Diff([]string{"typed", "on", "tt"}, got); diff != "" {
		t.Fatalf("clone values mismatch (-want +got):\n%s", diff)
	}
}

func TestValueCloneDocumentCopiesState(t *testing.T) {
	d := formDoc(t, `<input id=i value=a><input type=radio name=r id=r1 checked><input type=radio name=r id=r2>`)
	_ = byID(t, d, "i").SetValue("typed")
	byID(t, d, "r2").SetChecked(true)
	c := d.CloneDocument(true)
	if got := byID(t, c, "i").Value(); got != "typed" {
		t.Errorf("copy's Value() = %q, want typed", got)
	}
	if byID(t, c, "r1").Checked() || !byID(t, c, "r2").Checked() {
		t.Error("copy's radios lost their state")
	}
}

func TestValueType(t *testing.T) {
	cases := []struct{ markup, want string }{
		{`<input id="i">`, "text"},
		{`<input id="i" type="EMAIL">`, "email"},
		{`<input id="i" type="nope">`, "text"},
		{`<button id="i">`, "submit"},
		{`<button id="i" type="Reset">`, "reset"},
		{`<button id="i" type="button">`, "button"},
		{`<button id="i" type="x">`, "submit"},
		{`<select id="i"></select>`, "select-one"},
		{`<select id="i" multiple></select>`, "select-multiple"},
		{`<textarea id="i"></textarea>`, "textarea"},
		{`<div id="i"></div>`, ""},
	}
	for _, c := range cases {
		t.Run(c.markup, func(t *testing.T) {
			if got := byID(t, formDoc(t, c.markup), "i").Type(); got != c.want {
				t.Errorf("Type() = %q, want %q", got, c.want)
			}
		})
	}
}
