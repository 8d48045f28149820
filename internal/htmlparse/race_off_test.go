//go:build !race

package htmlparse

// raceEnabled: see race_on_test.go.
const raceEnabled = false
