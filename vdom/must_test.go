package vdom_test

import "testing"

// mustOK fails the test at once when a step that sets up the case fails,
// so that a broken setup cannot pass for the behaviour under test.
func mustOK(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("setup step failed: %v", err)
	}
}
