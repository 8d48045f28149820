package perk

import (
	"errors"
	"strings"
	"testing"

	"github.com/eventperk/eventperk-go/unit"
)

func TestCheckArgs(t *testing.T) {
	for _, tc := range []struct {
		n, min, max int
		ok          bool
	}{
		{0, 0, 0, true}, {1, 1, 3, true}, {3, 1, 3, true}, {0, 1, 3, false}, {4, 1, 3, false},
	} {
		err := checkArgs("op", make([]any, tc.n), tc.min, tc.max)
		if (err == nil) != tc.ok {
			t.Errorf("CheckArgs(%d args, %d, %d) = %v, want ok %v", tc.n, tc.min, tc.max, err, tc.ok)
		}
		if err != nil && (!errors.Is(err, unit.ErrBadArguments) || !strings.HasPrefix(err.Error(), "op: ")) {
			t.Errorf("CheckArgs error %q: want ErrBadArguments naming op", err)
		}
	}
}
