package jsonpath

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPaths(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Key("", "units"), "units"},
		{Key("event", "events"), "event.events"},
		{Key("event.events", "btn-save"), "event.events.btn-save"},
		{Key("event.events", "with space"), `event.events["with space"]`},
		{Key("event.events", ""), `event.events[""]`},
		{Key("a", "1st"), `a["1st"]`},
		{Index("units", 2), "units[2]"},
		{Quote("a\"b\\c\n\u2028<&>"), `"a\"b\\c\n\u2028<&>"`},
		{QuoteShort("0123456789012345678901234567890123456789xyz"), `"0123456789012345678901234567890123456789"...`},
	} {
		if diff := cmp.Diff(tc.want, tc.got); diff != "" {
			t.Errorf("mismatch (-want +got):\n%s", diff)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	if got := DidYouMean("handler"); got != `did you mean "handler"?` {
		t.Errorf("DidYouMean = %q", got)
	}
	if DidYouMean("") != "" {
		t.Error(`DidYouMean("") is not empty`)
	}
}
