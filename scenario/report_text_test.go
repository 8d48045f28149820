package scenario

import "testing"

func TestCollapseRepeats(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no repeats", "a: b: c", "a: b: c"},
		{"two stay", "a: a: b", "a: a: b"},
		{"three collapse", "x (trigger): x (trigger): x (trigger): perk: boom", "x (trigger) (3 times): perk: boom"},
		{"runs apart", "a: a: a: b: a: a: a", "a (3 times): b: a (3 times)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := collapseRepeats(tt.in); got != tt.want {
				t.Errorf("collapseRepeats(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
