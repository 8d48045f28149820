package cssescape

import "testing"

// TestNeedsEscapeAgreesWithIdent checks the fast path: needsEscape is
// false exactly when Ident returns its input unchanged.
func TestNeedsEscapeAgreesWithIdent(t *testing.T) {
	for _, s := range []string{
		"", "a", "app", "-", "--", "-a", "-1", "1st", "a1", "_x", "a b", "a.b", "a#b",
		"é", "日本", "\x00", "a\x7f", "\xff", "a\xffb", "\n", "a-b_c9",
	} {
		if got, changed := needsEscape(s), Ident(s) != s; got != changed {
			t.Errorf("needsEscape(%q) = %v, but Ident(%q) = %q", s, got, s, Ident(s))
		}
	}
}
