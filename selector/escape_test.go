package selector_test

import (
	"testing"

	"github.com/eventperk/eventperk-go/selector"
	"github.com/google/go-cmp/cmp"
)

func TestEscapeIdent(t *testing.T) {
	// Expected values are what CSS.escape returns in browsers.
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a-b_c9", "a-b_c9"},
		{"1st-item", `\31 st-item`},
		{"a.b", `a\.b`},
		{"x:y", `x\:y`},
		{"with space", `with\ space`},
		{"-", `\-`},
		{"--", "--"},
		{"-2x", `-\32 x`},
		{"--2", "--2"},
		{"_", "_"},
		{"\x00", "\uFFFD"},
		{"a\x01b", `a\1 b`},
		{"\x7f", `\7f `},
		{"ü#ñ", `ü\#ñ`},
		{`a"b'c\d`, `a\"b\'c\\d`},
		{"a\xffb", "a\uFFFDb"},
		{"#", `\#`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, selector.EscapeIdent(tt.in)); diff != "" {
			t.Errorf("EscapeIdent(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestEscapeIdentNoAllocWhenClean(t *testing.T) {
	if allocs := testing.AllocsPerRun(100, func() { selector.EscapeIdent("plain-id_9") }); allocs != 0 {
		t.Errorf("EscapeIdent of a plain identifier: %v allocations, want 0", allocs)
	}
}
