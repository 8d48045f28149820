package suggest

import (
	"testing"

	"github.com/eventperk/eventperk-go/a11y"
	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestWord(t *testing.T) {
	known := []string{"handler", "order", "options", "listenerOptions"}
	for key, want := range map[string]string{
		"hanlder":  "handler", // transposition: one edit
		"Handler":  "handler", // case ignored
		"ordr":     "order",
		"optoins":  "options",
		"zzzzzz":   "",
		"listener": "",
	} {
		if got := Word(key, known); got != want {
			t.Errorf("Word(%q) = %q, want %q", key, got, want)
		}
	}
	if got := EditDistance("abc", "abcdefgh", 3); got != 3 {
		t.Errorf("EditDistance bounded = %d, want 3", got)
	}
	if got := EditDistance("kitten", "sitting", 10); got != 3 {
		t.Errorf("EditDistance(kitten, sitting) = %d, want 3", got)
	}
}

func TestRole(t *testing.T) {
	for role, want := range map[string]string{
		"buton": "button", "Buton": "button", "headng": "heading", "chekbox": "checkbox",
		"txtbox": "textbox", "landmark": "", "zzz": "",
	} {
		if got := Role(role); got != want {
			t.Errorf("Role(%q) = %q, want %q", role, got, want)
		}
	}
	// Only roles that exist are offered.
	for _, r := range commonRoles {
		if c, ok := a11y.CanonicalRole(r); !ok || c != r {
			t.Errorf("common role %q is not a concrete ARIA role (%q, %v)", r, c, ok)
		}
	}
}

func TestText(t *testing.T) {
	type near struct {
		Text string
		How  How
	}
	cands := []string{"Email", "I accept the terms", "Accept", "Subscribe to the weekly digest", "Total: 3 items"}
	for _, tc := range []struct {
		want string
		near near
	}{
		{"email", near{"Email", Case}},
		{"accept the terms", near{"I accept the terms", Contains}},
		{"accept", near{"Accept", Case}}, // case beats containment
		{"weekly digest", near{"Subscribe to the weekly digest", Contains}},
		{"Emial", near{"Email", Typo}},
		{"Total: 3 itmes", near{"Total: 3 items", Typo}},
		{"Password", near{"", None}},
		{"Em", near{"", None}}, // too short to be contained, too far to be a typo of anything
		{"", near{"", None}},
	} {
		text, how := Text(tc.want, cands)
		if diff := cmp.Diff(tc.near, near{text, how}); diff != "" {
			t.Errorf("Text(%q): mismatch (-want +got):\n%s", tc.want, diff)
		}
	}
	// The shortest text that contains it is the likeliest.
	if got, _ := Text("the terms", []string{"Read the terms and the privacy notice", "the terms."}); got != "the terms." {
		t.Errorf("Text picked %q, want the shortest container", got)
	}
}

func TestSelector(t *testing.T) {
	doc := vdom.ParseString(`<main id="app"><form class="signup email-form"><char-counter id="count"></char-counter>
		<input name="email" class="email"></form><p title="a b">x</p></main>`)
	for sel, want := range map[string]string{
		"#ap":                    "#app",
		"char-countr":            "char-counter",
		"form .emial":            "form .email",
		"#ap > form.sinup":       "#app > form.signup",
		"char-countr#count":      "char-counter#count",
		"#app":                   "", // matched: nothing to put right
		"#zzzzzz":                "",
		"p[title=\"a bb\"]":      "", // names inside attributes are left alone
		"input:not(.emial)":      "",
		"#ap, #nothing-like-it":  "#app, #nothing-like-it",
		"section":                "", // "section" is not near any element name of the page
		"form .email-frm .email": "",
	} {
		if got := Selector(doc, sel); got != want {
			t.Errorf("Selector(%q) = %q, want %q", sel, got, want)
		}
	}
	if got := Selector(nil, "#ap"); got != "" {
		t.Errorf("Selector(nil) = %q", got)
	}
}
