package vdom

import (
	"testing"

	"github.com/eventperk/eventperk-go/css"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// TestTransformCaseASCII checks that text-transform's upper and lower case
// of ASCII text without a language are Unicode's full case mappings, and
// cost no more than the one string made.
func TestTransformCaseASCII(t *testing.T) {
	all := make([]byte, 0, 128)
	for c := 0; c < 128; c++ {
		all = append(all, byte(c))
	}
	texts := []string{"", "Sign up now", "already UPPER", "i and I", string(all)}
	var want, got []string
	for _, s := range texts {
		want = append(want, cases.Upper(language.Und).String(s), cases.Lower(language.Und).String(s))
		got = append(got, transformCase(s, css.TextTransformUppercase, ""), transformCase(s, css.TextTransformLowercase, ""))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("case mismatch (-want +got):\n%s", diff)
	}
	if n := testing.AllocsPerRun(100, func() { transformCase("Sign up now", css.TextTransformUppercase, "") }); n > 1 {
		t.Errorf("upper-casing ASCII text allocated %v times, want at most 1", n)
	}
}
