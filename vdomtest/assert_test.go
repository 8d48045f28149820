package vdomtest_test

import (
	"net/url"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/eventperk/eventperk-go/vdomtest"
)

const formPage = `<form id="f">
  <input id="name" name="name" value="Ada">
  <input id="agree" type="checkbox" name="agree" value="yes" checked>
  <input id="news" type="checkbox" name="news">
  <div id="switch" role="switch" aria-checked="true">Dark mode</div>
  <select id="sizes" name="size" multiple><option selected>S</option><option>M</option><option selected>L</option></select>
  <fieldset disabled><input id="locked" name="locked" value="x"></fieldset>
  <input id="file" type="file" name="file">
  <p id="msg" class="note  warn">  Saved
     just now </p>
  <button id="go" data-state="idle">Go</button>
  <input id="email" type="email" value="not an address" required>
</form>
<p id="outside">outside</p>`

func TestAssertionsPass(t *testing.T) {
	mustPass(t, func(t testing.TB) {
		s := vdomtest.Render(t, formPage)
		el := s.Document().GetElementByID
		s.ExpectText(el("msg"), "Saved just now")
		s.ExpectTextContains(el("msg"), "just")
		s.ExpectValue(el("name"), "Ada")
		s.ExpectSelected(el("sizes"), "S", "L")
		s.ExpectChecked(el("agree"), true)
		s.ExpectChecked(el("news"), false)
		s.ExpectChecked(el("switch"), true)
		s.ExpectDisabled(el("locked"), true)
		s.ExpectDisabled(el("name"), false)
		s.ExpectRequired(el("email"), true)
		s.ExpectRequired(el("name"), false)
		s.ExpectInvalid(el("email"), true)
		s.ExpectInvalid(el("name"), false)
		s.ExpectAttribute(el("go"), "data-state", "idle")
		s.ExpectNoAttribute(el("go"), "disabled")
		s.ExpectClass(el("msg"), "warn", "note")
		s.ExpectNoClass(el("msg"), "error")
		if err := el("name").Focus(); err != nil {
			t.Fatal(err)
		}
		s.ExpectFocused(el("name"))
		if err := el("file").SetFiles([]vdom.File{{Name: "a.txt", Type: "text/plain", Content: []byte("hi")}}); err != nil {
			t.Fatal(err)
		}
		// A disabled control sends nothing; an unchecked checkbox neither.
		s.ExpectFormValues(el("f"), url.Values{"name": {"Ada"}, "agree": {"yes"}, "size": {"S", "L"}, "file": {"a.txt"}})
		s.ExpectFormValues(el("name"), url.Values{"name": {"Ada"}, "agree": {"yes"}, "size": {"S", "L"}, "file": {"a.txt"}})
		s.ExpectFormEntries(el("f"), []vdom.FormDataEntry{
			{Name: "name", Value: "Ada"},
			{Name: "agree", Value: "yes"},
			{Name: "size", Value: "S"},
			{Name: "size", Value: "L"},
			{Name: "file", File: &vdom.File{Name: "a.txt", Type: "text/plain", Content: []byte("hi")}},
		})
	})
}

func TestAssertionsFail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		assert func(s *vdomtest.Screen, el func(string) *vdom.Node)
		parts  []string
	}{
		{"ExpectText", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectText(el("msg"), "Saved") },
			[]string{"ExpectText(#msg)", "-want +got", `"Saved just now"`, `<p id="msg"`}},
		{"ExpectTextContains", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectTextContains(el("msg"), "later") },
			[]string{`"Saved just now" does not contain "later"`}},
		{"ExpectValue", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectValue(el("name"), "Grace") },
			[]string{"ExpectValue(#name)", "-want +got", `"Grace"`, `"Ada"`}},
		{"ExpectValue of a paragraph", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectValue(el("msg"), "") },
			[]string{"a p has no value"}},
		{"ExpectSelected", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectSelected(el("sizes"), "M") },
			[]string{"ExpectSelected(#sizes)", `"M"`, `"S"`}},
		{"ExpectChecked", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectChecked(el("news"), true) },
			[]string{"ExpectChecked(#news): checked is false, want true"}},
		{"ExpectChecked of a text field", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectChecked(el("name"), false) },
			[]string{"not a checkbox or radio button"}},
		{"ExpectDisabled", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectDisabled(el("locked"), false) },
			[]string{"ExpectDisabled(#locked): disabled is true, want false"}},
		{"ExpectRequired", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectRequired(el("name"), true) },
			[]string{"ExpectRequired(#name): required is false, want true"}},
		{"ExpectInvalid", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectInvalid(el("email"), false) },
			[]string{"ExpectInvalid(#email): invalid is true, want false", `<input id="email"`}},
		{"ExpectFocused", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectFocused(el("name")) },
			[]string{"ExpectFocused(#name): the focus is on body"}},
		{"ExpectAttribute missing", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectAttribute(el("go"), "aria-busy", "true") },
			[]string{`ExpectAttribute(#go, "aria-busy"): no such attribute`}},
		{"ExpectAttribute value", func(s *vdomtest.Screen, el func(string) *vdom.Node) {
			s.ExpectAttribute(el("go"), "data-state", "busy")
		},
			[]string{"-want +got", `"busy"`, `"idle"`}},
		{"ExpectNoAttribute", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectNoAttribute(el("go"), "data-state") },
			[]string{`the attribute is there, with "idle"`}},
		{"ExpectClass", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectClass(el("msg"), "note", "error") },
			[]string{`missing ["error"]`, `class="note  warn"`}},
		{"ExpectNoClass", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectNoClass(el("msg"), "warn") },
			[]string{`has ["warn"]`}},
		{"ExpectFormValues", func(s *vdomtest.Screen, el func(string) *vdom.Node) {
			s.ExpectFormValues(el("f"), url.Values{"name": {"Ada"}, "size": {"S", "L"}})
		}, []string{"ExpectFormValues(#f)", "-want +got", `"agree"`, `{"yes"}`}},
		{"ExpectFormValues outside a form", func(s *vdomtest.Screen, el func(string) *vdom.Node) {
			s.ExpectFormValues(el("outside"), nil)
		}, []string{"neither a form nor a control of one"}},
		{"ExpectFormEntries", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectFormEntries(el("f"), nil) },
			[]string{"ExpectFormEntries(#f)", `Name: "agree"`}},
		{"nil element", func(s *vdomtest.Screen, el func(string) *vdom.Node) { s.ExpectText(el("nope"), "") },
			[]string{"ExpectText: no element (nil)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustFail(t, func(t testing.TB) {
				s := vdomtest.Render(t, formPage)
				tc.assert(s, s.Document().GetElementByID)
				t.Error("the assertion went on after its failure")
			}, tc.parts...)
		})
	}
}

func TestNormalizeSpace(t *testing.T) {
	for in, want := range map[string]string{"": "", "  a \n\t b  ": "a b", "x": "x", "\u00a0a": "a"} {
		if got := vdomtest.NormalizeSpace(in); got != want {
			t.Errorf("NormalizeSpace(%q) = %q, want %q", in, got, want)
		}
	}
}
