package query

import (
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/vdom"
	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"a", "a"},
		{"  a  ", "a"},
		{"a \t\n b", "a b"},
		{"\u00a0a\u2003b\ufeff", "a b"},
		{"a\u0085b", "a\u0085b"}, // NEL is not white space for JavaScript
		{"   ", ""},
		{"a b", "a b"},
	} {
		if diff := cmp.Diff(tc.want, normalize(tc.in)); diff != "" {
			t.Errorf("normalize(%q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

// FuzzNormalize compares normalize with its definition: the fields of the
// text, split at white space, joined with single spaces; and checks that
// isNormal agrees with it.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", " a ", "a  b", "\u3000x\u2028", "a\xffb", " "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.Join(strings.FieldsFunc(s, isSpace), " ")
		got := normalize(s)
		if got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
		if isNormal(s) != (s == want) {
			t.Fatalf("isNormal(%q) = %v, but normalize gives %q", s, isNormal(s), got)
		}
	})
}

func TestMatcherModes(t *testing.T) {
	el := vdom.ParseString(`<p>x</p>`).Body()
	for _, tc := range []struct {
		text  string
		modes []MatchMode
		in    string
		want  bool
	}{
		{"Save", nil, "Save", true},
		{"Save", nil, " Save\n", true},
		{" Save  all", []MatchMode{Exact}, "Save all", true},
		{"save", []MatchMode{Exact}, "Save", false},
		{"AVE", []MatchMode{Substring}, "Save all", true},
		{"", []MatchMode{Substring}, "anything", true},
		{"ß", []MatchMode{Substring}, "STRASSE", false}, // lower-casing, not full case folding
		{"^S.v", []MatchMode{Regexp}, "Save", true},
		{"^ave", []MatchMode{Regexp}, "Save", false},
		{"Save", []MatchMode{Exact, Exact}, "Save", true},
	} {
		m, err := newMatcher("test", tc.text, tc.modes)
		if err != nil {
			t.Fatalf("newMatcher(%q, %v): %v", tc.text, tc.modes, err)
		}
		if got := m.match(tc.in, el); got != tc.want {
			t.Errorf("%v %q matching %q = %v, want %v", tc.modes, tc.text, tc.in, got, tc.want)
		}
	}
	if _, err := newMatcher("test", "x", []MatchMode{MatchMode(9)}); err == nil {
		t.Error("an unknown mode gave no error")
	}
	if diff := cmp.Diff("MatchMode(9)", MatchMode(9).String()); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
