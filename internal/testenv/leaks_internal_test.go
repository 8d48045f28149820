package testenv

import (
	"errors"
	"testing"
)

// TestFindLeaksAsksAgain: a leak that goes away within leakRounds checks
// (a goroutine that is ending) is no leak; one that stays is reported
// with the last check's error.
func TestFindLeaksAsksAgain(t *testing.T) {
	leak := errors.New("found unexpected goroutines")
	for _, tc := range []struct {
		name      string
		leakyFor  int // checks that find the goroutine
		wantCalls int
		wantErr   error
	}{
		{"none", 0, 1, nil},
		{"ending", 5, 6, nil},
		{"ending at the last check", leakRounds - 1, leakRounds, nil},
		{"stays", 1 << 20, leakRounds, leak},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			err := findLeaks(func() error {
				calls++
				if calls <= tc.leakyFor {
					return leak
				}
				return nil
			})
			if err != tc.wantErr || calls != tc.wantCalls {
				t.Errorf("findLeaks = %v after %d checks, want %v after %d", err, calls, tc.wantErr, tc.wantCalls)
			}
		})
	}
}
